"""Neosho Rapids: each rule of the text, and each house rule, on a fixed deal.

``stacked_deck`` deals the given hands (seat 0 first), turns up the upcard and puts the given
cards on top of the stock; short hands are filled with high spades and hearts.
"""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES, BadSave, BadSetup, IllegalAction
from cardarcade.rules._shedding import stacked_deck
from cardarcade.rules.base import Action
from cardarcade.rules.neosho_rapids import DRAW

SPEC = GAMES["neosho-rapids"]
C = Card.parse


def new(hands: list[str], upcard: str, stock: str = "", **options):
    return SPEC.new(len(hands), seed=0, options=options or None, deck=stacked_deck(hands, upcard, stock))


def play(code: str) -> Action:
    return Action("play", (C(code),))


def plays(game, seat: int = 0) -> set[str]:
    return {a.card.code for a in game.legal_actions(seat) if a.kind == "play"}


def test_deal_seven_each_an_upcard_and_the_stock():
    for players in (2, 3, 4):
        game = SPEC.new(players, seed=5)
        assert game.held() == [7] * players
        assert len(game.s.discard) == 1
        assert len(game.s.stock) == 52 - 7 * players - 1
        assert game.actors() == [0]
    with pytest.raises(BadSetup):
        SPEC.new(5, seed=1)
    with pytest.raises(BadSetup):
        SPEC.new(1, seed=1)


def test_fixed_deck_is_dealt_one_card_at_a_time_then_the_upcard():
    game = new(["2c 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d"], "10h", "Jh Qh")
    assert game.s.hands[0] == cards("2c 3c 4c 5c 6c 7c 9c")
    assert game.s.hands[1] == cards("2d 3d 4d 5d 6d 7d 9d")
    assert game.upcard == C("10h")
    assert game.s.stock[-1] == C("Jh") and game.s.stock[-2] == C("Qh")


def test_a_card_one_rank_above_or_below_fits_whatever_its_suit():
    game = new(["7d 9h 10c 8c 2s 3s 4s", "2d 3d 4d 5d 6d 7c 9d"], "8s")
    assert plays(game) == {"7d", "9h"}
    with pytest.raises(IllegalAction):
        game.apply(0, play("10c"))  # two ranks away
    with pytest.raises(IllegalAction):
        game.apply(0, play("8c"))  # the same rank is not a step


def test_aces_are_next_to_both_the_king_and_the_two():
    game = new(["Kc 2d Qc 3s 5s 6s 7s", "2c 3d 4d 5d 6d 7c 9d"], "Ah")
    assert plays(game) == {"Kc", "2d"}
    on_king = new(["Ac 3s 5s 6s 7s 9s 10s", "2c 3d 4d 5d 6d 7c 9d"], "Kh")
    assert plays(on_king) == {"Ac"}
    on_two = new(["Ac 5s 6s 7s 9s 10s Js", "2c 3d 4d 5d 6d 7c 9d"], "2h")
    assert plays(on_two) == {"Ac"}


def test_a_chain_each_card_becomes_the_upcard_and_can_turn_the_ace_corner():
    game = new(["Qc Kd Ac 2s 3s 9h 9d", "2c 3d 4d 5d 6d 7c 9c"], "Jh")
    for code in ("Qc", "Kd", "Ac", "2s", "3s"):
        assert code in plays(game)
        game.apply(0, play(code))
        assert game.upcard == C(code)
        assert game.actors() == [0]  # still this player's turn
    assert game.view(1).chain == cards("Qc Kd Ac 2s 3s")
    assert plays(game) == set()
    assert game.legal_actions(0) == [DRAW]


def test_chains_may_go_back_down():
    game = new(["7c 8d 7h 6s Js Qd Kh", "2c 3d 4d 5d 6d 7d 9c"], "6h")
    for code in ("7c", "8d", "7h", "6s"):
        game.apply(0, play(code))
    assert game.upcard == C("6s")


def test_drawing_ends_the_turn_and_the_drawn_card_waits():
    game = new(["3c 4d 5c 6s 7h 7d 3d", "2c 3s 4c 5d 6d 7c 9c"], "Jh", "Qh 5s")
    events = game.apply(0, DRAW)
    assert C("Qh") in game.s.hands[0]  # it fits the jack, but the turn is over
    assert game.actors() == [1] and game.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        game.apply(0, play("Qh"))
    assert "draws a card" in events[-1].describe(["Ann", "Bob"])
    assert game.s.stock[-1] == C("5s")


def test_must_play_if_able_then_stopping_is_free():
    game = new(["10c 9d Ac 2s 3s 4s 5s", "2c 3d 4d 5d 6d 7c 9c"], "Jh")
    assert DRAW not in game.legal_actions(0)
    with pytest.raises(IllegalAction):
        game.apply(0, DRAW)
    game.apply(0, play("10c"))
    assert DRAW in game.legal_actions(0)  # 9d would fit, but stopping is allowed now
    game.apply(0, DRAW)
    assert game.actors() == [1] and C("9d") in game.s.hands[0]


def test_house_rule_may_draw_without_playing():
    game = new(["10c 9d Ac 2s 3s 4s 5s", "2c 3d 4d 5d 6d 7c 9c"], "Jh", must_play=False)
    assert DRAW in game.legal_actions(0)
    game.apply(0, DRAW)
    assert game.held() == [8, 7]


def test_without_a_fitting_card_the_only_move_is_to_draw():
    game = new(["2c 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d"], "Kh")
    assert game.legal_actions(0) == [DRAW]


def test_an_empty_stock_is_rebuilt_from_the_discards_under_the_upcard():
    game = new(["Qc Kc 2c 3c 4c 5c 6c", "Qd Kd 2d 3d 4d 5d 6d"], "Jh", must_play=False)
    s = game.s
    # Move the whole stock into seat 1's hand (as if drawn) and build up some discards.
    s.hands[1] += s.stock
    s.stock = []
    game.apply(0, play("Qc"))
    game.apply(0, play("Kc"))
    game.apply(0, DRAW)  # the stock is empty: Jh and Qc go back under, Kc stays up
    assert game.upcard == C("Kc") and game.s.discard == [C("Kc")]
    assert len(game.s.hands[0]) == 6 and len(game.s.stock) == 1
    assert {game.s.stock[0], game.s.hands[0][-1]} == {C("Jh"), C("Qc")}  # drawn from the new stock
    assert game.view(0).history[-2].kind == "rebuild"


def test_with_nothing_to_draw_the_turn_just_ends():
    game = new(["Qc Kc 2c 3c 4c 5c 6c", "Qd Kd 2d 3d 4d 5d 6d"], "Jh", must_play=False)
    s = game.s
    s.hands[1] += s.stock
    s.stock = []
    events = game.apply(0, DRAW)
    assert game.held()[0] == 7 and game.actors() == [1]
    assert "nothing to draw" in events[-1].describe(["You", "Bob"])


def test_playing_the_last_card_wins_at_once():
    game = new(["Qc Kc 2c 3c 4c 5c 6c", "Qd Kd 2d 3d 4d 5d 6d"], "Jh")
    game.s.hands[0] = cards("Qc Kc")
    game.s.stock += cards("2c 3c 4c 5c 6c")
    game.apply(0, play("Qc"))
    events = game.apply(0, play("Kc"))
    assert game.is_over and game.result.winners == [0]
    assert game.result.scores == [0.0, 7.0] and game.result.ranking == [0, 1]
    assert game.result.score_name == "cards left" and game.result.low_wins
    assert events[-1].describe(["You", "Bob"]) == "You play the last card in hand and win"
    assert game.actors() == [] and game.legal_actions(0) == []


def test_turn_limit_fewest_cards_wins_or_a_draw():
    hands = ["2c 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d"]
    game = new(hands, "Kh", max_turns=21, must_play=False)
    for _ in range(20):
        game.apply(game.actors()[0], DRAW)
    assert not game.is_over
    game.apply(0, DRAW)  # seat 0 has drawn eleven cards, seat 1 ten
    assert game.is_over and game.result.winners == [1]
    assert "turn limit" in game.result.reason and game.result.scores == [18.0, 17.0]
    assert game.result.ranking == [1, 0] and game.result.low_wins
    tie = new(hands, "Kh", max_turns=20, must_play=False)
    for _ in range(20):
        tie.apply(tie.actors()[0], DRAW)
    assert tie.is_over and tie.result.winners == [0, 1] and tie.result.is_draw


def test_turns_go_clockwise_round_the_table():
    game = new(["2c 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d", "2h 3h 4h 5h 6h 7h 9h"], "Ks", must_play=False)
    seen = []
    for _ in range(4):
        seen.append(game.actors()[0])
        game.apply(seen[-1], DRAW)
    assert seen == [0, 1, 2, 0]


def test_out_of_turn_and_cards_not_held_are_refused():
    game = new(["10c 9d Ac 2s 3s 4s 5s", "Qc 3d 4d 5d 6d 7c 9c"], "Jh")
    before = game.to_json()
    for seat, action in ((1, play("Qc")), (0, play("Qd")), (0, Action("pass")), (2, DRAW)):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert game.to_json() == before


def test_the_view_hides_other_hands():
    game = new(["10c 9d Ac 2s 3s 4s 5s", "Qc 3d 4d 5d 6d 7c 9c"], "Jh")
    view = game.view(1)
    assert view.hand == game.s.hands[1] and view.hand_sizes == [7, 7]
    assert "10c" not in view.model_dump_json()
    assert game.view(None).hand == []
    game.apply(0, play("10c"))
    assert game.view(1).history[-1].card == C("10c") and game.view(1).upcard == C("10c")
    game.apply(0, DRAW)
    drawn = game.s.hands[0][-1]
    assert game.view(0).drawn == [drawn]  # you remember what you drew...
    assert game.view(1).drawn == [] and game.view(None).drawn == []  # ...nobody else sees it


def test_a_save_whose_chain_is_not_on_the_pile_is_refused():
    game = new(["10c 9d Ac 2s 3s 4s 5s", "Qc 3d 4d 5d 6d 7c 9c"], "Jh")
    game.apply(0, play("10c"))
    envelope = json.loads(game.to_json())
    assert SPEC.from_json(json.dumps(envelope)).to_json() == game.to_json()
    envelope["state"]["chain"] = ["9d"]
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))


def test_the_rules_text_is_our_own():
    assert "Aces" in SPEC.rules and "Must play if able" in SPEC.rules
    assert SPEC.Options().must_play is True


def test_a_draw_refused_while_a_card_fits_says_why():
    game = new(["7d 9h 10c 8c 2s 3s 4s", "2d 3d 4d 5d 6d 7c 9d"], "8s", "Jh Qh", must_play=True)
    assert DRAW not in game.legal_actions(0)
    assert game.why_not(0, DRAW) == "while a card fits you must play one first"
    game.apply(0, play("7d"))  # a chain begun: drawing ends the turn, and is open
    assert DRAW in game.legal_actions(0) and game.why_not(0, DRAW) is None
