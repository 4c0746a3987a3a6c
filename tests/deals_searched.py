"""How much a bot's search looks at (imported as ``from deals_searched import deals_searched``):
the levels of a searching game are spaced by their work, and only expert may add to it at a
live table."""

from __future__ import annotations

import itertools
import random

from cardarcade.bots import Moment, Thinking, make_bot, search
from cardarcade.rules.base import Game


def deals_searched(monkeypatch, game_id: str, game: Game, level: str, think_seconds: float | None) -> int:
    """How many deals a ``level`` bot's search deals for the seat to act in ``game``, at a table
    allowing ``think_seconds`` (None: the fixed work of simulate) on a fast machine, whose clock
    moves 0.1 ms at each look."""
    ticks = itertools.count()
    monkeypatch.setattr(search.time, "perf_counter", lambda: next(ticks) * 1e-4)
    dealt = [0]
    cls = type(game)
    determinize = cls.determinize.__func__

    def counted(klass, view, seat, rng):
        dealt[0] += 1
        return determinize(klass, view, seat, rng)

    monkeypatch.setattr(cls, "determinize", classmethod(counted))
    seat = game.actors()[0]
    moment = Moment(now=10.0, stimulus_time=10.0, pace=0.8, think_seconds=think_seconds)
    (item,) = make_bot(game_id, seat, level, random.Random(0)).plans(game.view(seat), moment)
    assert isinstance(item, Thinking)
    item.work(*item.args)
    return dealt[0]
