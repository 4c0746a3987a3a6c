"""Animals bots: they choose an animal at once, finish games at every level, call the right
animal, and recognise more slowly with more piles and players (Hick's law)."""

from __future__ import annotations

import random
import statistics

import pytest

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES, Action
from cardarcade.rules.animals import ANIMAL_NAMES
from cardarcade.table.simulate import play_headless, simulate

SPEC = GAMES["animals"]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_wins_calls_in_a_whole_game(level):
    for seed in range(3):
        result, table = play_headless(SPEC, [level, "medium", level], seed)
        assert result is not None and table.game.is_over
        assert any(r.kind == "call_win" for r in table.stats.reactions)


def test_hard_beats_easy():
    summary = simulate(SPEC, ["hard", "easy", "easy"], games=30, seed=100)
    assert summary.wins[0] >= 15 and summary.wins[0] >= 2 * max(summary.wins[1:]), summary.wins


def test_bots_choose_at_once_and_leave_the_keyed_animals_to_people():
    game = SPEC.new(4, seed=1)
    picks = []
    for seat in range(1, 4):
        bot = make_bot("animals", seat, "medium", random.Random(seat))
        (plan,) = bot.plans(game.view(seat), Moment(now=5.0, stimulus_time=0.0, pace=1.0))
        assert plan.action.kind == "pick" and plan.at <= 5.1
        game.apply(seat, plan.action)
        picks.append(plan.action.value)
    assert all(ANIMAL_NAMES.index(a) >= 6 for a in picks)


def matched_view(players: int, seat: int):
    """Animals chosen; seat 0 and the last seat show sevens, everyone else other ranks."""
    tops = ["7c", "2h", "3h", "4h", "5h", "6h"][:players]
    tops[-1] = "7d"
    first = cards(" ".join(tops))
    game = SPEC.new(players, seed=0, deck=first + [c for c in standard_deck() if c not in first])
    for p in range(players):
        game.apply(p, Action("pick", value=ANIMAL_NAMES[p]))
    for p in range(players):
        game.apply(p, Action("flip"))
    return game.view(seat)


def call_plans(players: int, level: str, tries: int = 300):
    out = []
    for i in range(tries):
        bot = make_bot("animals", 0, level, random.Random(i))
        plans = bot.plans(matched_view(players, 0), Moment(now=0.0, stimulus_time=0.0, pace=1.0))
        out += [p for p in plans if p.action.kind == "call"]
    return out


def test_the_bot_calls_the_matched_players_animal():
    plans = call_plans(4, "hard")
    right = sum(1 for p in plans if p.action.target == ANIMAL_NAMES.index("lion"))  # seat 3 is the lion
    assert right >= 0.95 * len(plans) and len(plans) >= 0.9 * 300


def test_more_players_to_recall_is_slower():
    three = statistics.median(p.at for p in call_plans(3, "hard"))
    six = statistics.median(p.at for p in call_plans(6, "hard"))
    assert six > three + 0.04  # log2(11) - log2(5) bits of choice more


def test_easy_misses_and_miscalls_more_than_expert():
    easy, expert = call_plans(4, "easy"), call_plans(4, "expert")
    assert len(easy) < len(expert)
    lion = ANIMAL_NAMES.index("lion")  # seat 3's animal
    wrong_easy = sum(1 for p in easy if p.action.target != lion)
    wrong_expert = sum(1 for p in expert if p.action.target != lion)
    assert wrong_easy > wrong_expert


def test_a_bot_turning_the_first_card_leaves_time_to_learn_the_animals():
    game = SPEC.new(4, seed=1)
    for seat in range(4):
        game.apply(seat, Action("pick", value=ANIMAL_NAMES[seat]))
    bot = make_bot("animals", 0, "expert", random.Random(0))
    (first,) = bot.plans(game.view(0), Moment(now=10.0, stimulus_time=0.0, pace=0.5))
    assert first.action.kind == "flip" and first.at == 10.0 + 4 * 0.5  # a move's time per player
    game.apply(0, Action("flip"))
    for seat in (1, 2, 3):
        game.apply(seat, Action("flip"))
    later = [
        p for p in bot.plans(game.view(0), Moment(now=20.0, stimulus_time=19.0, pace=0.5)) if p.action.kind == "flip"
    ]
    assert later and later[0].at <= 20.0 + 0.5 * 1.25
