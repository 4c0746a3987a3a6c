"""The server's garbage-collection policy: no second-long stops for everyone.

CPython collects its oldest generation whenever that has grown by a quarter, and such a
collection visits every object in the process. A server's objects are mostly its sessions'
screens, which live as long as the sessions: with 120 sessions (1.7 million objects) each of
those collections stopped every session for 1 to 3 seconds, 40 times in a four-minute benchmark.

So while serving, the long-lived objects are frozen (``gc.freeze``: left out of collections) and
the automatic full collections are off. Instead, on a timer:

- the objects made since the last freeze are collected (only they are visited) and the survivors
  frozen in turn: every 2 s, or sooner once CPython's young collections have moved a few batches
  of objects into the old generation (a crowd of sessions starting makes tens of thousands a
  second: swept every 2 s, each sweep held the loop 100-300 ms); an idle server skips this;
- objects frozen and then let go (a session that ended, a screen that closed) are garbage only a
  full collection can free. Once enough sessions have ended, or the frozen part has grown by half,
  everything is unfrozen and collected once, then frozen again: one pause of about a second, and
  never more often than every ``full_every`` seconds.

The young generations are still collected by CPython as usual (they are small and quick).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Callable

log = logging.getLogger(__name__)

SWEEP_EVERY = 2.0  # seconds at most between collections of what was made since the last freeze
LOOK_EVERY = 0.25  # seconds between looks at how much has aged into the old generation
# Young collections that moved survivors into the old generation since the last sweep (each at most
# a few thousand objects) that call for a sweep before SWEEP_EVERY is up: keeps each sweep short.
AGED_FOR_SWEEP = 3
FULL_EVERY = 600.0  # seconds at least between full collections
ENDED_FOR_FULL = 20  # sessions ended since the last full collection that call for the next one
GROWTH_FOR_FULL = 0.5  # or the frozen part grown by this much since
NO_AUTOMATIC_FULL = 1_000_000  # a third threshold CPython's counts never reach


class Collector:
    def __init__(self, sessions_ended: Callable[[], int], *, sweep_every: float = SWEEP_EVERY,
                 full_every: float = FULL_EVERY, ended_for_full: int = ENDED_FOR_FULL) -> None:
        """``sessions_ended``: how many sessions have ended so far (a running count)."""
        self.sessions_ended = sessions_ended
        self.sweep_every = sweep_every
        self.full_every = full_every
        self.ended_for_full = ended_for_full
        self._thresholds: tuple[int, int, int] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._last_sweep = 0.0
        self._last_full = 0.0
        self._ended_at_full = 0
        self._frozen_at_full = 0
        self.full_collections = 0

    def start(self) -> None:
        """Freeze what exists now (modules, themes, the first screens) and take over."""
        self._thresholds = gc.get_threshold()
        gc.set_threshold(self._thresholds[0], self._thresholds[1], NO_AUTOMATIC_FULL)
        self._full()
        self._schedule()

    def stop(self) -> None:
        """Give the process back to CPython's own policy, with nothing left frozen."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._thresholds is not None:
            gc.unfreeze()
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    def _schedule(self) -> None:
        self._timer = asyncio.get_running_loop().call_later(min(LOOK_EVERY, self.sweep_every), self.tick)

    def tick(self) -> None:
        aged = gc.get_count()[2]  # young collections that aged objects since the last sweep (0: idle)
        if self.full_due():
            self._full()
        elif aged >= AGED_FOR_SWEEP or (aged and time.monotonic() - self._last_sweep >= self.sweep_every):
            self.sweep()
        if self._thresholds is not None and self._timer is not None:
            self._schedule()

    def sweep(self) -> None:
        """Collect what was made since the last freeze (only that is visited), freeze the rest."""
        gc.collect()
        gc.freeze()
        self._last_sweep = time.monotonic()

    def full_due(self) -> bool:
        if time.monotonic() - self._last_full < self.full_every:
            return False
        ended = self.sessions_ended() - self._ended_at_full
        grown = gc.get_freeze_count() - self._frozen_at_full
        return ended >= self.ended_for_full or grown >= GROWTH_FOR_FULL * max(self._frozen_at_full, 1)

    def _full(self) -> None:
        started = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._last_full = self._last_sweep = time.monotonic()
        self._ended_at_full = self.sessions_ended()
        self._frozen_at_full = gc.get_freeze_count()
        self.full_collections += 1
        log.info("full collection: %.0f ms, %d objects kept", 1000 * (time.perf_counter() - started),
                 self._frozen_at_full)
