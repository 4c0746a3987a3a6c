"""What SSH sessions cost the server: memory per idle session and per session in a game, idle CPU,
and one more player's key-to-screen latency while others idle, play, and arrive in a crowd.

    python benchmarks/server_ssh.py [--quick] [--idle N] [--playing M] [--crowd C] [--presses P]

The server runs as its own process (``cardarcade serve ssh --auth open --port 0``, host key in
a temporary folder); every client is asyncssh, all on 127.0.0.1: the measured player in this
process, the others (idle and playing) in one process of their own and the crowd in another, as
each person's ssh client would be (a client loop busy with twenty games' screens would delay the
measured player's bytes, and that delay is the client's, not the server's). Memory is the
server's resident set (VmRSS) before and after; CPU is its user+system time over a quiet
stretch (while playing: once every game is dealt, so that the burst of setting up twenty games
at one moment is not taken for their play). Latency: the measured player moves up and down the
menu; a key's time runs from writing it to the arrival of the bytes that draw the newly chosen
game's summary line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sys
import tempfile
import time

import asyncssh

import _common

DOWN, UP = b"\x1b[B", b"\x1b[A"
LOBBY = b"\xc2\xb7 online ("  # the lobby's first line, where a session opens
MENU = b"Pick a game"
# Words of the menu's summary line for its first two games (the title before them is drawn bold,
# with style codes around it).
CROWD_PATIENCE = 60.0  # seconds a client of the crowd waits for the lobby
SUMMARIES = [b"high card takes them", b"Turn cards onto one pile"]
WAR_TABLE = b"Turn card"  # War's key in the footer: the game screen is up


class Sink(asyncssh.SSHClientSession):
    """A client's terminal that keeps only what the benchmark looks for."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.changed = asyncio.Event()

    def data_received(self, data: bytes, datatype) -> None:
        self.seen += data
        if len(self.seen) > 1 << 20:
            del self.seen[: len(self.seen) - (1 << 16)]
        self.changed.set()

    async def wait_for(self, needle: bytes, since: int = 0, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while needle not in self.seen[since:]:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.monotonic()))


async def open_session(
    port: int, name: str, patience: float = 60.0, menu: bool = True
) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel, Sink]:
    """A session on the lobby, then (``menu``) on the menu of games to play alone."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, client_keys=None, encoding=None)
    sink = Sink()
    chan, _ = await conn.create_session(lambda: sink, term_type="xterm-256color", term_size=(80, 24), encoding=None)
    try:
        await sink.wait_for(LOBBY, timeout=patience)
        if menu:
            since = len(sink.seen)
            chan.write(b"m")  # from the lobby to the menu of solo games
            await sink.wait_for(MENU, since, timeout=patience)
    except BaseException:
        conn.close()
        raise
    return conn, chan, sink


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def settle(pid: int, quiet: float = 1.0, most: float = 30.0) -> None:
    """Until the server has used almost no CPU for ``quiet`` seconds (sessions done starting)."""
    end = time.monotonic() + most
    while time.monotonic() < end:
        before = cpu_seconds(pid)
        await asyncio.sleep(quiet)
        if cpu_seconds(pid) - before < 0.02 * quiet:
            return


async def play(chan: asyncssh.SSHClientChannel, stop: asyncio.Event) -> None:
    """A person playing War against a bot: a card turned every 0.3-0.6 s."""
    chan.write(b"\r")  # War's setup
    await asyncio.sleep(1.0)
    chan.write(b"\x1b[15~")  # f5: start
    while not stop.is_set():
        await asyncio.sleep(random.uniform(0.3, 0.6))
        try:
            chan.write(b"\r")
        except BrokenPipeError:
            return


async def latencies(chan: asyncssh.SSHClientChannel, sink: Sink, presses: int) -> list[float]:
    out: list[float] = []
    chosen = 0
    for _ in range(presses):
        await asyncio.sleep(random.uniform(0.05, 0.15))
        key, chosen = (DOWN, 1) if chosen == 0 else (UP, 0)
        since = len(sink.seen)
        start = time.perf_counter()
        chan.write(key)
        await sink.wait_for(SUMMARIES[chosen], since)
        out.append(time.perf_counter() - start)
    return out


async def measure(args: argparse.Namespace) -> dict:
    home = tempfile.mkdtemp(prefix="cardarcade-bench-")
    env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}
    total = args.idle + args.playing + args.crowd + 3
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cardarcade.cli",
        "serve",
        "ssh",
        "--auth",
        "open",
        "--port",
        "0",
        "--max-sessions",
        str(total),
        "--per-address",
        str(total),
        "--max-starting",
        str(args.max_starting),
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    assert server.stderr is not None
    port = int(re.search(rb":(\d+),", await server.stderr.readline()).group(1))
    drain = asyncio.ensure_future(server.stderr.read())  # the server's log, not to block it
    pid = server.pid
    results: dict = {
        "idle_sessions": args.idle,
        "playing_sessions": args.playing,
        "crowd": args.crowd,
        "max_starting": args.max_starting,
    }
    # The others on the server (idle and playing) connect from a process of their own, as their
    # own ssh clients would: their screens arriving must not delay this process's loop, where
    # the measured player's bytes arrive and are timed.
    others = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--others-of",
        f"{args.idle},{args.playing}",
        "--port",
        str(port),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert others.stdin is not None and others.stdout is not None

    async def step(say: str | None, expect: str) -> list[str]:
        """Tell the others' process to go on (``say``), and wait until it reports ``expect``."""
        if say:
            others.stdin.write(say.encode() + b"\n")
            await others.stdin.drain()
        words = (await others.stdout.readline()).decode().split()
        if not words or words[0] != expect:
            raise RuntimeError(f"the others' process said {words} instead of {expect!r}")
        return words[1:]

    try:
        # One session first: what every session shares (themes, parsed CSS, imported modules)
        # is then counted in the baseline, not in the sessions.
        first = await open_session(port, "first")
        await settle(pid)
        base = rss_kib(pid)
        await step("idle", "idle")  # ten at a time, as people arrive
        await settle(pid)
        per_idle = (rss_kib(pid) - base) / max(1, args.idle)
        results["memory_per_idle_session_mib"] = round(per_idle / 1024, 3)
        print(f"memory per idle session: {per_idle / 1024:.2f} MiB ({args.idle} sessions; target <= 2 MiB)")

        before, t0 = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(args.idle_seconds)
        idle_cpu = 100 * (cpu_seconds(pid) - before) / (time.monotonic() - t0)
        results["idle_cpu_percent_of_a_core"] = round(idle_cpu, 3)
        print(
            f"idle CPU with {args.idle + 1} sessions: {idle_cpu:.2f}% of a core over {args.idle_seconds:g} s "
            "(target < 1%)"
        )

        # Likewise one game first: the rules, the table and the bots load once per process.
        await step("warm", "warm")
        base = rss_kib(pid)
        # Twenty games set up and dealt at one moment are a burst of their own (screens built,
        # styled and laid out): what is measured below is the play that follows, once every table is up.
        dealt = await step("play", "dealt")
        results["seconds_until_every_game_is_dealt"] = float(dealt[0])
        print(f"{args.playing} games set up and dealt at once: all on the table after {dealt[0]} s")
        await asyncio.sleep(3.0)
        per_game = (rss_kib(pid) - base) / max(1, args.playing)
        results["memory_per_session_in_a_game_mib"] = round(per_game / 1024, 3)
        print(f"memory per session in a game (War against a bot): {per_game / 1024:.2f} MiB")

        before, t0 = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(5.0)
        busy = 100 * (cpu_seconds(pid) - before) / (time.monotonic() - t0)
        results["cpu_percent_of_a_core_while_playing"] = round(busy, 1)
        print(f"server CPU with {args.playing} sessions playing: {busy:.0f}% of a core")

        _, chan, sink = first
        steady = await latencies(chan, sink, args.presses)
        results["latency_ms"] = _common.summary_ms(steady)
        print(
            f"key to screen, {args.idle} idle + {args.playing} playing: "
            f"{_fmt(results['latency_ms'])} (target p99 <= 50 ms)"
        )

        if args.crowd:
            # The crowd connects from another process: its own key exchanges and screens must not
            # weigh on this one's loop, where the measured player's bytes arrive.
            crowd = await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "--crowd-of",
                str(args.crowd),
                "--port",
                str(port),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
            assert crowd.stdout is not None and crowd.stdin is not None
            arrived = asyncio.ensure_future(crowd.stdout.readline())
            during: list[float] = []
            crowd_start = time.monotonic()
            while not arrived.done():
                during += await latencies(chan, sink, 2)
            results["crowd_seconds_until_all_in_the_lobby"] = round(time.monotonic() - crowd_start, 1)
            came = int((arrived.result().split() or [b"0"])[0])  # how many of the crowd reached the lobby
            results["crowd_in_the_lobby"] = came
            results["latency_while_crowd_connects_ms"] = _common.summary_ms(during)
            print(
                f"key to screen while {args.crowd} clients connect at once: "
                f"{_fmt(results['latency_while_crowd_connects_ms'])} (target p99 <= 150 ms)"
            )
            print(
                f"the crowd in the lobby: {came} of {args.crowd} after "
                f"{results['crowd_seconds_until_all_in_the_lobby']:g} s"
                + ("" if came == args.crowd else f" (MISSED: the others waited {CROWD_PATIENCE:g} s and gave up)")
            )
            crowd.stdin.close()
            await crowd.wait()
        first[0].close()
    finally:
        if others.returncode is None:
            others.stdin.close()  # the others stop playing and leave
            await others.wait()
        server.terminate()
        await server.wait()
        drain.cancel()
    return results


async def others_of(port: int, idle: int, playing: int) -> None:
    """The other people on the server, in their own process, step by step as the measuring
    process asks on stdin: "idle" opens ``idle`` sessions (ten at a time) on the menu; "warm"
    starts one game of War and plays it three seconds; "play" opens ``playing`` sessions, each
    playing War against a bot, and answers "dealt SECONDS" once every game is on the table.
    Each step answers with its name; they play until stdin closes, then leave."""
    loop = asyncio.get_running_loop()
    sessions: list = []
    stop = asyncio.Event()
    playing_now: list[asyncio.Future] = []
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        asked = line.strip()
        if asked == "idle":
            for start in range(0, idle, 10):
                sessions += await asyncio.gather(
                    *(open_session(port, f"idle{i}") for i in range(start, min(start + 10, idle)))
                )
            print("idle", flush=True)
        elif asked == "warm":
            warm = await open_session(port, "warm")
            sessions.append(warm)
            playing_now.append(asyncio.ensure_future(play(warm[1], stop)))
            await asyncio.sleep(3.0)
            print("warm", flush=True)
        elif asked == "play":
            players = [await open_session(port, f"play{i}") for i in range(playing)]
            sessions += players
            marks = [len(sink.seen) for _, _, sink in players]
            dealing = time.monotonic()
            playing_now += [asyncio.ensure_future(play(chan, stop)) for _, chan, _ in players]
            await asyncio.gather(*(sink.wait_for(WAR_TABLE, mark) for (_, _, sink), mark in zip(players, marks)))
            print(f"dealt {time.monotonic() - dealing:.1f}", flush=True)
    stop.set()
    await asyncio.gather(*playing_now)
    for conn, _, _ in sessions:
        conn.close()


async def crowd_of(port: int, count: int) -> None:
    """Connect ``count`` clients at once, say how many reached the lobby (a session's first
    screen: connected) once each has or has given up (after ``CROWD_PATIENCE`` seconds), and keep
    them until stdin closes."""
    sessions = await asyncio.gather(
        *(open_session(port, f"crowd{i}", CROWD_PATIENCE, menu=False) for i in range(count)), return_exceptions=True
    )
    came = [s for s in sessions if not isinstance(s, BaseException)]
    print(len(came), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for conn, _, _ in came:
        conn.close()


def _fmt(summary: dict) -> str:
    return (
        f"median {summary['median']:.1f} ms, p99 {summary['p99']:.1f} ms, max {summary['max']:.1f} ms "
        f"(n={summary['n']})"
    )


def main(name: str = "server_ssh", measure=measure, crowd_of=crowd_of, doc: str = __doc__) -> None:
    """The command line of this benchmark, and of server_web.py with its own ``measure``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 idle, 4 playing, 10 arriving, 50 presses")
    parser.add_argument("--idle", type=int, default=100)
    parser.add_argument("--playing", type=int, default=20)
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
    parser.add_argument("--others-of", help=argparse.SUPPRESS)  # (IDLE,PLAYING: the others' own process)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.crowd_of is not None:  # (0 is a crowd of none: never the whole benchmark again)
        asyncio.run(crowd_of(args.port, args.crowd_of))
        return
    if args.others_of:
        idle, playing = map(int, args.others_of.split(","))
        asyncio.run(others_of(args.port, idle, playing))
        return
    if args.quick:
        args.idle, args.playing, args.crowd, args.presses, args.idle_seconds = 20, 4, 10, 50, 5.0
    results = asyncio.run(measure(args))
    path = _common.write_results(name, results)
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
