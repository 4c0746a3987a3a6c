"""Cards, suits, ranks, the decks the games use, and the rank orders they play by.

Cards are interned: ``Card.of(rank, suit)`` always returns the same object, so engines can
compare and hash them cheaply. A card's ``code`` ("As", "10h", "Jk", "As/1" for the second
deck of a double pack) is its serialised form; ``str(card)`` is the readable form ("A♠").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Any
from collections.abc import Iterable, Sequence


class Suit(str, Enum):  # noqa: UP042 - StrEnum would change str(suit), which the saves and texts rely on
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def glyph(self) -> str:
        return _SUIT_GLYPHS[self]

    @property
    def letter(self) -> str:
        return self.value.upper()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def noun(self) -> str:
        return self.name.lower()


_SUIT_GLYPHS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]

    @property
    def word(self) -> str:
        """The rank in words: 'seven', 'queen'."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """'sevens', 'sixes', 'queens'."""
        return self.word + ("es" if self is Rank.SIX else "s")

    @property
    def noun(self) -> str:
        """Plural name for messages: 'jacks', '7s'."""
        if self <= Rank.TEN:
            return f"{int(self)}s"
        return self.name.lower() + "s"

    @property
    def is_face(self) -> bool:
        return Rank.JACK <= self <= Rank.KING


_RANK_LABELS = {r: str(int(r)) for r in Rank if r <= Rank.TEN}
_RANK_LABELS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Jk"})
_RANK_BY_TEXT = {label.upper(): rank for rank, label in _RANK_LABELS.items()}
_RANK_BY_TEXT.update({"T": Rank.TEN, "1": Rank.ACE, "JOKER": Rank.JOKER, "JK": Rank.JOKER})

# A card's back tells apart the packs shuffled together: two at most (back 0 and back 1). Bounding
# it bounds the interned cards too, whatever text a save or a client sends.
BACKS = 2

SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)


class Card:
    """One playing card. Immutable and interned; build with ``Card.of`` or ``Card.parse``."""

    __slots__ = ("rank", "suit", "back", "code")
    _interned: dict[tuple[Rank, Suit | None, int], Card] = {}
    _by_code: dict[str, Card] = {}

    rank: Rank
    suit: Suit | None
    back: int
    code: str

    def __new__(cls, *args: Any, **kwargs: Any) -> Card:  # pragma: no cover - guard
        raise TypeError("use Card.of(rank, suit) or Card.parse(text)")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | str | None = None, back: int = 0) -> Card:
        rank = Rank(rank)
        if type(back) is not int or not 0 <= back < BACKS:
            raise ValueError(f"a card's back is a pack number from 0 to {BACKS - 1}, not {back!r}")
        if rank is Rank.JOKER:
            suit = None
        elif suit is None:
            raise ValueError(f"a {rank.label} needs a suit")
        else:
            suit = Suit(suit)
        key = (rank, suit, back)
        card = cls._interned.get(key)
        if card is None:
            card = object.__new__(cls)
            code = rank.label + (suit.value if suit else "")
            if back:
                code += f"/{back}"
            for name, value in (("rank", rank), ("suit", suit), ("back", back), ("code", code)):
                object.__setattr__(card, name, value)
            cls._interned[key] = card
            cls._by_code[code] = card
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse 'As', '10h', 'Th', 'jk' (a joker), 'Qd/1' (the second deck's back)."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"not a card: {quoted(text)} (a card is written like 'As', '10h', 'Th' or 'Jk')")
        card = cls._by_code.get(text)
        if card is not None:
            return card
        raw = text.strip()
        back = 0
        if "/" in raw:
            raw, _, back_text = raw.partition("/")
            digits = back_text.lstrip("0") or back_text[-1:]  # "As/" has no back at all
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 3 and int(digits) < BACKS):
                raise ValueError(
                    f"not a card: {quoted(text)} (the back after '/' is the second pack's 1, as in 'Qd/1')"
                )
            back = int(digits)
        upper = raw.upper()
        if upper in ("JK", "JOKER"):
            return cls.of(Rank.JOKER, None, back)
        rank = _RANK_BY_TEXT.get(upper[:-1])
        if len(upper) < 2 or not raw.isascii() or rank is None or rank is Rank.JOKER or upper[-1] not in "CDHS":
            raise ValueError(f"not a card: {quoted(text)} (try 'As', '10h', 'Th' or 'Jk')")
        return cls.of(rank, upper[-1].lower(), back)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    # Equality and hashing are object identity (object's own, in C): cards are interned, so one
    # card is one object in this process, and comparing or hashing cards is on every engine's
    # hot path (a card in a hand, an action among the legal ones, a set of cards).

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        if self.rank is Rank.JOKER:
            return "Joker"
        return self.rank.label + self.suit.glyph  # type: ignore[union-attr]  # a joker returned above

    def label(self, ascii_only: bool = False) -> str:
        """Short label in unicode ('A♠') or ascii ('AS') glyphs."""
        if self.rank is Rank.JOKER:
            return "Jk"
        return self.rank.label + (self.suit.letter if ascii_only else self.suit.glyph)  # type: ignore[union-attr]  # a joker returned above

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    # pydantic: a card is stored as its code
    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            cls._validate,
            serialization=core_schema.plain_serializer_function_ser_schema(lambda c: c.code),
            json_schema_input_schema=core_schema.str_schema(),
        )

    @classmethod
    def _validate(cls, value: Any) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        raise ValueError(f"not a card: {quoted(value)}")


def quoted(value: object) -> str:
    """A rejected value as an error message shows it: its repr, cut short whatever its size (a
    save or a client may send megabytes)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card_count(count: int) -> str:
    """'1 card', '3 cards'."""
    return f"{count} card{'' if count == 1 else 's'}"


def cards(text: str) -> list[Card]:
    """'As Kd 10h' -> [A♠, K♦, 10♥]: handy for tests and fixed decks."""
    return [Card.parse(t) for t in text.replace(",", " ").split()]


# ---------------------------------------------------------------- decks


def _deck(ranks: Iterable[Rank], back: int = 0, suits: Sequence[Suit] = SUITS) -> list[Card]:
    ranks = tuple(ranks)
    return [Card.of(rank, suit, back) for suit in suits for rank in ranks]


def standard_deck(back: int = 0) -> list[Card]:
    """The 52-card pack, clubs to spades, 2 to ace within each suit."""
    return _deck(RANKS, back)


def deck_with_jokers(jokers: int = 2) -> list[Card]:
    """52 cards plus ``jokers`` jokers."""
    return standard_deck() + [Card.of(Rank.JOKER)] * jokers


def short_deck(lowest: Rank) -> list[Card]:
    """The pack stripped below ``lowest``: 6 gives 36 (Bura), 7 gives 32 (piquet, Toepen), 10 gives 20 (Schnapsen)."""
    return _deck(r for r in RANKS if r >= lowest)


def deck_36() -> list[Card]:
    return short_deck(Rank.SIX)


def piquet_deck() -> list[Card]:
    return short_deck(Rank.SEVEN)


def schnapsen_deck() -> list[Card]:
    return short_deck(Rank.TEN)


def polignac_deck(players: int) -> list[Card]:
    """32 cards (7 to ace) for four players; otherwise the black sevens go, leaving 30."""
    deck = piquet_deck()
    if players != 4:
        deck = [c for c in deck if not (c.rank is Rank.SEVEN and not c.is_red)]
    return deck


def double_deck() -> list[Card]:
    """Two 52-card packs with different backs (back 0 and back 1): 104 cards."""
    return standard_deck(0) + standard_deck(1)


def shuffled(deck: Iterable[Card], rng: random.Random) -> list[Card]:
    out = list(deck)
    rng.shuffle(out)
    return out


# ---------------------------------------------------------------- rank orders


@dataclass(frozen=True)
class RankOrder:
    """An order of ranks from low to high, optionally wrapping (K-A-2) and with a suit tie-break."""

    name: str
    ranks: tuple[Rank, ...]
    wrap: bool = False
    suits: tuple[Suit, ...] = ()
    _index: dict[Rank, int] = field(default_factory=dict, compare=False, repr=False)
    _suit_index: dict[Suit, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({r: i for i, r in enumerate(self.ranks)})
        self._suit_index.update({s: i for i, s in enumerate(self.suits)})

    def value(self, card: Card | Rank) -> int:
        """Position of the card's rank in this order (0 = lowest)."""
        rank = card.rank if isinstance(card, Card) else card
        return self._index[rank]

    def key(self, card: Card) -> int:
        """Sort key; with a suit order, suits break ties between equal ranks."""
        if self.suits:
            return self._index[card.rank] * len(self.suits) + self._suit_index[card.suit]  # type: ignore[index]  # orders with suits hold no jokers
        return self._index[card.rank]

    def beats(self, a: Card, b: Card) -> bool:
        return self.key(a) > self.key(b)

    def adjacent(self, a: Card | Rank, b: Card | Rank) -> bool:
        """One step apart in this order (wrapping from the top back to the bottom if the order wraps)."""
        d = abs(self.value(a) - self.value(b))
        return d == 1 or (self.wrap and d == len(self.ranks) - 1)

    def is_run(self, cards: Sequence[Card]) -> bool:
        """Consecutive ranks in the given order (each one step above the last)."""
        n = len(self.ranks)
        for a, b in zip(cards, cards[1:]):
            step = self.value(b) - self.value(a)
            if step != 1 and not (self.wrap and step == 1 - n):
                return False
        return True


_NUMERIC = tuple(r for r in RANKS if r <= Rank.TEN)
ACES_HIGH = RankOrder("aces high", RANKS)
ACES_LOW = RankOrder("aces low", (Rank.ACE,) + RANKS[:-1])
AROUND_THE_CORNER = RankOrder("around the corner", RANKS, wrap=True)
# Thirteen: 3 lowest, then ... K, A, 2 highest; suits spades < clubs < diamonds < hearts.
THIRTEEN = RankOrder(
    "thirteen",
    tuple(r for r in RANKS if r >= Rank.THREE) + (Rank.TWO,),
    suits=(Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS),
)
# Toepen: J Q K A below the numbers 7 8 9 10.
TOEPEN = RankOrder("toepen", (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN))
# Bura (and Schnapsen, which has no cards below the jack): the ten ranks just under the ace.
BURA = RankOrder(
    "bura",
    (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE),
)
SCHNAPSEN = RankOrder("schnapsen", (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE))
# Polignac: the ace sits between the ten and the jack.
POLIGNAC = RankOrder(
    "polignac",
    (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING),
)
