"""Toepen: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: four cards go to each player one at a time from seat 0 (the
dealer's left), and the rest is the stock in order (``deck_for``).
"""

from __future__ import annotations

import pytest

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES, IllegalAction
from cardarcade.rules._tricks import play
from cardarcade.rules.toepen import (
    ACCEPT,
    CHALLENGE,
    FOLD,
    KEEP,
    KNOCK,
    QUIET,
    REDRAW,
    SIGNAL,
    STAY,
    Toepen,
    deck_for,
)

SPEC = GAMES["toepen"]
C = Card.parse

# Three players; nobody holds three tens or three jacks.
THREE = ("10s 7s Ah Kd", "9s 8h Qh Jd", "As 9h 10d 7c")


def new(*hands: str, **options) -> Toepen:
    options.setdefault("redraw", False)
    return SPEC.new(len(hands), seed=0, deck=deck_for(*hands), options=options)


def cards_of(game: Toepen, *seq: tuple[int, str]) -> None:
    for seat, card in seq:
        game.apply(seat, play(C(card)))


def test_32_cards_four_each_and_the_rest_is_the_stock():
    game = SPEC.new(5, seed=3)
    assert len(game.cards()) == 32 and {len(h) for h in game.s.hands} == {4}
    assert len(game.s.stock) == 12
    game = new(*THREE)
    assert game.s.hands[0] == cards(THREE[0]) and game.s.hands[2] == cards(THREE[2])


def test_ten_is_high_and_the_jack_low_and_the_suit_led_must_be_followed():
    game = new(*THREE)
    assert game.actors()[0] == 0  # the dealer's left leads
    game.apply(0, play(C("7s")))
    assert [a.cards[0] for a in game.legal_actions(1) if a.kind == "play"] == [C("9s")]
    with pytest.raises(IllegalAction):
        game.apply(1, play(C("8h")))
    cards_of(game, (1, "9s"), (2, "As"))
    # the nine beats the seven and the ace; its player leads next
    assert game.s.last_winner == 1 and game.actors()[0] == 1
    cards_of(game, (1, "Jd"))
    assert {a.cards[0] for a in game.legal_actions(2) if a.kind == "play"} == {C("10d")}


def test_the_ten_beats_the_ace_of_the_suit_led():
    game = new("10s 7h 8h 9h", "As 7d 8d 9d", "Ks 7c 8c 9c")
    cards_of(game, (0, "7h"), (1, "7d"), (2, "7c"))
    assert game.s.last_winner == 0
    cards_of(game, (0, "10s"), (1, "As"), (2, "Ks"))
    assert game.s.last_winner == 0


def test_only_the_last_trick_wins_the_others_pay_and_the_winner_deals():
    game = new("10s 7d 8d 9h", "As 7c 8c 10h", "Ks 7s 8s 9c")
    cards_of(game, (0, "10s"), (1, "As"), (2, "Ks"), (0, "7d"), (1, "7c"), (2, "7s"),
             (0, "8d"), (1, "8c"), (2, "8s"), (0, "9h"), (1, "10h"), (2, "9c"))  # seat 0 takes three tricks, seat 1 the last
    assert game.s.hand_winner == 1
    assert game.s.chips == [9, 10, 9]  # the chips paid go out of the game
    assert game.s.lost == [1, 0, 1]
    assert game.s.dealer == 1 and game.s.hand_no == 2
    assert game.actors()[0] == 2  # the new dealer's left leads (no redraw: house rule off)


def test_a_knock_at_any_moment_even_out_of_turn_and_the_answers_come_first():
    game = new(*THREE)
    assert set(game.actors()) == {0, 1, 2}  # seat 0 to play, 1 and 2 may knock
    assert game.legal_actions(1) == [KNOCK]
    game.apply(2, KNOCK)
    assert game.s.stake == 2
    # each other player, from the knocker's left: seat 0, then seat 1; nobody plays meanwhile
    assert game.actors() == [0] and game.legal_actions(0) == [STAY, FOLD]
    with pytest.raises(IllegalAction):
        game.apply(0, play(C("10s")))
    game.apply(0, STAY)
    assert game.actors() == [1]
    game.apply(1, FOLD)
    assert game.s.chips[1] == 9  # folding pays the old value, 1
    assert game.actors()[0] == 0 and game.s.phase == "play"
    assert 1 not in game.actors()  # a folded player takes no further part


def test_a_fold_pays_the_old_value_and_all_folding_gives_the_knocker_the_hand():
    game = new(*THREE)
    game.apply(0, KNOCK)
    game.apply(1, STAY)
    game.apply(2, STAY)
    game.apply(1, KNOCK)  # value 3
    game.apply(2, FOLD)
    assert game.s.chips[2] == 8  # paid 2, the value before the knock
    game.apply(0, FOLD)
    assert game.s.chips[0] == 8
    assert game.s.hand_winner == 1 and game.s.chips[1] == 10  # the knocker pays nothing
    assert game.s.dealer == 1


def test_no_knock_above_ones_chips_but_staying_above_them_is_allowed():
    game = new(*THREE, chips=2)
    game.apply(0, KNOCK)  # value 2: seat 0 has 2 chips
    game.apply(1, STAY)
    game.apply(2, STAY)
    assert KNOCK not in game.legal_actions(1) and 1 not in game.actors()  # 3 > 2 chips
    game = new(*THREE, chips=3)
    game.apply(0, KNOCK)
    game.apply(1, STAY)
    game.apply(2, STAY)
    game.apply(1, KNOCK)  # value 3
    game.apply(2, STAY)
    game.apply(0, STAY)
    assert game.s.stake == 3


def test_the_same_player_may_not_knock_twice_running():
    game = new(*THREE)
    game.apply(0, KNOCK)
    game.apply(1, STAY)
    game.apply(2, STAY)
    assert KNOCK not in game.legal_actions(0)
    game.apply(2, KNOCK)
    game.apply(0, STAY)
    game.apply(1, STAY)
    assert KNOCK in game.legal_actions(0)


def test_a_folded_players_card_stays_but_cannot_take_the_trick():
    game = new("10s 7d 8d 9h", "As 7c 8c 10h", "Ks 7s 8s 9c")
    cards_of(game, (0, "10s"))
    game.apply(1, KNOCK)
    game.apply(2, STAY)
    game.apply(0, FOLD)
    cards_of(game, (1, "As"), (2, "Ks"))
    assert game.s.last_winner == 1  # the ten of the folded seat 0 does not count
    assert C("10s") in game.cards()


def test_running_out_of_chips_ends_the_game_and_the_most_chips_win():
    game = new("10s 7d 8d 9h", "As 7c 8c 10h", "Ks 7s 8s 9c", chips=1)
    cards_of(game, (0, "10s"), (1, "As"), (2, "Ks"), (0, "7d"), (1, "7c"), (2, "7s"),
             (0, "8d"), (1, "8c"), (2, "8s"), (0, "9h"), (1, "10h"), (2, "9c"))
    assert game.is_over and game.result.winners == [1]
    assert game.result.scores == [0.0, 1.0, 0.0] and game.result.score_name == "chips"


def test_house_rule_the_last_with_chips_wins():
    game = new("10s 7d 8d 9h", "As 7c 8c 10h", "Ks 7s 8s 9c", "Qs Jh Jd Qc", chips=1, last_one_standing=True)
    cards_of(game, (0, "10s"), (1, "As"), (2, "Ks"), (3, "Qs"), (0, "7d"), (1, "7c"), (2, "7s"), (3, "Jd"),
             (0, "8d"), (1, "8c"), (2, "8s"), (3, "Jh"), (0, "9h"), (1, "10h"), (2, "9c"), (3, "Qc"))
    assert game.is_over and game.result.winners == [1]
    game = new(*THREE, "Qs Jh Qd Jc", chips=2, last_one_standing=True)
    game.apply(0, KNOCK)
    for seat in (1, 2, 3):
        game.apply(seat, FOLD)  # each pays 1 of 2
    assert not game.is_over and game.s.dealt == [True] * 4


def test_a_redraw_takes_four_from_the_stock_and_a_wrong_challenge_costs_the_challenger():
    game = new("As Ks Qs Js", "9s 8h Qh Jd", "Ah 9h 10d 7c", redraw=True)
    stock = list(game.s.stock)
    assert game.s.phase == "redraw" and game.actors() == [0] and game.legal_actions(0) == [REDRAW, KEEP]
    game.apply(0, REDRAW)
    assert game.s.hands[0] == stock[:4] and game.view(1).discards[0] == []  # face down
    assert game.actors() == [1] and game.legal_actions(1) == [CHALLENGE, ACCEPT]
    game.apply(1, ACCEPT)
    game.apply(2, CHALLENGE)
    assert game.view(1).discards[0] == cards("As Ks Qs Js")  # exposed
    assert game.s.chips == [10, 10, 9]  # the hand held only aces and faces
    assert game.actors() == [1]  # the redraw round goes on
    game.apply(1, KEEP)
    game.apply(2, KEEP)
    assert game.s.phase == "play"


def test_a_bluffed_redraw_challenged_costs_its_maker_and_the_new_hand_stays():
    game = new("As Ks Qs 7s", "9s 8h Qh Jd", "Ah 9h 10d 7c", redraw=True)
    stock = list(game.s.stock)
    game.apply(0, REDRAW)
    game.apply(1, CHALLENGE)
    assert game.s.chips == [9, 10, 10] and game.s.hands[0] == stock[:4]


def test_no_redraw_once_the_stock_is_short():
    game = SPEC.new(8, seed=1)  # 8 x 4 = 32: no stock
    assert game.s.phase == "play"
    game = SPEC.new(7, seed=1)  # 4 cards left: one redraw at most
    assert game.s.phase == "redraw"
    game.apply(game.actors()[0], REDRAW)
    while game.s.phase == "challenge":
        game.apply(game.actors()[0], ACCEPT)
    assert game.s.phase == "play"


def test_four_tens_stand_three_tens_whistle_and_everyone_sees_it():
    game = new("10s 10h 10d 10c", "9s 8h Qh Jd", "As 9h Ad 7c")
    assert game.view(1).signals == [4, 0, 0]
    game = new("10s 10h 10d 7c", "9s 8h Qh Jd", "As 9h Ad 8c")
    assert game.view(2).signals == [3, 0, 0] and game.s.phase == "play"


def test_three_jacks_may_bluff_the_signal_or_keep_quiet():
    game = new("9s 8h Qh 7d", "Js Jh Jd 7c", "As 9h Ad 8c")
    assert game.s.phase == "signal" and game.actors() == [1] and game.legal_actions(1) == [SIGNAL, QUIET]
    game.apply(1, SIGNAL)
    assert game.view(0).signals == [0, 3, 0] and game.s.phase == "play"
    game = new("9s 8h Qh 7d", "Js Jh Jd 7c", "As 9h Ad 8c")
    game.apply(1, QUIET)
    assert game.view(0).signals == [0, 0, 0]
    game = new("9s 8h Qh 7d", "Js Jh Jd 7c", "As 9h Ad 8c", jack_bluff=False)
    assert game.s.phase == "play"


def test_the_view_hides_other_hands_and_unchallenged_discards():
    game = new("As Ks Qs Js", "9s 8h Qh Jd", "Ah 9h 10d 7c", redraw=True)
    game.apply(0, REDRAW)
    assert game.view(0).discards[0] == cards("As Ks Qs Js")  # your own
    assert game.view(1).hand == cards("9s 8h Qh Jd") and game.view(1).discards[0] == []
    assert "hands" not in game.view(1).model_dump()


def test_a_save_round_trips_in_the_middle_of_a_knock():
    game = new(*THREE)
    game.apply(2, KNOCK)
    again = SPEC.from_json(game.to_json())
    assert again.actors() == [0] and again.to_json() == game.to_json()


def test_house_rule_a_player_out_of_chips_drops_out_and_the_rest_play_on():
    game = new("10s 10d 10h 10c", "As Ad Ah Ac", "Ks Kd Kh Kc", "7s 7d 7h 7c", chips=2, last_one_standing=True)
    game.apply(0, KNOCK)
    game.apply(1, FOLD)
    game.apply(2, FOLD)
    game.apply(3, STAY)
    cards_of(game, (0, "10s"), (3, "7s"), (0, "10d"), (3, "7d"), (0, "10h"), (3, "7h"), (0, "10c"), (3, "7c"))
    assert game.s.chips == [2, 1, 1, 0] and not game.is_over
    assert game.s.dealt == [True, True, True, False] and game.s.hands[3] == []  # out: dealt no cards
    assert game.is_out(3) and 3 not in game.actors()
