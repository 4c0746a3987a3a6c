"""Shared helpers for the benchmark scripts: result files, percentiles, and a pseudo-terminal.

The scripts are run as ``python benchmarks/<name>.py``, so this directory is on ``sys.path``
and ``import _common`` works without making ``benchmarks`` a package (which would invite
pytest or setuptools to pick it up).
"""

from __future__ import annotations

import datetime as _dt
import errno
import fcntl
import json
import math
import os
import platform
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path
import argparse
from typing import Any
from collections.abc import Callable, Sequence

BENCH_DIR = Path(__file__).resolve().parent
RESULTS_DIR = BENCH_DIR / "results"
REPO_DIR = BENCH_DIR.parent


# ---------------------------------------------------------------- results


def machine() -> dict[str, Any]:
    """Where a figure was measured; figures from different machines are not comparable."""
    return {
        "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpus": os.cpu_count(),
        # Other work on the machine skews wall-clock figures; say how busy it was.
        "loadavg_1min": round(os.getloadavg()[0], 2),
    }


def write_results(name: str, payload: dict[str, Any]) -> Path:
    """``results/NAME.json`` (a NAME that is a path of its own, e.g. ``/tmp/x``, is written there)."""
    path = RESULTS_DIR / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"benchmark": name, **machine(), **payload}, indent=2) + "\n")
    return path


def shown(path: Path) -> Path:
    """``path`` as a line of output names it: from the repository's top where it is inside it."""
    return path.relative_to(REPO_DIR) if path.is_relative_to(REPO_DIR) else path


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile: always an observed value, which is what a tail figure should be."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def cpu_of(work: Callable[[], object]) -> float:
    """Seconds of this process's CPU that ``work()`` took."""
    start = time.process_time()
    work()
    return time.process_time() - start


def summary_ms(seconds: Sequence[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    if not ms:
        return {"n": 0}
    return {
        "n": len(ms),
        "median": round(percentile(ms, 50), 3),
        "p90": round(percentile(ms, 90), 3),
        "p99": round(percentile(ms, 99), 3),
        "max": round(max(ms), 3),
        "min": round(min(ms), 3),
    }


# ---------------------------------------------------------------- commands


def direct_cardarcade_command() -> list[str]:
    """The ``cardarcade`` console script installed next to this interpreter, else ``python -m``.

    Not whatever ``cardarcade`` PATH finds first: under pyenv that may be a bash shim that
    re-dispatches through ``pyenv exec`` (see ``pyenv_shim``), depending on how the benchmark
    itself was started, and it costs startup time that is not the program's.
    """
    script = Path(sys.executable).with_name("cardarcade")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "cardarcade"]


def pyenv_shim(name: str) -> str | None:
    """pyenv's shim for a command, if pyenv is in use (it adds its own startup cost)."""
    root = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    shim = Path(root) / "shims" / name
    return str(shim) if shim.exists() else None


# ---------------------------------------------------------------- pseudo-terminal


def use_fresh_data_folders() -> None:
    """Run every arcade this process starts on empty data and settings folders (removed at exit):
    a new player's arcade, never this machine's own saves (hundreds of them made the menu's
    start-up count of unreadable saves cost 600 ms of CPU and a key 260 ms)."""
    import atexit
    import shutil
    import tempfile

    home = tempfile.mkdtemp(prefix="cardarcade-bench-home-")
    atexit.register(shutil.rmtree, home, True)
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = home


def terminal_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a plain xterm: size comes from the pty, never from COLUMNS/LINES."""
    env = dict(os.environ)
    for name in ("COLUMNS", "LINES", "TEXTUAL", "TEXTUAL_DEBUG", "TEXTUAL_FPS", "NO_COLOR", "TMUX"):
        env.pop(name, None)
    env["TERM"] = "xterm-256color"
    env.update(extra or {})
    return env


class PtyProcess:
    """A program running on its own pseudo-terminal, read and written like a terminal emulator.

    The child is a session leader (``pty.fork`` calls ``setsid``), so its process group holds
    everything it starts; ``close`` signals that group and nothing else.
    """

    def __init__(
        self,
        argv: Sequence[str],
        cols: int = 80,
        rows: int = 24,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = None,
    ) -> None:
        self.argv = list(argv)
        env = terminal_env() if env is None else env
        # Timestamp before fork: "startup" includes creating the process.
        self.spawned_at = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child: size the terminal before the program can ask for it
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                if cwd is not None:
                    os.chdir(cwd)
                os.execvpe(self.argv[0], self.argv, env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.output = bytearray()  # everything read so far
        self.eof = False
        self.returncode: int | None = None

    # ---- reading

    def read_once(self, timeout: float) -> bytes:
        """Whatever arrives within ``timeout`` (b"" if nothing did, or at end of output)."""
        if self.eof:
            return b""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return b""
        return self._read()

    def _read(self) -> bytes:
        try:
            data = os.read(self.fd, 65536)
        except OSError as exc:  # Linux reports EIO on the master once the child has gone
            if exc.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.eof = True
        self.output += data
        return data

    def wait_for(self, needle: bytes, timeout: float, start: int = 0) -> float | None:
        """Read until ``needle`` appears in the output after offset ``start``; the perf_counter
        time it was first seen, or None on timeout / end of output."""
        deadline = time.perf_counter() + timeout
        while True:
            if self.output.find(needle, max(0, start - len(needle))) >= 0:
                return time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0 or self.eof:
                return None
            self.read_once(left)

    def wait_quiet(self, quiet: float, timeout: float) -> bool:
        """Read until nothing has arrived for ``quiet`` seconds; False if that never happened."""
        deadline = time.perf_counter() + timeout
        while not self.eof and deadline - time.perf_counter() >= quiet:
            if not self.read_once(quiet) and not self.eof:
                return True  # a whole quiet window passed with nothing to read
        return False

    def last_byte_before_rest(self, rest: float, timeout: float, last: float | None = None) -> float | None:
        """Read until nothing has arrived for ``rest`` seconds; the perf_counter time of the last
        byte read before that (None if nothing came, or the output never rested in ``timeout``).
        This is when a program had *wholly* answered: a part drawn a frame later counts. ``last``:
        when the caller last read something (the rest is counted from then on)."""
        deadline = time.perf_counter() + timeout
        while not self.eof and time.perf_counter() < deadline:
            # Before anything has come, wait as long as it takes: only a rest after output counts.
            if self.read_once(rest if last is not None else deadline - time.perf_counter()):
                last = time.perf_counter()
            elif last is not None:
                return last
        return last if self.eof else None

    def drain_for(self, seconds: float) -> None:
        """Keep reading (as a terminal would) for ``seconds``."""
        deadline = time.perf_counter() + seconds
        while not self.eof:
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            self.read_once(left)

    # ---- writing

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    # ---- ending

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def close(self, quit_keys: bytes = b"\x03", grace: float = 3.0) -> str:
        """Ask the program to quit with a key press, then escalate. Returns how it ended."""
        how = "already exited"
        try:
            if self.poll() is None:
                how = "quit key"
                try:
                    self.send(quit_keys)
                except OSError:
                    pass
                if not self._wait(grace):
                    how = "SIGTERM"
                    self._signal_group(signal.SIGTERM)
                    if not self._wait(2.0):
                        how = "SIGKILL"
                        self._signal_group(signal.SIGKILL)
                        self._wait(5.0)
            # Whatever the program started may still hang on: end the group either way.
            self._signal_group(signal.SIGKILL)
        finally:
            try:
                os.close(self.fd)
            except OSError:
                pass
        return how

    def _wait(self, seconds: float) -> bool:
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            # Keep reading: a child blocked writing its goodbye to a full pty never exits.
            self.read_once(0.02)
            if self.poll() is not None:
                return True
        return self.poll() is not None

    def _signal_group(self, sig: int) -> None:
        try:
            os.killpg(self.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        if self.returncode is None:
            try:
                self.poll()
            except ChildProcessError:
                self.returncode = -sig

    def __enter__(self) -> PtyProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def whole_answer(proc: PtyProcess, key: bytes, marker: bytes, rest: float, timeout: float) -> float | None:
    """Seconds from writing ``key`` to the last byte of its whole answer: ``marker`` drawn after
    the key, then the output resting for ``rest`` seconds (a part drawn a frame later counts).
    None if the marker never came or the output never rested within ``timeout``."""
    start = len(proc.output)
    sent = time.perf_counter()
    proc.send(key)
    seen = proc.wait_for(marker, timeout, start=start)
    if seen is None:
        return None
    last = proc.last_byte_before_rest(rest, timeout, last=seen)
    return None if last is None else last - sent


# ---------------------------------------------------------------- the other people on a server
#
# server_ssh.py and server_web.py measure one person's session while many others idle, play and
# arrive; those others run in a process of their own (as their own clients would), driven step by
# step over its stdin by the measuring process. The steps and the loop that takes them are the
# same for SSH sessions and browser tabs: only how a client opens differs.


class Client:
    """One other person's open session: ``chan`` takes keys (``write``), ``sink`` keeps what the
    screen was sent (``seen``, ``wait_for``), ``close`` leaves (a function or a coroutine function)."""

    def __init__(self, chan: Any, sink: Any, close: Any) -> None:
        self.chan, self.sink, self._close = chan, sink, close

    async def close(self) -> None:
        closing = self._close()
        if closing is not None:
            await closing


class Others:
    """The process the other people live in (``drive_others`` there), moved on step by step."""

    def __init__(self, process: Any) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process, self.stdin, self.stdout = process, process.stdin, process.stdout

    @classmethod
    async def start(cls, *argv: str) -> Others:
        """``python ARGV...``: a benchmark script run as the others' process."""
        import asyncio

        process = await asyncio.create_subprocess_exec(
            sys.executable, *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        return cls(process)

    async def step(self, say: str | None, expect: str) -> list[str]:
        """Tell the others to go on (``say``), and wait until they report ``expect``; the rest of
        their answer's words."""
        if say:
            self.stdin.write(say.encode() + b"\n")
            await self.stdin.drain()
        words = (await self.stdout.readline()).decode().split()
        if not words or words[0] != expect:
            raise RuntimeError(f"the others' process said {words} instead of {expect!r}")
        return words[1:]

    async def end(self) -> None:
        """The others stop playing and leave."""
        if self.process.returncode is None:
            self.stdin.close()
            await self.process.wait()


async def drive_others(open_client: Any, play: Any, tables: dict[str, bytes], idle: int) -> None:
    """The other people on the server, step by step as the measuring process asks on stdin:

    - "idle": ``idle`` clients open (ten at a time, as people arrive) and stay where
      ``open_client(name, idle=True)`` leaves them;
    - "warm": one client plays War three seconds and leaves (what every game shares is then made);
    - "play GAME N": N clients play GAME (more sit down; for another game, those playing leave
      first); answers "dealt SECONDS ADDED" once every new table shows ``tables[GAME]``;
    - "turns": answers the moves made so far.

    Each step answers with its name. All play until stdin closes, then leave. ``open_client(name,
    idle=False)`` opens a client on the menu of games; ``play(chan, stop, game, turns)`` plays."""
    import asyncio

    loop = asyncio.get_running_loop()
    clients: list[Client] = []
    players: list[Client] = []  # those playing the game now
    table_stop, tables_played, now_game = asyncio.Event(), [], None
    turns = [0]
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        asked, *words = line.split()
        if asked == "idle":
            for start in range(0, idle, 10):
                clients += await asyncio.gather(
                    *(open_client(f"idle{i}", idle=True) for i in range(start, min(start + 10, idle)))
                )
            print("idle", flush=True)
        elif asked == "warm":
            warm = await open_client("warm", idle=False)
            warmed = asyncio.Event()
            warming = asyncio.ensure_future(play(warm.chan, warmed))
            await asyncio.sleep(3.0)
            warmed.set()
            await warming
            await warm.close()  # (the moves measured are those counted: this table would play uncounted)
            print("warm", flush=True)
        elif asked == "play":
            game, size = words[0], int(words[1])
            if game != now_game and players:  # another game: those playing leave
                table_stop.set()
                await asyncio.gather(*tables_played)
                for client in players:
                    await client.close()
                players, tables_played, table_stop = [], [], asyncio.Event()
                await asyncio.sleep(2.0)
            now_game = game
            new = [await open_client(f"{game}{i}", idle=False) for i in range(len(players), size)]
            players += new
            marks = [len(client.sink.seen) for client in new]
            dealing = time.monotonic()
            tables_played += [asyncio.ensure_future(play(client.chan, table_stop, game, turns)) for client in new]
            await asyncio.gather(*(client.sink.wait_for(tables[game], mark) for client, mark in zip(new, marks)))
            print(f"dealt {time.monotonic() - dealing:.1f} {len(new)}", flush=True)
        elif asked == "turns":
            print(f"turns {turns[0]}", flush=True)
    table_stop.set()
    await asyncio.gather(*tables_played)
    await asyncio.gather(*(client.close() for client in clients + players), return_exceptions=True)


async def crowd_arrives(open_client: Any, count: int) -> None:
    """Open ``count`` clients at once, say how many reached their first screen (connected) once
    each has or has given up, and keep them until stdin closes."""
    import asyncio

    opened = await asyncio.gather(*(open_client(f"crowd{i}") for i in range(count)), return_exceptions=True)
    came = [client for client in opened if not isinstance(client, BaseException)]
    print(len(came), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await asyncio.gather(*(client.close() for client in came), return_exceptions=True)


def server_benchmark_parser(doc: str) -> argparse.ArgumentParser:
    """The options server_ssh.py and server_web.py share; each adds its own."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="20 idle, 4 playing, 10 arriving, 50 presses (unless named)"
    )
    parser.add_argument("--idle", type=int, default=100)
    parser.add_argument("--crowd", type=int, default=40)
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument(
        "--idle-seconds",
        type=float,
        default=35.0,
        help="how long idle CPU is measured (at least the keepalive interval, 30 s)",
    )
    parser.add_argument("--max-starting", type=int, default=1, help="the server's --max-starting")
    parser.add_argument("--crowd-of", type=int, help=argparse.SUPPRESS)  # (the crowd's own process)
    parser.add_argument("--others-of", type=int, help=argparse.SUPPRESS)  # (IDLE: the others' own process)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    return parser


def server_benchmark_args(
    parser: argparse.ArgumentParser, crowd_of: Any, others_of: Any, quick: dict[str, Any]
) -> argparse.Namespace | None:
    """The options given, for the whole benchmark; None once this process has run as one of its
    helper processes instead (the crowd, the others). ``--quick`` sets ``quick``'s values where
    the command line left the default (what it names itself stays)."""
    import asyncio

    args = parser.parse_args()
    if args.crowd_of is not None:  # (0 is a crowd of none: never the whole benchmark again)
        asyncio.run(crowd_of(args.port, args.crowd_of))
        return None
    if args.others_of is not None:
        asyncio.run(others_of(args.port, args.others_of))
        return None
    if args.quick:
        quick_values(parser, args, quick)
    return args


def quick_values(parser: argparse.ArgumentParser, args: argparse.Namespace, quick: dict[str, Any]) -> None:
    """``--quick``: ``quick``'s values where the command line left the default (what it names
    itself stays)."""
    for option, value in quick.items():
        if getattr(args, option) == parser.get_default(option):
            setattr(args, option, value)
