"""``ArcadeFooter``: Textual's Footer without its wasted work, for screens whose keys change
(every SSH session pays for its screens' footers in the server's one process)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # (not exported by textual.widgets)


def _shown_keys(screen: Screen) -> tuple[tuple[str, str, bool, str], ...]:
    """What a footer shows of ``screen``'s bindings: (key, description, enabled, tooltip)."""
    return tuple((binding.key, binding.description, enabled, tooltip)
                 for _, binding, enabled, tooltip in screen.active_bindings.values() if binding.show)


class ArcadeFooter(Footer):
    """Textual's Footer, for screens whose keys change (a key offered only at some moments), at a
    fraction of its cost; it looks the same.

    - Each FooterKey starts compact and is then bound back to the footer's style, and each of
      the two changes restyles it: a fifth of the CPU an SSH session takes to open the lobby.
      Here each key starts in the footer's style.
    - Textual builds every key again whenever the screen's bindings may have changed (every move
      of the focus, every ``refresh_bindings``); here only when what it shows has changed.
    """

    _shown: tuple[tuple[str, str, bool, str], ...] | None = None  # the keys the last compose showed

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = _shown_keys(self.screen)
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        if self._shown is not None and screen is self.screen and _shown_keys(screen) == self._shown:
            return
        super().bindings_changed(screen)
