"""CPU a War turn costs one screen, in process: the drawing a server does for each person playing.

    python benchmarks/war_turns.py [--turns 150] [--warmup 30] [--profile]

One app at 80x24 (Textual's headless driver, but each frame still turned into terminal codes, as
a real driver does, and its bytes counted), two seats of War; a turn is the person's enter (a key
event posted to the app, as a server's driver does) and the frame it makes; where the bot has not
turned with the person (a checkout from before bots turned together), the bot's card is turned
through the table next and its frame awaited too, as its timer would. Prints CPU
seconds per turn (``time.process_time``), frames and bytes per turn and, with ``--profile``, the
turn's CPU split by cProfile into the game screen's ``refresh_all``, the compositor (frames made
from the widgets' lines) and the driver's part (frames into terminal codes). Run it beside
``PYTHONPATH=/tmp/base-...`` to compare with where a change started, in the same minute.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import time

from textual import events
from textual.drivers.headless_driver import HeadlessDriver

from cardarcade.rules import GAMES
from cardarcade.rules.war import FLIP
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings

written = [0, 0]  # frames, characters
each: list[float] = []  # CPU seconds of each turn measured (its median stands against others' load)
FRAME_WAIT = 1.0  # seconds a move's frame may take before the turn goes on without it (counted)
framed = asyncio.Event()  # set by each frame written
framed_by_app: dict[int, asyncio.Event] = {}  # id(app) -> set by each frame that app writes


class CountingDriver(HeadlessDriver):
    """Headless, yet the app turns each frame into terminal codes for it (as for a terminal)."""

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        written[0] += 1
        written[1] += len(data)
        framed.set()
        own = framed_by_app.get(id(self._app))
        if own is not None:
            own.set()


async def next_frame(event: asyncio.Event | None = None) -> bool:
    """Wait for the frame a move makes, as a server's loop would (no test pilot's round of every
    widget's queue, which costs more than the frame); False if none came."""
    event = framed if event is None else event
    try:
        await asyncio.wait_for(event.wait(), FRAME_WAIT)
    except TimeoutError:
        return False
    finally:
        event.clear()
    return True


async def play(
    turns: int, warmup: int, profiler: cProfile.Profile | None, sessions: int = 1
) -> tuple[float, int, int, int, int]:
    """``sessions`` apps in one process (as on a server: what they share, drawn parts and lines, is
    shared), each a game of War; the turns go round them, ``warmup`` each first."""
    settings = UISettings(pace=1000.0, countdown=0, result_delay=60, result_guard=0.0, hard_bot_seconds=None)
    tables: list[tuple[ArcadeApp, asyncio.Event]] = []
    all_up, done = asyncio.Event(), asyncio.Event()

    async def sit(n: int) -> None:
        setup = GameSetup.solo(GAMES["war"], 2, seed=7 + n, humans=1)
        app = ArcadeApp(start=setup, settings=settings)
        async with app.run_test(size=(80, 24)) as pilot:
            app._driver.__class__ = CountingDriver  # (run_test makes its own headless driver)
            await pilot.pause()
            framed_by_app[id(app)] = event = asyncio.Event()
            tables.append((app, event))
            if len(tables) == sessions:
                all_up.set()
            await done.wait()

    seated = [asyncio.create_task(sit(n)) for n in range(sessions)]
    await all_up.wait()
    missed = 0

    async def turn(app: ArcadeApp, event: asyncio.Event) -> bool:
        """One turn at this table (False: its game is over)."""
        nonlocal missed
        screen = app.screen
        game = screen.game  # type: ignore[attr-defined]
        if game.is_over:
            return False
        event.clear()
        app.post_message(events.Key("enter", "\r"))  # the person's enter, as a driver sends it
        missed += not await next_frame(event)
        if game.actors() == [1]:  # (the bot's timer never fires at this pace: turned for it)
            event.clear()
            screen.table.submit(1, FLIP)  # type: ignore[attr-defined]
            missed += not await next_frame(event)
        return True

    for n in range(warmup * sessions):
        await turn(*tables[n % sessions])
    written[:] = [0, 0]
    if profiler is not None:
        profiler.enable()
    start = time.process_time()
    played = 0
    for n in range(turns):
        began = time.process_time()
        if await turn(*tables[n % sessions]):
            each.append(time.process_time() - began)
            played += 1
        elif all(app.screen.game.is_over for app, _ in tables):  # type: ignore[attr-defined]
            break
    spent = time.process_time() - start
    if profiler is not None:
        profiler.disable()
    done.set()
    await asyncio.gather(*seated)
    framed_by_app.clear()
    return spent, played, written[0], written[1], missed


def share(stats: pstats.Stats, name: str, turns: int) -> float:
    """Cumulative ms a turn in the functions called ``name`` (the outermost call counted once)."""
    total = 0.0
    for (path, _line, func), (_cc, _nc, _tt, cumulative, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if func == name and ("textual" in path or "cardarcade" in path):
            total += cumulative
    return total * 1000 / turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="split the turn's CPU by cProfile")
    parser.add_argument(
        "--sessions", type=int, default=1, help="apps in the process, the turns going round them (as on a server)"
    )
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    spent, played, frames, chars, missed = asyncio.run(play(args.turns, args.warmup, profiler, args.sessions))
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__  # (apps run side by side put back each other's capture)
    print(
        f"{played} turns: {spent * 1000 / played:.2f} ms CPU a turn (median {statistics.median(each) * 1000:.2f}), "
        f"{frames / played:.2f} frames, {chars / played:.0f} characters a turn"
        + (f" ({missed} moves drew no frame)" if missed else "")
    )
    if profiler is not None:
        stats = pstats.Stats(profiler)
        for label, name in (
            ("refresh_all", "refresh_all"),
            ("compositor", "render_update"),
            ("driver (frame to codes)", "render_segments"),
        ):
            print(f"  {label}: {share(stats, name, played):.2f} ms a turn (profiled)")


if __name__ == "__main__":
    main()
