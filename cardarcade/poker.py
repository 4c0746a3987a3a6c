"""Five-card poker hands: a fast evaluator, readable names, and the best five of more cards.

``evaluate(cards)`` turns exactly five cards into a ``HandValue``. A HandValue is an ``int``
(so comparing two of them is a plain integer comparison: higher is better, equal means the
hands tie) laid out as

    category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

where r1..r5 are the ranks (2..14) that decide the hand, most significant first: the set's
rank before its kickers, a straight's top card only (5 for the wheel A-2-3-4-5, which is the
lowest straight), and so on. Everything else (category, royal flush, name) is read back
from those bits.

Speed comes from tables built once, at import (7,462 values, about 10 ms): each card's code
maps to a small integer holding its rank's weight and its suit bit. The five integers are
added up: the sum of the weights identifies the hand's ranks whatever their order (the
weights are chosen so that no two rank multisets share a sum), and AND-ing the suit bits says
whether all five share a suit. That sum indexes one of two lists (flushes, everything else)
holding the finished HandValue objects, so an evaluation allocates nothing.
"""

from __future__ import annotations

from enum import IntEnum
from itertools import combinations
from collections.abc import Iterable, Sequence

from cardarcade.cards import RANKS, SUITS, Card, Rank

__all__ = ["Category", "HandValue", "evaluate", "best_of", "hand_value", "percentile"]


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


_CATEGORY_BY_INT = tuple(Category)


# Rank words for names ("kings", "king"): 'sixes', not '6s', in poker talk.
def _word(rank: int) -> str:
    return Rank(rank).word


def _plural(rank: int) -> str:
    return Rank(rank).plural


class HandValue(int):
    """The value of a five-card hand: an int, higher is better, equal iff the hands tie."""

    __slots__ = ()

    @property
    def category(self) -> Category:
        return _CATEGORY_BY_INT[self >> 20]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The deciding ranks, most significant first (a straight gives just its top card)."""
        out = []
        for shift in (16, 12, 8, 4, 0):
            r = (self >> shift) & 0xF
            if r:
                out.append(r)
        return tuple(out)

    @property
    def is_royal(self) -> bool:
        """A royal flush: the ace-high straight flush (Chicago pays for it)."""
        return self >> 16 == (Category.STRAIGHT_FLUSH << 4 | 14)

    @property
    def name(self) -> str:
        """'full house, kings over sevens', 'straight, six high', 'royal flush'."""
        cat, r = self.category, self.ranks
        if cat is Category.STRAIGHT_FLUSH:
            if r[0] == 14:
                return "royal flush"
            return f"straight flush, {_word(r[0])} high" + (" (steel wheel)" if r[0] == 5 else "")
        if cat is Category.STRAIGHT:
            return f"straight, {_word(r[0])} high" + (" (wheel)" if r[0] == 5 else "")
        if cat is Category.FOUR_OF_A_KIND:
            return f"four of a kind, {_plural(r[0])}"
        if cat is Category.FULL_HOUSE:
            return f"full house, {_plural(r[0])} over {_plural(r[1])}"
        if cat is Category.FLUSH:
            return f"flush, {_word(r[0])} high"
        if cat is Category.THREE_OF_A_KIND:
            return f"three of a kind, {_plural(r[0])}"
        if cat is Category.TWO_PAIR:
            return f"two pair, {_plural(r[0])} and {_plural(r[1])}"
        if cat is Category.ONE_PAIR:
            return f"pair of {_plural(r[0])}"
        return f"{_word(r[0])} high"

    def __repr__(self) -> str:
        return f"HandValue({self.name!r})"

    def __str__(self) -> str:  # int's would print the raw number
        return self.name


def hand_value(category: Category | int, *ranks: int) -> HandValue:
    """Build a value from its parts, e.g. ``hand_value(Category.FULL_HOUSE, 13, 7)``."""
    v = int(category) << 20
    for shift, r in zip((16, 12, 8, 4, 0), ranks):
        v |= int(r) << shift
    return HandValue(v)


# ---------------------------------------------------------------- tables

# One weight per rank (2 .. ace) such that the sums of any five ranks (each used at most four
# times) all differ: a hand's rank multiset is the sum of its cards' weights. Found by a greedy
# search (each weight the smallest that keeps every sum unique); the largest sum, 360,918,
# keeps the table a plain list and every number a one-digit Python int.
_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
_SUIT_BITS = 6  # a card's low bits hold its suit bit (1, 2, 4, 8); five of them sum below 64
_WHEEL = (14, 5, 4, 3, 2)


def _build() -> tuple[dict[str, int], list, list]:
    """The card codes' integers, and the flush and other-hand tables by rank-weight sum."""
    card_int: dict[str, int] = {}
    for rank in RANKS:
        for j, suit in enumerate(SUITS):
            card_int[Card.of(rank, suit).code] = _WEIGHTS[rank - 2] << _SUIT_BITS | 1 << j
    size = 4 * _WEIGHTS[-1] + _WEIGHTS[-2] + 1
    plain: list = [None] * size
    flush: list = [None] * size
    w = [0, 0] + list(_WEIGHTS)  # w[rank]
    desc = range(14, 1, -1)
    hv = HandValue
    # The category numbers, shifted into place (inlined: this loop runs at every import).
    quads, full, trips, two, pair = (c << 20 for c in (7, 6, 3, 2, 1))
    for a in desc:
        wa, ha = w[a], a << 16
        others = [r for r in desc if r != a]
        for b in others:
            wb, hb = w[b], b << 12
            plain[4 * wa + wb] = hv(quads | ha | hb)
            plain[3 * wa + 2 * wb] = hv(full | ha | hb)
            if b < a:
                for k in others:
                    if k != b:
                        plain[2 * wa + 2 * wb + w[k]] = hv(two | ha | hb | k << 8)
        for b, c in combinations(others, 2):
            plain[3 * wa + w[b] + w[c]] = hv(trips | ha | b << 12 | c << 8)
        for b, c, d in combinations(others, 3):
            plain[2 * wa + w[b] + w[c] + w[d]] = hv(pair | ha | b << 12 | c << 8 | d << 4)
    for ranks in combinations(desc, 5):
        r0, r1, r2, r3, r4 = ranks
        key = w[r0] + w[r1] + w[r2] + w[r3] + w[r4]
        top = r0 if r0 - r4 == 4 else 5 if ranks == _WHEEL else 0
        if top:
            plain[key] = hv(Category.STRAIGHT << 20 | top << 16)
            flush[key] = hv(Category.STRAIGHT_FLUSH << 20 | top << 16)
        else:
            bits = r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4
            plain[key] = hv(bits)
            flush[key] = hv(Category.FLUSH << 20 | bits)
    return card_int, flush, plain


_CODE, _FLUSH, _PLAIN = _build()


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The value of exactly five distinct cards (no jokers).

    Anything else it can tell (another count, a joker, a non-card) raises ValueError; a card
    given twice is only caught where it makes an impossible hand, to keep this fast."""
    try:
        a, b, c, d, e = cards
        code = _CODE
        ca = code[a.code]
        cb = code[b.code]
        cc = code[c.code]
        cd = code[d.code]
        ce = code[e.code]
        if ca & cb & cc & cd & ce & 15:
            value = _FLUSH[(ca + cb + cc + cd + ce) >> 6]
        else:
            value = _PLAIN[(ca + cb + cc + cd + ce) >> 6]
        if value is not None:  # None: a flush holding a card twice (repeats are not otherwise checked)
            return value
    except (KeyError, ValueError, TypeError, AttributeError):
        pass
    raise ValueError(f"not five distinct cards without jokers: {cards!r}")


def best_of(cards: Iterable[Card]) -> tuple[HandValue, tuple[Card, ...]]:
    """The best five-card hand among five or more cards: (its value, the five cards)."""
    pool = tuple(cards)
    if len(pool) < 5:
        raise ValueError(f"need at least five cards, got {len(pool)}")
    if len(set(pool)) != len(pool):
        raise ValueError("the same card twice")
    best: HandValue | None = None
    best_hand: tuple[Card, ...] = ()
    for hand in combinations(pool, 5):
        v = evaluate(hand)
        if best is None or v > best:
            best, best_hand = v, hand
    return best, best_hand  # type: ignore[return-value]  # five cards or more: best was set


# ---------------------------------------------------------------- strength

# How many of the 2,598,960 five-card hands fall in each class of a category: suits chosen for
# each rank group (a pair: C(4,2) = 6 ways; a single: 4; no flush: 4^5 - 4).
_HANDS_PER_CLASS = {
    Category.HIGH_CARD: 1020,
    Category.ONE_PAIR: 6 * 4**3,
    Category.TWO_PAIR: 6 * 6 * 4,
    Category.THREE_OF_A_KIND: 4 * 4 * 4,
    Category.STRAIGHT: 1020,
    Category.FLUSH: 4,
    Category.FULL_HOUSE: 4 * 6,
    Category.FOUR_OF_A_KIND: 4,
    Category.STRAIGHT_FLUSH: 4,
}
_TOTAL_HANDS = 2_598_960
_percentiles: dict[int, float] = {}  # built on first use; the same for every caller


def percentile(value: HandValue) -> float:
    """The share of all five-card hands this one beats, ties counting half (0 .. 1): a scale
    on which 'how good is this hand' can be averaged, as bots do."""
    table = _percentiles
    if not table:
        below = 0
        for v in sorted({v for v in _PLAIN + _FLUSH if v is not None}):
            n = _HANDS_PER_CLASS[v.category]
            table[v] = (below + n / 2) / _TOTAL_HANDS
            below += n
    return table[value]
