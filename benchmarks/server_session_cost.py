"""What one session's start costs the server's event loop: the arcade's beside a bare Textual app's.

    python benchmarks/server_session_cost.py [--quick] [--sessions N] [--rounds R] [--source DIR] [--out NAME]

Every session runs on the server's one loop, so a session's steps (a callback of the loop: one
turn of one task) are what everyone else waits behind. Here N SSH sessions come one after
another, each as a person's does: connect, the lobby, ``m`` for the menu, then gone. The server
(``_stepped_server.py``: ``cardarcade serve ssh --auth open``, its folders temporary) times every
step in CPU time of the loop's thread. It is run R times serving the arcade and R times serving,
in its place, a bare Textual app with the same widgets as the lobby and the menu (titles, an
option list, a chat line and an input; the 28 games' list and a summary), alternately, under the
same server, driver and collector: the bare app is what Textual itself costs for those screens.

Per session: the server's CPU (user+system of its process, from before the first session to
after the last), the steps of 10, 20 and 30 ms or more, and the sum of the steps of 10 ms or
more; over all sessions, the steps' p50/p90/p99/max (those of 1 ms or more). What a bystander
feels during a crowd of starts is the long steps (``server_hostile.py``'s churn phase).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

import _common
from server_ssh import cpu_seconds, open_session
from server_hostile import ServerLog

LONG_STEPS_MS = (10, 20, 30)


async def serve_sessions(source: Path, bare: bool, sessions: int) -> dict:
    home = tempfile.mkdtemp(prefix="cardarcade-bench-")
    steps_file = Path(home) / "steps.json"
    env = {
        **os.environ,
        "XDG_DATA_HOME": home,
        "XDG_CONFIG_HOME": home,
        "PYTHONPATH": str(source),
        "STEPS_OUT": str(steps_file),
    }
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        str(_common.BENCH_DIR / "_stepped_server.py"),
        *(["--bare"] if bare else []),
        "serve",
        "ssh",
        "--auth",
        "open",
        "--port",
        "0",
        env=env,
        cwd=str(source),
        stderr=asyncio.subprocess.PIPE,
    )
    assert server.stderr is not None
    log = ServerLog(server.stderr)
    try:
        port = int((await log.wait_for(r"serving SSH on [^ ]*:(\d+)")).group(1))
        conn, _chan, _sink = await open_session(port, "warm-up")  # (the first session's imports: not counted)
        conn.close()
        await asyncio.sleep(2.0)
        cpu_before, started = cpu_seconds(server.pid), time.monotonic()
        for number in range(sessions):
            conn, _chan, _sink = await open_session(port, f"player{number}")
            await asyncio.sleep(0.3)
            conn.close()
            await asyncio.sleep(0.3)
        await asyncio.sleep(1.5)  # (the last session's end)
        cpu = cpu_seconds(server.pid) - cpu_before
        wall = time.monotonic() - started
    finally:
        if server.returncode is None:
            server.send_signal(signal.SIGINT)
        await server.wait()
        log.reader.cancel()
    recorded = json.loads(steps_file.read_text())
    return {"cpu_s": cpu, "wall_s": wall, "steps": recorded["steps"], "short": recorded["short"]}


def summarize(runs: list[dict], sessions: int, warm_up_steps: list[int]) -> dict:
    """Per session figures over every run of one kind (the warm-up session's steps left out)."""
    steps = [ms for run, skip in zip(runs, warm_up_steps) for ms, _what in run["steps"][skip:]]
    count = sessions * len(runs)
    out = {
        "sessions": count,
        "cpu_ms_per_session": round(1000 * sum(run["cpu_s"] for run in runs) / count, 1),
        "steps_ms": {f"p{p}": round(_common.percentile(steps, p), 1) for p in (50, 90, 99)},
        "longest_step_ms": round(max(steps, default=0.0), 1),
        "long_step_ms_per_session": round(sum(ms for ms in steps if ms >= 10) / count, 1),
    }
    for at_least in LONG_STEPS_MS:
        out[f"steps_over_{at_least}ms_per_session"] = round(sum(ms >= at_least for ms in steps) / count, 2)
    return out


def _warm_up_steps(run: dict) -> int:
    """How many of a run's steps come before the first measured session's (its task is named
    "ssh session player0"): the warm-up session's, left out."""
    for index, (_ms, what) in enumerate(run["steps"]):
        if what.endswith("player0"):
            return index
    return 0


async def measure(args: argparse.Namespace) -> dict:
    source = args.source.resolve() if args.source else _common.REPO_DIR
    kinds: dict[str, list[dict]] = {"arcade": [], "bare": []}
    for round_number in range(args.rounds):
        for kind in ("arcade", "bare") if round_number % 2 == 0 else ("bare", "arcade"):
            run = await serve_sessions(source, kind == "bare", args.sessions)
            kinds[kind].append(run)
            print(
                f"  {kind} round {round_number + 1}: {1000 * run['cpu_s'] / args.sessions:.0f} ms of CPU a session",
                flush=True,
            )
    results: dict = {"source": str(source), "sessions_per_run": args.sessions, "rounds": args.rounds}
    for kind, runs in kinds.items():
        results[kind] = summarize(runs, args.sessions, [_warm_up_steps(run) for run in runs])
    arcade, bare = results["arcade"], results["bare"]
    results["ratios"] = {
        "cpu_per_session": round(arcade["cpu_ms_per_session"] / bare["cpu_ms_per_session"], 2),
        "step_p90": round(arcade["steps_ms"]["p90"] / bare["steps_ms"]["p90"], 2),
        "long_step_ms_per_session": round(
            arcade["long_step_ms_per_session"] / max(bare["long_step_ms_per_session"], 0.1), 2
        ),
    }
    return results


def _fmt(figures: dict) -> str:
    return (
        f"{figures['cpu_ms_per_session']:.0f} ms of CPU a session; steps p50/p90/p99 "
        f"{figures['steps_ms']['p50']}/{figures['steps_ms']['p90']}/{figures['steps_ms']['p99']} ms, longest "
        f"{figures['longest_step_ms']} ms; a session's steps over 10/20/30 ms: "
        f"{figures['steps_over_10ms_per_session']}/{figures['steps_over_20ms_per_session']}/"
        f"{figures['steps_over_30ms_per_session']} ({figures['long_step_ms_per_session']} ms in all)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10 sessions a run, one round each")
    parser.add_argument("--sessions", type=int, default=30, help="sessions a run (default 30)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each kind, alternated (default 2)")
    parser.add_argument("--source", type=Path, help="a checkout to run the server from instead")
    parser.add_argument("--out", default="server_session_cost", help="results/NAME.json")
    args = parser.parse_args()
    if args.quick:
        args.sessions, args.rounds = 10, 1
    results = asyncio.run(measure(args))
    print(f"arcade: {_fmt(results['arcade'])}")
    print(f"bare:   {_fmt(results['bare'])}")
    print(
        f"arcade / bare: CPU a session {results['ratios']['cpu_per_session']}x, step p90 "
        f"{results['ratios']['step_p90']}x, time in steps over 10 ms {results['ratios']['long_step_ms_per_session']}x"
    )
    print(f"written to {_common.shown(_common.write_results(args.out, results))}")


if __name__ == "__main__":
    main()
