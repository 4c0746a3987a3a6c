"""The table's memory of recent stimuli: when each appeared and whose move made it.

A claim counts against the stimulus its claimant saw when they pressed, which may be older than
the one showing when the claim is settled, and a claim beaten by an earlier move is told who made
that move and how much sooner. Both look the recent past up by time or by stimulus; the ``Table``
keeps to the present and records each new stimulus here.
"""

from __future__ import annotations

import bisect

HISTORY = 512  # stimuli kept (only recent history is ever looked up) ...
TRIM = 256  # ... dropping this many of the oldest at a time
MAKERS = 64  # a claim loses to a move made a moment before it, never older


class StimulusLog:
    """When each stimulus appeared (parallel lists, for bisecting by press time), and who made
    each recent one and when they pressed."""

    __slots__ = ("_times", "_values", "_made_by")

    def __init__(self, now: float, stimulus: int) -> None:
        self._times = [now]
        self._values = [stimulus]
        self._made_by: dict[int, tuple[int, float]] = {}

    @property
    def latest_time(self) -> float:
        """When the newest stimulus appeared."""
        return self._times[-1]

    def restart(self, now: float, *, keep_later: bool = False) -> None:
        """Reactions to the newest stimulus count from ``now`` (play starts, or resumes: a card
        seen before a pause is not a head start). ``keep_later``: unless it appeared later."""
        self._times[-1] = max(self._times[-1], now) if keep_later else now

    def record(self, stimulus: int, now: float, maker: tuple[int, float] | None) -> None:
        """A new stimulus appeared ``now``; ``maker``: the seat whose move made it and when that
        move was pressed (None for a move the table made)."""
        times, values = self._times, self._values
        times.append(now)
        values.append(stimulus)
        if len(times) > HISTORY:
            del times[:TRIM], values[:TRIM]
        if maker is not None:
            made_by = self._made_by
            made_by[stimulus] = maker
            if len(made_by) > MAKERS:
                del made_by[next(iter(made_by))]

    def at(self, t: float) -> int:
        """The stimulus that was newest at clock time ``t``."""
        i = bisect.bisect_right(self._times, t) - 1
        return self._values[max(i, 0)]

    def time_of(self, stimulus: int | None = None) -> float:
        """When the given (default: newest) stimulus appeared."""
        if stimulus is None or stimulus == self._values[-1]:
            return self._times[-1]
        i = bisect.bisect_left(self._values, stimulus)
        return self._times[min(i, len(self._times) - 1)]

    def maker_of(self, stimulus: object) -> tuple[int, float] | None:
        """Who made this recent stimulus and when they pressed (None: not a seat, long ago, or no
        stimulus: ``stimulus`` is what an event's data names, if anything)."""
        return self._made_by.get(stimulus) if isinstance(stimulus, int) else None
