"""Dig: each rule of the text, and each house rule, on a fixed deal (``stacked_deck``)."""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card
from cardarcade.rules import GAMES, BadSave, BadSetup, IllegalAction
from cardarcade.rules._shedding import stacked_deck
from cardarcade.rules.base import Action
from cardarcade.rules.dig import DIG, PASS

SPEC = GAMES["dig"]
C = Card.parse
NAMES = ["You", "Bob"]
# Seat 1's hand in most tests: nothing in it matters to seat 0's turn.
OTHER = "2d 3d 4d 5d 6d 7d 9d"


def new(hand: str, upcard: str, stock: str = "", other: str = OTHER, **options):
    return SPEC.new(2, seed=0, options=options or None, deck=stacked_deck([hand, other], upcard, stock))


def play(code: str, named: str | None = None) -> Action:
    return Action("play", (C(code),), value=named)


def playable(game, seat: int = 0) -> set[str]:
    return {a.card.code for a in game.legal_actions(seat) if a.kind == "play"}


def empty_the_stock(game, into: int = 1) -> None:
    game.s.hands[into] += game.s.stock
    game.s.stock = []


def test_two_players_seven_cards_each_and_an_upcard():
    game = SPEC.new(seed=4)
    assert game.players == 2 and game.held() == [7, 7]
    assert len(game.s.discard) == 1 and len(game.s.stock) == 52 - 15
    assert game.actors() == [0]
    for players in (1, 3):
        with pytest.raises(BadSetup):
            SPEC.new(players, seed=1)


def test_match_the_upcard_by_suit_or_by_rank():
    game = new("5h 9c 10s Jd Kh 2c 3c", "9h")
    assert playable(game) == {"5h", "Kh", "9c"}
    with pytest.raises(IllegalAction):
        game.apply(0, play("10s"))
    game.apply(0, play("9c"))
    assert game.upcard == C("9c") and game.actors() == [1]  # one card, then the turn passes


def test_dig_only_when_nothing_fits():
    game = new("5h 9c 10s Jd Kh 2c 3c", "9h")
    assert DIG not in game.legal_actions(0)
    with pytest.raises(IllegalAction):
        game.apply(0, DIG)


def test_dig_until_a_card_fits_then_play_it():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh", "Qs 10d 4h As")
    assert game.legal_actions(0) == [DIG]
    events = game.apply(0, DIG)
    assert events[-1].describe(NAMES) == "You dig a card"
    assert game.legal_actions(0) == [DIG] and game.actors() == [0]  # Qs does not fit: dig on
    game.apply(0, DIG)
    assert game.legal_actions(0) == [DIG]
    game.apply(0, DIG)  # 4h fits
    assert game.legal_actions(0) == [play("4h")]
    events = game.apply(0, play("4h"))
    assert events[0].describe(NAMES) == "You play 4♥ after digging 3"
    assert game.held() == [9, 7] and game.actors() == [1] and game.s.stock[-1] == C("As")


def test_an_eight_fits_anything_and_names_a_suit():
    game = new("8c 2c 3c 4c 5c 6c 7c", "Jh", other="2d 3d 4d 5d 6d 7d Ks")
    names = {a.value for a in game.legal_actions(0) if a.card == C("8c")}
    assert names == {"c", "d", "h", "s", "2", "3", "4", "5", "6", "7", "9", "10", "J", "Q", "K", "A"}
    events = game.apply(0, play("8c", "s"))
    assert events[0].describe(NAMES) == "You play 8♣ and name spades"
    assert playable(game, 1) == {"Ks"}  # spades now, though the upcard is a club eight


def test_an_eight_may_name_a_rank():
    game = new("8c 2c 3c 4c 5c 6c 7c", "Jh", other="2d 3d 4d 5d 6d Kd Ks")
    events = game.apply(0, play("8c", "K"))
    assert playable(game, 1) == {"Kd", "Ks"}  # kings only: the diamonds no longer fit
    assert events[0].describe(["Ann", "Bob"]) == "Ann plays 8♣ and names kings"
    assert game.view(1).named == "K"


def test_an_eight_goes_on_an_eight_and_the_name_lasts_one_card():
    game = new("8c 2c 3c 4c 5c 6c 7c", "Jh", other="8d 3d 4d 5d 6d Kd Ks")
    game.apply(0, play("8c", "h"))
    assert playable(game, 1) == {"8d"}
    game.apply(1, play("8d", "c"))
    assert playable(game) == {"2c", "3c", "4c", "5c", "6c", "7c"}
    game.apply(0, play("3c"))
    assert game.view(1).named is None
    assert playable(game, 1) == {"3d"}  # by rank, now the three of clubs is up


def test_house_rule_eights_name_suits_only():
    game = new("8c 2c 3c 4c 5c 6c 7c", "Jh", eight_names="suit")
    assert {a.value for a in game.legal_actions(0) if a.card == C("8c")} == {"c", "d", "h", "s"}
    with pytest.raises(IllegalAction):
        game.apply(0, play("8c", "K"))
    with pytest.raises(IllegalAction):
        game.apply(0, play("8c"))  # an eight must name something


def test_an_eight_cannot_name_eights():
    game = new("8c 2c 3c 4c 5c 6c 7c", "Jh")
    with pytest.raises(IllegalAction):
        game.apply(0, play("8c", "8"))


def test_an_eight_turned_up_at_the_start_is_a_plain_card():
    game = new("8c 2h 3c 4s 5c 6c 7c", "8h")
    assert playable(game) == {"8c", "2h"}
    assert game.view(0).named is None


def test_the_stock_is_rebuilt_from_the_discards_when_digging_empties_it():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh", other="Kh 3d 4d 5d 6d 7d 9d")
    empty_the_stock(game)
    game.s.hands[1].remove(C("Qh"))  # seat 1 plays Qh on the jack later: keep it aside
    game.s.discard.insert(0, C("Qh"))  # as if played earlier: under the upcard
    assert game.legal_actions(0) == [DIG]
    events = game.apply(0, DIG)
    assert game.s.discard == [C("Jh")] and game.s.hands[0][-1] == C("Qh")
    assert any(e.kind == "rebuild" for e in events)
    assert playable(game) == {"Qh"}


def test_house_rule_pass_when_the_stock_is_empty():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh", empty_stock="pass")
    empty_the_stock(game)
    game.s.hands[1].remove(C("Qh"))
    game.s.discard.insert(0, C("Qh"))
    assert game.legal_actions(0) == [PASS]
    events = game.apply(0, PASS)
    assert events[-1].describe(NAMES) == "You cannot play and cannot dig, and pass"
    assert game.actors() == [1] and game.held()[0] == 7


def test_a_pass_from_each_player_in_turn_ends_a_blocked_game():
    # Nothing to dig, nothing playable on the jack of hearts: neither player can ever move again.
    # (Reshuffling the discards, a block cannot happen: every other heart would be in a hand.)
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh", empty_stock="pass")
    empty_the_stock(game, into=1)
    game.s.hands[1] = [C(c) for c in "2d 3d 4d 5d 6d 7d".split()]  # the rest lies under the upcard
    game.s.discard[:0] = [c for c in game.pack() if c not in game.cards()]
    assert game.legal_actions(0) == [PASS]
    game.apply(0, PASS)
    assert not game.is_over
    events = game.apply(1, PASS)
    assert game.is_over and game.actors() == []
    assert game.result.winners == [1] and game.result.scores == [7.0, 6.0]
    assert game.result.ranking == [1, 0] and game.result.score_name == "cards left" and game.result.low_wins
    assert (
        events[-1].describe(NAMES)
        == "Game over: nobody can play and nothing is left to dig; Bob holds the fewest cards"
    )


def test_a_play_between_two_passes_keeps_the_game_going():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh", empty_stock="pass")
    empty_the_stock(game)
    game.apply(0, PASS)
    game.apply(1, play("Qh"))
    assert game.legal_actions(0) == [PASS]
    game.apply(0, PASS)
    assert not game.is_over


def test_nothing_at_all_to_dig_means_a_pass_under_either_rule():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh")
    empty_the_stock(game)
    assert game.legal_actions(0) == [PASS]


def test_first_out_of_cards_wins():
    game = new("2c 3c 4c 5c 6c 7c 9c", "2h")
    game.s.stock += game.s.hands[0][1:]
    game.s.hands[0] = [C("2c")]
    events = game.apply(0, play("2c"))
    assert game.is_over and game.result.winners == [0] and game.result.scores == [0.0, 7.0]
    assert events[-1].describe(NAMES) == "You play the last card in hand and win"
    assert game.actors() == []


def test_going_out_on_an_eight_needs_a_name_but_wins():
    game = new("8c 3c 4c 5c 6c 7c 9c", "2h")
    game.s.stock += game.s.hands[0][1:]
    game.s.hands[0] = [C("8c")]
    game.apply(0, play("8c", "d"))
    assert game.is_over and game.result.winners == [0]


def test_turn_limit_fewer_cards_wins():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jc", other="Qc 3d 4d 5d 6d 7d 9d", max_turns=20)
    game.s.turns = 19
    game.apply(0, play("2c"))
    assert game.is_over and game.result.winners == [0] and "turn limit" in game.result.reason


def test_out_of_turn_and_unheld_cards_are_refused():
    game = new("5h 9c 10s Jd Kh 2c 3c", "9h")
    before = game.to_json()
    for seat, action in ((1, play("9d")), (0, play("9s")), (0, PASS), (0, play("5h", "c"))):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert game.to_json() == before


def test_the_view_hides_the_other_hand_and_shows_digging():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh", "Qs 10d 4h As")
    game.apply(0, DIG)
    view = game.view(1)
    assert view.hand_sizes == [8, 7] and view.dug == 1 and view.hand == game.s.hands[1]
    assert "Qs" not in view.model_dump_json()
    assert view.history[-1].kind == "dig" and view.history[-1].upcard == C("Jh")


def test_a_save_naming_the_impossible_is_refused():
    game = new("8c 2c 3c 4c 5c 6c 7c", "Jh", eight_names="suit")
    game.apply(0, play("8c", "s"))
    envelope = json.loads(game.to_json())
    envelope["state"]["named"] = "K"
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))


def test_a_save_with_a_move_missing_its_upcard_is_refused():
    game = new("2c 3c 4c 5c 6c 7c 9c", "Jh", "Qs 10d 4h As")
    game.apply(0, DIG)
    envelope = json.loads(game.to_json())
    envelope["state"]["history"][-1]["upcard"] = None
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))


def test_a_dig_refused_while_a_card_fits_says_why():
    game = new("5h 9c 2s", "9h", "Kd Qd")
    assert DIG not in game.legal_actions(0)
    assert game.why_not(0, DIG) == "you dig only when nothing fits"
    game = new("5c 2s", "9h", "Kd Qd")  # nothing fits: the dig is open
    assert DIG in game.legal_actions(0) and game.why_not(0, DIG) is None
