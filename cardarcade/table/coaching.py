"""The coach at a table: a hint asked for now, and the review of a finished game, both worked out
where the bots' searches are (the table's ``Thinker``: a worker process at a live table), never
on the event loop. What the coach says is ``bots.coach``'s; this is when, and what is dropped.

- ``HintAsker``: one hint at a time per screen; an answer that comes after the game moved on is
  dropped (the position it was for has gone).
- ``Review``: the person's decisions of a replay, judged one by one in the thinker (so it tells
  its progress as it goes), for at most ``REVIEW_SECONDS``; the three costliest differences.
- ``Decisive``: the same walk for one seat of a replay; the moves that swung the bot's figure for
  that seat's chances most (``Swing``), for the replay screen to jump to.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from collections.abc import Callable, Sequence

from cardarcade.bots.coach import Advice, Miss, advise, strongest_level
from cardarcade.replay import Positions, Replay
from cardarcade.rules.base import Action, Game
from cardarcade.table.clock import Clock, Handle
from cardarcade.table.thinking import Thinker

# A hint not answered by then is given up (the worker may be busy with bots' searches, or have
# died): the screen says so, and h asks again. The coach's work takes well under a second.
HINT_SECONDS = 4.0
REVIEW_SECONDS = 20.0  # the longest a review goes on; moves not reached by then are not judged
REVIEWED = 3  # the differences a review lists
DECISIVE = 3  # the moves that decided a game, as a replay jumps to them


class HintAsker:
    """Asks the coach for ``seat``'s move in ``game`` through ``thinker``; ``answered`` gets the
    ``Advice`` (or the exception the work raised) only while the game still stands where it was
    asked."""

    def __init__(self, game: Game, thinker: Thinker, players: int, clock: Clock) -> None:
        self.game, self.thinker, self.clock = game, thinker, clock
        self.level = strongest_level(game.spec, players)
        self._pending: tuple[int, object, Handle] | None = None  # (seat, its view when asked, the work)
        self._limit: Handle | None = None  # gives the hint under way up
        self._asked = 0
        self._asking = 0  # the number of the hint under way

    @property
    def thinking(self) -> bool:
        return self._pending is not None

    def ask(self, seat: int, answered: Callable[[Advice | BaseException], None]) -> bool:
        """Start a hint (False: one is under way already)."""
        if self._pending is not None:
            if self.game.view(self._pending[0]) == self._pending[1]:
                return False
            self.drop()  # (for a position gone: its answer would be dropped)
        view = self.game.view(seat)
        legal = tuple(self.game.legal_actions(seat))
        self._asked += 1
        asked = self._asked
        args = (self.game.spec.id, view, seat, self.level, asked, legal)

        def done(answer: object) -> None:
            if self._pending is None or self._asking != asked:
                return  # dropped or given up (a thinker that cannot cancel may still answer)
            pending = self._pending
            self.drop()
            if self.game.is_over or self.game.view(seat) != pending[1]:
                return  # the game moved on: the hint was for a position gone
            if isinstance(answer, Advice) and answer.action is not None and not allowed(self.game, seat, answer.action):
                answer = ValueError(f"the coach advised a move not open: {answer.action}")
            answered(answer if isinstance(answer, (Advice, BaseException)) else TypeError(repr(answer)))

        def given_up() -> None:
            self._limit = None
            if self._pending is not None:
                self.drop()
                answered(TimeoutError(f"no answer within {HINT_SECONDS:g} s"))

        self._pending, self._asking = (seat, view, _NOT_YET), asked
        self._limit = self.clock.call_at(self.clock.now() + HINT_SECONDS, given_up)
        handle = self.thinker.think(advise, args, done)
        if self._pending is not None:  # (an inline thinker may have answered already)
            self._pending = (seat, view, handle)
        return True

    def drop(self) -> None:
        """Forget the hint under way (the position changed, or the screen goes)."""
        if self._pending is not None:
            self._pending[2].cancel()
            self._pending = None
        if self._limit is not None:
            self._limit.cancel()
            self._limit = None


def allowed(game: Game, seat: int, action: Action) -> bool:
    """Whether ``seat`` may make ``action`` now: among its moves, or one the game takes though it
    lists it not (Machiavelli's layouts, too many to list), tried on a copy."""
    if action in game.legal_actions(seat):
        return True
    try:
        game.clone().apply(seat, action)
    except ValueError:  # (IllegalAction)
        return False
    return True


class _NotYet:
    def cancel(self) -> None:
        pass


_NOT_YET = _NotYet()


class Judging:
    """The decisions of ``seats`` in ``replay``, each handed in turn to the strong bot through
    ``thinker`` (a few moves worked through here between two, as a replay's step is), for at most
    ``seconds``: ``progress(done, total)`` after each, ``finished(found, judged, total)`` at the end
    (``judged`` below ``total`` when time ran out). What is made of each answer (``judge``) and
    what is found at the end (``found``) is the subclass's."""

    def __init__(
        self,
        replay: Replay,
        seats: Sequence[int],
        thinker: Thinker,
        progress: Callable[[int, int], None],
        finished: Callable[[list, int, int], None],
        seconds: float = REVIEW_SECONDS,
    ) -> None:
        self.replay, self.seats, self.thinker = replay, list(seats), thinker
        self.progress, self.finished = progress, finished
        self.level = strongest_level(replay.setup.spec, len(replay.setup.seats))
        self.seconds = seconds
        self.positions = Positions(replay)
        self.judged = 0
        self._next = 0  # the next move to look at
        self._started = 0.0
        self._work: Handle | None = None
        self.stopped = False
        self.total = sum(1 for m in replay.moves if m.seat in self.seats)

    def start(self) -> None:
        self._started = time.perf_counter()
        self._step()

    def stop(self) -> None:
        self.stopped = True
        if self._work is not None:
            self._work.cancel()
            self._work = None

    def _step(self) -> None:
        """Hand the next decision to the thinker, or finish."""
        moves = self.replay.moves
        while self._next < len(moves) and not self.stopped:
            n, move = self._next, moves[self._next]
            self._next += 1
            if move.seat not in self.seats:
                continue
            game = self.positions.at(n)
            legal = tuple(game.legal_actions(move.seat))
            if len(legal) < 2:
                self.judged += 1
                continue
            if time.perf_counter() - self._started > self.seconds:
                break
            args = (self.replay.setup.spec.id, game.view(move.seat), move.seat, self.level, n, legal)
            self._work = self.thinker.think(advise, args, partial(self._answered, n))
            return
        if not self.stopped:
            self.stopped = True
            self.finished(self.found(), self.judged, self.total)

    def _answered(self, n: int, answer: object) -> None:
        self._work = None
        if self.stopped:
            return
        self.judged += 1
        if isinstance(answer, Advice) and answer.action is not None:
            self.judge(n, answer, answer.action)
        self.progress(self.judged, self.total)
        self._step()

    def judge(self, n: int, advice: Advice, advised: Action) -> None:
        """What the bot's ``advice`` at move ``n`` (before it was made: ``advised``) says."""

    def found(self) -> list:
        return []


class Review(Judging):
    """The person's decisions in ``replay`` judged by the strong bot: the costliest ``REVIEWED``
    differences between the person's move and the bot's (``Miss``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.misses: list[Miss] = []

    def judge(self, n: int, advice: Advice, advised: Action) -> None:
        played = self.replay.moves[n].action
        if advised == played:
            return
        values = dict(advice.values)
        ours, theirs = values.get(advised), values.get(played)
        cost = ours - theirs if ours is not None and theirs is not None else None
        yours = dict(advice.figures).get(played)
        self.misses.append(Miss(n, self.replay.moves[n].seat, played, advised, cost, advice.why, yours))

    def found(self) -> list[Miss]:
        self.misses.sort(key=lambda m: (m.cost is None, -(m.cost or 0.0), m.at))
        return self.misses[:REVIEWED]


@dataclass(frozen=True)
class Swing:
    """A move that swung the strong bot's figure for a seat's chances: the move's number in the
    replay, who made it and what, the figure before and after it (better higher), and whether the
    figures are shares (a chance of winning) or the search's mean values."""

    at: int
    seat: int
    action: Action
    before: float
    after: float
    share: bool

    @property
    def change(self) -> float:
        return self.after - self.before

    def figure(self, value: float) -> str:
        return f"{value:.0%}" if self.share else f"{value:+.2f}"


class Decisive(Judging):
    """The moves that decided ``replay`` for ``seats[0]``: at each of its decisions the strong bot
    gives its figure for the seat before the move (its own choice's) and after it (the move
    made's); the swing of the seat's own move is the one, the swing from one decision to the next
    is the other seats' moves' in between (said as the last of them, where the table stood when
    the seat looked again). The ``DECISIVE`` biggest, in game order."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.decisions: list[tuple[int, float, float, bool]] = []  # (move, figure before, after, share)
        self.swings: list[Swing] = []  # every swing weighed, in game order

    def judge(self, n: int, advice: Advice, advised: Action) -> None:
        values = dict(advice.values)
        best, played = values.get(advised), values.get(self.replay.moves[n].action)
        if best is not None and played is not None:
            share = dict(advice.figures).get(advised, "").endswith("%")
            self.decisions.append((n, best, played, share))

    def found(self) -> list[Swing]:
        moves, seat = self.replay.moves, self.seats[0]
        swings: list[Swing] = []
        last: tuple[int, float, float, bool] | None = None
        for n, best, played, share in self.decisions:
            if last is not None and last[3] == share:
                others = [k for k in range(last[0] + 1, n) if moves[k].seat != seat]
                if others:
                    k = others[-1]
                    swings.append(Swing(k, moves[k].seat, moves[k].action, last[2], best, share))
            swings.append(Swing(n, seat, moves[n].action, best, played, share))
            last = (n, best, played, share)
        self.swings = swings
        biggest = sorted((s for s in swings if abs(s.change) > 1e-9), key=lambda s: (-abs(s.change), s.at))
        return sorted(biggest[:DECISIVE], key=lambda s: s.at)
