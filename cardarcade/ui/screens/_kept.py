"""The arcade's own screens (set-up, statistics, saves, settings) kept once shown, and pushed again.

Composing one of them afresh was most of the time it took to open: the set-up form is some ninety
widgets to make, style and lay out (a third of a second), where pushing a screen already made is
what Textual takes to show any page. A kept screen is installed in its app (Textual leaves an
installed screen mounted when it is popped) under the name of its kind, one per kind and session.

Before it shows again it is asked whether it still shows what a fresh one would (``fits``):
the set-up form and the settings only while nothing they were made from has changed and the
player left the form as it opened, so a form left half-filled opens as it always did, from
what was last started or saved. Then ``reopen`` brings it back to how a fresh one starts (data
read again, focus and scrolling as they open). A screen that does not fit is dropped and a new
one made. Every kept screen is let go when the player leaves for a game (``leave_for``) or the
menu goes back to a server's lobby (``let_go``): its session should not hold forms meanwhile.

A game keeps its own dialogs the same way (its pause menu, rules, log, choice dialog and hot-seat
cover: ``owner=`` the game's screen), one per kind and game, reopened with what the game has now
(``reopen``'s arguments), and let go with the game (``let_go_of_owned``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rich.text import Text
from textual.app import App
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from cardarcade.ui.showing import note_styles

S = TypeVar("S", bound="KeptScreen")


class KeptScreen(Screen):
    """A screen that may be kept and shown again (``open_kept``).

    Shown again, it is not styled again from the top down unless the app's styles changed while
    it was away (``ui/showing.py``)."""

    def _on_screen_suspend(self) -> None:
        note_styles(self)

    def fits(self) -> bool:
        """Whether, shown again now, it would show what a fresh one would (once ``reopen``ed)."""
        return True

    def reopen(self, *args: Any) -> None:
        """Back to how a fresh one starts, just before it is pushed again (it is not on screen),
        showing what ``args`` (``open_kept``'s ``reopen_with``) say it shows now."""


_NAMES: set[str] = set()  # every kind's name an app may have a screen kept under (no owner)


def _name(kind: type[Screen], owner: object = None) -> str:
    if owner is not None:
        name = f"kept-{kind.__name__}-{id(owner)}"
        owner.__dict__.setdefault("_kept_screen_names", set()).add(name)  # (let go with it: let_go_of_owned)
        return name
    name = f"kept-{kind.__name__}"
    _NAMES.add(name)
    return name


def open_kept(
    app: App,
    kind: type[S],
    make: Callable[[], S],
    fits: Callable[[S], bool] | None = None,
    *,
    reopen_with: tuple = (),
    callback: Callable[[Any], Any] | None = None,
    owner: object = None,
) -> S:
    """Push the screen ``kept_or_made`` gives; ``callback`` gets its result as it closes.
    Returns the screen pushed."""
    screen = kept_or_made(app, kind, make, fits, reopen_with=reopen_with, owner=owner)
    app.push_screen(screen, callback)
    return screen


def kept_or_made(
    app: App,
    kind: type[S],
    make: Callable[[], S],
    fits: Callable[[S], bool] | None = None,
    *,
    reopen_with: tuple = (),
    owner: object = None,
) -> S:
    """The kept screen of ``kind`` if it ``fits`` (``reopen``ed, with ``reopen_with``), else one
    ``make`` makes (kept from then on); ``fits`` by default asks the screen. ``owner``: a screen
    the kept one belongs to (a game), one per kind and owner, let go with it (``let_go_of_owned``).
    While the kept one is open, another is made, and not kept (a second question at once)."""
    name = _name(kind, owner)
    if app.is_screen_installed(name):
        screen = app.get_screen(name)
        assert isinstance(screen, kind)
        if screen in app.screen_stack:
            return make()
        if screen.is_attached and (fits or kind.fits)(screen):
            _focus_as_new(screen)
            screen.reopen(*reopen_with)
            return screen
        _drop(app, name, screen)
    screen = make()
    app.install_screen(screen, name)
    return screen


def let_go_of_owned(app: App, owner: object) -> None:
    """The screens kept for ``owner`` go with it; one still open (the pause menu whose "restart"
    is ending its game) goes as it closes."""
    for name in owner.__dict__.pop("_kept_screen_names", ()):
        if app.is_screen_installed(name):
            _drop_once_closed(app, name, app.get_screen(name))


def _drop_once_closed(app: App, name: str, kept: Screen) -> None:
    if kept not in app.screen_stack:
        _drop(app, name, kept)
        return
    if not kept.is_running:
        return  # (the app is ending: Textual's own teardown takes it)

    def closed(_: Screen) -> None:
        if kept not in app.screen_stack and app.is_screen_installed(name) and app.get_screen(name) is kept:
            app.screen_change_signal.unsubscribe(kept)
            _drop(app, name, kept)

    app.screen_change_signal.subscribe(kept, closed)


def _focus_as_new(screen: Screen) -> None:
    """Focus where a new screen's would be (its AUTO_FOCUS widget); left alone if it is there
    already: moving it away and back restyled and laid out the screen again."""
    first = next((widget for widget in screen.query(screen.AUTO_FOCUS or "*") if widget.focusable), None)
    if screen.focused is not first:
        screen.set_focus(None)  # (pushed, the screen focuses its AUTO_FOCUS widget, as a new one does)


def _drop(app: App, name: str, screen: Screen) -> None:
    app.uninstall_screen(name)
    if screen.is_attached:
        screen.remove()


def leave_for(screen: Screen, next_screen: Screen) -> None:
    """Switch from ``screen`` (on top) to ``next_screen`` (a game), and let every kept screen go,
    this one too (Textual removes a screen switched away from once it is no longer installed)."""
    screen.app.switch_screen(next_screen)
    let_go(screen.app, switched_from=screen)


def let_go(app: App, switched_from: Screen | None = None) -> None:
    """Every screen ``app`` keeps and does not show is let go: on leaving the menu, for a game or
    a server's lobby, its forms are no use for a while (a kept set-up holds some 3 MiB).
    ``switched_from``: a screen just switched away from, which Textual removes itself."""
    for name in sorted(_NAMES):
        if app.is_screen_installed(name):
            kept = app.get_screen(name)
            if kept is switched_from:
                app.uninstall_screen(name)
            elif kept not in app.screen_stack:
                _drop(app, name, kept)


def update_changed(static: Static, content: Any) -> None:
    """``static`` shows ``content``, updated only if it shows something else: an update lays the
    screen out again, and a kept screen shown again mostly shows what it showed."""
    shown = static.content
    same = type(shown) is type(content) and shown == content
    if isinstance(content, Text):  # (a Text's equality looks at its characters and spans alone)
        same = same and (shown.style, shown.justify, shown.no_wrap, shown.overflow) == (
            content.style,
            content.justify,
            content.no_wrap,
            content.overflow,
        )
    if not (same or str(shown) == str(content) == ""):  # (nothing shown either way: the same)
        static.update(content)


def scroll_home(*scrolled: Widget) -> None:
    """Scrolled back to the top, as a fresh screen opens."""
    for widget in scrolled:
        if widget.scroll_offset != (0, 0):  # (even a scroll to where it is repaints it)
            widget.scroll_home(animate=False, immediate=True)
