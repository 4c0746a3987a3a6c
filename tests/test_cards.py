"""Cards: parsing, printing, identity, pydantic, the deck builders and the rank orders."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest
from pydantic import BaseModel

from cardarcade.cards import (
    ACES_HIGH,
    ACES_LOW,
    AROUND_THE_CORNER,
    BURA,
    POLIGNAC,
    RANKS,
    SCHNAPSEN,
    SUITS,
    THIRTEEN,
    TOEPEN,
    Card,
    Rank,
    Suit,
    cards,
    deck_36,
    deck_with_jokers,
    double_deck,
    piquet_deck,
    polignac_deck,
    schnapsen_deck,
    short_deck,
    standard_deck,
)

C = Card.parse


# ---------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    "text, rank, suit, back",
    [
        ("As", Rank.ACE, Suit.SPADES, 0),
        ("as", Rank.ACE, Suit.SPADES, 0),
        ("AS", Rank.ACE, Suit.SPADES, 0),
        ("10h", Rank.TEN, Suit.HEARTS, 0),
        ("Th", Rank.TEN, Suit.HEARTS, 0),
        ("tH", Rank.TEN, Suit.HEARTS, 0),
        ("2c", Rank.TWO, Suit.CLUBS, 0),
        ("9d", Rank.NINE, Suit.DIAMONDS, 0),
        ("Jc", Rank.JACK, Suit.CLUBS, 0),
        ("qD", Rank.QUEEN, Suit.DIAMONDS, 0),
        ("Kh", Rank.KING, Suit.HEARTS, 0),
        (" Ks ", Rank.KING, Suit.SPADES, 0),
        ("Qd/1", Rank.QUEEN, Suit.DIAMONDS, 1),
        ("qd/1", Rank.QUEEN, Suit.DIAMONDS, 1),
        ("10s/1", Rank.TEN, Suit.SPADES, 1),
    ],
)
def test_parse(text: str, rank: Rank, suit: Suit, back: int) -> None:
    card = C(text)
    assert (card.rank, card.suit, card.back) == (rank, suit, back)
    assert card is Card.of(rank, suit, back)


@pytest.mark.parametrize("text", ["Jk", "jk", "JK", "joker", "Joker"])
def test_parse_joker(text: str) -> None:
    card = C(text)
    assert card.is_joker and card.rank is Rank.JOKER and card.suit is None
    assert card.code == "Jk" and card is Card.of(Rank.JOKER)


def test_parse_joker_second_back() -> None:
    card = C("Jk/1")
    assert card.is_joker and card.back == 1 and card.code == "Jk/1"
    assert card != C("Jk")


def test_ten_spellings_are_one_card() -> None:
    assert C("10h") == C("Th") == C("th") == C("10H")
    assert C("10h") is C("Th")
    assert C("Th").code == "10h"


def test_codes() -> None:
    assert [c.code for c in cards("As 10h Th Jk Qd/1 2c")] == ["As", "10h", "10h", "Jk", "Qd/1", "2c"]


def test_cards_helper_accepts_commas() -> None:
    assert cards("As, Kd,10h") == [C("As"), C("Kd"), C("10h")]
    assert cards("") == []


def test_parse_passes_cards_through() -> None:
    card = C("As")
    assert Card.parse(card) is card


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "A",
        "s",
        "Ax",
        "1x",
        "11h",
        "0h",
        "Zs",
        "As/",
        "As/x",
        "As/-1",
        "As/²",
        "Ass",
        "10",
        "Jks",
        "jokers",
        "Jk s",
        "A s",
        "Aſ",
        "♠A",
        "A♠",
        "hello",
    ],
)
def test_parse_garbage_raises_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a card") as info:
        C(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 5, 14.0, ["As"], {"code": "As"}, b"As"])
def test_parse_non_text_raises_value_error(value: object) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(value)  # type: ignore[arg-type]


def test_cards_helper_reports_the_bad_token() -> None:
    with pytest.raises(ValueError, match="'Xx'"):
        cards("As Xx Kd")


def test_bogus_cards_leave_nothing_behind() -> None:
    """A hostile save or client may send any number of made-up cards: each is refused, and no
    new card is kept for it ('As/12345', a back no game has, once made a card of its own)."""
    C("As/1")
    before = (dict(Card._interned), dict(Card._by_code))
    for i in range(2, 3000):
        for text in (f"As/{i}", f"Kd/{i:05}", f"x{i}", f"1{i}h", f"Jk/{i}"):
            with pytest.raises(ValueError, match="not a card"):
                C(text)
    assert (Card._interned, Card._by_code) == before


def test_a_back_is_one_of_the_two_packs() -> None:
    assert C("Qd/0") is C("Qd") and C("Qd/001") is C("Qd/1")
    for back in (2, -1, 10**6, True):
        with pytest.raises(ValueError):
            Card.of(Rank.QUEEN, Suit.DIAMONDS, back)


def test_a_long_bad_card_is_cut_short_in_the_message() -> None:
    with pytest.raises(ValueError, match="not a card") as info:
        C("As/" + "9" * 5000)
    assert len(str(info.value)) < 200


def test_of_needs_a_suit_except_for_jokers() -> None:
    with pytest.raises(ValueError):
        Card.of(Rank.ACE)
    assert Card.of(Rank.JOKER, Suit.SPADES) is C("Jk")
    assert Card.of(14, "s") is C("As")


def test_no_direct_construction_and_immutable() -> None:
    with pytest.raises(TypeError):
        Card()  # type: ignore[call-arg]
    card = C("As")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert card.rank is Rank.ACE


# ---------------------------------------------------------------- printing


@pytest.mark.parametrize(
    "code, text, ascii_label",
    [
        ("As", "A♠", "AS"),
        ("10h", "10♥", "10H"),
        ("Kd", "K♦", "KD"),
        ("2c", "2♣", "2C"),
        ("Qd/1", "Q♦", "QD"),
    ],
)
def test_str_and_labels(code: str, text: str, ascii_label: str) -> None:
    card = C(code)
    assert str(card) == text
    assert card.label() == text
    assert card.label(ascii_only=True) == ascii_label
    assert card.label(ascii_only=True).isascii()
    assert repr(card) == f"Card({code!r})"


def test_joker_text() -> None:
    joker = C("Jk")
    assert str(joker) == "Joker"
    assert joker.label() == "Jk" and joker.label(ascii_only=True) == "Jk"


def test_colours_and_suit_helpers() -> None:
    assert C("Ah").is_red and C("Ad").is_red
    assert not C("As").is_red and not C("Ac").is_red and not C("Jk").is_red
    assert [s.glyph for s in SUITS] == ["♣", "♦", "♥", "♠"]
    assert [s.letter for s in SUITS] == ["C", "D", "H", "S"]
    assert Rank.SEVEN.noun == "7s" and Rank.JACK.noun == "jacks" and Rank.TEN.noun == "10s"
    assert Rank.JACK.is_face and Rank.KING.is_face and not Rank.ACE.is_face and not Rank.TEN.is_face


# ---------------------------------------------------------------- identity


def test_interning_equality_and_hash() -> None:
    a, b = C("As"), Card.of(Rank.ACE, Suit.SPADES)
    assert a is b and a == b and hash(a) == hash(b)
    assert C("As") != C("As/1")
    assert hash(C("As")) != hash(C("As/1")) or C("As") != C("As/1")
    assert C("As") != "As"
    assert len({C("As"), C("as"), C("As/1"), C("Ks")}) == 3
    counts = Counter(cards("As As/1 as Ks"))
    assert counts[C("As")] == 2 and counts[C("As/1")] == 1


def test_copy_and_pickle_keep_identity() -> None:
    card = C("Qd/1")
    assert copy.copy(card) is card
    assert copy.deepcopy([card])[0] is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_pydantic_round_trip() -> None:
    class Hand(BaseModel):
        cards: list[Card]
        top: Card | None = None

    hand = Hand(cards=cards("As 10h Jk Qd/1"), top=C("2c"))
    text = hand.model_dump_json()
    assert text == '{"cards":["As","10h","Jk","Qd/1"],"top":"2c"}'
    back = Hand.model_validate_json(text)
    assert back.cards == hand.cards and back.cards[1] is C("10h") and back.top is C("2c")
    assert Hand.model_validate({"cards": ["th", C("Ks")]}).cards == [C("10h"), C("Ks")]
    assert hand.model_dump()["cards"] == ["As", "10h", "Jk", "Qd/1"]
    schema = Hand.model_json_schema()
    assert schema["properties"]["cards"]["items"] == {"type": "string"}


@pytest.mark.parametrize("bad", [["Xx"], [5], [None], ["As/"]])
def test_pydantic_rejects_bad_cards(bad: list) -> None:
    from pydantic import ValidationError

    class Hand(BaseModel):
        cards: list[Card]

    with pytest.raises(ValidationError):
        Hand.model_validate({"cards": bad})


# ---------------------------------------------------------------- decks


def _codes(deck: list[Card]) -> Counter:
    return Counter(c.code for c in deck)


def test_standard_deck() -> None:
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert {(c.rank, c.suit) for c in deck} == {(r, s) for r in RANKS for s in SUITS}
    assert all(c.back == 0 for c in deck)
    assert deck[0] == C("2c") and deck[12] == C("Ac") and deck[-1] == C("As")
    assert standard_deck() == deck  # fixed order, fresh list
    assert standard_deck() is not deck


def test_deck_with_jokers() -> None:
    deck = deck_with_jokers()
    assert len(deck) == 54
    assert _codes(deck)["Jk"] == 2
    assert Counter(c.code for c in deck if not c.is_joker) == _codes(standard_deck())
    assert len(deck_with_jokers(1)) == 53 and len(deck_with_jokers(0)) == 52
    assert _codes(deck_with_jokers(4))["Jk"] == 4


def _ranks(deck: list[Card]) -> set[Rank]:
    return {c.rank for c in deck}


def test_deck_36() -> None:
    deck = deck_36()
    assert len(deck) == 36 and len(set(deck)) == 36
    assert _ranks(deck) == {
        Rank.SIX,
        Rank.SEVEN,
        Rank.EIGHT,
        Rank.NINE,
        Rank.TEN,
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
        Rank.ACE,
    }
    assert all(sum(c.suit is s for c in deck) == 9 for s in SUITS)
    assert short_deck(Rank.SIX) == deck


def test_piquet_deck() -> None:
    deck = piquet_deck()
    assert len(deck) == 32 and len(set(deck)) == 32
    assert _ranks(deck) == {Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert all(sum(c.suit is s for c in deck) == 8 for s in SUITS)


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_polignac_30_without_the_black_sevens(players: int) -> None:
    deck = polignac_deck(players)
    assert len(deck) == 30 and len(set(deck)) == 30
    assert C("7c") not in deck and C("7s") not in deck
    assert C("7h") in deck and C("7d") in deck
    assert set(piquet_deck()) - set(deck) == {C("7c"), C("7s")}


def test_polignac_32_for_four() -> None:
    deck = polignac_deck(4)
    assert len(deck) == 32 and set(deck) == set(piquet_deck())


def test_schnapsen_deck() -> None:
    deck = schnapsen_deck()
    assert len(deck) == 20 and len(set(deck)) == 20
    assert _ranks(deck) == {Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert all(sum(c.suit is s for c in deck) == 5 for s in SUITS)


def test_double_deck_has_two_distinguishable_backs() -> None:
    deck = double_deck()
    assert len(deck) == 104 and len(set(deck)) == 104
    assert Counter(c.back for c in deck) == {0: 52, 1: 52}
    assert C("As") in deck and C("As/1") in deck and C("As") != C("As/1")
    assert {(c.rank, c.suit) for c in deck if c.back == 1} == {(c.rank, c.suit) for c in standard_deck()}
    # each physical card appears once
    assert max(_codes(deck).values()) == 1
    assert str(C("As/1")) == str(C("As")) == "A♠"


# ---------------------------------------------------------------- rank orders


def _low_to_high(order, codes: str) -> bool:
    cs = cards(codes)
    return all(order.beats(b, a) and not order.beats(a, b) for a, b in zip(cs, cs[1:]))


def test_aces_high() -> None:
    assert _low_to_high(ACES_HIGH, "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac")
    assert ACES_HIGH.value(C("2d")) == 0 and ACES_HIGH.value(C("Ad")) == 12
    assert not ACES_HIGH.beats(C("As"), C("Ah")) and not ACES_HIGH.beats(C("Ah"), C("As"))
    assert not ACES_HIGH.adjacent(C("As"), C("2s"))
    assert ACES_HIGH.is_run(cards("10h Jh Qh Kh Ah"))
    assert not ACES_HIGH.is_run(cards("Kh Ah 2h"))


def test_aces_low() -> None:
    assert _low_to_high(ACES_LOW, "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")
    assert ACES_LOW.value(C("As")) == 0 and ACES_LOW.value(C("Ks")) == 12
    assert ACES_LOW.is_run(cards("Ad 2d 3d 4d 5d"))
    assert not ACES_LOW.is_run(cards("Qd Kd Ad"))
    assert ACES_LOW.adjacent(C("As"), C("2s")) and not ACES_LOW.adjacent(C("Ks"), C("As"))


def test_around_the_corner() -> None:
    o = AROUND_THE_CORNER
    assert o.adjacent(C("Kh"), C("As")) and o.adjacent(C("As"), C("Kh"))
    assert o.adjacent(C("As"), C("2c")) and o.adjacent(C("2c"), C("As"))
    assert o.adjacent(C("7c"), C("8d")) and o.adjacent(C("8d"), C("7c"))
    assert not o.adjacent(C("Kh"), C("2c"))
    assert not o.adjacent(C("7c"), C("7d")) and not o.adjacent(C("7c"), C("9c"))
    assert o.is_run(cards("Qh Kh Ah 2h 3h"))
    assert o.is_run(cards("Kh Ah 2h"))
    assert o.is_run(cards("Ah 2h 3h"))
    assert not o.is_run(cards("Kh 2h 3h"))
    assert not o.is_run(cards("3h 2h Ah"))
    assert not o.is_run(cards("2h 4h"))
    # the non-wrapping orders disagree exactly at the corner
    assert not ACES_HIGH.adjacent(C("As"), C("2c")) and not ACES_LOW.adjacent(C("Kh"), C("As"))


def test_thirteen() -> None:
    o = THIRTEEN
    ranks_low_to_high = "3 4 5 6 7 8 9 10 J Q K A 2".split()
    assert [r.label for r in o.ranks] == ranks_low_to_high
    everything = sorted(standard_deck(), key=o.key)
    assert everything[0] == C("3s") and everything[-1] == C("2h")
    assert everything[:4] == cards("3s 3c 3d 3h")
    assert everything[-4:] == cards("2s 2c 2d 2h")
    assert len({o.key(c) for c in standard_deck()}) == 52  # a total order
    # the text's examples: 6♣ beats 6♠; 7♠ beats 6♥; 4♣ beats 3♥
    assert o.beats(C("6c"), C("6s")) and not o.beats(C("6s"), C("6c"))
    assert o.beats(C("7s"), C("6h")) and not o.beats(C("6h"), C("7s"))
    assert o.beats(C("4c"), C("3h"))
    assert o.beats(C("3h"), C("3d"))
    assert o.beats(C("2s"), C("Ah")) and o.beats(C("As"), C("Kh"))
    assert o.value(C("2s")) > o.value(C("Ah")) > o.value(C("Kc")) > o.value(C("3h"))


def _order_from_text(order, high_to_low: str) -> None:
    ranks = [C(label + "c").rank for label in high_to_low.split()]
    assert list(order.ranks) == ranks[::-1]
    low_to_high = [Card.of(r, Suit.SPADES) for r in reversed(ranks)]
    for a, b in zip(low_to_high, low_to_high[1:]):
        assert order.beats(b, a) and not order.beats(a, b)


def test_toepen() -> None:
    _order_from_text(TOEPEN, "10 9 8 7 A K Q J")
    assert TOEPEN.beats(C("7h"), C("Ah")) and TOEPEN.beats(C("Qh"), C("Jh"))
    assert [c.code for c in sorted(piquet_deck(), key=TOEPEN.key)[:4]] == ["Jc", "Jd", "Jh", "Js"]


def test_bura() -> None:
    _order_from_text(BURA, "A 10 K Q J 9 8 7 6")
    assert BURA.beats(C("10d"), C("Kd")) and BURA.beats(C("Ad"), C("10d")) and BURA.beats(C("Jd"), C("9d"))
    assert {c.rank for c in deck_36()} == set(BURA.ranks)


def test_schnapsen() -> None:
    _order_from_text(SCHNAPSEN, "A 10 K Q J")
    assert SCHNAPSEN.beats(C("10s"), C("Ks")) and SCHNAPSEN.beats(C("As"), C("10s"))
    assert {c.rank for c in schnapsen_deck()} == set(SCHNAPSEN.ranks)


def test_polignac() -> None:
    _order_from_text(POLIGNAC, "K Q J A 10 9 8 7")
    assert POLIGNAC.beats(C("Jc"), C("Ac")) and POLIGNAC.beats(C("Ac"), C("10c"))
    assert POLIGNAC.beats(C("Kc"), C("Qc"))
    assert {c.rank for c in polignac_deck(4)} == set(POLIGNAC.ranks)


def test_every_order_ranks_each_of_its_ranks_once() -> None:
    for order in (ACES_HIGH, ACES_LOW, AROUND_THE_CORNER, THIRTEEN, TOEPEN, BURA, SCHNAPSEN, POLIGNAC):
        assert len(set(order.ranks)) == len(order.ranks)
        assert [order.value(r) for r in order.ranks] == list(range(len(order.ranks)))
        assert Rank.JOKER not in order.ranks


def test_ranks_in_words_for_messages():
    assert (Rank.SEVEN.word, Rank.SEVEN.plural) == ("seven", "sevens")
    assert Rank.SIX.plural == "sixes" and Rank.ACE.word == "ace" and Rank.TEN.plural == "tens"
