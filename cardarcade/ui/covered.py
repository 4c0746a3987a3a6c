"""A screen wholly covered does not repaint the screen over it.

Textual counts the screen just under the top one as showing through it (in case the top one is
translucent), and while that screen has changes to draw it repaints the whole top screen, a frame
at a time: a screen opened over the menu was drawn twice (three or four times while it was still
being composed), once for itself and again for the menu it covers. Under an opaque screen nothing
of it shows: its changes wait until it is on top again, where Textual repaints it whole
(``ScreenResume``). Under a translucent one (a dialog) what changes still shows through, as in
Textual, and every frame a screen draws is counted for the dialogs that keep its lines dimmed
(``backdrop.py``).

A whole frame draws every widget as it is now, and a widget changed just before it (the next
person's hand as the hot-seat cover lifts, a line under a closing dialog) had yet to tell the
screen, which it does when next idle: after the frame, so the same lines were drawn again a frame
later, and the answer ended there. What a whole frame draws asks no more.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from textual.screen import Screen

from cardarcade.ui.backdrop import note_drawn
from cardarcade.ui.textual_compat import (
    draws_whole,
    forget_asked_repaints,
    has_changes_to_draw,
    replace_screen_compositor_refresh,
    screen_compositor_refresh,
    set_aside_screen_changes,
)

_compositor_refresh = screen_compositor_refresh()


def _drawn_unless_covered(self: Screen) -> None:
    app = self.app
    top = app.screen
    if self is not top and not app.is_inline and top.styles.background.a >= 1:
        set_aside_screen_changes(self)
        return
    if has_changes_to_draw(self):
        note_drawn(self)
        if self is top and draws_whole(self):
            forget_asked_repaints(self)
            note_drawn_whole(self)
    _compositor_refresh(self)


def note_drawn_whole(screen: Screen) -> None:
    screen._whole_frames = whole_frames(screen) + 1  # type: ignore[attr-defined]


def whole_frames(screen: Screen) -> int:
    """How many whole frames ``screen`` has drawn on top."""
    return getattr(screen, "_whole_frames", 0)


def install() -> None:
    """Make every covered screen in this process keep its changes until shown (idempotent)."""
    replace_screen_compositor_refresh(_drawn_unless_covered)
