"""The baseline for key_latency.py: the smallest Textual app that redraws on every key.

One Label whose text changes on each key press, nothing else on screen. Whatever latency this
shows is Textual's own floor (input parsing, the message queue, the 60 fps update timer, the
writer thread) on this machine; cardarcade's figure minus this one is what the game adds.

``--lines N``: the Label has N lines, every one of them new at each key (the floor for a frame of
N changed lines: a War turn writes about 17; ``frame_floor.py``).

Run by key_latency.py as ``python benchmarks/_bare_app.py``; ctrl+c quits.
"""

from __future__ import annotations

import argparse

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Label


class BareApp(App):
    CSS = "Label { width: 100%; content-align: center middle; height: 3; }"
    # Textual's own ctrl+c only says "press ctrl+q"; quit on it, as cardarcade does.
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", priority=True)]

    def __init__(self, lines: int = 1) -> None:
        super().__init__()
        self.presses = 0
        self.lines = lines

    def compose(self) -> ComposeResult:
        label = Label("ready: press a key", id="label")
        if self.lines > 1:
            label.styles.height = self.lines
        yield label

    def on_key(self, event: events.Key) -> None:
        # A different text every time, so there is always something new to draw.
        self.presses += 1
        said = f"key {event.key!r} #{self.presses}"
        if self.lines > 1:  # (each line new: its number and the press's, the first line as with one)
            said = "\n".join([said] + [f"line {n} of key #{self.presses}" for n in range(2, self.lines + 1)])
        self.query_one("#label", Label).update(said)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="a bare Textual app that draws new text at every key")
    parser.add_argument("--lines", type=int, default=1, help="lines of new text a key draws")
    BareApp(parser.parse_args().lines).run()
