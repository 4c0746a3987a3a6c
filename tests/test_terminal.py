"""The arcade in a real (pseudo) terminal: signals give the terminal back, bad bytes do not end
it, and a terminal without colours is not painted in 24-bit colour.

Each test starts ``python -m cardarcade`` on a pty of its own, as a terminal emulator would.
"""

from __future__ import annotations

import errno
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time

import pytest

RESTORED = {  # what leaving the app must write, whatever way it leaves
    "alternate screen left": b"\x1b[?1049l",
    "cursor shown": b"\x1b[?25h",
    "mouse tracking off": b"\x1b[?1000l",
    "bracketed paste off": b"\x1b[?2004l",
}
WAIT = 60.0  # seconds before a test gives up on something that should come (the machine may be busy)


class Terminal:
    """``python -m cardarcade ARGS`` on an 80x24 pseudo-terminal."""

    def __init__(self, *args: str, **env: str) -> None:
        environ = {
            k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "COLORTERM", "TEXTUAL")
        }
        environ.update({"TERM": "xterm-256color", **env})
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: size the terminal, then become the arcade
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
                os.execvpe(sys.executable, [sys.executable, "-m", "cardarcade", *args], environ)
            finally:
                os._exit(127)
        self.output = bytearray()
        self.status: int | None = None

    def read(self, seconds: float) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError as exc:  # EIO once the child has gone
            if exc.errno != errno.EIO:
                raise
            data = b""
        self.output += data
        return data

    def wait_for(self, needle: bytes, start: int = 0) -> None:
        deadline = time.monotonic() + WAIT
        while needle not in self.output[start:]:
            if time.monotonic() > deadline or self.exited():
                raise AssertionError(f"{needle!r} never came; the screen ends {bytes(self.output[-300:])!r}")
            self.read(0.1)

    def settle(self) -> None:
        """Read until the app has drawn everything it had to draw."""
        deadline = time.monotonic() + WAIT
        while self.read(0.5) and time.monotonic() < deadline:
            pass

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def exited(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is not None

    def wait_exit(self) -> int:
        deadline = time.monotonic() + WAIT
        while not self.exited():
            if time.monotonic() > deadline:
                raise AssertionError(f"the app did not end; the screen ends {bytes(self.output[-300:])!r}")
            self.read(0.1)
        while self.read(0.1):  # what it wrote on the way out
            pass
        return self.status

    def close(self) -> None:
        if not self.exited():
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def start(*args: str, **env: str) -> Terminal:
        opened.append(Terminal(*args, **env))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


def restored(output: bytes) -> dict[str, bool]:
    return {what: sequence in output for what, sequence in RESTORED.items()}


@pytest.mark.parametrize(
    "args, first_frame, signum",
    [
        (("play", "war"), b"War", signal.SIGTERM),
        (("play", "war"), b"War", signal.SIGHUP),
        ((), b"Slapjack", signal.SIGTERM),  # the menu
        (("play", "slapjack", "--hotseat", "--players", "3"), b"Slapjack", signal.SIGHUP),  # people and a bot
    ],
    ids=["war-term", "war-hup", "menu-term", "hotseat-hup"],
)
def test_a_signal_to_end_gives_the_terminal_back(terminal, args, first_frame, signum):
    t = terminal(*args)
    t.wait_for(first_frame)
    t.settle()
    drawn = len(t.output)
    os.kill(t.pid, signum)
    status = t.wait_exit()
    assert restored(bytes(t.output[drawn:])) == {what: True for what in RESTORED}
    assert b"Traceback" not in t.output
    assert status == -signum  # the process ends by the signal it was sent, once the terminal is back


@pytest.mark.parametrize("game_id, signum", [("war", signal.SIGHUP), ("go-fish", signal.SIGTERM)])
def test_a_game_ended_by_a_signal_is_saved_and_opens_again(terminal, user_folders, game_id, signum):
    from cardarcade.store.saves import SaveStore

    t = terminal("play", game_id, "--seed", "9")
    t.wait_for(b"seed 9")
    t.send(b"\r")  # a move of the person's own (War: turn a card; Go Fish: ask)
    t.settle()
    os.kill(t.pid, signum)
    assert t.wait_exit() == -signum
    [entry] = SaveStore(user_folders / "data" / "cardarcade" / "saves").entries()
    assert entry.can_resume and entry.game_id == game_id and entry.players[0] == "You"


def test_a_terminal_closed_with_a_storm_of_keys_queued_ends_the_process_with_the_game_saved(terminal, user_folders):
    """The window closed while the app was still working through held-down keys: the app had
    filled the terminal with frames nobody read, so its output thread was stuck and its loop
    with it. The process must still end, soon, and keep the game."""
    from cardarcade.store.saves import SaveStore

    t = terminal("play", "schnapsen", "--seed", "4")
    t.wait_for(b"seed 4")
    t.settle()
    for _ in range(20):  # a storm of screen keys, its frames left unread: the terminal fills up
        t.send(b"\x1bOP" + b"\x1b[A" * 40)
    time.sleep(1.0)
    os.close(t.fd)  # the window closes: the arcade's terminal hangs up
    t.fd = os.open(os.devnull, os.O_RDONLY)  # (for the fixture to close)
    deadline = time.monotonic() + WAIT
    while not t.exited():
        assert time.monotonic() < deadline, "the arcade lived on after its terminal closed"
        time.sleep(0.1)
    [entry] = SaveStore(user_folders / "data" / "cardarcade" / "saves").entries()
    assert entry.can_resume and entry.game_id == "schnapsen"


def test_bytes_no_terminal_sends_do_not_end_the_game(terminal):
    t = terminal("play", "war")
    t.wait_for(b"War")
    t.settle()
    # Invalid UTF-8, a key code past Unicode, a number too big for any key; a paste that never ends.
    t.send(b"\xff\xfe\xc3")
    t.send(b"\x1b[1114112u")
    t.send(b"\x1b[9999999999A")
    t.send(b"\x1b[200~pasted text, and no end")
    # The paste gives the keys back once the terminal has been quiet for a moment: ask until 'q'
    # is a key again and opens the question whether to leave.
    asked = len(t.output)
    deadline = time.monotonic() + WAIT
    while b"Yes" not in t.output[asked:]:
        assert not t.exited() and time.monotonic() < deadline, bytes(t.output[-300:])
        t.send(b"q")
        t.read(1.0)
    t.settle()
    t.send(b"\x03")  # ctrl+c
    assert t.wait_exit() == 0
    assert b"Traceback" not in t.output


SGR = re.compile(rb"\x1b\[([0-9;]*)m")
GREYS = {"30", "37", "90", "97", "40", "47", "100", "107", "39", "49"}  # black, white, bright, default


def colour_codes(output: bytes) -> set[str]:
    codes: set[str] = set()
    for params in SGR.findall(output):
        parts = params.decode().split(";")
        i = 0
        while i < len(parts):
            p = parts[i]
            if p in ("38", "48"):  # an extended colour: 256-colour (5;n) or 24-bit (2;r;g;b)
                width = 3 if parts[i + 1 : i + 2] == ["5"] else 5
                codes.add(";".join(parts[i : i + width]))
                i += width
                continue
            if p.isdigit() and (30 <= int(p) <= 49 or 90 <= int(p) <= 107):
                codes.add(p)
            i += 1
    return codes


@pytest.mark.parametrize("env", [{"TERM": "dumb"}, {"NO_COLOR": "1"}], ids=["TERM=dumb", "NO_COLOR"])
def test_without_colour_the_game_is_drawn_in_black_and_white(terminal, env):
    t = terminal("play", "war", **env)
    t.wait_for(b"War")
    t.settle()
    drawn = bytes(t.output)
    t.send(b"\x03")
    t.wait_exit()
    assert b"War" in drawn
    assert colour_codes(drawn) <= GREYS, sorted(colour_codes(drawn) - GREYS)[:10]


def test_two_arcades_on_one_data_folder_never_carry_on_the_same_save(terminal, user_folders):
    """Two terminals on one data folder: the second lists the game the first carries on as open
    in another window and does not open it (its autosaves would undo the first's moves). The
    first crashes: its hold ends with it, and the second carries the game on."""
    from cardarcade.rules import GAMES
    from cardarcade.seating import GameSetup
    from cardarcade.store.saves import SaveStore

    setup = GameSetup.solo(GAMES["thirteen"], 2, seed=3, level="easy")
    SaveStore(user_folders / "data" / "cardarcade" / "saves").save("thirteen-1", setup, setup.new_game(), 5.0)
    first = terminal()
    first.wait_for(b"c continues")
    first.settle()
    first.send(b"c")
    first.wait_for(b"enter continues one")
    first.settle()
    first.send(b"\r")
    first.wait_for(b"seed 3")
    first.settle()
    second = terminal()
    second.wait_for(b"c continues")
    second.settle()
    second.send(b"c")
    second.wait_for(b"open in another window")
    second.settle()
    shown = len(second.output)
    second.send(b"\r")
    second.wait_for(b"carry it on there", shown)
    second.settle()
    os.kill(first.pid, signal.SIGKILL)  # no chance to let go of anything
    first.wait_exit()
    shown = len(second.output)
    second.send(b"\x1b")  # back to the menu, and the list again
    second.settle()
    second.send(b"c")
    second.wait_for(b"enter continues one", shown)
    second.settle()
    second.send(b"\r")
    second.wait_for(b"seed 3", shown)
    second.settle()
    second.send(b"\x03")
    second.wait_exit()
    assert b"Traceback" not in second.output
