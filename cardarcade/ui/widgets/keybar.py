"""A one-line bar of a screen's keys: what Textual's Footer shows, for screens whose keys never
change (``footer.ArcadeFooter`` is for the others).

The Footer builds a widget per key and builds them again whenever focus moves; on the menu that
was a third of the CPU it takes to open the arcade (paid again by every SSH session). This bar
is one widget drawn once. A click on a key presses it, as on the Footer. (Kept apart from the
footer: importing Textual's Footer would cost the menu's start-up 5 ms.)
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import Static


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
        self._draw_keys()

    def on_resize(self) -> None:
        self._draw_keys()  # (the spaces after the words come and go with the room)

    def _draw_keys(self) -> None:
        shown, seen = [], set()
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if binding.show and binding.action not in seen:  # several keys for one action: the first is shown
                seen.add(binding.action)
                shown.append(binding)
        keys = [(f" {self.app.get_key_display(binding)} ", binding.description, binding.key) for binding in shown]
        # A space after each word where the terminal has the room; without them every key fits 80 columns.
        roomy = sum(len(key) + len(words) + 2 for key, words, _ in keys) <= (self.size.width or self.app.size.width)
        text, self._spans = Text(no_wrap=True, overflow="ellipsis"), []
        for key, words, name in keys:
            start = text.cell_len
            text.append(key, style="bold reverse")
            text.append(f" {words} " if roomy else f" {words}")
            self._spans.append((start, text.cell_len, name))
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        key = next((k for first, end, k in self._spans if first <= event.x < end), None)
        if key is not None:
            self.app.simulate_key(key)

