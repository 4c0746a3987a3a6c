"""A screen shown for the first time is styled once, not twice.

Textual styles every widget as it is mounted, and then, when the new screen is shown (its first
``ScreenResume``), styles the whole screen again, from the screen down, in case something changed
while it was covered. Nothing can have changed on a screen that has never been covered: that
second pass was a quarter of the biggest step of opening the lobby or the menu, the step every
other session on an SSH server waits behind. Later resumes (back from a dialog, a game, a
theme change) still restyle as Textual does. Focus and class changes restyle what they touch
either way. Installed once per process, by the first app as it is made (``ui.app.install_process_fixes``).
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen

from cardarcade.ui.textual_compat import replace_screen_resume_handler, screen_resume_handler

_on_screen_resume = screen_resume_handler()


def _styled_once_on_first_show(self: Screen, event: events.ScreenResume) -> None:
    if not getattr(self, "_shown_before", False):
        self._shown_before = True
        event.refresh_styles = False  # (styled as it was mounted, a moment ago)
    _on_screen_resume(self, event)


def install() -> None:
    """Make every screen in this process skip the restyle of its first showing (idempotent)."""
    replace_screen_resume_handler(_styled_once_on_first_show)
