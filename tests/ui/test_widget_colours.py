"""A widget gone leaves none of its drawn lines behind in Textual's cache of background styles
(keyed by each widget's cache of lines, it kept the last 1,024 widgets' lines alive)."""

from __future__ import annotations

import gc
import weakref

from textual.screen import Screen
from textual.widgets import Static

from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.textual_compat import drawn_lines_kept


class Note(Screen):
    def compose(self):
        yield Static("A line drawn once, then let go.", id="note")


async def test_a_closed_screens_drawn_lines_are_freed():
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(Note())
        await pilot.pause()
        note = app.screen.query_one("#note")
        assert drawn_lines_kept(note) > 0
        lines = weakref.ref(note._styles_cache)
        del note
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        gc.collect()
        assert lines() is None
