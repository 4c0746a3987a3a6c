"""A screen shown for the first time is styled as it is mounted, not a second time as it shows
(``cardarcade.ui.showing``); a screen shown again is restyled as Textual does."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static


@pytest.fixture(autouse=True)
def an_app_made(app_factory):
    app_factory()  # (the first app made installs the process-wide tweaks, as running the arcade does)


class Counted(Screen):
    DEFAULT_CSS = "Counted Static { color: red; }"

    def __init__(self) -> None:
        super().__init__()
        self.restyled = 0

    def compose(self) -> ComposeResult:
        yield Static("shown", id="words")

    def update_node_styles(self, animate: bool = True) -> None:
        self.restyled += 1
        super().update_node_styles(animate)


async def test_a_new_screen_is_styled_once_and_restyled_when_shown_again():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = Counted()
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.restyled == 0
        assert screen.query_one("#words", Static).styles.color.rgb == (255, 0, 0)  # styled all the same
        screen.post_message(events.ScreenResume())  # as Textual shows a screen again
        await pilot.pause()
        assert screen.restyled == 1
