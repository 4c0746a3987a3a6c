"""The server's garbage collection under a churn of sessions: the loop's pauses, the collections'
pauses, a bystander's key-to-screen latency, and memory over time.

    python benchmarks/server_gc.py [--quick] [--minutes M] [--clients C] [--linger MIN,MAX] [--old-policy]
                                   [--source DIR] [--out NAME] [--log FILE]

The server runs as its own process (``cardarcade serve ssh --auth open --port 0``, its folders
temporary) through ``_gc_server.py``, which says every 5 s how many objects are frozen and, once
the server has stopped, how many objects one full collection still finds to free (what the
policy never freed). ``--old-policy`` runs the collector with its full collections only (what it
did before reclaims); ``--source DIR`` measures another checkout (e.g. a ``git worktree``).

``--clients`` people (40; 20 with ``--quick``, lingering 5-20 s) come and go for ``--minutes``
(5; 1 with ``--quick``), in a process of their own shared by all of them: connect, the lobby, the menu, a
game of War against a bot (3-8 cards, one every 0.5-1 s), half of them back to the menu (the
game's screens close while the session lives on), ``--linger`` seconds more (20-60), and the
connection closes; at once, the same person connects again (some 50 s a visit: 40 people, a
session ending and one starting every 1.3 s or so). Meanwhile the bystander, an SSH
session on the menu in this process, moves up and down as ``server_ssh.py``'s measured player
does. After the churn, everyone but the bystander is gone for ``--quiet`` seconds (45: a
reclaim looks again at what survived it 30 s later), then the server is stopped.

From the server's log: the loop watchdog's pauses over 50 ms; the collector's reclaims (each
one's collection and its longest slice of gathering or moving), its reports (the longest sweep
and the longest collection of any kind, CPython's own young ones included, each minute) and any
full collection. The server's resident memory (VmRSS) every 5 s.

Targets: no loop pause over 50 ms; every collection well under 50 ms; memory and frozen objects
flat once the churn is under way (an ended session's objects freed, not kept frozen).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

import _common
from server_ssh import LOBBY, MENU, SUMMARIES, WAR_TABLE, _fmt, cpu_seconds, rss_kib

DOWN, UP = b"\x1b[B", b"\x1b[A"
F5, ENTER = b"\x1b[15~", b"\r"
PAUSE = re.compile(r"loop paused (\d+) ms(?: \(the longest of (\d+) pauses)?")
RECLAIM = re.compile(
    r"reclaim: (\d+) objects freed of (\d+) gathered .* in (\d+) ms; gathered and moved in "
    r"(\d+) slices of at most ([\d.]+) ms"
)
REPORT = re.compile(
    r"collector: since the last report (\d+) sweeps \(longest (\d+) ms, (\d+) ms of CPU\), "
    r"(\d+) reclaims freeing (\d+) objects \(longest collection (\d+) ms, (\d+) ms of CPU; longest "
    r"slice ([\d.]+) ms\), longest collection of any kind (\d+) ms, "
    r"(\d+) steps of the collector's over"
)
FULL = re.compile(r"full collection: (\d+) ms, (\d+) objects kept")
FROZEN = re.compile(r"bench: frozen (\d+)")
LEFTOVER = re.compile(r"bench: leftover (\d+) objects, (\d+) ms")
BENCH_DIR = Path(__file__).resolve().parent
# The summary lines of the menu's first three games (the third, should a key be taken twice).
MENU_SUMMARIES = [*SUMMARIES, b"Turn cards onto your own pile"]
KEY_PATIENCE = 30.0  # seconds a bystander's key may take before it counts as let go


class Sink(asyncssh.SSHClientSession):
    """A client's terminal that keeps the last of what it was sent, positions counted from the
    start (server_ssh.py's trims its buffer under a wait's feet, which a long run reaches)."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.dropped = 0  # bytes let go from the front of ``seen``
        self.changed = asyncio.Event()

    @property
    def position(self) -> int:
        return self.dropped + len(self.seen)

    def data_received(self, data: bytes, datatype) -> None:
        self.seen += data
        if len(self.seen) > 1 << 20:
            cut = len(self.seen) - (1 << 16)
            del self.seen[:cut]
            self.dropped += cut
        self.changed.set()

    async def wait_for(self, needle: bytes, since: int = 0, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while needle not in self.seen[max(0, since - self.dropped) :]:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.monotonic()))


async def open_session(port: int, name: str, patience: float = 60.0) -> tuple:
    """A session on the menu of games to play alone."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, client_keys=None, encoding=None)
    sink = Sink()
    try:
        chan, _ = await conn.create_session(lambda: sink, term_type="xterm-256color", term_size=(80, 24), encoding=None)
        await sink.wait_for(LOBBY, timeout=patience)
        since = sink.position
        chan.write(b"m")  # from the lobby to the menu of solo games
        await sink.wait_for(MENU, since, timeout=patience)
    except BaseException:
        conn.close()
        raise
    return conn, chan, sink


class ServerLog:
    """The server's stderr, each line with when it arrived."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self.lines: list[tuple[float, str]] = []
        self._stream = stream
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while line := await self._stream.readline():
            self.lines.append((time.monotonic(), line.decode("utf-8", "replace").rstrip()))

    def matches(self, pattern: re.Pattern, start: float = 0.0, end: float = float("inf")) -> list[re.Match]:
        return [found for at, line in self.lines if start <= at <= end and (found := pattern.search(line))]


async def bystander(chan, sink, stop: asyncio.Event) -> list[tuple[float, float]]:
    """(when, seconds) of each key's round to the screen, until ``stop``: up and down between the
    menu's first two games. A key the server let go (a backlog of keys on a loop that fell behind
    is dropped) or one too many is not counted: the bystander finds where the menu is and goes on."""
    out: list[tuple[float, float]] = []
    chosen = 0  # which of MENU_SUMMARIES is chosen
    while not stop.is_set():
        await asyncio.sleep(random.uniform(0.05, 0.15))
        key, wanted = (DOWN, 1) if chosen == 0 else (UP, chosen - 1)
        since = sink.position
        start = time.perf_counter()
        chan.write(key)
        try:
            await sink.wait_for(MENU_SUMMARIES[wanted], since, timeout=KEY_PATIENCE)
        except TimeoutError:
            seen = bytes(sink.seen)
            chosen = max(range(len(MENU_SUMMARIES)), key=lambda i: seen.rfind(MENU_SUMMARIES[i]))
            if seen.rfind(MENU_SUMMARIES[chosen]) < 0:
                raise RuntimeError(
                    f"a key went unanswered for {KEY_PATIENCE:g} s; the bystander's screen last got {seen[-600:]!r}"
                ) from None
            continue
        chosen = wanted
        out.append((time.monotonic(), time.perf_counter() - start))
    return out


async def measure(args: argparse.Namespace) -> dict:
    home = tempfile.mkdtemp(prefix="cardarcade-bench-gc-")
    env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}
    if args.source:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(args.source).resolve()), env.get("PYTHONPATH")]))
    if args.old_policy:
        env["BENCH_GC_POLICY"] = "old"
    most = args.clients + 5
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        str(BENCH_DIR / "_gc_server.py"),
        "serve",
        "ssh",
        "--auth",
        "open",
        "--port",
        "0",
        "--max-sessions",
        str(most),
        "--per-address",
        str(most),
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    assert server.stderr is not None
    log = ServerLog(server.stderr)
    while not (ports := [re.search(r"127\.0\.0\.1:(\d+),", line) for _, line in log.lines if "127.0.0.1:" in line]):
        if server.returncode is not None:
            raise RuntimeError("the server ended:\n" + "\n".join(line for _, line in log.lines))
        await asyncio.sleep(0.05)
    port = int(ports[0].group(1))
    results: dict = {
        "clients": args.clients,
        "minutes": args.minutes,
        "linger_seconds": args.linger,
        "old_policy": args.old_policy,
        "source": args.source or "this checkout",
    }
    rss: list[tuple[float, int]] = []

    async def sample() -> None:
        while True:
            rss.append((time.monotonic(), rss_kib(server.pid)))
            await asyncio.sleep(5.0)

    sampler = asyncio.ensure_future(sample())
    churn = None
    try:
        conn, chan, sink = await open_session(port, "bystander")
        began, cpu_began = time.monotonic(), cpu_seconds(server.pid)
        churn = await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--churn-of",
            str(args.clients),
            "--linger",
            args.linger,
            "--port",
            str(port),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert churn.stdin is not None and churn.stdout is not None
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(60 * args.minutes, stop.set)
        keys = await bystander(chan, sink, stop)
        churn_end = time.monotonic()
        results["server_cpu_during_churn_percent_of_a_core"] = round(
            100 * (cpu_seconds(server.pid) - cpu_began) / (churn_end - began), 1
        )
        churn.stdin.close()
        sessions = int((await churn.stdout.readline()).split()[0])
        await churn.wait()
        quiet = asyncio.Event()
        asyncio.get_running_loop().call_later(args.quiet, quiet.set)
        keys_after = await bystander(chan, sink, quiet)
        quiet_end = time.monotonic()
        conn.close()
        await asyncio.sleep(1.0)
    except BaseException:
        print("the server's log, last lines:\n" + "\n".join(line for _, line in log.lines[-40:]), file=sys.stderr)
        raise
    finally:
        sampler.cancel()
        if churn is not None and churn.returncode is None:
            churn.kill()
        server.terminate()
        await server.wait()
        await log.reader
        if args.log:
            first = log.lines[0][0]
            Path(args.log).write_text("".join(f"{moment - first:9.3f} {line}\n" for moment, line in log.lines))
    results["sessions_churned"] = sessions
    results["latency_during_churn_ms"] = _common.summary_ms([s for _, s in keys])
    results["latency_after_churn_ms"] = _common.summary_ms([s for _, s in keys_after])

    # Counting the frozen objects walks them all (tens of milliseconds, a second time every 30 s):
    # the pause told just after is the benchmark's, not the policy's.
    counted = [at for at, line in log.lines if FROZEN.search(line)]
    pauses = [
        found
        for at, line in log.lines
        if at >= began and (found := PAUSE.search(line)) and not any(0 <= at - moment <= 1.2 for moment in counted)
    ]
    results["loop_pauses_over_50_ms"] = sum(int(p.group(2) or 1) for p in pauses)
    results["longest_loop_pause_ms"] = max((int(p.group(1)) for p in pauses), default=0)
    reclaims = log.matches(RECLAIM, began)
    results["reclaims"] = len(reclaims)
    results["objects_freed_by_reclaims"] = sum(int(r.group(1)) for r in reclaims)
    results["reclaim_collection_ms"] = _summary([int(r.group(3)) for r in reclaims])
    results["longest_reclaim_slice_ms"] = max((float(r.group(5)) for r in reclaims), default=0.0)
    reports = log.matches(REPORT, began)
    results["longest_sweep_ms"] = max((int(r.group(2)) for r in reports), default=0)
    results["longest_sweep_cpu_ms"] = max((int(r.group(3)) for r in reports), default=0)
    results["longest_reclaim_collection_cpu_ms"] = max((int(r.group(7)) for r in reports), default=0)
    results["longest_collection_of_any_kind_ms"] = max((int(r.group(9)) for r in reports), default=0)
    results["collector_steps_over_50_ms"] = sum(int(r.group(10)) for r in reports)
    results["sweeps"] = sum(int(r.group(1)) for r in reports)
    fulls = log.matches(FULL, began)
    results["full_collections"] = [int(f.group(1)) for f in fulls]
    frozen = [(at, int(m.group(1))) for at, line in log.lines if (m := FROZEN.search(line))]
    leftover = log.matches(LEFTOVER)
    results["leftover_garbage_at_stop"] = int(leftover[-1].group(1)) if leftover else None
    results["full_collection_at_stop_ms"] = int(leftover[-1].group(2)) if leftover else None

    def at(series: list[tuple[float, int]], when: float) -> int | None:
        before = [value for moment, value in series if moment <= when]
        return before[-1] if before else None

    settled = began + min(60.0, 60 * args.minutes / 2)  # sessions have come and gone a while by then
    results["rss_mib"] = {
        name: round(value / 1024, 1) if value else None
        for name, value in (
            ("start", at(rss, began)),
            ("after_warm_up", at(rss, settled)),
            ("end_of_churn", at(rss, churn_end)),
            ("after_quiet", at(rss, quiet_end)),
            ("most", max(v for _, v in rss)),
        )
    }
    results["frozen_objects"] = {
        name: at(frozen, when)
        for name, when in (
            ("start", began),
            ("after_warm_up", settled),
            ("end_of_churn", churn_end),
            ("after_quiet", quiet_end),
        )
    }
    results["frozen_objects"]["most"] = max((v for _, v in frozen), default=None)
    results["frozen_series"] = [[round(moment - began), value] for moment, value in frozen]
    results["rss_series_mib"] = [[round(moment - began), round(value / 1024, 1)] for moment, value in rss[::6]]
    _print(results)
    return results


def _summary(values: list[int]) -> dict:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p99": _common.percentile(values, 99),
        "max": max(values),
    }


def _print(results: dict) -> None:
    print(
        f"{results['sessions_churned']} sessions came and went ({results['clients']} people, "
        f"{results['minutes']:g} min{', old policy' if results['old_policy'] else ''}); the server used "
        f"{results['server_cpu_during_churn_percent_of_a_core']}% of a core"
    )
    print(f"bystander's key to screen during the churn: {_fmt(results['latency_during_churn_ms'])}")
    print(f"bystander's key to screen after it: {_fmt(results['latency_after_churn_ms'])}")
    print(
        f"loop pauses over 50 ms: {results['loop_pauses_over_50_ms']} (longest "
        f"{results['longest_loop_pause_ms']} ms; target none)"
    )
    collections = results["reclaim_collection_ms"]
    print(
        f"reclaims: {results['reclaims']}, freeing {results['objects_freed_by_reclaims']} objects; their "
        f"collections median {collections.get('median', 0)} ms, max {collections.get('max', 0)} ms; longest slice "
        f"{results['longest_reclaim_slice_ms']} ms"
    )
    print(
        f"CPU time of the longest sweep {results['longest_sweep_cpu_ms']} ms, of the longest reclaim's collection "
        f"{results['longest_reclaim_collection_cpu_ms']} ms (the rest of each: waiting for a core)"
    )
    print(
        f"{results['sweeps']} sweeps, longest {results['longest_sweep_ms']} ms; steps of the collector over 50 ms: "
        f"{results['collector_steps_over_50_ms']}"
    )
    print(
        f"longest collection of any kind {results['longest_collection_of_any_kind_ms']} ms; full collections: "
        f"{results['full_collections'] or 'none'}"
    )
    print(f"resident memory (MiB): {results['rss_mib']}")
    print(f"frozen objects: {results['frozen_objects']}")
    print(
        f"left for a full collection at the stop (everyone gone): {results['leftover_garbage_at_stop']} objects, "
        f"freed in {results['full_collection_at_stop_ms']} ms"
    )


async def churn_of(port: int, clients: int, linger: tuple[float, float]) -> None:
    """``clients`` people coming and going until stdin closes; then says how many sessions ended."""
    stop = asyncio.Event()
    ended = [0]

    async def person(number: int) -> None:
        rounds = 0
        while not stop.is_set():
            rounds += 1
            try:
                await asyncio.wait_for(visit(f"p{number}x{rounds}"), 120.0)
            except Exception:  # refused, timed out, dropped: again, a moment later
                await asyncio.sleep(1.0)
            else:
                ended[0] += 1

    async def visit(name: str) -> None:
        conn, chan, sink = await open_session(port, name)
        try:
            since = sink.position
            chan.write(ENTER)  # War's set-up
            await asyncio.sleep(1.0)
            chan.write(F5)
            await sink.wait_for(WAR_TABLE, since)
            for _ in range(random.randint(3, 8)):  # a few cards
                await asyncio.sleep(random.uniform(0.5, 1.0))
                chan.write(ENTER)
            if random.random() < 0.5:  # back to the menu: the game's screens close, the session lives on
                since = sink.position
                chan.write(b"q")
                await asyncio.sleep(0.5)
                chan.write(b"y")
                try:
                    await sink.wait_for(MENU, since, timeout=5.0)
                except TimeoutError:
                    pass
            await asyncio.sleep(random.uniform(*linger))  # looking around
        finally:
            conn.close()

    people = [asyncio.ensure_future(person(i)) for i in range(clients)]
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    stop.set()
    await asyncio.gather(*people)
    print(ended[0], flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 people lingering 5-20 s for 1 minute, 35 s quiet")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--quiet", type=float, default=45.0, help="seconds with only the bystander, after the churn")
    parser.add_argument("--linger", default="20,60", help="seconds each visit stays once its game is over (MIN,MAX)")
    parser.add_argument("--old-policy", action="store_true", help="the collector's full collections only")
    parser.add_argument("--source", help="another checkout to measure (first on the server's PYTHONPATH)")
    parser.add_argument("--log", help="write the server's log (with seconds since its start) to this file")
    parser.add_argument("--out", help="results/NAME.json (server_gc, or server_gc_old with --old-policy)")
    parser.add_argument("--churn-of", type=int, help=argparse.SUPPRESS)  # (the people's own process)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.churn_of:
        low, high = map(float, args.linger.split(","))
        asyncio.run(churn_of(args.port, args.churn_of, (low, high)))
        return
    if args.quick:
        args.clients, args.minutes, args.quiet, args.linger = 20, 1.0, 35.0, "5,20"
    results = asyncio.run(measure(args))
    path = _common.write_results(args.out or ("server_gc_old" if args.old_policy else "server_gc"), results)
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
