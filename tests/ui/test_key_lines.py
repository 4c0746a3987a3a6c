"""The bottom line of keys: the key bar follows the keys a screen offers at each moment, and is
not drawn again when nothing it shows has changed."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button

from cardarcade.ui.widgets.keybar import KeyBar
from tests.ui.ui_helpers import screen_text


class Offers(App):
    """A screen whose "x Extra" key is offered only while ``extra`` is set."""

    BINDINGS = [Binding("a", "always", "Always"), Binding("x", "extra", "Extra")]
    extra = False

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "extra":
            return self.extra
        return None if action == "always" and self.always_greyed else True

    always_greyed = False


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


async def test_a_focus_move_that_changes_no_key_keeps_the_key_bar_as_it_is():
    app = Offers()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        drawn = []
        bar.update = lambda text, **_: drawn.append(text)  # (what would be drawn again)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "two"
        assert drawn == []
        app.extra = True
        app.refresh_bindings()
        await pilot.pause()
        assert len(drawn) == 1 and "Extra" in drawn[0].plain


async def test_a_key_the_screen_cannot_take_now_is_dimmed_and_a_click_on_it_does_nothing():
    app = Offers()
    pressed = []
    app.action_always = lambda: pressed.append("a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click(KeyBar, offset=(1, 0))  # on " a "
        await pilot.pause()
        assert pressed == ["a"]
        app.always_greyed = True
        app.refresh_bindings()
        await pilot.pause()
        line = app.query_one(KeyBar).render()
        assert "Always" in line.plain and all("dim" in str(span.style) for span in line.spans[:2])
        await pilot.click(KeyBar, offset=(1, 0))
        await pilot.pause()
        assert pressed == ["a"]
