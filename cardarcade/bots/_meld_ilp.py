"""The largest number of hand cards that can go down on a rummy table anyone may rearrange, as an
integer linear program (den Hertog & Hulshof 2006, "Solving Rummikub problems by integer linear
programming"), solved by ``scipy.optimize.milp`` (HiGHS).

Variables: how many copies (0, 1 or 2: two packs) of each possible meld lie on the table after
the move, and how many of each card in hand go down. Constraints: every card type on the table
now is on it after the move, as often, plus the hand cards put down, no more of which than are
held. Objective: put down as many hand cards as possible.

Only sets (three or four suits of a rank) and runs of three to five cards are variables: any
longer run is runs of three to five laid end to end, and those are joined again afterwards.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations
from typing import Sequence

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from cardarcade.cards import RANKS, SUITS, Card, Rank
from cardarcade.rules.machiavelli import run_values

TYPES = len(SUITS) * len(RANKS)  # 52 card types; two packs hold two of each
COPIES = 2


def card_type(card: Card) -> int:
    return SUITS.index(card.suit) * len(RANKS) + int(card.rank) - 2  # type: ignore[arg-type]


def _position_type(suit: int, position: int) -> int:
    """A run position (1 = ace low, 2..13, 14 = ace high) as a card type."""
    rank = int(Rank.ACE) if position in (1, 14) else position
    return suit * len(RANKS) + rank - 2


def _all_melds() -> list[tuple[int, ...]]:
    melds: list[tuple[int, ...]] = []
    for r in range(len(RANKS)):
        for size in (3, 4):
            for suits in combinations(range(len(SUITS)), size):
                melds.append(tuple(s * len(RANKS) + r for s in suits))
    for s in range(len(SUITS)):
        for length in (3, 4, 5):
            for start in range(1, 14 - length + 2):
                melds.append(tuple(_position_type(s, p) for p in range(start, start + length)))
    return melds


MELDS: list[tuple[int, ...]] = _all_melds()


def most_cards_down(table: Sequence[Card], hand: Sequence[Card],
                    time_limit: float | None = None) -> tuple[int, list[tuple[int, ...]]]:
    """(how many hand cards can go down, the melds of the table then: card types per meld).

    The table's cards must all be in melds already (as at the start of a turn); if no layout
    is found in time, nothing goes down and the melds are empty."""
    on_table = Counter(card_type(c) for c in table)
    held = Counter(card_type(c) for c in hand)
    usable = [m for m in MELDS if all(on_table[t] + held[t] for t in m)]
    if not usable:
        return 0, []
    count = len(usable)
    # Columns: one per usable meld, then one per card type held.
    held_types = sorted(held)
    a = np.zeros((TYPES, count + len(held_types)))
    for j, meld in enumerate(usable):
        for t in meld:
            a[t, j] = 1
    for k, t in enumerate(held_types):
        a[t, count + k] = -1
    need = np.array([on_table[t] for t in range(TYPES)], dtype=float)
    objective = np.concatenate([np.zeros(count), -np.ones(len(held_types))])
    upper = np.concatenate([np.full(count, COPIES), [held[t] for t in held_types]])
    options = {"time_limit": time_limit} if time_limit else {}
    result = milp(objective, constraints=LinearConstraint(a, need, need), integrality=np.ones(len(objective)),
                  bounds=Bounds(0, upper), options=options)
    if result.x is None:
        return 0, []
    x = np.rint(result.x).astype(int)
    melds = [usable[j] for j in range(count) for _ in range(x[j])]
    return int(x[count:].sum()), melds


def lay_out(melds: Sequence[tuple[int, ...]], table: Sequence[Card], hand: Sequence[Card]) -> list[list[Card]]:
    """The melds as real cards: the table's own cards first, then the hand's; runs of one suit
    that meet end to end are joined back into one."""
    pools: dict[int, list[Card]] = defaultdict(list)
    for card in list(table) + list(hand):  # table cards first: every one of them must be used
        pools[card_type(card)].append(card)
    for pool in pools.values():
        pool.reverse()
    runs: list[list[Card]] = []
    groups: list[list[Card]] = []
    for meld in melds:
        cards = [pools[t].pop() for t in meld]
        (runs if len({c.suit for c in cards}) == 1 else groups).append(cards)
    return groups + _join_runs(runs, melds)


def _join_runs(runs: list[list[Card]], melds: Sequence[tuple[int, ...]]) -> list[list[Card]]:
    """Join runs of a suit where one ends just below where the next starts (never round the corner)."""
    def span(run: list[Card]) -> tuple[int, int]:
        values = run_values(run)
        assert values is not None
        return values[0], values[-1]

    runs = sorted(runs, key=lambda r: (r[0].suit.value, span(r)))  # type: ignore[union-attr]
    out: list[list[Card]] = []
    for run in runs:
        for kept in out:
            if kept[0].suit is run[0].suit and span(kept)[1] + 1 == span(run)[0]:
                kept.extend(run)
                break
        else:
            out.append(list(run))
    return out
