"""Screens, and which screen plays which game."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardarcade.ui.screens.game import GameScreen
    from cardarcade.ui.setup import GameSetup


def _game_screens() -> dict[str, type["GameScreen"]]:
    from cardarcade.ui.screens.slapjack import SlapjackScreen
    from cardarcade.ui.screens.war import WarScreen

    return {"war": WarScreen, "slapjack": SlapjackScreen}


def has_screen(game_id: str) -> bool:
    return game_id in _game_screens()


def screen_for(setup: "GameSetup") -> "GameScreen":
    return _game_screens()[setup.spec.id](setup)
