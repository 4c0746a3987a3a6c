"""Opening the statistics screen with 100,000 recorded reactions, next to a bare screen.

    python benchmarks/stats_screen.py [--quick] [--runs N] [--reactions N] [--games N]

A fresh statistics file in a temporary user folder gets ``--games`` finished games (2,000) and
``--reactions`` reaction times (100,000 over 200 sessions, as ``store_stats.py`` fills it). Two
programs run on their own 80x24 pty: ``cardarcade`` on its menu, playing as that file's profile
(the settings file says so), where ``s`` opens the statistics screen; and a bare Textual app
where ``s`` pushes a screen of one Static. In turns (so that other work on the machine weighs on both alike): press ``s``, time
to the last byte before the output rests for 60 ms (the screen's whole first draw, charts and
all); in the arcade, then press ``2`` and ``3`` the same way (the reaction times, whose figures
are read from the file when first shown, and the trend); press escape (untimed) and let the
output rest. The first round in each program is reported apart (it imports the screen and the
charts, and opens the file); the headline is the p50 and p99 of the others, and their ratio to
the bare screen's. Target: under 200 ms.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402
import store_stats  # noqa: E402  (its fill: the same database as the store's own benchmark)

TARGET_MS = 200
REST_S = 0.06
QUIET_S = 0.3
TIMEOUT_S = 20.0
# The charts' keys, and a word each draws: the reaction times (their figures are read from the
# file the first time they are shown) and the trend over sessions.
VIEWS = {b"2": b"reactions per", b"3": b"median and fastest"}

# The bare program: ``s`` pushes a screen of one Static, escape pops it.
_BARE = r"""
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static


class BareScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen")]

    def compose(self):
        yield Static("bare screen")


class Bare(App):
    BINDINGS = [Binding("ctrl+c", "quit", priority=True), Binding("s", "open")]

    def compose(self):
        yield Static("menu")

    def action_open(self):
        self.push_screen(BareScreen())


Bare().run()
"""


class Program:
    def __init__(self, which: str, command: list[str], env: dict[str, str], ready: bytes, marker: bytes) -> None:
        self.which, self.marker = which, marker
        self.proc = _common.PtyProcess(command, env=env, cwd=_common.REPO_DIR)
        if self.proc.wait_for(ready, TIMEOUT_S) is None or not self.proc.wait_quiet(QUIET_S, TIMEOUT_S):
            raise RuntimeError(f"{which}: never drew its first screen: {bytes(self.proc.output[-300:])!r}")
        self.opens: list[float] = []
        self.views: dict[bytes, list[float]] = {}  # key -> seconds to draw that view

    def open_once(self) -> None:
        """Open the screen (timed), then show each chart (timed, the arcade only), then close it."""
        self.opens.append(self._answer(b"s", self.marker))
        if self.which == "arcade":
            for key, marker in VIEWS.items():
                self.views.setdefault(key, []).append(self._answer(key, marker))
        self.proc.send(b"\x1b")
        self.proc.wait_quiet(QUIET_S, TIMEOUT_S)

    def _answer(self, key: bytes, marker: bytes) -> float:
        """Seconds from sending ``key`` to the last byte of its answer (``marker`` drawn, then
        the output resting for REST_S)."""
        proc = self.proc
        seconds = _common.whole_answer(proc, key, marker, REST_S, TIMEOUT_S)
        if seconds is None:
            raise RuntimeError(f"{self.which}: {key!r} never drew {marker!r}: {bytes(proc.output[-300:])!r}")
        proc.wait_quiet(QUIET_S, TIMEOUT_S)
        return seconds

    def close(self) -> None:
        self.proc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a run of about 15 s (a smaller file to fill)")
    parser.add_argument("--runs", type=int, default=None, help="timed openings per program (default 40)")
    parser.add_argument("--reactions", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=None, help="finished games recorded (default 2,000)")
    args = parser.parse_args()
    games = args.games or (200 if args.quick else 2_000)
    runs = args.runs or (8 if args.quick else 40)
    with tempfile.TemporaryDirectory() as home:
        data = Path(home) / "data"
        path = data / "cardarcade" / "stats.sqlite3"
        path.parent.mkdir(parents=True)
        fill_start = time.perf_counter()
        store_stats.fill(path, games, args.reactions)
        print(f"filled: {games:,} games, {args.reactions:,} reactions in {time.perf_counter() - fill_start:.1f} s")
        config = Path(home) / "config"
        (config / "cardarcade").mkdir(parents=True)
        # The arcade plays as the profile the file was filled for.
        (config / "cardarcade" / "settings.toml").write_text(f'profile = "{store_stats.PROFILE}"\n')
        env = _common.terminal_env({"XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(config)})
        programs = [
            Program("arcade", _common.direct_cardarcade_command(), env, b"Pick a game", b"Statistics"),
            Program("bare", [sys.executable, "-c", _BARE], env, b"menu", b"bare screen"),
        ]
        try:
            for _ in range(runs + 1):  # the first of each is the cold one
                for program in programs:
                    program.open_once()
        finally:
            for program in programs:
                program.close()
    arcade, bare = programs
    figures = {
        "first_open_ms": round(arcade.opens[0] * 1000, 1),
        "bare_first_open_ms": round(bare.opens[0] * 1000, 1),
        "open": _common.summary_ms(arcade.opens[1:]),
        "bare_open": _common.summary_ms(bare.opens[1:]),
    }
    for key, times in arcade.views.items():
        figures[f"key_{key.decode()}_view"] = _common.summary_ms(times[1:])
    figures["ratio_p50"] = round(figures["open"]["median"] / figures["bare_open"]["median"], 2)
    figures["ratio_p99"] = round(figures["open"]["p99"] / figures["bare_open"]["p99"], 2)
    for name in ("open", "bare_open", *(f"key_{k.decode()}_view" for k in VIEWS)):
        f = figures[name]
        print(f"{name:12} p50 {f['median']:7.1f} ms  p99 {f['p99']:7.1f} ms  max {f['max']:7.1f} ms  (n={f['n']})")
    print(
        f"first opening (imports, the file opened): {figures['first_open_ms']} ms, bare {figures['bare_first_open_ms']} ms"
    )
    print(
        f"statistics screen / bare screen: p50 {figures['ratio_p50']} x, p99 {figures['ratio_p99']} x; "
        f"target p99 under {TARGET_MS} ms: {'met' if figures['open']['p99'] < TARGET_MS else 'MISSED'}"
    )
    figures.update({"games": games, "reactions": args.reactions, "rest_ms": REST_S * 1000, "target_ms": TARGET_MS})
    print(f"results: {_common.write_results('stats_screen', figures)}")


if __name__ == "__main__":
    main()
