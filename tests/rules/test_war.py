"""War: each rule of the text as a test on a fixed deck.

With ``deck=`` there is no shuffle and the pack is dealt round robin: deck[0] to seat 0, deck[1]
to seat 1, ... ``deal`` below builds such a deck from each seat's pile, top card first.

Won cards go to the bottom of the winner's pile in no fixed order (a seeded shuffle), so the
tests compare the won cards as a set and only rely on the order of the cards as dealt.
"""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import ACES_HIGH, Card, cards, standard_deck
from cardarcade.rules import GAMES, BadSave, BadSetup, IllegalAction
from cardarcade.rules.base import Action
from cardarcade.rules.war import FLIP

SPEC = GAMES["war"]
C = Card.parse


def deal(*hands: str | list[Card], spare: str | None = None) -> list[Card]:
    """The 52-card order that gives seat i the pile ``hands[i]`` (top first).

    ``*`` in a hand stands for "some other card" (a face-down card whose identity does not
    matter); those and the rest of each pile are filled from the unused cards in
    ``standard_deck()`` order. With three players the 52nd card is ``spare``.
    """
    players = len(hands)
    per = 52 // players
    tokens = [h.split() if isinstance(h, str) else [c.code for c in h] for h in hands]
    fixed = [C(t) for ts in tokens for t in ts if t != "*"] + (cards(spare) if spare else [])
    assert len(set(fixed)) == len(fixed), "a card is named twice"
    rest = [c for c in standard_deck() if c not in set(fixed)]
    piles: list[list[Card]] = []
    for ts in tokens:
        pile = []
        for t in ts:
            pile.append(rest.pop(0) if t == "*" else C(t))
        while len(pile) < per:
            pile.append(rest.pop(0))
        assert len(pile) == per, "too many cards for one pile"
        piles.append(pile)
    leftover = (cards(spare) if spare else []) + rest
    assert len(leftover) == 52 - per * players
    return [piles[s][i] for i in range(per) for s in range(players)] + leftover


def new(players: int = 2, deck: list[Card] | None = None, **options):
    return SPEC.new(players, seed=0, deck=deck, options=options or None)


def flip_all(game, order: list[int] | None = None) -> list:
    """Every seat that must act turns its card (in ``order`` if given); returns all events."""
    events = []
    for seat in order if order is not None else list(game.actors()):
        events += game.apply(seat, FLIP)
    return events


def counts(game) -> list[int]:
    return [len(p) for p in game.s.piles]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def seq(*codes: str) -> str:
    return " ".join(codes)


# ---------------------------------------------------------------- the deal


def test_two_players_26_each_dealt_round_robin() -> None:
    deck = standard_deck()
    g = SPEC.new(2, seed=0, deck=deck)
    assert counts(g) == [26, 26]
    assert g.s.piles[0] == deck[0::2] and g.s.piles[1] == deck[1::2]
    assert g.s.spare == []
    assert g.actors() == [0, 1]
    assert g.legal_actions(0) == [FLIP] and g.legal_actions(1) == [FLIP]
    assert sorted(c.code for c in g.cards()) == sorted(c.code for c in deck)


def test_seeded_deal_is_a_shuffled_full_pack() -> None:
    a, b, c = SPEC.new(2, seed=1), SPEC.new(2, seed=1), SPEC.new(2, seed=2)
    assert counts(a) == [26, 26]
    assert sorted(x.code for x in a.cards()) == sorted(x.code for x in standard_deck())
    assert a.s.piles == b.s.piles
    assert a.s.piles != c.s.piles
    assert a.s.piles[0] + a.s.piles[1] != standard_deck()[0::2] + standard_deck()[1::2]


def test_three_players_17_each_and_one_spare() -> None:
    deck = standard_deck()
    g = SPEC.new(3, seed=0, deck=deck)
    assert counts(g) == [17, 17, 17]
    assert [g.s.piles[s] for s in range(3)] == [deck[0:51:3], deck[1:51:3], deck[2:51:3]]
    assert g.s.spare == [deck[51]]
    assert g.view(0).spare == 1
    assert g.actors() == [0, 1, 2]


# ---------------------------------------------------------------- battles


def test_higher_card_takes_both_to_the_bottom_of_its_pile() -> None:
    g = new(deck=deal("Kc 4c", "5d 9d"))
    assert g.apply(0, FLIP)[0].kind == "flip"
    assert g.actors() == [1]
    assert g.view(1).table == [[C("Kc")], []]
    events = g.apply(1, FLIP)
    assert kinds(events) == ["flip", "take"]
    take = events[-1]
    assert take.seat == 0 and take.data == {"count": 2, "war": 0}
    assert counts(g) == [27, 25]
    assert set(g.s.piles[0][-2:]) == {C("Kc"), C("5d")}
    assert g.s.piles[0][0] == C("4c") and g.s.piles[1][0] == C("9d")
    assert g.s.table == [[], []] and g.s.rounds == 1
    assert g.actors() == [0, 1]
    # next round: 9 beats 4, so seat 1 takes
    flip_all(g)
    assert counts(g) == [26, 26]
    assert set(g.s.piles[1][-2:]) == {C("4c"), C("9d")}


@pytest.mark.parametrize("order", [[0, 1], [1, 0]])
def test_ace_is_high(order: list[int]) -> None:
    g = new(deck=deal("Kh 2h", "Ad Ac"))
    flip_all(g, order)
    assert counts(g) == [25, 27] and set(g.s.piles[1][-2:]) == {C("Kh"), C("Ad")}
    flip_all(g, order)  # 2 against ace: the ace still wins
    assert counts(g) == [24, 28] and set(g.s.piles[1][-2:]) == {C("2h"), C("Ac")}


def test_one_flip_each_per_battle() -> None:
    g = new(deck=deal("Kc", "5d"))
    g.apply(0, FLIP)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(0, FLIP)
    with pytest.raises(IllegalAction):
        g.apply(2, FLIP)
    with pytest.raises(IllegalAction):
        g.apply(1, Action("slap"))
    assert g.to_json() == before
    assert g.legal_actions(0) == []


# ---------------------------------------------------------------- wars


@pytest.mark.parametrize("style", ["one_down", "standard"])
def test_war_one_down_one_up_six_cards(style: str) -> None:
    g = new(deck=deal("7c 2c Qc", "7d 3d 9d"), war_style=style)
    events = flip_all(g)
    assert kinds(events)[-1] == "war"
    assert events[-1].text == "War! Tied 7s" and events[-1].data == {"seats": [0, 1], "double": False}
    assert g.actors() == [0, 1] and g.s.war_depth == 1 and counts(g) == [25, 25]
    g.apply(0, FLIP)
    assert g.view(1).table == [[C("7c"), None, C("Qc")], [C("7d")]]
    events = g.apply(1, FLIP)
    assert events[0].data == {"down": 1}
    assert events[-1].kind == "take" and events[-1].seat == 0 and events[-1].data == {"count": 6, "war": 1}
    assert counts(g) == [29, 23]
    assert set(g.s.piles[0][-6:]) == set(cards("7c 2c Qc 7d 3d 9d"))
    assert g.s.war_depth == 0 and g.actors() == [0, 1]


def test_war_three_down_ten_cards() -> None:
    g = new(deck=deal("7c 2c 3c 4c 5c", "7d 2d 3d 4d Kd"), war_style="three_down")
    flip_all(g)
    events = flip_all(g)
    assert events[-1].kind == "take" and events[-1].seat == 1 and events[-1].data["count"] == 10
    assert counts(g) == [21, 31]
    assert set(g.s.piles[1][-10:]) == set(cards("7c 2c 3c 4c 5c 7d 2d 3d 4d Kd"))


@pytest.mark.parametrize(
    "rank, down",
    [("2", 2), ("7", 7), ("10", 10), ("J", 10), ("Q", 10), ("K", 10), ("A", 11)],
)
@pytest.mark.parametrize("order", [[0, 1], [1, 0]])
def test_war_by_rank(rank: str, down: int, order: list[int]) -> None:
    high = "Kh" if rank == "A" else "Ah"
    low = "3h"
    g = new(deck=deal(seq(rank + "c", *["*"] * down, high), seq(rank + "d", *["*"] * down, low)), war_style="by_rank")
    flip_all(g, order)
    assert g.s.war_depth == 1
    assert g.down_count() == down
    events = flip_all(g, order)
    flips = [e for e in events if e.kind == "flip"]
    assert [e.data["down"] for e in flips] == [down, down]
    assert events[-1].kind == "take" and events[-1].seat == 0
    stake = 2 * (down + 2)
    assert events[-1].data["count"] == stake
    assert counts(g) == [26 - (down + 2) + stake, 26 - (down + 2)]


def test_second_tie_is_another_war() -> None:
    g = new(deck=deal("5c 2c 9c 3c Qc", "5d 2d 9d 4d 3d"), war_style="one_down")
    flip_all(g)
    events = flip_all(g)
    assert kinds(events)[-1] == "war" and events[-1].text == "War! Tied 9s"
    assert g.s.war_depth == 2 and g.actors() == [0, 1]
    assert counts(g) == [23, 23]
    events = flip_all(g)
    assert events[-1].kind == "take" and events[-1].seat == 0 and events[-1].data == {"count": 10, "war": 2}
    assert counts(g) == [31, 21]
    assert set(g.s.piles[0][-10:]) == set(cards("5c 2c 9c 3c Qc 5d 2d 9d 4d 3d"))
    assert g.s.rounds == 1


# ---------------------------------------------------------------- running short in a war


def _ranked(exclude: list[Card]) -> list[Card]:
    """The pack without ``exclude``, highest first (ties in standard_deck order)."""
    rest = [c for c in standard_deck() if c not in set(exclude)]
    return sorted(rest, key=lambda c: -ACES_HIGH.value(c))


def short_one_card_deck() -> list[Card]:
    """Seat 0 wins rounds 1-24, round 25 is a 9-9 tie, and seat 1 then holds only the A♥.

    In the war seat 0 lays its 26th dealt card down and turns up one of the two cards it won
    first (the K♠ or a card of 7 or less): whichever it is, the A♥ beats it.
    """
    special = cards("Ks 9d 9c Ah")
    ranked = _ranked(special)
    top, bottom = ranked[:24], ranked[24:]
    assert min(ACES_HIGH.value(c) for c in top) > max(ACES_HIGH.value(c) for c in bottom)
    seat0 = [C("Ks")] + top[:23] + [C("9d")] + [top[23]]
    seat1 = bottom + cards("9c Ah")
    return deal(seat0, seat1)


def short_no_card_deck() -> list[Card]:
    """Seat 0 wins rounds 1-25, round 26 is a 9-9 tie with seat 1's very last card.

    Round 1 is 8♣ against 2♣, so in the war seat 0 lays one of those two down and turns the
    other up: either way seat 1's tied 9 beats it.
    """
    special = cards("8c 2c 9d 9c")
    ranked = _ranked(special)
    top, bottom = ranked[:24], ranked[24:]
    seat0, seat1 = cards("8c") + top + cards("9d"), cards("2c") + bottom + cards("9c")
    assert all(ACES_HIGH.value(a) > ACES_HIGH.value(b) for a, b in zip(seat0[:25], seat1[:25]))
    return deal(seat0, seat1)


def play_rounds(g, n: int, order: list[int] | None = None) -> list:
    events = []
    for _ in range(n):
        events += flip_all(g, order)
    return events


@pytest.mark.parametrize("order", [[0, 1], [1, 0]])
def test_short_in_war_lose_means_out_and_the_other_wins(order: list[int]) -> None:
    g = new(deck=short_one_card_deck(), war_style="one_down", short_in_war="lose")
    play_rounds(g, 24, order)
    assert counts(g) == [50, 2] and not g.is_over
    events = flip_all(g, order)  # 9 - 9
    assert kinds(events)[-1] == "war" and counts(g) == [49, 1]
    events = flip_all(g, order)
    short = [e for e in events if e.kind == "short"]
    assert len(short) == 1 and short[0].seat == 1
    assert g.is_over and g.actors() == []
    assert g.result.winners == [0] and not g.result.is_draw
    assert counts(g) == [52, 0] and g.s.out == [False, True]
    assert C("Ah") in g.s.piles[0]


@pytest.mark.parametrize("order", [[0, 1], [1, 0]])
def test_short_in_war_last_card_up_counts(order: list[int]) -> None:
    deck = short_one_card_deck()
    g = new(deck=deck, war_style="one_down", short_in_war="last_card_up")
    play_rounds(g, 25, order)
    assert g.s.war_depth == 1 and counts(g) == [49, 1]
    first_won = set(cards("Ks") + [deck[1]])  # round 1: seat 0's K♠ and seat 1's first card
    events = flip_all(g, order)
    flips = {e.seat: e for e in events if e.kind == "flip"}
    assert flips[1].cards == (C("Ah"),) and flips[1].data == {"down": 0}
    assert flips[0].data == {"down": 1} and flips[0].cards[0] in first_won
    assert events[-1].kind == "take" and events[-1].seat == 1 and events[-1].data["count"] == 5
    assert not g.is_over and g.actors() == [0, 1]
    assert counts(g) == [47, 5]
    laid_down = deck[50]  # seat 0's 26th card, laid face down
    assert set(g.s.piles[1]) == {C("9d"), laid_down, flips[0].cards[0], C("9c"), C("Ah")}


def test_short_in_war_with_no_cards_the_tied_card_stands() -> None:
    g = new(deck=short_no_card_deck(), war_style="one_down", short_in_war="last_card_up")
    play_rounds(g, 25)
    assert counts(g) == [51, 1]
    events = flip_all(g)  # 9d - 9c, seat 1's last card
    assert kinds(events)[-1] == "war" and counts(g) == [50, 0]
    events = g.apply(1, FLIP)
    assert kinds(events) == ["short"] and events[0].seat == 1
    assert g.view(0).table[1] == [C("9c")]
    events = g.apply(0, FLIP)  # seat 0: the two cards it won first, one down, one up
    up = [e for e in events if e.kind == "flip"][0].cards[0]
    assert up in (C("8c"), C("2c"))
    assert events[-1].kind == "take" and events[-1].seat == 1 and events[-1].data["count"] == 4
    assert counts(g) == [48, 4] and not g.is_over
    assert set(g.s.piles[1]) == set(cards("9d 8c 2c 9c"))


def test_short_in_war_with_no_cards_under_lose_is_out() -> None:
    g = new(deck=short_no_card_deck(), war_style="one_down", short_in_war="lose")
    play_rounds(g, 26)
    assert g.s.war_depth == 1
    events = flip_all(g)
    assert "short" in kinds(events)
    assert g.is_over and g.result.winners == [0] and counts(g) == [52, 0]


# ---------------------------------------------------------------- three players


def test_three_players_two_tied_war_between_them_and_the_spare_goes_to_the_first_war() -> None:
    deck = deal("Ac 4d", "5c Qc * * * Kh", "3c Qd * * * 9h", spare="2s")
    g = new(3, deck=deck)
    flip_all(g)  # A 5 3: seat 0 takes three, no war yet
    assert counts(g) == [19, 16, 16] and g.s.spare == [C("2s")]
    events = flip_all(g)  # 4 Q Q: seats 1 and 2 go to war
    assert kinds(events)[-1] == "war" and events[-1].data == {"seats": [1, 2], "double": False}
    assert g.actors() == [1, 2]
    assert g.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        g.apply(0, FLIP)
    assert g.down_count() == 3
    events = flip_all(g)
    assert [e.data.get("down") for e in events if e.kind == "flip"] == [3, 3]
    assert events[-1].kind == "take" and events[-1].seat == 1 and events[-1].data["count"] == 12
    assert counts(g) == [18, 23, 11]
    assert g.s.spare == [] and g.view(0).spare == 0
    assert set(cards("4d Qc Kh Qd 9h 2s")) <= set(g.s.piles[1][-12:])
    assert g.actors() == [0, 1, 2]


def test_three_players_all_tied_is_a_double_war_with_six_down() -> None:
    six = " ".join(["*"] * 6)
    deck = deal(f"Jc {six} Ac", f"Jd {six} 5d", f"Jh {six} 9h", spare="2s")
    g = new(3, deck=deck)
    events = flip_all(g)
    assert events[-1].kind == "war" and events[-1].text == "Double war! Tied jacks"
    assert g.s.double and g.view(2).double and g.actors() == [0, 1, 2]
    assert g.down_count() == 6
    events = flip_all(g)
    assert [e.data.get("down") for e in events if e.kind == "flip"] == [6, 6, 6]
    assert events[-1].kind == "take" and events[-1].seat == 0 and events[-1].data["count"] == 25
    assert counts(g) == [34, 9, 9]
    assert not g.s.double and g.s.spare == []


@pytest.mark.parametrize(("style", "down"), [("one_down", 2), ("three_down", 6), ("by_rank", 20)])
def test_a_double_war_lays_twice_the_war_styles_count(style: str, down: int) -> None:
    deck = deal("Jc", "Jd", "Jh", spare="2s")
    g = new(3, deck=deck, war_style=style)
    flip_all(g)
    assert g.s.double and g.down_count() == down
    assert "twice whatever the war" in SPEC.rules  # the reading is stated as one


def test_three_players_double_war_then_a_two_way_tie() -> None:
    six = " ".join(["*"] * 6)
    deck = deal(f"Jc {six} Ac * * * Kc", f"Jd {six} Ad * * * 2d", f"Jh {six} 9h", spare="2s")
    g = new(3, deck=deck)
    flip_all(g)
    events = flip_all(g)  # A A 9 after the double war: seats 0 and 1 fight on
    assert events[-1].kind == "war" and events[-1].data == {"seats": [0, 1], "double": False}
    assert not g.s.double and g.down_count() == 3 and g.actors() == [0, 1]
    events = flip_all(g)
    assert events[-1].kind == "take" and events[-1].seat == 0 and events[-1].data["count"] == 33
    assert counts(g) == [38, 5, 9]


def test_three_players_spare_goes_to_the_winner_if_there_is_never_a_war() -> None:
    seat0 = _ranked(cards("2s"))[:17]
    low = _ranked(cards("2s"))[17:]
    g = new(3, deck=deal(seat0, low[0::2], low[1::2], spare="2s"))
    for _ in range(17):
        flip_all(g)
    assert g.is_over and g.result.winners == [0]
    assert counts(g) == [52, 0, 0] and g.s.spare == [] and g.s.out == [False, True, True]
    # the result: every seat, the winner first, then the later out before the earlier
    result = g.result
    assert result.ranking[0] == 0 and sorted(result.ranking) == [0, 1, 2]
    assert result.ranking[1:] == g.s.eliminated[::-1]
    assert result.scores == [52.0, 0.0, 0.0] and result.score_name == "cards" and not result.low_wins


def test_three_players_an_out_player_no_longer_plays() -> None:
    high = cards("As Ad Ac Kc Kd Kh Qc Qd Qh Qs Jc Jd Jh Js 10c 10d")
    low = [c for c in _ranked(high + cards("Ks Ah 2s"))]
    assert len(low) == 33
    seat1 = [C("Ah")] + low[0:32:2]
    seat2 = low[1:32:2] + [low[32]]
    g = new(3, deck=deal([C("Ks")] + high, seat1, seat2, spare="2s"))
    flip_all(g)
    assert counts(g) == [16, 19, 16]
    for _ in range(16):
        flip_all(g)
    assert not g.is_over
    assert g.s.out == [False, False, True]
    assert counts(g) == [48, 3, 0] and g.s.spare == [C("2s")]
    assert g.actors() == [0, 1] and g.legal_actions(2) == []


# ---------------------------------------------------------------- the end


def test_last_player_holding_cards_wins() -> None:
    ranked = _ranked([])
    g = new(deck=deal(ranked[:26], ranked[26:]))
    for _n in range(26):
        assert not g.is_over
        events = flip_all(g)
    assert g.is_over and g.actors() == []
    assert g.result.winners == [0] and g.result.describe(["Ada", "Bo"]) == "Ada wins with every card"
    assert counts(g) == [52, 0] and g.s.rounds == 26
    assert [e.kind for e in events][-2:] == ["out", "game_over"]
    assert g.legal_actions(0) == [] and g.legal_actions(1) == []
    before = g.to_json()
    for seat in (0, 1):
        with pytest.raises(IllegalAction):
            g.apply(seat, FLIP)
    assert g.to_json() == before


def test_turn_cap_most_cards_wins() -> None:
    high = "Ac Ad Ah As Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js 10c 10d 10h 10s"
    low = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s"
    g = new(deck=deal(high, low), max_rounds=20)
    for _ in range(19):
        flip_all(g)
    assert not g.is_over and counts(g) == [45, 7]
    flip_all(g)
    assert g.is_over and g.s.rounds == 20 and g.actors() == []
    assert g.result.winners == [0] and g.result.scores == [46.0, 6.0] and g.result.ranking == [0, 1]
    assert "20-round limit" in g.result.reason
    assert g.result.describe(["Ada", "Bo"]).endswith("Ada wins with 46 cards")


def test_turn_cap_equal_holdings_is_a_draw() -> None:
    seat0 = "Ac 2c Ad 2d Ah 2h As 2s Kc 3c Kd 3d Kh 3h Ks 3s Qc 4c Qd 4d"
    seat1 = "5c Jc 5d Jd 5h Jh 5s Js 6c 10c 6d 10d 6h 10h 6s 10s 7c 9c 7d 9d"
    g = new(deck=deal(seat0, seat1), max_rounds=20)
    for _ in range(20):
        flip_all(g)
    assert g.is_over and counts(g) == [26, 26]
    assert g.result.winners == [0, 1] and g.result.is_draw and g.result.scores == [26.0, 26.0]
    assert "a draw" in g.result.reason


def test_default_turn_cap_is_1000_rounds() -> None:
    assert SPEC.Options().max_rounds == 1000
    assert new().view(0).max_rounds == 1000


# ---------------------------------------------------------------- setup and options


def test_default_options_are_the_text() -> None:
    o = SPEC.Options()
    assert (o.war_style, o.short_in_war) == ("standard", "last_card_up")
    assert len(o.describe()) == 3


@pytest.mark.parametrize(
    "options",
    [
        {"war_style": "two_down"},
        {"war_style": 3},
        {"short_in_war": "forfeit"},
        {"max_rounds": 5},
        {"max_rounds": "many"},
        {"no_such_rule": True},
    ],
)
def test_bad_options_raise_bad_setup(options: dict) -> None:
    with pytest.raises(BadSetup):
        SPEC.new(2, seed=0, options=options)


@pytest.mark.parametrize("players", [0, 1, 4, 5])
def test_player_count(players: int) -> None:
    with pytest.raises(BadSetup, match="2-3"):
        SPEC.new(players, seed=0)


@pytest.mark.parametrize(
    "deck",
    [
        standard_deck()[:-1],
        standard_deck() + cards("As"),
        standard_deck()[:-2] + cards("As As"),
        standard_deck()[:-1] + cards("Jk"),
        standard_deck()[:-1] + cards("As/1"),
    ],
)
def test_a_fixed_deck_must_be_the_full_pack(deck: list[Card]) -> None:
    with pytest.raises(BadSetup):
        SPEC.new(2, seed=0, deck=deck)


def test_deck_given_as_codes() -> None:
    g = SPEC.new(2, seed=0, deck=[c.code for c in standard_deck()])
    assert g.s.piles[0][:2] == cards("2c 4c")


# ---------------------------------------------------------------- saving mid-war


def test_save_mid_war_and_continue() -> None:
    g = new(deck=deal("7c 2c Qc", "7d 3d 9d"), war_style="one_down")
    flip_all(g)
    g.apply(1, FLIP)
    copy = SPEC.from_json(g.to_json())
    assert copy.to_json() == g.to_json() and copy.actors() == [0]
    g.apply(0, FLIP)
    copy.apply(0, FLIP)
    assert copy.to_json() == g.to_json() and counts(copy) == [29, 23]


def _tamper(g, **changes) -> str:
    data = json.loads(g.to_json())
    data["state"].update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"out": []},
        {"pending": [7]},
        {"pending": [0, 0]},
        {"contenders": [0, 2], "pending": [0]},
        {"pending": []},
        {"face_up": [[True], []]},
        {"war_depth": 1},
        {"players": 4},
        {"piles": [[], []]},
    ],
)
def test_inconsistent_saves_are_rejected(changes: dict) -> None:
    g = new(deck=standard_deck())
    with pytest.raises(BadSave):
        SPEC.from_json(_tamper(g, **changes))


def test_a_take_names_the_cards_that_decided_it_in_both_persons():
    game = new(deck=deal("9c 4h", "2d 4d"))
    (take,) = [e for e in flip_all(game) if e.kind == "take"]
    assert take.describe(["You", "Bot 1"]) == "You take 2 cards: 9♣ beats 2♦"
    assert take.describe(["Ann", "Bob"]) == "Ann takes 2 cards: 9♣ beats 2♦"
    three = new(3, deck=deal("Ac 4h", "9c 5h", "2d 6h", spare="Kh"))
    (take,) = [e for e in flip_all(three) if e.kind == "take"]
    assert take.describe(["Ann", "Bob", "Cy"]) == "Ann takes 3 cards: A♣ beats 9♣ and 2♦"
