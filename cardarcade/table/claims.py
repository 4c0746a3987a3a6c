"""Arbitration: claims held for a short window, then settled in the order they were pressed.

Two players slapping the same jack press a few milliseconds apart, and their presses may reach
the table in either order. The ``Arbiter`` only holds and orders claims; what a claim does, and
the reaction it makes, is the ``Table``'s to work out, a race at a time as the arbiter hands them
back.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

from cardarcade.rules.base import Action
from cardarcade.table.clock import Clock, Handle


@dataclass(slots=True)
class Claim:
    """A claim's action (tagged with the stimulus its claimant saw) and its press time."""

    seat: int
    action: Action
    t: float


class Arbiter:
    """Holds claims from the first one's arrival for ``window`` (plus ``head_start()``, the most a
    press may be stamped before it reaches the table), then hands ``settle`` the claims of one
    race, in press order."""

    def __init__(
        self,
        clock: Clock,
        window: float,
        head_start: Callable[[], float] | None,
        settle: Callable[[list[Claim]], None],
    ) -> None:
        self.clock = clock
        self.window = window
        self.head_start = head_start
        self._settle = settle
        self._claims: list[Claim] = []
        self._timer: Handle | None = None

    def queue(self, claim: Claim) -> None:
        self._claims.append(claim)
        if self._timer is None:
            hold = self.window + (self.head_start() if self.head_start is not None else 0.0)
            self._timer = self.clock.call_at(self.clock.now() + hold, self._due)

    def hold(self) -> None:
        """Play is paused: the claims in their window are kept, and settled after ``release``."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def release(self) -> None:
        """Play resumes: claims kept over a pause get a fresh window."""
        if self._claims and self._timer is None:
            self._timer = self.clock.call_at(self.clock.now() + self.window, self._due)

    def drop(self) -> None:
        """Forget every claim (the table closed)."""
        self.hold()
        self._claims.clear()

    def _due(self) -> None:
        self._timer = None
        claims = sorted(self._claims, key=lambda c: c.t)
        # One race is the presses within a window of its first. Later ones are settled next, as
        # a race of their own: a loop too busy to settle in time must not merge two races (whose
        # claimants each see the other's time) by when it got round to them.
        last = claims[0].t + self.window if claims else 0.0
        cut = next((i for i, c in enumerate(claims) if c.t > last), len(claims))
        claims, self._claims = claims[:cut], claims[cut:]
        if self._claims:
            self._timer = self.clock.call_at(self.clock.now(), self._due)
        self._settle(claims)
