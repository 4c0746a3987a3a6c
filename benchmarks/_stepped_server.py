"""``cardarcade serve ...`` with every step of its event loop timed (CPU time of the loop's thread),
written as JSON to ``STEPS_OUT`` when the server stops; ``--bare`` first serves, in place of the
arcade, a bare Textual app shaped like the arcade's first two screens (see server_session_cost.py).

    STEPS_OUT=FILE python benchmarks/_stepped_server.py [--bare] serve ssh --auth open --port 0
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import sys
import time
from typing import Any

STEP_AT_LEAST = 0.001  # seconds of CPU: shorter steps are only counted
steps: list[tuple[float, str]] = []  # (milliseconds of CPU, what ran)
short = [0, 0.0]  # how many shorter steps, and their milliseconds


def _what(handle: asyncio.Handle) -> str:
    """The task's name without its numbers ("message pump LobbyScreen()"), or the callback's name."""
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        return task.get_name().split("-")[0].strip()[:60]
    return getattr(callback, "__qualname__", type(callback).__name__)[:60]


_run = asyncio.Handle._run


def _timed_run(handle: asyncio.Handle) -> None:
    started = time.thread_time()
    _run(handle)
    spent = time.thread_time() - started
    if spent >= STEP_AT_LEAST:
        steps.append((round(spent * 1000, 3), _what(handle)))
    else:
        short[0] += 1
        short[1] += spent * 1000


asyncio.Handle._run = _timed_run  # type: ignore[method-assign]
atexit.register(lambda: json.dump({"steps": steps, "short": short}, open(os.environ["STEPS_OUT"], "w")))


def bare_app(info: Any, driver_class: Any) -> Any:
    """A Textual app with the widgets of the arcade's lobby and menu (titles, a list, a chat line,
    an input; the 28 games' list and a summary), and nothing of the arcade's own."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Input, OptionList, Static

    class Menu(Screen):
        def compose(self) -> Any:
            yield Static("Pick a game to play alone")
            yield OptionList(*(f"Game {n}: a line saying what it is about" for n in range(1, 29)))
            yield Static("What the chosen game is about\n" * 8)
            yield Static("esc Lobby  enter Play  f1 Rules")

    class Lobby(Screen):
        BINDINGS = [("m", "menu", "Menu")]

        def compose(self) -> Any:
            yield Static(f" Lobby   you are {info.name} \u00b7 online (1): {info.name}\n No tables yet")
            yield OptionList()
            yield Static("")
            yield Static("")
            yield Input(placeholder="Say something to everyone here")
            yield Static("m Menu  n New table  q Quit")

        def action_menu(self) -> None:
            self.app.push_screen(Menu())

    class Bare(App):
        def on_mount(self) -> None:
            self.push_screen(Lobby())

    return Bare(driver_class=driver_class)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--bare"]:
        args = args[1:]
        from cardarcade.server import ssh

        ssh.ArcadeServer.arcade_app = lambda server, info, driver_class: bare_app(info, driver_class)
    sys.argv = ["cardarcade", *args]
    from cardarcade.cli import main

    sys.exit(main())
