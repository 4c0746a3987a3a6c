"""The UI tests' own waiting (ui_helpers.py): what a test reads after a wait is what a player would
see, however late the app gets round to drawing it on a loaded machine."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from ui_helpers import screen_text, wait_for


class Slow(Static):
    """A widget whose mounting takes a while: a loop busy with other work brings it up late."""

    async def on_mount(self) -> None:
        await asyncio.sleep(0.3)


class Outcome(Screen):
    def compose(self) -> ComposeResult:
        yield Static("You win!")
        yield Slow("Rating 1,500 → 1,520")


async def test_a_screen_waited_for_is_read_as_drawn_with_every_widget_on_it():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(Outcome())  # on top at once; its widgets come later
        await wait_for(pilot, lambda: isinstance(app.screen, Outcome))
        text = screen_text(app)
        assert "You win!" in text and "Rating 1,500 → 1,520" in text
