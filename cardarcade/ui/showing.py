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
its size (a ``Resize``), the same size, which Textual lays out and draws whole again. That second
pass is kept: skipping it (a screen told the size it was last laid out for) left a new game's
table undrawn over SSH under load, the set-up still on the player's terminal (seen in
tests/server/test_ssh.py on a loaded machine), and nothing else redraws a table that waits for
its player's key.

Drawn whole as it came, a new screen was still asked to draw itself whole again a moment later,
by Textual's own last steps of showing it (its mounting done, the screen it replaced let go): the
same lines a frame later, where the answer to the key ended. If it has drawn nothing since it was
drawn whole as it came, and the app's styles are as they were, those steps lay it out (a layout
draws what it moves) but do not draw it whole again. What its widgets ask is drawn as always. The
same holds for a screen pushed over another: the last of its widgets to finish mounting (after it
came on top) asked for a layout and a whole frame, the set-up's first opening's last frame.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.screen import Screen

from typing import Any

from textual.geometry import Region

from cardarcade.ui.backdrop import drawn as frames_drawn
from cardarcade.ui.covered import whole_frames
from cardarcade.ui.textual_compat import (
    css_generation,
    forget_asked_repaints,
    forget_own_repaint,
    replace_screen_refresh,
    replace_screen_replacing,
    replace_screen_resume_handler,
    screen_replacing,
    screen_resume_handler,
    widget_refresh,
)

_on_screen_resume = screen_resume_handler()
_widget_refresh = widget_refresh()
_replace_screen = screen_replacing()


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
    drawn = whole_frames(self)
    self._shown_whole = None  # (shown again: drawn whole as it came this time, or not)
    _on_screen_resume(self, event)
    if whole_frames(self) > drawn:  # laid out and drawn whole as it came (Textual then asks it again)
        forget_asked_repaints(self)
        self._shown_whole = (drawn + 1, css_generation(self.app))
        self._frames_when_shown = frames_drawn(self)


def _just_shown_whole(screen: Screen) -> bool:
    """Whether ``screen`` was drawn whole as it came and has drawn nothing since (nor changed styles)."""
    return getattr(screen, "_shown_whole", None) == (whole_frames(screen), css_generation(screen.app))


async def _replaced_under(self: App, screen: Screen) -> Screen:
    top = self.screen if self.screen_stack else None
    if top is None or not _just_shown_whole(top):
        return await _replace_screen(self, screen)
    forget_own_repaint(top)  # (asked as its mounting was done)
    top._laid_out_only = True  # type: ignore[attr-defined]
    try:
        return await _replace_screen(self, screen)
    finally:
        # (once the screen let go is gone: Textual's last ask comes after this step, queued next)
        self.call_next(setattr, top, "_laid_out_only", False)


def _refresh(
    self: Screen, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
) -> Any:
    if repaint and not regions and not recompose:
        if getattr(self, "_laid_out_only", False):
            if not layout:
                return self
            repaint = False  # (a layout draws what it moves)
        elif layout and _just_shown_whole(self) and getattr(self, "_frames_when_shown", None) == frames_drawn(self):
            repaint = False  # (its last widgets done mounting, just after it came, with nothing drawn since)
    return _widget_refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)


def install() -> None:
    """Make every screen in this process styled again, and laid out again for its size, only as
    needed as it shows (idempotent)."""
    replace_screen_resume_handler(_styled_as_needed)
    replace_screen_refresh(_refresh)
    replace_screen_replacing(_replaced_under)
