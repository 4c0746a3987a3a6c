"""Cash bots: they signal a partner on four of a kind, call on a partner's signal, and notice
signals and innocent gestures at their level's rates."""

from __future__ import annotations

import random

from cardarcade.bots import Moment, make_bot
from cardarcade.bots.cash import EYES
from cardarcade.rules import Action
from tests.rules.test_cash import FOURS, new, started

NOW = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def kinds(plans) -> list[str]:
    return [p.action.kind for p in plans]


def test_a_bot_holding_four_of_a_kind_makes_its_side_signal_and_does_not_swap():
    game = started(new())  # Player 1 holds four sevens; side A's signal is tap
    plans = make_bot("cash", 0, "expert", random.Random(1)).plans(game.view(0), NOW)
    assert [p.action for p in plans if p.action.kind == "gesture"] == [Action("gesture", value="tap")]
    assert "swap" not in kinds(plans)


def test_a_partner_calls_cash_on_the_signal_more_often_at_higher_levels():
    calls = {}
    for level in ("easy", "expert"):
        hits = 0
        for seed in range(200):
            game = started(new())
            game.apply(0, Action("gesture", value="tap"))
            bot = make_bot("cash", 2, level, random.Random(seed))
            hits += "cash" in kinds(bot.plans(game.view(2), NOW))
        calls[level] = hits / 200
    assert calls["easy"] < calls["expert"]
    assert abs(calls["easy"] - EYES["easy"].hit) < 0.12


def test_an_easy_bot_calls_counter_cash_on_innocent_gestures_more_often_than_an_expert():
    alarms = {}
    for level in ("easy", "expert"):
        count = 0
        for seed in range(400):
            game = started(new())
            game.apply(3, Action("gesture", value="sip"))  # nothing odd about it
            bot = make_bot("cash", 0, level, random.Random(seed))
            count += "counter" in kinds(bot.plans(game.view(0), NOW))
        alarms[level] = count
    assert alarms["easy"] > alarms["expert"]


def idle_gestures(level: str, seat: int, seed: int, minutes: float = 5.0) -> list[str]:
    """The gestures a bot without four of a kind plans while a board stands, asked every half second."""
    game = started(new())
    bot = make_bot("cash", seat, level, random.Random(seed))
    made = {}
    for tick in range(int(minutes * 120)):
        moment = Moment(now=tick / 2, stimulus_time=0.0, pace=1.0)
        made.update((p.key, p.action.value) for p in bot.plans(game.view(seat), moment) if p.action.kind == "gesture")
    return list(made.values())


def test_bots_without_four_of_a_kind_make_innocent_gestures_now_and_then():
    for level in ("easy", "expert"):
        for seat in (1, 2, 3):  # none holds four of a kind
            gestures = idle_gestures(level, seat, seed=seat)
            assert 4 <= len(gestures) <= 40, (level, seat, gestures)  # a few a minute at most, not never


def test_an_innocent_gesture_is_never_the_bots_own_side_signal():
    game = started(new())
    for seat in (1, 2, 3):
        signal = game.view(seat).signal
        assert signal in ("tap", "wink")
        gestures = [g for seed in range(4) for g in idle_gestures("medium", seat, seed)]
        assert signal not in gestures and len(set(gestures)) == 3, (seat, gestures)


def test_bots_decide_from_their_view_alone():
    a, b = started(new()), started(new(hands=[FOURS[0], FOURS[2], FOURS[1], FOURS[3]]))
    # seat 0's cards and the board are the same; other hands differ
    plan_a = make_bot("cash", 0, "hard", random.Random(3)).plans(a.view(0), NOW)
    plan_b = make_bot("cash", 0, "hard", random.Random(3)).plans(b.view(0), NOW)
    assert [(p.action, p.at) for p in plan_a] == [(p.action, p.at) for p in plan_b]
