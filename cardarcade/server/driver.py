"""A Textual driver for a terminal that is not this process's own: an SSH channel (later, a
browser's websocket).

Everything happens on the event loop: the session hands the driver the bytes the client sent
(``feed``), the window sizes it reports (``resize``) and the end of its input (``end_of_input``);
the driver hands Textual's output to the session's ``Terminal``. No thread, no signal handler, no
termios, no ``sys.stdout``: many of these run side by side in one process.

Since they share one loop, one session's input must never hold it for long: the bytes a client
sends are held (up to ``INPUT_BUFFER``), decoded ``INPUT_SLICE`` bytes at a time and handed to
the app ``EVENTS_PER_SLICE`` events at a time, the next slice only once the app has handled the
last, so everyone else is served in between (Textual handles a queue of keys one after another
without yielding, a few hundred microseconds a key, and decoding costs several microseconds a
byte). A client that fills the buffer is not read until it drains (its own TCP
connection slows it), and one that keeps it full for ``FLOOD_PATIENCE`` seconds is ended. New
sizes are coalesced (the latest wins) and paid for from a budget of cells per second: a redraw
for a new size costs the loop in proportion to the screen's cells.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, Iterable, Protocol

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from cardarcade.server.ascii_output import to_ascii
from cardarcade.ui.terminal import InputDecoder, bounded_size

# What Textual's Linux driver asks of a terminal on start (alternate screen, mouse, focus
# reports, bracketed paste, no line wrap, and whether synchronized output is supported) and
# undoes on the way out. The kitty keyboard protocol is not asked for: a key's meaning must not
# depend on which terminal a player happens to use.
_MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
_MOUSE_OFF = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
_START = "\x1b[?1049h" + _MOUSE_ON + "\x1b[?25l\x1b[?1004h\x1b[?2026$p\x1b[?2004h\x1b[?7l"
_STOP = _MOUSE_OFF + "\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[?1004l"

INPUT_BUFFER = 64 * 1024  # bytes of a client's input held for its app; at this, the client is not read
INPUT_SLICE = 64  # bytes decoded at once (well under a millisecond)
EVENTS_PER_SLICE = 8  # keys (mouse reports, ...) handed to the app at once: a few milliseconds of its work
MOST_REST = 0.1  # seconds at most between two slices (each is followed by a rest as long as it took)
FLOOD_PATIENCE = 10.0  # seconds a client may keep its input full (no one types that) before it is ended
# A redraw for a new size costs the loop about 50 ms at any size (a layout and a full repaint),
# plus about 0.12 microseconds a cell (110 ms at 1000x500). So each new size is charged, in
# cells, RESIZE_BASE_CELLS and its own, from a credit that grows by RESIZE_CELLS_PER_SECOND up to
# RESIZE_CREDIT: a few sizes in a row are taken at once, and a client that keeps changing its
# size gets a new one about every second (every two at 1000x500), a twentieth of the loop.
RESIZE_BASE_CELLS = 400_000
RESIZE_CELLS_PER_SECOND = 500_000
RESIZE_CREDIT = 2_000_000


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "replace")


class Terminal(Protocol):
    """Where a session's screen goes."""

    def write(self, data: bytes) -> None:
        """Send bytes to the client (the terminal bounds what it holds for a slow client)."""

    def first_frame(self) -> None:
        """The app has drawn its first screen."""

    def input_full(self, full: bool) -> None:
        """True: the driver holds all the input it will; read no more from the client until False."""

    def input_flood(self) -> None:
        """The client kept its input full for ``FLOOD_PATIENCE`` seconds: end the session, saying why."""


class TerminalDriver(Driver):
    """Textual's side of a remote terminal. Built by Textual (``App._build_driver``) from the
    ``functools.partial`` the session gives the app as its driver class."""

    def __init__(self, app: App[Any], *, terminal: Terminal, size: tuple[int, int],
                 debug: bool = False, mouse: bool = True, ascii_only: bool = False, **_: Any) -> None:
        """``ascii_only``: the client's locale is not UTF-8; what is drawn is sent in ASCII."""
        super().__init__(app, debug=debug, mouse=mouse, size=bounded_size(*size))
        self._terminal = terminal
        self._encode = to_ascii if ascii_only else _utf8
        self._decoder = InputDecoder(debug)
        self._tick: asyncio.TimerHandle | None = None
        self._started = False  # in application mode: input is taken, frames are drawn
        self._drawn = False
        self._stopped = False  # out of application mode for good: input is dropped
        self._inbox = bytearray()  # input not yet decoded
        self._decoded: deque[Message] = deque()  # decoded, not yet handed to the app
        self._full = False  # the inbox reached INPUT_BUFFER and has not drained to half since
        self._full_since: float | None = None  # when it first did, since it was last empty
        self._input_ended = False
        self._wanted_size: tuple[int, int] | None = None  # a new size not yet given to the app
        self._resize_credit = float(RESIZE_CREDIT)
        self._credit_at = self._loop.time()
        self._feeder: asyncio.Task | None = None  # runs only while there is input or a size to hand over
        self._more = asyncio.Event()  # something came for the feeder

    # ---- input, from the session

    def feed(self, data: bytes) -> None:
        """Bytes from the client: held, and handed to the app a slice at a time (see the module's
        notes); before application mode they wait, after it they are dropped."""
        if self._stopped or self._input_ended:
            return
        self._inbox += data
        if len(self._inbox) >= INPUT_BUFFER and not self._full:
            self._full = True
            if self._full_since is None:
                self._full_since = self._loop.time()
            self._terminal.input_full(True)
        self._serve()

    def resize(self, width: int, height: int) -> None:
        """A new size from the client: the latest wins, given to the app as the budget allows."""
        self._wanted_size = bounded_size(width, height)
        self._serve()

    def end_of_input(self) -> None:
        """The client is gone or closed its input: what was sent and what was being read count,
        then the app ends."""
        self._input_ended = True
        self._serve()

    def _serve(self) -> None:
        if not self._started:
            return
        if self._feeder is not None:
            self._more.set()
            return
        # The common case, a key or two while the app waits for one: handed over at once.
        if (self._wanted_size is None and not self._input_ended and not self._decoded
                and len(self._inbox) <= INPUT_SLICE and self._app.message_queue_size == 0):
            self._take_slice()
            if self._wanted_size is None and not self._decoded:
                return
        self._feeder = self._loop.create_task(self._feed(), name="terminal input")

    async def _feed(self) -> None:
        """Hands over sizes and input until there is none left, each once the app has handled
        the last; then ends (an idle session holds no task)."""
        try:
            while self._started:
                self._more.clear()
                wait = None
                if self._wanted_size is not None:
                    wait = self._resize_wait()
                    if wait == 0:
                        self._take_size()
                        if not await self._caught_up():
                            return
                        continue
                if self._inbox or self._decoded:
                    if self._full_since is not None and self._loop.time() - self._full_since > FLOOD_PATIENCE:
                        self._inbox.clear()
                        self._decoded.clear()
                        self._stopped = True
                        self._terminal.input_flood()
                        return
                    self._take_slice()
                    if not await self._caught_up():
                        return
                    continue
                if self._input_ended:
                    self._hand_over(self._decoder.close())
                    self._app.exit()
                    return
                if wait is None:
                    return
                try:  # a size waits for its credit; input meanwhile goes on
                    await asyncio.wait_for(self._more.wait(), wait)
                except asyncio.TimeoutError:
                    pass
        finally:
            if self._feeder is asyncio.current_task():
                self._feeder = None

    async def _caught_up(self) -> bool:
        """Until the app has handled what it was given (False: the app is closing), and as long
        again: a session sending without pause has at most half of the loop, whatever it sends.
        The loop serves every other session meanwhile."""
        given = self._loop.time()
        handled = self._loop.create_future()
        if not self._app.call_later(lambda: handled.done() or handled.set_result(None)):
            return False
        await handled
        await asyncio.sleep(min(self._loop.time() - given, MOST_REST))
        return True

    def _take_slice(self) -> None:
        """Up to EVENTS_PER_SLICE events to the app, decoding INPUT_SLICE more bytes if none wait."""
        if not self._decoded:
            data = bytes(self._inbox[:INPUT_SLICE])
            del self._inbox[:INPUT_SLICE]
            self._decoded.extend(self._take_sizes(self._decoder.feed(data)))
            self._schedule_tick()
            if self._full and len(self._inbox) <= INPUT_BUFFER // 2:
                self._full = False
                self._terminal.input_full(False)
        for _ in range(min(EVENTS_PER_SLICE, len(self._decoded))):
            self.process_message(self._decoded.popleft())
        if not self._inbox and not self._decoded:
            self._full_since = None

    def _take_sizes(self, messages: Iterable[Message]) -> list[Message]:
        """A size reported within the input is paid for as any other: it becomes the wanted size."""
        kept = []
        for message in messages:
            if isinstance(message, events.Resize):
                self._wanted_size = bounded_size(*message.size)
            else:
                kept.append(message)
        return kept

    def _resize_wait(self) -> float:
        """Seconds until the credit pays for the wanted size (0: now)."""
        assert self._wanted_size is not None
        now = self._loop.time()
        self._resize_credit = min(RESIZE_CREDIT, self._resize_credit + (now - self._credit_at) * RESIZE_CELLS_PER_SECOND)
        self._credit_at = now
        width, height = self._wanted_size
        cost = RESIZE_BASE_CELLS + width * height
        return 0.0 if self._resize_credit >= cost else (cost - self._resize_credit) / RESIZE_CELLS_PER_SECOND

    def _take_size(self) -> None:
        assert self._wanted_size is not None
        wanted, self._wanted_size = self._wanted_size, None
        if wanted == self._size:  # (flipped back before it was taken: nothing to redraw)
            return
        width, height = self._size = wanted
        self._resize_credit -= RESIZE_BASE_CELLS + width * height
        size = Size(width, height)
        self.process_message(events.Resize(size, size))

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
            self._hand_over(self._decoder.tick())
            self._schedule_tick()

    def _hand_over(self, messages: Iterable[Message]) -> None:
        """Events the decoder gave outside a slice (a lone ESC after its pause, the end of
        input): after those already waiting, in order."""
        if self._decoded:
            self._decoded.extend(self._take_sizes(messages))
            self._serve()
            return
        for message in self._take_sizes(messages):
            self.process_message(message)
        if self._wanted_size is not None:
            self._serve()

    def send_message(self, message: Message) -> None:
        # On the loop already: straight into the app's queue (the base class hops threads).
        self._app.post_message(message)

    # ---- output, from Textual

    def write(self, data: str) -> None:
        self._terminal.write(self._encode(data))
        if self._started and not self._drawn:
            self._drawn = True
            self._terminal.first_frame()

    def start_application_mode(self) -> None:
        self._terminal.write(_START.encode())
        self._started = True
        if self._wanted_size is not None:  # (a size that came before the app was up is its first)
            self._size, self._wanted_size = self._wanted_size, None
        size = Size(*self._size)
        self.process_message(events.Resize(size, size))
        if self._inbox or self._input_ended:  # what came before the app was up
            self._serve()

    def disable_input(self) -> None:
        self._started = False
        self._stopped = True
        self._inbox.clear()
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self._feeder is not None and self._feeder is not asyncio.current_task():
            self._feeder.cancel()
            self._feeder = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self._terminal.write(_STOP.encode())
