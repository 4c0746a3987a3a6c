"""Cards drawn as cards: 7x5 boxes (9x7 where a terminal has the room) with rank corners and a
suit pip, fanned rows, backs.

Rendering is plain Rich ``Text`` so a whole row of cards is one cheap renderable. Colours come
from the active theme's ``CardPalette``; ``ascii_only`` draws the suits as letters (the boxes stay:
a terminal that cannot show them is sent their nearest, ui/terminal.py and server/ascii_output.py).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import NamedTuple
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from cardarcade.cards import Card, Suit
from cardarcade.themes import CardPalette


class CardSize(NamedTuple):
    """A card's columns and lines, its border included."""

    width: int
    height: int


SMALL = CardSize(7, 5)  # what fits a hand and a table at 80x24
LARGE = CardSize(9, 7)  # a tall terminal's hand: the same drawing, a blank line around the pip
CARD_WIDTH, CARD_HEIGHT = SMALL
TALL_LINES = 34  # a terminal this tall has room for the larger cards in a hand


def card_size_for(lines: int) -> CardSize:
    """The cards of a hand on a terminal of ``lines`` lines."""
    return LARGE if lines >= TALL_LINES else SMALL


MIN_VISIBLE = 3  # columns a fanned card keeps in view: its edge and a two-column index (a 10, or its suit)
MORE_MARK = 4  # columns for '‹12 ' beside a hand too long to show whole

_BOX = ("╭", "╮", "╰", "╯", "─", "│")


@dataclass(frozen=True, slots=True)
class Slot:
    """One card position in a row: a card face up, a back (card=None, back=True) or an empty place."""

    card: Card | None = None
    back: bool = False
    highlight: bool = False
    dim: bool = False
    caption: str = ""


def face(card: Card) -> Slot:
    return Slot(card)


def back() -> Slot:
    return Slot(None, back=True)


def empty() -> Slot:
    return Slot()


def _card_lines(
    slot: Slot, palette: CardPalette, ascii_only: bool, corner: bool = False, size: CardSize = SMALL
) -> list[Text]:
    """The card's lines. ``corner``: the card is covered at its right, as a card held in a fan:
    the suit goes under the rank in the top-left corner, so a narrow strip of it still tells the
    whole card, and the bottom-right rank is left out (cut, a "10" would read "1")."""
    tl, tr, bl, br, h, v = _BOX
    inner, middle = size.width - 2, size.height - 2
    if slot.card is None and not slot.back:
        blank = Style(color=palette.ink, bgcolor=palette.felt, dim=True)
        mid = [
            Text("┊", style=blank) + Text(" " * inner, style=Style(bgcolor=palette.felt)) + Text("┊", style=blank)
            for _ in range(middle)
        ]
        return [Text("·" * size.width, style=blank), *mid, Text("·" * size.width, style=blank)]
    # The border sits on the card itself (face or back colour), so a card reads as a solid box.
    paper = palette.back if slot.back else palette.face
    edge_color = palette.highlight if slot.highlight else (palette.back_pattern if slot.back else palette.edge)
    edge = Style(color=edge_color, bgcolor=paper, bold=slot.highlight)
    if slot.highlight:
        edge = Style(color=palette.felt, bgcolor=palette.highlight, bold=True)
    rows: list[Text] = [Text(tl + h * inner + tr, style=edge)]
    if slot.back:
        pattern = Style(color=palette.back_pattern, bgcolor=palette.back)
        for _ in range(middle):
            rows.append(Text(v, style=edge) + Text("▚" * inner, style=pattern) + Text(v, style=edge))
    else:
        card = slot.card
        assert card is not None
        ink = Style(color=palette.suit_color(card.suit), bgcolor=palette.face, bold=True, dim=slot.dim)
        reverse = palette.suit_reversed(card.suit)
        for line in _face_lines(card, ascii_only, corner, size):
            rows.append(Text(v, style=edge) + _inked(line, ink, reverse) + Text(v, style=edge))
    rows.append(Text(bl + h * inner + br, style=edge))
    return rows


def _inked(line: str, ink: Style, reverse: bool) -> Text:
    """A face's line in its suit's ink; ``reverse``: its rank and pip in reverse video, not the
    space around them."""
    text = Text(line, style=ink)
    if reverse:
        for word in re.finditer(r"\S+", line):
            text.stylize(Style(reverse=True), word.start(), word.end())
    return text


def _face_lines(card: Card, ascii_only: bool, corner: bool, size: CardSize) -> list[str]:
    """A face's lines inside the border: the rank at the top left, the pip in the middle, the
    rank again at the bottom right (for a covered card, the suit under the first rank instead)."""
    inner = size.width - 2
    label = "JK" if card.is_joker else card.rank.label
    pip = "*" if card.is_joker else (card.suit.letter if ascii_only else card.suit.glyph)  # type: ignore[union-attr]
    if size.height == SMALL.height:
        return [
            label.ljust(inner),
            pip.ljust(inner) if corner else pip.center(inner),
            " " * inner if corner else label.rjust(inner),
        ]
    blank = " " * inner
    return [
        label.ljust(inner),
        pip.ljust(inner) if corner else blank,
        pip.center(inner),
        blank,
        blank if corner else label.rjust(inner),
    ]


ROWS_KEPT = 2048  # rows drawn lately, for the whole process (sessions with one theme draw the same ones)


def render_row(
    slots: Sequence[Slot],
    palette: CardPalette,
    *,
    ascii_only: bool = False,
    overlap: int = 0,
    gap: int = 1,
    size: CardSize = SMALL,
) -> Text:
    """Cards side by side. ``overlap`` > 0 fans them: each covered card shows only its left part,
    never less than ``MIN_VISIBLE`` columns, with its rank and suit in that part.

    A row is built from dozens of styled pieces, and every move redraws a table's rows, most of
    them as they were: a row already drawn is copied (the copy is the caller's to change)."""
    return _kept_row(tuple(slots), palette, ascii_only, overlap, gap, size).copy()


@functools.lru_cache(maxsize=ROWS_KEPT)
def _kept_row(
    slots: tuple[Slot, ...], palette: CardPalette, ascii_only: bool, overlap: int, gap: int, size: CardSize
) -> Text:
    return _draw_row(slots, palette, ascii_only, overlap, gap, size)


def _draw_row(
    slots: Sequence[Slot], palette: CardPalette, ascii_only: bool, overlap: int, gap: int, size: CardSize = SMALL
) -> Text:
    if not slots:
        return Text("")
    card_width = size.width
    visible = max(MIN_VISIBLE, card_width - overlap) if overlap else card_width
    bg = Style(bgcolor=palette.felt)
    last_index = len(slots) - 1
    drawn = [
        _card_lines(s, palette, ascii_only, corner=bool(overlap) and i < last_index, size=size)
        for i, s in enumerate(slots)
    ]
    out = Text()
    for row in range(size.height):
        for i, lines in enumerate(drawn):
            last = i == len(drawn) - 1
            piece = lines[row] if last or not overlap else lines[row][:visible]
            out.append_text(piece)
            if not overlap and not last:
                out.append(" " * gap, style=bg)
        if row < size.height - 1:
            out.append("\n")
    captions = [s.caption for s in slots]
    if any(captions):
        out.append("\n")
        width = card_width if not overlap else visible
        for i, caption in enumerate(captions):
            w = card_width if (overlap and i == len(captions) - 1) else width
            out.append(caption[:w].center(w), style=Style(color=palette.ink, bgcolor=palette.felt))
            if not overlap and i < len(captions) - 1:
                out.append(" " * gap, style=bg)
    return out


def with_more_marks(row: Text, before: int, after: int, size: CardSize = SMALL) -> Text:
    """``row`` with '‹3' at its left and '5›' at its right, by the cards' middle line: how many
    cards lie beyond each end."""
    left, right = "‹", "›"
    lines = row.split("\n")
    out = Text()
    for n, line in enumerate(lines):
        middle = n == size.height // 2
        mark_before = f"{left}{before}" if before and middle else ""
        mark_after = f"{after}{right}" if after and middle else ""
        out.append(mark_before.ljust(MORE_MARK - 1) + " ", style="bold")
        out.append_text(line)
        out.append(" " + mark_after.rjust(MORE_MARK - 1), style="bold")
        if n < len(lines) - 1:
            out.append("\n")
    return out


class CardBlock:
    """Lines of text drawn as they are, centred in the width they are given: a row of cards,
    never wrapped (a narrower width crops it at the right).

    Rich's ``Align.center`` of a ``Text`` measures, wraps and justifies every line again on every
    draw, which was most of what a key press cost in a hand of cards. A block turns its lines
    into segments once, and ``centred_row`` keeps the blocks of rows drawn lately, so a cursor
    moving along a hand redraws from them. A block is never changed once made."""

    __slots__ = ("text", "width", "_lines")

    def __init__(self, text: Text) -> None:
        self.text = text
        self.width = max(cell_len(line) for line in text.plain.split("\n"))
        self._lines: list[tuple[int, list[Segment]]] | None = None  # each line's width and segments

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = min(self.width, options.max_width)
        return Measurement(width, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self._lines
        if lines is None:
            lines = self._lines = [
                (line.cell_len, list(line.render(console))) for line in self.text.split("\n", allow_blank=True)
            ]
        width = options.max_width
        left = max(0, (width - self.width) // 2)
        indent = Segment(" " * left)
        new_line = Segment.line()
        for line_width, segments in lines:
            if left:
                yield indent
            yield from segments
            rest = width - left - line_width
            if rest > 0:
                yield Segment(" " * rest)
            yield new_line


BLOCKS_KEPT = 1024  # centred rows drawn lately, for the whole process (as ROWS_KEPT)


def centred_row(
    slots: Sequence[Slot],
    palette: CardPalette,
    *,
    ascii_only: bool = False,
    overlap: int = 0,
    gap: int = 1,
    more: tuple[int, int] | None = None,
    size: CardSize = SMALL,
) -> CardBlock:
    """``render_row``'s cards drawn centred. ``more``: the cards beyond the row's left and right
    ends, marked beside it ('‹3', '5›'), for a hand too long to show whole."""
    return _kept_block(tuple(slots), palette, ascii_only, overlap, gap, more, size)


@functools.lru_cache(maxsize=BLOCKS_KEPT)
def _kept_block(
    slots: tuple[Slot, ...],
    palette: CardPalette,
    ascii_only: bool,
    overlap: int,
    gap: int,
    more: tuple[int, int] | None,
    size: CardSize,
) -> CardBlock:
    # drawn here, not through render_row: a block keeps its row, so render_row's cache would
    # hold the same row a second time
    row = _draw_row(slots, palette, ascii_only, overlap, gap, size)
    return CardBlock(with_more_marks(row, *more, size) if more is not None else row)


_ASCII_SUITS = str.maketrans({s.glyph: s.letter for s in Suit})


def ascii_suits(text: str) -> str:
    """A sentence's suit symbols as letters ("J♠" -> "JS"), for terminals without unicode."""
    return text.translate(_ASCII_SUITS)


def card_text(card: Card, palette: CardPalette, ascii_only: bool = False, chip: bool = False) -> Text:
    """A card inline in a sentence, coloured by suit: 'J♠'. ``chip``: on the card's own face
    colour, so a black suit stays readable on a dark felt."""
    return Text(
        card.label(ascii_only),
        style=Style(
            color=palette.suit_color(card.suit),
            bold=True,
            bgcolor=palette.face if chip else None,
            reverse=palette.suit_reversed(card.suit) or None,
        ),
    )
