"""The five-card evaluator: every hand against the known counts and a slow reference, and the
orderings a poker player would check."""

from __future__ import annotations

import random
import time
from collections import Counter
from itertools import combinations

import pytest

from cardarcade.cards import RANKS, SUITS, Card, cards, standard_deck
from cardarcade.poker import Category, HandValue, best_of, evaluate, hand_value

KNOWN_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


def reference(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """A slow, obvious evaluator: (category, tie-break ranks), compared as tuples."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    by_group = tuple(r for r, _ in groups)
    shape = [c for _, c in groups]
    distinct = sorted(counts, reverse=True)
    straight_top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    if straight_top and flush:
        return 8, (straight_top,)
    if shape[0] == 4:
        return 7, by_group
    if shape == [3, 2]:
        return 6, by_group
    if flush:
        return 5, by_group
    if straight_top:
        return 4, (straight_top,)
    if shape[0] == 3:
        return 3, by_group
    if shape == [2, 2, 1]:
        return 2, by_group
    if shape[0] == 2:
        return 1, by_group
    return 0, by_group


def test_every_hand_against_known_counts_and_reference():
    """All 2,598,960 hands: each one's value equals the reference's class for its ranks and
    suitedness, the category counts are the textbook ones, and there are 7,462 classes."""
    started = time.perf_counter()
    # Cards indexed so that index // 4 is the rank and index % 4 the suit: combinations of
    # indices come out with their ranks already sorted.
    deck = [Card.of(rank, suit) for rank in RANKS for suit in SUITS]
    rank_of = [int(c.rank) for c in deck]
    suit_of = [SUITS.index(c.suit) for c in deck]

    # One evaluation per (ranks, flush) class through the reference, then every hand is
    # checked against its class's value.
    expected: dict[tuple, HandValue] = {}
    ref_keys: dict[HandValue, tuple] = {}
    per_value: Counter = Counter()
    for idx, hand in zip(combinations(range(52), 5), combinations(deck, 5)):
        i0, i1, i2, i3, i4 = idx
        s = suit_of[i0]
        key = (
            rank_of[i0],
            rank_of[i1],
            rank_of[i2],
            rank_of[i3],
            rank_of[i4],
            s == suit_of[i1] == suit_of[i2] == suit_of[i3] == suit_of[i4],
        )
        value = evaluate(hand)
        want = expected.get(key)
        if want is None:
            ref = reference(key[:5], key[5])
            want = expected[key] = value
            if value.category != ref[0]:
                pytest.fail(f"{hand}: {value.name}, reference says category {ref[0]}")
            if ref_keys.setdefault(value, ref) != ref:
                pytest.fail(f"{hand}: {value.name} also given to a hand the reference ranks differently")
        elif value is not want and value != want:
            pytest.fail(f"{hand}: {value.name}, but the same ranks and suitedness gave {want.name}")
        per_value[value] += 1

    per_category: Counter = Counter()
    for value, n in per_value.items():
        per_category[value.category] += n
    assert per_category == KNOWN_COUNTS
    assert sum(per_value.values()) == 2_598_960
    assert len(per_value) == 7_462
    assert sum(n for value, n in per_value.items() if value.is_royal) == 4
    # Our order of the 7,462 classes is exactly the reference's order.
    ours = sorted(per_value)
    assert [ref_keys[v] for v in ours] == sorted(ref_keys.values())
    assert time.perf_counter() - started < 60


def test_royal_flushes_are_four_hands():
    royal = [evaluate([Card.of(r, s) for r in RANKS[-5:]]) for s in SUITS]
    assert all(v.is_royal for v in royal)
    assert len(set(royal)) == 1
    assert royal[0].name == "royal flush"
    assert not evaluate(cards("Ks Qs Js 10s 9s")).is_royal
    assert not evaluate(cards("As Kd Qs Js 10s")).is_royal  # an ace-high straight only


def v(text: str) -> HandValue:
    return evaluate(cards(text))


@pytest.mark.parametrize(
    "low, high",
    [
        ("As 2d 3c 4h 5h", "2s 3d 4c 5h 6h"),  # the wheel is the lowest straight
        ("As 2s 3s 4s 5s", "2d 3d 4d 5d 6d"),  # the steel wheel is the lowest straight flush
        ("Ks Qd Jc 10h 9h", "As Kd Qc Jh 10h"),  # broadway tops the straights
        ("As Ks Qs Js 9d", "As 2d 3c 4h 5h"),  # even the wheel beats ace-king high
        ("9s 9d 9c Ah Kh", "2s 3d 4c 5h 6h"),  # a straight beats three of a kind
        ("As Kd Qc Jh 10h", "2s 4s 6s 8s 9s"),  # a flush beats a straight
        ("As Ks Qs Js 9s", "2h 2d 2c 3h 3s"),  # a full house beats a flush
        ("Ah Ad Ac Kh Ks", "2h 2d 2c 2s 3h"),  # four of a kind beats a full house
        ("Ah Ad Ac As Kh", "As 2s 3s 4s 5s"),  # the steel wheel beats four aces
        ("Ks Kd Kc Ah As", "Ah Ad Ac 2h 2s"),  # full house: the set decides
        ("Ks Kd Kc 7h 7s", "Kh Kd Kc 8h 8s"),  # then the pair
        ("As Ad 9c 9h Ks", "As Ad 10c 10h 2s"),  # two pair: the second pair before the kicker
        ("As Ad 9c 9h 4s", "Ac Ah 9d 9s 5d"),  # two pair: then the kicker
        ("Ks Kd Qc Qh As", "As Ad 3c 3h 2s"),  # two pair: the top pair first
        ("7s 7d Ac Kh Qs", "8h 8c 2d 3s 4h"),  # the pair's rank before any kicker
        ("7s 7d Ac Kh 9s", "7h 7c Ad Ks 10h"),  # equal pairs: the third kicker
        ("Ks Kd Kc Ah Qs", "As Ad Ac 2h 3s"),  # three of a kind: the set before the kickers
        ("Ah Kh Qh Jh 9h", "2c 2d 2h 2s 3c"),  # four deuces beat any flush
    ],
)
def test_orderings(low, high):
    assert v(low) < v(high), (v(low).name, v(high).name)


def test_kickers_all_the_way_down():
    assert v("As Kd Qc Jh 8h") < v("As Kd Qc Jh 9c")
    assert v("As Kd Qc Jh 8h") > v("As Kd Qc 10h 9c")
    assert v("As Kd 7c 5h 3h") < v("As Kd 7c 5h 4h")
    assert v("Qs Qd 9c 5h 3h") < v("Qh Qc 9s 5d 4d")
    assert v("Qs Qd Qc 5h 3h") < v("Qs Qd Qc 5h 4h")  # impossible in one deck, but still ordered
    assert v("2s 2d 2c 2h Ah") > v("2s 2d 2c 2h Kh")
    assert v("As Js 9s 5s 3s") < v("Ad Jd 9d 5d 4d")


def test_ties_are_equal_values():
    assert v("As Kd Qc Jh 9h") == v("Ac Kh Qd Js 9s")
    assert v("10s 9s 8s 7s 6s") == v("10h 9h 8h 7h 6h")
    assert v("5c 5d 8h 8s Kc") == v("5h 5s 8c 8d Kd")
    assert v("As 2d 3c 4h 5h") == v("5s 4d 3c 2h Ad")  # order of the cards does not matter


def test_categories_and_names():
    cases = {
        "As Ks Qs Js 10s": (Category.STRAIGHT_FLUSH, "royal flush"),
        "9h 8h 7h 6h 5h": (Category.STRAIGHT_FLUSH, "straight flush, nine high"),
        "As 2s 3s 4s 5s": (Category.STRAIGHT_FLUSH, "straight flush, five high (steel wheel)"),
        "Qs Qd Qc Qh 3h": (Category.FOUR_OF_A_KIND, "four of a kind, queens"),
        "Kh Kd Ks 7c 7d": (Category.FULL_HOUSE, "full house, kings over sevens"),
        "6h 6d 6s Ac Ad": (Category.FULL_HOUSE, "full house, sixes over aces"),
        "Ah 9h 7h 4h 2h": (Category.FLUSH, "flush, ace high"),
        "6h 5d 4s 3c 2d": (Category.STRAIGHT, "straight, six high"),
        "Ah 2d 3s 4c 5d": (Category.STRAIGHT, "straight, five high (wheel)"),
        "Jh Jd Js 4c 2d": (Category.THREE_OF_A_KIND, "three of a kind, jacks"),
        "10h 10d 3s 3c 2d": (Category.TWO_PAIR, "two pair, tens and threes"),
        "8h 8d Ks 3c 2d": (Category.ONE_PAIR, "pair of eights"),
        "Kh 8d 6s 3c 2d": (Category.HIGH_CARD, "king high"),
    }
    for text, (category, name) in cases.items():
        value = v(text)
        assert value.category is category
        assert value.name == name
        assert str(value) == name
        assert name in repr(value)


def test_ranks_and_hand_value_round_trip():
    assert v("Kh Kd Ks 7c 7d").ranks == (13, 7)
    assert v("Ah 2d 3s 4c 5d").ranks == (5,)
    assert v("10h 10d 3s 3c 2d") == hand_value(Category.TWO_PAIR, 10, 3, 2)
    assert v("As Kd Qc Jh 9h") == hand_value(Category.HIGH_CARD, 14, 13, 12, 11, 9)


@pytest.mark.parametrize(
    "bad",
    [
        "As Kd Qc Jh",  # four cards
        "As Kd Qc Jh 9h 8h",  # six
        "As Ks Qs Js Js",  # a flush holding a card twice
    ],
)
def test_bad_hands_raise_value_error(bad):
    with pytest.raises(ValueError):
        v(bad)


def test_jokers_and_non_cards_raise_value_error():
    with pytest.raises(ValueError):
        evaluate([Card.parse("Jk")] + cards("As Kd Qc Jh"))
    with pytest.raises(ValueError):
        evaluate(["As", "Kd", "Qc", "Jh", "9h"])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        evaluate(None)  # type: ignore[arg-type]


def test_best_of_picks_the_best_five():
    value, hand = best_of(cards("As Ks 2d 7c Qs Js 10s"))
    assert value.is_royal
    assert set(hand) == set(cards("As Ks Qs Js 10s"))
    value, hand = best_of(cards("2s 2d 2c 9h 9s 9d"))
    assert value.name == "full house, nines over twos"
    assert best_of(cards("As Kd Qc Jh 9h"))[0] == v("As Kd Qc Jh 9h")
    with pytest.raises(ValueError):
        best_of(cards("As Kd Qc Jh"))
    with pytest.raises(ValueError):
        best_of(cards("As Kd Qc Jh 9h 9h"))


def test_random_pairs_compare_like_the_reference():
    rng = random.Random(7)
    deck = standard_deck()

    def ref(hand):
        ranks = tuple(sorted(int(c.rank) for c in hand))
        return reference(ranks, len({c.suit for c in hand}) == 1)

    for _ in range(20_000):
        a, b = rng.sample(deck, 5), rng.sample(deck, 5)
        ra, rb = ref(a), ref(b)
        va, vb = evaluate(a), evaluate(b)
        assert (va < vb) == (ra < rb) and (va == vb) == (ra == rb), (a, b)


def test_percentile_is_the_share_of_hands_beaten():
    from cardarcade.poker import percentile

    worst, best = v("7h 5d 4s 3c 2d"), v("As Ks Qs Js 10s")
    assert percentile(worst) == pytest.approx(1020 / 2 / 2_598_960)
    assert percentile(best) == pytest.approx(1 - 2 / 2_598_960)
    # every pair beats exactly the 1,302,540 high-card hands and part of the pairs
    assert percentile(v("2h 2d 3s 4c 5d")) > 1_302_540 / 2_598_960 > percentile(v("Ah Kd Qs Jc 9d"))
    rng = random.Random(3)
    deck = standard_deck()
    hands = sorted(evaluate(rng.sample(deck, 5)) for _ in range(2_000))
    shares = [percentile(h) for h in hands]
    assert shares == sorted(shares)
    assert 0.45 < shares[len(shares) // 2] < 0.55  # a random hand sits in the middle
