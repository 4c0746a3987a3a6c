"""Spoons bots: they decide from their view alone, keep the rank they collect, take a person's
time to look over five cards, decide and move, and notice a grab (slower in Pig) by level."""

from __future__ import annotations

import random
import statistics

import pytest

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.rules import GAMES, Action
from cardarcade.rules.spoons import FAR_DELAY, TAKE
from tests.rules.test_spoons import spoons_deck

SPEC = GAMES["spoons"]
NOW = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def game_of(*hands: str, stock: str = "", options=None):
    return SPEC.new(len(hands), seed=0, options=options, deck=spoons_deck(*hands, stock=stock))


def plans(level: str, view, seed: int = 0, seat: int = 0, moment: Moment = NOW):
    return make_bot("spoons", seat, level, random.Random(seed)).plans(view, moment)


def test_the_choice_depends_only_on_what_the_seat_sees():
    # The same hand, with a fifth card taken; the others' hands and the stock differ.
    one = game_of("7c 7d 2h 9c", "2d 3d 4d 5d", "Kh Qh 4h 5h", stock="7s")
    two = game_of("7c 7d 2h 9c", "Ks Qs 4s 5s", "2s 3s 4c 5c", stock="7s")
    for game in (one, two):
        game.apply(0, TAKE)
    for level in LEVEL_NAMES:
        assert plans(level, one.view(0)) == plans(level, two.view(0))


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_a_bot_keeps_the_rank_it_collects_and_passes_a_lone_card(level):
    game = game_of("7c 7d 2h 9c", "2d 3d 4d 5d", "Kh Qh 4h 5h", stock="7s")
    game.apply(0, TAKE)
    passed = [p.action.cards[0].rank for seed in range(20) for p in plans(level, game.view(0), seed)]
    # (a hasty hand now and then passes a seven: wrong plays by level)
    assert sum(rank != 7 for rank in passed) >= 18


def test_a_bot_with_four_of_a_kind_grabs_instead_of_passing():
    game = game_of("7c 7d 7h 9c", "2d 3d 4d 5d", "Kh Qh 4h 5h", stock="7s")
    game.apply(0, TAKE)
    for level in LEVEL_NAMES:
        [plan] = plans(level, game.view(0))
        assert plan.action.kind == "grab"


def test_looking_over_five_cards_deciding_and_moving_take_longer_for_easier_levels():
    game = game_of("7c 7d 2h 9c", "2d 3d 4d 5d", "Kh Qh 4h 5h", stock="7s")
    game.apply(0, TAKE)

    def mean_pass_time(level: str) -> float:
        return statistics.mean(plans(level, game.view(0), seed)[0].at for seed in range(200))

    easy, medium, expert = (mean_pass_time(level) for level in ("easy", "medium", "expert"))
    assert easy > medium > expert > 0.5, (easy, medium, expert)


def test_a_bot_waits_with_nothing_passed_to_it():
    game = game_of("2c 3c 4c 5c", "2d 3d 4d 6d", "2h 3h 4h 6h")
    assert plans("expert", game.view(1), seat=1) == []


def test_a_grab_is_noticed_at_once_in_spoons_and_later_in_pig():
    def notice(options) -> float:
        times = []
        for seed in range(200):
            game = game_of("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 6h", options=options)
            game.apply(0, Action("grab", value=game.stimulus))
            moment = Moment(now=10.0, stimulus_time=10.0, pace=1.0)
            grab = next(
                p for p in plans("medium", game.view(1), seed, seat=1, moment=moment) if p.action.kind == "grab"
            )
            times.append(grab.at - 10.0)
        return statistics.mean(times)

    spoons, pig = notice({}), notice({"pig": True})
    assert 0.3 < spoons < 1.0 and pig > spoons + 1.0, (spoons, pig)


def test_with_the_spoons_far_away_every_grab_takes_the_run_longer():
    def grab_times(options) -> list[float]:
        own = game_of("7c 7d 7h 9c", "2d 3d 4d 5d", "Kh Qh 4h 5h", stock="7s", options=options)
        own.apply(0, TAKE)  # four sevens in hand
        seen = game_of("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 6h", options=options)
        seen.apply(0, Action("grab", value=seen.stimulus))  # seat 1 follows a grab
        times = []
        for seed in range(5):  # the same draws near and far: only the run differs
            (mine,) = plans("medium", own.view(0), seed)
            (follow,) = plans("medium", seen.view(1), seed, seat=1)
            assert mine.action.kind == follow.action.kind == "grab"
            times += [mine.at, follow.at]
        return times

    near, far = grab_times({}), grab_times({"spoons_far": True})
    assert [f - n for n, f in zip(near, far)] == pytest.approx([FAR_DELAY] * len(near))


def test_in_pig_a_bot_goes_on_passing_until_it_notices():
    game = game_of("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 6h", stock="9c", options={"pig": True})
    game.apply(0, Action("grab", value=game.stimulus))
    game.apply(0, TAKE)  # the 9♣ goes on, blind, to seat 1
    kinds = sorted(p.action.kind for p in plans("medium", game.view(1), seat=1))
    assert kinds == ["grab", "take"]


def test_an_adaptive_bot_grabs_in_the_persons_time_not_a_reach_slower():
    """The person's grab times already hold their reach for the spoons: a bot following them
    grabs at about their median, as quick as they are, not their median and a reach more."""
    from cardarcade.bots.reaction import AdaptiveProfile

    bot = make_bot("spoons", 1, "adaptive", random.Random(2))
    bot.profile = AdaptiveProfile()
    for _ in range(15):
        bot.profile.observe_person(0.6)
    grabs = [bot._notice(pig=False) for _ in range(400)]
    assert abs(statistics.median(grabs) - 0.6) < 0.06
