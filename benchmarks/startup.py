"""Startup: from running ``cardarcade`` to the menu's first frame, in a real pseudo-terminal.

    python benchmarks/startup.py [--quick] [--runs N] [--imports]

Each run spawns the program on an 80x24 pty (TERM=xterm-256color), takes the time just before
the fork, and reads its output until the menu banner's "Pick a game" has arrived; then quits
it with ctrl+c. Two ways of starting it are timed:

- the ``cardarcade`` console script installed next to this Python: the program's own
  startup (the headline);
- under pyenv, also the ``cardarcade`` shim that an interactive shell would run: a bash
  script running ``pyenv exec``, which costs time of its own.

Python's bytecode cache is on (in a temporary directory, whatever PYTHONDONTWRITEBYTECODE
says), as after any normal install; if this environment turns it off, the app is also timed
without it, which is how it starts here from the editable install.

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
import tempfile
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


def bytecode_env(cache: str | None) -> dict[str, str]:
    """The environment to start programs in: with ``cache``, compiled bytecode is written to
    and read from that directory (as after any normal install); without, PYTHONDONTWRITEBYTECODE
    as this process has it (a sandbox may set it, and then cardarcade's own modules, installed
    editable, are compiled from source at every start)."""
    env = _common.terminal_env()
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    return env


def time_to_menu(command: list[str], env: dict[str, str]) -> float:
    """Seconds from fork to the menu text on the terminal."""
    proc = _common.PtyProcess(command, env=env, cwd=_common.REPO_DIR)
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


def time_to_ready(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from spawning a command to its first line of output (not to its exit: tearing
    down an interpreter full of modules takes tens of ms that nobody waits for)."""
    start = time.perf_counter()
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                          cwd=_common.REPO_DIR) as proc:
        line = proc.stdout.readline()
        ready = time.perf_counter()
        proc.stdout.read()
    if proc.returncode or not line:
        raise RuntimeError(f"{' '.join(argv)} failed (exit {proc.returncode})")
    return ready - start


def import_profile(env: dict[str, str]) -> list[tuple[str, float, float, int]]:
    """(module, cumulative ms, self ms, depth) for every import the menu needs."""
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", MENU_IMPORTS],
                         capture_output=True, text=True, check=True, env=env, cwd=_common.REPO_DIR)
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
    parser.add_argument("--quick", action="store_true", help="3 runs each, no shim / no-cache variants")
    parser.add_argument("--runs", type=int, help="runs per way of starting (default 10)")
    parser.add_argument("--imports", action="store_true", help="list the costliest imports even if on target")
    args = parser.parse_args(argv)
    runs = args.runs or (3 if args.quick else 10)

    with tempfile.TemporaryDirectory(prefix="cardarcade-bench-pyc-") as cache:
        return measure(runs, args.imports, bytecode_env(cache), args.quick)


def measure(runs: int, want_imports: bool, env: dict[str, str], quick: bool) -> int:
    app = _common.direct_cardarcade_command()
    # (label, what to run, environment, in a terminal?)
    jobs: list[tuple[str, list[str], dict[str, str], bool]] = [("cardarcade", app, env, True)]
    # Context, left out of a quick run: how this environment itself starts it.
    no_cache = bytecode_env(None)
    if no_cache.get("PYTHONDONTWRITEBYTECODE") and not quick:
        jobs.append(("cardarcade, no bytecode cache", app, no_cache, True))
    # Under pyenv an interactive shell runs a shim instead; time it too, because that is
    # what a person on such a machine waits for (but it is not the program's own cost).
    shim = _common.pyenv_shim("cardarcade")
    if shim and not quick:
        jobs.append(("via the pyenv shim", [shim], env, True))
    # The parts: interpreter, imports, and (by difference) the app itself up to its first frame.
    jobs.append(("python -c pass", [sys.executable, "-c", "print('ready', flush=True)"], env, False))
    jobs.append(("import the menu's modules",
                 [sys.executable, "-c", f"{MENU_IMPORTS}; print('ready', flush=True)"], env, False))

    def once(command: list[str], job_env: dict[str, str], pty: bool) -> float:
        return time_to_menu(command, job_env) if pty else time_to_ready(command, job_env)

    for _, command, job_env, pty in jobs:
        once(command, job_env, pty)  # fill the bytecode cache and the OS file cache
    # Round-robin over everything, so that a busy moment on the machine (this VM's speed
    # varies by tens of percent from minute to minute) weighs on every figure alike.
    times: dict[str, list[float]] = {label: [] for label, *_ in jobs}
    for _ in range(runs):
        for label, command, job_env, pty in jobs:
            times[label].append(once(command, job_env, pty))

    print(f"startup to the menu's first frame ({runs} runs each, round-robin, pty 80x24)")
    results: dict[str, dict] = {}
    part_stats: dict[str, dict] = {}
    for label, command, job_env, pty in jobs:
        r = {"command": " ".join(command), **stats(times[label])}
        (results if pty else part_stats)[label] = r
        where = "" if pty else "   (no terminal; until it prints)"
        print(f"  {label:<30} median {r['median_ms']:7.1f} ms   max {r['max_ms']:7.1f} ms{where}")
    main_label = "cardarcade"
    headline = results[main_label]["median_ms"]
    verdict = "met" if headline < TARGET_MS else "MISSED"
    print(f"\ntarget: median < {TARGET_MS:g} ms: {headline:.1f} ms ({main_label}), {verdict}")
    for label, why in (("cardarcade, no bytecode cache", "as this environment runs it (PYTHONDONTWRITEBYTECODE)"),
                       ("via the pyenv shim", "through the pyenv shim, as an interactive shell here runs it")):
        if label in results:
            print(f"  {why}: {results[label]['median_ms']:.1f} ms")

    imports = packages = None
    if want_imports or headline >= TARGET_MS:
        rows = import_profile(env)
        imports, packages = top_imports(rows), by_package(rows)
        print(f"\nslowest imports for the menu (python -X importtime -c \"{MENU_IMPORTS}\"):")
        print(f"  {'module (depth <= 2)':<44}{'cumulative':>11}{'self':>9}")
        for name, cum, self_ms in imports:
            print(f"  {name:<44}{cum:>9.1f}ms{self_ms:>7.1f}ms")
        print("  self time by package: " + ", ".join(f"{n} {ms:.1f}ms" for n, ms in packages))
        print(f"  total: {sum(r[2] for r in rows):.1f} ms over {len(rows)} modules")

    path = _common.write_results("startup", {
        "quick": quick, "bytecode": "cached (PYTHONPYCACHEPREFIX in a temporary directory)",
        "ready_text": READY.decode(), "target_median_ms": TARGET_MS,
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
