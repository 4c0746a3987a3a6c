"""The baseline for key_latency.py: the smallest Textual app that redraws on every key.

One Label whose text changes on each key press, nothing else on screen. Whatever latency this
shows is Textual's own floor (input parsing, the message queue, the 60 fps update timer, the
writer thread) on this machine; cardarcade's figure minus this one is what the game adds.

Run by key_latency.py as ``python benchmarks/_bare_app.py``; ctrl+c quits.
"""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Label


class BareApp(App):
    CSS = "Label { width: 100%; content-align: center middle; height: 3; }"
    # Textual's own ctrl+c only says "press ctrl+q"; quit on it, as cardarcade does.
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", priority=True)]

    def __init__(self) -> None:
        super().__init__()
        self.presses = 0

    def compose(self) -> ComposeResult:
        yield Label("ready: press a key", id="label")

    def on_key(self, event: events.Key) -> None:
        # A different text every time, so there is always something new to draw.
        self.presses += 1
        self.query_one("#label", Label).update(f"key {event.key!r} #{self.presses}")


if __name__ == "__main__":
    BareApp().run()
