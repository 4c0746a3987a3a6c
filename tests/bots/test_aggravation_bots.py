"""Aggravation bots: they decide from their view alone, read a bigger grid more slowly, keep going
for a card still open when the grid changes elsewhere, and call Aggravation! once out of cards."""

from __future__ import annotations

import random

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.rules import GAMES, Action
from tests.rules.test_aggravation import cover, hold, new, turn

SPEC = GAMES["aggravation"]
NOW = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def bot(level: str, seat: int = 0, seed: int = 0):
    return make_bot("aggravation", seat, level, random.Random(seed))


def test_the_choice_depends_only_on_what_the_seat_sees():
    # The same grid (a pair of fives); the cards still in the packs differ.
    one, two = new("2c 5c Kc", "3d 5d Qd"), new("2c 5c 9h", "3d 5d 8s")
    turn(one), turn(two)
    assert one.view(0) == two.view(0)
    for level in LEVEL_NAMES:
        assert bot(level).plans(one.view(0), NOW) == bot(level).plans(two.view(0), NOW)


def test_a_bigger_grid_takes_longer_to_read():
    small, big = new("2c 5c", "2d 7d"), new("3c 4c 5c 9c 2c", "6d 7d 8d 10d 2d")
    for _ in range(4):
        turn(big)  # four more columns before the twos come up together
    assert len(big.view(0).tops) == 10 and len(small.view(0).tops) == 2
    (quick,), (slow,) = bot("hard", seed=3).plans(small.view(0), NOW), bot("hard", seed=3).plans(big.view(0), NOW)
    assert slow.at > quick.at + 7 * 0.04


def test_medium_covers_in_its_own_row_first_hard_breaks_a_match_still_showing():
    game = new("2c 7c", "3d 2d 7h")
    turn(game)  # the 7♣ and the 2♦: a pair of twos, one in each row
    cover(game, 1, 3)  # seat 1 covers its own two with the 7♥: the 2♣ is left over, two sevens show
    view = game.view(0)
    leftover, sevens = 0, [2, 3]
    assert view.open == [True, False, True, True] and not view.turn_due
    (medium,) = bot("medium", seat=0).plans(game.view(0), NOW)
    (hard,) = bot("hard", seat=0).plans(game.view(0), NOW)
    assert medium.action.target == leftover and hard.action.target in sevens


def test_a_hand_on_its_way_keeps_going_when_the_grid_changes_elsewhere():
    game = new("5c Kc Jc", "5d 9d 9h")
    hard = bot("hard", seat=0)
    (first,) = hard.plans(game.view(0), NOW)
    other = 1 - first.action.target
    cover(game, 1, other)  # the other player covers the other five: a change elsewhere
    later = Moment(now=first.at / 2, stimulus_time=first.at / 2, pace=1.0)
    assert hard.plans(game.view(0), later) == [first], "the same plan, due at the same time"


def test_out_of_cards_a_bot_calls_at_a_match_and_waits_otherwise():
    game = new("2c Kc", "2d 5d 6d 6h 9s")
    hold(game, 0, keep=1)
    cover(game, 0, 1)
    cover(game, 1, 0)
    assert bot("expert").plans(game.view(0), NOW) == [], "no match shows"
    turn(game)
    turn(game)  # a pair of sixes
    (plan,) = bot("expert").plans(game.view(0), NOW)
    assert plan.action == Action("call", value=game.s.stimulus)


def test_a_call_on_its_way_is_not_started_again_by_a_cover_that_leaves_a_match_showing():
    """Out of cards, the bot calls on a pair of sixes; the other player covers one six with a
    third: sixes still show, and the call lands when it would have."""
    game = new("2c Kc", "2d 5d 6d 6h 6s")
    hold(game, 0, keep=1)
    cover(game, 0, 1)
    cover(game, 1, 0)
    turn(game)
    turn(game)  # a pair of sixes
    caller = bot("medium")
    (first,) = caller.plans(game.view(0), NOW)
    assert first.action.kind == "call"
    six = next(p for p, stack in enumerate(game.s.stacks) if stack[-1].code == "6d")
    cover(game, 1, six)  # the 6♠ on the 6♦: the sixes still show
    assert game.view(0).showing
    later = Moment(now=first.at / 2, stimulus_time=first.at / 2, pace=1.0)
    assert caller.plans(game.view(0), later) == [first]
