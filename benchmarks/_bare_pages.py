"""The anchors for screens.py: a bare Textual app that shows a page of about 80 lines of text.

Two ways to show the same page, each on its own key:

- ``k`` pushes a *kept* page: a screen installed once (``App.install_screen``), composed the
  first time it is shown and pushed again, as it is, after that;
- ``f`` pushes a *fresh* page: a new screen, composed afresh each time.

``x`` pops either page. What these take through a pty is the floor Textual itself sets for
showing a page on this machine; screens.py puts every arcade screen beside them.

Run by screens.py as ``python benchmarks/_bare_pages.py``; ctrl+c quits.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

PAGE_LINES = 80


class Page(Screen):
    """A title and a scrolling page of text, as a rules screen is."""

    BINDINGS = [Binding("x", "app.pop_screen", "Back")]

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield Static(f"{self.kind} page")
        with VerticalScroll():
            yield Static("\n".join(f"{self.kind} page, line {n}: some words to fill it" for n in range(PAGE_LINES)))


class BarePages(App):
    # Textual's own ctrl+c only says "press ctrl+q"; quit on it, as cardarcade does.
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", priority=True),
        Binding("k", "kept", "Kept page"),
        Binding("f", "fresh", "Fresh page"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("bare base screen: k a kept page, f a fresh one")

    def on_mount(self) -> None:
        self.install_screen(Page("kept"), name="kept")

    def action_kept(self) -> None:
        self.push_screen("kept")

    def action_fresh(self) -> None:
        self.push_screen(Page("fresh"))


if __name__ == "__main__":
    BarePages().run()
