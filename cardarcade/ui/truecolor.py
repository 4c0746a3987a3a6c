"""Textual's 24-bit colour filter only where a line has something to convert.

Textual passes every line of every widget it draws through ``ANSIToTruecolor``, which makes each
segment again with a style worked out afresh, and a new line of them: for the terminal's sixteen
colours (and 256, and "default") to show as the theme's 24-bit ones, and dim text as a blended
colour. The arcade's themes are all 24-bit colours, so most lines have nothing to convert: such a
line is now given back as it is, at the cost of a look at each segment's style (remembered per
style). A line with a 16-colour, 256-colour or default colour, dim text or a control code in it
is converted as before.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.filter import ANSIToTruecolor
from textual.strip import Strip

from cardarcade.ui.textual_compat import replace_strip_filtering, strip_filtering

_textual_apply_filter = strip_filtering()
STYLES_KEPT = 4096  # styles whose answer is remembered (the themes' and the cards' are a few hundred)
_converts: dict[Style, bool] = {}


def converts(style: Style) -> bool:
    """Whether ``ANSIToTruecolor`` changes a segment of this style (as its ``truecolor_style`` does:
    a colour that is not 24-bit, or dim text in a colour)."""
    answer = _converts.get(style)
    if answer is None:
        color, bgcolor = style.color, style.bgcolor
        answer = (color is not None and (color.triplet is None or bool(style.dim))) or (
            bgcolor is not None and bgcolor.triplet is None
        )
        if len(_converts) >= STYLES_KEPT:
            _converts.clear()
        _converts[style] = answer
    return answer


def _filtered_where_needed(self: Strip, filter: Any, background: Any) -> Strip:
    if isinstance(filter, ANSIToTruecolor):
        for _text, style, control in self:
            if control or (style is not None and converts(style)):
                break
        else:
            return self  # (nothing to convert; not cached: in its own cache a strip is a cycle, see strips.py)
    return _textual_apply_filter(self, filter, background)


def install() -> None:
    """Make the colour filter pass over lines it would not change, in this process (idempotent)."""
    replace_strip_filtering(_filtered_where_needed)
