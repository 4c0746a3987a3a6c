"""Chicago bots: they finish games at every level, decide from their view alone, draw to the
hand worth most, declare only what they hold, and search the tricks off the event loop."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import STRATEGY_LEVELS, Moment, Plan, Thinking, make_bot
from cardarcade.bots.chicago import decide
from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action
from cardarcade.rules.chicago import PASS, Chicago, deck_for
from cardarcade.table.simulate import play_headless

SPEC = GAMES["chicago"]
C = Card.parse
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)
STAND = Action("draw", ())


def new(*hands: str, **options) -> Chicago:
    return SPEC.new(len(hands), seed=0, deck=deck_for(*hands), options=options)


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_no_level_declares_a_hand_it_cannot_prove(level: str) -> None:
    result, table = play_headless(SPEC, [level, "easy", "medium"], seed=3, options={"target": 15})
    assert result is not None and table.game.is_over and max(table.game.s.scores) >= 15
    assert "forfeit" not in result.reason  # bots declare only what they hold


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_the_draw_keeps_three_of_a_kind_and_throws_the_rest(level: str) -> None:
    game = new("7s 7h 7d Ac 3s", "Kh Qd 9s 6c 2h")
    action = decide(game.view(0), 0, level, seed=1)
    assert action.kind == "draw" and set(action.cards) in (set(cards("Ac 3s")), {C("3s")})


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_the_draw_keeps_a_made_flush(level: str) -> None:
    game = new("2s 7s 9s Js Ks", "Kh Qd 9h 6c 2h")
    assert decide(game.view(0), 0, level, seed=4) == STAND


def test_in_the_last_draw_hard_keeps_an_ace_for_the_last_trick_where_easy_throws_it() -> None:
    game = new("Ks Kh Ad 9c 5h", "7c 3d Jh 2s 4s", "Js 10c 6d 3c 2c", "Qc 8c 10h 4d 5d")
    while not (game.s.phase == "draw" and game.s.draw_round == 3):
        seat = game.actors()[0]
        game.apply(seat, STAND if game.s.phase == "draw" else decide(game.view(seat), seat, "easy"))
    assert game.actors() == [0]
    assert set(decide(game.view(0), 0, "easy").cards) == set(cards("Ad 9c 5h"))
    # a pair of kings rarely holds the best hand of four at the end; the ace may take five points
    thrown = set(decide(game.view(0), 0, "hard", seed=3).cards)
    assert thrown and not thrown & set(cards("Ks Kh Ad"))


def test_a_bot_declares_what_it_holds_and_passes_without_a_pair() -> None:
    game = new("7s 7h 7d Ac 3s", "Kh Qd 9s 6c 2h")
    game.apply(0, STAND)
    game.apply(1, STAND)
    for level in STRATEGY_LEVELS:
        assert decide(game.view(0), 0, level) == Action("declare", value=3)
    game.apply(0, Action("declare", value=3))
    for level in STRATEGY_LEVELS:
        assert decide(game.view(1), 1, level) == PASS


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_every_level_declares_a_lone_pair_for_its_point(level: str) -> None:
    game = new("Kh Kd 9s 6c 2h", "7s 8h 10d Ac 3s", "4s 5h Jd Qc 2c")
    for _ in range(3):
        game.apply(game.actors()[0], STAND)
    assert {decide(game.view(0), 0, level, seed=s) for s in range(6)} == {Action("declare", value=1)}


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_same_view_same_choice_whatever_the_hidden_cards(level: str) -> None:
    # seat 1's cards differ; seat 0 sees the same: its hand, the trick so far
    a = new("Kh Kd 9s 6c 2h", "Ah Qd 8s 5c 3h")
    b = new("Kh Kd 9s 6c 2h", "Ac Qs 8d 5h 3d")
    for game in (a, b):
        while game.s.phase != "play":
            game.apply(game.actors()[0], STAND if game.s.phase == "draw" else PASS)
    assert a.view(0) == b.view(0)
    assert decide(a.view(0), 0, level, seed=5) == decide(b.view(0), 0, level, seed=5)


def test_the_searches_take_the_fourth_trick_to_lead_the_last_when_that_is_the_better_chance() -> None:
    game = new("As 2c 3d 4h 6s", "Ks Qc Jd 10h 9s")
    while game.s.phase != "play":
        game.apply(game.actors()[0], STAND if game.s.phase == "draw" else PASS)
    for seat, card in ((0, "3d"), (1, "Jd"), (1, "Qc"), (0, "2c"), (1, "10h"), (0, "4h"), (1, "9s")):
        game.apply(seat, play(C(card)))
    # Seat 0 holds As 6s against one unseen card. Ducking with the 6 wins the last trick only if
    # that card is a lower spade; taking with the ace and leading the 6 loses only to a higher
    # spade (six of 43 unseen cards). Easy plays low anyway.
    assert decide(game.view(0), 0, "easy") == play(C("6s"))
    for level in ("medium", "hard"):
        assert decide(game.view(0), 0, level, seed=2) == play(C("As"))


def test_searching_bots_think_off_the_loop_and_easy_moves_at_once() -> None:
    game = new("Kh Kd 9s 6c 2h", "Ah Qd 8s 5c 3h")
    while game.s.phase != "play":
        seat = game.actors()[0]
        view = game.view(seat)
        hard = make_bot("chicago", seat, "hard", random.Random(0)).plans(view, NOW)[0]
        if game.s.phase == "draw":  # hard weighs its discards against sampled tables
            assert isinstance(hard, Thinking) and hard.fallback in game.legal_actions(seat)
        else:  # declaring is a quick rule at every level
            assert isinstance(hard, Plan)
        assert isinstance(make_bot("chicago", seat, "medium", random.Random(0)).plans(view, NOW)[0], Plan)
        game.apply(seat, STAND if game.s.phase == "draw" else PASS)
    assert isinstance(make_bot("chicago", 0, "easy", random.Random(0)).plans(game.view(0), NOW)[0], Plan)
    for level in ("medium", "hard"):
        (item,) = make_bot("chicago", 0, level, random.Random(0)).plans(game.view(0), NOW)
        assert isinstance(item, Thinking) and item.fallback in game.legal_actions(0)


def test_medium_keeps_an_ace_beside_a_low_pair_in_the_last_draw_only() -> None:
    game = new("5s 5h Ad 9c 3h", "Kh Qd 9s 6c 2h")
    low_pair_throws = set(cards("Ad 9c 3h"))
    # the first draws play for the showdowns, as easy does: three new cards to the pair
    assert set(decide(game.view(0), 0, "medium").cards) == low_pair_throws
    while not (game.s.phase == "draw" and game.s.draw_round == 3):
        game.apply(game.actors()[0], STAND if game.s.phase == "draw" else PASS)
    assert game.actors() == [0]
    assert set(decide(game.view(0), 0, "easy").cards) == low_pair_throws
    # no showdown follows the last draw: the ace may take the last trick's five points
    assert set(decide(game.view(0), 0, "medium").cards) == set(cards("9c 3h"))


def test_expert_searches_its_discards_as_at_the_table_not_by_the_simple_rules() -> None:
    # No pair and three to a straight flush: the simple rules keep the two highest (Jh 10s); the
    # expert weighs its discards over sampled tables, in benchmarks (decide) as at the table
    game = new("7s 10s Jh 9s 4h", "Ah Qd 8c 7c 2h")
    (thinking,) = make_bot("chicago", 0, "expert", random.Random(2)).plans(game.view(0), NOW)
    assert isinstance(thinking, Thinking)
    searched = thinking.work(*thinking.args)
    assert searched == decide(game.view(0), 0, "expert", seed=thinking.args[2])
    assert set(searched.cards) == set(cards("4h Jh")) != set(decide(game.view(0), 0, "easy").cards)
