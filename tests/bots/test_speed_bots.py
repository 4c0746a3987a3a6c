"""Speed bots: they decide from their view alone, choose better with skill, and take a person's
time to search, decide and move, missing and misplaying by level."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.bots.reaction import AdaptiveProfile
from cardarcade.bots.speed import longest_run
from cardarcade.rules import GAMES
from cardarcade.rules.speed import fits
from cardarcade.table.simulate import simulate
from tests.rules.test_speed import play, speed_deck

SPEC = GAMES["speed"]
NOW = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def view_of(hand0: str, piles: str, hand1: str = "Kd Kh Ks 6d 7d", **named):
    game = SPEC.new(2, seed=0, deck=speed_deck(hand0, hand1, piles, **named))
    return game, game.view(0)


def plan(level: str, view, seed: int = 0):
    bot = make_bot("speed", 0, level, random.Random(seed))
    return bot.plans(view, NOW)


def test_faster_levels_win():
    summary = simulate(SPEC, ["easy", "hard"], games=20, seed=10)
    assert summary.wins[1] >= 16, summary.wins


def test_the_choice_depends_only_on_what_the_seat_sees():
    # The same hand and piles; the other hand, the stocks and the talons differ.
    _, one = view_of("8c 10c 2c 3c 4c", "9h Js", hand1="Kd Kh Ks 6d 7d", talon0="5s")
    _, two = view_of("8c 10c 2c 3c 4c", "9h Js", hand1="Qd Qh Qs 5d 5h", talon0="6s")
    assert one == two or one.model_dump(exclude={"hand_sizes", "stock_sizes"}) == two.model_dump(
        exclude={"hand_sizes", "stock_sizes"}
    )
    for level in LEVEL_NAMES:
        assert plan(level, one) == plan(level, two)


def test_a_bot_with_nothing_to_play_waits():
    _, view = view_of("2c 3c 4c 5c 6c", "9h Js")
    assert plan("expert", view) == []


def test_easy_plays_the_first_card_it_finds_hard_the_start_of_the_longest_run():
    # On a 9 and a 5: the 8 on the 9 leaves nothing to play; the 10 on it lets the J and the Q follow.
    _, view = view_of("8c 2c 10c Jd Qh", "9h 5s")
    easy = [p.action for p in plan("easy", view, seed=3)]
    hard = [p.action for p in plan("hard", view, seed=3)]
    assert (easy[0].card.code, easy[0].target) == ("8c", 0)
    assert (hard[0].card.code, hard[0].target) == ("10c", 0)


def test_medium_prefers_a_play_that_leaves_another():
    # The 8 on the 9 leaves nothing; the 10 on the 9 lets the J follow on it.
    _, view = view_of("8c 10c Jd 2c 3c", "9h 5s")
    (only,) = plan("medium", view, seed=1)
    assert only.action.card.code == "10c"


def test_longest_run_counts_plays_onto_both_piles():
    assert longest_run((10, 11, 12), (9, 2)) == 3
    assert longest_run((2, 3), (14, 8)) == 2, "round the corner: the ace takes the 2, the 2 the 3"
    assert longest_run((5, 5), (9, 9)) == 0


def play_times(level: str, hand: str, piles: str, tries: int = 300) -> list[float]:
    _, view = view_of(hand, piles)
    times = []
    for seed in range(tries):
        plans = plan(level, view, seed)
        times += [p.at for p in plans]
    return times


def test_slower_levels_take_longer_and_every_play_takes_a_person_s_time():
    easy, expert = play_times("easy", "8c 2c 3c 4c 5c", "9h Js"), play_times("expert", "8c 2c 3c 4c 5c", "9h Js")
    assert statistics.median(easy) > statistics.median(expert) + 0.5
    hands = make_bot("speed", 0, "expert", random.Random(0)).hands
    floor = hands.scan * 7 + 0.12 + hands.move
    assert min(expert) >= floor, "search, decision and movement, each at least a person's"


def test_a_hand_run_down_to_three_cards_is_quicker_to_look_over():
    _, full = view_of("8c 9c 10c 3c 4c", "7h 2s")
    game, _ = view_of("8c 9c 10c 3c 4c", "7h 2s")
    game.s.stocks[1].extend(game.s.stocks[0])  # seat 0's stock used up (the pack stays whole) ...
    game.s.stocks[0].clear()
    for card in ("8c", "9c"):  # ... so two cards played leave three in hand
        play(game, 0, card, 0)
    short = game.view(0)
    assert len(full.hand) == 5 and len(short.hand) == 3
    for level in ("easy", "expert"):
        for seed in range(5):  # the same draws: only the search differs
            (slow,), (quick,) = plan(level, full, seed), plan(level, short, seed)
            # two cards more per look over the hand (two looks after a miss)
            scan = make_bot("speed", 0, level, random.Random(seed)).hands.scan
            assert round((slow.at - quick.at) / scan, 6) in (2, 4)


def test_a_missed_play_costs_a_second_look():
    bot = make_bot("speed", 0, "medium", random.Random(0))
    bot.rng = random.Random(9)
    once = bot.play_time(7, False)
    bot.rng = random.Random(9)
    twice = bot.play_time(7, True)
    assert twice - once == pytest.approx(7 * bot.hands.scan)


def test_easy_bots_misplay_and_miss_more_than_experts():
    _, view = view_of("8c 2c 3c 4c 5c", "9h Js")

    def rates(level: str) -> tuple[float, float]:
        # A miss shows in the plan as a later play: the same bot with the same dice but a level that
        # never misses puts its card down sooner exactly when the level's miss came up.
        wrong = missed = 0
        for seed in range(2000):
            (p,) = plan(level, view, seed)
            wrong += not fits(p.action.card, view.tops[p.action.target])
            keen = make_bot("speed", 0, level, random.Random(seed))
            keen.profile = dataclasses.replace(keen.profile, miss_rate=0.0)
            (sooner,) = keen.plans(view, NOW)
            missed += p.at > sooner.at
        return wrong / 2000, missed / 2000

    easy_wrong, easy_missed = rates("easy")
    expert_wrong, expert_missed = rates("expert")
    assert easy_wrong > 0.02 and expert_wrong < 0.01 and easy_wrong > 4 * expert_wrong
    assert easy_missed > 0.02 and easy_missed > 4 * expert_missed


def test_a_refused_play_makes_the_bot_look_again():
    _, view = view_of("8c 2c 3c 4c 5c", "9h Js")
    bot = make_bot("speed", 0, "hard", random.Random(0))
    (first,) = bot.plans(view, NOW)
    again = bot.plans(view, Moment(now=first.at + 0.05, stimulus_time=0.0, pace=1.0))
    assert again and again[0].key != first.key and again[0].at > first.at


def test_an_adaptive_bot_plays_like_medium_until_it_has_seen_the_person_then_at_their_pace():
    bot = make_bot("speed", 0, "adaptive", random.Random(0))
    assert isinstance(bot.profile, AdaptiveProfile)
    before = statistics.median(bot.play_time(7, False) for _ in range(300))
    assert 0.9 < before < 1.5, before
    for _ in range(15):
        bot.profile.observe_person(2.5)
    after = statistics.median(bot.play_time(7, False) for _ in range(300))
    assert after == pytest.approx(2.5, rel=0.25)
