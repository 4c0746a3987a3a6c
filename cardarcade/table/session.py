"""A game played at one terminal, solo or hot-seat, and the surface every game screen plays through.

A ``LocalSession`` owns what a game at this terminal is besides its drawing: the ``Table`` and
its clock, the count-in before the first card, the time played (paused time left out), the
autosave, the statistics and reaction times, and what the adaptive bots learnt of the people.
It writes through ``Records`` (the app's store, off the event loop), so this layer never needs
the store nor the screens.

``TableSurface`` is what a screen asks of a table, whether a local session or its seat at a
``SharedTable`` (``shared.SharedSeat``): one set of operations, so a screen has one code path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol
from collections.abc import Callable, Mapping, Sequence

from cardarcade.bots.anchors import settled_level
from cardarcade.replay import Move
from cardarcade.rules.base import Action, Event, Game
from cardarcade.table.clock import Clock, Handle
from cardarcade.table.moves import MoveLog
from cardarcade.seating import GameSetup, Reaction
from cardarcade.table.table import Table
from cardarcade.table.thinking import Thinker

EventsListener = Callable[[list[Event], "int | None"], object]  # (what it returns is not used)
ReactionsListener = Callable[[list[Reaction]], object]
BEAT_SLACK = 1e-6  # a beat fired on its second counts as that second (float sums drift)


@dataclass
class Watcher:
    """A screen attached to a table: a player's (``seat``) or a spectator's (None). It is told
    every batch of events, and an empty batch when something else changed (a beat of the
    count-in, play beginning, a bot thinking)."""

    seat: int | None
    on_events: EventsListener
    on_reactions: ReactionsListener


class Watchers:
    """The screens attached to a table, each told what happens there (a base of the tables
    screens attach to: a local session, a shared table)."""

    def __init__(self) -> None:
        self.watchers: list[Watcher] = []

    def attach(self, seat: int | None, on_events: EventsListener, on_reactions: ReactionsListener) -> Watcher:
        watcher = Watcher(seat, on_events, on_reactions)
        self.watchers.append(watcher)
        return watcher

    def detach(self, watcher: Watcher) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)

    def tell_events(self, events: list[Event], seat: int | None) -> None:
        for watcher in list(self.watchers):  # (one may detach as it is told)
            watcher.on_events(events, seat)

    def tell_reactions(self, batch: list[Reaction]) -> None:
        for watcher in list(self.watchers):
            watcher.on_reactions(batch)


@dataclass(frozen=True)
class Snapshot:
    """A game as it stands, to be saved: the table's part and the screen's log."""

    save_id: str
    setup: GameSetup
    game: Game
    elapsed: float
    log: Sequence[str]
    seen: Mapping[int, int]
    moves: Sequence[Move] | None = None  # every move so far (None: not known: then no replay is kept)
    hinted: bool = False  # the coach was asked: the game is not rated


class Records(Protocol):
    """Where a session keeps what outlives it: its save and the statistics. Writes happen in the
    background, in the order asked; a failure is the records' to report."""

    def new_save_id(self, game_id: str) -> str: ...

    def write(self, snapshot: Snapshot, *, leaving: bool = False, said: bool = False) -> None:
        """Save (held by this window); ``leaving``: the game is being left (the menu counts its
        saves again), ``said``: the player is told once it is written."""

    def write_at_once(self, snapshot: Snapshot) -> None:
        """Save in the calling thread: the process is about to end."""

    def let_go(self, save_id: str) -> None: ...

    def remove(self, save_id: str) -> None: ...

    def record_game(
        self,
        setup: GameSetup,
        game: Game,
        duration: float,
        profiles: Mapping[int, str],
        hinted: bool = False,
        adaptive_as: str | None = None,
    ) -> None:
        """A finished game, and each profile's rating with it (``hinted``: not rated;
        ``adaptive_as``: the level adaptive bots are rated as)."""

    def record_reactions(self, game_id: str, profile: str, reactions: list[Reaction]) -> None: ...

    def keep_replay(
        self,
        setup: GameSetup,
        game: Game,
        moves: Sequence[Move],
        duration: float,
        profiles: Mapping[int, str],
        hinted: bool = False,
    ) -> None:
        """The finished game's replay, kept for each of these profiles (``hinted``: the coach was
        asked in it, as a server's list of last games says)."""

    def reacted(self, game_id: str, who: str, reaction: Reaction) -> None:
        """One of a person's reactions, for this run's figures (the result screen)."""


class TableSurface(Protocol):
    """What a game screen plays through: a local session, or its place at a shared table."""

    @property
    def table(self) -> Table: ...

    @property
    def shared(self) -> bool:
        """People at other terminals: the table plays on while this screen is away, watching and
        standing up are possible, and the title line tells round trips."""

    def attach(self, seat: int | None, on_events: EventsListener, on_reactions: ReactionsListener) -> Watcher: ...

    def detach(self, watcher: Watcher) -> None: ...

    def start(self, count_in: int) -> None:
        """Play begins after ``count_in`` seconds of "Get ready" (a shared table starts itself)."""

    def starts_in(self) -> float:
        """Seconds of the count-in left (0 once play is on)."""

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None: ...

    def submit(self, seat: int, action: Action, t: float | None = None) -> object: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def hurry(self, pace: float) -> None:
        """The people here are out: the bots finish at ``pace`` (not at a shared table)."""

    def log_so_far(self) -> list[str | Event]:
        """What happened before the screen came: saved lines, or a shared table's events."""

    @property
    def hints_allowed(self) -> bool:
        """Whether the coach may be asked here (a shared table: if its creator allowed it)."""

    def note_hint(self, seat: int) -> None:
        """``seat`` asked for a hint: its game is not rated."""

    @property
    def hinted(self) -> bool:
        """Whether anyone at this table asked for a hint (the game is then not rated)."""

    def title_line(self) -> str:
        """What the title line says of this table after the game's name."""

    def save_now(self, said: bool = True) -> None: ...

    def save_at_once(self) -> None: ...

    def discard(self) -> None: ...

    def save_for_later(self) -> None: ...

    def leave(self, lost: bool = False) -> None:
        """The screen goes (``lost``: with the connection): what is to be kept is kept."""

    def close(self) -> None:
        """The screen is taken down under play: the table stops (unless others play at it)."""


class ClaimLog:
    """The reaction times of the people at this terminal, for the statistics: noted as claims
    are settled, written at the end or on leaving, once each."""

    def __init__(self, game_id: str, names: Sequence[str], profiles: Mapping[int, str], records: Records) -> None:
        self.game_id, self.names, self.profiles, self.records = game_id, names, profiles, records
        self.pending: dict[int, list[Reaction]] = {}

    def note(self, batch: list[Reaction], people: Sequence[int], stand_ins: Mapping[int, object]) -> None:
        """Claims of this keyboard's people (a bot standing in for someone away is not them)."""
        for r in batch:
            if r.seat in people and r.seat not in stand_ins:
                self.records.reacted(self.game_id, self.names[r.seat], r)
                self.pending.setdefault(r.seat, []).append(r)

    def write(self) -> None:
        pending, self.pending = self.pending, {}
        for seat, reactions in pending.items():
            profile = self.profiles.get(seat)
            if profile is not None and reactions:
                self.records.record_reactions(self.game_id, profile, reactions)


class LocalSession(Watchers):
    """A game at this terminal's keyboard: one person against bots, or several taking turns."""

    shared = False

    def __init__(
        self,
        setup: GameSetup,
        game: Game,
        clock: Clock,
        records: Records,
        *,
        people: Sequence[int],
        profiles: Mapping[int, str],
        transcript: Callable[[], tuple[list[str], dict[int, int]]],
        pace: float,
        autosave_delay: float,
        medians: dict[str, float],
        thinker: Thinker | None = None,
        think_seconds: float | None = None,
        save_id: str | None = None,
        elapsed: float = 0.0,
        log: Sequence[str] = (),
        moves: Sequence[Move] | None = (),
        hinted: bool = False,
    ) -> None:
        """``transcript``: the log's lines and what each person saw of them, saved with the game;
        ``medians``: game id -> the median the adaptive bots last tuned to, read and kept here.
        ``save_id``, ``elapsed``, ``log``, ``moves``, ``hinted``: a saved game carried on (its moves
        None when the save did not keep them: then the game keeps no replay)."""
        super().__init__()
        self.setup, self.game, self.clock, self.records = setup, game, clock, records
        self.people = list(people)
        self.profiles = profiles
        self.transcript = transcript
        self.autosave_delay = autosave_delay
        self.medians = medians
        self.save_id = save_id  # the game's file (chosen at its first save); None once nothing is to be kept
        self._keep = True
        self._saved_log = list(log)
        self.moves = MoveLog(lambda: self.elapsed, clock.now, moves)  # (timed by play: pauses left out)
        self._table = Table(
            game,
            setup.seats,
            clock,
            pace=pace,
            seed=setup.seed,
            listener=self._on_events,
            on_reactions=self._on_reactions,
            person_median=medians.get(setup.spec.id),
            thinker=thinker,
            think_seconds=think_seconds,
            moves=self.moves,
        )
        self.claims = ClaimLog(setup.spec.id, setup.names, profiles, records)
        self._autosave: Handle | None = None
        self._played = elapsed  # seconds of play before _playing_since
        self._playing_since: float | None = None
        self._starts_at: float | None = None  # clock time of the first card while counting in
        self._count_left: float | None = None  # seconds of count-in left while paused
        self._beat: Handle | None = None
        self.paused = False
        self.finished = False
        self.hinted = hinted  # a hint was asked for (the coach says so): the game is not rated

    @property
    def table(self) -> Table:
        return self._table

    hints_allowed = True

    def note_hint(self, seat: int) -> None:
        self.hinted = True

    def log_so_far(self) -> list[str | Event]:
        return list(self._saved_log)

    def title_line(self) -> str:
        setup = self.setup
        if setup.book is not None:
            rules = f" · {setup.book}"
        else:
            rules = " · house rules" if setup.options != setup.spec.Options() else ""
        return f"seed {setup.seed}{rules}"

    # ---- the count-in, pausing, time played

    def start(self, count_in: int) -> None:
        if count_in <= 0:
            self._begin()
            return
        self._starts_at = self.clock.now() + count_in
        self._next_beat()

    def starts_in(self) -> float:
        if self._count_left is not None:
            return self._count_left
        return 0.0 if self._starts_at is None else max(0.0, self._starts_at - self.clock.now())

    def _next_beat(self) -> None:
        """Wake on the count-in's next whole second (the watchers show it), or on the first card."""
        assert self._starts_at is not None
        whole_seconds_after = math.ceil(self._starts_at - self.clock.now() - BEAT_SLACK) - 1
        self._beat = self.clock.call_at(self._starts_at - max(0, whole_seconds_after), self._on_beat)

    def _on_beat(self) -> None:
        self._beat = None
        if self.starts_in() > BEAT_SLACK:
            self.tell_events([], None)
            self._next_beat()
            return
        self._starts_at = None
        self._begin()

    def _begin(self) -> None:
        if not self._table.closed:
            self._playing_since = self.clock.now()
            self._table.start()  # (the watchers are told play is on)

    def pause(self) -> None:
        """Hold everything: the bots, the count-in, the time played."""
        if self.paused:
            return
        self.paused = True
        self._table.pause()
        if self._beat is not None:
            self._count_left = self.starts_in()
            self._starts_at = None
            self._beat.cancel()
            self._beat = None
        if self._playing_since is not None:
            self._played += self.clock.now() - self._playing_since
            self._playing_since = None

    def resume(self) -> None:
        if not self.paused:
            return
        self.paused = False
        self._table.resume()
        if self._count_left is not None:
            self._starts_at, self._count_left = self.clock.now() + self._count_left, None
            self._next_beat()
        elif self._table.started:
            self._playing_since = self.clock.now()

    @property
    def elapsed(self) -> float:
        """Seconds this game has been played (paused time left out), saved sessions included."""
        running = self.clock.now() - self._playing_since if self._playing_since is not None else 0.0
        return self._played + running

    def hurry(self, pace: float) -> None:
        self._table.hurry(pace)

    # ---- moves

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None:
        self._table.claim(seat, kind, t, target)

    def submit(self, seat: int, action: Action, t: float | None = None) -> list[Event]:
        return self._table.submit(seat, action, t)

    def _on_events(self, events: list[Event], seat: int | None) -> None:
        self.tell_events(events, seat)
        if self.game.is_over:
            self._finish()
        elif events and self._keep and self._autosave is None and not self._table.closed:
            # A game is never more than this behind on disk, and quick moves write once, not each.
            self._autosave = self.clock.call_at(self.clock.now() + self.autosave_delay, self._save_in_background)

    def _on_reactions(self, batch: list[Reaction]) -> None:
        self.claims.note(batch, self.people, self._table.stand_ins)
        self.tell_reactions(batch)

    # ---- saving, the statistics

    def snapshot(self) -> Snapshot:
        if self.save_id is None:
            self.save_id = self.records.new_save_id(self.setup.spec.id)
        log, seen = self.transcript()
        moves = self.moves.moves if self.moves.whole else None
        kept = tuple(moves) if moves is not None else None
        return Snapshot(self.save_id, self.setup, self.game, self.elapsed, log, seen, kept, self.hinted)

    def _stop_autosave(self) -> None:
        if self._autosave is not None:
            self._autosave.cancel()
            self._autosave = None

    def _save_in_background(self) -> None:
        self._autosave = None
        if self._keep and not self.game.is_over and not self._table.closed:
            self.records.write(self.snapshot())

    def save_now(self, said: bool = True) -> None:
        """Save the game as it stands, after any save under way; ``said``: tell the player."""
        self._stop_autosave()
        if self._keep and not self.game.is_over:
            self.records.write(self.snapshot(), leaving=True, said=said)

    def save_at_once(self) -> None:
        """Write the game now, in the calling thread: the terminal is gone."""
        if self._keep and not self.game.is_over:
            self.records.write_at_once(self.snapshot())

    def discard(self) -> None:
        """Nothing of this game is to be kept: it was given up, dealt again, or finished."""
        self._keep = False
        self._stop_autosave()
        if self.save_id is not None:
            save_id, self.save_id = self.save_id, None
            self.records.remove(save_id)

    def _finish(self) -> None:
        """The game is over: its save goes, and it goes into the statistics, once."""
        if self.finished:
            return
        self.finished = True
        duration = self.elapsed
        self.discard()
        self.claims.write()
        self._keep_median()
        self.records.record_game(self.setup, self.game, duration, self.profiles, self.hinted, self.adaptive_as())
        if self.moves.whole:
            moves = tuple(self.moves.moves)
            self.records.keep_replay(self.setup, self.game, moves, duration, self.profiles, self.hinted)

    def adaptive_as(self) -> str | None:
        """The fixed level adaptive bots are rated as: the one nearest where they settled."""
        median = self._table.adaptive_median()
        return settled_level(median) if median is not None else None

    def _keep_median(self) -> None:
        median = self._table.adaptive_median()
        if median is not None:
            self.medians[self.setup.spec.id] = median  # the next game of the session starts there

    def close(self) -> None:
        self._stop_autosave()
        if self._beat is not None:
            self._beat.cancel()
            self._beat = None
        self._table.close()

    def leave(self, lost: bool = False) -> None:
        """The screen goes, however (the menu, q, the terminal closing): the game is saved, and
        let go once written (another window may carry it on from then)."""
        self._table.close()
        self._keep_median()
        self.claims.write()
        self.save_now(said=False)
        self.close()
        if self.save_id is not None:
            self.records.let_go(self.save_id)

    def save_for_later(self) -> None:
        """Save now as the player leaves, saying so: leaving does not save it again."""
        self.save_now()
        self._keep = False
