"""Polignac bots: they finish games at every level, decide from their view alone, and play as
a player of their level would (duck under a jack, shed the J♠ when void)."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import STRATEGY_LEVELS, Moment, Plan, Thinking, make_bot
from cardarcade.bots.polignac import decide
from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.polignac import Polignac, deck_for

SPEC = GAMES["polignac"]
C = Card.parse
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)


FOUR = ("Js 7s Ah 10h 9h 8h 7h Kd", "Qs 8s Jh Qh Kh Ad 10d 9d", "Ks 9s 10s As Jd Qd 8d 7d", "Jc Qc Kc Ac 10c 9c 8c 7c")


def new(*hands: str) -> Polignac:
    return SPEC.new(len(hands), seed=0, deck=deck_for(*hands))


def test_searching_bots_think_off_the_loop_and_easy_moves_at_once() -> None:
    game = new(*FOUR)
    assert isinstance(make_bot("polignac", 0, "easy", random.Random(0)).plans(game.view(0), NOW)[0], Plan)
    # medium plays the first tricks by its rule of thumb, as a person would, and searches the last ones
    assert isinstance(make_bot("polignac", 0, "medium", random.Random(0)).plans(game.view(0), NOW)[0], Plan)
    for level, position in (("hard", game), ("medium", last_tricks(new(*FOUR)))):
        seat = position.actors()[0]
        (item,) = make_bot("polignac", seat, level, random.Random(0)).plans(position.view(seat), NOW)
        assert isinstance(item, Thinking) and item.fallback in position.legal_actions(seat)
        assert item.work(*item.args) in position.legal_actions(seat)
    assert make_bot("polignac", 1, "hard", random.Random(0)).plans(game.view(1), NOW) == []


def last_tricks(game: Polignac) -> Polignac:
    """``game`` played on (the first card each time) until medium would search: its last four tricks."""
    while len(game.s.hands[game.actors()[0]]) > 4:
        seat = game.actors()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards(level: str) -> None:
    game = new(*FOUR)
    game.apply(0, play(C("9h")))
    other = new(FOUR[0], FOUR[1], "Ks 9s 10s As Jd Jc 8d 7d", "Qd Qc Kc Ac 10c 9c 8c 7c")  # seats 2, 3 swap a card
    other.apply(0, play(C("9h")))
    assert game.view(1) == other.view(1) and game.s.hands != other.s.hands
    assert decide(game.view(1), 1, level, seed=4) == decide(other.view(1), 1, level, seed=4)


@pytest.mark.parametrize("level", ["medium", "hard"])  # easy slips now and then
def test_the_last_to_play_ducks_under_a_jack_rather_than_take_it(level: str) -> None:
    game = new(
        "Ah 7s 10s 9s 8s 9c Kd Kc", "Jh 8h Kh Qs 10d 9d Ad Js", "9h 10h Ks As Jd Qd 8d 7d", "Qh 7h Jc Qc Ac 10c 8c 7c"
    )
    for card in ("Ah", "Jh", "9h"):
        game.apply(game.actors()[0], play(C(card)))
    assert decide(game.view(3), 3, level, seed=1) == play(C("7h"))


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_a_void_bot_throws_a_jack_on_a_trick_someone_else_takes(level: str) -> None:
    game = new(
        "Kh 7s Ah 10s 9s 8s 9c Kd", "Js Qs 8d 9d 10d Ad Jd Qd", "Ks 9h 10h As Jh Qh 8h 7h", "Jc Qc Kc Ac 10c 7d 8c 7c"
    )
    game.apply(0, play(C("Kh")))  # seat 1 has no hearts; the king wins anyway
    assert decide(game.view(1), 1, level, seed=2).cards[0] in cards("Js Jd")


def test_at_a_live_table_only_hard_may_search_on_for_the_tables_think_time() -> None:
    """Medium does its few samples wherever it plays; hard does its fixed work and may go on
    while the table's think time lasts (tests/bots/test_busy_machine.py: never less)."""
    game = last_tricks(new(*FOUR))
    seat = game.actors()[0]
    live = Moment(now=10.0, stimulus_time=10.0, pace=0.8, think_seconds=0.3)
    for level, seconds in (("medium", None), ("hard", 0.3)):
        (item,) = make_bot("polignac", seat, level, random.Random(0)).plans(game.view(seat), live)
        assert isinstance(item, Thinking) and item.args[4] == seconds  # (view, seat, seed, search, seconds)
        (item,) = make_bot("polignac", seat, level, random.Random(0)).plans(game.view(seat), NOW)
        assert isinstance(item, Thinking) and item.args[4] is None  # no table: a fixed amount of work
