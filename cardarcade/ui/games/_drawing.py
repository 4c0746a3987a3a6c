"""Drawing a screen's parts only when what they show changes, and the card words every table uses.

A table is redrawn after every move, most of it unchanged: ``DrawnScreen.show`` keeps what each
part shows and skips what would draw the same (``same_drawing``), and lays the screen out again
only when an auto-height part's number of lines changes (``line_count`` tells that cheaply).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.align import Align
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from cardarcade.cards import Card
from cardarcade.ui.widgets.cards import CardBlock, card_text
from cardarcade.ui.widgets.lines import LinePanel, Lines


def same_drawing(a: RenderableType | None, b: RenderableType | None) -> bool:
    """Whether two renderables draw the same. Text, Group, Align and CardBlock (all a table is drawn with)
    are compared by content; any other kind counts as changed, so it is always redrawn."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, str):
        return a == b
    if isinstance(a, Lines):
        return len(a) == len(b) and all(same_drawing(x, y) for x, y in zip(a, b))
    if isinstance(a, Text):
        return (
            a == b
            and a.style == b.style
            and a.justify == b.justify
            and a.overflow == b.overflow
            and a.no_wrap == b.no_wrap
            and a.end == b.end
        )
    if isinstance(a, Group):
        return (
            a.fit == b.fit
            and len(a.renderables) == len(b.renderables)
            and all(same_drawing(x, y) for x, y in zip(a.renderables, b.renderables))
        )
    if isinstance(a, CardBlock):
        return same_drawing(a.text, b.text)
    if isinstance(a, Align):
        return (a.align, a.vertical, a.style, a.pad, a.width, a.height) == (
            b.align,
            b.vertical,
            b.style,
            b.pad,
            b.width,
            b.height,
        ) and same_drawing(a.renderable, b.renderable)
    return False


def line_count(renderable: RenderableType, width: int) -> int | None:
    """How many lines text takes at ``width`` when no line needs wrapping (cheap: no rendering);
    None when that takes a real rendering to tell."""
    if isinstance(renderable, Group):
        counts = [line_count(part, width) for part in renderable.renderables]
        return None if None in counts else sum(counts)  # type: ignore[arg-type]
    if isinstance(renderable, CardBlock):
        return renderable.text.plain.count("\n") + 1  # (never wrapped)
    if isinstance(renderable, Text):
        plain, no_wrap = renderable.plain, renderable.no_wrap
    elif isinstance(renderable, str):
        plain, no_wrap = renderable, False
    else:
        return None
    lines = plain.split("\n")
    if not no_wrap and any(cell_len(line) > width for line in lines):
        return None
    return len(lines)


class DrawnScreen(Screen):
    """A screen whose parts (``Static`` widgets by id) are drawn through ``show``."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: dict[str, RenderableType] = {}  # widget id -> what it shows now
        self._lines: dict[str, int] = {}  # auto-height widget id -> its content's line count

    def show(self, widget_id: str, renderable: RenderableType, *, answer: bool = False) -> None:
        """Draw ``renderable`` on ``#widget_id``, unless the widget shows that already (``answer``:
        draw it anyway, as the answer to a key press, so a repeated press is seen to land).

        Only a seat panel (the one auto-height part) can change the layout, and only when its
        number of lines changes: re-laying the whole table after every card was the main cost a
        key press could queue behind. Every update of the table's parts goes through here, so
        the record of what each one shows stays true.
        """
        if not answer and widget_id in self._shown and same_drawing(self._shown[widget_id], renderable):
            return
        self._shown[widget_id] = renderable
        widget = self.query_one(f"#{widget_id}", Static)
        if isinstance(widget, LinePanel):
            widget.update(renderable, layout=False)  # it repaints what changed, and lays out if its height did
            return
        widget.update(renderable, layout=False)
        height = widget.styles.height
        if height is not None and not height.is_auto:
            return
        width = widget.content_size.width
        lines = (
            line_count(renderable, width) or widget.get_content_height(widget.size, self.app.size, width)
            if width
            else None
        )
        if lines is None or lines != self._lines.get(widget_id):
            if lines is not None:
                self._lines[widget_id] = lines
            widget.refresh(layout=True)

    # ---- card words

    def stack_text(self, words: str) -> Text:
        """A face-down stack and what it holds: '▚ 12 cards'."""
        return Text.assemble(("▚ ", "bold"), words)

    def card_label(self, card: Card) -> Text:
        """A card inline, coloured by suit in this app's palette and glyphs, on a chip of its face
        colour: the suits' colours are chosen for the face, and a black or red suit can all but
        vanish on a dark felt."""
        return card_text(card, self.app.palette, self.app.ascii_glyphs, chip=True)

    def cards_after(self, label: str, cards: Iterable[Card]) -> Text:
        """``label`` and then the cards inline, each followed by a space ('Ann took the last trick: 9♠ K♠ ')."""
        line = Text(label)
        for card in cards:
            line.append_text(self.card_label(card))
            line.append(" ")
        return line
