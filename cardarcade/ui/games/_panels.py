"""Seat panel lines that never wrap, and the size of the cards on the table (the reaction games and War).

A panel line is built from its parts in order of importance: the first always shows, and each
further part only if it still fits the panel's width, so a narrow panel (four or six to a row)
drops a bot's level before it breaks a line. Where a word has a shorter form, the longest that
fits is used.
"""

from __future__ import annotations

from rich.text import Text

from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.widgets.cards import CardSize, card_size_for

SEP = " · "


def panel_width(screen: GameScreen, seat: int) -> int:
    """The width inside seat ``seat``'s frame: as laid out, or before the first layout as it will be
    (the #seats grid's padding, gutters, then each panel's frame and padding)."""
    width = screen.query_one(f"#seat-{seat}").content_size.width
    if width:
        return width
    columns = screen.seat_grid()[0]
    return (screen.app.size.width - 2 - (columns - 1)) // columns - 4


def two_rows(screen: GameScreen) -> bool:
    """Whether the seat panels take two rows: then each has room for two lines only."""
    return screen.seat_grid()[1] > 1


def fitted(width: int, first: Text, *more: Text | str | None) -> Text:
    """``first``, then each of ``more`` that still fits in ``width`` (strings are drawn dim).
    The line never wraps; only a ``first`` too long on its own is cut short."""
    line = first.copy()
    for part in more:
        if not part:
            continue
        piece = Text(part, style="dim") if isinstance(part, str) else part
        room = width - line.cell_len - piece.cell_len
        if room >= 1:  # " · " between parts, or a bare space where that is all the room left
            line.append(SEP if room >= len(SEP) else " ", style="dim")
            line.append_text(piece)
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


def longest_fitting(width: int, *forms: str) -> str:
    """The first (longest) of ``forms`` that fits in ``width``, else the last."""
    return next((form for form in forms if len(form) <= width), forms[-1])


def table_size(screen: GameScreen) -> CardSize:
    """The cards of the table's piles and hands: larger on a tall terminal, which has the room."""
    return card_size_for(screen.app.size.height)
