"""Apps for the server tests that make sessions of their own (``app_factory``): one that fails on
a key, to show a fault ends its own session only. Imported as ``from app_helpers import ...``."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

import cardarcade.ui.app as app_module
from cardarcade.server.ssh import SessionInfo
from cardarcade.ui.app import ArcadeApp

FAULT = "a fault in one session"


class FaultyApp(ArcadeApp):
    """The arcade, but x raises an error inside the app."""

    CSS_PATH = str(Path(app_module.__file__).parent / ArcadeApp.CSS_PATH)  # relative to this file otherwise
    BINDINGS = [Binding("x", "fail", "fail")]

    def action_fail(self) -> None:
        raise RuntimeError(FAULT)


def faulty_for(name: str):
    """An app factory: the player called ``name`` gets a FaultyApp, everyone else the arcade (menu
    first, no lobby)."""

    def make(info: SessionInfo, driver_class) -> ArcadeApp:
        app_class = FaultyApp if info.name == name else ArcadeApp
        return app_class(environ=info.environ, driver_class=driver_class)

    return make
