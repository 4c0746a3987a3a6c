"""Animals (Menagerie), for three to six players: call the other player's animal when your up cards match."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import Card
from cardarcade.rules._calling import (
    CallingGame,
    CallingState,
    card_limit,
    count_cards,
    judge,
    next_seat,
    settle,
    standings,
    valid_claim_value,
)
from cardarcade.rules.base import Action, Event, GameSpec, Options, Outcome, choice_labels

FLIP = Action("flip")

# The animals a player may choose, with the call that names them.
ANIMALS: dict[str, str] = {
    "dog": "Woof!",
    "cat": "Miaow!",
    "cow": "Moo!",
    "lion": "Roar!",
    "duck": "Quack!",
    "sheep": "Baa!",
    "pig": "Oink!",
    "horse": "Neigh!",
    "owl": "Hoo-hoo!",
    "frog": "Ribbit!",
    "donkey": "Hee-haw!",
    "bee": "Buzz!",
}
ANIMAL_NAMES: tuple[str, ...] = tuple(ANIMALS)

RULES = """\
# Animals (Menagerie)

**Goal:** win every card by calling out the right animal first.

- **Choose your animal:** before play, each player picks an animal (dog, cat, cow, ...) that no
  one else has, and its call (*Woof!*, *Miaow!*, *Moo!*). Everyone learns everyone's call.
- The whole pack is dealt one card at a time from the dealer's left; some players may get one
  card more. Each player keeps a face-down **pack** and never looks at it.
- Starting left of the dealer and going round, each player turns the top card of their pack
  face up onto their own **up pile**.
- **Match:** when your up card is the same rank as another player's up card, race that player:
  the first of you two to make the *other's* animal call wins the other's whole up pile and
  puts it face up underneath their own up pile.
- **Wrong call:** a call when your up card does not match the called player's up card (a wrong
  animal, or no match at all) costs you a card: the top card of your up pile (or of your pack
  if you have no up pile) goes to the player you called, under their up pile.
- **Who leads:** after a call, the player who lost it (whose pile was won, or who paid for a
  wrong call) turns the next card, and play goes on round from them.
- **Pack used up:** when your pack is gone, turn your up pile over; it is your new pack.
- A player with no cards at all is out. The player who wins every card wins the game.

**Variant (a house rule):** call the animals' *names* ("Cow!") instead of their sounds.

**House clarifications** (the text leaves these open):

- Cards match by rank. If your up card matches several players', you may call any of them.
- If both players call each other at once, the first call wins; the later one has simply
  missed, with no penalty. So has a call on a match you saw that was covered (or won) before
  your call was heard: it is too late, not wrong, so it costs nothing.
- A call names an animal, never a seat: you have to remember who is which animal. Your own
  animal's call, or the call of an animal nobody still playing has, is a wrong call too; its
  card goes to the next player on your left who holds cards. Calling before any card is turned
  is not possible.
- The animals are shown before the first card, and after that only for a moment on request
  (a beginner's house rule keeps them shown).
- **Card limit:** so a game always ends, once the card limit has been turned up the player
  holding the most cards wins; equal holdings share the win.
"""


class AnimalsOptions(Options):
    calls: Literal["sounds", "names"] = Field(
        "sounds",
        title="What is called",
        description="Make the animal's sound, or (the simpler variant) call the animal's name.",
        json_schema_extra=choice_labels({"sounds": "the animal's sound (Moo!)", "names": "the animal's name (Cow!)"}),
    )
    show_animals: bool = Field(
        False,
        title="Animals always shown",
        description="For beginners: every player's animal stays on their panel. Off (the game as written): "
        "the animals are shown before the first card, then only for a moment on request.",
    )
    max_flips: int = card_limit()


class AnimalsState(CallingState):
    options: AnimalsOptions
    animals: list[str | None]  # each seat's animal; None while still choosing
    packs: list[list[Card]]  # face down, index 0 is the top
    turn: int = 0


class AnimalsView(BaseModel):
    seat: int | None
    choosing: bool  # still picking animals
    animals: list[str | None]
    calls: list[str | None]  # what is called to name each seat (sound or name, by the house rule)
    free_animals: list[str]  # not yet taken, in menu order
    counts: list[int]  # pack sizes
    pile_sizes: list[int]
    tops: list[Card | None]
    turn: int
    out: list[bool]
    stimulus: int
    flips: int
    max_flips: int
    can_call: bool


def call_word(animal: str, calls: str) -> str:
    """What a player shouts to name the owner of ``animal``."""
    return ANIMALS[animal] if calls == "sounds" else animal.capitalize() + "!"


def code(caller: int, target: int) -> int:
    return caller * 8 + target


def call_action(animal: str, stimulus: int) -> Action:
    """The call that names ``animal`` (its index in ANIMAL_NAMES is the action's target)."""
    return Action("call", target=ANIMAL_NAMES.index(animal), value=stimulus)


class Animals(CallingGame):
    State = AnimalsState
    Options = AnimalsOptions
    __slots__ = ()
    FACE_DOWN = "packs"

    @classmethod
    def seat_fields(cls, players: int) -> dict:
        return {"animals": [None] * players}

    # ---- queries

    @property
    def choosing(self) -> bool:
        return None in self.s.animals

    def holds(self, seat: int) -> bool:
        s = self.s
        return bool(s.packs[seat] or s.piles[seat])

    def free_animals(self) -> list[str]:
        taken = set(self.s.animals)
        return [a for a in ANIMAL_NAMES if a not in taken]

    def warrant(self) -> list[int]:
        """Every (caller, called) pair whose up cards match, as codes."""
        piles, n = self.s.piles, self.s.players
        return [
            code(a, b)
            for a in range(n)
            for b in range(n)
            if a != b and piles[a] and piles[b] and piles[a][-1].rank == piles[b][-1].rank
        ]

    def may_call(self, seat: int) -> bool:
        return self.s.result is None and self.s.flips >= 1 and self.holds(seat)

    def called(self, caller: int, animal: str) -> int | None:
        """The other player still holding cards whose animal is ``animal``, if any."""
        s = self.s
        seat = s.animals.index(animal) if animal in s.animals else None
        return seat if seat is not None and seat != caller and self.holds(seat) else None

    # ---- contract

    def is_out(self, seat: int) -> bool:
        return self.s.result is None and not self.holds(seat)

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if self.choosing:
            return [p for p in range(s.players) if s.animals[p] is None]
        if s.flips == 0:
            return [s.turn]
        return [p for p in range(s.players) if self.holds(p)]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if self.choosing:
            return [Action("pick", value=a) for a in self.free_animals()] if s.animals[seat] is None else []
        out = [FLIP] if seat == s.turn else []
        if self.may_call(seat):
            out += [call_action(animal, s.stimulus) for animal in ANIMAL_NAMES]
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players or action.cards:
            return False
        kind, target = action.kind, action.target
        if self.choosing:
            return (
                kind == "pick"
                and target is None
                and s.animals[seat] is None
                and isinstance(action.value, str)
                and action.value in ANIMALS
                and action.value not in s.animals
            )
        if kind == "flip":
            return target is None and action.value is None and seat == s.turn
        if kind == "call":
            return (
                type(target) is int
                and 0 <= target < len(ANIMAL_NAMES)
                and valid_claim_value(action.value, s.stimulus)
                and self.may_call(seat)
            )
        return False

    def view(self, seat: int | None = None) -> AnimalsView:
        s = self.s
        return AnimalsView(
            seat=seat,
            choosing=self.choosing,
            animals=list(s.animals),
            calls=[call_word(a, s.options.calls) if a else None for a in s.animals],
            free_animals=self.free_animals(),
            counts=[len(pk) for pk in s.packs],
            pile_sizes=[len(p) for p in s.piles],
            tops=[p[-1] if p else None for p in s.piles],
            turn=s.turn,
            out=[not self.holds(p) for p in range(s.players)],
            stimulus=s.stimulus,
            flips=s.flips,
            max_flips=s.options.max_flips,
            can_call=seat is not None and 0 <= seat < s.players and not self.choosing and self.may_call(seat),
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for pk in s.packs for c in pk] + [c for p in s.piles for c in p]

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "pick":
            return self._pick(seat, action.value)  # type: ignore[arg-type]  # is_legal checked the value
        if action.kind == "flip":
            return self._flip(seat)
        return self._call(seat, action.target, action.value)  # type: ignore[arg-type]  # is_legal checked them

    def _pick(self, seat: int, animal: str) -> list[Event]:
        s = self.s
        s.animals[seat] = animal
        events = [
            Event(
                "pick",
                seat,
                f'{{seat}} [chooses|choose] the {animal}: "{call_word(animal, s.options.calls)}"',
                data={"animal": animal},
            )
        ]
        if not self.choosing:
            events.append(Event("start", None, "Every animal is chosen: play begins"))
        return events

    def _flip(self, seat: int) -> list[Event]:
        s = self.s
        pack, pile = s.packs[seat], s.piles[seat]
        events = []
        if not pack:
            # the up pile turned over: its first card is the new top
            pack.extend(pile)
            pile.clear()
            events.append(Event("turn_over", seat, "{seat} [turns|turn] the up pile over as a new pack"))
        events.append(self.turn_up(seat))
        s.turn = self._next_holder(seat)
        self.end_at_card_limit(events)
        return events

    def _next_holder(self, seat: int) -> int:
        return next_seat(seat, self.s.players, [self.holds(p) for p in range(self.s.players)])

    def _call(self, seat: int, animal_index: int, seen: int) -> list[Event]:
        s = self.s
        animal = ANIMAL_NAMES[animal_index]
        word = call_word(animal, s.options.calls)
        target = self.called(seat, animal)
        # Calling yourself, or an animal nobody still playing has, is always wrong.
        verdict = judge(s, seen, code(seat, target), self.warrant()) if target is not None else "wrong"
        if verdict == "late":
            return [
                Event(
                    "late_call",
                    seat,
                    f'{{seat}} [calls|call] "{word}" too late',
                    target=target,
                    data={"k": seen},
                    outcome=Outcome.LATE,
                )
            ]
        if verdict == "win":
            assert target is not None  # (a call of nobody is wrong)
            won = s.piles[target]
            count = len(won)
            s.piles[seat][0:0] = won
            s.piles[target] = []
            loser = target
            events = [
                Event(
                    "call_win",
                    seat,
                    f'{{seat}} [calls|call] "{word}" first and [wins|win] {count_cards(count, "up card")} from {{target}}',
                    target=target,
                    data={"count": count, "word": word},
                    outcome=Outcome.WON,
                )
            ]
        else:
            pile, pack = s.piles[seat], s.packs[seat]
            paid = pile.pop() if pile else pack.pop(0)
            if target is None:  # nobody to pay: the next player on the left who holds cards
                target = self._next_holder(seat)
                text = f'{{seat}} [calls|call] "{word}", but no one else is the {animal}: a card to {{target}}'
            else:
                text = f'{{seat}} [calls|call] "{word}" wrongly and [pays|pay] {{target}} a card'
            s.piles[target].insert(0, paid)
            loser = seat
            events = [
                Event(
                    "false_call",
                    seat,
                    text,
                    (paid,),
                    target=target,
                    data={"word": word, "animal": animal},
                    outcome=Outcome.FAULT,
                )
            ]
        settle(s, self.warrant())
        if not self.holds(loser):
            events.append(Event("out", loser, "{seat} [has|have] no cards left and [is|are] out"))
        holders = [p for p in range(s.players) if self.holds(p)]
        if len(holders) == 1:
            events.append(
                self.finish(
                    holders,
                    "{seat} [wins|win] every card",
                    scores=[float(h) for h in self.held()],
                    ranking=standings(self.held()),
                    score_name="cards",
                )
            )
            return events
        # the loser of the call leads next (or the next player holding cards, if they are out)
        s.turn = loser if self.holds(loser) else self._next_holder(loser)
        return events

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        self.check_cards()
        if len(s.animals) != n:
            raise ValueError("zones do not match the number of players")
        chosen = [a for a in s.animals if a is not None]
        if any(a not in ANIMALS for a in chosen) or len(set(chosen)) != len(chosen):
            raise ValueError("unknown or shared animals")
        if self.choosing and (s.flips or s.stimulus or s.result is not None):
            raise ValueError("play began before every animal was chosen")
        if not 0 <= s.turn < n:
            raise ValueError("a seat number is out of range")
        if s.result is None and (not self.holds(s.turn) or sum(self.holds(p) for p in range(n)) < 2):
            raise ValueError("the player to turn cannot play")


SPEC = GameSpec.listed("animals", rules=RULES, game=Animals, claim_kinds=frozenset({"call"}))
Animals.spec = SPEC
