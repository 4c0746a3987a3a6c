"""A screen under an opaque one does not repaint it (``cardarcade.ui.covered``): what changes there
shows once it is on top again; under a translucent dialog it still shows through at once."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ui_helpers import screen_text


@pytest.fixture(autouse=True)
def an_app_made(app_factory):
    app_factory()  # (the first app made installs the process-wide tweaks, as running the arcade does)


class Counted:
    """Counts the regions of a screen on top repainted for what changed under it."""

    repainted = 0

    def refresh(self, *regions, **kwargs):
        if regions:  # (Textual passes the regions that changed below)
            Counted.repainted += 1
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]


class Below(Screen):
    DEFAULT_CSS = "Below #below { height: 1fr; }"  # (under the whole of a dialog)

    def compose(self) -> ComposeResult:
        yield Static("before", id="below")


class Over(Counted, Screen):
    def compose(self) -> ComposeResult:
        yield Static("over the other")


class Dialog(Counted, ModalScreen):
    DEFAULT_CSS = "Dialog { align: center bottom; } Dialog Static { width: 20; height: 3; }"

    def compose(self) -> ComposeResult:
        yield Static("a dialog")


async def test_a_change_under_an_opaque_screen_does_not_repaint_it_and_shows_once_on_top():
    app = App()
    async with app.run_test(size=(40, 10)) as pilot:
        below = Below()
        await app.push_screen(below)
        await app.push_screen(Over())
        await pilot.pause()
        Counted.repainted = 0
        below.query_one("#below", Static).update("after")
        await pilot.pause()
        await pilot.pause()
        assert Counted.repainted == 0, "nothing of the screen below shows: the one over it is not drawn again"
        app.pop_screen()
        await pilot.pause()
        assert "after" in screen_text(app)


async def test_a_change_under_a_dialog_shows_through_at_once():
    app = App()
    async with app.run_test(size=(40, 10)) as pilot:
        below = Below()
        await app.push_screen(below)
        await app.push_screen(Dialog())
        await pilot.pause()
        Counted.repainted = 0
        below.query_one("#below", Static).update("after")
        await pilot.pause()
        await pilot.pause()
        assert Counted.repainted > 0, "the dialog is drawn again over what changed"
        assert "after" in screen_text(app)
