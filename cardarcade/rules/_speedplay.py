"""What the speed family shares (Speed, California Speed, ...): play with no turns.

Every seat plays whenever it can. A play is a claim on a *place* (a centre pile, a stack of the
box): the table holds it for its arbitration window and applies claims in order of their press
times, so two plays onto one place are settled by who pressed first, never by processing order.
Each play carries the stimulus its player saw (``Action.value``); every time a place's top card
changes, the stimulus goes up and the place remembers when (``placed_k``) and by whom
(``placed_by``). A play is judged against that:

- the place has not changed since the player looked, and the play fits: it is made;
- the place changed after the player looked (someone was quicker): the play is *late*, its card
  goes back where it came from, and its event names the stimulus the quicker move made
  (``data["beaten"]``), from which the table tells the loser how much earlier that press was;
- otherwise it is no move at all (IllegalAction).

Every play made is a race won (its event's ``data["race"]``): whoever was quicker to a place took
it, among the seats that could play then (``actors()``); the table records it, and adaptive bots
follow the people's share of those races.

When nobody can play, the game offers a *counted move* (``counted_move``): the table counts
"3, 2, 1" and makes it (Speed's flip from the talons, California Speed's new deal).
"""

from __future__ import annotations

from typing import Literal

from cardarcade.cards import Card, standard_deck
from cardarcade.rules._calling import valid_claim_value
from cardarcade.rules.base import Action, Event, Game, Outcome, State

Verdict = Literal["play", "late", "wrong"]

PACK = standard_deck()  # built once: its cards are interned, so every game may deal from a copy
NAMES = {card.code: str(card) for card in PACK}  # as events name cards ("7♥"), looked up on every play


class SpeedFamilyState(State):
    stimulus: int = 1  # the deal is the first thing seen
    placed_k: list[int]  # per place: the stimulus at which its top card was laid
    placed_by: list[int | None]  # per place: who laid it (None: the deal or a counted move)


def judge(s: SpeedFamilyState, place: int, seen: int, fits: bool) -> Verdict:
    """How a play on ``place``, made on seeing stimulus ``seen``, turns out now."""
    if s.placed_k[place] > seen:
        return "late"
    return "play" if fits else "wrong"


def well_aimed(action: Action, places: int, stimulus: int, cards: int = 1) -> bool:
    """A play's shape: ``cards`` cards named (a card from a hand; none from a face-down pack), a
    place that exists, a stimulus that has been seen."""
    target = action.target
    return (
        len(action.cards) == cards
        and type(target) is int
        and 0 <= target < places
        and valid_claim_value(action.value, stimulus)
    )


def laid(place: int, k: int, **more) -> dict:
    """The data of a play's event: the place, the stimulus it made, and that it won a race."""
    return {"place": place, "k": k, "race": True, **more}


def lay(s: SpeedFamilyState, place: int, seat: int | None) -> int:
    """A card was laid on ``place``: a new stimulus, remembered by the place."""
    s.stimulus += 1
    s.placed_k[place] = s.stimulus
    s.placed_by[place] = seat
    return s.stimulus


def late_event(s: SpeedFamilyState, seat: int, card: Card, place: int, where: str, back: str) -> Event:
    """A play that lost to a quicker one: its card goes ``back`` (to the hand, onto the pack)."""
    by = s.placed_by[place]
    who = "{target} [target:was|were] first" if by is not None and by != seat else "it had changed"
    return Event(
        "play_late",
        seat,
        f"{{seat}} [takes|take] back the {card} {back}: {who} on {where}",
        (card,),
        target=by,
        data={"beaten": s.placed_k[place], "place": place},
        outcome=Outcome.LATE,
    )


def matched(tops: list[Card]) -> list[int]:
    """Places whose top card has the rank of another top card."""
    seen: dict[int, list[int]] = {}
    for place, card in enumerate(tops):
        seen.setdefault(card.rank, []).append(place)
    return [place for places in seen.values() if len(places) > 1 for place in places]


def shows_match(tops: list[Card]) -> bool:
    """Whether two top cards of one rank show."""
    return len({card.rank for card in tops}) < len(tops)


def check_places(s: SpeedFamilyState, places: int) -> None:
    """A loaded state's place records fit its places, seats and stimulus."""
    if len(s.placed_k) != places or len(s.placed_by) != places:
        raise ValueError("the places do not match")
    if s.stimulus < 1 or any(not 0 <= k <= s.stimulus for k in s.placed_k):
        raise ValueError("bad stimulus counters")
    if any(p is not None and not 0 <= p < s.players for p in s.placed_by):
        raise ValueError("a seat number is out of range")


class SpeedFamilyGame(Game):
    """Base of the speed family's engines: the counted move the table makes when nobody can play."""

    __slots__ = ()

    def counted_move(self) -> tuple[int, Action] | None:
        """The move the table makes after counting "3, 2, 1" (None: play is on)."""
        return None

    def left(self, seat: int) -> int:
        """Cards a seat still has to get rid of."""
        raise NotImplementedError

    def lefts(self) -> list[float]:
        return [float(self.left(p)) for p in range(self.s.players)]

    def ranking(self) -> list[int]:
        """Seats from fewest cards left to most."""
        return sorted(range(self.s.players), key=self.left)

    def finish_at_limit(self, what: str) -> Event:
        """End at a house rule's limit (``what``: 'the 100-flip limit'): fewer cards left wins."""
        left = self.lefts()
        fewest = min(left)
        winners = [p for p in range(self.s.players) if left[p] == fewest]
        text = f"Game over: {what} was reached; " + (
            "{seat} [wins|win] with fewer cards left" if len(winners) == 1 else "a draw, with equal cards left"
        )
        return self.finish(winners, text, scores=left, ranking=self.ranking(), score_name="cards left", low_wins=True)
