"""Partnerships for the games played in sides (Frogs in the Pond, Cash).

How partners are chosen and seated (the partnership set-up article): either by a random draw
(two red and two black cards shuffled, each player draws one, and the reds play against the
blacks; with more sides, one suit per side) or by the players' own choice. Then the sides sit
alternately, A-B-A-B (A-B-C-A-B-C with three sides), so that partners never sit side by side
and, at four, sit opposite each other.

People are numbered as the game was set up (0, 1, 2, ...). A side is numbered by its first
member, so the side of person 0 is always side 0. ``seating`` gives the people in the order
they sit round the table (clockwise), person 0 first.
"""

from __future__ import annotations

import functools
import random

from cardarcade.cards import Card, Rank, Suit

# The cards drawn: two colours for two sides, else one suit per side (spades, hearts, clubs,
# diamonds: the first two differ in colour as well).
_DRAW_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)


def draw_cards(people: int, sides: int) -> list[Card]:
    """The packet that is shuffled and drawn from: for two sides, red and black cards (half each:
    spades and clubs against hearts and diamonds); else ``people // sides`` cards of one suit per side."""
    return list(_packet(people, sides))


@functools.lru_cache(maxsize=32)  # (made once per table size: every new game draws from it)
def _packet(people: int, sides: int) -> tuple[Card, ...]:
    if sides < 2 or people % sides or people // sides > len(_RANKS) or sides > len(_DRAW_SUITS):
        raise ValueError(f"{people} people cannot be drawn into {sides} equal sides")
    size = people // sides
    if sides == 2:
        black = [Card.of(_RANKS[i // 2], (Suit.SPADES, Suit.CLUBS)[i % 2]) for i in range(size)]
        red = [Card.of(_RANKS[i // 2], (Suit.HEARTS, Suit.DIAMONDS)[i % 2]) for i in range(size)]
        return (*black, *red)
    return tuple(Card.of(_RANKS[i], suit) for suit in _DRAW_SUITS[:sides] for i in range(size))


def card_group(card: Card, sides: int) -> int:
    """Which group a drawn card belongs to: its colour (two sides) or its suit."""
    if sides == 2:
        return 1 if card.is_red else 0
    return _DRAW_SUITS.index(card.suit)


def number_sides(groups: list[int]) -> list[int]:
    """Renumber groups so that sides are counted in order of their first member (person 0's side is 0)."""
    order: dict[int, int] = {}
    for g in groups:
        order.setdefault(g, len(order))
    return [order[g] for g in groups]


def draw_sides(people: int, sides: int, rng: random.Random) -> tuple[list[int], list[Card]]:
    """Partners by a random draw: each person draws one card of the shuffled packet; those
    whose cards match in colour (or suit) are partners. Returns each person's side and the card drawn."""
    packet = draw_cards(people, sides)
    rng.shuffle(packet)
    return number_sides([card_group(c, sides) for c in packet]), packet


def chosen_sides(people: int, partner_of_first: int) -> list[int]:
    """Two sides of two chosen by the players: person 0 with ``partner_of_first``, the other two together."""
    if people != 4 or not 1 <= partner_of_first <= 3:
        raise ValueError("a chosen partner is for four players: person 0 with person 1, 2 or 3")
    return [0 if p in (0, partner_of_first) else 1 for p in range(people)]


def check_sides(sides: list[int]) -> None:
    """Raise ValueError unless every side number is one a table of ``len(sides)`` people can have
    (0 up to one less than the people): what is built per side is sized by the largest, and a
    saved state's numbers are whatever the file says."""
    if not sides or any(type(s) is not int or not 0 <= s < len(sides) for s in sides):
        raise ValueError("a side number is out of range")


def seating(sides: list[int]) -> list[int]:
    """The people in the order they sit round the table, person 0 first, the sides alternating
    (A-B-A-B, A-B-C-A-B-C); within a side, people keep the order they were set up in."""
    check_sides(sides)
    count = max(sides) + 1
    members = [[p for p, s in enumerate(sides) if s == side] for side in range(count)]
    if len({len(m) for m in members}) != 1:
        raise ValueError("the sides are not the same size")
    return [members[side][k] for k in range(len(members[0])) for side in range(count)]


def left_of(ring: list[int], seat: int) -> list[int]:
    """Everyone round the table ``ring`` in turn from ``seat``'s left, ``seat`` last (a deal's order
    from the dealer)."""
    start = ring.index(seat) + 1
    return ring[start:] + ring[:start]


def seat_after(ring: list[int], seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places to the left of ``seat`` round the table ``ring``."""
    return ring[(ring.index(seat) + steps) % len(ring)]


def partners_of(sides: list[int], person: int) -> list[int]:
    return [p for p, s in enumerate(sides) if s == sides[person] and p != person]


def describe_sides(sides: list[int], names: list[str], joined: str = " and ", against: str = " against ") -> str:
    """'Ann and Cy against Bo and Di' (the people of each side, side 0 first)."""
    groups = [[names[p] for p, s in enumerate(sides) if s == side] for side in range(max(sides) + 1)]
    return against.join(joined.join(g) for g in groups)
