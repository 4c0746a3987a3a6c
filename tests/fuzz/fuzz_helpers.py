"""What the fuzz tests share. Test files import it as ``from fuzz_helpers import ...`` (tests/fuzz
is on sys.path, as for any test module without an ``__init__.py``)."""

from __future__ import annotations

import random

from cardarcade.rules.base import Game


def play_randomly(game: Game, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal moves by random seats that may move, stopping at the end."""
    for _ in range(steps):
        if game.is_over:
            return
        seat = rng.choice(game.actors())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
