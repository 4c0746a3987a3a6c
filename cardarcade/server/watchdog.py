"""The loop watchdog: says when the server's event loop stopped answering everyone.

Every session runs on one loop, so anything that holds it (a session's flood of keys, a huge
redraw, a garbage collection) freezes every player at once. A timer due every ``every`` seconds
notes how late it ran; a lateness over ``threshold`` is a pause everyone felt, and is logged at
WARNING as "loop paused N ms", at most one line per ``report_every`` seconds (a line tells how
many pauses it stands for and gives the longest), so a stuck loop cannot flood the log.

A plain timer callback, not a task. While nobody is connected (``watched`` says so) it looks
only every ``idle_every`` seconds: a hundred wake-ups a second, and the collector's fifty, cost a
server nobody was on about 1.5% of a core, for pauses nobody could feel. While people are
connected but the loop is quiet (everyone idle on a menu: ``server/quiet.py``) it looks less
often, up to every ``threshold`` seconds: a pause that begins then is told from that look, so
one of twice the threshold is always told (shorter by up to the threshold); a look that finds
the loop busy, or late, goes back to every ``every`` seconds.

With ``CARDARCADE_PAUSE_STACKS=1`` in the server's environment, a thread also looks at the loop's
stack while a pause is under way, and the line says where the loop was held (the innermost frames
of the arcade, Textual, Rich and asyncssh): how a maintainer finds what to make cheaper.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
import time
from collections.abc import Callable

from cardarcade.server.quiet import LoopQuiet

log = logging.getLogger("cardarcade.server")

EVERY = 0.010  # seconds between looks
THRESHOLD = 0.050  # a look this late is a pause worth telling
REPORT_EVERY = 1.0  # seconds at least between two lines in the log
IDLE_EVERY = 0.5  # seconds between looks while nobody is connected


class LoopWatchdog:
    def __init__(
        self,
        *,
        every: float = EVERY,
        threshold: float = THRESHOLD,
        report_every: float = REPORT_EVERY,
        watched: Callable[[], bool] | None = None,
        idle_every: float = IDLE_EVERY,
    ) -> None:
        """``watched``: whether anyone is connected to feel a pause (None: always)."""
        self.every = every
        self.watched = watched
        self.idle_every = idle_every
        self.threshold = threshold
        self.report_every = report_every
        self.looks = 0  # times it woke to look, since the start
        self.pauses = 0  # pauses over the threshold since the start
        self.longest = 0.0  # seconds: the longest pause since the start
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._due = 0.0
        self._last_report = float("-inf")
        self._unreported = 0  # pauses seen since the last line...
        self._unreported_longest = 0.0  # ...and the longest of them
        self._sampler: _StackSampler | None = None
        self._quiet = LoopQuiet()
        self._every = every  # the interval now: ``every`` while the loop is busy, up to ``threshold`` while quiet

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._schedule(self._loop.time())
        if os.environ.get("CARDARCADE_PAUSE_STACKS") == "1":
            self._sampler = _StackSampler(self)
            self._sampler.start()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._sampler is not None:
            self._sampler.stop()
        self._report()  # a pause not yet told is told now

    def _schedule(self, now: float) -> None:
        assert self._loop is not None
        self._due = now + (self._every if self.watched is None or self.watched() else self.idle_every)
        self._timer = self._loop.call_at(self._due, self._look)

    def _look(self) -> None:
        assert self._loop is not None
        now = self._loop.time()
        self.looks += 1
        late = now - self._due
        if self._sampler is not None:
            self._sampler.tell(late)
        if late > self.threshold:
            self.pauses += 1
            self.longest = max(self.longest, late)
            self._unreported += 1
            self._unreported_longest = max(self._unreported_longest, late)
            if now - self._last_report >= self.report_every:
                self._report()
        elif self._unreported and now - self._last_report >= self.report_every:
            self._report()
        quiet_every = max(self.every, self.threshold)
        self._every = (
            self.every if late > self.threshold else self._quiet.next_every(self._every, self.every, quiet_every)
        )
        self._schedule(now)

    def _report(self) -> None:
        if not self._unreported:
            return
        count = self._unreported
        log.warning(
            "loop paused %.0f ms%s",
            1000 * self._unreported_longest,
            f" (the longest of {count} pauses over {1000 * self.threshold:.0f} ms)" if count > 1 else "",
        )
        self._last_report = self._loop.time() if self._loop is not None else 0.0
        self._unreported, self._unreported_longest = 0, 0.0


SAMPLE_EVERY = 0.005  # seconds between the sampler's looks at a late loop


class _StackSampler(threading.Thread):
    """Samples the loop thread's stack while the watchdog's timer is overdue (a pause under way)."""

    def __init__(self, dog: LoopWatchdog) -> None:
        super().__init__(name="pause stacks", daemon=True)
        self._dog = dog
        self._loop_thread = threading.get_ident()
        self._stopped = threading.Event()
        self._samples: list[str] = []  # of the pause under way

    def stop(self) -> None:
        self._stopped.set()

    def run(self) -> None:
        while not self._stopped.wait(SAMPLE_EVERY):
            if time.monotonic() - self._dog._due > self._dog.threshold / 2:  # (the loop's clock is monotonic)
                frame = sys._current_frames().get(self._loop_thread)
                if frame is not None and len(self._samples) < 50:
                    self._samples.append(_where(frame))

    def tell(self, late: float) -> None:
        """The loop is back (on the loop's thread), ``late`` seconds late: a pause is logged with
        where it was held."""
        samples, self._samples = self._samples, []
        if samples and late > self._dog.threshold:
            common = max(set(samples), key=samples.count)
            log.warning(
                "loop held %.0f ms; %d of %d looks were in: %s",
                1000 * late,
                samples.count(common),
                len(samples),
                common,
            )


def _where(frame) -> str:
    parts = []
    while frame is not None and len(parts) < 14:
        path = frame.f_code.co_filename
        if any(name in path for name in ("cardarcade", "textual", "rich", "asyncssh")):
            short = path.rsplit("site-packages/", 1)[-1].rsplit("/work/main/", 1)[-1]
            parts.append(f"{short}:{frame.f_lineno} {frame.f_code.co_name}")
        frame = frame.f_back
    return " < ".join(parts)
