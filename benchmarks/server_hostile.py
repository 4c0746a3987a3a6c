"""A bystander's key-to-screen latency while one client attacks the server, and the loop's pauses.

    python benchmarks/server_hostile.py [--quick] [--only none,keys,web,sizes,churn] [--source DIR] [--out NAME]

The server runs as its own process (``cardarcade serve ssh --auth open --port 0 --web-port 0``,
its folders temporary) through ``_watched_server.py``, so that the checkout ``--source DIR`` names
(e.g. a ``git worktree`` of an older commit) is measured with the same loop watchdog, whose
"loop paused N ms" lines (any lateness over 50 ms of a timer due every 10 ms) are read from the
server's log. The bystander is an SSH session on the menu in this process, moving up and down as
``server_ssh.py``'s measured player does: a key's time runs from writing it to the arrival of the
bytes that draw the newly chosen game's summary line. Each attacker is a process of its own. The
phases, one after another, with a pause for the server to settle between them:

- none: no attack (the reference);
- keys: an SSH client sends 20 KB of keys as its session opens (before its app is up), then keys
  as fast as the server reads them, in writes of 64 KB; dropped, it connects again;
- web: a page's websocket sends 30 messages of 60 KB of keys at once, then more as fast as the
  server reads them; dropped, it connects again;
- sizes: an SSH client at the largest size the server draws (200x60: a larger terminal is drawn
  at that size, so flapping beyond it changes nothing) makes its terminal one column narrower or
  wider every 20 ms, reading all it is sent (``--flap-size 1000x500`` measures an older checkout
  at the old cap);
- churn: 40 SSH sessions, each in the lobby for 5-20 s, then on the menu for 15-40 s, then gone
  and replaced by a new one (about one ending and one starting a second), for 5 minutes.

Targets: the bystander's p99 during each attack at most 3 times its p99 with none; no loop pause
over 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import asyncssh

import _common
from server_ssh import LOBBY, MENU, SUMMARIES, Sink, _fmt, cpu_seconds, open_session

DOWN, UP = b"\x1b[B", b"\x1b[A"
KEY_PATIENCE = 120.0  # seconds a bystander's key may take before the run gives up on it
PAUSE_LINE = re.compile(r"loop paused (\d+) ms(?: \(the longest of (\d+) pauses)?")
FLOOD_TOLD = b"faster than the arcade could take them"
PHASES = ("none", "keys", "web", "sizes", "churn")


class ServerLog:
    """The server's stderr, each line with when it arrived (for the pauses of each phase)."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self.lines: list[tuple[float, str]] = []
        self._stream = stream
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while line := await self._stream.readline():
            self.lines.append((time.monotonic(), line.decode("utf-8", "replace").rstrip()))

    async def wait_for(self, pattern: str, timeout: float = 60.0) -> re.Match:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for _, line in self.lines:
                if found := re.search(pattern, line):
                    return found
            await asyncio.sleep(0.05)
        raise RuntimeError(f"the server never said {pattern!r}:\n" + "\n".join(line for _, line in self.lines))

    def pauses(self, start: float, end: float) -> dict:
        """The pauses over 50 ms logged between ``start`` and ``end`` (a line comes up to a second
        after the pauses it stands for)."""
        count, longest = 0, 0
        for at, line in self.lines:
            if start <= at <= end + 1.2 and (found := PAUSE_LINE.search(line)):
                count += int(found.group(2) or 1)
                longest = max(longest, int(found.group(1)))
        return {"pauses_over_50ms": count, "longest_pause_ms": longest}


class Whole(Sink):
    """The bystander's terminal: everything it was sent is kept (server_ssh's Sink drops the
    oldest bytes past a megabyte, which moves the offsets a key's answer is looked for after;
    a thousand keys' answers are a few megabytes)."""

    def data_received(self, data: bytes, datatype) -> None:
        self.seen += data
        self.changed.set()


async def open_bystander(port: int) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel, Whole]:
    """The bystander's session, on the menu."""
    conn = await asyncssh.connect(
        "127.0.0.1", port, username="bystander", known_hosts=None, client_keys=None, encoding=None
    )
    sink = Whole()
    chan, _ = await conn.create_session(lambda: sink, term_type="xterm-256color", term_size=(80, 24), encoding=None)
    await sink.wait_for(LOBBY)
    since = len(sink.seen)
    chan.write(b"m")  # from the lobby to the menu of solo games
    await sink.wait_for(MENU, since)
    return conn, chan, sink


async def press(chan: asyncssh.SSHClientChannel, sink: Sink, chosen: int) -> tuple[float, int]:
    """One key of the bystander (down or up, as ``chosen`` says where the cursor is); its seconds
    to the screen and where the cursor is now."""
    key, chosen = (DOWN, 1) if chosen == 0 else (UP, 0)
    since = len(sink.seen)
    start = time.perf_counter()
    chan.write(key)
    try:
        await sink.wait_for(SUMMARIES[chosen], since, timeout=KEY_PATIENCE)
    except TimeoutError:
        raise RuntimeError(
            f"the bystander's key was not answered in {KEY_PATIENCE:g} s; since it: "
            f"{bytes(sink.seen[since:])[-2000:]!r}"
        ) from None
    return time.perf_counter() - start, chosen


async def bystander_for(seconds: float, chan: asyncssh.SSHClientChannel, sink: Sink) -> list[float]:
    out: list[float] = []
    chosen = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end or len(out) < 10:
        await asyncio.sleep(random.uniform(0.05, 0.15))
        took, chosen = await press(chan, sink, chosen)
        out.append(took)
    if chosen == 1:  # back to the first game, as every phase starts
        await press(chan, sink, chosen)
    return out


async def settle(pid: int, quiet: float = 1.0, most: float = 60.0) -> None:
    """Until the server has used almost no CPU for ``quiet`` seconds."""
    end = time.monotonic() + most
    while time.monotonic() < end:
        before = cpu_seconds(pid)
        await asyncio.sleep(quiet)
        if cpu_seconds(pid) - before < 0.05 * quiet:
            return


async def measure(args: argparse.Namespace) -> dict:
    home = tempfile.mkdtemp(prefix="cardarcade-bench-")
    source = args.source.resolve() if args.source else _common.REPO_DIR
    env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home, "PYTHONPATH": str(source)}
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        str(_common.BENCH_DIR / "_watched_server.py"),
        "serve",
        "ssh",
        "--auth",
        "open",
        "--port",
        "0",
        "--web-port",
        "0",
        "--max-sessions",
        "200",
        "--per-address",
        "200",
        env=env,
        cwd=str(source),
        stderr=asyncio.subprocess.PIPE,
    )
    assert server.stderr is not None
    log = ServerLog(server.stderr)
    results: dict = {"source": str(source), "quick": args.quick, "flap_size": args.flap_size, "phases": {}}
    try:
        port = int((await log.wait_for(r"serving SSH on [^ ]*:(\d+),")).group(1))
        web_port = int((await log.wait_for(r"browser page on http://[^ ]*:(\d+)/")).group(1))
        results["cardarcade_from"] = (await log.wait_for(r"bench: cardarcade from (.*)")).group(1)
        print(f"server: cardarcade from {results['cardarcade_from']}, SSH port {port}, web port {web_port}")
        conn, chan, sink = await open_bystander(port)
        await settle(server.pid)
        reference = None
        for phase in args.only:
            seconds = args.churn_seconds if phase == "churn" else args.seconds
            attacker = None
            if phase != "none":
                attacker = await asyncio.create_subprocess_exec(
                    sys.executable,
                    __file__,
                    "--attack",
                    phase,
                    "--port",
                    str(port),
                    "--web-port",
                    str(web_port),
                    "--flap-size",
                    args.flap_size,
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                )
                assert attacker.stdout is not None and attacker.stdin is not None
                ready = (await asyncio.wait_for(attacker.stdout.readline(), 120)).decode().strip()
                if ready != "ready":
                    raise RuntimeError(f"the {phase} attacker said {ready!r}")
            start = time.monotonic()
            took = await bystander_for(seconds, chan, sink)
            end = time.monotonic()
            report: dict = {}
            if attacker is not None:
                attacker.stdin.close()
                report = json.loads((await attacker.stdout.readline()).decode() or "{}")
                await attacker.wait()
            await settle(server.pid)
            await asyncio.sleep(1.5)  # the watchdog's last line for the phase
            figures = {
                "seconds": round(end - start, 1),
                "latency_ms": _common.summary_ms(took),
                **log.pauses(start, end),
                "attacker": report,
            }
            if phase == "none":
                reference = figures["latency_ms"]["p99"]
            elif reference:
                figures["p99_vs_none"] = round(figures["latency_ms"]["p99"] / reference, 2)
            results["phases"][phase] = figures
            ratio = f", p99 {figures['p99_vs_none']:.2f}x none's" if "p99_vs_none" in figures else ""
            print(
                f"{phase:>6}: {_fmt(figures['latency_ms'])}{ratio}; loop pauses over 50 ms: "
                f"{figures['pauses_over_50ms']} (longest {figures['longest_pause_ms']} ms)"
                + (f"; attacker: {report}" if report else ""),
                flush=True,
            )
        conn.close()
    finally:
        if server.returncode is None:
            server.terminate()
            await server.wait()
        log.reader.cancel()
        if args.server_log:
            args.server_log.write_text("".join(f"{at:.3f} {line}\n" for at, line in log.lines))
    return results


# ---------------------------------------------------------------- the attackers (each its own process)


async def attack(kind: str, port: int, web_port: int, flap_size: tuple[int, int]) -> None:
    """Attack until stdin closes, say "ready" once under way, then a line of JSON: what happened."""
    stop = asyncio.Event()
    report: dict = {}
    loop = asyncio.get_running_loop()
    loop.run_in_executor(None, sys.stdin.read).add_done_callback(lambda _: loop.call_soon_threadsafe(stop.set))
    work = {"keys": flood_keys, "web": flood_web, "sizes": partial(flap_sizes, size=flap_size), "churn": churn}[kind]
    task = asyncio.ensure_future(work(port, web_port, report, stop))
    await stop.wait()
    task.cancel()
    try:
        await task
    except (asyncio.CancelledError, Exception) as exc:  # (an attacker's failure is reported, not raised)
        if not isinstance(exc, asyncio.CancelledError):
            report["error"] = repr(exc)
    report.pop("_ready", None)
    print(json.dumps(report), flush=True)


def _ready(report: dict) -> None:
    if not report.get("_ready"):
        report["_ready"] = True
        print("ready", flush=True)


class Counter(asyncssh.SSHClientSession):
    """A client's terminal that keeps the tail of what it was sent, and counts the rest."""

    def __init__(self) -> None:
        self.received = 0
        self.tail = bytearray()
        self.lobby = False  # the lobby was drawn (the session's first screen)
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype) -> None:
        self.received += len(data)
        self.lobby = self.lobby or LOBBY in self.tail[-16:] + data
        self.tail = (self.tail + data)[-4096:]

    def connection_lost(self, exc) -> None:
        self.closed.set()


async def flood_keys(port: int, _web_port: int, report: dict, stop: asyncio.Event) -> None:
    report.update(sessions=0, bytes_taken=0, dropped_and_told=0, dropped_untold=0)
    while not stop.is_set():
        conn = await asyncssh.connect(
            "127.0.0.1", port, username="flooder", known_hosts=None, client_keys=None, encoding=None
        )
        counter = Counter()
        chan, _ = await conn.create_session(
            lambda: counter, term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        report["sessions"] += 1
        try:
            chan.write(b"z" * 20_000)  # before the app is up
            _ready(report)
            sent = 20_000
            while not counter.closed.is_set():
                if chan.get_write_buffer_size() < 65536:  # (what the server has not taken waits here)
                    chan.write(b"z" * 65536)
                    sent += 65536
                await asyncio.sleep(0.005)
        except (asyncssh.Error, OSError):
            pass
        finally:
            report["bytes_taken"] += sent - chan.get_write_buffer_size()
            conn.close()
        told = FLOOD_TOLD in counter.tail
        report["dropped_and_told" if told else "dropped_untold"] += 1


async def flood_web(_port: int, web_port: int, report: dict, stop: asyncio.Event) -> None:
    import aiohttp

    report.update(tabs=0, messages_taken=0, closed_and_told=0, closed_untold=0)
    message = json.dumps(["stdin", "z" * 60_000])
    async with aiohttp.ClientSession() as http:
        while not stop.is_set():
            socket = await http.ws_connect(f"http://127.0.0.1:{web_port}/ws/webflooder?width=80&height=24")
            report["tabs"] += 1
            tail = bytearray()

            async def read() -> None:
                nonlocal tail
                async for incoming in socket:
                    if incoming.type is aiohttp.WSMsgType.BINARY:
                        tail = (tail + incoming.data)[-4096:]

            reader = asyncio.ensure_future(read())
            try:
                for _ in range(30):  # at once
                    await socket.send_str(message)
                    report["messages_taken"] += 1
                _ready(report)
                while not socket.closed and not reader.done():
                    await socket.send_str(message)
                    report["messages_taken"] += 1
            except (ConnectionError, RuntimeError, aiohttp.ClientError):
                pass
            finally:
                await socket.close()
                reader.cancel()
            told = FLOOD_TOLD in tail
            report["closed_and_told" if told else "closed_untold"] += 1


async def flap_sizes(
    port: int, _web_port: int, report: dict, stop: asyncio.Event, size: tuple[int, int] = (1000, 500)
) -> None:
    width, height = size
    conn = await asyncssh.connect(
        "127.0.0.1", port, username="flapper", known_hosts=None, client_keys=None, encoding=None
    )
    counter = Counter()
    chan, _ = await conn.create_session(lambda: counter, term_type="xterm-256color", term_size=size, encoding=None)
    report.update(sizes_sent=0, bytes_received=0)
    try:
        while not counter.lobby and not counter.closed.is_set():
            await asyncio.sleep(0.05)
        _ready(report)
        start = counter.received
        while not counter.closed.is_set():
            report["sizes_sent"] += 1
            chan.change_terminal_size(width - report["sizes_sent"] % 2, height)
            await asyncio.sleep(0.02)
    finally:
        report["bytes_received"] = counter.received - start
        report["dropped"] = counter.closed.is_set()
        conn.close()


async def churn(port: int, _web_port: int, report: dict, stop: asyncio.Event, sessions: int = 40) -> None:
    report.update(sessions_started=0, sessions_failed=0)

    async def life(number: int) -> None:
        while True:
            try:
                conn, chan, sink = await open_session(port, f"churn{number}", menu=False)
            except (TimeoutError, asyncssh.Error, OSError):
                report["sessions_failed"] += 1
                await asyncio.sleep(1.0)
                continue
            report["sessions_started"] += 1
            try:
                await asyncio.sleep(random.uniform(5, 20))
                chan.write(b"m")
                await asyncio.sleep(random.uniform(15, 40))
            finally:
                conn.close()

    lives = [asyncio.ensure_future(life(n)) for n in range(sessions)]
    _ready(report)
    try:
        await asyncio.gather(*lives)
    finally:
        for each in lives:
            each.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 s a phase, 30 s of churn")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of each phase but churn")
    parser.add_argument("--churn-seconds", type=float, default=300.0)
    parser.add_argument("--only", default=",".join(PHASES), help="phases to run, in order (none first)")
    parser.add_argument("--source", type=Path, help="a checkout to run the server from instead")
    parser.add_argument("--out", default="server_hostile", help="results/NAME.json")
    parser.add_argument("--server-log", type=Path, help="write the server's log (stderr) here")
    parser.add_argument("--flap-size", default="200x60", help="WIDTHxHEIGHT the size flapper starts from")
    parser.add_argument("--attack", choices=PHASES[1:], help=argparse.SUPPRESS)  # (an attacker's own process)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--web-port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        asyncio.run(attack(args.attack, args.port, args.web_port, tuple(map(int, args.flap_size.split("x")))))
        return
    args.only = [phase.strip() for phase in args.only.split(",") if phase.strip()]
    if unknown := set(args.only) - set(PHASES):
        parser.error(f"unknown phases: {', '.join(sorted(unknown))}")
    if args.quick:
        args.seconds, args.churn_seconds = 10.0, 30.0
    results = asyncio.run(measure(args))
    path = _common.write_results(args.out, results)
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
