"""Startup: from running ``cardarcade`` to the menu's first frame, in a real pseudo-terminal.

    python benchmarks/startup.py [--quick] [--runs N] [--imports]

Each run spawns the program on an 80x24 pty (TERM=xterm-256color), takes the time just before
the fork, and reads its output until the menu banner's "Pick a game" has arrived; then quits
it with ctrl+c. Two ways of starting it are timed:

- the ``cardarcade`` console script installed next to this Python: the program's own
  startup (the headline);
- under pyenv, also the ``cardarcade`` shim that an interactive shell would run: a bash
  script running ``pyenv exec``, which costs time of its own.

For context the script also times a bare interpreter (``python -c pass``) and importing what
the menu needs (no terminal), so the figure splits into interpreter + imports + the app's first
frame. When startup misses the target (or with ``--imports``) it lists the costliest imports
from ``python -X importtime``.

Target: median < 400 ms to the first frame.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

TARGET_MS = 400.0
READY = b"Pick a game"
TIMEOUT_S = 20.0
# What the menu pulls in before it can draw (cli.py imports the UI lazily, so importing
# cardarcade.cli alone would miss most of it).
MENU_IMPORTS = "import cardarcade.cli, cardarcade.ui.app, cardarcade.ui.screens.menu"


def time_to_menu(command: list[str]) -> float:
    """Seconds from fork to the menu text on the terminal."""
    proc = _common.PtyProcess(command, cwd=_common.REPO_DIR)
    try:
        seen = proc.wait_for(READY, TIMEOUT_S)
        if seen is None:
            raise RuntimeError(f"{' '.join(command)}: no menu after {TIMEOUT_S:g} s; "
                               f"last output: {bytes(proc.output[-300:])!r}")
        return seen - proc.spawned_at
    finally:
        how = proc.close()
        if how not in ("quit key", "already exited"):
            print(f"    (had to end it with {how})")


def time_command(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=_common.REPO_DIR)
    return time.perf_counter() - start


def import_profile() -> list[tuple[str, float, float, int]]:
    """(module, cumulative ms, self ms, depth) for every import the menu needs."""
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", MENU_IMPORTS],
                         capture_output=True, text=True, check=True, cwd=_common.REPO_DIR)
    rows = []
    for line in run.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            rows.append((m[4], int(m[2]) / 1000, int(m[1]) / 1000, len(m[3]) // 2))
    return rows


def top_imports(rows: list[tuple[str, float, float, int]], limit: int = 12) -> list[tuple[str, float, float]]:
    """The slowest imports near the top of the tree (where a lazy import could be moved);
    deeper rows would only repeat the same cost under their parents' names."""
    shallow = [(n, c, s) for n, c, s, depth in rows if depth <= 2]
    return sorted(shallow, key=lambda r: -r[1])[:limit]


def by_package(rows: list[tuple[str, float, float, int]], limit: int = 10) -> list[tuple[str, float]]:
    """Self time summed per top-level package: who really owns the import cost."""
    totals: dict[str, float] = {}
    for name, _, self_ms, _ in rows:
        top = name.split(".")[0]
        totals[top] = totals.get(top, 0.0) + self_ms
    return sorted(totals.items(), key=lambda kv: -kv[1])[:limit]


def stats(seconds: list[float]) -> dict:
    ms = sorted(s * 1000 for s in seconds)
    return {"runs": len(ms), "median_ms": round(_common.percentile(ms, 50), 1), "max_ms": round(ms[-1], 1),
            "min_ms": round(ms[0], 1), "all_ms": [round(x, 1) for x in ms]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 runs each")
    parser.add_argument("--runs", type=int, help="runs per way of starting (default 10)")
    parser.add_argument("--imports", action="store_true", help="list the costliest imports even if on target")
    args = parser.parse_args(argv)
    runs = args.runs or (3 if args.quick else 10)

    ways = {"cardarcade": _common.direct_cardarcade_command()}
    # Under pyenv an interactive shell runs a shim instead; time it too, because that is
    # what a person on such a machine waits for (but it is not the program's own cost).
    shim = _common.pyenv_shim("cardarcade")
    if shim:
        ways["via the pyenv shim"] = [shim]

    # The parts: interpreter, imports, and (by difference) the app itself up to its first frame.
    parts = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "import the menu's modules": [sys.executable, "-c", MENU_IMPORTS],
    }
    # Round-robin over everything, so that a busy moment on the machine (this VM's speed
    # varies by tens of percent from minute to minute) weighs on every figure alike.
    jobs = [(label, lambda c=command: time_to_menu(c)) for label, command in ways.items()]
    jobs += [(label, lambda a=argv_: time_command(a)) for label, argv_ in parts.items()]
    for _, job in jobs:
        job()  # warm the OS file cache; the first run after a change is slower
    times: dict[str, list[float]] = {label: [] for label, _ in jobs}
    for _ in range(runs):
        for label, job in jobs:
            times[label].append(job())

    print(f"startup to the menu's first frame ({runs} runs each, round-robin, pty 80x24)")
    results: dict[str, dict] = {}
    for label, command in ways.items():
        results[label] = r = {"command": " ".join(command), **stats(times[label])}
        print(f"  {label:<28} median {r['median_ms']:7.1f} ms   max {r['max_ms']:7.1f} ms   ({' '.join(command)})")
    part_stats = {label: stats(times[label]) for label in parts}
    for label, r in part_stats.items():
        print(f"  {label:<28} median {r['median_ms']:7.1f} ms   max {r['max_ms']:7.1f} ms   (no terminal)")
    main_label = next(iter(results))
    headline = results[main_label]["median_ms"]
    verdict = "met" if headline < TARGET_MS else "MISSED"
    print(f"\ntarget: median < {TARGET_MS:g} ms: {headline:.1f} ms ({main_label}), {verdict}")
    if "via the pyenv shim" in results:
        print(f"  through the pyenv shim (an interactive shell here): {results['via the pyenv shim']['median_ms']:.1f} ms")

    imports = packages = None
    if args.imports or any(r["median_ms"] >= TARGET_MS for r in results.values()):
        rows = import_profile()
        imports, packages = top_imports(rows), by_package(rows)
        print(f"\nslowest imports for the menu (python -X importtime -c \"{MENU_IMPORTS}\"):")
        print(f"  {'module (depth <= 2)':<44}{'cumulative':>11}{'self':>9}")
        for name, cum, self_ms in imports:
            print(f"  {name:<44}{cum:>9.1f}ms{self_ms:>7.1f}ms")
        print(f"  self time by package: " + ", ".join(f"{n} {ms:.1f}ms" for n, ms in packages))
        print(f"  total: {sum(r[2] for r in rows):.1f} ms over {len(rows)} modules")

    path = _common.write_results("startup", {
        "quick": args.quick, "ready_text": READY.decode(), "target_median_ms": TARGET_MS,
        "median_ms": headline, "meets_target": headline < TARGET_MS,
        "ways": results, "parts": part_stats,
        "top_imports": [{"module": n, "cumulative_ms": round(c, 1), "self_ms": round(s, 1)} for n, c, s in imports]
        if imports else None,
        "import_self_ms_by_package": dict((n, round(ms, 1)) for n, ms in packages) if packages else None,
    })
    print(f"results: {path.relative_to(_common.REPO_DIR)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
