"""Textual's cache of a widget's two background styles, without the widget's lines in it.

Every widget's ``StylesCache`` (the lines it keeps drawn) asks ``get_inner_outer`` for the styles
of its background, and Textual caches the answer process-wide with ``lru_cache`` on the method
itself: each key holds the ``StylesCache`` asking (``self``), so the last 1,024 widgets' caches,
with every line they kept drawn, stay alive after their widgets are gone (a closed screen's, the
menu's under a game, an ended session's). The answer depends on the two colours only: here it is
cached by those.

Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from functools import lru_cache

from textual.style import Style
from textual.color import Color

from cardarcade.ui.textual_compat import replace_inner_outer


@lru_cache(maxsize=1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    return Style(background=base_background + background), Style(background=base_background)


def _inner_outer_of(self: object, base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(base_background, background)


def install() -> None:
    """Cache every widget's background styles by their colours alone (idempotent)."""
    replace_inner_outer(_inner_outer_of)
