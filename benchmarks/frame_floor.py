"""The floor: the least CPU Textual spends on a frame of N changed lines, beside a War turn's.

    python benchmarks/frame_floor.py [--lines 1,17] [--keys 200] [--turns 300]

A War turn is one frame of about 17 changed lines (two seats' card rows and headers, the
headline and round, the log's rows). However the arcade draws them, Textual spends some CPU on
any frame: a key's message, the widget's refresh and its messages, the compositor's pass over
the changed lines, the frame into terminal codes. Here the bare app (``_bare_app.py``: one Label)
is given N lines of new text at every key, and its CPU a key measured two ways:

- through a pty (Textual's own terminal driver and its writer thread, as ``server_ssh.py``
  measures its yardstick of one key): CPU from /proc over ``--keys`` keys, each awaited;
- in process, as ``war_turns.py`` measures a War turn (headless driver, each frame still made
  into terminal codes, a key posted and its frame awaited): CPU a key, and then War's CPU a turn
  the same way, in the same run.

The difference between War's turn and the bare app's key of as many lines is what the arcade
adds; the bare app's figure is how low a War turn could go while drawn by Textual.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from textual import events

import war_turns
from _bare_app import BareApp
from server_ssh import bare_key_cpu_ms


async def in_process(lines: int, keys: int, warmup: int = 30) -> tuple[float, float]:
    """(mean, median) CPU ms a key of the bare app with ``lines`` lines, in process."""
    war_turns.framed = asyncio.Event()  # (one per event loop: each size runs in a loop of its own)
    app = BareApp(lines)
    each = []
    async with app.run_test(size=(80, 24)) as pilot:
        app._driver.__class__ = war_turns.CountingDriver  # (run_test makes its own headless driver)
        await pilot.pause()
        for n in range(warmup + keys):
            began = time.process_time()
            war_turns.framed.clear()
            app.post_message(events.Key("x", "x"))
            await war_turns.next_frame()
            if n >= warmup:
                each.append(time.process_time() - began)
    return 1000 * sum(each) / len(each), 1000 * statistics.median(each)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", default="1,17", help="lines of new text a key draws, comma-separated")
    parser.add_argument("--keys", type=int, default=200, help="keys measured at each size")
    parser.add_argument("--turns", type=int, default=300, help="War turns measured in process (0: none)")
    parser.add_argument("--no-pty", action="store_true", help="in process only")
    args = parser.parse_args()
    sizes = [int(n) for n in args.lines.split(",")]
    for lines in sizes:
        mean, median = asyncio.run(in_process(lines, args.keys))
        row = f"bare app, {lines:>2} new lines a key: in process {mean:.2f} ms CPU a key (median {median:.2f})"
        if not args.no_pty:
            row += f"; through a pty {bare_key_cpu_ms(args.keys, lines):.2f} ms"
        print(row, flush=True)
    if args.turns:
        war_turns.each.clear()
        war_turns.framed = asyncio.Event()
        spent, played, frames, chars, _missed = asyncio.run(war_turns.play(args.turns, 30, None))
        print(
            f"War, in process: {spent * 1000 / played:.2f} ms CPU a turn "
            f"(median {statistics.median(war_turns.each) * 1000:.2f}), {frames / played:.2f} frames, "
            f"{chars / played:.0f} characters a turn"
        )


if __name__ == "__main__":
    main()
