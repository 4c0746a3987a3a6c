"""Finished games to record in a statistics file, for the tests of the statistics, the report,
the statistics screen and ``cardarcade stats`` (imported as ``from records import ...``)."""

from __future__ import annotations

import random

from cardarcade.rules import GAMES
from cardarcade.rules.base import Game
from cardarcade.seating import GameSetup
from cardarcade.store.stats import Stats
from cardarcade.table.simulate import play_randomly


def finished_war(seed: int, level: str = "easy") -> tuple[GameSetup, Game]:
    """A two-player War against a bot of ``level``, played to its end by random moves."""
    setup = GameSetup.solo(GAMES["war"], seed=seed, level=level)
    game = setup.new_game()
    play_randomly(game, random.Random(seed))
    return setup, game


def decided_war(outcome: str, level: str = "easy") -> tuple[GameSetup, Game, int]:
    """A finished War that is not a draw, and the seat ``outcome`` (won or lost) puts a profile in."""
    seed = 0
    while True:
        setup, game = finished_war(seed, level)
        if not game.result.is_draw:
            winner = game.result.winners[0]
            return setup, game, winner if outcome == "won" else 1 - winner
        seed += 1


def record_war(
    stats: Stats, profile: str, outcome: str, level: str, at: float, duration: float = 90.0, hinted: bool = False
) -> None:
    """A finished War against a bot of ``level`` that ``profile`` won or lost, recorded at ``at``
    (``hinted``: the coach was asked in it)."""
    setup, game, seat = decided_war(outcome, level)
    stats.record_game(setup, game, duration, {seat: profile}, finished_at=at, hinted=hinted)
