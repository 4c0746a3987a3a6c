"""A Textual driver for a terminal that is not this process's own: an SSH channel (later, a
browser's websocket).

Everything happens on the event loop: the session hands the driver the bytes the client sent
(``feed``), the window sizes it reports (``resize``) and the end of its input (``end_of_input``);
the driver hands Textual's output to the session's ``Terminal``. No thread, no signal handler, no
termios, no ``sys.stdout``: many of these run side by side in one process.

Since they share one loop, one session's input must never hold it for long (Textual handles a
queue of keys one after another without yielding, a few hundred microseconds a key, more for a
key that changes the screen; decoding costs several microseconds a byte). So the bytes a client
sends are held (up to ``INPUT_BUFFER``), decoded ``INPUT_SLICE`` bytes at a time and handed to
the app a few events at a time, the next slice only once the app has handled the last and after
a rest three times as long: everyone else is served in between, and a session sending without
pause has a quarter of the loop at most. A client that fills the buffer is not read until it
drains (its own TCP connection slows it), and one that keeps it full for ``FLOOD_PATIENCE``
seconds is ended.

What a session draws costs the loop too, and a key or a new size can ask for a whole screen:
so the app is never given more than ``DRAWN_COLUMNS`` x ``DRAWN_LINES`` of a terminal, and a
session's drawing is paid from a credit of characters drawn per second; while it is spent, its
input and its sizes wait. New sizes are coalesced: the latest wins.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, Protocol
from collections.abc import Iterable

from textual import events
from textual._time import get_time
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from cardarcade.server.ascii_output import to_ascii
from cardarcade.ui.terminal import InputDecoder, bounded_size, for_console
from cardarcade.ui.textual_compat import SYNC_END, SYNC_START

# What Textual's Linux driver asks of a terminal on start (alternate screen, mouse, focus
# reports, bracketed paste, no line wrap, and whether synchronized output is supported) and
# undoes on the way out. The kitty keyboard protocol is not asked for: a key's meaning must not
# depend on which terminal a player happens to use.
_MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
_MOUSE_OFF = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
_START = "\x1b[?1049h" + _MOUSE_ON + "\x1b[?25l\x1b[?1004h\x1b[?2026$p\x1b[?2004h\x1b[?7l"
_STOP = _MOUSE_OFF + "\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[?1004l"

INPUT_BUFFER = 64 * 1024  # bytes of a client's input held for its app; at this, the client is not read
INPUT_SLICE = 64  # bytes decoded for one slice at most (well under a millisecond)...
DECODE_STEP = 8  # ...a few at a time, until the slice has its events
# A key is dated when its bytes arrived (a race is settled by press time, whatever the slices
# made it wait); the keys of one arrival a microsecond apart, in order.
SAME_ARRIVAL = 0.001  # seconds: bytes fed this close together count as one arrival
KEY_APART = 1e-6
# Keys (mouse reports, ...) handed to the app at once: at most MOST_EVENTS, halved after a slice
# that took longer than SLICE_TIME (down to one), doubled after one that did not.
MOST_EVENTS, SLICE_TIME = 8, 0.004
REST = 3  # a slice is followed by a rest this many times as long as it took...
MOST_REST = 0.1  # ...of this many seconds at most
FLOOD_PATIENCE = 10.0  # seconds a client may keep its input full (no one types that) before it is ended
# The drawing credit, in characters written to the client: it grows by DRAW_PER_SECOND up to
# DRAW_CREDIT, each character drawn spends one, and each new size RESIZE_CHARGE more (the layout
# any size needs: what drawing some 250,000 characters costs). A whole screen at the largest size
# drawn is about 70,000 characters: a few new sizes or whole screens in a row are drawn at once,
# and a session asking for more gets one or two a second.
DRAW_PER_SECOND = 512 * 1024
DRAW_CREDIT = 2 * 1024 * 1024
RESIZE_CHARGE = 256 * 1024
# The most of a client's terminal the arcade is laid out and drawn in (columns, lines): more room
# than any screen uses. A larger terminal shows it in its top-left corner, and is told so once.
# (One whole screen at 1000x500, the local cap, held everyone's loop for a quarter of a second to
# draw and as long again to encrypt and send.)
DRAWN_COLUMNS, DRAWN_LINES = 200, 60
# How long a lone ESC from a client waits for the rest of a sequence before it is the escape key:
# twice a local terminal's wait (ui/terminal.py), for a sequence a client's SSH (or a browser)
# sent in two pieces that the network then spaced apart; still half Textual's own 100 ms. Not the
# server's ESCDELAY (that is its operator's, not a player's), nor one a client sends.
SERVER_ESCAPE_DELAY = 0.05


def drawn_size(width: int, height: int) -> tuple[int, int]:
    width, height = bounded_size(width, height)
    return min(width, DRAWN_COLUMNS), min(height, DRAWN_LINES)


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "replace")


def _console_utf8(text: str) -> bytes:
    return _utf8(for_console(text))


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

    def __init__(
        self,
        app: App[Any],
        *,
        terminal: Terminal,
        size: tuple[int, int],
        debug: bool = False,
        mouse: bool = True,
        ascii_only: bool = False,
        **_: Any,
    ) -> None:
        """``ascii_only``: the client's locale is not UTF-8; what is drawn is sent in ASCII."""
        super().__init__(app, debug=debug, mouse=mouse, size=drawn_size(*size))
        self._terminal = terminal
        # (a Linux console's font: what it lacks drawn as the nearest it holds)
        self._encode = to_ascii if ascii_only else _console_utf8 if getattr(app, "console_glyphs", False) else _utf8
        self._decoder = InputDecoder(debug, SERVER_ESCAPE_DELAY)
        self._tick: asyncio.TimerHandle | None = None
        self._started = False  # in application mode: input is taken, frames are drawn
        self._drawn = False
        self._held: list[str] = []  # a synchronized frame's writes until its end (see write)
        self._stopped = False  # out of application mode for good: input is dropped
        self._inbox = bytearray()  # input not yet decoded
        self._arrivals: deque[list[float]] = deque()  # [bytes, when they came]: the inbox, arrival by arrival
        self._decoded: deque[Message] = deque()  # decoded, not yet handed to the app
        self._full = False  # the inbox reached INPUT_BUFFER and has not drained to half since
        self._full_since: float | None = None  # when it first did, since it was last empty
        self._input_ended = False
        self._wanted_size: tuple[int, int] | None = None  # a new size not yet given to the app
        self._draw_credit = float(DRAW_CREDIT)
        self._credit_at = self._loop.time()
        self._feeder: asyncio.Task | None = None  # runs only while there is input or a size to hand over
        self._slice_events = MOST_EVENTS
        self._answering = False  # a key handed over at once may still be on its way (_serve)
        self._larger_told = False  # that the terminal is larger than what is drawn
        self._note_size(*size)

    # ---- input, from the session

    def feed(self, data: bytes) -> None:
        """Bytes from the client: held, and handed to the app a slice at a time (see the module's
        notes); before application mode they wait, after it they are dropped."""
        if self._stopped or self._input_ended or not data:
            return
        self._inbox += data
        now = get_time()
        if self._arrivals and now - self._arrivals[-1][1] < SAME_ARRIVAL:
            self._arrivals[-1][0] += len(data)
        else:
            self._arrivals.append([len(data), now])
        if len(self._inbox) >= INPUT_BUFFER and not self._full:
            self._full = True
            if self._full_since is None:
                self._full_since = self._loop.time()
            self._terminal.input_full(True)
        self._serve()

    def resize(self, width: int, height: int) -> None:
        """A new size from the client: the latest wins, given to the app as the budget allows."""
        self._note_size(width, height)
        self._wanted_size = drawn_size(width, height)
        self._serve()

    def _note_size(self, width: int, height: int) -> None:
        """A terminal larger than what is drawn is told so, once (a corner of it stays empty)."""
        if self._larger_told or drawn_size(width, height) == bounded_size(width, height):
            return
        self._larger_told = True
        self._app.call_later(
            self._app.notify,
            f"The arcade uses at most {DRAWN_COLUMNS}x{DRAWN_LINES} of a terminal here; "
            f"yours is {width}x{height}, so it sits in the top-left corner.",
            timeout=8,
            markup=False,
        )

    def end_of_input(self) -> None:
        """The client is gone or closed its input: what was sent and what was being read count,
        then the app ends."""
        self._input_ended = True
        self._serve()

    def _serve(self) -> None:
        if not self._started:
            return
        if self._feeder is not None:  # (it looks again before it ends)
            return
        # The common case, a key or two while the app waits for one: handed over at once. A key
        # that may act through a binding (enter, an arrow) is then followed until it has been
        # answered, before anything typed after it: the app's own queue empties long before a
        # key's way back up from the focused widget does (under load, "line 1" typed after
        # "line 0" and its enter reached the chat line before the enter had sent it).
        # (Followed only once more input comes: a key alone, the common case, costs nothing more.)
        if self._answering and self._answered():
            # Long answered (the common case: a person's next key comes a few hundred ms later).
            # Following it anyway cost the next key some twenty turns of the loop, each behind
            # every other session's work: under load, most of a key's wait.
            self._answering = False
        if (
            not self._answering
            and self._wanted_size is None
            and not self._input_ended
            and not self._decoded
            and len(self._inbox) <= INPUT_SLICE
            and self._app.message_queue_size == 0
            and self._drawing_wait() == 0
        ):
            self._answering = self._take_slice()
            if self._wanted_size is None and not self._decoded and not self._inbox:
                return
        self._feeder = self._loop.create_task(self._feed(), name="terminal input")

    async def _feed(self) -> None:
        """Hands over sizes and input until there is none left, each once the app has handled
        the last (the key handed over at once included), then ends (an idle session holds no
        task)."""
        try:
            if self._answering:
                self._answering = False
                if await self._caught_up() is None:
                    return
            while self._started:
                if self._wanted_size is not None or self._inbox or self._decoded:
                    if wait := self._drawing_wait():  # what it asked for is still being paid for
                        await asyncio.sleep(wait)
                        continue
                if self._wanted_size is not None:
                    self._take_size()
                    if await self._caught_up() is None:
                        return
                    continue
                if self._inbox or self._decoded:
                    if self._full_since is not None and self._loop.time() - self._full_since > FLOOD_PATIENCE:
                        self._clear_inbox()
                        self._decoded.clear()
                        self._stopped = True
                        self._terminal.input_flood()
                        return
                    self._take_slice()
                    took = await self._caught_up()
                    if took is None:
                        return
                    if took > SLICE_TIME:
                        self._slice_events = max(1, self._slice_events // 2)
                    else:
                        self._slice_events = min(MOST_EVENTS, 2 * self._slice_events)
                    continue
                if self._input_ended:
                    self._hand_over(self._decoder.close())
                    self._app.exit()
                return
        finally:
            if self._feeder is asyncio.current_task():
                self._feeder = None

    async def _caught_up(self) -> float | None:
        """Until the app has handled what it was given, then a rest; the seconds it took
        (None: the app is closing). The loop serves every other session meanwhile.

        Handled means all the way: the app passes a key to the focused widget, which passes
        one it does not take (enter, an arrow) up through its parents back to the app, where
        the bindings act on it. A key handed over before that ran ahead of it: "hi" typed
        after an enter was in the chat line the enter sent."""
        given = self._loop.time()
        if not await self._handled_by(self._app):
            return None
        focused = self._app.focused
        for node in [focused, *focused.ancestors] if focused is not None else []:
            await self._handled_by(node)
        took = self._loop.time() - given
        await asyncio.sleep(min(REST * took, MOST_REST))
        return took

    def _answered(self) -> bool:
        """Whether everything handed to the app has been handled all the way: nothing is queued
        for, or being handled by, the app, its screen, or the focused widget and its parents
        (where a key goes, and comes back up to the bindings). A message pump with nothing to do
        waits on its queue's event; one that has taken a message and not finished with it does
        not (Textual's queue keeps no count of messages taken but not done)."""
        app = self._app
        stack = app.screen_stack
        if not stack:
            return False  # (no screen: closing, or not yet drawn; the following copes with both)
        screen = stack[-1]
        focused = screen.focused
        nodes = [app, screen, *([focused, *focused.ancestors] if focused is not None else [])]
        return all(_waits_for_messages(node) for node in nodes)

    async def _handled_by(self, node: Any) -> bool:
        """Until ``node`` has handled what it was sent so far, or has closed (False: it was
        closing already). (A widget that closes meanwhile never runs what is left in its queue;
        the app, which has no task of its own there, ends this feeder as it closes.)"""
        handled = self._loop.create_future()
        if not node.call_later(lambda: handled.done() or handled.set_result(None)):
            return False
        running = getattr(node, "_task", None)  # (Textual's task for a widget's messages)
        await asyncio.wait([handled] if running is None else [handled, running], return_when=asyncio.FIRST_COMPLETED)
        return True

    def _take_slice(self) -> bool:
        """A slice of events to the app, decoding up to INPUT_SLICE more bytes if none wait.
        Whether it ended with an event that may act through a binding (not a printable key)."""
        if not self._decoded:
            taken = 0
            while self._inbox and taken < INPUT_SLICE and len(self._decoded) < self._slice_events:
                arrival = self._arrivals[0]  # (a step never spans two arrivals: its keys share one time)
                step = min(DECODE_STEP, int(arrival[0]))
                data = bytes(self._inbox[:step])
                del self._inbox[:step]
                taken += step
                arrival[0] -= step
                if not arrival[0]:
                    self._arrivals.popleft()
                decoded = self._take_sizes(self._decoder.feed(data))
                for message in decoded:
                    message.time = arrival[1]
                    arrival[1] += KEY_APART
                self._decoded.extend(decoded)
            self._schedule_tick()
            if self._full and len(self._inbox) <= INPUT_BUFFER // 2:
                self._full = False
                self._terminal.input_full(False)
        acting = False
        for _ in range(min(self._slice_events, len(self._decoded))):
            message = self._decoded.popleft()
            self.process_message(message)
            acting = not (isinstance(message, events.Key) and message.is_printable)
            if acting:
                break  # (it may act through a binding: answered before the next is handed over)
        if not self._inbox and not self._decoded:
            self._full_since = None
        return acting

    def _take_sizes(self, messages: Iterable[Message]) -> list[Message]:
        """A size reported within the input is paid for as any other: it becomes the wanted size."""
        kept = []
        for message in messages:
            if isinstance(message, events.Resize):
                self._note_size(*message.size)
                self._wanted_size = drawn_size(*message.size)
            else:
                kept.append(message)
        return kept

    def _drawing_wait(self) -> float:
        """Seconds until the drawing credit is paid back (0: now)."""
        now = self._loop.time()
        self._draw_credit = min(DRAW_CREDIT, self._draw_credit + (now - self._credit_at) * DRAW_PER_SECOND)
        self._credit_at = now
        return 0.0 if self._draw_credit >= 0 else -self._draw_credit / DRAW_PER_SECOND

    def _take_size(self) -> None:
        assert self._wanted_size is not None
        wanted, self._wanted_size = self._wanted_size, None
        if wanted == self._size:  # (flipped back before it was taken: nothing to redraw)
            return
        self._size = wanted
        self._draw_credit -= RESIZE_CHARGE
        size = Size(*wanted)
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
        # While input is still held, what the decoder waits for may be in it: a sequence cut
        # between two slices is one key however long the wait between them (the next slice
        # looks again).
        if self._started and not self._inbox:
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
        self._draw_credit -= len(data)  # (see _drawing_wait)
        # A frame in synchronized output (a terminal that answered for mode 2026) comes as three
        # writes, its start, body and end: sent as one, they are one SSH packet, not three.
        if data == SYNC_START or self._held:
            self._held.append(data)
            if data != SYNC_END:
                return
            data, self._held = "".join(self._held), []
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

    def _clear_inbox(self) -> None:
        self._inbox.clear()
        self._arrivals.clear()

    def disable_input(self) -> None:
        self._started = False
        self._stopped = True
        self._clear_inbox()
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self._feeder is not None and self._feeder is not asyncio.current_task():
            self._feeder.cancel()
            self._feeder = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self._terminal.write(_STOP.encode())


def _waits_for_messages(pump: Any) -> bool:
    """Whether a Textual message pump has handled all it was sent: its queue is empty and its
    loop waits on it. (False when that cannot be told: the caller then follows the key.)"""
    queue = pump.__dict__.get("_message_queue")  # (made when first used: none, nothing sent)
    if queue is None:
        return True
    if queue.qsize():
        return False
    waiters = getattr(getattr(queue, "ready_event", None), "_waiters", None) or ()
    if any(not waiter.done() for waiter in waiters):
        return True
    # Nobody waits: a widget never started (or closed) has no task; the app's loop runs in the
    # session's own task, so an app not waiting is handling something.
    return getattr(pump, "_task", None) is None and not isinstance(pump, App)
