"""What a game's table shows, and which screen plays which game.

The machinery every game's screen stands on (``game.py``, ``turn.py`` and the ``_`` modules it
uses), a family's screen base under the family's name (``_tricks.py``, ``_piles.py``...), and
one module per game, named like its engine (``GameInfo.module``). A game's module declares
``SCREENS = {"game-id": ScreenClass}``; only that module is imported when the game is chosen,
so opening one game never loads every engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from cardarcade.catalog import CATALOG

if TYPE_CHECKING:
    from cardarcade.seating import GameSetup
    from cardarcade.store.saves import SavedGame
    from cardarcade.ui.games.game import GameScreen


def screen_class(game_id: str) -> type[GameScreen]:
    module = importlib.import_module(f"{__name__}.{CATALOG[game_id].module}")
    return module.SCREENS[game_id]


def screen_for(setup: GameSetup, saved: SavedGame | None = None) -> GameScreen:
    """The screen that plays ``setup``: a new game, or the ``saved`` one carried on."""
    return screen_class(setup.spec.id)(setup, saved=saved)
