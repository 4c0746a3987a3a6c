"""Concentration bots: they finish at every level, remember by level, and better memory wins."""

from __future__ import annotations

import random

from cardarcade.bots import Moment, levels_for, make_bot
from cardarcade.cards import standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.concentration import turn
from cardarcade.table.simulate import play_headless, simulate

SPEC = GAMES["concentration"]
MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def test_bots_finish_the_four_of_a_kind_game_with_six_players() -> None:
    result, _ = play_headless(SPEC, ["easy", "medium", "hard"] * 2, seed=2, options={"set_size": 4})
    assert result is not None


def by_rank_game():
    """Pairs lie side by side: positions 2k and 2k+1 hold the same rank."""
    deck = sorted(standard_deck(), key=lambda c: (c.rank, c.suit.value))
    game = SPEC.new(2, seed=0, deck=deck)
    game.apply(0, turn(51))  # seat 0 cuts an ace
    game.apply(1, turn(0))  # seat 1 a two: seat 0 starts
    return game


def test_an_expert_bot_remembers_a_card_it_saw_and_pairs_it() -> None:
    game = by_rank_game()
    game.apply(0, turn(4))
    game.apply(0, turn(8))  # a 3 and a 4: a miss, seen by everyone
    bot = make_bot("concentration", 1, "expert", random.Random(0))
    bot.plans(game.view(1), MOMENT)
    game.apply(1, turn(5))  # the other 3: the expert goes to position 4 for it
    assert bot.plans(game.view(1), MOMENT)[0].action == turn(4)


def test_an_expert_bot_takes_a_pair_it_knows_whole() -> None:
    game = by_rank_game()
    game.apply(0, turn(4))
    game.apply(0, turn(8))  # a miss
    game.apply(1, turn(5))
    game.apply(1, turn(9))  # another miss: now 4&5 (threes) and 8&9 (fours) are known
    bot = make_bot("concentration", 0, "expert", random.Random(3))
    first = bot.plans(game.view(0), MOMENT)[0].action
    assert first.value in (4, 5, 8, 9)
    game.apply(0, first)
    second = bot.plans(game.view(0), MOMENT)[0].action
    pair = {4: 5, 5: 4, 8: 9, 9: 8}
    assert second.value == pair[first.value]


def test_only_an_expert_never_forgets_and_hard_forgets_far_less_than_easy() -> None:
    game = SPEC.new(2, seed=5)
    rng = random.Random(1)
    while len(game.s.history) < 60 and not game.is_over:
        seat = game.actors()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    truth = {p: c.rank for p, c in enumerate(game.s.grid) if c is not None}
    seen = {p for _, p, _ in game.s.history if p in truth}
    right = {}
    for level in ("easy", "hard", "expert"):
        bot = make_bot("concentration", 0, level, random.Random(2))
        bot.learn(game.view(0))
        right[level] = sum(1 for p, r in bot.memory.items() if truth.get(p) == r)
    assert right["expert"] == len(seen)
    assert len(seen) * 0.6 < right["hard"] < len(seen)  # like a strong player: most of it, not all
    assert right["easy"] < len(seen) / 2


def _share(level: str, below: str, games: int) -> float:
    """``level``'s share of two-player games against ``below``, each deal played from both seats."""
    first = simulate(SPEC, [level, below], games=games, seed=11)
    second = simulate(SPEC, [below, level], games=games, seed=11)
    return (first.wins[0] + second.wins[1]) / (2 * games)


def test_each_level_takes_clearly_more_games_than_the_one_below() -> None:
    # benchmarks: hard 0.83 of 600 games against medium, expert 0.89 against hard
    assert _share("hard", "medium", 40) >= 0.65
    assert _share("expert", "hard", 40) >= 0.65


def test_expert_is_offered_in_concentration_and_not_in_games_whose_bots_have_none() -> None:
    assert levels_for(SPEC) == ("easy", "medium", "hard", "expert")
    assert levels_for(GAMES["go-fish"]) == ("easy", "medium", "hard")


def test_hard_beats_easy_clearly_in_either_seat() -> None:
    first = simulate(SPEC, ["hard", "easy"], games=30, seed=7)
    second = simulate(SPEC, ["easy", "hard"], games=30, seed=7)
    assert first.wins[0] >= 25 and second.wins[1] >= 25, (first.wins, second.wins)


def test_medium_beats_easy() -> None:
    summary = simulate(SPEC, ["medium", "easy"], games=30, seed=3)
    assert summary.wins[0] >= 20, summary.wins
