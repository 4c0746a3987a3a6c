"""Salute the King, for three or more players: turn cards in rhythm and answer every trigger
card with the right gesture; the last to do so takes the pile. First to run out of cards wins.

A trigger card opens a *round*. Each player answers with one gesture (a claim: ``gesture1`` to
``gesture4``, one per key). A right gesture is recorded in order; a wrong one counts as not
acting and is final for that round (so pressing every key in turn gains nothing). The round
closes as soon as the loser is certain: when all but one player have answered rightly (the
remaining one is the last), or when nobody who could still answer is left. Otherwise the next
card turned closes it: the engine has no clock, so the next flip is the time-out.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from cardarcade.cards import Card, Rank
from cardarcade.rules._calling import valid_claim_value
from cardarcade.rules._piles import full_deck, stimulus_index
from cardarcade.rules.base import (
    Action,
    Event,
    Game,
    GameSpec,
    Options,
    Outcome,
    State,
    choice_labels,
    deal_round_robin,
    prepare_deck,
)

FLIP = Action("flip")
SLOTS = (1, 2, 3, 4)  # the four gesture keys
GESTURE_KINDS = tuple(f"gesture{slot}" for slot in SLOTS)
DOUBLE_PACK_ABOVE = 8  # players; the text: two packs for more than eight
PRIMES = frozenset({2, 3, 5, 7})
CARDS_LEFT: dict[str, Any] = {"score_name": "cards left", "low_wins": True}  # the race is won by holding none

# id -> (short name for keys and tables, third-person phrase for the log, infinitive)
GESTURES: dict[str, tuple[str, str, str]] = {
    "stand": ("stand up", "stands up", "stand up"),
    "salute": ("salute", "salutes", "salute"),
    "heart": ("hand on heart", "bows with a hand on the heart", "bow with a hand on the heart"),
    "applaud": ("applaud", "applauds", "applaud"),
    "wave": ("wave", "waves", "wave"),
    "thumbs": ("thumbs up", "gives a thumbs-up", "give a thumbs-up"),
    "knock": ("knock", "knocks on the table", "knock on the table"),
    "point": ("point up", "points at the sky", "point at the sky"),
}
GestureId = Literal["stand", "salute", "heart", "applaud", "wave", "thumbs", "knock", "point"]
RankLabel = Literal["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "none"]
RANK_LABELS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
_RANK_OF_LABEL = {r.label: r for r in Rank if r is not Rank.JOKER}

RULES = """\
# Salute the King

**Goal:** be the first player with no cards left.

- Three or more play. One pack is shared out as evenly as it goes (with more than eight
  players, two packs). Nobody looks at their cards: each keeps a face-down stack.
- The dealer's left neighbour starts; going clockwise, each player in turn turns the top card
  of their stack face up onto a common pile in the middle. Keep a quick rhythm.
- Some cards are **triggers**. When one lands, every player must make its gesture:
  **ace** — stand up, **king** — salute, **queen** — hand on heart (and a bow),
  **jack** — applaud.
- The **last** player to make the right gesture picks up the whole middle pile and puts it
  under their stack. The wrong gesture does not count: saluting a jack is as good as doing
  nothing.
- Whoever runs out of cards first wins.

**House rules** (on the setup screen): other gestures for the four keys, other trigger cards,
a pip-total trigger (the number cards on the pile add up to a target), a prime trigger
(a 2, 3, 5 or 7 is turned), and a dealer who picks the four trigger cards before play.

**House clarifications** (the text leaves these open):

- A game is one hand; the dealer is the player to the right of the first player.
- When the dealer picks the triggers, they pick the card for each of the four gestures set on
  the setup screen; the gestures themselves are not chosen again at the table (on screen a
  gesture is only a key, so new ones would merely rename the keys).
- Each player answers a trigger with one gesture. A wrong gesture is final for that card:
  you count as not having acted.
- The round closes as soon as the loser is certain: when all but one player have made the
  right gesture, the remaining player is the last and takes the pile. Otherwise the next
  card turned closes the round: the player whose turn it is makes their own gesture first,
  then decides how long to wait before turning (bots give everyone about two seconds). If several players never made the right gesture, they
  were equally slow: a lot picks which of them takes the pile. The same happens at once when
  everyone has answered and two or more got it wrong.
- Gesturing when no trigger is showing does nothing (it only looks silly).
- A card is one trigger at most. Trigger cards come first, then the pip total, then primes.
  The pip total counts number cards (2 to 10) on the pile; it starts again with each new pile.
- If your last card is a trigger you still have to make the gesture: the last to do so takes
  the pile. You win once you have no cards and no open trigger can give you any.
- **Card limit:** so a game always ends, after that many cards have been turned the player
  with the fewest cards wins; equal holdings share the win.
"""

_SLOT_LABELS = {slot: f"gesture {slot}" for slot in SLOTS}
_HOTSEAT_KEYS = {1: "z / m", 2: "x / ,", 3: "c / .", 4: "v / /"}
_GESTURE_LABELS = {g: entry[0] for g, entry in GESTURES.items()}
_RANK_CHOICE_LABELS = {**{label: label for label in RANK_LABELS}, "none": "no card"}


def _gesture_field(default: GestureId, slot: int) -> GestureId:
    return Field(
        default,
        title=f"Gesture {slot}",
        json_schema_extra=choice_labels(_GESTURE_LABELS),
        description=f"What key {slot} does (hot-seat: {_HOTSEAT_KEYS[slot]}).",
    )


def _card_field(default: RankLabel, slot: int) -> RankLabel:
    return Field(
        default,
        title=f"Card for gesture {slot}",
        json_schema_extra=choice_labels(_RANK_CHOICE_LABELS),
        description=f"The rank that calls for gesture {slot}, or no card.",
    )


class SaluteOptions(Options):
    gesture1: GestureId = _gesture_field("stand", 1)
    gesture2: GestureId = _gesture_field("salute", 2)
    gesture3: GestureId = _gesture_field("heart", 3)
    gesture4: GestureId = _gesture_field("applaud", 4)
    card1: RankLabel = _card_field("A", 1)
    card2: RankLabel = _card_field("K", 2)
    card3: RankLabel = _card_field("Q", 3)
    card4: RankLabel = _card_field("J", 4)
    pip_target: Literal[0, 10, 15, 21, 25, 31, 40] = Field(
        0,
        title="Pip-total trigger",
        description="A trigger when the number cards on the pile add up to this total or more.",
        json_schema_extra=choice_labels({0: "off", **{t: f"total {t}" for t in (10, 15, 21, 25, 31, 40)}}),
    )
    pip_gesture: Literal[1, 2, 3, 4] = Field(
        4,
        title="Gesture for the pip total",
        description="Which gesture the pip-total trigger calls for.",
        json_schema_extra=choice_labels(_SLOT_LABELS),
    )
    prime_gesture: Literal[0, 1, 2, 3, 4] = Field(
        0,
        title="Prime trigger",
        description="A 2, 3, 5 or 7 calls for this gesture.",
        json_schema_extra=choice_labels({0: "off", **_SLOT_LABELS}),
    )
    dealer_chooses: bool = Field(
        False,
        title="Dealer picks the triggers",
        description="Before play the dealer picks the card for each of the four gestures.",
    )
    decks: Literal[0, 1, 2] = Field(
        0,
        title="Packs",
        description="How many packs to shuffle together.",
        json_schema_extra=choice_labels(
            {0: "two above eight players", 1: "one pack (52 cards)", 2: "two packs (104 cards)"}
        ),
    )
    max_flips: int = Field(
        1000,
        ge=30,
        le=1_000_000,
        title="Card limit",
        description="After this many cards have been turned, the player with the fewest cards wins.",
    )

    @model_validator(mode="after")
    def _distinct(self) -> SaluteOptions:
        gestures = self.gestures()
        if len(set(gestures)) != len(gestures):
            raise ValueError("the four gestures must all differ")
        ranks = [c for c in self.cards() if c != "none"]
        if len(set(ranks)) != len(ranks):
            raise ValueError("a card can call for only one gesture")
        if not ranks and not self.pip_target and not self.prime_gesture and not self.dealer_chooses:
            raise ValueError("choose at least one trigger")
        return self

    def gestures(self) -> list[str]:
        return [self.gesture1, self.gesture2, self.gesture3, self.gesture4]

    def cards(self) -> list[str]:
        return [self.card1, self.card2, self.card3, self.card4]


class RoundInfo(BaseModel):
    """A trigger and how it went (the view keeps the last closed one for the screen and bots)."""

    k: int  # the trigger card's stimulus
    slot: int  # the gesture it calls for
    cue: str  # what triggered it: "K", "pips", "prime"
    done: list[int] = []  # right gestures, in order
    failed: list[int] = []  # wrong gestures (final)
    collector: int | None = None
    taken: int = 0  # cards picked up


class SaluteState(State):
    options: SaluteOptions
    decks: int
    stacks: list[list[Card]]  # face down, index 0 is the top
    pile: list[Card]  # last = top
    pile_by: list[int]
    pile_first: int = 1  # stimulus of the pile's first card
    turn: int = 0
    triggers: list[str | None]  # rank label per gesture slot (index 0 = gesture 1)
    choosing: bool = False  # the dealer is picking triggers
    open: RoundInfo | None = None
    last: RoundInfo | None = None


class TriggerRow(BaseModel):
    cue: str  # "A", "pips 21", "prime"
    slot: int


class SaluteView(BaseModel):
    seat: int | None
    counts: list[int]
    pile_size: int
    recent: list[Card]  # the last few cards turned, oldest first
    top_by: int | None
    turn: int
    dealer: int
    choosing: bool
    choices: list[str]  # ranks the dealer may still pick
    gestures: list[str]  # gesture id per slot
    triggers: list[TriggerRow]
    pip_total: int
    pip_target: int
    stimulus: int
    open: RoundInfo | None
    last: RoundInfo | None
    alternatives: int  # how many responses a player must choose between (for bots' timing)


def snapshot(rnd: RoundInfo | None) -> RoundInfo | None:
    """A copy of a round for a view (its seat lists keep changing in the state)."""
    if rnd is None:
        return None
    return rnd.model_copy(update={"done": list(rnd.done), "failed": list(rnd.failed)})


def is_number(card: Card) -> bool:
    return Rank.TWO <= card.rank <= Rank.TEN


def packs_for(players: int, option: int) -> int:
    if option:
        return option
    return 2 if players > DOUBLE_PACK_ABOVE else 1


def gesture_name(gesture: str) -> str:
    return GESTURES[gesture][0]


class SaluteTheKing(Game[SaluteState]):
    State = SaluteState
    Options = SaluteOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: SaluteOptions, deck: list[Card] | None) -> SaluteTheKing:
        decks = packs_for(players, options.decks)
        order = prepare_deck(full_deck(decks), seed, deck)
        chooses = options.dealer_chooses
        state = SaluteState(
            players=players,
            seed=seed,
            options=options,
            decks=decks,
            stacks=deal_round_robin(order, players),
            pile=[],
            pile_by=[],
            choosing=chooses,
            triggers=[None] * 4 if chooses else [None if c == "none" else c for c in options.cards()],
        )
        return cls(state)

    # ---- queries

    @property
    def dealer(self) -> int:
        return self.s.players - 1  # seat 0 is the dealer's left

    def choices(self) -> list[str]:
        taken = set(self.s.triggers)
        return [label for label in RANK_LABELS if label not in taken]

    def pip_total(self) -> int:
        return sum(int(c.rank) for c in self.s.pile if is_number(c))

    def trigger_of(self, card: Card) -> tuple[int, str] | None:
        """(gesture slot, cue) the card calls for once on the pile, or None."""
        s = self.s
        label = card.rank.label
        for i, rank in enumerate(s.triggers):
            if rank == label:
                return i + 1, label
        opts = s.options
        if opts.pip_target and is_number(card) and self.pip_total() >= opts.pip_target:
            return opts.pip_gesture, "pips"
        if opts.prime_gesture and is_number(card) and int(card.rank) in PRIMES:
            return opts.prime_gesture, "prime"
        return None

    def trigger_rows(self) -> list[TriggerRow]:
        s, opts = self.s, self.s.options
        rows = [TriggerRow(cue=rank, slot=i + 1) for i, rank in enumerate(s.triggers) if rank is not None]
        if opts.pip_target:
            rows.append(TriggerRow(cue=f"pips {opts.pip_target}", slot=opts.pip_gesture))
        if opts.prime_gesture:
            rows.append(TriggerRow(cue="prime", slot=opts.prime_gesture))
        return rows

    def alternatives(self, rows: list[TriggerRow]) -> int:
        """Responses to choose between on each card (``rows``: the trigger rows), plus the mental
        arithmetic the house rules ask."""
        opts = self.s.options
        count = len({r.slot for r in rows}) if rows else 1
        if opts.pip_target:
            count += 3  # keeping a running total
        if opts.prime_gesture:
            count += 1
        return count

    def may_flip(self, seat: int) -> bool:
        """The player to turn may, once they have answered any open trigger themselves."""
        s = self.s
        rnd = s.open
        return seat == s.turn and (rnd is None or seat in rnd.done or seat in rnd.failed)

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if s.choosing:
            return [self.dealer]
        if s.stimulus == 0:
            return [s.turn]
        return list(range(s.players))

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if s.choosing:
            return [Action("choose", value=label) for label in self.choices()] if seat == self.dealer else []
        out = [FLIP] if self.may_flip(seat) else []
        if s.stimulus >= 1:
            out += [Action(kind, value=s.stimulus) for kind in GESTURE_KINDS]
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players or action.cards or action.target is not None:
            return False
        kind, value = action.kind, action.value
        if s.choosing:
            return kind == "choose" and seat == self.dealer and value in self.choices()
        if kind == "flip":
            return value is None and self.may_flip(seat)
        if kind in GESTURE_KINDS:
            return valid_claim_value(value, s.stimulus)
        return False

    def view(self, seat: int | None = None) -> SaluteView:
        s = self.s
        shown = min(4, len(s.pile))
        rows = self.trigger_rows()
        return SaluteView(
            seat=seat,
            counts=[len(st) for st in s.stacks],
            pile_size=len(s.pile),
            recent=s.pile[len(s.pile) - shown :],
            top_by=s.pile_by[-1] if s.pile else None,
            turn=s.turn,
            dealer=self.dealer,
            choosing=s.choosing,
            choices=self.choices() if s.choosing else [],
            gestures=s.options.gestures(),
            triggers=rows,
            pip_total=self.pip_total(),
            pip_target=s.options.pip_target,
            stimulus=s.stimulus,
            open=snapshot(s.open),
            last=snapshot(s.last),
            alternatives=self.alternatives(rows),
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for st in s.stacks for c in st] + list(s.pile)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "choose":
            return self._choose(seat, str(action.value))
        if action.kind == "flip":
            return self._flip(seat)
        return self._gesture(seat, GESTURE_KINDS.index(action.kind) + 1, action.value)  # type: ignore[arg-type]  # is_legal checked the value

    def _phrase(self, slot: int) -> str:
        """The gesture in both persons, for a sentence about whoever makes it."""
        _, third, second = GESTURES[self.s.options.gestures()[slot - 1]]
        return f"[{third}|{second}]"

    def _choose(self, seat: int, label: str) -> list[Event]:
        s = self.s
        slot = s.triggers.index(None)
        s.triggers[slot] = label
        name = gesture_name(s.options.gestures()[slot])
        rank = _RANK_OF_LABEL[label]
        events = [
            Event(
                "choose",
                seat,
                f"{{seat}} [picks|pick] the {rank.noun} for “{name}”",
                data={"slot": slot + 1, "rank": label},
            )
        ]
        if None not in s.triggers:
            s.choosing = False
            events.append(Event("triggers_set", seat, "{seat} [has|have] set the triggers: let's play"))
        return events

    def _flip(self, seat: int) -> list[Event]:
        s = self.s
        events: list[Event] = []
        if s.open is not None:
            events += self._close_by_flip()
            if self._end_if_decided(events):
                return events
        card = s.stacks[seat].pop(0)
        s.pile.append(card)
        s.pile_by.append(seat)
        k = s.stimulus = s.stimulus + 1
        trigger = self.trigger_of(card)
        events.append(
            Event(
                "flip", seat, f"{{seat}} [turns|turn] up {card}", (card,), data={"k": k, "trigger": trigger is not None}
            )
        )
        if trigger is not None:
            s.open = RoundInfo(k=k, slot=trigger[0], cue=trigger[1])
        if not s.stacks[seat]:
            events.append(Event("last_card", seat, "{seat} [has|have] turned the last card"))
        s.turn = (seat + 1) % s.players
        self._end_if_decided(events)
        return events

    def _gesture(self, seat: int, slot: int, k: int) -> list[Event]:
        s = self.s
        rnd = s.open
        phrase = self._phrase(slot)
        data = {"k": k, "slot": slot}
        if rnd is None or rnd.k != k:
            last = s.last
            if last is not None and last.k == k:
                text = f"{{seat}} {phrase} too late: the pile is gone" if seat != last.collector else ""
                return [Event("late_gesture", seat, text, data=data, outcome=Outcome.LATE)]
            card = self._card_at(k)
            where = f": the {card} calls for nothing" if card is not None else ""
            return [Event("false_gesture", seat, f"{{seat}} {phrase}{where}", data=data, outcome=Outcome.FAULT)]
        if seat in rnd.done or seat in rnd.failed:
            return [Event("false_repeat", seat, "", data=data, outcome=Outcome.FAULT)]
        card = s.pile[-1]
        if slot != rnd.slot:
            rnd.failed.append(seat)
            events = [
                Event(
                    "wrong_gesture",
                    seat,
                    f"{{seat}} {phrase}: wrong for the {card}",
                    (card,),
                    data=data,
                    outcome=Outcome.FAULT,
                )
            ]
        else:
            rnd.done.append(seat)
            events = [
                Event(
                    "gesture_ok",
                    seat,
                    f"{{seat}} {phrase}",
                    (card,),
                    data={**data, "order": len(rnd.done)},
                    outcome=Outcome.OK,
                )
            ]
        self._close_if_certain(events)
        return events

    def _card_at(self, k: int) -> Card | None:
        idx = stimulus_index(k, self.s.pile_first)
        return None if idx is None else self.s.pile[idx]

    def _close_if_certain(self, events: list[Event]) -> None:
        s = self.s
        rnd = s.open
        assert rnd is not None
        n = s.players
        if len(rnd.done) == n - 1:
            last = next(p for p in range(n) if p not in rnd.done)
            how = "{seat} [is|are] the last to " + GESTURES[s.options.gestures()[rnd.slot - 1]][2] + " and [takes|take]"
            self._collect(last, how, events)
        elif len(rnd.done) + len(rnd.failed) == n:
            self._collect_by_lot(rnd.failed, events)
        else:
            return
        self._end_if_decided(events)

    def _close_by_flip(self) -> list[Event]:
        """The next card closes an open trigger. Two or more have not made the right gesture
        (with only one left the round would have closed already): equally slow, so by lot."""
        s = self.s
        rnd = s.open
        assert rnd is not None
        events: list[Event] = []
        self._collect_by_lot([p for p in range(s.players) if p not in rnd.done], events)
        return events

    def _collect_by_lot(self, seats: list[int], events: list[Event]) -> None:
        loser = sorted(seats)[self.rng().randrange(len(seats))]
        self._collect(loser, "{seat} [takes|take]", events, f" by lot: {len(seats)} players missed it")

    def _collect(self, seat: int, how: str, events: list[Event], why: str = "") -> None:
        s = self.s
        rnd = s.open
        assert rnd is not None
        count = len(s.pile)
        s.stacks[seat].extend(s.pile)
        s.pile.clear()
        s.pile_by.clear()
        s.pile_first = s.stimulus + 1
        rnd.collector, rnd.taken = seat, count
        s.last, s.open = rnd, None
        events.append(
            Event(
                "collect",
                seat,
                f"{how} {count} card{'s' if count != 1 else ''}{why}",
                data={"count": count, "k": rnd.k},
            )
        )

    def _end_if_decided(self, events: list[Event]) -> bool:
        """End the game when someone is out of cards with no open trigger, or at the card limit."""
        s = self.s
        if s.open is not None or s.result is not None:
            return s.result is not None
        held = [len(st) for st in s.stacks]
        out = [p for p in range(s.players) if held[p] == 0]
        if out:
            winner = out[0]
            ranking = sorted(range(s.players), key=lambda p: (held[p], p))
            events.append(
                self.finish(
                    [winner],
                    "{seat} [runs|run] out of cards first and [wins|win]",
                    scores=[float(h) for h in held],
                    ranking=ranking,
                    **CARDS_LEFT,
                )
            )
            return True
        if s.stimulus >= s.options.max_flips:
            fewest = min(held)
            winners = [p for p in range(s.players) if held[p] == fewest]
            ranking = sorted(range(s.players), key=lambda p: (held[p], p))
            why = f"Game over: the {s.options.max_flips}-card limit was reached; "
            text = why + ("{seat} [holds|hold] the fewest cards" if len(winners) == 1 else "a shared win")
            events.append(self.finish(winners, text, scores=[float(h) for h in held], ranking=ranking, **CARDS_LEFT))
            return True
        return False

    def pack(self) -> list[Card]:
        return full_deck(self.s.decks)

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.stacks) != n or len(s.pile) != len(s.pile_by) or len(s.triggers) != 4:
            raise ValueError("zones do not match the players")
        if not 0 <= s.turn < n or any(not 0 <= p < n for p in s.pile_by):
            raise ValueError("a seat number is out of range")
        if s.decks != packs_for(n, s.options.decks):
            raise ValueError("the number of packs does not fit the players")
        if s.stimulus < 0 or len(s.pile) != s.stimulus + 1 - s.pile_first:
            raise ValueError("the pile does not match the number of cards turned")
        filled = [t for t in s.triggers if t is not None]
        if any(t not in RANK_LABELS for t in filled) or len(set(filled)) != len(filled):
            raise ValueError("bad triggers")
        if s.choosing != (None in s.triggers and s.options.dealer_chooses) or (s.choosing and s.stimulus):
            raise ValueError("the dealer's choice does not fit the state")
        if not s.options.dealer_chooses and s.triggers != [None if c == "none" else c for c in s.options.cards()]:
            raise ValueError("the triggers do not match the house rules")
        for rnd in (s.open, s.last):
            if rnd is None:
                continue
            seats = rnd.done + rnd.failed
            if (
                rnd.slot not in SLOTS
                or len(set(seats)) != len(seats)
                or any(not 0 <= p < n for p in seats)
                or not 1 <= rnd.k <= s.stimulus
                or (rnd.collector is not None and not 0 <= rnd.collector < n)
            ):
                raise ValueError("a trigger round is inconsistent")
        if s.open is not None and (s.open.k != s.stimulus or not s.pile or s.open.collector is not None):
            raise ValueError("the open trigger is not the top card")
        if s.result is None and s.open is None and any(not st for st in s.stacks):
            raise ValueError("a player without cards should have won")


SPEC = GameSpec.listed("salute-the-king", rules=RULES, game=SaluteTheKing, claim_kinds=frozenset(GESTURE_KINDS))
SaluteTheKing.spec = SPEC
