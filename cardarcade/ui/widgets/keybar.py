"""The one-line bar of a screen's keys at the bottom of every screen: what Textual's Footer
shows, as one widget.

The Footer builds a widget per key, and builds them all again whenever the keys on offer may
have changed; an SSH session paid that in the server's one process on every screen it opened
(on the menu, a third of the CPU it takes to open the arcade). This bar is one line of text,
drawn again only when what it shows changes: it follows the screen's bindings as the Footer
does (a key offered only at some moments comes and goes; one the screen offers but cannot take
now is dimmed). A click on a key presses it. (Textual's Footer is not imported: it would cost
the menu's start-up 5 ms.)
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widgets import Static

HINT_KEY = "h"  # the coach's, in every game where no verb of the game takes it (Animals' horse)
Shown = tuple[tuple[str, str, str, bool], ...]  # (key, what it shows, description, enabled)


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
        self._spans: list[tuple[int, int, str]] = []  # (first column, end column, key) of each enabled key
        self._drawn: tuple[Shown, int] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._draw_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._draw_keys()  # (the spaces after the words come and go with the room)

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self._draw_keys()

    def shown_keys(self) -> Shown:
        """The keys the screen offers now, one per action (several keys for one action: the first)."""
        shown, seen = [], set()
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                shown.append((binding.key, self.app.get_key_display(binding), binding.description, active.enabled))
        return tuple(shown)

    def _draw_keys(self) -> None:
        keys, width = self.shown_keys(), self.size.width or self.app.size.width
        if self._drawn == (keys, width):
            return
        self._drawn = keys, width
        # The hint last (a help, not a move), and left out where even the compact bar has no room
        # for it (Neosho Rapids while "d Draw" is offered): the game's own keys come first.
        keys = tuple(sorted(keys, key=lambda k: k[0] == HINT_KEY))
        if keys and keys[-1][0] == HINT_KEY and sum(len(k[1]) + len(k[2]) + 3 for k in keys) > width:
            keys = keys[:-1]
        # A space after each word where the terminal has the room; without them every key fits 80 columns.
        roomy = sum(len(shown) + len(words) + 4 for _, shown, words, _ in keys) <= width
        text, self._spans = Text(no_wrap=True, overflow="ellipsis"), []
        for key, shown, words, enabled in keys:
            start = text.cell_len
            text.append(f" {shown} ", style="bold reverse" if enabled else "dim reverse")
            text.append(f"{words}  " if roomy else f"{words} ", style="" if enabled else "dim")
            if enabled:
                self._spans.append((start, text.cell_len, key))
        # One line docked at the bottom, its size never the text's: repainted, not laid out again
        # (a layout repaints the whole screen; War renames its key at every war and its end).
        self.update(text, layout=False)

    def on_click(self, event: events.Click) -> None:
        key = next((k for first, end, k in self._spans if first <= event.x < end), None)
        if key is not None:
            self.app.simulate_key(key)
