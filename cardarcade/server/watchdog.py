"""The loop watchdog: says when the server's event loop stopped answering everyone.

Every session runs on one loop, so anything that holds it (a session's flood of keys, a huge
redraw, a garbage collection) freezes every player at once. A timer due every ``every`` seconds
notes how late it ran; a lateness over ``threshold`` is a pause everyone felt, and is logged at
WARNING as "loop paused N ms", at most one line per ``report_every`` seconds (a line tells how
many pauses it stands for and gives the longest), so a stuck loop cannot flood the log.

A plain timer callback, not a task: about a hundred wake-ups a second cost an idle server a
tenth of a percent of a core.
"""

from __future__ import annotations

import asyncio
import logging

log = logging.getLogger("cardarcade.server")

EVERY = 0.010  # seconds between looks
THRESHOLD = 0.050  # a look this late is a pause worth telling
REPORT_EVERY = 1.0  # seconds at least between two lines in the log


class LoopWatchdog:
    def __init__(self, *, every: float = EVERY, threshold: float = THRESHOLD,
                 report_every: float = REPORT_EVERY) -> None:
        self.every = every
        self.threshold = threshold
        self.report_every = report_every
        self.pauses = 0  # pauses over the threshold since the start
        self.longest = 0.0  # seconds: the longest pause since the start
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._due = 0.0
        self._last_report = float("-inf")
        self._unreported = 0  # pauses seen since the last line...
        self._unreported_longest = 0.0  # ...and the longest of them

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._schedule(self._loop.time())

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._report()  # a pause not yet told is told now

    def _schedule(self, now: float) -> None:
        assert self._loop is not None
        self._due = now + self.every
        self._timer = self._loop.call_at(self._due, self._look)

    def _look(self) -> None:
        assert self._loop is not None
        now = self._loop.time()
        late = now - self._due
        if late > self.threshold:
            self.pauses += 1
            self.longest = max(self.longest, late)
            self._unreported += 1
            self._unreported_longest = max(self._unreported_longest, late)
            if now - self._last_report >= self.report_every:
                self._report()
        elif self._unreported and now - self._last_report >= self.report_every:
            self._report()
        self._schedule(now)

    def _report(self) -> None:
        if not self._unreported:
            return
        count = self._unreported
        log.warning("loop paused %.0f ms%s", 1000 * self._unreported_longest,
                    f" (the longest of {count} pauses over {1000 * self.threshold:.0f} ms)" if count > 1 else "")
        self._last_report = self._loop.time() if self._loop is not None else 0.0
        self._unreported, self._unreported_longest = 0, 0.0
