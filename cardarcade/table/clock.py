"""Clocks for the table: the real asyncio loop, or virtual time for headless play and tests.

Both expose ``now()`` and ``call_at(when, callback) -> handle`` with ``handle.cancel()``. The
real clock is the event loop's (``time.monotonic``), the same clock Textual stamps key events
with, so a key press and a bot's scheduled slap can be compared directly.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from typing import Protocol
from collections.abc import Callable


class Handle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Handle: ...


class LoopClock:
    """Real time on the running asyncio loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self._loop = loop or asyncio.get_running_loop()

    def now(self) -> float:
        return self._loop.time()

    def call_at(self, when: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
        return self._loop.call_at(when, callback)


class _VirtualHandle:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class VirtualClock:
    """Simulated time: callbacks run in time order as fast as the CPU allows."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._queue: list[tuple[float, int, _VirtualHandle, Callable[[], None]]] = []
        self._seq = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> _VirtualHandle:
        handle = _VirtualHandle()
        heapq.heappush(self._queue, (max(when, self._now), next(self._seq), handle, callback))
        return handle

    def advance(self, seconds: float) -> None:
        """Run everything due in the next ``seconds``, then stop there."""
        self.run(until=self._now + seconds)

    def run(self, until: float | None = None, max_callbacks: int | None = None) -> int:
        """Run due callbacks in order (all of them if ``until`` is None). Returns how many ran."""
        ran = 0
        queue = self._queue
        while queue and (until is None or queue[0][0] <= until):
            when, _, handle, callback = heapq.heappop(queue)
            if handle.cancelled:
                continue
            self._now = when
            callback()
            ran += 1
            if max_callbacks is not None and ran >= max_callbacks:
                break
        if until is not None and self._now < until:
            self._now = until
        return ran

    @property
    def idle(self) -> bool:
        return all(h.cancelled for _, _, h, _ in self._queue)
