"""What shows through a see-through dialog: the screen under it, dimmed, from lines kept.

Textual draws a translucent screen's background by drawing the screen under it whole, through
Rich's console, and working out every segment's dimmed colours afresh, in every frame that
repaints any of it: opening a dialog over a table (rules, log, the pause menu, a choice) redrew
and re-blended the whole table two to four times. Here the dimmed lines are kept, on the
dialog, for as long as the screen under it has drawn nothing new (``drawn``: its count of frames,
raised by ``covered.py`` whenever it passes changes up), and each style is dimmed once per
process. What the dialog shows is what Textual's own ``Screen.render`` shows, line for line
(``tests/ui/test_backdrop.py``).
"""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.screen import Screen
from textual.strip import Strip

from cardarcade.ui.textual_compat import laid_out_size, rendered_strips

_PLAIN = Style()


def drawn(screen: Screen) -> int:
    """How many times ``screen`` has passed changes up to a screen over it (``covered.py``)."""
    return getattr(screen, "_frames_passed_up", 0)


def note_drawn(screen: Screen) -> None:
    """``screen`` has something new to show through the screen over it."""
    screen._frames_passed_up = drawn(screen) + 1  # type: ignore[attr-defined]


def screen_under(screen: Screen) -> Screen | None:
    """The screen ``screen`` lies on, in its app's stack (None if it is not in it, or lies on nothing)."""
    stack = screen.app.screen_stack
    if screen not in stack:
        return None
    index = stack.index(screen)
    return stack[index - 1] if index > 0 else None


@lru_cache(maxsize=4096)
def _dimmed(style: Style | None, tint: Color, base: Style) -> Style:
    """``style`` seen through ``tint``, on the dialog's own ``base`` style (as Textual's
    ``BackgroundScreen`` and the widget's base style make it), without links or meta."""
    plain = _PLAIN if style is None else style.clear_meta_and_links()
    if tint.a:
        plain = plain + Style.from_color(
            None if plain.color is None else (Color.from_rich_color(plain.color) + tint).rich_color,
            None if plain.bgcolor is None else (Color.from_rich_color(plain.bgcolor) + tint).rich_color,
        )
    return base + plain


def dimmed_lines(under: Screen, tint: Color, base: Style, width: int) -> list[Strip]:
    """``under``'s lines as it last drew them, seen through ``tint`` and cut to ``width``."""
    lines = []
    for strip in rendered_strips(under):
        segments = [
            segment if segment.control else Segment(segment.text, _dimmed(segment.style, tint, base))
            for segment in strip
        ]
        lines.append(Strip(segments, strip.cell_length).crop(0, width))
    return lines


class SeeThrough(Screen):
    """A screen whose translucent background shows the screen under it, dimmed, from kept lines."""

    _backdrop_key: tuple | None = None
    _backdrop: list[Strip] = []

    def _on_screen_suspend(self) -> None:
        # (a kept dialog keeps no lines while it is away: they would be out of date anyway)
        self._backdrop_key, self._backdrop = None, []

    def render_line(self, y: int) -> Strip:
        tint = self.styles.background
        under = screen_under(self) if tint.a < 1 else None
        if under is None or not under.is_attached or laid_out_size(under) != self.size:
            return super().render_line(y)  # (opaque, or nothing under it drawn at this size yet)
        base = self.visual_style.rich_style
        key = (under, drawn(under), tint, base, self.size)
        if key != self._backdrop_key:
            self._backdrop = dimmed_lines(under, tint, base, self.size.width)
            self._backdrop_key = key
        lines = self._backdrop
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, base)
