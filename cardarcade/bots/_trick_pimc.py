"""A fast sampled search for plain trick games (no trumps, follow suit, highest of the suit led
wins): Polignac and Frogs in the Pond.

The engine-based searches (``search.pimc``, ``search.ismcts``) copy a whole game for every
play-out, so a move's fixed work bought only a few hundred noisy play-outs, and a medium bot
with 16 sampled deals was hard to tell from hard. Here a sampled deal is only the hands, played
on plain lists: each card the bot may play is judged in each deal by a play-out of the game's
rule of thumb, or, once few cards are left, by solving the deal exactly (every seat playing its
best for itself: max^n, with the positions already met remembered). A game gives a ``Tricks``
(its rank order, what each card and each trick is worth, who plays after whom, which seats share
a score, whether points are good or bad) and its rule of thumb.

The work is fixed (``Budget``): a table's thinking time can only add deals, never cut them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardarcade.bots.search import Budget, Tally, note
from cardarcade.cards import Card, Suit
from cardarcade.rules._tricks import deal_unseen, play


@dataclass(frozen=True)
class Tricks:
    """What the search needs to know of a game's hand."""

    strength: dict[Card, int]  # a card's rank within its suit
    worth: dict[Card, float]  # what a card brings whoever takes it (Polignac: its cost)
    trick_bonus: float  # what taking a trick brings besides its cards (Frogs: a frog, on average)
    ring: tuple[int, ...]  # the seats in the order they play
    side: tuple[int, ...]  # each seat's side (partners score together)
    points_are_bad: bool  # Polignac: every point taken counts against its taker

    def __post_init__(self) -> None:
        ring = self.ring
        object.__setattr__(self, "_next", {seat: ring[(i + 1) % len(ring)] for i, seat in enumerate(ring)})

    def after(self, seat: int) -> int:
        return self._next[seat]  # type: ignore[attr-defined]

    def value_for(self, points: Sequence[float], seat: int) -> float:
        """How good ``points`` (by side) are for ``seat``: its side's less the best other side's,
        or, where points are bad, minus its own."""
        mine = points[self.side[seat]]
        if self.points_are_bad:
            return -mine
        return mine - max(p for s, p in enumerate(points) if s != self.side[seat])


# A rule of thumb for play-outs: (cards it may play, the trick so far, the seats that played
# it, the seat to play, the rules) -> a card.
Policy = Callable[[list[Card], list[Card], list[int], int, Tricks], Card]


def allowed(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    if trick:
        suit = trick[0].suit
        same = [c for c in hand if c.suit is suit]
        if same:
            return same
    return list(hand)


def trick_winner(trick: Sequence[Card], seats: Sequence[int], rules: Tricks) -> int:
    suit, strength = trick[0].suit, rules.strength
    best, top = 0, strength[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        if card.suit is suit and strength[card] > top:
            best, top = i, strength[card]
    return seats[best]


def _take(points: list[float], trick: Sequence[Card], winner: int, rules: Tricks) -> None:
    worth = rules.worth
    points[rules.side[winner]] += rules.trick_bonus + sum(worth[c] for c in trick)


def play_out(
    hands: list[list[Card]], trick: list[Card], seats: list[int], rules: Tricks, policy: Policy
) -> list[float]:
    """The points each side takes from here to the end of the hand, every seat playing
    ``policy``. The trick is started (its leader is known); the lists are used up."""
    points = [0.0] * (max(rules.side) + 1)
    n = len(rules.ring)
    while True:
        while len(trick) < n:
            seat = rules.after(seats[-1])
            card = policy(allowed(hands[seat], trick), trick, seats, seat, rules)
            hands[seat].remove(card)
            trick.append(card)
            seats.append(seat)
        winner = trick_winner(trick, seats, rules)
        _take(points, trick, winner, rules)
        if not hands[winner]:
            return points
        card = policy(hands[winner], [], [], winner, rules)
        hands[winner].remove(card)
        trick, seats = [card], [winner]


def solve(
    hands: tuple[tuple[Card, ...], ...], trick: tuple[Card, ...], seats: tuple[int, ...], rules: Tricks, memo: dict
) -> tuple[float, ...]:
    """The points each side takes from here when every seat plays its best for itself (max^n).
    ``seats``: who played the trick's cards; the trick is never empty (its leader is known)."""
    key = (hands, trick, seats)
    known = memo.get(key)
    if known is not None:
        return known
    n = len(rules.ring)
    if len(trick) == n:
        winner = trick_winner(trick, seats, rules)
        here = [0.0] * (max(rules.side) + 1)
        _take(here, trick, winner, rules)
        if hands[winner]:
            best = _best_lead(hands, winner, rules, memo)
            here = [a + b for a, b in zip(here, best)]
        result = tuple(here)
    else:
        seat = rules.after(seats[-1])
        result = _best_reply(hands, trick, seats, seat, rules, memo)
    memo[key] = result
    return result


def _without(hands: tuple[tuple[Card, ...], ...], seat: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    return hands[:seat] + (tuple(c for c in hands[seat] if c is not card),) + hands[seat + 1 :]


def _best_lead(hands, seat, rules, memo) -> tuple[float, ...]:
    return max(
        (solve(_without(hands, seat, card), (card,), (seat,), rules, memo) for card in hands[seat]),
        key=lambda points: rules.value_for(points, seat),
    )


def _best_reply(hands, trick, seats, seat, rules, memo) -> tuple[float, ...]:
    return max(
        (
            solve(_without(hands, seat, card), trick + (card,), seats + (seat,), rules, memo)
            for card in allowed(hands[seat], trick)
        ),
        key=lambda points: rules.value_for(points, seat),
    )


@dataclass(frozen=True)
class Position:
    """What the searching seat knows: its hand, the trick so far, and the unseen cards."""

    seat: int
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    seats: tuple[int, ...]  # who played the trick's cards
    unseen: tuple[Card, ...]
    counts: tuple[int, ...]  # cards in each seat's hand
    voids: tuple[frozenset[Suit], ...]  # suits each seat has shown it lacks
    played: tuple[Card, ...] = ()  # every card played this hand, in order
    played_by: tuple[int, ...] = ()


def sampled_card(
    position: Position,
    options: Sequence[Card],
    rules: Tricks,
    policy: Policy,
    rng: random.Random,
    budget: Budget,
    solve_at: int,
    read_plays: bool = False,
) -> Card:
    """The card with the best total over sampled deals of the unseen cards (voids honoured):
    each judged by a play-out of ``policy``, or solved exactly when ``solve_at`` cards or fewer
    are left in the hands. ``read_plays``: each deal weighed by how well it explains the cards
    the others have played (``likelihood``). The lower card on a tie."""
    me, n = position.seat, len(position.counts)
    counts = [0 if p == me else position.counts[p] for p in range(n)]
    rest = len(position.unseen) - sum(counts)
    voids = [set(v) for v in position.voids] + [set()]
    exact = sum(position.counts) <= solve_at
    totals = dict.fromkeys(options, 0.0)
    weights = 0.0
    while budget.more():
        dealt = deal_unseen(position.unseen, counts + [rest], voids, rng)[:n]
        dealt[me] = list(position.hand)
        memo: dict = {}  # one deal's solved positions, shared by the cards tried in it
        weight = likelihood(dealt, position, rules, policy) if read_plays else 1.0
        weights += weight
        for card in options:
            totals[card] += weight * _judge(dealt, position, card, rules, policy, memo if exact else None)
        budget.done += 1
    measure = "points taken a deal" if rules.points_are_bad else "points ahead a deal"
    scale = -1.0 if rules.points_are_bad else 1.0  # (said as the points taken: fewer is better)
    note(
        lambda: Tally(
            "sampled deals",
            budget.done,
            {play(c): scale * t / (weights or 1.0) for c, t in totals.items()},
            measure,
            lower_is_better=rules.points_are_bad,
        )
    )
    return max(options, key=lambda c: (totals[c], -rules.strength[c]))


READ = 0.75  # how often the others are taken to play their rule of thumb where they had a choice


def likelihood(hands: list[list[Card]], position: Position, rules: Tricks, policy: Policy) -> float:
    """How likely the others' plays this hand were had they held ``hands``, playing ``policy``
    most of the time (``READ``): a player who led a low card rather than an ace probably had none."""
    n, me = len(rules.ring), position.seat
    held = [list(h) for h in hands]  # each seat's hand as it was, walking back through the plays
    weight = 1.0
    for i in range(len(position.played) - 1, -1, -1):
        seat, card = position.played_by[i], position.played[i]
        held[seat].append(card)
        if seat == me:
            continue
        start = i - i % n
        trick, seats = list(position.played[start:i]), list(position.played_by[start:i])
        choices = allowed(held[seat], trick)
        if len(choices) > 1:
            expected = policy(choices, trick, seats, seat, rules)
            weight *= READ if expected == card else (1 - READ) / (len(choices) - 1)
    return weight


def _judge(
    dealt: list[list[Card]], position: Position, card: Card, rules: Tricks, policy: Policy, memo: dict | None
) -> float:
    """``card``'s worth to the searching seat in one deal: solved (with ``memo``) or played out."""
    me = position.seat
    hands = [list(h) for h in dealt]
    hands[me].remove(card)
    trick, seats = list(position.trick) + [card], list(position.seats) + [me]
    points: Sequence[float]
    if memo is not None:
        points = solve(tuple(tuple(h) for h in hands), tuple(trick), tuple(seats), rules, memo)
    else:
        points = play_out(hands, trick, seats, rules, policy)
    return rules.value_for(points, me)


def position_of(view, seat: int, pack: Sequence[Card], also_seen: Sequence[Card] = ()) -> Position:
    """The searching seat's ``Position`` from a trick game's view (``hand``, ``trick``,
    ``played``, ``hand_counts``, ``voids``); ``also_seen``: cards it saw elsewhere (its frogs)."""
    seen = set(view.hand) | set(view.played) | set(also_seen)
    return Position(
        seat=seat,
        hand=tuple(view.hand),
        trick=tuple(t.card for t in view.trick),
        seats=tuple(t.seat for t in view.trick),
        unseen=tuple(c for c in pack if c not in seen),
        counts=tuple(view.hand_counts),
        voids=tuple(frozenset(v) for v in view.voids),
        played=tuple(view.played),
        played_by=tuple(view.played_by),
    )
