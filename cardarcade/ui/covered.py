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

The same hook draws the table's panels changed together in one batch in one frame, with one
update message to the screen rather than one a panel (``join_next_frame``, from
``ui/widgets/lines.py``): the messages were most of what a War turn cost the server beyond drawing.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from cardarcade.ui.backdrop import note_drawn
from cardarcade.ui.textual_compat import (
    draws_whole,
    forget_asked_repaints,
    has_changes_to_draw,
    include_in_frame,
    mark_lines_changed,
    repaints_quietly,
    replace_screen_compositor_refresh,
    screen_compositor_refresh,
    set_aside_screen_changes,
)

_compositor_refresh = screen_compositor_refresh()
_installed = False


def _drawn_unless_covered(self: Screen) -> None:
    joining = self.__dict__.pop("_joining", None)
    app = self.app
    top = app.screen
    if self is not top and not app.is_inline and top.styles.background.a >= 1:
        set_aside_screen_changes(self)
        return
    if joining:
        include_in_frame(self, joining)
    if has_changes_to_draw(self):
        note_drawn(self)
        if self is top and draws_whole(self):
            forget_asked_repaints(self)
            note_drawn_whole(self)
    _compositor_refresh(self)


def join_next_frame(widget: Widget, regions: Sequence[Region]) -> bool:
    """Mark ``regions`` of ``widget`` changed, to be drawn in its screen's next frame without the
    messages Textual sends for it (``refresh(*regions)``: a prompt to the widget, its idle, then an
    update message to the screen, a War turn's most frequent messages: four panels a turn). The
    first widget of a batch goes Textual's way (False: the caller refreshes it) and so wakes the
    screen as Textual does, once every widget refreshed the usual way in the batch has told it; the
    others join that frame. Woken at once, the screen drew a frame before such a widget's message
    came, and the widget a second frame. False also where Textual's way must run (see
    ``repaints_quietly``), or before this module is installed."""
    if not _installed or not repaints_quietly(widget):
        return False
    screen = widget.screen
    joining = screen.__dict__.get("_joining")
    if joining is None:
        screen._joining = set()  # type: ignore[attr-defined]  # (this widget's refresh wakes the screen)
        return False
    mark_lines_changed(widget, regions)
    joining.add(widget)
    return True


def note_drawn_whole(screen: Screen) -> None:
    screen._whole_frames = whole_frames(screen) + 1  # type: ignore[attr-defined]


def whole_frames(screen: Screen) -> int:
    """How many whole frames ``screen`` has drawn on top."""
    return getattr(screen, "_whole_frames", 0)


def install() -> None:
    """Make every covered screen in this process keep its changes until shown (idempotent)."""
    global _installed
    replace_screen_compositor_refresh(_drawn_unless_covered)
    _installed = True
