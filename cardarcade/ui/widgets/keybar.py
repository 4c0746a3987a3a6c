"""A screen's keys on its bottom line, cheaper than Textual's Footer (every SSH session pays for
its screens' footers in the server's one process).

- ``KeyBar``, for screens whose keys never change: one widget drawn once. (The Footer builds a
  widget per key and builds them again whenever focus moves; on the menu that was a third of the
  CPU it takes to open the arcade.) A click on a key presses it, as on the Footer.
- ``ArcadeFooter``, for the others: the Footer itself, without its wasted work.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey  # (not exported by textual.widgets)


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []  # (first column, end column, key)

    def on_mount(self) -> None:
        text, self._spans = Text(no_wrap=True, overflow="ellipsis"), []
        shown = [b for b in self.screen.active_bindings.values() if b.binding.show]
        seen: set[str] = set()
        for active in shown:
            binding = active.binding
            if binding.action in seen:  # several keys for one action: the first is shown
                continue
            seen.add(binding.action)
            start = text.cell_len
            text.append(f" {self.app.get_key_display(binding)} ", style="bold reverse")
            text.append(f" {binding.description} ")
            self._spans.append((start, text.cell_len, binding.key))
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        key = next((k for first, end, k in self._spans if first <= event.x < end), None)
        if key is not None:
            self.app.simulate_key(key)


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
