"""A Textual driver for a terminal that is not this process's own: an SSH channel (later, a
browser's websocket).

Everything happens on the event loop: the session hands the driver the bytes the client sent
(``feed``), the window sizes it reports (``resize``) and the end of its input (``end_of_input``);
the driver hands Textual's output to the session's ``Terminal``. No thread, no signal handler, no
termios, no ``sys.stdout``: many of these run side by side in one process.
"""

from __future__ import annotations

import asyncio
from typing import Any, Iterable, Protocol

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from cardarcade.ui.terminal import InputDecoder, bounded_size

# What Textual's Linux driver asks of a terminal on start (alternate screen, mouse, focus
# reports, bracketed paste, no line wrap, and whether synchronized output is supported) and
# undoes on the way out. The kitty keyboard protocol is not asked for: a key's meaning must not
# depend on which terminal a player happens to use.
_MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
_MOUSE_OFF = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
_START = "\x1b[?1049h" + _MOUSE_ON + "\x1b[?25l\x1b[?1004h\x1b[?2026$p\x1b[?2004h\x1b[?7l"
_STOP = _MOUSE_OFF + "\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[?1004l"


class Terminal(Protocol):
    """Where a session's screen goes."""

    def write(self, data: bytes) -> None:
        """Send bytes to the client (the terminal bounds what it holds for a slow client)."""

    def first_frame(self) -> None:
        """The app has drawn its first screen."""


class TerminalDriver(Driver):
    """Textual's side of a remote terminal. Built by Textual (``App._build_driver``) from the
    ``functools.partial`` the session gives the app as its driver class."""

    def __init__(self, app: App[Any], *, terminal: Terminal, size: tuple[int, int],
                 debug: bool = False, mouse: bool = True, **_: Any) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=bounded_size(*size))
        self._terminal = terminal
        self._decoder = InputDecoder(debug)
        self._tick: asyncio.TimerHandle | None = None
        self._started = False  # in application mode: input is taken, frames are drawn
        self._drawn = False

    # ---- input, from the session

    def feed(self, data: bytes) -> None:
        if self._started:
            self._deliver(self._decoder.feed(data))
            self._schedule_tick()

    def resize(self, width: int, height: int) -> None:
        self._size = bounded_size(width, height)
        if self._started:
            size = Size(*self._size)
            self._deliver([events.Resize(size, size)])

    def end_of_input(self) -> None:
        """The client is gone or closed its input: what was being read counts, then the app ends."""
        if self._started:
            self._deliver(self._decoder.close())
            self._app.exit()

    def _schedule_tick(self) -> None:
        """A lone ESC becomes the escape key (and a paste missing its end marker ends) only after
        a pause; look again then, and only then (an idle session costs no timer)."""
        if self._tick is not None:
            return
        delay = self._decoder.tick_due()
        if delay is not None:
            self._tick = self._loop.call_later(delay, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        if self._started:
            self._deliver(self._decoder.tick())
            self._schedule_tick()

    def _deliver(self, messages: Iterable[Message]) -> None:
        for message in messages:
            self.process_message(message)

    def send_message(self, message: Message) -> None:
        # On the loop already: straight into the app's queue (the base class hops threads).
        self._app.post_message(message)

    # ---- output, from Textual

    def write(self, data: str) -> None:
        self._terminal.write(data.encode("utf-8", "replace"))
        if self._started and not self._drawn:
            self._drawn = True
            self._terminal.first_frame()

    def start_application_mode(self) -> None:
        self._terminal.write(_START.encode())
        self._started = True
        size = Size(*self._size)
        self._deliver([events.Resize(size, size)])

    def disable_input(self) -> None:
        self._started = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self._terminal.write(_STOP.encode())
