"""California Speed bots: they decide from their view alone, choose by skill, and take a
person's time over the box of eight."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.rules import GAMES, Action
from cardarcade.table.simulate import simulate
from tests.rules.test_california_speed import PAIR, TWO_PAIRS, packs_deck
from tests.rules.test_speed import speed_deck

SPEC = GAMES["california-speed"]
NOW = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def plan(level: str, view, seat: int = 0, seed: int = 0):
    return make_bot("california-speed", seat, level, random.Random(seed)).plans(view, NOW)


def test_faster_levels_win():
    summary = simulate(SPEC, ["easy", "hard"], games=12, seed=10)
    assert summary.wins[1] >= 10, summary.wins


def test_the_choice_depends_only_on_what_the_seat_sees():
    one = SPEC.new(2, seed=0, deck=packs_deck("7c 2c 3c 4c Kc Qc", "7d 5d 6d 8d Kd 9c"))
    two = SPEC.new(2, seed=0, deck=packs_deck("7c 2c 3c 4c Jh 10h", "7d 5d 6d 8d 9h 9s"))
    assert one.view(0) == two.view(0), "the packs are face down"
    for level in LEVEL_NAMES:
        assert plan(level, one.view(0)) == plan(level, two.view(0))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_every_level_covers_the_other_players_side_first(level):
    """Cards put on the other side go to the other player at the next deal, whichever seat looks."""
    game = SPEC.new(2, seed=0, deck=packs_deck(*PAIR))
    (mine,) = plan(level, game.view(0), seed=1)
    (theirs,) = plan(level, game.view(1), seat=1, seed=1)
    assert mine.action.target == 4 and theirs.action.target == 0


def test_easy_overlooks_a_card_left_over_from_a_match_medium_covers_it():
    game = SPEC.new(2, seed=0, deck=packs_deck(*TWO_PAIRS))
    game.apply(0, Action("cover", target=0, value=game.s.stimulus))  # the 7♣ covered, the 7♦ left over
    view = game.view(0)
    assert view.open[4] and not view.stuck, "the twos still match"
    (easy,) = plan("easy", view, seed=1)
    (medium,) = plan("medium", view, seed=1)
    assert easy.action.target == 5 and medium.action.target == 4


def test_easy_bots_play_each_other_to_a_winner():
    # An easy bot overlooks cards left over from a match: the box waited for them once, and
    # every game of two easy bots stalled into a draw.
    summary = simulate(SPEC, ["easy", "easy"], games=3, seed=0)
    assert sum(summary.wins) == 3, summary


def test_a_box_of_eight_takes_longer_to_look_over_than_speed_s_seven():
    box = SPEC.new(2, seed=0, deck=packs_deck(*PAIR)).view(0)
    speed = GAMES["speed"].new(2, seed=0, deck=speed_deck("8c 2c 3c 4c 5c", "Kd Kh Ks 6d 7d", "9h Js")).view(0)
    assert len(box.tops) == 8 and len(speed.hand) + len(speed.tops) == 7
    for level in ("easy", "expert"):
        for seed in range(5):  # the same draws in both games: only the search differs
            (eight,) = plan(level, box, seed=seed)
            (seven,) = make_bot("speed", 0, level, random.Random(seed)).plans(speed, NOW)
            # one card more per look over the cards (two looks after a miss)
            scan = make_bot("speed", 0, level, random.Random(seed)).hands.scan
            assert round((eight.at - seven.at) / scan, 6) in (1, 2)


def test_nothing_to_cover_nothing_planned():
    game = SPEC.new(2, seed=0, deck=packs_deck("2c 3c 4c 5c 6c 7c 8c 9c", "10d Jd Qd Kd Ad 2d 3d 4d"))
    assert game.view(0).stuck and plan("expert", game.view(0)) == []
