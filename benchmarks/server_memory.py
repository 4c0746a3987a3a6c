"""Where the memory of a session in a game goes, on the SSH server and the browser's.

    python benchmarks/server_memory.py [--sessions N] [--only ssh|web] [--source DIR] [--out NAME]

The server (``_memory_server.py``: ``cardarcade serve ssh|web``, its folders temporary) first
serves one session and one game of War played a few seconds, so that what every session shares
(imports, parsed styles, the rules and the bots) is made before the count starts. Then it marks
the start (a full collection, then ``tracemalloc``), N sessions open, each goes from the lobby to
the menu and plays War against a bot (a card every 0.3-0.6 s), and after a few seconds of play the
server says, per session, what is still held of all that was allocated since the mark: by the
line of our code that allocated it, by who holds it (the screens in the stack, the app, the
driver, the connection; under each, the attribute of the app, screen or widget it hangs from), and
by type. Also the resident set per session, which tracing inflates (each allocation traced costs
more): with MEMORY_TRACE=0 nothing is traced (no figures by line), and the resident set compares
with ``server_ssh.py``'s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
from pathlib import Path

import _common
from server_hostile import ServerLog
from server_ssh import WAR_TABLE, open_session, settle
from server_web import open_tab

PLAY_SECONDS = 6.0  # of play before the count: the table, its log and the caches as they are mid-game
SETUP = b"Start"  # the set-up screen's button
START_TRIES = 60  # f5 pressed again after each START_PATIENCE seconds without the table (see start_war)
START_PATIENCE = 2.0


async def start_war(chan, sink) -> None:
    """From the menu to a game of War against a bot, its table up."""
    since = len(sink.seen)
    chan.write(b"\r")  # War's set-up (the menu's first game)
    await sink.wait_for(SETUP, since, timeout=120.0)
    since = len(sink.seen)
    # The set-up takes a start only once it knows it has been drawn: an f5 sent the moment its
    # bytes arrive can come before that, and is dropped (a key typed ahead did not choose it). So
    # f5 again until the table is up (on the table f5 does nothing).
    for _ in range(START_TRIES):
        chan.write(b"\x1b[15~")  # f5: start
        try:
            await sink.wait_for(WAR_TABLE, since, timeout=START_PATIENCE)
            return
        except TimeoutError:
            pass
    raise RuntimeError(f"never saw War's table ({WAR_TABLE!r}) after {START_TRIES} presses of f5")


async def play(chan, stop: asyncio.Event) -> None:
    """A person playing War against a bot: a card turned every 0.3-0.6 s."""
    while not stop.is_set():
        await asyncio.sleep(random.uniform(0.3, 0.6))
        try:
            chan.write(b"\r")
        except (BrokenPipeError, ConnectionError):
            return


async def measure_server(kind: str, source: Path, sessions: int) -> dict:
    home = tempfile.mkdtemp(prefix="cardarcade-bench-")
    out = Path(home) / "memory.json"
    env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home, "PYTHONPATH": str(source)}
    env["MEMORY_OUT"] = str(out)
    serve = ["ssh", "--auth", "open"] if kind == "ssh" else ["web"]
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        str(_common.BENCH_DIR / "_memory_server.py"),
        "serve",
        *serve,
        "--port",
        "0",
        "--max-sessions",
        str(sessions + 5),
        "--per-address",
        str(sessions + 5),
        env=env,
        cwd=str(source),
        stderr=asyncio.subprocess.PIPE,
    )
    assert server.stderr is not None
    log = ServerLog(server.stderr)
    stop = asyncio.Event()
    players: list[asyncio.Future] = []
    closers: list = []

    async def one(name: str):
        if kind == "ssh":
            conn, chan, sink = await open_session(port, name)
            closers.append(conn.close)
            return chan, sink
        tab = await open_tab(port, name)
        closers.append(lambda: asyncio.ensure_future(tab.close()))
        return tab, tab

    try:
        found = await log.wait_for(r"serving SSH on [^ ]*:(\d+)" if kind == "ssh" else r"127\.0\.0\.1:(\d+)/")
        port = int(found.group(1))
        await one("first")
        warm, warm_sink = await one("warm")
        await start_war(warm, warm_sink)
        players.append(asyncio.ensure_future(play(warm, stop)))  # type: ignore[arg-type]
        await asyncio.sleep(4.0)
        await settle(server.pid)
        server.send_signal(signal.SIGUSR1)
        await log.wait_for(r"bench: marked")
        for number in range(sessions):
            chan, sink = await one(f"player{number}")
            await start_war(chan, sink)
            players.append(asyncio.ensure_future(play(chan, stop)))  # type: ignore[arg-type]
        await asyncio.sleep(PLAY_SECONDS)
        server.send_signal(signal.SIGUSR1)
        await log.wait_for(r"bench: written", timeout=600.0)
        report = json.loads(out.read_text())
    finally:
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
        for close in closers:
            close()
        if server.returncode is None:
            server.send_signal(signal.SIGINT)
        await server.wait()
        log.reader.cancel()
    return report


def show(kind: str, report: dict) -> None:
    held = report["held"]
    allocated = report.get("allocated")
    traced = f"{allocated['traced_kib_per_session']:.0f} KiB held of what was allocated since, " if allocated else ""
    print(
        f"\n== {kind}: {report['sessions']} sessions in a game of War; per session: RSS "
        f"{report['rss_kib_per_session']} KiB{' (inflated by tracing)' if report['traced'] else ''}, "
        f"{traced}{held['walked_kib_per_session']:.0f} KiB found from the sessions"
    )
    parts = report.get("memory_parts", {})
    if parts:
        overall = ", ".join(f"{name} {kib:,}" for name, kib in parts.items() if " B: " not in name)
        print(f"-- the memory's parts since the mark (KiB per session): {overall}")
        classes = sorted(((kib, name) for name, kib in parts.items() if " B: " in name), reverse=True)
        print(
            "-- of pymalloc's, by size class, the most: " + ", ".join(f"{name} {kib:,}" for kib, name in classes[:12])
        )
    for name, entries, kib in report.get("process_caches", []):
        print(f"-- the process's cache {name}: {entries} entries, {kib} KiB per session made since the mark")
    print("-- by who holds it (KiB per session):")
    for root, kib in held["by_root"]:
        print(f"  {kib:8.1f}  {root}")
    print("-- by who holds it, the attribute of the nearest app/screen/widget:")
    for where, kib in held["by_holder"][:40]:
        print(f"  {kib:8.1f}  {where}")
    print(f"-- the sessions' screens, bottom first: {held['stacks']}")
    for line in report["screens_held_apart"]:
        print(f"  held apart from the stack: {line}")
    print("-- made since the mark, held, found from no session, containers only (KiB, objects per session):")
    for kind_name, kib, count in held["unclaimed_by_type"][:15]:
        print(f"  {kib:8.1f}  {count:7d}  {kind_name}")
    print("-- who holds those (a sample of the biggest types; (old): there before the mark):")
    for chain, count in held["unclaimed_held_by"]:
        print(f"  {count:4d}  {chain}")
    print("-- by type (KiB per session, objects per session):")
    for kind_name, kib, count in held["by_type"][:25]:
        print(f"  {kib:8.1f}  {count:7d}  {kind_name}")
    if not allocated:
        return
    print("-- by the line of our code that allocated it (KiB per session):")
    for where, kib in allocated["by_our_line"][:20]:
        print(f"  {kib:8.1f}  {where}")
    print("-- by the line that allocated it (KiB per session):")
    for where, kib in allocated["by_line"][:20]:
        print(f"  {kib:8.1f}  {where}")
    print("-- by file (KiB per session):")
    for where, kib in allocated["by_file"][:15]:
        print(f"  {kib:8.1f}  {where}")


async def measure(args: argparse.Namespace) -> dict:
    source = args.source.resolve() if args.source else _common.REPO_DIR
    results: dict = {"source": str(source), "sessions": args.sessions}
    for kind in ("ssh", "web") if args.only is None else (args.only,):
        results[kind] = report = await measure_server(kind, source, args.sessions)
        show(kind, report)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=6, help="sessions in a game counted (default 6)")
    parser.add_argument("--only", choices=("ssh", "web"), help="one server only (default: both)")
    parser.add_argument("--source", type=Path, help="a checkout to run the server from instead")
    parser.add_argument("--out", default="server_memory", help="results/NAME.json")
    args = parser.parse_args()
    random.seed(1)
    results = asyncio.run(measure(args))
    print(f"\nwritten to {_common.shown(_common.write_results(args.out, results))}")


if __name__ == "__main__":
    main()
