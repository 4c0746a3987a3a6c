"""Shared rules for calling games (Snap, Animals): judging calls against what the caller saw.

Every newly turned card is a new stimulus, and so is a settled call that leaves something new to
call (a snap pool that now matches, a card laid bare). For each recent stimulus the state keeps
its *warrant*: the calls that were right while it was the newest, as small integer codes chosen
by the game (Snap: "snap" / "snap pool"; Animals: caller and the seat called). A call carries
the stimulus its caller saw, and is judged against it:

- right when seen and still right now: it wins;
- right when seen but no longer right (someone was quicker, or the match was covered): it is
  simply too late, with no penalty;
- wrong when seen: a false call, penalised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from cardarcade.cards import Card, standard_deck
from cardarcade.rules.base import Event, Game, Options, State, deal_round_robin, prepare_deck

HISTORY = 32  # recent stimuli whose warrant is kept; older calls count as too late

Verdict = Literal["win", "late", "wrong"]


def card_limit(default: int = 1500) -> int:
    """The card limit house rule, so a game always ends (an Options field)."""
    return Field(
        default,
        ge=50,
        le=1_000_000,
        title="Card limit",
        description="After this many cards have been turned up, the player holding the most cards wins.",
    )


class CallingState(State):
    piles: list[list[Card]]  # each seat's face-up pile, last is the top
    # recent[-1] is the warrant of the current stimulus, recent[-2] of the one before, ...
    recent: list[list[int]] = [[]]
    flips: int = 0  # cards turned up so far (the card limit counts these)
    if TYPE_CHECKING:  # each game's state declares its own options model
        options: Options


def advance(s: CallingState, warrant: list[int]) -> None:
    """A card was turned up: a new stimulus with the calls now right."""
    s.stimulus += 1
    s.recent.append(warrant)
    if len(s.recent) > HISTORY:
        del s.recent[0]


def settle(s: CallingState, warrant: list[int]) -> None:
    """A call was settled. Only if it left something new to call is that a new stimulus; a call
    that merely took a match away leaves the stimulus, so a rival's call on the same match
    still counts as right but late."""
    if any(code not in s.recent[-1] for code in warrant):
        advance(s, warrant)


def judge(s: CallingState, seen: int, code: int, warrant_now: list[int]) -> Verdict:
    """How a call with ``code``, made on seeing stimulus ``seen``, turns out now."""
    index = len(s.recent) - 1 - (s.stimulus - seen)
    if index < 0:
        return "late"
    if code in s.recent[index]:
        return "win" if code in warrant_now else "late"
    return "wrong"


def check_history(s: CallingState, warrant_now: list[int]) -> None:
    """A loaded state's call history must fit its stimulus counter and its cards."""
    if not 1 <= len(s.recent) <= min(HISTORY, s.stimulus + 1):
        raise ValueError("the call history does not fit the stimulus counter")
    if any(code not in s.recent[-1] for code in warrant_now):
        raise ValueError("the call history does not match the cards face up")
    if s.flips < 0 or s.flips > s.stimulus:
        raise ValueError("bad card counters")


class CallingGame(Game):
    """What Snap and Animals share: each seat's face-down cards and face-up pile, a full pack,
    and the card limit. Subclasses name their face-down zone's field in ``FACE_DOWN``."""

    State: ClassVar[type[CallingState]]
    __slots__ = ()
    FACE_DOWN: ClassVar[str]

    @classmethod
    def setup(cls, players: int, seed: int, options: Any, deck: list[Card] | None) -> CallingGame:
        order = prepare_deck(standard_deck(), seed, deck)
        return cls(
            cls.State(
                players=players,
                seed=seed,
                options=options,
                piles=[[] for _ in range(players)],
                **{cls.FACE_DOWN: deal_round_robin(order, players)},
                **cls.seat_fields(players),
            )
        )

    @classmethod
    def seat_fields(cls, players: int) -> dict[str, Any]:
        """The game's own per-seat state fields at the start."""
        return {}

    def face_down(self) -> list[list[Card]]:
        return getattr(self.s, self.FACE_DOWN)

    def warrant(self) -> list[int]:
        """The calls that are right now, as codes."""
        raise NotImplementedError

    def turn_up(self, seat: int) -> Event:
        """``seat`` turns the top card of its face-down cards onto its own pile: a new stimulus."""
        s = self.s
        card = self.face_down()[seat].pop(0)
        s.piles[seat].append(card)
        s.flips += 1
        advance(s, self.warrant())
        return Event("flip", seat, f"{{seat}} [turns|turn] up {card}", (card,), data={"k": s.stimulus})

    def held(self) -> list[int]:
        """Cards each seat holds, face down and face up."""
        return [len(down) + len(up) for down, up in zip(self.face_down(), self.s.piles)]

    def end_at_card_limit(self, events: list[Event]) -> None:
        """After the card limit, the player holding the most cards wins (equal holdings share it)."""
        limit = self.s.options.max_flips
        if self.s.result is not None or self.s.flips < limit:
            return
        events.append(self.finish_by_most(self.held(), f"the {limit}-card limit was reached"))

    def check_cards(self) -> None:
        """The loaded zones fit the players, the history fits the cards, and the pack is whole."""
        if len(self.face_down()) != self.s.players or len(self.s.piles) != self.s.players:
            raise ValueError("zones do not match the number of players")
        check_history(self.s, self.warrant())  # only once the zones fit: warrant() reads every seat


def next_seat(seat: int, players: int, playing: list[bool]) -> int:
    """The next seat clockwise after ``seat`` that is still playing (``seat`` itself if none)."""
    for step in range(1, players + 1):
        p = (seat + step) % players
        if playing[p]:
            return p
    return seat


def standings(held: list[int]) -> list[int]:
    """Seats from most cards held to fewest (ties keep seat order)."""
    return sorted(range(len(held)), key=lambda p: -held[p])


def count_cards(n: int, what: str = "card") -> str:
    """'1 card', '3 cards', '1 up card'."""
    return f"{n} {what}" + ("" if n == 1 else "s")


def valid_claim_value(value: object, stimulus: int) -> bool:
    return type(value) is int and 1 <= value <= stimulus
