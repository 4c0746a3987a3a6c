"""Screens, and which screen plays which game.

A game's screen module declares ``SCREENS = {"game-id": ScreenClass}``. It is the module named
after the game, or the one the catalog names (a family sharing one module, as Dig and Neosho
Rapids do); only that module is imported when the game is chosen, so opening one game never
loads every engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from cardarcade.catalog import CATALOG

if TYPE_CHECKING:
    from cardarcade.seating import GameSetup
    from cardarcade.store.saves import SavedGame
    from cardarcade.ui.screens.game import GameScreen


def screen_class(game_id: str) -> type[GameScreen]:
    module = importlib.import_module(f"{__name__}.{CATALOG[game_id].screen_module}")
    return module.SCREENS[game_id]


def screen_for(setup: GameSetup, saved: SavedGame | None = None) -> GameScreen:
    """The screen that plays ``setup``: a new game, or the ``saved`` one carried on."""
    return screen_class(setup.spec.id)(setup, saved=saved)
