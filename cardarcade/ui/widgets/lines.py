"""A ``Static`` for the parts of a table that change on every move (the seat panels, the centre,
the log), drawn a part at a time, each part's lines kept for whoever draws the same part again.

A move changes a card and a count on a seat panel and pushes one line into the log; a plain
``Static`` renders its whole content again through Rich each time, and Textual then repaints
every one of its lines: with twenty people playing, that was most of the server's time. Here
each part of the content (a line of the log, a Group's parts: a panel's header, its row of
cards) is rendered by Textual's own means, the same as a ``Static`` would, and its lines are
kept for the whole process, since the same cards, counts and log lines come back in every
session with the same theme (a log's lines in a smaller cache of their own). After an update only
the lines that differ are repainted, and each line is framed (border, padding, background) once.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Hashable, Iterable

from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import DEFAULT_JUSTIFY, DEFAULT_OVERFLOW, Text
from rich._pick import pick_bool
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, RichVisual, Visual, visualize
from textual.widgets import Static

from cardarcade.ui.covered import join_next_frame
from cardarcade.ui.textual_compat import (
    is_selecting,
    renders_markup,
    style_getter,
    styles_cache_class,
    use_styles_cache,
    with_link_style,
)

CACHE_SIZE = 4096  # parts' lines kept for the process
# Each part's lines as segments, not the strips a widget was given: Textual hangs what it makes of
# a strip (cut, padded, styled) on the strip itself, and on strips shared by every session those
# stayed as long as the part was kept, five times the part's own size (a server's memory grew
# by a third of a MiB a session in a game of War, until the cache was full).
_drawn: OrderedDict[Hashable, list[tuple[tuple[Segment, ...], int]]] = OrderedDict()
LOGGED_SIZE = 512  # log lines' lines kept for the process
# A log's lines apart from the table's parts, in a smaller cache: in the one cache they pushed out the
# parts every session draws; yet many come back, in the same game and in others ("You turn up Q♦",
# "Bot 1 takes 2 cards: ..."), and rendering three a War turn afresh was a twentieth of the turn.
_logged: OrderedDict[Hashable, list[tuple[tuple[Segment, ...], int]]] = OrderedDict()


class Lines(tuple):
    """Lines of text shown one under another, each drawn as a ``Static`` draws a Text of its own
    (the log: one part per line, so the lines that only moved up are not rendered again)."""

    def __rich__(self) -> Text:  # what it shows anywhere else (a test's console, ``render()``)
        return Text("\n").join(self)


def text_key(text: Text) -> tuple:
    """Everything a Text is drawn from, as a key (a Text itself is mutable, so not hashable)."""
    return (
        text.plain,
        text.style,
        text.justify,
        text.overflow,
        text.no_wrap,
        text.end,
        text.tab_size,
        tuple(text.spans),
    )


def _parts(content: RenderableType) -> list[tuple[bool, RenderableType]] | None:
    """The parts drawn one under another, each with whether it is drawn as Rich draws it inside a
    Group (else as Textual draws a Text on its own); None when the content is one piece."""
    if isinstance(content, Lines):
        return [(False, line) for line in content] or [(False, Text())]  # (no lines: drawn as an empty Text is)
    if isinstance(content, Text):
        return [(False, content)]  # (a prompt that comes back each turn: its lines kept)
    if isinstance(content, Group):
        parts = content.renderables
        # A Text that does not end its line would run on into the next part: drawn whole instead.
        if all(isinstance(part, Text) and part.end == "\n" for part in parts):
            return [(True, part) for part in parts]
    return None


class LinePanel(Static):
    """A Static drawn part by part from a cache, repainting only the lines that change."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)  # what a table shows holds players' names (ui/plain.py)
        super().__init__(*args, **kwargs)
        self._strips: list[Strip] = []
        # what each line is drawn from, for its framed line (_FramedLines): its part's bare segments
        # in a shared cache; None: not kept framed
        self._tokens: list[object | None] = []
        self._framed = _FramedLines(self)
        use_styles_cache(self, self._framed)
        self._drawn_as: tuple | None = None  # (content, width, height if aligned, style) the strips show
        # each part's lines as last drawn, and what they are drawn from (see _draw)
        self._own_parts: dict[Hashable, tuple[list[Strip], list[object]]] = {}

    def update(self, content: RenderableType = "", *, layout: bool = True) -> None:
        # As Static.update, without making its Visual now: this widget draws parts of it instead
        # (``render()`` still gives the whole, made when asked).
        self._Static__content = content
        self._Static__visual = None
        width, height = self.size
        if not width or self._drawn_as is None or layout:
            # Not drawn yet (or told to lay out): drawn whole when next shown, its height measured then.
            self._drawn_as = None
            self.refresh(layout=True)
            return
        before = self._strips
        self._draw(width, height)
        after = self._strips
        if len(before) != len(after):
            height_rule = self.styles.height
            self.refresh(layout=height_rule is None or height_rule.is_auto)  # a fixed height stays as it is
            return
        changed = [y for y, (old, new) in enumerate(zip(before, after)) if old is not new and old != new]
        if changed:
            regions = _runs(changed, width)
            if not join_next_frame(self, regions):
                self.refresh(*regions)

    def _draw(self, width: int, height: int | None) -> None:
        style = self.visual_style
        content = self.content
        styles = self.styles
        align = styles.content_align
        aligned = align != ("left", "top")
        if not aligned:
            height = None  # (lines past the widget's height are never asked for)
        self._drawn_as = (content, width, height, style)
        # A Group's parts ignore a text-align of the widget, and a selection is drawn over the text.
        parts = None
        if not styles.has_rule("text_align") and self.text_selection is None and not is_selecting(self.screen):
            parts = _parts(content)
        if parts is None:
            self._strips = Visual.to_strips(self, self._visual_of(content, False), width, height, style)
            self._tokens = [None] * len(self._strips)
            return
        looks = (width, style, styles.text_overflow, styles.text_wrap, styles.line_pad, renders_markup(self))
        # The widget keeps the parts it shows, for the next draw (where they have only moved up, or
        # not changed); the process keeps what any session may draw again.
        cache, size = (_logged, LOGGED_SIZE) if isinstance(content, Lines) else (_drawn, CACHE_SIZE)
        kept, shown = self._own_parts, {}
        strips: list[Strip] = []
        tokens: list[object | None] = []
        for in_group, part in parts:
            key = (in_group, text_key(part), looks)
            drawn = kept.get(key)
            if drawn is None:
                bare = cache.get(key)
                if bare is None:
                    quick = (
                        self._render_text_in_group(part, width, style) if in_group and isinstance(part, Text) else None
                    )
                    lines = quick or self._render_part(self._visual_of(part, in_group), width, style)
                    bare = cache[key] = [(tuple(line), line.cell_length) for line in lines]
                    while len(cache) > size:
                        cache.popitem(last=False)
                    drawn = (lines, [segments for segments, _length in bare])
                else:
                    cache.move_to_end(key)
                    drawn = ([Strip(segments, length) for segments, length in bare], [segments for segments, _ in bare])
            shown[key] = drawn
            strips += drawn[0]
            tokens += drawn[1]
        self._own_parts = shown
        if aligned and strips:
            # As Visual.to_strips places the whole content.
            strips = list(Strip.align(strips, (style + VisualStyle(reverse=False)).rich_style, width, height, *align))
            tokens = [None] * len(strips)  # (placed lines: each drawn with its frame by Textual)
        self._strips = strips
        self._tokens = tokens

    def _render_text_in_group(self, text: Text, width: int, style: VisualStyle) -> list[Strip] | None:
        """A Text's lines as a Group draws them (``RichVisual``), without the console's machinery
        around each line: wrapped and justified by Rich's own ``Text.wrap``, each line's segments
        under the widget's style. Most of what a table draws afresh each move is such a Text (a
        headline, a seat's header, a row of cards); the same strips, at a fraction of the cost.
        None for a Text with a link in it (drawn the full way, with the widget's link style), or empty."""
        if not text.plain:
            return None  # (drawn as one empty segment: left to Textual)
        console = self.app.console
        options = self.app.console_options
        lines = text.wrap(
            console,
            width,
            justify=text.justify or options.justify or DEFAULT_JUSTIFY,
            overflow=text.overflow or options.overflow or DEFAULT_OVERFLOW,
            tab_size=(console.tab_size if text.tab_size is None else text.tab_size) or 8,
            no_wrap=pick_bool(text.no_wrap, options.no_wrap, False),
        )
        base = style.rich_style
        strips = []
        for line in lines:
            if line.spans:
                segments = [segment for segment in line.render(console) if segment.text]
            else:  # (Rich's join gives a line's own style a span: a Text without spans renders unstyled)
                segments = (
                    [Segment(line.plain, console.get_style(line.style, default=RichStyle.null()))] if line else []
                )
            if any(segment.style is not None and (segment.style.link or segment.style.meta) for segment in segments):
                return None
            if base:
                segments = [Segment(text, base + text_style) for text, text_style, _control in segments]
            strips.append(Strip(segments))
        return strips

    def _visual_of(self, renderable: RenderableType, in_group: bool) -> Visual:
        if in_group:
            return RichVisual(self, renderable)
        if isinstance(renderable, Lines):
            renderable = Text("\n").join(renderable)
        return visualize(self, renderable, markup=renders_markup(self))

    def _render_part(self, visual: Visual, width: int, style: VisualStyle) -> list[Strip]:
        """A part's lines as Visual.to_strips draws them, before the content is placed as a whole
        (there is no selection here: a widget with one is drawn whole)."""
        strips = visual.render_strips(width, None, style, RenderOptions(style_getter(self), self.styles))
        if self.auto_links and not self.is_container:
            link_style = self.link_style
            strips = [with_link_style(strip, link_style) for strip in strips]
        return strips

    def _current(self, width: int, height: int) -> list[Strip]:
        drawn = self._drawn_as
        if (
            drawn is None
            or drawn[0] is not self.content
            or drawn[1] != width
            or (drawn[2] is not None and drawn[2] != height)
            or drawn[3] != self.visual_style
        ):
            self._draw(width, height)
        return self._strips

    def render_line(self, y: int) -> Strip:
        width, height = self.size
        strips = self._current(width, height)
        if y < len(strips) and y < height:
            return strips[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def line_token(self, y: int) -> object | None:
        """What content line ``y`` is drawn from (the same object for the same line), or None."""
        width, height = self.size
        self._current(width, height)
        tokens = self._tokens
        return tokens[y] if y < len(tokens) and y < height else None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not width:
            return 0
        if self.styles.content_align != ("left", "top"):
            # Measured as Textual measures it (the lines placed in a height would count its blanks).
            return super().get_content_height(container, viewport, width)
        return len(self._current(width, 0))


FRAMED_SIZE = 4096  # framed lines kept for the process
# A content line with its frame, as Textual draws it (StylesCache.render_line), by what the line is
# drawn from and how the frame looks (_Frame ids): (the part's bare segments, the frame) -> that
# object (held, so its id names it while kept), the framed line's segments and length.
_framed: OrderedDict[tuple[int, int], tuple[object, tuple[Segment, ...], int]] = OrderedDict()
_frames: dict[tuple, int] = {}  # how a frame looks -> its id in _framed's keys
_frame_ids = itertools.count()
FRAMES_KEPT = 256


class _FramedLines(styles_cache_class()):  # type: ignore[misc]
    """A panel's lines with their frame (border, padding, background), the lines changed in a turn
    kept by what they are drawn from: a seat's card row drawn again in another turn or another
    session, or a log line that moved up a row, is framed once, not again each frame (Textual
    frames each changed line afresh: a tenth of a War turn's CPU on the server). Used only where the
    frame does not depend on the line (no opacity, tint, hatch, text opacity or outline); Textual
    frames every other line as before."""

    def __init__(self, panel: LinePanel) -> None:
        super().__init__()
        self._panel = panel
        self._frame: tuple[int, int, int] | None = None  # (frame id, first content line, lines) this render

    def render_widget(self, widget, crop):  # type: ignore[no-untyped-def]
        self._frame = None  # (worked out at the first line drawn)
        return super().render_widget(widget, crop)

    def render_line(  # type: ignore[no-untyped-def]
        self, styles, y, size, content_size, padding, base_background, background, render_content_line, *rest
    ):
        frame = self._frame
        if frame is None:
            frame = self._frame = _frame_of(styles, size, content_size, padding, base_background, background, rest[2])
        content_y = y - frame[1]
        token = self._panel.line_token(content_y) if frame[0] >= 0 and 0 <= content_y < frame[2] else None
        if token is None:
            return super().render_line(
                styles, y, size, content_size, padding, base_background, background, render_content_line, *rest
            )
        key = (id(token), frame[0])
        found = _framed.get(key)
        if found is not None and found[0] is token:
            _framed.move_to_end(key)
            return Strip(found[1], found[2])
        strip = super().render_line(
            styles, y, size, content_size, padding, base_background, background, render_content_line, *rest
        )
        _framed[key] = (token, tuple(strip), strip.cell_length)
        if len(_framed) > FRAMED_SIZE:
            _framed.popitem(last=False)
        return strip


def _frame_of(styles, size, content_size, padding, base_background, background, opacity) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """(an id for how the frame of a content line looks, or -1 where it depends on more than the
    line; the first content line; the content's lines)."""
    gutter = styles.gutter
    top, height = gutter.top, content_size.height
    (_bt, _), (right, right_colour), (_bb, _), (left, left_colour) = styles.border
    outline = styles.outline
    if (
        opacity != 1.0
        or styles.text_opacity != 1.0
        or styles.tint.a
        or (styles.has_rule("hatch") and styles.hatch != "none")
        or outline.left[0]
        or outline.right[0]
    ):
        return (-1, top, height)
    look = (
        size.width,
        content_size.width,
        tuple(padding),
        base_background,
        background,
        left,
        left_colour,
        right,
        right_colour,
    )
    frame = _frames.get(look)
    if frame is None:
        if len(_frames) >= FRAMES_KEPT:
            _frames.clear()  # (ids go on rising: a line framed under a forgotten id is not found again)
        frame = _frames[look] = next(_frame_ids)
    return (frame, top, height)


def _runs(lines: Iterable[int], width: int) -> list[Region]:
    """The regions covering ``lines`` (sorted), a run of neighbouring lines in one region."""
    regions: list[Region] = []
    start = previous = None
    for y in lines:
        if previous is not None and y == previous + 1:
            previous = y
            continue
        if start is not None:
            regions.append(Region(0, start, width, previous - start + 1))
        start = previous = y
    if start is not None:
        regions.append(Region(0, start, width, previous - start + 1))
    return regions


def packed(head: Text, parts: list[Text], width: int, sep: str = " · ", indent: int = 2) -> list[Text]:
    """``head`` then ``parts``, ``sep`` between them, as lines of at most ``width`` columns, a
    part never split across two (a hand of cards after its player's name): the lines after the
    first are indented. A part wider than a line has one of its own, cut with an ellipsis."""
    lines, line, empty = [], head.copy(), True  # empty: no part on the line yet
    for part in parts:
        joiner = "" if empty else sep
        if not empty and line.cell_len + len(joiner) + part.cell_len > width:
            lines.append(line)
            line, joiner = Text(" " * indent), ""
        line.append(joiner)
        line.append_text(part)
        empty = False
    lines.append(line)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines
