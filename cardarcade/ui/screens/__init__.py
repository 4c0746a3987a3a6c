"""Screens, and which screen plays which game.

A game's screen module (any module here) declares ``SCREENS = {"game-id": ScreenClass}``;
they are found by looking, so adding a game never means editing this file.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardarcade.ui.screens.game import GameScreen
    from cardarcade.ui.setup import GameSetup


@cache
def _game_screens() -> dict[str, type["GameScreen"]]:
    found: dict[str, type["GameScreen"]] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        found.update(getattr(module, "SCREENS", {}))
    return found


def has_screen(game_id: str) -> bool:
    return game_id in _game_screens()


def screen_class(game_id: str) -> type["GameScreen"]:
    return _game_screens()[game_id]


def screen_for(setup: "GameSetup") -> "GameScreen":
    return screen_class(setup.spec.id)(setup)
