"""Textual's strips without the reference cycles they make of themselves, and without caches
they never use.

A ``Strip`` (one rendered line) caches what it is cut into. Two cuts give the strip back
unchanged, and Textual caches that answer in the strip itself: ``divide`` at the strip's own
length, and ``crop_extend`` over exactly its cells. The compositor makes these cuts for most
lines of every frame, so each such line ends up in a reference cycle (with its seven caches and
its segments) that only the cyclic garbage collector can free.

On a server that is most of the garbage: 20 sessions playing War left ~10,000 such objects a
second, and the collections that freed them held the event loop for 60-120 ms every two seconds
(every session's keys waited). Answering those two cuts before the cache is consulted gives the
same strips, without the cycles.

And a strip makes each of its seven caches (a ``FIFOCache`` and its dict, some 130 bytes each) the
first time it looks in it, not as it is made: most strips are never cut or restyled, and those
empty caches were two thirds of every line kept (the lines each widget keeps drawn, the lines the
table's panels share), a quarter of the memory of an SSH session in a game.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.style import Style
from textual.strip import Strip

from cardarcade.ui.textual_compat import (
    replace_strip_cuts,
    replace_strip_making,
    strip_cuts,
    strip_making,
    strips_with_caches_on_first_use,
)

_divide, _crop_extend = strip_cuts()
TEXTUALS_MAKING = strip_making()  # (Textual's own Strip.__init__ and cache slots, for the tests)


def _divide_uncut(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    cuts = [cut for cut in cuts if cut <= self.cell_length]
    if cuts == [self.cell_length]:
        return [self]  # (a new list each time: cached, it would hold the strip it is in)
    return _divide(self, cuts)


def _crop_extend_uncut(self: Strip, start: int, end: int, style: Style | None) -> Strip:
    if start == 0 and end == self.cell_length:
        return self
    return _crop_extend(self, start, end, style)


def install() -> None:
    """Make every strip in this process cut itself without caching itself, and make its caches
    when first used (idempotent)."""
    replace_strip_cuts(_divide_uncut, _crop_extend_uncut)
    replace_strip_making(*strips_with_caches_on_first_use())
