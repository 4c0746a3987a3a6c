"""A finished game as it was played: its deal, house rules, seats and every move with its time.

Engines are deterministic given their deal and their moves (``tests/test_replays.py`` checks it
for every game), so a replay is the setup and the moves, and any point of the game is the new
game with the moves up to there applied again. ``Positions`` does that for a screen stepping
back and forth, from copies kept every ``CHECKPOINT`` moves so a step costs a few moves at most.
"""

from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass
from datetime import datetime
from collections.abc import Iterator

from cardarcade.rules.base import Action, Event, Game
from cardarcade.seating import GameSetup

CHECKPOINT = 64  # moves between the copies ``Positions`` keeps
RECENT = 24  # moves whose events ``Positions`` keeps (the log's lines at a move)
# A game this long is no game a person plays (War's longest run to a few thousand moves): beyond
# it the table notes no more moves (``table.moves``), and the game keeps no replay.
MAX_MOVES = 20_000


@dataclass(frozen=True, slots=True)
class Move:
    """One move: who, what, and the seconds of play before it."""

    seat: int
    action: Action
    at: float


def state_digest(game: Game) -> str:
    """A fingerprint of the game's whole state: two games with the same one are the same game."""
    return hashlib.sha256(game.to_json().encode()).hexdigest()


@dataclass(frozen=True)
class Replay:
    """A finished game. ``end``: the ``state_digest`` its moves lead to; ``result``: how it ended,
    in words (names filled in)."""

    replay_id: str
    setup: GameSetup
    moves: tuple[Move, ...]
    finished_at: datetime
    duration: float  # seconds of play
    result: str
    end: str

    @property
    def title(self) -> str:
        return self.setup.spec.title


def replay_of(
    replay_id: str, setup: GameSetup, game: Game, moves: tuple[Move, ...], duration: float, now: datetime
) -> Replay:
    """The replay of ``game``, just finished after ``moves`` from ``setup``."""
    result = game.result.describe(setup.names) if game.result is not None else ""
    # (to the second and the millisecond, as its file keeps them: a replay read back is equal to it)
    timed = tuple(Move(m.seat, m.action, round(m.at, 3)) for m in moves)
    return Replay(replay_id, setup, timed, now.replace(microsecond=0), round(duration, 3), result, state_digest(game))


class Positions:
    """The game of a replay at any move: ``at(n)`` is the game after its first ``n`` moves (a
    copy kept by this object: read it, never apply to it), and the events the n-th made."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self._checkpoints: list[Game] = [replay.setup.new_game()]  # [i]: the game after i * CHECKPOINT moves
        self._game = self._checkpoints[0].clone()
        self._n = 0
        self.events: list[Event] = []  # what the last move shown made
        self._made: deque[tuple[int, list[Event]]] = deque(maxlen=RECENT)  # (move number, its events)

    def __len__(self) -> int:
        return len(self.replay.moves)

    def at(self, n: int) -> Game:
        n = max(0, min(n, len(self.replay.moves)))
        # From the nearest copy before move n (so its events are made again), when that is nearer.
        k = min(max(0, n - 1) // CHECKPOINT, len(self._checkpoints) - 1)
        if n < self._n or k * CHECKPOINT > self._n:
            self._game, self._n = self._checkpoints[k].clone(), k * CHECKPOINT
            self._made.clear()
        moves = self.replay.moves
        while self._n < n:
            move = moves[self._n]
            self.events = self._game.apply(move.seat, move.action)
            self._n += 1
            self._made.append((self._n, self.events))
            if self._n % CHECKPOINT == 0 and self._n // CHECKPOINT == len(self._checkpoints):
                self._checkpoints.append(self._game.clone())
        if n == 0:
            self.events = []
        return self._game

    def lines_before(self, n: int, rows: int = RECENT) -> list[str]:
        """What the last ``rows`` moves up to move ``n`` did, oldest first (a log as it stood
        then); leaves the game at move n."""
        start = max(0, n - rows)
        if not (self._made and self._made[0][0] <= start + 1 and self._n == n):
            self.at(start)
            self._made.clear()
            self.at(n)
        names = self.replay.setup.names
        moves = self.replay.moves
        return [line for k, events in self._made if k > start for line in move_said(moves[k - 1], events, names)]


def clock_text(seconds: float) -> str:
    """'1:02.5': minutes, seconds and tenths of play."""
    tenths = int(max(0.0, seconds) * 10 + 0.5)
    minutes, tenths = divmod(tenths, 600)
    return f"{minutes}:{tenths // 10:02d}.{tenths % 10}"


def move_said(move: Move, events: list[Event], names: list[str]) -> list[str]:
    """What a move did, in the game's own sentences (names filled in), one a line as the game's
    log has them; the move itself when it said nothing."""
    said = [text for e in events if (text := e.describe(names).strip())]
    return said or [f"{names[move.seat]}: {move.action}"]


def move_words(move: Move, events: list[Event], names: list[str]) -> str:
    """What a move did, on one line (a listing of the game move by move)."""
    return " ".join(move_said(move, events, names))


def move_lines(replay: Replay) -> Iterator[str]:
    """The game move by move: '  12  0:07.4  You turn 7♠.' (the number, the time of play, what
    it did), every card named: the game is over."""
    game = replay.setup.new_game()
    names = replay.setup.names
    width = len(str(len(replay.moves)))
    for n, move in enumerate(replay.moves, start=1):
        events = game.apply(move.seat, move.action)
        yield f"{n:>{width}}  {clock_text(move.at)}  {move_words(move, events, names)}"
