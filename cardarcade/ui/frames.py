"""A frame of changes draws the lines that changed, not every line of every widget between them.

Textual's compositor draws a frame of changes (a card turned, a log line added) from the box
around every region that changed: each widget touching that box renders all of its lines in it,
each line through the colour filter and cut into pieces, and then only the changed lines are
written. A War turn's card at the top and its log line at the bottom made every widget on the
table render some 66 lines a frame to write a dozen. Here a widget renders only the lines a frame
writes, and only where no widget in front of it has already given the piece written there (the
screen and the seats' grid behind the panels, mostly): the same bytes, a fraction of the work.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Region
from textual.strip import Strip

from cardarcade.ui.textual_compat import (
    changed_spans,
    changes_update,
    replace_compositor_partial_update,
    take_changed_regions,
)


def _lines_of_changes(self: Any) -> Any:
    regions = take_changed_regions(self)
    if not regions:
        return None
    screen_region = self.size.region
    spans = changed_spans(regions)
    written: dict[int, list[tuple[int, int]]] = {}  # line -> the spans written on it
    for y, x1, x2 in spans:
        if 0 <= y < screen_region.height:
            written.setdefault(y, []).append((x1, x2))
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    # line -> the cuts starting a piece the frame writes, not yet given (worked out once a line:
    # looking through every cut and span for each widget was a tenth of a frame)
    wanted = {y: _written_pieces(cuts[y], line_spans) for y, line_spans in written.items()}
    for widget, (region, clip) in self.visible_widgets.items():  # (front to back: the first piece wins)
        shown = region.intersection(clip)
        left, right = shown.column_span
        if not shown.width:
            continue
        lines = [
            y for y in range(shown.y, shown.bottom) if y in wanted and any(left <= cut < right for cut in wanted[y])
        ]
        if not lines:
            continue
        top, bottom = lines[0], lines[-1] + 1
        strips = widget.render_lines(Region(left - region.x, top - region.y, shown.width, bottom - top))
        for y in lines:
            strip = strips[y - top]
            line_cuts = [cut for cut in cuts[y] if left <= cut <= right]
            pieces = chops[y]
            for cut, piece in zip(line_cuts, strip.divide([cut - left for cut in line_cuts[1:]])):
                if pieces.get(cut) is None:
                    pieces[cut] = piece
            wanted[y] = [cut for cut in wanted[y] if pieces[cut] is None]
    return changes_update(chops, spans, cuts)


def _written_pieces(line_cuts: list[int], spans: list[tuple[int, int]]) -> list[int]:
    """The cuts on a line that start a piece overlapping a span the frame writes."""
    return [cut for cut, end in zip(line_cuts, line_cuts[1:]) if any(x1 < end and cut < x2 for x1, x2 in spans)]


def install() -> None:
    """Make every screen in this process draw its frames of changes line by line (idempotent)."""
    replace_compositor_partial_update(_lines_of_changes)
