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

from collections import Counter
from itertools import combinations
from collections.abc import Sequence

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from cardarcade.cards import RANKS, SUITS, Card, Rank

TYPES = len(SUITS) * len(RANKS)  # 52 card types; two packs hold two of each
COPIES = 2


def card_type(card: Card) -> int:
    return SUITS.index(card.suit) * len(RANKS) + int(card.rank) - 2


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


def shares_a_meld(group: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Whether some meld made of ``group`` and ``hand`` holds cards of both (if none does,
    taking ``group`` apart can put no more of the hand down)."""
    mine = {card_type(c) for c in group}
    held = {card_type(c) for c in hand}
    return any(mine & set(m) and held & set(m) and set(m) <= mine | held for m in MELDS)


def most_cards_down(
    table: Sequence[Card], hand: Sequence[Card], time_limit: float | None = None
) -> tuple[int, list[tuple[int, ...]]]:
    """(how many hand cards can go down, the melds of the table then: card types per meld).

    The table's cards must all be in melds already (as at the start of a turn). When nothing
    can go down (or no layout was found within ``time_limit`` seconds) the melds are empty:
    the table stays as it is."""
    on_table = Counter(card_type(c) for c in table)
    held = Counter(card_type(c) for c in hand)
    usable = [m for m in MELDS if all(on_table[t] + held[t] for t in m)]
    if not any(held[t] for m in usable for t in m):
        return 0, []  # no card held is in any meld the cards could make
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
    problem = {
        "c": np.concatenate([np.zeros(count), -np.ones(len(held_types))]),
        "constraints": LinearConstraint(a, need, need),
        "bounds": Bounds(0, np.concatenate([np.full(count, COPIES), [held[t] for t in held_types]])),
    }
    # The relaxation first: on a table of sets and runs it is often whole already, at a fraction
    # of the integer program's cost. (The cards held follow from the melds, so only those are integers.)
    result = milp(**problem, integrality=np.zeros(count + len(held_types)))
    if result.x is None or not np.allclose(result.x[:count], np.rint(result.x[:count]), atol=1e-6):
        options = {"time_limit": time_limit} if time_limit else {}
        result = milp(
            **problem, integrality=np.concatenate([np.ones(count), np.zeros(len(held_types))]), options=options
        )
    if result.x is None:  # out of time before any layout was found
        return 0, []
    x = np.rint(result.x[:count]).astype(int)
    melds = [usable[j] for j in range(count) for _ in range(x[j])]
    return sum(len(m) for m in melds) - len(table), melds


def lay_out(
    melds: Sequence[tuple[int, ...]], table: Sequence[Sequence[Card]], hand: Sequence[Card]
) -> list[list[Card]]:
    """The melds as real cards, runs of a suit that meet end to end joined back into one.

    ``table`` is the table's groups now. A group the layout keeps as it is keeps its very cards,
    and each other group takes its cards first from the table group it shares most with, then
    from the rest of the table, then from the hand: two packs hold two of every card, and a
    layout that swapped identical cards between groups would show them as changed."""
    left = [list(g) for g in table]
    loose = list(hand)
    out: list[list[Card]] = []
    pending: list[list[int]] = []
    for types in _joined(melds):
        wanted = sorted(types)
        same = next((g for g in left if sorted(map(card_type, g)) == wanted), None)
        if same is not None:
            left.remove(same)
            out.append(same)
        else:
            pending.append(types)
    for types in pending:
        kinds = set(types)
        donors = sorted(left, key=lambda g: -len(kinds & set(map(card_type, g))))
        cards = []
        for t in types:
            card = next((c for g in donors for c in g if card_type(c) == t), None)
            if card is not None:
                next(g for g in donors if card in g).remove(card)
            else:  # every table card of this type is placed: one from the hand
                card = next(c for c in loose if card_type(c) == t)
                loose.remove(card)
            cards.append(card)
        out.append(cards)
    return out


def _joined(melds: Sequence[tuple[int, ...]]) -> list[list[int]]:
    """The melds' card types, runs of a suit that meet end to end joined (never round the corner)."""
    sets: list[list[int]] = []
    runs: list[list] = []  # [suit, first position, last position, types]
    for meld in melds:
        suits = {t // len(RANKS) for t in meld}
        if len(suits) > 1:
            sets.append(list(meld))
            continue
        ranks = sorted(t % len(RANKS) + 2 for t in meld)
        if ranks[-1] == int(Rank.ACE) and ranks[0] == 2:  # a run of three to five: the ace is low
            ranks = [1] + ranks[:-1]
        runs.append([suits.pop(), ranks[0], ranks[-1], list(meld)])
    joined: list[list] = []
    for suit, first, last, types in sorted(runs, key=lambda r: r[:3]):
        for kept in joined:
            if kept[0] == suit and kept[2] + 1 == first and not (kept[1] == 1 and last == 14):
                kept[2] = last
                kept[3].extend(types)
                break
        else:
            joined.append([suit, first, last, list(types)])
    return sets + [types for *_, types in joined]
