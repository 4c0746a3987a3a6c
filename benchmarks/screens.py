"""Every screen's opening and closing, whole answer, beside a bare Textual app showing a page.

    python benchmarks/screens.py [--quick] [--rounds N] [--screens rules,log,pause,...] [--out NAME]

Each screen is a row: a program on its own 80x24 pty (the arcade as a player starts it), the
untimed keys that reach the place the screen opens from, the key that opens it and a text the
opened screen draws, the key that closes it and a text the screen below draws again. A press is
timed from writing the key to the last byte before the output rests 60 ms, once the marker has
come (``_common.whole_answer``): the screen fully there and resting.

The anchors, in the same run: ``benchmarks/_bare_pages.py``, a bare Textual app that on ``k``
pushes a *kept* page (installed, composed once) of 80 lines of text and on ``f`` composes that
page afresh; ``x`` pops either. Every row's sample is followed by an anchor's (kept and fresh in
turn), so machine load weighs on both alike. The first round is each program's cold start
(imports, first composition) and is reported apart; the figures are the other rounds'.

Rows (``--screens`` picks some; all by default):

- ``rules``: ``f1`` in Schnapsen (after three tricks' worth of moves), ``q`` closes it;
- ``log``: ``f2`` in the same game (the whole log), ``q`` closes it;
- ``pause``: ``escape`` in the same game, ``escape`` closes it (both wait out the escape delay,
  25 ms since issue 29: see the note in the table);
- ``pause-p``: the same menu by ``p`` in War (where ``p`` is the menu's key), ``p`` closes it: the
  menu's own answer, with no escape delay in it;
- ``setup``: ``enter`` on the menu (War's set-up), ``escape`` back to the menu;
- ``setup-rules``: ``f1`` on War's set-up, ``escape`` back to the set-up;
- ``stats``: ``s`` on the menu, ``q`` back; ``saves``: ``c`` on the menu (one saved game), ``q``
  back; ``settings``: ``o`` on the menu, ``escape`` back;
- ``choice``: ``enter`` on a card in Go Fish at three players ("Ask whom for ...?"), ``escape``;
- ``cover``: a hot-seat Schnapsen (``--hotseat``): ``enter`` plays a card and the cover for the
  other person comes up (the move's redraw is part of this answer); after 1 s with no key (the
  cover takes only a fresh press), ``enter`` lifts it;
- ``results``: War with a 20-round limit and bots at pace 0.1 s, played to the end; the whole
  log is opened as the game ends, so that the result (which waits for a screen the player
  opened) comes up when ``q`` closes it: that key's answer is the result's opening; after 1 s,
  ``enter`` (play again) is its closing, to the new game's table.

The lobby's screens need a server (``cardarcade serve``) and are not measured here.

Target (issue 29): every screen's median at most 1.5 times the kept page's, its p99 within
100 ms. Results in ``results/screens.json``. Runs against another checkout with
``PYTHONPATH=/that/checkout python benchmarks/screens.py`` (the programs inherit it).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

TARGET_RATIO = 1.5  # a screen's median against the kept page's
TARGET_P99_MS = 100.0
REST_S = 0.060  # the output resting this long ends a whole answer
QUIET_S = 0.15  # the output quiet this long before a timed key
GAP_S = (0.02, 0.08)  # and a random wait on top, read as a terminal would
TIMEOUT_S = 5.0  # a marker not drawn in this long: the press failed and the program starts again
READY_TIMEOUT_S = 30.0
GUARD_S = 1.0  # the result screen and the hot-seat cover take enter only after 0.8 s without a key
PACE = 0.1  # seconds a bot takes for a move (the arcade's fastest): games reach their ends soon
ENTER, ESCAPE, F1, F2 = b"\r", b"\x1b", b"\x1bOP", b"\x1bOQ"
KEY_NAMES = {ENTER: "enter", ESCAPE: "escape", F1: "f1", F2: "f2"}


def arcade(*args: str) -> list[str]:
    return [*_common.direct_cardarcade_command(), *args]


class Program:
    """One program on its own pty, started when first needed and again after a failed press."""

    def __init__(self, name: str, argv: list[str], ready: bytes, settle: tuple[bytes, ...] = ()) -> None:
        self.name, self.argv, self.ready, self.settle = name, argv, ready, settle
        self.proc: _common.PtyProcess | None = None
        self.starts = 0

    def running(self) -> _common.PtyProcess:
        if self.proc is None:
            self.starts += 1
            self.proc = _common.PtyProcess(self.argv, cwd=_common.REPO_DIR)
            if self.proc.wait_for(self.ready, READY_TIMEOUT_S) is None:
                raise RuntimeError(f"{self.name}: never drew {self.ready!r}: {bytes(self.proc.output[-300:])!r}")
            self.proc.wait_quiet(0.5, READY_TIMEOUT_S)
            for key in self.settle:  # untimed moves that bring the program to where rows start
                self.proc.drain_for(GUARD_S)  # (a hot-seat cover takes only a fresh press)
                self.proc.send(key)
                self.proc.wait_quiet(0.5, READY_TIMEOUT_S)
        return self.proc

    def untimed(self, key: bytes, marker: bytes) -> bool:
        proc = self.running()
        start = len(proc.output)
        proc.send(key)
        ok = proc.wait_for(marker, TIMEOUT_S, start=start) is not None
        proc.wait_quiet(QUIET_S, TIMEOUT_S)
        return ok

    def timed(self, key: bytes, marker: bytes, timeout: float = TIMEOUT_S) -> float | None:
        proc = self.running()
        proc.wait_quiet(QUIET_S, TIMEOUT_S)
        proc.drain_for(random.uniform(*GAP_S))
        proc.wait_quiet(QUIET_S, TIMEOUT_S)
        return _common.whole_answer(proc, key, marker, REST_S, timeout)

    def restart(self) -> None:
        self.stop()
        self.running()

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.close()
            self.proc = None


@dataclass
class Row:
    """One screen: how to reach it, open it and close it, and what was measured."""

    name: str
    program: str
    open_key: bytes
    open_marker: bytes
    close_key: bytes
    close_marker: bytes
    before: tuple[tuple[bytes, bytes], ...] = ()  # untimed (key, what it draws) to get there
    after: tuple[tuple[bytes, bytes], ...] = ()  # untimed, back to where the next round starts
    note: str = ""
    opens: list[float] = field(default_factory=list)
    closes: list[float] = field(default_factory=list)
    first: dict[str, float | None] = field(default_factory=dict)  # the cold round, apart
    failed: int = 0
    skipped: int = 0  # presses that did not open the screen, as can happen (the cover: see there)

    def sample(self, program: Program, cold: bool) -> None:
        opened = closed = None
        if all(program.untimed(key, marker) for key, marker in self.before):
            opened = self.open(program)
            if opened is not None:
                closed = self.close(program)
        if opened is None or closed is None or not all(program.untimed(k, m) for k, m in self.after):
            self.failed += 1
            program.restart()
            return
        if cold:
            self.first = {"open": opened, "close": closed}
        else:
            self.opens.append(opened)
            self.closes.append(closed)

    def open(self, program: Program) -> float | None:
        return program.timed(self.open_key, self.open_marker)

    def close(self, program: Program) -> float | None:
        return program.timed(self.close_key, self.close_marker)

    def keys(self) -> str:
        return f"{KEY_NAMES.get(self.open_key, self.open_key.decode())} / {KEY_NAMES.get(self.close_key, self.close_key.decode())}"

    def report(self) -> dict[str, Any]:
        return {
            "keys": self.keys(),
            "note": self.note,
            "open_ms": _common.summary_ms(self.opens),
            "close_ms": _common.summary_ms(self.closes),
            "first_open_ms": _ms(self.first.get("open")),
            "first_close_ms": _ms(self.first.get("close")),
            "failed": self.failed,
            "skipped": self.skipped,
        }


class CoverRow(Row):
    """The hot-seat cover: each opening is a move. The program starts afresh every few moves, so
    every card may still be played (once the stock is closed a card may be refused). A person
    who takes a trick leads the next one at once, with no cover: that press is skipped."""

    MOVES_PER_GAME = 8
    NO_COVER_S = 1.0  # no cover this long after the move: the same person moves again

    def sample(self, program: Program, cold: bool) -> None:
        self.moves = getattr(self, "moves", 0) + 1
        if self.moves % self.MOVES_PER_GAME == 0:
            program.restart()
        super().sample(program, cold)

    def open(self, program: Program) -> float | None:
        for _ in range(3):
            proc = program.running()
            proc.drain_for(GUARD_S)  # (an enter just after the cover lifted is not taken as a move)
            start = len(proc.output)
            opened = program.timed(self.open_key, self.open_marker, self.NO_COVER_S)
            if opened is not None or not self._same_person_again(proc.output[start:]):
                return opened
            self.skipped += 1
        return None

    @staticmethod
    def _same_person_again(answer: bytearray) -> bool:
        return answer.find(b"Your lead") >= 0 or answer.find(b"Your turn") >= 0

    def close(self, program: Program) -> float | None:
        program.running().drain_for(GUARD_S)
        return super().close(program)


class ResultsRow(Row):
    """A game's end: War is played to its round limit (untimed), the log opened as it ends; then
    closing the log brings the result up (timed), and play again deals the next game (timed)."""

    GAME_OVER = b"Game over"
    MOST_PRESSES = 400

    def open(self, program: Program) -> float | None:
        proc = program.running()
        start = len(proc.output)
        for _ in range(self.MOST_PRESSES):
            if proc.output.find(self.GAME_OVER, start) >= 0:
                break
            proc.send(ENTER)
            proc.drain_for(0.1)
        else:
            return None
        if not program.untimed(F2, b"the whole log ("):
            return None
        proc.drain_for(2.0)  # the result's delay (1.5 s) passes with the log open
        return super().open(program)

    def close(self, program: Program) -> float | None:
        program.running().drain_for(GUARD_S)
        return super().close(program)


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 1)


IN_GAME_TABLE = b"game pts"  # Schnapsen's seat lines
MENU = b"Pick a game"
SETUP = b"Rules book:"


def programs() -> dict[str, Program]:
    three_moves = (ENTER, ENTER, ENTER)  # the log has lines in it
    return {
        "bare": Program("bare", [sys.executable, str(_common.BENCH_DIR / "_bare_pages.py")], b"bare base screen"),
        "schnapsen": Program("schnapsen", arcade("play", "schnapsen", "--seed", "1"), b"Your lead", three_moves),
        "menu": Program("menu", arcade(), MENU),
        "go-fish": Program("go-fish", arcade("play", "go-fish", "--players", "3", "--seed", "1"), b"Ask for"),
        "hotseat": Program(
            "hotseat", arcade("play", "schnapsen", "--hotseat", "--seed", "1"), b"Pass to Player 1", (ENTER,)
        ),
        "war": Program(
            "war", arcade("play", "war", "--option", "max_rounds=20", "--seed", "1"), b"Press enter to turn"
        ),
        # (a game of its own: the results row deals a new game each round, whose menu is new)
        "war-pause": Program("war-pause", arcade("play", "war", "--seed", "1"), b"Press enter to turn"),
    }


def rows() -> list[Row]:
    escape_note = "closed by escape: Textual's wait for an escape sequence is in it"
    return [
        Row("rules", "schnapsen", F1, b"Trump-jack exchange", b"q", IN_GAME_TABLE),
        Row("log", "schnapsen", F2, b"the whole log (", b"q", IN_GAME_TABLE),
        Row("pause", "schnapsen", ESCAPE, b"paused", ESCAPE, IN_GAME_TABLE, note="opened and " + escape_note),
        Row("pause-p", "war-pause", b"p", b"paused", b"p", b"Press enter to turn", note="the menu's own key in War"),
        Row("setup", "menu", ENTER, SETUP, ESCAPE, MENU, note=escape_note),
        Row(
            "setup-rules",
            "menu",
            F1,
            b"win every card",
            ESCAPE,
            SETUP,
            ((ENTER, SETUP),),
            ((ESCAPE, MENU),),
            escape_note,
        ),
        Row("stats", "menu", b"s", b"Statistics", b"q", MENU),
        Row("saves", "menu", b"c", b"Saved games", b"q", MENU),
        Row("settings", "menu", b"o", b"Hard bots", ESCAPE, MENU, note=escape_note),
        Row("choice", "go-fish", ENTER, b"Ask whom for", ESCAPE, b"Collect books", note=escape_note),
        CoverRow("cover", "hotseat", ENTER, b"Pass to Player", ENTER, IN_GAME_TABLE, note="opened by a move"),
        ResultsRow(
            "results",
            "war",
            b"q",
            b"play again with a new deal",
            ENTER,
            b"Press enter to turn",
            note="opened by closing the log at the game's end; closed by play again",
        ),
    ]


def anchors() -> list[Row]:
    return [
        Row("kept page", "bare", b"k", b"kept page, line", b"x", b"bare base screen"),
        Row("fresh page", "bare", b"f", b"fresh page, line", b"x", b"bare base screen"),
    ]


def prepare_home() -> None:
    """Fresh data and settings folders, bots at the fastest pace, and one saved game for ``c``."""
    _common.use_fresh_data_folders()
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "cardarcade"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.toml").write_text(f"pace = {PACE}\n")
    saver = Program("saver", arcade("play", "schnapsen", "--seed", "2"), b"Your lead", (ENTER,))
    try:
        saver.untimed(b"q", b"Leave this game?")
        saver.running().send(b"y")
        saver.running().drain_for(1.0)
    finally:
        saver.stop()


def ratio(value: float, anchor: float) -> float:
    return round(value / anchor, 2) if anchor else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about a minute)")
    parser.add_argument(
        "--rounds", type=int, default=None, help="timed rounds after the cold one (default 10, quick 1)"
    )
    parser.add_argument("--screens", default="", help="comma-separated rows to measure (default: all)")
    parser.add_argument("--out", default="screens", help="results file name under results/ (default screens)")
    args = parser.parse_args()
    rounds = args.rounds or (1 if args.quick else 10)
    measured = rows()
    if args.screens:
        wanted = [name.strip() for name in args.screens.split(",") if name.strip()]
        unknown = set(wanted) - {row.name for row in measured}
        if unknown:
            parser.error(
                f"unknown screens: {', '.join(sorted(unknown))} (known: {', '.join(r.name for r in measured)})"
            )
        measured = [row for row in measured if row.name in wanted]
    kept, fresh = anchor_rows = anchors()
    prepare_home()
    running = programs()
    began = time.perf_counter()
    try:
        for number in range(rounds + 1):
            for index, row in enumerate(measured):
                row.sample(running[row.program], cold=number == 0)
                anchor = anchor_rows[index % 2]
                anchor.sample(running[anchor.program], cold=number == 0 and not anchor.first)
            if len(measured) < 2:  # both anchors every round all the same
                fresh.sample(running[fresh.program], cold=number == 0)
            print(f"round {number}/{rounds} done, {time.perf_counter() - began:.0f} s", file=sys.stderr)
    finally:
        for program in running.values():
            program.stop()

    base = _common.summary_ms(kept.opens)
    base_median = base.get("median", float("nan"))
    print(
        f"\n{'screen':12} {'keys':16} {'open p50':>8} {'p99':>7} {'close p50':>9} {'p99':>7}   x kept (open/close)  failed"
    )
    verdicts = {}
    for row in [kept, fresh, *measured]:
        opened, closed = _common.summary_ms(row.opens), _common.summary_ms(row.closes)
        if not opened.get("n"):
            print(f"{row.name:12} {row.keys():16} no figures ({row.failed} failed)")
            continue
        open_ratio = ratio(opened["median"], base_median)
        close_ratio = ratio(closed["median"], base_median)
        met = all((s["median"] <= TARGET_RATIO * base_median and s["p99"] <= TARGET_P99_MS) for s in (opened, closed))
        if row not in anchor_rows:
            verdicts[row.name] = met
        print(
            f"{row.name:12} {row.keys():16} {opened['median']:8.1f} {opened['p99']:7.1f} "
            f"{closed['median']:9.1f} {closed['p99']:7.1f}   {open_ratio:5.2f} / {close_ratio:5.2f}"
            f"          {row.failed:3}{'' if row in anchor_rows else ('  met' if met else '  MISSED')}"
            + (f"  ({row.note})" if row.note else "")
        )
    print("\nfirst (cold) opening and closing in each program, ms:")
    for row in [kept, fresh, *measured]:
        print(f"  {row.name:12} {_ms(row.first.get('open'))} / {_ms(row.first.get('close'))}")
    print(
        f"\ntarget: each screen's median at most {TARGET_RATIO:g} x the kept page's ({base_median:.1f} ms), "
        f"its p99 within {TARGET_P99_MS:g} ms: {sum(verdicts.values())} of {len(verdicts)} met"
    )
    path = _common.write_results(
        args.out,
        {
            "quick": args.quick,
            "rounds": rounds,
            "terminal": {"cols": 80, "rows": 24, "TERM": "xterm-256color"},
            "rest_ms": REST_S * 1000,
            "target": {"median_ratio_to_kept_page": TARGET_RATIO, "p99_ms": TARGET_P99_MS},
            "anchors": {row.name: row.report() for row in anchor_rows},
            "screens": {row.name: row.report() | {"meets_target": verdicts.get(row.name)} for row in measured},
            "lobby": "not measured: its screens need a server",
        },
    )
    print(f"results: {_common.shown(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
