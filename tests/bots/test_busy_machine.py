"""A bot's strength never depends on how busy the machine is: at a live table (a thinking time
given) on a machine so loaded that every search's clock runs out at once, each searching level
decides exactly as it does under simulate and in the tests (no thinking time: a fixed amount of
work). A loaded machine once cut a hard Frogs bot's search to a few play-outs, and it threw a
5 under an unbeatable ace."""

from __future__ import annotations

import itertools
import random

import pytest

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.bots import search
from cardarcade.rules import GAMES

# (game, players, levels whose decisions are searches)
SEARCHING = [
    ("schnapsen", 2, ("medium", "hard", "expert")),
    ("bura", 2, ("medium", "hard", "expert")),
    ("polignac", 4, ("medium", "hard")),
    ("frogs-in-the-pond", 3, ("medium", "hard", "expert")),
    ("toepen", 3, ("medium", "hard", "expert")),
    ("chicago", 2, ("medium", "hard", "expert")),
    ("machiavelli", 2, ("hard", "expert")),
    ("knock-poker", 2, ("hard", "expert")),
    ("thirteen", 2, ("expert",)),
    ("thirteen", 3, ("hard",)),
    ("dig", 2, ("hard",)),
]
POSITIONS = 3  # decisions compared per game and level
NOW = Moment(now=1.0, stimulus_time=1.0, pace=0.5)


class _EndlessLoad:
    """``time.perf_counter`` on a machine where every call finds a minute gone."""

    def __init__(self) -> None:
        self._ticks = itertools.count()

    def __call__(self) -> float:
        return 60.0 * next(self._ticks)


def _searches(game_id: str, players: int, level: str) -> list[tuple[object, int]]:
    """Positions where a bot of ``level`` hands a search to the table: (view, seat), one a seed,
    reached by a few moves of easy bots; only those with a real choice (three legal moves or more)."""
    spec, found = GAMES[game_id], []
    for seed in range(40):
        game, rng = spec.new(players=players, seed=seed), random.Random(seed)
        skip = rng.randrange(12)
        while not game.is_over:
            seat = game.actors()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            bot = make_bot(game_id, seat, level, random.Random(seed))
            if skip <= 0 and len(legal) >= 3 and any(isinstance(p, Thinking) for p in bot.plans(view, NOW)):
                found.append((view, seat))
                break
            easy = make_bot(game_id, seat, "easy", rng).plans(view, NOW)
            game.apply(seat, easy[0].action if easy else rng.choice(legal))
            skip -= 1
        if len(found) == POSITIONS:
            break
    return found


def _decision(game_id: str, view: object, seat: int, level: str, think_seconds: float | None) -> object:
    bot = make_bot(game_id, seat, level, random.Random(7))
    (thinking,) = [
        p for p in bot.plans(view, Moment(1.0, 1.0, 0.5, think_seconds=think_seconds)) if isinstance(p, Thinking)
    ]
    return thinking.work(*thinking.args)


@pytest.mark.parametrize(
    ("game_id", "players", "level"), [(g, n, level) for g, n, levels in SEARCHING for level in levels]
)
def test_a_busy_machine_gets_the_same_moves_from_a_bot_as_a_quiet_one(
    monkeypatch, game_id: str, players: int, level: str
) -> None:
    positions = _searches(game_id, players, level)
    assert len(positions) == POSITIONS, f"{game_id}: too few positions where a {level} bot searches"
    fixed = [_decision(game_id, view, seat, level, None) for view, seat in positions]
    monkeypatch.setattr(search.time, "perf_counter", _EndlessLoad())
    live = [_decision(game_id, view, seat, level, 1e-6) for view, seat in positions]
    assert live == fixed


def test_a_search_given_time_to_spare_goes_on_past_its_fixed_work_and_stops_in_time(monkeypatch) -> None:
    clock = [0.0]

    def perf_counter() -> float:  # a fast machine: a millisecond an iteration
        return clock[0]

    monkeypatch.setattr(search.time, "perf_counter", perf_counter)
    budget = search.Budget(10, 0.5)
    while budget.more():
        budget.done += 1
        clock[0] += 0.001
    assert 400 < budget.done and clock[0] <= 0.5


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_busy_machine_gets_the_same_cuckoo_moves_from_a_bot_as_a_quiet_one(monkeypatch, level: str) -> None:
    # Cuckoo offers two moves a turn (keep the card or let it go), so _searches' filter of three
    # passes it by: every turn of the first two hands of games with close calls (an expert
    # cut to its first batch of deals decides three of these otherwise).
    positions = []
    for seed in (19, 20, 22):
        game = GAMES["cuckoo"].new(players=6, seed=seed)
        while game.s.hand <= 2:
            seat = game.actors()[0]
            positions.append((game.view(seat), seat))
            game.apply(seat, game.legal_actions(seat)[seed % 2])
    fixed = [_decision("cuckoo", view, seat, level, None) for view, seat in positions]
    monkeypatch.setattr(search.time, "perf_counter", _EndlessLoad())
    live = [_decision("cuckoo", view, seat, level, 1e-6) for view, seat in positions]
    assert live == fixed
