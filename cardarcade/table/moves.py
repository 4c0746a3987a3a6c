"""Every move a table applies, with when it was made: what a replay is made of.

Engines are deterministic given their deal and their moves, so the moves (a bot's like anyone's,
a claim with the stimulus it was aimed at, a counted flip) are the whole game. Each is stamped
with the seconds of play before it (pauses left out, the time before a save included), so a
reaction game replays at its real pace: a claim at its press time, not when it was settled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cardarcade.replay import MAX_MOVES, Move
from cardarcade.rules.base import Action


class MoveLog:
    """The moves of one game as its table applies them. ``played``: seconds of play so far (the
    session's clock of play); ``now``: the table clock, to date a press made before it reaches
    the table. ``moves``: those made before (a saved game carried on); None when they are not
    known (a save older than replays): then no replay is kept of this game."""

    def __init__(
        self, played: Callable[[], float], now: Callable[[], float], moves: Iterable[Move] | None = ()
    ) -> None:
        self.played, self.now = played, now
        self.whole = moves is not None
        self.moves: list[Move] = list(moves or ())

    def note(self, seat: int, action: Action, t: float | None) -> None:
        if not self.whole:
            return
        if len(self.moves) >= MAX_MOVES:
            self.whole = False
            self.moves.clear()
            return
        at = self.played() - (0.0 if t is None else max(0.0, self.now() - t))
        last = self.moves[-1].at if self.moves else 0.0
        self.moves.append(Move(seat, action, round(max(at, last), 3)))  # (never before the move it follows)
