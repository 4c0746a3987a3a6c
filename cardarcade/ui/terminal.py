"""Reading a terminal's input so that no byte sequence can end the app.

Textual's own reader ended the app with a traceback on one bad byte: 0xff (strict UTF-8),
``ESC[1114112u`` (a key code past Unicode), ``ESC[9999999999A`` (a number too big for ``chr``);
and a bracketed paste that never ended took every later key, Ctrl+C and ``q`` included, as
pasted text.

``InputDecoder`` turns bytes into Textual events and never raises: what it cannot read is
dropped. It knows nothing of where the bytes come from: ``ArcadeDriver`` feeds it the local
terminal's stdin, and a driver for another source (an SSH channel) feeds it that source's bytes.
"""

from __future__ import annotations

import codecs
import os
import selectors
from collections.abc import Callable, Generator, Iterable, Mapping

from textual import events
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from cardarcade.ui.textual_compat import (
    BRACKETED_PASTE_END,
    BRACKETED_PASTE_START,
    ParseEOF,
    ParseError,
    ParseTimeout,
    Peek1,
    Read1,
    XTermParser,
    get_time,
    parser_deadline,
    uncached_extended_key_parser,
)

# The largest terminal the app believes in (columns, lines); larger than any real one. A size
# claimed beyond it (COLUMNS, an in-band resize report, an SSH client) would have Textual build
# a screen of gigabytes.
MAX_COLUMNS, MAX_LINES = 1000, 500

# A bracketed paste ends at its end marker, or when no byte has come for this long (the marker
# was lost: keys must work again), keeping at most MAX_PASTE_CHARS of its text. Pasted text
# never becomes key presses, so the rest of an overlong paste is dropped.
PASTE_SILENCE = 0.5
MAX_PASTE_CHARS = 10_000

# How long an ESC waits for the rest of a sequence before it is the escape key itself (Textual
# waits 100 ms, and so the escape key took a tenth of a second more than any other to answer). A
# terminal writes a key's whole sequence at once, so the wait only covers a sequence cut in two
# on its way in: 25 ms, what ncurses programs are commonly given (ESCDELAY=25; tmux 3.5 waits 10,
# neovim 50), well below what a person notices. A person's own ESCDELAY (milliseconds, as
# ncurses reads it) is honoured, up to MOST_ESCAPE_DELAY: they may know their link is slow.
ESCAPE_DELAY = 0.025
MOST_ESCAPE_DELAY = 1.0
# How often the local reader looks whether the app is closing, when nothing else wakes it.
READER_POLL = 0.1


# ---- what a terminal type can show

# terminfo names a terminal without colours with "-mono" or "-m" (xterm-mono, vt100-m)
COLOURLESS_TERMS = ("dumb", "unknown")


def colourless_terminal(term: str) -> bool:
    """Whether a terminal of type ``term`` (its TERM) shows no colours, though Rich would paint it
    in sixteen (Rich reads only "dumb" and "unknown" so)."""
    term = term.lower()
    return term in COLOURLESS_TERMS or term.endswith(("-mono", "-m"))


def console_font_only(term: str) -> bool:
    """Whether ``term`` is the Linux console, whose fonts hold the IBM PC's 256 characters (square
    boxes, half blocks, shades, the four suits) and little else."""
    return term.lower().startswith("linux")


# What the console's fonts lack, as the nearest they hold (each one cell, as the original):
# rounded corners, dotted and heavy lines, eighth blocks, quadrants, the arrows and marks we use.
_CONSOLE = str.maketrans(
    {
        "╭": "┌",
        "╮": "┐",
        "╰": "└",
        "╯": "┘",
        "┊": "│",
        "┆": "│",
        "┄": "─",
        "┈": "─",
        "╌": "─",
        "╎": "│",
        "━": "═",
        "┃": "║",
        "┏": "╔",
        "┓": "╗",
        "┗": "╚",
        "┛": "╝",
        "┣": "╠",
        "┫": "╣",
        "┳": "╦",
        "┻": "╩",
        "╋": "╬",
        "▔": "▀",
        "▁": "▄",
        "▂": "▄",
        "▃": "▄",
        "▅": "▄",
        "▆": "█",
        "▇": "█",
        "▉": "█",
        "▊": "▌",
        "▋": "▌",
        "▍": "▌",
        "▎": "▌",
        "▏": "▌",
        "▕": "▐",
        "▚": "▒",
        "▞": "▒",
        "▖": "▄",
        "▗": "▄",
        "▘": "▀",
        "▝": "▀",
        "▙": "█",
        "▛": "█",
        "▜": "█",
        "▟": "█",
        "‹": "<",
        "›": ">",
        "⏎": "┘",
        "△": "^",
        "▽": "v",
        "▶": "►",
        "◀": "◄",
        "▸": "►",
        "◂": "◄",
        "●": "•",
        "◆": "♦",
        "◇": "o",
        "…": ".",
        "—": "-",
        "–": "-",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "✓": "√",
        "✔": "√",
        "✗": "x",
        "✘": "x",
        "×": "x",
        "⌫": "<",
    }
)


def for_console(text: str) -> str:
    """``text`` in what a Linux console's font holds (see ``_CONSOLE``)."""
    return text.translate(_CONSOLE)


def escape_delay_for(environ: Mapping[str, str]) -> float:
    """The escape key's wait for a terminal run in ``environ``: its ESCDELAY in milliseconds if it
    sets a usable one, else ``ESCAPE_DELAY``."""
    try:
        wanted = int(environ.get("ESCDELAY", ""))
    except ValueError:
        return ESCAPE_DELAY
    return min(max(wanted, 1) / 1000, MOST_ESCAPE_DELAY)  # (at least 1 ms, as Textual reads it)


def bounded_size(width: int, height: int) -> tuple[int, int]:
    return min(max(width, 1), MAX_COLUMNS), min(max(height, 1), MAX_LINES)


class SafeXTermParser(XTermParser):
    """Textual's xterm parser, restarted clean whenever a sequence makes it raise (that
    sequence is dropped), with bracketed paste bounded, claimed sizes capped, and its wait for
    the rest of an escape sequence ``escape_delay`` seconds (not Textual's process-wide one)."""

    def __init__(self, debug: bool = False, escape_delay: float = ESCAPE_DELAY) -> None:
        self.escape_delay = escape_delay
        super().__init__(debug)

    def _own_wait(self, wanted: Read1 | Peek1) -> Read1 | Peek1:
        """What Textual's parser asks for, with our wait: the one read it times is the character
        after an ESC (``constants.ESCAPE_DELAY``, the same for every parser in the process)."""
        return wanted if wanted.timeout is None else type(wanted)(self.escape_delay)

    def parse(self, token_callback: Callable[[Message], None]) -> Generator[Read1 | Peek1, str, None]:
        def accept(token: Message) -> None:
            if isinstance(token, events.Resize) and bounded_size(*token.size) != tuple(token.size):
                token = events.Resize.from_dimensions(bounded_size(*token.size), token.pixel_size)
            token_callback(token)

        while True:  # each round is Textual's parser from a clean state
            textual_parse = super().parse(accept)
            wanted = self._own_wait(next(textual_parse))
            recent = ""  # the last characters it was given: has a paste begun?
            while True:
                try:
                    character = yield wanted
                except ParseError as news:  # a timeout (a lone ESC is the escape key) or the end of input
                    try:
                        wanted = self._own_wait(textual_parse.throw(news))
                        continue
                    except StopIteration:
                        return
                    except Exception:
                        if isinstance(news, ParseEOF):
                            return
                        break
                try:
                    wanted = self._own_wait(textual_parse.send(character))
                except StopIteration:
                    return
                except Exception:  # a sequence it cannot read (a number too big, a code past Unicode)
                    break
                recent = (recent + character)[-len(BRACKETED_PASTE_START) :]
                if recent == BRACKETED_PASTE_START:
                    textual_parse.close()
                    if not (yield from self._read_paste(accept)):
                        return
                    break

    def _read_paste(self, accept: Callable[[Message], None]) -> Generator[Read1, str, bool]:
        """The text of a bracketed paste, given as one Paste event; False if input ended in it."""
        kept: list[str] = []
        tail = ""
        more_input = True
        while True:
            try:
                character = yield self.read1(PASTE_SILENCE)
            except ParseTimeout:
                break
            except ParseError:
                more_input = False
                break
            tail = (tail + character)[-len(BRACKETED_PASTE_END) :]
            if tail == BRACKETED_PASTE_END:
                if kept[-(len(BRACKETED_PASTE_END) - 1) :] == list(BRACKETED_PASTE_END[:-1]):
                    del kept[-(len(BRACKETED_PASTE_END) - 1) :]
                break
            if len(kept) < MAX_PASTE_CHARS + len(BRACKETED_PASTE_END):  # room for the end marker
                kept.append(character)
        text = "".join(kept)[:MAX_PASTE_CHARS].replace("\x00", "")
        if text:
            accept(events.Paste(text))
        return more_input

    # Textual caches this with an lru_cache on the method, so every parser (the key's ``self``)
    # stays in a cache shared by the process until 1024 newer sequences push it out: in a server,
    # an ended session's parser, and through it its whole app. Uncached: a regular expression
    # match per key sequence.
    _parse_extended_key = uncached_extended_key_parser()


class InputDecoder:
    """A terminal's bytes in, Textual events out; whatever the bytes, nothing is raised."""

    def __init__(self, debug: bool = False, escape_delay: float = ESCAPE_DELAY) -> None:
        """``escape_delay``: seconds a lone ESC waits for more before it is the escape key."""
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._parser = SafeXTermParser(debug, escape_delay)

    def feed(self, data: bytes) -> list[Message]:
        text = self._decode(data)
        if not text or self._parser.is_eof:  # (an empty string would tell the parser input ended)
            return []
        return list(self._parser.feed(text))

    def tick(self) -> list[Message]:
        """Events that waiting made certain: a lone ESC is the escape key, a paste is over."""
        return list(self._parser.tick())

    def tick_due(self) -> float | None:
        """Seconds until ``tick`` may give events, or None while nothing waits on time: a driver
        on an event loop looks again only then, so an idle session costs no timer."""
        due = parser_deadline(self._parser)
        return None if due is None else max(0.0, due - get_time())

    def close(self) -> list[Message]:
        """Input has ended: whatever was still being read, as events."""
        if self._parser.is_eof:
            return []
        text = self._decode(b"", final=True)
        tokens = list(self._parser.feed(text)) if text else []
        return tokens + list(self._parser.feed(""))


class ArcadeDriver(LinuxDriver):
    """Textual's Linux driver, reading stdin through an InputDecoder. When the terminal is gone
    (stdin at its end or failing), the app is asked to exit instead of the reader spinning. A
    lone ESC is the escape key as soon as its wait is over (Textual's reader looked only every
    tenth of a second)."""

    def run_input_thread(self) -> None:
        decoder = InputDecoder(self._debug, escape_delay_for(os.environ))
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        try:
            while not self.exit_event.is_set():
                due = decoder.tick_due()
                for _ in selector.select(READER_POLL if due is None else min(due, READER_POLL)):
                    try:
                        data = os.read(self.fileno, 4096)
                    except OSError:
                        data = b""
                    if not data:
                        self._deliver(decoder.close())
                        self.terminal_gone()
                        ending = getattr(self._app, "ending", None)  # (an arcade's; another app just exits)
                        lost = self._app.exit if ending is None else ending.terminal_lost
                        self._loop.call_soon_threadsafe(lost)
                        return
                    self._deliver(decoder.feed(data))
                self._deliver(decoder.tick())
        finally:
            selector.close()

    def _deliver(self, tokens: Iterable[Message]) -> None:
        for token in tokens:
            self.process_message(token)

    _gone = False

    def terminal_gone(self) -> None:
        """Nothing more is written: the terminal is not there to take it, and the writer thread
        may be stuck on it (or dead), its queue full, so a write would block the loop for ever."""
        self._gone = True

    def write(self, data: str) -> None:
        if not self._gone:
            super().write(for_console(data) if getattr(self._app, "console_glyphs", False) else data)

    def close(self) -> None:
        if not self._gone:  # (else the writer thread is left behind, as it may never finish)
            super().close()
