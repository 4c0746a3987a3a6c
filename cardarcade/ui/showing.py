"""Whether a screen is styled again as it shows: the one place that decides it.

Textual styles every widget as it is mounted, and then, each time a screen is shown (a
``ScreenResume``), styles the whole screen again, from the screen down, in case something changed
while it was covered.

- Shown for the first time, a screen is not styled again: nothing can have changed on a screen
  that has never been covered. That second pass was a quarter of the biggest step of opening the
  lobby or the menu, the step every other session on an SSH server waits behind.
- A kept screen (``screens/_kept.py``: the set-up, statistics, saves, settings, a game's dialogs)
  shown again is styled again only if the app's styles changed while it was away (a new theme,
  the app's classes, the terminal's focus): for a form of ninety widgets that pass was half of
  what showing it again cost.
- Every other screen is styled again as Textual does. Focus and class changes restyle what they
  touch either way.

A screen shown for the first time is laid out and drawn whole as it comes on top, and then told
its size (a ``Resize``), the same size: Textual laid it out and drew it whole a second time, a
frame more for every screen opened (a game's table, the result, the set-up). Told the size it
was last laid out for, a screen is not laid out again; a new size is laid out as Textual does.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.screen import Screen

from textual.geometry import Size

from cardarcade.ui.textual_compat import (
    css_generation,
    laid_out_size,
    replace_screen_resized_handler,
    replace_screen_resume_handler,
    screen_resized_handler,
    screen_resume_handler,
)

_on_screen_resume = screen_resume_handler()
_screen_resized = screen_resized_handler()


def styles_now(app: App) -> tuple:
    """What a screen's styles depend on beyond its own widgets."""
    return css_generation(app), frozenset(app.classes), app.app_focus


def note_styles(screen: Screen) -> None:
    """``screen`` (a kept one) goes out of sight styled as the app's styles are now."""
    screen._styled_as = styles_now(screen.app)  # type: ignore[attr-defined]


def _styled_as_needed(self: Screen, event: events.ScreenResume) -> None:
    if not getattr(self, "_shown_before", False):
        self._shown_before = True
        event.refresh_styles = False  # (styled as it was mounted, a moment ago)
    elif getattr(self, "_styled_as", None) == styles_now(self.app):
        event.refresh_styles = False  # (a kept screen, and nothing it was styled from has changed)
    _on_screen_resume(self, event)


def _laid_out_if_new(self: Screen, size: Size) -> None:
    if laid_out_size(self) != size:
        _screen_resized(self, size)


def install() -> None:
    """Make every screen in this process styled again, and laid out again for its size, only as
    needed as it shows (idempotent)."""
    replace_screen_resume_handler(_styled_as_needed)
    replace_screen_resized_handler(_laid_out_if_new)
