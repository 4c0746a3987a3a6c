"""Spoons, for three to twelve players, and Pig, its quiet house rule: pass cards round with no
turns; four of a kind grabs a spoon, everyone grabs after, and there is one spoon too few.

Cards flow one way round the table: the dealer draws from the stock, every player passes a card
to the next, and the last before the dealer discards. Nobody waits for a turn, so a slow player's
*backlog* (cards passed to them and not yet taken) piles up at their left. Taking and passing are
ordinary moves, made the moment they arrive. A grab is a claim, settled by press time: it carries
the stimulus its player saw, and every spoon taken is a new stimulus (so is a card that makes four
of a kind, for the time its holder takes to grab), so a grab is judged by what its player could
have seen:

- nothing grabbed yet when they pressed: right only with four of a kind in hand, else a *wrong
  grab* (it costs the round's letter);
- a spoon gone when they pressed: right, and it takes a spoon if one is left;
- the last spoon gone already (the round is over, or a new one dealt): *late*, and the event names
  the stimulus of the grab that took it (``data["beaten"]``), from which the table tells the loser
  by how much it was earlier.

Between rounds the table counts "3, 2, 1" and deals again (a counted move).
"""

from __future__ import annotations

import functools
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from cardarcade.cards import Card, Rank
from cardarcade.rules._calling import valid_claim_value
from cardarcade.rules._piles import full_deck
from cardarcade.rules._speedplay import SpeedFamilyGame
from cardarcade.rules.base import (
    Action,
    Event,
    GameSpec,
    Options,
    Outcome,
    State,
    choice_labels,
    construct,
    deal_round_robin,
    prepare_deck,
)

HAND = 4  # cards held between plays; a fifth is taken, then one is passed
DOUBLE_PACK_ABOVE = 6  # players; the text: a second pack for more than six
WORD = "SPOON"
FAR_DELAY = 1.0  # seconds a grab takes to land when the spoons lie far away (the screen and bots wait it)
TAKE = Action("take")
DEAL = Action("deal")

RULES = """\
# Spoons

**Goal:** never be the one left without a spoon.

- Three to six play with one pack; above six (up to twelve) two packs are shuffled together.
  There is **one spoon fewer than players**, in the middle.
- Everyone gets **four cards**; the rest is the **stock**, next to the dealer.
- **No turns.** The dealer takes the top card of the stock and passes one card, face down, to
  the next player, who takes it and passes one on, and so round the table; the last player
  before the dealer passes onto a **discard pile**. Everyone goes as fast as they can, so a slow
  player's **backlog** of cards passed to them piles up at their left.
- You never hold more than **five** cards: take one (you then hold five), pass one (back to four).
- If the stock runs out, the discard pile is turned over to become the stock and play goes on.
- With **four of a kind** you pass your fifth card on and **grab a spoon**. From that moment
  everyone may grab one. The player left without a spoon loses the round and takes a letter
  of **S-P-O-O-N**.
- With all five letters you are **out**, and a spoon goes with you: there is always one spoon
  fewer than players. The last player left **wins**.

**Pig** (a house rule): no spoons. Whoever makes four of a kind quietly puts a finger on their
nose, lays the hand down and goes on passing, blind: each card that comes is passed straight on.
Anyone who notices puts a finger on their nose too and passes blind. The **last** to notice
takes the letter (P-I-G is not used: the letters are still S-P-O-O-N's).

**Other house rules:** **spoons far away** (everyone has to get up and run: a grab lands about
a second after its key is pressed), and **letters to go out** (fewer than five: a shorter game).

**How this table plays it** (the text leaves these open, or a screen needs them):

- Two grabs for the last spoon: the earlier press takes it, and the later one is told by how
  much it was beaten ("Ann was 40 ms earlier").
- A grab before anyone has grabbed, without four of a kind, is a **wrong grab**: it costs you a
  letter and the round goes on (otherwise pressing grab all the time would cost nothing). If it
  is your last letter, the round ends there and you are out. In Pig, a finger on the nose
  without four of a kind and before anyone else's costs the same.
- After a grab you are done for the round (in Pig you go on passing blind); a grab passes your
  fifth card on, if you held one: the odd card, or the last taken.
- A grab pressed after the last spoon has gone is simply too late (no second letter).
- The discard pile becomes the stock as it lies: the last card discarded is drawn first.
- Between rounds the table counts "3, 2, 1", gathers every card, shuffles and deals again; the
  deal moves one place on.
- Cards pass to the player on your right, so your backlog comes from the player on your left:
  the seats are in passing order, each passing to the next.
- Two people at one keyboard see each other's hands (in Pig, a hand laid down shows only as
  "hand down, passing blind"): with cards passing all the time, there is no moment to hide them.
"""

_LETTER_LABELS = {n: "-".join(WORD[:n]) + (" (out at the first loss)" if n == 1 else "") for n in range(1, 6)}


class SpoonsOptions(Options):
    pig: bool = Field(
        False,
        title="Pig",
        description="No spoons: four of a kind puts a finger on the nose and passes on blind; the others follow "
        "as they notice, and the last to notice takes the letter.",
    )
    spoons_far: bool = Field(
        False,
        title="Spoons far away",
        description="Everyone has to get up and run for the spoons: a grab lands about a second after its key.",
    )
    letters: Literal[1, 2, 3, 4, 5] = Field(
        5,
        title="Letters to go out",
        json_schema_extra=choice_labels(_LETTER_LABELS),
        description="A lost round earns a letter of S-P-O-O-N; with this many letters you are out.",
    )

    @model_validator(mode="after")
    def _spoons_to_be_far(self) -> SpoonsOptions:
        if self.pig and self.spoons_far:
            raise ValueError("Pig has no spoons to put far away: choose one of the two")
        return self

    @property
    def delay(self) -> float:
        """Seconds between pressing grab and the grab landing."""
        return FAR_DELAY if self.spoons_far else 0.0


class SpoonsState(State):
    options: SpoonsOptions
    stimulus: int = 1  # the deal is the first thing seen
    packs: int
    dealer: int
    hands: list[list[Card]]  # in the order of the player's keys; a taken card goes last
    backlogs: list[list[Card]]  # cards passed to each seat, not yet taken; index 0 comes next
    stock: list[Card]  # face down, index 0 is the top
    discards: list[Card]  # face down, last is the top
    letters: list[int]
    out_order: list[int]  # seats that are out, the first out first
    grabbed: list[int]  # seats holding a spoon (Pig: a finger on the nose) this round, in order
    grab_k: list[int]  # the stimulus each of those grabs made
    round: int = 1
    round_k: int = 1  # the stimulus at which this round was dealt
    over: bool = False  # the round is decided; the next deal comes on the table's count
    loser: int | None = None  # who took the last letter
    closed_k: int = 0  # the stimulus of the grab that took the last spoon (0: a wrong grab ended the round)
    closer: int | None = None  # who took the last spoon
    moves: list[int]  # takes and passes made by each seat (bots name their plans by it)


class SpoonsView(BaseModel):
    seat: int | None
    hand: list[Card]  # the seat's own hand (a spectator's: empty)
    hand_sizes: list[int]
    backlog_sizes: list[int]
    stock_size: int
    discard_size: int
    dealer: int
    letters: list[int]
    out: list[bool]
    grabbed: list[int]
    grab_k: list[int]
    spoons: int  # spoons in play this round (one fewer than players left)
    over: bool
    loser: int | None
    round: int
    round_k: int
    stimulus: int
    moves: list[int]
    pig: bool
    delay: float
    word: str  # the letters that put a player out: "SPOON", "SP"...


def quad_rank(hand: list[Card]) -> Rank | None:
    """The rank of four of a kind in ``hand`` (four or five cards), if it holds one."""
    if len(hand) < 4:
        return None
    # four of four or five cards take in the first card or the second: count those two ranks
    # (a plain loop: this runs on every take and grab)
    first, second = hand[0].rank, hand[1].rank
    firsts = seconds = 0
    for card in hand:
        rank = card.rank
        if rank == first:
            firsts += 1
        elif rank == second:
            seconds += 1
    if firsts >= 4:
        return first
    return second if seconds >= 4 else None


@functools.cache
def pass_action(card: Card) -> Action:
    """Passing ``card``: one shared (immutable) action for each card, since random play and the
    invariant suites ask for every card's pass after every move."""
    return Action("pass", (card,))


@functools.lru_cache(maxsize=1024)
def grab_action(seen: int) -> Action:
    """A grab on seeing stimulus ``seen`` (shared, as ``pass_action``)."""
    return Action("grab", value=seen)


def spelled(letters: int) -> str:
    """'S-P' for two letters."""
    return "-".join(WORD[:letters])


class Spoons(SpeedFamilyGame):
    State = SpoonsState
    Options = SpoonsOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: SpoonsOptions, deck: list[Card] | None) -> Spoons:
        packs = 2 if players > DOUBLE_PACK_ABOVE else 1
        order = prepare_deck(full_deck(packs), seed, deck)
        hands = deal_round_robin(order[: HAND * players], players)
        # not validated: the dealt cards are the game's own pack (a load validates)
        return cls(
            construct(
                SpoonsState,
                players=players,
                seed=seed,
                options=options,
                packs=packs,
                dealer=0,
                hands=hands,
                backlogs=[[] for _ in range(players)],
                stock=order[HAND * players :],
                discards=[],
                letters=[0] * players,
                moves=[0] * players,
                out_order=[],
                grabbed=[],
                grab_k=[],
            )
        )

    # ---- queries

    def pack(self) -> list[Card]:
        return full_deck(self.s.packs)

    def active(self) -> list[int]:
        out = self.s.out_order
        return [p for p in range(self.s.players) if p not in out]

    def next_seat(self, seat: int) -> int:
        """The player ``seat`` passes to: the next one still in."""
        s = self.s
        n = s.players
        for step in range(1, n):
            p = (seat + step) % n
            if p not in s.out_order:
                return p
        return seat

    def spoons(self) -> int:
        return self.s.players - len(self.s.out_order) - 1

    def source_size(self, seat: int) -> int:
        """Cards ``seat`` can take now: the dealer's stock (and the discards to turn over), else the backlog."""
        s = self.s
        if seat == s.dealer:
            return len(s.stock) + len(s.discards)
        return len(s.backlogs[seat])

    def blind(self, seat: int) -> bool:
        """In Pig, a player with a finger on the nose passes each card on unseen."""
        return self.s.options.pig and seat in self.s.grabbed

    def is_out(self, seat: int) -> bool:
        return seat in self.s.out_order

    def left(self, seat: int) -> int:
        return self.s.options.letters - self.s.letters[seat]

    def counted_move(self) -> tuple[int, Action] | None:
        s = self.s
        # made in the name of the next dealer (the last one may have just gone out)
        return (self.next_seat(s.dealer), DEAL) if s.over and s.result is None else None

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        out, grabbed = s.out_order, s.grabbed
        if s.over:
            return [p for p in range(s.players) if p not in out]
        pig = s.options.pig  # a grab is open to all without a spoon; in Pig, the blind pass on what comes
        return [p for p in range(s.players) if p not in out and (p not in grabbed or pig and self.source_size(p))]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players or seat in s.out_order:
            return []
        if s.over:
            return [DEAL]
        hand = s.hands[seat]
        if seat in s.grabbed:
            return [TAKE] if s.options.pig and self.source_size(seat) else []
        out: list[Action] = []
        if len(hand) == HAND:
            if self.source_size(seat):
                out.append(TAKE)
        else:
            out += map(pass_action, hand)  # (two packs hold no card twice: their backs differ)
        # A grab may be pressed at any time: without four of a kind, before anyone else's, it is a
        # wrong one (it costs a letter).
        out.append(grab_action(s.stimulus))
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or action.target is not None:
            return False
        kind = action.kind
        if kind == "grab":
            if action.cards or not valid_claim_value(action.value, s.stimulus):
                return False
            late = s.over or action.value < s.round_k
            if seat in s.out_order:  # the player who just went out may still hear they were beaten
                return late and seat == s.loser
            # a spoon's holder pressing again in its round has no race to lose (only an older round's press is late)
            return seat not in s.grabbed or action.value < s.round_k
        if action.value is not None or s.over or seat in s.out_order:
            return kind == "deal" and s.over and not action.cards and action.value is None and seat not in s.out_order
        if kind == "pass":
            return (
                len(action.cards) == 1
                and seat not in s.grabbed
                and len(s.hands[seat]) > HAND
                and action.cards[0] in s.hands[seat]
            )
        if kind == "take":
            return (
                not action.cards
                and len(s.hands[seat]) == HAND
                and bool(self.source_size(seat))
                and (seat not in s.grabbed or s.options.pig)
            )
        return False

    def view(self, seat: int | None = None) -> SpoonsView:
        s = self.s
        own = seat is not None and 0 <= seat < s.players
        out = s.out_order
        return SpoonsView.model_construct(
            seat=seat,
            hand=list(s.hands[seat]) if own else [],
            hand_sizes=[len(h) for h in s.hands],
            backlog_sizes=[len(b) for b in s.backlogs],
            stock_size=len(s.stock),
            discard_size=len(s.discards),
            dealer=s.dealer,
            letters=list(s.letters),
            out=[p in out for p in range(s.players)],
            grabbed=list(s.grabbed),
            grab_k=list(s.grab_k),
            spoons=self.spoons(),
            over=s.over,
            loser=s.loser,
            round=s.round,
            round_k=s.round_k,
            stimulus=s.stimulus,
            moves=list(s.moves),
            pig=s.options.pig,
            delay=s.options.delay,
            word=WORD[: s.options.letters],
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for zone in (s.hands, s.backlogs) for cards in zone for c in cards] + s.stock + s.discards

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "take":
            return self._take(seat)
        if kind == "pass":
            return self._pass(seat, action.cards[0])
        if kind == "grab":
            return self._grab(seat, action.value)  # type: ignore[arg-type]  # is_legal checked the value
        return deal_round(self)

    def _send(self, seat: int, card: Card) -> None:
        """``seat`` passes ``card`` face down to the next player, or the last before the dealer discards it."""
        s = self.s
        to = self.next_seat(seat)
        if to == s.dealer:
            s.discards.append(card)
        else:
            s.backlogs[to].append(card)
        s.moves[seat] += 1

    def _take(self, seat: int) -> list[Event]:
        s = self.s
        events: list[Event] = []
        if seat == s.dealer:
            if not s.stock:
                s.discards.reverse()  # turned over: the last discarded is now on top
                s.stock, s.discards = s.discards, []
                count = len(s.stock)
                events.append(
                    Event(
                        "restock",
                        seat,
                        f"The discard pile is turned over as the stock ({count} card{'s' if count > 1 else ''})",
                        data={"count": count},
                    )
                )
            card = s.stock.pop(0)
        else:
            card = s.backlogs[seat].pop(0)
        if self.blind(seat):  # straight on, unseen
            self._send(seat, card)
        else:
            hand = s.hands[seat]
            before = quad_rank(hand)
            hand.append(card)
            s.moves[seat] += 1
            if before is None and quad_rank(hand) is not None:
                s.stimulus += 1  # something to react to (for this player): a grab's time counts from here
        events.append(Event("take", seat))
        return events

    def _pass(self, seat: int, card: Card) -> list[Event]:
        self.s.hands[seat].remove(card)
        self._send(seat, card)
        return [Event("pass", seat)]

    def _grab(self, seat: int, seen: int) -> list[Event]:
        s = self.s
        pig = s.options.pig
        if s.over or seen < s.round_k:
            by = s.closer if s.closer != seat else None
            text = (
                "{seat} [touches|touch] the nose too late" if pig else "{seat} [reaches|reach] for a spoon too late"
            ) + (": {target} [target:was|were] first" if by is not None else ": the round is over")
            return [Event("grab_late", seat, text, target=by, data={"beaten": s.closed_k}, outcome=Outcome.LATE)]
        hand = s.hands[seat]
        seen_grab = bool(s.grab_k) and s.grab_k[0] <= seen
        quad = quad_rank(hand)
        if not seen_grab and quad is None:
            what = "[puts|put] a finger on the nose" if pig else "[grabs|grab] a spoon"
            wrong = f"{{seat}} {what} without four of a kind"
            if s.letters[seat] + 1 >= s.options.letters:  # the last letter: out, and the round is over
                return [
                    Event("wrong_grab", seat, wrong, data={"penalty": True}, outcome=Outcome.FAULT),
                    *end_round(self, seat, "[takes|take] the last letter for it", closer=None),
                ]
            s.letters[seat] += 1
            return [
                Event(
                    "wrong_grab",
                    seat,
                    f"{wrong}: {spelled(s.letters[seat])}",
                    data={"penalty": True},
                    outcome=Outcome.FAULT,
                )
            ]
        if len(hand) > HAND:  # the fifth card goes on: the odd one out, or the last taken
            odd = next(c for c in hand if c.rank != quad) if quad is not None else hand[-1]
            hand.remove(odd)
            self._send(seat, odd)
        s.grabbed.append(seat)
        s.stimulus += 1
        s.grab_k.append(s.stimulus)
        first = len(s.grabbed) == 1
        if pig:
            text = ""  # quiet: the others have to notice the finger on the nose
        elif first and quad is not None:
            text = f"{{seat}} [has|have] four {quad.plural} and [grabs|grab] a spoon!"
        else:
            text = "{seat} [grabs|grab] a spoon"
        events = [Event("grab_win", seat, text, data={"k": s.stimulus, "first": first}, outcome=Outcome.WON)]
        if len(s.grabbed) == self.spoons():
            loser = next(p for p in self.active() if p not in s.grabbed)
            why = "[is|are] the last to notice" if pig else "[is|are] left without a spoon"
            events += end_round(self, loser, why, closer=seat)
        return events

    # ---- loading

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        self.check_seats(s.dealer, s.loser, s.closer, *s.out_order, *s.grabbed)
        if any(len(zone) != n for zone in (s.hands, s.backlogs, s.letters, s.moves)):
            raise ValueError("zones do not match the number of players")
        if s.packs != (2 if n > DOUBLE_PACK_ABOVE else 1):
            raise ValueError("the wrong number of packs")
        if len(set(s.out_order)) != len(s.out_order) or len(s.out_order) >= n:
            raise ValueError("bad list of players out")
        if any(not 0 <= k <= s.options.letters for k in s.letters) or any(
            (p in s.out_order) != (s.letters[p] >= s.options.letters) for p in range(n)
        ):
            raise ValueError("the letters do not match who is out")
        if any(m < 0 for m in s.moves) or s.round < 1 or not 1 <= s.round_k <= s.stimulus:
            raise ValueError("bad counters")
        if s.result is not None:
            return
        if n - len(s.out_order) < 2:
            raise ValueError("one player is left in, yet the game has no result")
        if s.dealer in s.out_order and not s.over:  # (the dealer may go out in the round just decided)
            raise ValueError("the dealer is out")
        grabbed, ks = s.grabbed, s.grab_k
        if (
            len(set(grabbed)) != len(grabbed)
            or len(ks) != len(grabbed)
            or any(p in s.out_order for p in grabbed)
            or len(grabbed) > self.spoons()
            or ks != sorted(set(ks))
            or any(not s.round_k < k <= s.stimulus for k in ks)
        ):
            raise ValueError("the spoons taken do not fit the round")
        if not s.over and (len(grabbed) == self.spoons() or s.round > 1 and s.loser is None):
            raise ValueError("the round's state does not fit its spoons")
        if s.over and s.loser is None:
            raise ValueError("a round is over without a loser")
        if not s.over:
            for p in range(n):
                size = len(s.hands[p])
                if p in s.out_order:
                    if size or s.backlogs[p]:
                        raise ValueError("a player who is out holds cards")
                elif size not in (HAND, HAND + 1) or p in grabbed and size != HAND:
                    raise ValueError("a hand holds the wrong number of cards")
            if s.backlogs[s.dealer]:
                raise ValueError("the dealer draws from the stock, not a backlog")
        if not 0 <= s.closed_k <= s.stimulus:
            raise ValueError("bad stimulus counters")


# ---- a round: ended by its last spoon or a last letter, and dealt anew on the table's count
#
# Apart from the engine's moves: they run once a round, and the letters, who is out and the
# game's end read as one account of how a round ends.


def end_round(game: Spoons, loser: int, why: str, closer: int | None) -> list[Event]:
    """``loser`` takes a letter; ``closer`` took the last spoon (None: a wrong grab ended the round).
    A loser who has spelt the word is out, and the last player in wins."""
    s = game.s
    s.letters[loser] += 1
    s.over = True
    s.loser, s.closer = loser, closer
    s.closed_k = s.stimulus if closer is not None else 0
    events = [
        Event("round_over", loser, f"{{seat}} {why}: {spelled(s.letters[loser])}", data={"letters": s.letters[loser]})
    ]
    if s.letters[loser] < s.options.letters:
        return events
    s.out_order.append(loser)  # (their cards are gathered at the next deal)
    left = game.active()
    if len(left) > 1:
        thing = "a nose" if s.options.pig else "a spoon"
        events.append(
            Event(
                "out",
                loser,
                f"{{seat}} [has|have] spelled {spelled(s.letters[loser])} and [is|are] out; {thing} fewer from now on",
            )
        )
        return events
    events.append(Event("out", loser, "{seat} [is|are] out"))
    events.append(
        game.finish(
            left,
            "{seat} [is|are] the last player in and [wins|win]",
            scores=[float(n) for n in s.letters],
            ranking=[left[0], *reversed(s.out_order)],
            score_name="letters",
            low_wins=True,
        )
    )
    return events


def deal_round(game: Spoons) -> list[Event]:
    """The next round: every card gathered and shuffled, the deal one place on, four cards to
    each player still in."""
    s = game.s
    pack = game.cards()
    game.mix(pack)  # gathered and shuffled
    active = game.active()
    n = len(active)
    s.dealer = game.next_seat(s.dealer)  # the deal moves one place on
    # the first card to the player after the dealer, as a dealer deals round the table
    order = active[active.index(s.dealer) + 1 :] + active[: active.index(s.dealer) + 1]
    hands: list[list[Card]] = [[] for _ in range(s.players)]
    for i, seat in enumerate(order):  # one at a time round the table: every n-th card
        hands[seat] = pack[i : HAND * n : n]
    s.hands = hands
    s.backlogs = [[] for _ in range(s.players)]
    s.stock, s.discards = pack[HAND * n :], []
    s.grabbed, s.grab_k = [], []
    s.over = False
    s.round += 1
    s.stimulus += 1
    s.round_k = s.stimulus
    spoons = n - 1
    what = "watch the noses" if s.options.pig else f"{spoons} spoon{'s' if spoons > 1 else ''}"
    return [
        Event(
            "deal",
            s.dealer,
            f"Round {s.round}: {{seat}} [deals|deal] to {n} players; {what}",
            data={"k": s.stimulus},
        )
    ]


SPEC = GameSpec.listed("spoons", rules=RULES, game=Spoons, claim_kinds=frozenset({"grab"}))
Spoons.spec = SPEC
