"""What SSH sessions cost the server: memory per idle session and per session in a game, idle CPU,
and one more player's key-to-screen latency while others idle, play, and arrive in a crowd.

    python benchmarks/server_ssh.py [--quick] [--idle N] [--playing 20,80,150] [--game war,slapjack,schnapsen]
                                    [--crowd C] [--presses P] [--profile FILE] [--server-log FILE]

The server runs as its own process (``cardarcade serve ssh --auth open --port 0``, host key in
a temporary folder); every client is asyncssh, all on 127.0.0.1: the measured player in this
process, the others (idle and playing) in one process of their own and the crowd in another, as
each person's ssh client would be (a client loop busy with twenty games' screens would delay the
measured player's bytes, and that delay is the client's, not the server's). Memory is the
server's resident set (VmRSS) before and after; CPU is its user+system time over a quiet
stretch (while playing: once every game is dealt, so that the burst of setting up twenty games
at one moment is not taken for their play). Latency: the measured player moves up and down the
menu; a key's time runs from writing it to the arrival of the bytes that draw the newly chosen
game's summary line. At each size of the people playing (and each game): the CPU per move per
watching screen, beside the CPU a bare Textual app spends answering one key (``_bare_app.py``
through a pty) in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
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
PLAY_SECONDS = 8.0  # how long the server's CPU is measured at each size of the people playing
CROWD_PATIENCE = 60.0  # seconds a client of the crowd waits for the lobby
SUMMARIES = [b"high card takes them", b"Turn cards onto one pile"]
# The headline of War's table as it is dealt: the game screen is up (its footer's "Turn card" is
# also in War's summary, "Turn cards together", on the menu and the set-up).
WAR_TABLE = b"Turn your cards!"


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


# The games the others play (``--game``): where the game is on the menu (keys down from War), what
# shows its table is up, and a person's move (keys, then the key that plays; counted as a turn).
GAMES = {
    "war": (0, WAR_TABLE, (b"\r",)),
    "slapjack": (1, b"Slap", (b"\r",)),
    "schnapsen": (22, b"game pts", (b"\x1b[D", b"\x1b[C", b"\r")),
}
TURNS = {"war": "War turn", "slapjack": "Slapjack card turned by the person", "schnapsen": "Schnapsen card played"}


async def play(
    chan: asyncssh.SSHClientChannel, stop: asyncio.Event, game: str = "war", turns: list[int] | None = None
) -> None:
    """A person playing ``game`` against bots from the menu: War, a card turned every 0.3-0.6 s;
    Slapjack, enter (a card turned when it is their turn) as often; Schnapsen, an arrow then enter
    (the card under the cursor played, if it may be) every 0.6-1.2 s. ``turns`` counts the moves."""
    downs, _, keys = GAMES[game]
    chan.write(DOWN * downs + b"\r")  # the game's setup
    await asyncio.sleep(1.0)
    chan.write(b"\x1b[15~")  # f5: start
    pace = (0.6, 1.2) if game == "schnapsen" else (0.3, 0.6)
    while not stop.is_set():
        await asyncio.sleep(random.uniform(*pace))
        try:
            if len(keys) > 1:
                chan.write(random.choice(keys[:-1]))
            chan.write(keys[-1])
        except BrokenPipeError:
            return
        if turns is not None:
            turns[0] += 1


async def latencies(chan: asyncssh.SSHClientChannel, sink: Sink, presses: int) -> list[float]:
    """``presses`` keys on the menu, down to the second game and up to the first in turn, each
    timed to its summary on the screen. The cursor is left on the first game, where it began:
    after an odd count, one more press takes it back (not timed). (A call that left it on the
    second made the next call's down reach the third, whose summary never came.)"""
    out: list[float] = []
    chosen = 0
    for n in range(presses + presses % 2):
        await asyncio.sleep(random.uniform(0.05, 0.15))
        key, chosen = (DOWN, 1) if chosen == 0 else (UP, 0)
        since = len(sink.seen)
        start = time.perf_counter()
        chan.write(key)
        await sink.wait_for(SUMMARIES[chosen], since)
        if n < presses:
            out.append(time.perf_counter() - start)
    return out


async def keep_log(stream: asyncio.StreamReader, path: str | None) -> None:
    """The server's log read as it comes (a full pipe would stop the server), written to ``path``
    if given (``--server-log``: with CARDARCADE_PAUSE_STACKS=1, where each pause held the loop)."""
    with open(path or os.devnull, "wb") as out:
        while chunk := await stream.read(1 << 16):
            out.write(chunk)
            out.flush()


async def measure(args: argparse.Namespace) -> dict:
    home = tempfile.mkdtemp(prefix="cardarcade-bench-")
    env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}
    total = args.idle + max(args.playing_sizes) + args.crowd + 3
    profiled = [str(_common.BENCH_DIR / "_profiled_server.py"), args.profile] if args.profile else []
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        *(profiled or ["-m", "cardarcade.cli"]),
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
    while not (listening := re.search(rb":(\d+),", await server.stderr.readline() or b":0,")):
        pass  # (a line before the one saying where it listens: CARDARCADE_PAUSE_STACKS=1 says it is on)
    port = int(listening.group(1))
    drain = asyncio.ensure_future(keep_log(server.stderr, args.server_log))  # (read, not to block it)
    pid = server.pid
    results: dict = {
        "idle_sessions": args.idle,
        "playing_sessions": args.playing_sizes,
        "games": args.game,
        "crowd": args.crowd,
        "max_starting": args.max_starting,
    }
    # The others on the server (idle and playing) connect from a process of their own, as their
    # own ssh clients would: their screens arriving must not delay this process's loop, where
    # the measured player's bytes arrive and are timed.
    others = await _common.Others.start(__file__, "--others-of", str(args.idle), "--port", str(port))
    step = others.step

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
        bare = bare_key_cpu_ms(args.bare_keys)
        results["bare_app_cpu_ms_per_key"] = round(bare, 3)
        print(f"a bare Textual app answering one key (a Label's new text), through a pty: {bare:.2f} ms of CPU")
        idle_per_second = idle_cpu / 100
        results["playing"] = []
        for game in args.game:
            for size in args.playing_sizes:
                profile = f"{args.profile}.{game}.{size}" if args.profile else None
                row = await measure_playing(
                    pid, step, game, size, args.presses, idle_per_second, bare, first, profile, args.play_seconds
                )
                results["playing"].append(row)
                if "memory_per_session_in_a_game_mib" not in results:  # the first table set up: as before
                    results["memory_per_session_in_a_game_mib"] = row["memory_per_session_mib"]
                    results["seconds_until_every_game_is_dealt"] = row["seconds_until_dealt"]
                if game == "war" and "latency_ms" not in results:
                    results["cpu_percent_of_a_core_while_playing"] = row["cpu_percent_of_a_core"]
                    results["latency_ms"] = row["latency_ms"]
        print_table(results["playing"])

        _, chan, sink = first
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
        await others.end()
        server.terminate()
        await server.wait()
        drain.cancel()
    return results


async def measure_playing(
    pid, step, game, size, presses, idle_per_second, bare, first, profile=None, play_seconds=PLAY_SECONDS
) -> dict:
    """``size`` people playing ``game`` (the others' process sits more down, or starts afresh for
    another game): the server's CPU over a stretch once every table is dealt, the moves made in it,
    and one more player's keys on the menu meanwhile. ``profile``: the server (run under
    ``_profiled_server.py``) writes its profile of that stretch there."""
    base = rss_kib(pid)
    dealt, added = map(float, await step(f"play {game} {size}", "dealt"))
    print(f"{int(added)} more {game} games set up and dealt at once: all on the table after {dealt:g} s")
    await asyncio.sleep(3.0)
    memory = (rss_kib(pid) - base) / max(1, added) / 1024
    if profile:
        await asyncio.sleep(10.0)  # (a profiled server is slower to finish setting the tables up)
    turns_before = int((await step("turns", "turns"))[0])
    if profile:
        os.kill(pid, signal.SIGUSR2)  # the profile starts afresh
    before, t0 = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(play_seconds)
    cpu, seconds = cpu_seconds(pid) - before, time.monotonic() - t0
    if profile:
        os.rename(*await written_profile(pid, profile))
    turns = int((await step("turns", "turns"))[0]) - turns_before
    # Each table has one screen (one person against bots): CPU per move is CPU per move per screen.
    # The server's idle cost (keepalives, the lobby, the idle sessions) is not the games'.
    per_turn = 1000 * max(0.0, cpu - idle_per_second * seconds) / max(1, turns)
    _, chan, sink = first
    steady = await latencies(chan, sink, presses)
    row = {
        "game": game,
        "playing": size,
        "seconds_until_dealt": dealt,
        "memory_per_session_mib": round(memory, 3),
        "cpu_percent_of_a_core": round(100 * cpu / seconds, 1),
        "cpu_percent_per_person": round(100 * cpu / seconds / size, 3),
        "turns_per_second": round(turns / seconds, 1),
        "cpu_ms_per_turn_per_screen": round(per_turn, 3),
        "per_turn_in_bare_app_keys": round(per_turn / bare, 2),
        "latency_ms": _common.summary_ms(steady),
    }
    print(
        f"{size} playing {game}: server {row['cpu_percent_of_a_core']:.1f}% of a core "
        f"({row['cpu_percent_per_person']:.2f}% a person; target <= 0.5% for War), "
        f"{per_turn:.2f} ms CPU per {TURNS[game]} per screen ({row['per_turn_in_bare_app_keys']:.1f} bare app keys); "
        f"one more player's key: {_fmt(row['latency_ms'])}"
    )
    return row


async def written_profile(pid: int, path: str) -> tuple[str, str]:
    """Ask the profiled server for its profile (SIGUSR1: it writes ``_profiled_server.py``'s FILE,
    here ``path`` less its last two parts); (where it was written, ``path``) once it is whole."""
    written = path.rsplit(".", 2)[0]
    if os.path.exists(written):
        os.remove(written)
    os.kill(pid, signal.SIGUSR1)
    for _ in range(200):
        await asyncio.sleep(0.1)
        if os.path.exists(written):
            await asyncio.sleep(0.5)  # (dump_stats writes at once; a moment for it to finish)
            return written, path
    raise RuntimeError(f"the profiled server wrote no {written}")


def bare_key_cpu_ms(keys: int, lines: int = 1) -> float:
    """The CPU a bare Textual app (``_bare_app.py``: one Label, new text each key) spends answering
    one key through a pty, over ``keys`` keys each awaited, in ms: the yardstick of a move's cost
    (``lines``: of new text a key draws; ``frame_floor.py``)."""
    bare = _common.PtyProcess([sys.executable, str(_common.BENCH_DIR / "_bare_app.py"), "--lines", str(lines)])
    try:
        bare.wait_for(b"ready", 30.0)
        bare.wait_quiet(0.3, 10.0)
        for n in range(1, 6):  # warm up: the first keys import and build what later keys reuse
            bare.send(b"x")
            bare.wait_for(f"#{n}".encode(), 10.0)
        bare.wait_quiet(0.2, 5.0)
        before = cpu_seconds(bare.pid)
        for n in range(6, 6 + keys):
            mark = len(bare.output)
            bare.send(b"x")
            bare.wait_for(f"#{n}".encode(), 10.0, mark)
            bare.drain_for(random.uniform(0.02, 0.05))
        bare.wait_quiet(0.2, 5.0)
        return 1000 * (cpu_seconds(bare.pid) - before) / keys
    finally:
        bare.close()


def print_table(rows: list[dict]) -> None:
    print("game        playing  CPU % core  % a person  moves/s  ms CPU a move a screen  (x bare key)  p50 / p99 ms")
    for r in rows:
        lat = r["latency_ms"]
        print(
            f"{r['game']:<11} {r['playing']:>7}  {r['cpu_percent_of_a_core']:>10.1f}  {r['cpu_percent_per_person']:>10.2f}"
            f"  {r['turns_per_second']:>7.1f}  {r['cpu_ms_per_turn_per_screen']:>22.2f}  {r['per_turn_in_bare_app_keys']:>12.1f}"
            f"  {lat['median']:.1f} / {lat['p99']:.1f}"
        )


async def others_of(port: int, idle: int) -> None:
    """The other people on the server (``_common.drive_others``), each on an SSH session of their
    own, on the menu of games to play alone."""

    async def open_client(name: str, idle: bool) -> _common.Client:
        conn, chan, sink = await open_session(port, name)
        return _common.Client(chan, sink, conn.close)

    await _common.drive_others(open_client, play, {game: table for game, (_, table, _) in GAMES.items()}, idle)


async def crowd_of(port: int, count: int) -> None:
    """``count`` clients connecting at once (``_common.crowd_arrives``), each given
    ``CROWD_PATIENCE`` seconds to reach the lobby."""

    async def open_client(name: str) -> _common.Client:
        conn, chan, sink = await open_session(port, name, CROWD_PATIENCE, menu=False)
        return _common.Client(chan, sink, conn.close)

    await _common.crowd_arrives(open_client, count)


def _fmt(summary: dict) -> str:
    return (
        f"median {summary['median']:.1f} ms, p99 {summary['p99']:.1f} ms, max {summary['max']:.1f} ms "
        f"(n={summary['n']})"
    )


def main() -> None:
    parser = _common.server_benchmark_parser(__doc__)
    parser.add_argument(
        "--playing", default="20", help="people playing, a comma list of sizes measured in turn (20,80,150)"
    )
    parser.add_argument("--game", default="war", help="what they play, a comma list: war,slapjack,schnapsen")
    parser.add_argument("--bare-keys", type=int, default=200, help="keys the bare app answers (its CPU a key)")
    parser.add_argument(
        "--play-seconds", type=float, default=PLAY_SECONDS, help="the server's CPU read over this long at each size"
    )
    parser.add_argument(
        "--server-log",
        metavar="FILE",
        help="the server's log goes to FILE (its loop watchdog's pauses; where, with CARDARCADE_PAUSE_STACKS=1)",
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server under cProfile; each stretch of play measured goes to FILE.GAME.SIZE (pstats)",
    )
    quick = {"idle": 20, "playing": "4", "crowd": 10, "presses": 50, "idle_seconds": 5.0, "bare_keys": 50}
    args = _common.server_benchmark_args(parser, crowd_of, others_of, quick)
    if args is None:
        return
    args.playing_sizes = sorted(int(size) for size in args.playing.split(","))
    args.playing = args.playing_sizes[0]
    args.game = [game.strip() for game in args.game.split(",")]
    if unknown := set(args.game) - set(GAMES):
        parser.error(f"--game: no {', '.join(sorted(unknown))} (one of {', '.join(GAMES)})")
    results = asyncio.run(measure(args))
    path = _common.write_results("server_ssh", results)
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
