"""Start-up: the menu's first whole frame, next to a bare Textual app, and the CPU one more app costs.

    python benchmarks/startup.py [--quick] [--runs N] [--imports] [--source DIR]

1. First whole frame, through a real pseudo-terminal (80x24, TERM=xterm-256color). Each run
   spawns the program and reads its output as a terminal would; the *first whole frame* is the
   time from just before the fork to the last byte before the output rests for 0.3 s (so a part
   drawn a frame later counts). Two programs, round-robin so that machine load weighs on both:
   ``cardarcade`` (the menu; the console script next to this Python) and
   ``benchmarks/_bare_app.py`` (one Label, one binding). The headline is the ratio of the
   medians. Target: at most 1.25 times the bare app.
2. CPU time to start one more app in a running process (what every SSH session costs the
   server): in one child process, after a first app has run (modules imported), each further
   app is started headless at 80x24, shown its first frame and closed; process CPU time per app,
   median of the runs, for ``ArcadeApp`` and the bare app.
3. With ``--imports`` (or when over target): the costliest imports before the menu.

``--source DIR`` measures another checkout (e.g. a ``git worktree`` of an older commit) the same
way, for a before/after comparison: its ``cardarcade`` package is imported from DIR.

Python's bytecode cache is on (in a temporary directory), as after any normal install.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

TARGET_RATIO = 1.25
REST_S = 0.3
TIMEOUT_S = 20.0
MENU_IMPORTS = "import cardarcade.cli, cardarcade.ui.app, cardarcade.ui.screens.menu"

# Run in a child process: start apps one after another in the same process and print the CPU
# seconds each took, as JSON. argv: which app ("arcade" or "bare"), how many.
_CPU_CHILD = r"""
import asyncio, json, sys, time
sys.path.insert(0, sys.argv[3])
which, runs = sys.argv[1], int(sys.argv[2])
if which == "arcade":
    from cardarcade.ui.app import ArcadeApp as make
else:
    from _bare_app import BareApp as make

async def one():
    app = make()
    async def first_frame(pilot):
        await pilot.pause()
        app.exit()
    start = time.process_time()
    await app.run_async(headless=True, size=(80, 24), auto_pilot=first_frame)
    return time.process_time() - start

async def main():
    await one()  # the first app imports everything: not what one more session costs
    print(json.dumps([await one() for _ in range(runs)]))

asyncio.run(main())
"""


def first_whole_frame(command: list[str], env: dict[str, str], cwd: Path) -> float:
    proc = _common.PtyProcess(command, env=env, cwd=cwd)
    try:
        last = proc.last_byte_before_rest(REST_S, TIMEOUT_S)
        if last is None:
            raise RuntimeError(f"{' '.join(command)}: output never rested; last: {bytes(proc.output[-300:])!r}")
        return last - proc.spawned_at
    finally:
        proc.close()


def cpu_per_app(which: str, runs: int, env: dict[str, str], cwd: Path) -> list[float]:
    out = subprocess.run(
        [sys.executable, "-c", _CPU_CHILD, which, str(runs), str(_common.BENCH_DIR)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def import_profile(env: dict[str, str], cwd: Path) -> list[tuple[str, float, float, int]]:
    """(module, cumulative ms, self ms, depth) for every import the menu needs."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", MENU_IMPORTS],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=cwd,
    )
    rows = []
    for line in run.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            rows.append((m[4], int(m[2]) / 1000, int(m[1]) / 1000, len(m[3]) // 2))
    return rows


def median_ms(seconds: list[float]) -> float:
    return round(_common.percentile([s * 1000 for s in seconds], 50), 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 runs each (about 20 s)")
    parser.add_argument("--runs", type=int, help="runs per program (default 15)")
    parser.add_argument("--imports", action="store_true", help="list the costliest imports even if on target")
    parser.add_argument("--source", type=Path, help="a checkout to import cardarcade from instead")
    args = parser.parse_args(argv)
    _common.use_fresh_data_folders()
    runs = args.runs or (5 if args.quick else 15)
    with tempfile.TemporaryDirectory(prefix="cardarcade-bench-pyc-") as cache:
        env = _common.terminal_env({"PYTHONPYCACHEPREFIX": cache})
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        return measure(runs, args, env)


def measure(runs: int, args: argparse.Namespace, env: dict[str, str]) -> int:
    # From another checkout: run it as ``python -m cardarcade`` with that folder as the working
    # directory, which puts its package first on sys.path.
    cwd = args.source.resolve() if args.source else _common.REPO_DIR
    arcade = [sys.executable, "-m", "cardarcade"] if args.source else _common.direct_cardarcade_command()
    programs = {
        "cardarcade menu": arcade,
        "bare Textual app": [sys.executable, str(_common.BENCH_DIR / "_bare_app.py")],
    }
    for command in programs.values():
        first_whole_frame(command, env, cwd)  # fill the bytecode and file caches
    frames: dict[str, list[float]] = {name: [] for name in programs}
    for _ in range(runs):
        for name, command in programs.items():
            frames[name].append(first_whole_frame(command, env, cwd))

    print(
        f"first whole frame (output then rests {REST_S:g} s), pty 80x24, {runs} runs each, round-robin"
        + (f", cardarcade from {cwd}" if args.source else "")
    )
    for name, times in frames.items():
        ms = sorted(t * 1000 for t in times)
        print(f"  {name:<22} median {median_ms(times):7.1f} ms   min {ms[0]:7.1f}   max {ms[-1]:7.1f}")
    ratio = median_ms(frames["cardarcade menu"]) / median_ms(frames["bare Textual app"])
    verdict = "met" if ratio <= TARGET_RATIO else "MISSED"
    print(f"  ratio {ratio:.2f} (target <= {TARGET_RATIO:g}): {verdict}")

    cpu_runs = max(5, runs)
    cpu = {"ArcadeApp": cpu_per_app("arcade", cpu_runs, env, cwd), "bare app": cpu_per_app("bare", cpu_runs, env, cwd)}
    print(
        f"\nCPU time to start one more app in a running process (headless 80x24, first frame, "
        f"close; median of {cpu_runs})"
    )
    for name, times in cpu.items():
        print(f"  {name:<22} {median_ms(times):7.1f} ms")

    imports = None
    if args.imports or ratio > TARGET_RATIO:
        rows = import_profile(env, cwd)
        shallow = sorted(((n, c, s) for n, c, s, depth in rows if depth <= 2), key=lambda r: -r[1])[:12]
        imports = [{"module": n, "cumulative_ms": round(c, 1), "self_ms": round(s, 1)} for n, c, s in shallow]
        print(f'\nslowest imports for the menu (python -X importtime -c "{MENU_IMPORTS}"):')
        for n, c, s in shallow:
            print(f"  {n:<44}{c:>9.1f}ms{s:>7.1f}ms")
        print(f"  total: {sum(r[2] for r in rows):.1f} ms over {len(rows)} modules")

    path = _common.write_results(
        "startup",
        {
            "quick": args.quick,
            "runs": runs,
            "source": str(cwd),
            "rest_s": REST_S,
            "first_whole_frame_ms": {
                name: {"median": median_ms(t), "all": sorted(round(x * 1000, 1) for x in t)}
                for name, t in frames.items()
            },
            "ratio": round(ratio, 3),
            "target_ratio": TARGET_RATIO,
            "meets_target": ratio <= TARGET_RATIO,
            "cpu_per_extra_app_ms": {name: median_ms(t) for name, t in cpu.items()},
            "top_imports": imports,
        },
    )
    print(f"results: {_common.shown(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
