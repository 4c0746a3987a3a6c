"""A frame draws only the lines it sends.

Textual draws a partial update by asking every widget under the box around all of a frame's
changes for all of its lines in that box, then sends the changed lines. A War turn changes a
seat panel near the top and the log near the bottom: the box was nearly the whole screen, and
every panel, container and the screen itself drew some eighty lines to send about a dozen,
half the CPU a move cost the SSH server. ``textual_compat.render_changed_lines`` asks each widget
only for the lines it shows in the spans sent; the bytes on the wire are the same. Installed once
per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from cardarcade.ui.textual_compat import render_changed_lines, replace_partial_update


def install() -> None:
    """Make every screen's partial updates in this process draw only the lines sent (idempotent)."""
    replace_partial_update(render_changed_lines)
