"""The 24-bit colour filter (``ui/truecolor.py``) passes over a line with nothing to convert and
converts every other line exactly as Textual's own filter does: a theme's 16 colours, 256
colours, the terminal's default colour, dim text and control codes."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import MONOKAI
from textual.color import Color
from textual.filter import ANSIToTruecolor
from textual.strip import Strip

from cardarcade.ui import truecolor

FILTER = ANSIToTruecolor(MONOKAI)
FELT = Color.parse("#0b5d1e")
CARD = Style.parse("bold #c8102e on #f8f5ec")


def textuals(strip: Strip) -> list[Segment]:
    """The line as Textual's own filter makes it."""
    return list(truecolor._textual_apply_filter(Strip(list(strip)), FILTER, FELT))


def test_a_line_in_24_bit_colours_only_is_given_back_as_it_is():
    strip = Strip([Segment("7♥", CARD), Segment(" felt ", Style.parse("#f2efe4 on #0b5d1e")), Segment("plain")])
    assert truecolor._filtered_where_needed(strip, FILTER, FELT) is strip
    assert list(strip) == textuals(strip)  # (what Textual would have made of it: the same)


@pytest.mark.parametrize(
    "style",
    [
        Style.parse("red"),  # a terminal's own colour: the theme's 24-bit red
        Style.parse("#ffffff on blue"),
        Style.parse("color(100)"),  # 256 colours
        Style.parse("default on #000000"),
        Style.parse("dim #f2efe4"),  # dim text: a colour between the text's and the background's
        Style.parse("bold dim #1a1a1a on #f8f5ec"),
    ],
)
def test_a_line_with_anything_to_convert_is_converted_as_textual_converts_it(style):
    strip = Strip([Segment("7♥", CARD), Segment(" War! ", style), Segment("end")])
    filtered = truecolor._filtered_where_needed(strip, FILTER, FELT)
    assert filtered is not strip
    assert list(filtered) == textuals(strip)
    assert all(s.style is None or (s.style.color is None or s.style.color.triplet) for s in filtered)


def test_other_filters_are_textuals_own():
    from textual.filter import Monochrome

    strip = Strip([Segment("7♥", CARD)])
    mono = Monochrome()
    assert list(truecolor._filtered_where_needed(strip, mono, FELT)) == list(
        truecolor._textual_apply_filter(Strip(list(strip)), mono, FELT)
    )
    assert list(truecolor._filtered_where_needed(strip, mono, FELT)) != list(strip)
