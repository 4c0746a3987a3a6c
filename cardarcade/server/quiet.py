"""Whether the server's loop has been quiet: the timers that only look (the loop watchdog, the
collector) look less often while it is.

Each look is a wake-up of the whole loop (its timers' heap, a poll), and with every session idle
those looks were nearly all the server did: some 150 a second, 2.5-3.5% of a core for nothing.
Quiet means the loop's thread spent at most a small share of the time since the last look
working; a look that finds it busy goes back to looking often.
"""

from __future__ import annotations

import time

QUIET_SHARE = 0.05  # of the time since the last look, at most this much spent working is quiet


class LoopQuiet:
    """Asked at each look (on the loop's thread): was the loop quiet since the last?"""

    def __init__(self, share: float = QUIET_SHARE) -> None:
        self.share = share
        self._wall, self._cpu = time.monotonic(), time.thread_time()

    def since_last(self) -> bool:
        wall, cpu = time.monotonic(), time.thread_time()
        quiet = cpu - self._cpu <= self.share * (wall - self._wall)
        self._wall, self._cpu = wall, cpu
        return quiet

    def next_every(self, every: float, busy_every: float, quiet_every: float) -> float:
        """The next look's interval after one ``every`` ago: back to ``busy_every`` if the loop was
        busy, else twice as long, up to ``quiet_every`` (so a burst just over is watched closely)."""
        return min(quiet_every, max(busy_every, 2 * every)) if self.since_last() else busy_every
