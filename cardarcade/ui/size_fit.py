"""The terminal's size and the screens: a notice while it is too small, a fresh layout after."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from cardarcade.ui.textual_compat import background_screens, is_exiting

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    """Shown instead of a broken layout while the terminal is below 80x24. Play is held."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self):
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_notice(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self.update_notice(event.size)

    def update_notice(self, size: Size) -> None:
        w, h = size
        self.query_one("#too-small", Static).update(
            f"This terminal is {w}x{h}.\n\ncardarcade needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Enlarge the window (or make the font smaller) and the game comes back;\n"
            "play is paused until then.  q quits."
        )


class SizeFit:
    """Keeps an app's screens fit for its terminal: the too-small notice on top exactly while the
    terminal is too small, and every screen that shows laid out for the terminal's size. Apart
    from the app because Textual leaves both undone after some changes of the screen stack, and
    the checks belong together after each of them."""

    def __init__(self, app: App) -> None:
        self._app = app
        self._due = False  # the screens that show are to be checked against the terminal's size

    def soon(self) -> None:
        """Check once the screen stack has settled (pop, pop, push)."""
        if not self._due:
            self._due = True
            self._app.call_later(self._fit_screens)

    def check_size(self, size: Size | None = None) -> None:
        """The notice up if the terminal (``size``, or the app's) is too small, down if not."""
        app = self._app
        size = size or app.size
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        showing = isinstance(app.screen, TooSmallScreen)
        if small and not showing:
            app.push_screen(TooSmallScreen())
        elif not small and showing:
            app.pop_screen()

    def _fit_screens(self) -> None:
        app = self._app
        self._due = False
        if not app.screen_stack or is_exiting(app):
            return
        # A screen that closed everything over a game (leaving it, a seat taken over) took the
        # notice with it, and play went on in a terminal still too small.
        self.check_size()
        # Textual tells a resize to the screen on top and those behind it down to the first
        # opaque one, and lays out again a screen that comes back on top, but not one that only
        # comes to be behind the top again. With the game's menu over a hot-seat cover, a resize
        # reached the menu and the cover, not the game under the cover; once the menu closed, the
        # game was behind the cover (drawn under it each frame) laid out for the old size.
        size = app.size
        for shown in (app.screen, *background_screens(app)):
            if shown.is_mounted and shown.outer_size != size:
                shown.post_message(events.Resize(size, size))
