"""Stealing the Old Man's Bundle: each rule of the text (and each house rule) on a fixed deal.

With ``deck=`` there is no shuffle: deck[0..7] go one at a time to seat 0 (the dealer's
opponent) and seat 1, deck[8..11] are the table cards, the rest is the pack, top first.
"""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules.base import Action
from cardarcade.rules.old_mans_bundle import trail

SPEC = GAMES["old-mans-bundle"]
C = Card.parse


def deal(hand0: str, hand1: str, table: str, stock: str = "") -> list[Card]:
    """The deck that gives these hands and table; the pack starts with ``stock`` then the rest."""
    h0, h1, t, st = cards(hand0), cards(hand1), cards(table), cards(stock)
    named = h0 + h1 + t + st
    assert len(set(named)) == len(named)
    rest = [c for c in standard_deck() if c not in set(named)]
    order = [c for pair in zip(h0, h1) for c in pair] + t + st + rest
    assert len(order) == 52
    return order


def new(deck: list[Card], **options):
    return SPEC.new(2, seed=0, deck=deck, options=options or None)


def take(card: str, *table: str) -> Action:
    return Action("take", (C(card), *map(C, table)))


def steal(card: str, target: int) -> Action:
    return Action("steal", (C(card),), target=target)


def test_four_cards_each_and_four_face_up_on_the_table() -> None:
    game = new(deal("2c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    assert game.s.hands == [cards("2c 3c 4c 5c"), cards("2d 3d 4d 5d")]
    assert game.s.table == cards("6h 7h 8h 9h")
    assert len(game.s.stock) == 40
    view = game.view(1)
    assert view.hand == cards("2d 3d 4d 5d") and view.hand_counts == [4, 4]
    assert game.view(0).hand != view.hand  # the other hand is only a count


def test_the_dealers_opponent_leads_and_turns_alternate() -> None:
    game = new(deal("2c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    assert game.actors() == [0]
    game.apply(0, trail(C("2c")))
    assert game.actors() == [1]
    with pytest.raises(IllegalAction):
        game.apply(0, trail(C("3c")))


def test_take_a_table_card_of_the_same_rank() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    assert take("6c", "6h") in game.legal_actions(0)
    assert take("3c", "6h") not in game.legal_actions(0)  # ranks must match
    events = game.apply(0, take("6c", "6h"))
    assert events[0].describe(["You", "Bot"]) == "You take 6♥ with 6♣"
    assert game.s.bundles[0] == cards("6h 6c")  # the capturing card on top
    assert game.view(1).bundle_tops == [C("6c"), None]
    assert game.s.table == cards("7h 8h 9h")


def test_with_two_matches_you_choose_which_to_take() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 6s 8h 9h"))
    legal = game.legal_actions(0)
    assert take("6c", "6h") in legal and take("6c", "6s") in legal
    game.apply(0, take("6c", "6s"))
    assert game.s.table == cards("6h 8h 9h")


def test_trail_lays_a_card_face_up_on_the_table_even_when_it_could_take() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    assert trail(C("6c")) in game.legal_actions(0)
    events = game.apply(0, trail(C("3c")))
    assert events[0].describe(["You", "Bot"]) == "You trail 3♣"
    assert game.s.table == cards("6h 7h 8h 9h 3c")
    assert C("3c") in game.view(1).seen


def test_steal_the_bundle_with_a_card_of_its_top_rank() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 6d 4d 5d", "6h 7h 8h 9h"))
    game.apply(0, take("6c", "6h"))
    assert steal("6d", 0) in game.legal_actions(1)
    events = game.apply(1, steal("6d", 0))
    assert events[0].describe(["Ann", "You"]) == "You steal the bundle from Ann with 6♦: 2 cards"
    assert game.s.bundles == [[], cards("6h 6c 6d")]
    assert game.view(0).bundle_tops == [None, C("6d")]


def test_no_steal_without_a_matching_top() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 7d 4d 5d", "6h 7h 8h 9h"))
    game.apply(0, take("6c", "6h"))
    assert not any(a.kind == "steal" for a in game.legal_actions(1))
    with pytest.raises(IllegalAction):
        game.apply(1, steal("7d", 0))


def test_four_more_cards_each_when_the_hands_are_empty_but_none_to_the_table() -> None:
    game = new(deal("2c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h", stock="Ac Ad Ah As Kc Kd Kh Ks"))
    for a, b in zip(cards("2c 3c 4c 5c"), cards("2d 3d 4d 5d")):
        game.apply(0, trail(a))
        events = game.apply(1, trail(b))
    assert events[-1].kind == "deal"
    assert game.s.hands == [cards("Ac Ah Kc Kh"), cards("Ad As Kd Ks")]  # one at a time
    assert len(game.s.table) == 12 and len(game.s.stock) == 32
    assert game.actors() == [0]


def play_out(game) -> list:
    """Both players trail their first card until the game ends."""
    events = []
    while not game.is_over:
        seat = game.actors()[0]
        events += game.apply(seat, trail(game.s.hands[seat][0]))
    return events


def test_game_ends_when_the_pack_is_exhausted_and_the_bigger_bundle_wins() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    game.apply(0, take("6c", "6h"))
    events = play_out(game)
    assert game.is_over and not game.s.stock and not any(game.s.hands)
    assert game.result.winners == [0] and game.result.scores == [2.0, 0.0]
    assert game.result.ranking == [0, 1] and game.result.score_name == "cards"
    assert events[-1].describe(["You", "Bot"]) == "Game over: the pack is used up; you win with 2 cards"


def test_equal_bundles_draw() -> None:
    game = new(deal("2c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    play_out(game)
    assert game.result.is_draw and game.result.winners == [0, 1]


def test_house_rule_take_every_match() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 6s 8h 9h"), take_every_match=True)
    assert take("6c", "6h", "6s") in game.legal_actions(0)
    assert take("6c", "6h") not in game.legal_actions(0)
    game.apply(0, take("6c", "6h", "6s"))
    assert game.s.bundles[0] == cards("6h 6s 6c")


def test_house_rule_leftovers_to_the_last_taker() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"), leftovers="last_taker")
    game.apply(0, take("6c", "6h"))
    play_out(game)
    assert game.s.table == [] and len(game.s.bundles[0]) == 52
    assert game.s.bundles[0][-1] == C("6c")


def test_leftovers_stay_by_default() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    game.apply(0, take("6c", "6h"))
    play_out(game)
    assert len(game.s.table) == 50


def test_corrupt_saves_are_refused() -> None:
    game = new(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h"))
    game.apply(0, take("6c", "6h"))
    envelope = json.loads(game.to_json())
    state = envelope["state"]
    bad = [
        {**state, "current": 0},  # seat 0 already played this hand
        {
            **state,
            "hands": [state["hands"][0], state["hands"][1] + state["stock"][:1]],
            "stock": state["stock"][1:],
        },  # five cards in a hand
        {**state, "bundles": [["6h"], []]},  # a card missing
    ]
    for tampered in bad:
        with pytest.raises(BadSave):
            SPEC.from_json(json.dumps({**envelope, "state": tampered}))
    assert SPEC.from_json(game.to_json()).to_json() == game.to_json()
