"""The bottom line of keys: the footer follows the keys a screen offers at each moment, and is
not built again when nothing it shows has changed."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from cardarcade.ui.widgets.footer import ArcadeFooter
from tests.ui.ui_helpers import screen_text


class Offers(App):
    """A screen whose "x Extra" key is offered only while ``extra`` is set."""

    BINDINGS = [Binding("a", "always", "Always"), Binding("x", "extra", "Extra")]
    extra = False

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield ArcadeFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.extra if action == "extra" else True


def footer_line(app: App) -> str:
    return screen_text(app).splitlines()[-1]


async def test_the_footer_shows_a_key_only_while_it_is_offered():
    app = Offers()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Always" in footer_line(app) and "Extra" not in footer_line(app)
        app.extra = True
        app.refresh_bindings()
        await pilot.pause()
        assert "Always" in footer_line(app) and "Extra" in footer_line(app)
        app.extra = False
        app.refresh_bindings()
        await pilot.pause()
        assert "Extra" not in footer_line(app)


async def test_a_focus_move_that_changes_no_key_keeps_the_footer_as_it_is():
    app = Offers()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = list(app.query(FooterKey))
        assert keys
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "two"
        assert list(app.query(FooterKey)) == keys  # not built again
        assert not any(key.has_class("-compact") for key in keys)  # the footer's own style
