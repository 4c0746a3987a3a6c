"""Time to open a replay of a 2,000-move game and to step through it.

    python benchmarks/replays.py [--quick] [--runs N]

The game: War between easy bots played to its end at a table (the moves as the table noted
them), about 2,000 moves, kept in a replay store in a temporary folder. Measured in this
process, CPU time (the machine is shared: wall time is noise here), each figure the median of
``--runs`` with its p99 and worst:

- read: ``ReplayStore.load``, the file read and every line checked;
- worked through: ``replay.Positions`` to the end and the log's lines there (what the list's
  worker thread does before the screen opens);
- screen: the game's own screen made read-only (``ReplayScreen``) pushed at 80x24 in a headless
  app, until it is drawn at the last move;
- a step: every move from the end back to the start, one at a time, then forward again, through
  the screen (the game at that move, its log, the table drawn again): per step;
- a jump: to a random move anywhere (a checkpoint every 64 moves, then the moves on from it);
- a held key: 300 presses of a step key at once, the time until the screen shows the move
  reached (drawn once a frame, not once a press).

No target in the issue beyond being measured; what a person notices is a step drawn within a
frame (16 ms) and a replay opening in well under the 200 ms other screens are held to.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _common  # noqa: E402

from textual import events  # noqa: E402

from cardarcade.replay import Positions  # noqa: E402
from cardarcade.store.replays import ReplayStore  # noqa: E402
from cardarcade.ui.app import ArcadeApp, UISettings  # noqa: E402
from cardarcade.ui.screens.replay import ReplayScreen, opened  # noqa: E402
from cardarcade.ui.textual_compat import driver_of  # noqa: E402
from tests.replay_helpers import played  # noqa: E402


async def on_screen(replay, runs: int) -> dict[str, list[float]]:
    """Open the screen ``runs`` times; step back and forth once; jump; hold a key."""
    app = ArcadeApp(settings=UISettings(countdown=0, hard_bot_seconds=None))
    found: dict[str, list[float]] = {"screen": [], "step": [], "jump": [], "held_key": [], "held_key_reached": []}
    async with app.run_test(size=(80, 24)) as pilot:
        screen = None
        for _ in range(runs):
            if screen is not None:
                app.pop_screen()
                await pilot.pause()
            positions = opened(replay)
            start = time.process_time()
            screen = ReplayScreen(replay, positions=positions)
            await app.push_screen(screen)
            await pilot.pause()
            found["screen"].append(time.process_time() - start)
        assert screen is not None
        total = len(replay.moves)
        for n in [*range(total - 1, -1, -1), *range(1, total + 1)]:
            found["step"].append(_common.cpu_of(lambda n=n: screen._show(n)))
        rng = random.Random(1)
        for _ in range(runs * 4):
            n = rng.randrange(total + 1)
            found["jump"].append(_common.cpu_of(lambda n=n: screen._show(n)))
        driver = driver_of(app)
        for _ in range(max(3, runs // 4)):
            screen._show(0)
            await pilot.pause()
            start = time.process_time()
            for _ in range(300):  # (all queued before any is handled, as a terminal's one read of them)
                key = events.Key("right", None)
                key.set_sender(app)
                driver.send_message(key)
            await pilot.pause()
            while screen._draw_due or screen.shown != screen._target:
                await pilot.pause()
            found["held_key"].append(time.process_time() - start)
            found["held_key_reached"].append(screen.shown)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a run of about 15 s")
    parser.add_argument("--runs", type=int, default=None, help="opens of each kind (default 30; --quick 8)")
    args = parser.parse_args()
    runs = args.runs or (8 if args.quick else 30)
    _common.use_fresh_data_folders()
    replay, _ = played("war")
    print(f"a replay of War: {len(replay.moves):,} moves, {replay.duration:.0f} s of play")
    with tempfile.TemporaryDirectory() as folder:
        store = ReplayStore(Path(folder))
        path = store.add(replay)
        print(f"its file: {path.stat().st_size:,} bytes")
        reads = [_common.cpu_of(lambda: store.load(replay.replay_id)) for _ in range(runs)]
    through = [_common.cpu_of(lambda: opened(replay)) for _ in range(runs)]
    bare = [_common.cpu_of(lambda: Positions(replay).at(len(replay.moves))) for _ in range(runs)]
    found = asyncio.run(on_screen(replay, runs))
    figures = {
        "moves": len(replay.moves),
        "read_cpu_ms": _common.summary_ms(reads),
        "worked_through_cpu_ms": _common.summary_ms(through),
        "moves_alone_cpu_ms": _common.summary_ms(bare),
        "screen_cpu_ms": _common.summary_ms(found["screen"]),
        "step_cpu_ms": _common.summary_ms(found["step"]),
        "jump_cpu_ms": _common.summary_ms(found["jump"]),
        "held_key_300_cpu_ms": _common.summary_ms(found["held_key"]),
        "held_key_300_moves_reached": found["held_key_reached"],
    }
    for name, f in figures.items():
        if isinstance(f, dict):
            print(
                f"{name[:-3]:22} median {f['median']:8.2f} ms  p99 {f['p99']:8.2f} ms  max {f['max']:8.2f} ms  (n={f['n']})"
            )
    print(f"held key: 300 presses moved {found['held_key_reached']} moves (the rest let go by the key guard)")
    worst = max(range(len(found["step"])), key=found["step"].__getitem__)
    print(f"the slowest step: number {worst + 1} of {len(found['step'])}")
    print(f"results: {_common.shown(_common.write_results('replays', figures))}")


if __name__ == "__main__":
    main()
