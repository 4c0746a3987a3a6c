"""A held-down screen key through a real pseudo-terminal: how long the app goes on working after
the key is let go, how soon it answers the next key, and its memory before and after.

    python benchmarks/key_storms.py [--quick] [--games schnapsen,thirteen,go-fish,machiavelli]

For each game, ``cardarcade play GAME --bots easy --seed 1`` runs at 80x24 in a temporary data
folder. Once its first screen has rested, its resident memory (VmRSS) is read; then a key is
"held down": Escape 300 times and F1 30 times, each at a terminal's autorepeat pace (30 a second,
one key per write), as issue 25 found them (each Escape opened or closed the pause menu, each F1
the rules: minutes of work queued). Measured after the last key of each hold:

- backlog: until the output rests for 0.5 s (the app still working through what was queued);
- next key: then Escape is written (whatever shows, it answers: the pause menu opens or closes,
  the rules close), and the time to its first bytes and to the last byte before a 60 ms rest (a
  lone Escape is known as such only after a short wait for the rest of a sequence: in both);
- memory: VmRSS 2 s after the rest, against the start.

Then both holds again (``--rounds``, 2): memory after each round against the round before says
whether storms pile up memory or a first storm only fills what the screens cache.

Targets (issue 25): the next key answered within a second; memory within 20% of the start.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import _common

HOLDS = [("escape", b"\x1b", 300), ("f1", b"\x1bOP", 30)]
AUTOREPEAT = 1 / 30  # seconds between two repeats of a held key
NEXT_KEY = b"\x1b"


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def hold(proc: _common.PtyProcess, key: bytes, times: int) -> None:
    """The key written ``times`` times at autorepeat pace, reading all the while."""
    due = time.perf_counter()
    for _ in range(times):
        due += AUTOREPEAT
        os.write(proc.fd, key)
        while (left := due - time.perf_counter()) > 0:
            proc.read_once(left)


def measure_game(game: str, holds: list[tuple[str, bytes, int]], rounds: int) -> dict:
    with tempfile.TemporaryDirectory() as home:
        env = _common.terminal_env({"XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home, "HOME": home})
        proc = _common.PtyProcess(
            [*_common.direct_cardarcade_command(), "play", game, "--bots", "easy", "--seed", "1"], env=env
        )
        try:
            if not proc.wait_quiet(1.0, 60.0):
                raise RuntimeError(f"{game}: the first screen never rested")
            start_rss = rss_mib(proc.pid)
            out: dict = {"rss_start_mib": round(start_rss, 1), "holds": {}, "rss_after_round_mib": []}
            for name, key, times in [hold_ for _ in range(rounds) for hold_ in holds]:
                hold(proc, key, times)
                let_go = time.perf_counter()
                rested = proc.wait_quiet(0.5, 120.0)
                backlog = time.perf_counter() - 0.5 - let_go if rested else None
                written = time.perf_counter()
                os.write(proc.fd, NEXT_KEY)
                first = proc.wait_for(b"\x1b", 10.0, start=len(proc.output))
                whole = proc.last_byte_before_rest(0.06, 10.0, last=first)
                proc.drain_for(2.0)
                out["holds"].setdefault(name, []).append(
                    {
                        "keys": times,
                        "backlog_after_let_go_s": None if backlog is None else round(max(backlog, 0.0), 3),
                        "next_key_first_bytes_ms": None if first is None else round(1000 * (first - written), 1),
                        "next_key_whole_answer_ms": None if whole is None else round(1000 * (whole - written), 1),
                        "rss_after_mib": round(rss_mib(proc.pid), 1),
                    }
                )
                if name == holds[-1][0]:
                    out["rss_after_round_mib"].append(out["holds"][name][-1]["rss_after_mib"])
            out["rss_end_vs_start"] = round(out["rss_after_round_mib"][-1] / start_rss, 3)
            return out
        finally:
            proc.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game, holds a third as long")
    parser.add_argument("--games", default="schnapsen,thirteen,go-fish,machiavelli")
    parser.add_argument("--rounds", type=int, default=2, help="times both holds are made, one after the other")
    args = parser.parse_args(argv)
    games = args.games.split(",")[:1] if args.quick else args.games.split(",")
    holds = [(name, key, max(1, times // 3)) for name, key, times in HOLDS] if args.quick else HOLDS
    results = {}
    for game in games:
        results[game] = found = measure_game(game, holds, 1 if args.quick else args.rounds)
        for name, rounds in found["holds"].items():
            for figures in rounds:
                print(
                    f"{game:12} held {name:6} x{figures['keys']}: working {figures['backlog_after_let_go_s']} s "
                    f"after let go; next key {figures['next_key_first_bytes_ms']} ms to first bytes, "
                    f"{figures['next_key_whole_answer_ms']} ms whole; memory {found['rss_start_mib']} -> "
                    f"{figures['rss_after_mib']} MiB",
                    flush=True,
                )
        print(f"{game:12} memory after each round: {found['rss_after_round_mib']} MiB", flush=True)
    path = _common.write_results("key_storms", {"quick": args.quick, "games": results})
    print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
