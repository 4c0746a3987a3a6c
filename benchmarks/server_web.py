"""What browser tabs cost the server: memory per idle tab and per tab in a game, idle CPU, and one
more tab's key-to-screen latency while others idle, play, and arrive in a crowd.

    python benchmarks/server_web.py [--quick] [--idle N] [--playing M] [--crowd C] [--presses P]

The server runs as its own process (``cardarcade serve web --port 0``, its folders temporary);
every tab is an aiohttp websocket speaking as the page's script does, all on 127.0.0.1 (a
browser's own drawing is not the server's cost, and is not measured): the measured tab in this
process, the others (idle and playing) in one process of their own and the crowd in another, as
each person's browser would be (a loop busy with twenty games' screens would delay the measured
tab's bytes, and that delay is the client's, not the server's). Memory, CPU and the latency are
taken as ``server_ssh.py`` takes them, for figures that compare: a key's time runs from sending
it to the arrival of the bytes that draw the newly chosen game's summary line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import time

import aiohttp

import _common
import server_ssh
from server_ssh import WAR_TABLE, _fmt, cpu_seconds, latencies, play, rss_kib, settle  # (measured alike)

MENU = b"Pick a game"
BROWSER_WINDOW_BITS = 15  # the permessage-deflate a browser's websocket offers
LOBBY = b"online ("


class Tab(server_ssh.Sink):
    """A page's websocket that keeps only what the benchmark looks for (an SSH client's channel
    and sink in one, for server_ssh's ``play`` and ``latencies``)."""

    def __init__(self, http: aiohttp.ClientSession, socket: aiohttp.ClientWebSocketResponse) -> None:
        super().__init__()
        self.http, self.socket = http, socket
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.BINARY:
                self.data_received(message.data, None)

    async def press(self, keys: str) -> None:
        await self.socket.send_str(json.dumps(["stdin", keys]))

    def write(self, keys: bytes) -> None:
        """As an SSH channel's write (so server_ssh's players drive tabs too): sent in order,
        without waiting; a tab already closed drops it."""
        sending = asyncio.ensure_future(self.press(keys.decode()))
        sending.add_done_callback(lambda done: done.cancelled() or done.exception())

    async def close(self) -> None:
        await self.socket.close()
        await self.http.close()


async def open_tab(port: int, name: str, menu: bool = True) -> Tab:
    """A tab on the lobby, then (``menu``) on the menu of games to play alone."""
    http = aiohttp.ClientSession()
    # Offering to compress, as every browser's websocket does (a server that takes the offer keeps
    # a compressor for each tab).
    socket = await http.ws_connect(
        f"http://127.0.0.1:{port}/ws/{name}?width=80&height=24", autoping=True, compress=BROWSER_WINDOW_BITS
    )
    tab = Tab(http, socket)
    await tab.wait_for(LOBBY)
    if menu:
        since = len(tab.seen)
        await tab.press("m")
        await tab.wait_for(MENU, since)
    return tab


async def measure(args: argparse.Namespace) -> dict:
    home = tempfile.mkdtemp(prefix="cardarcade-bench-")
    env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}
    total = args.idle + args.playing + args.crowd + 3
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cardarcade.cli",
        "serve",
        "web",
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
    port = int(re.search(rb"http://127\.0\.0\.1:(\d+)/", await server.stderr.readline()).group(1))
    drain = asyncio.ensure_future(server.stderr.read())  # the server's log, not to block it
    pid = server.pid
    results: dict = {
        "idle_tabs": args.idle,
        "playing_tabs": args.playing,
        "crowd": args.crowd,
        "max_starting": args.max_starting,
    }
    # The other tabs (idle and playing) are opened from a process of their own, as other people's
    # browsers would be: their screens arriving must not delay this process's loop, where the
    # measured tab's bytes arrive and are timed.
    others = await _common.Others.start(__file__, "--others-of", str(args.idle), "--port", str(port))
    first: Tab | None = None
    try:
        # One tab first: what every session shares (themes, parsed CSS, imported modules) is
        # then counted in the baseline, not in the tabs.
        first = await open_tab(port, "first")
        await settle(pid)
        base = rss_kib(pid)
        await others.step("idle", "idle")  # ten at a time, as people arrive; left on the lobby
        await settle(pid)
        per_idle = (rss_kib(pid) - base) / max(1, args.idle)
        results["memory_per_idle_tab_mib"] = round(per_idle / 1024, 3)
        print(f"memory per idle tab: {per_idle / 1024:.2f} MiB ({args.idle} tabs on the lobby; target <= 2 MiB)")

        before, t0 = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(args.idle_seconds)
        idle_cpu = 100 * (cpu_seconds(pid) - before) / (time.monotonic() - t0)
        results["idle_cpu_percent_of_a_core"] = round(idle_cpu, 3)
        print(
            f"idle CPU with {args.idle + 1} tabs: {idle_cpu:.2f}% of a core over {args.idle_seconds:g} s (target < 1%)"
        )

        # Likewise one game first: the rules, the table and the bots load once per process.
        await others.step("warm", "warm")
        base = rss_kib(pid)
        # As server_ssh.py: what follows is measured once every game is dealt, not while twenty
        # games are being set up at one moment.
        dealt = await others.step(f"play war {args.playing}", "dealt")
        results["seconds_until_every_game_is_dealt"] = float(dealt[0])
        print(f"{args.playing} games set up and dealt at once: all on the table after {dealt[0]} s")
        await asyncio.sleep(3.0)
        per_game = (rss_kib(pid) - base) / max(1, args.playing)
        results["memory_per_tab_in_a_game_mib"] = round(per_game / 1024, 3)
        print(f"memory per tab in a game (War against a bot): {per_game / 1024:.2f} MiB")

        before, t0 = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(5.0)
        busy = 100 * (cpu_seconds(pid) - before) / (time.monotonic() - t0)
        results["cpu_percent_of_a_core_while_playing"] = round(busy, 1)
        print(f"server CPU with {args.playing} tabs playing: {busy:.0f}% of a core")

        steady = await latencies(first, first, args.presses)  # type: ignore[arg-type]
        results["latency_ms"] = _common.summary_ms(steady)
        print(
            f"key to screen, {args.idle} idle + {args.playing} playing: "
            f"{_fmt(results['latency_ms'])} (target p99 <= 50 ms)"
        )

        if args.crowd:
            # The crowd connects from another process too: its screens arriving must not weigh on
            # this one's loop either.
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
                during += await latencies(first, first, 2)  # type: ignore[arg-type]
            results["crowd_seconds_until_all_in_the_lobby"] = round(time.monotonic() - crowd_start, 1)
            came = int((arrived.result().split() or [b"0"])[0])  # how many of the crowd reached the lobby
            results["crowd_in_the_lobby"] = came
            assert came == args.crowd, f"only {came} of the crowd of {args.crowd} got in"
            results["latency_while_crowd_connects_ms"] = _common.summary_ms(during)
            print(
                f"key to screen while {args.crowd} tabs open at once: "
                f"{_fmt(results['latency_while_crowd_connects_ms'])} (target p99 <= 150 ms)"
            )
            crowd.stdin.close()
            await crowd.wait()
    finally:
        if first is not None:
            await first.close()
        await others.end()
        server.terminate()
        await server.wait()
        drain.cancel()
    return results


async def others_of(port: int, idle: int) -> None:
    """The other people on the server (``_common.drive_others``), each in a tab of their own: the
    idle ones left on the lobby, the others on the menu of games to play alone."""

    async def open_client(name: str, idle: bool) -> _common.Client:
        tab = await open_tab(port, name, menu=not idle)
        return _common.Client(tab, tab, tab.close)

    await _common.drive_others(open_client, play, {"war": WAR_TABLE}, idle)


async def crowd_of(port: int, count: int) -> None:
    """``count`` tabs opening at once (``_common.crowd_arrives``), kept on the lobby."""

    async def open_client(name: str) -> _common.Client:
        tab = await open_tab(port, name, menu=False)
        return _common.Client(tab, tab, tab.close)

    await _common.crowd_arrives(open_client, count)


def main() -> None:
    parser = _common.server_benchmark_parser(__doc__)
    parser.add_argument("--playing", type=int, default=20)
    quick = {"idle": 20, "playing": 4, "crowd": 10, "presses": 50, "idle_seconds": 5.0}
    args = _common.server_benchmark_args(parser, crowd_of, others_of, quick)
    if args is None:
        return
    results = asyncio.run(measure(args))
    path = _common.write_results("server_web", results)
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
