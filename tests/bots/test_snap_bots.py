"""Snap bots: every level finishes games, faster reflexes win, Hick's law over the piles compared."""

from __future__ import annotations

import random
import statistics

import pytest

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES, Action
from cardarcade.table.simulate import play_headless, simulate

SPEC = GAMES["snap"]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_wins_snaps_in_a_whole_game(level):
    for seed in range(3):
        result, table = play_headless(SPEC, [level, "medium", level], seed)
        assert result is not None and table.game.is_over
        assert any(r.kind in ("snap_win", "pool_win") for r in table.stats.reactions)


def test_hard_beats_easy():
    summary = simulate(SPEC, ["hard", "easy"], games=30, seed=100)
    assert summary.wins[0] >= 20 and summary.wins[0] >= 3 * summary.wins[1], summary.wins


def test_expert_beats_medium():
    summary = simulate(SPEC, ["medium", "expert"], games=30, seed=200)
    assert summary.wins[1] >= 18 and summary.wins[1] > 2 * summary.wins[0], summary.wins


def fresh_view(players: int, seat: int):
    """A table where seats 0 and 1 show a pair of sevens (every other seat shows another rank)."""
    tops = ["7c", "7d", "2h", "3h", "4h", "5h"][:players]
    first = cards(" ".join(tops))
    deck = first + [c for c in standard_deck() if c not in first]
    game = SPEC.new(players, seed=0, deck=deck)
    for p in range(players):
        game.apply(p, Action("flip"))
    return game.view(seat)


def snap_delays(players: int, level: str, tries: int = 300) -> list[float]:
    delays = []
    for i in range(tries):
        bot = make_bot("snap", players - 1, level, random.Random(i))
        view = fresh_view(players, players - 1)
        plans = bot.plans(view, Moment(now=0.0, stimulus_time=0.0, pace=1.0))
        delays += [p.at for p in plans if p.action.kind == "snap"]
    return delays


def test_more_piles_to_compare_is_slower():
    two, six = snap_delays(2, "hard"), snap_delays(6, "hard")
    assert statistics.median(six) > statistics.median(two) + 0.08


def test_lower_levels_miss_more_matches():
    easy, expert = snap_delays(3, "easy"), snap_delays(3, "expert")
    assert len(easy) < len(expert)  # a miss makes no plan at all
    assert len(easy) < 0.95 * 300 and len(expert) > 0.97 * 300


def false_calls(level: str, games: int = 6) -> float:
    flips = wrong = 0
    for seed in range(games):
        _, table = play_headless(SPEC, [level, level, level], seed)
        flips += table.game.s.flips
        wrong += sum(1 for r in table.stats.reactions if r.kind.startswith("false"))
    return wrong / flips


def test_lower_levels_call_falsely_more():
    assert false_calls("easy") > 2 * false_calls("expert")


def test_bot_calls_snap_pool_with_the_pool_key():
    deck = cards("5c 6d 9c 5d") + [c for c in standard_deck() if c not in cards("5c 6d 9c 5d")]
    game = SPEC.new(2, seed=0, deck=deck)
    game.apply(0, Action("flip"))
    game.apply(0, Action("snap", value=game.stimulus))  # false: the 5c is the pool
    for seat in (1, 0, 1):  # 6d, 9c, then seat 1's 5d matches the pool
        game.apply(seat, Action("flip"))
    view = game.view(0)
    assert view.pool_top is not None and view.tops[1] is not None and view.pool_top.rank == view.tops[1].rank
    kinds = set()
    for i in range(20):
        bot = make_bot("snap", 0, "expert", random.Random(i))
        kinds |= {p.action.kind for p in bot.plans(view, Moment(0.0, 0.0, 1.0))}
    assert "pool" in kinds and "snap" not in kinds
