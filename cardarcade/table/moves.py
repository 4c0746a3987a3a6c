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
        self,
        played: Callable[[], float],
        now: Callable[[], float],
        moves: Iterable[Move] | None = (),
        on_note: Callable[[int, Action, float | None], None] | None = None,
    ) -> None:
        """``on_note``: told of every move as it is noted (a table hosted for other server
        processes sends it on)."""
        self.played, self.now, self.on_note = played, now, on_note
        self.whole = moves is not None
        self.moves: list[Move] = list(moves or ())

    def note(self, seat: int, action: Action, t: float | None) -> None:
        """A move applied now, pressed (or planned) at table time ``t`` (None: now). Made for every
        move of every table, ``simulate``'s millions too: a few float operations and a tuple."""
        if self.on_note is not None:
            self.on_note(seat, action, t)
        moves = self.moves
        if not self.whole:
            return
        if len(moves) >= MAX_MOVES:
            self.whole = False
            moves.clear()
            return
        at = self.played()
        if t is not None:
            at -= max(0.0, self.now() - t)
        if moves and at < moves[-1].at:
            at = moves[-1].at  # (never before the move it follows)
        moves.append(Move(seat, action, at))
