"""Statistics: every finished game and every reaction time, in one SQLite file.

Several arcades may write at once (two terminals, many SSH sessions in one server, or several
servers): the database is in WAL mode (readers never wait for a writer), every write is one
short ``BEGIN IMMEDIATE`` transaction (it takes the write lock up front, so two writers queue
instead of failing on a lock upgrade), and a busy timeout makes a writer wait its turn. Opening
the file only reads, unless the schema is old: a reader never waits for a writer.

Reads and writes go through two connections: the app records from a worker thread while its
screens read on the event loop, and on one shared connection a read saw the other thread's
transaction half done (a game's row without its seats). A read of several statements is one
snapshot, so it never sees another arcade's game land between them.

The schema carries its version in ``schema_version``; ``MIGRATIONS[n]`` takes a database from
version n to n+1 (version 0 is an empty file), all in one transaction, so an older database is
brought up to date when it is opened and a newer one is refused rather than written into.

The file and its ``-wal`` and ``-shm`` companions are the owner's alone (0600), as every other
file of the arcade; closing copies what the WAL holds into the file itself, so the file alone
is the whole record. ``read_only`` opens it for reading only (``cardarcade stats``): it changes
nothing, and reads a file on a read-only file system.
"""

from __future__ import annotations

import copy
import json
import os
import secrets
import sqlite3
import threading
import time
from collections import defaultdict
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self
from collections.abc import Callable, Iterable, Iterator, Mapping

from cardarcade.rules.base import Game
from cardarcade.seating import GameSetup, Reaction, is_fault
from cardarcade.store import ratings
from cardarcade.store._files import held_lock, user_data_dir
from cardarcade.store.database import Conflict, Database, DatabaseError
from cardarcade.store.ratings import Rating

BUSY_TIMEOUT_MS = 30_000  # a writer waits this long for its turn before giving up
BIN_SECONDS = 0.01  # the histogram's resolution, and the trend's medians'


class StatsError(Exception):
    """The statistics database cannot be used (damaged, or made by a newer cardarcade)."""


class RatingsTaken(StatsError):
    """A copied game's ratings clash with ratings the database has of its own."""


def _run(db: sqlite3.Connection, script: str) -> None:
    """Each statement of ``script`` inside the caller's transaction (``executescript`` would
    commit it first)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _create_v1(db: sqlite3.Connection) -> None:
    _run(
        db,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            finished_at REAL NOT NULL,        -- Unix time
            duration REAL NOT NULL,           -- seconds of play
            seed TEXT NOT NULL,               -- any whole number a player can type: text
            options TEXT NOT NULL,            -- the house rules, JSON
            book TEXT,                        -- the house-rule book in force, if any
            winners TEXT NOT NULL,            -- JSON list of seats
            reason TEXT NOT NULL
        );
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,               -- human or bot
            level TEXT,                       -- bots only
            profile TEXT,                     -- people with a profile
            outcome TEXT NOT NULL CHECK (outcome IN ('won', 'drew', 'lost')),
            score REAL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX seats_by_profile ON seats(profile, game_id);
        CREATE TABLE reactions (
            id INTEGER PRIMARY KEY,
            at REAL NOT NULL,                 -- Unix time
            session TEXT NOT NULL,            -- one run of the arcade
            game TEXT NOT NULL,
            claim TEXT NOT NULL,              -- slap, snap, ...
            outcome TEXT NOT NULL,            -- the event kind the engine answered with: slap_win, false_slap, ...
            fault INTEGER NOT NULL,           -- a mistake (false slap), not a reaction time
            seconds REAL NOT NULL,
            profile TEXT NOT NULL
        );
        CREATE INDEX reactions_by_profile ON reactions(profile, game, at);
        -- The same reactions (mistakes left out) summed up per session, and counted in
        -- BIN_SECONDS-wide bins per session: what the histogram and the trend read, so that
        -- opening the statistics costs about the same after 100 reactions or 100,000.
        CREATE TABLE reaction_sessions (
            profile TEXT NOT NULL,
            game TEXT NOT NULL,
            session TEXT NOT NULL,
            first_at REAL NOT NULL,
            count INTEGER NOT NULL,
            fastest REAL NOT NULL,
            PRIMARY KEY (profile, game, session)
        ) WITHOUT ROWID;
        CREATE INDEX reaction_sessions_by_time ON reaction_sessions(profile, first_at);
        CREATE TABLE reaction_bins (
            profile TEXT NOT NULL,
            session TEXT NOT NULL,
            game TEXT NOT NULL,
            bin INTEGER NOT NULL,             -- seconds // BIN_SECONDS
            count INTEGER NOT NULL,
            PRIMARY KEY (profile, session, game, bin)
        ) WITHOUT ROWID;
    """,
    )


# MIGRATIONS[n] takes the schema from version n to n + 1.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_create_v1, ratings.create_v2]
RATINGS_SCHEMA = 2  # the first version with the ratings


def schema_version() -> int:
    return len(MIGRATIONS)


@dataclass(frozen=True)
class LevelRecord:
    played: int = 0
    won: int = 0
    drew: int = 0


@dataclass
class GameSummary:
    """One game's figures for a profile."""

    game: str
    played: int = 0
    won: int = 0
    drew: int = 0
    seconds: float = 0.0  # time played
    streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    hinted: int = 0  # games where the coach was asked (so not rated)
    against: dict[str, LevelRecord] = field(default_factory=dict)  # bot level -> games with such a bot

    @property
    def lost(self) -> int:
        return self.played - self.won - self.drew


@dataclass(frozen=True)
class SessionTrend:
    """Reaction times in one session (one run of the arcade)."""

    session: str
    started: float  # Unix time of its first reaction
    count: int
    median: float  # to BIN_SECONDS
    best: float


class StatsStore:
    """What the statistics screens, ``cardarcade stats`` and the export read, and what a finished
    game writes, whichever holds them: ``Stats`` (a SQLite file) or ``DatabaseStats``
    (PostgreSQL, with ``--database``). The reads are written once, here: each back end gives
    ``db`` (its ``execute(sql, args)``, with ``?`` marks) and ``_snapshot`` (several reads as one)."""

    session: str
    db: Any
    schema: int = schema_version()  # what the store holds (an older file is read as it is)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        raise NotImplementedError

    def _snapshot(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    @contextmanager
    def one_snapshot(self) -> Iterator[Self]:
        """Several figures read as one: a view of this store whose every read sees it as the
        first did, in one transaction (with a database: one BEGIN and COMMIT for them all, not
        one each). The view is this block's alone, so other threads' reads are not touched."""
        with self._snapshot() as db:
            view = copy.copy(self)
            view.db = db
            view._snapshot = lambda: nullcontext(db)  # type: ignore[method-assign]  # (already in one)
            yield view

    def record_game(
        self,
        setup: GameSetup,
        game: Game,
        duration: float,
        profiles: Mapping[int, str] = {},
        book: str | None = None,
        finished_at: float | None = None,
        hinted: bool = False,
        adaptive_as: str | None = None,
    ) -> int | None:
        """A finished game: ``profiles`` maps the people's seats to their profile names. Each
        profile's rating moves with it (``hinted``: hints were used, and it is not rated;
        ``adaptive_as``: the fixed level adaptive bots are rated as, where they settled). Its id
        (None: it could not be given one yet)."""
        row, seats = game_record(setup, game, duration, profiles, book, finished_at, hinted)
        assert game.result is not None  # (game_record refuses an unfinished game)
        return self._record_game(row, seats, ratings.plan(setup, game.result, profiles, hinted, adaptive_as))

    def _record_game(self, row: GameRow, seats: list[SeatRow], how: ratings.Plan | None) -> int | None:
        """A finished game's rows, rated as ``how`` says (None: not rated), as the back end keeps them."""
        raise NotImplementedError

    def record_reactions(
        self, game_id: str, profile: str, reactions: Iterable[Reaction], at: float | None = None
    ) -> None:
        """A person's claims (a round's worth, or a game's), in this session."""
        raise NotImplementedError

    # ---- figures

    def ratings_of_game(self, game_id: int) -> list[Rating]:
        """How a recorded game moved each profile's rating (nothing: it was not rated)."""
        raise NotImplementedError

    def record_rated_game(
        self,
        setup: GameSetup,
        game: Game,
        duration: float,
        profiles: Mapping[int, str] = {},
        book: str | None = None,
        hinted: bool = False,
        adaptive_as: str | None = None,
    ) -> list[Rating]:
        """``record_game``, then how it moved each profile's rating, for the result screens (nothing:
        not rated, or kept to be sent later, as while the database is down)."""
        game_id = self.record_game(setup, game, duration, profiles, book, hinted=hinted, adaptive_as=adaptive_as)
        return [] if game_id is None else self.ratings_of_game(game_id)

    def current_ratings(self, profile: str) -> list[Rating]:
        """The profile's rating now in each game it is rated in."""
        return ratings.current(self.db, profile) if self.schema >= RATINGS_SCHEMA else []

    def rating_history(self, profile: str, game: str) -> list[Rating]:
        """The profile's rating after each of its latest rated games of ``game``, oldest first."""
        return ratings.history(self.db, profile, game) if self.schema >= RATINGS_SCHEMA else []

    def top_ratings(self, game_id: str, n: int = 10) -> list[Rating]:
        """The lobby's leaderboard: the ``n`` highest ratings now in ``game_id`` (a GAMES id)
        across every profile this store holds, one each, highest first (ties: more rated games
        first). Each Rating gives ``profile``, ``mu`` (shown as ``ratings.shown(mu)``), ``rated``
        (its rated games of this game) and ``provisional``."""
        return ratings.top(self.db, game_id, n) if self.schema >= RATINGS_SCHEMA else []

    def profiles(self) -> list[str]:
        """Every profile with a recorded game or reaction time (a profile with only mistakes has none)."""
        # (from the per-session sums, not every reaction: the setup screen asks on opening)
        rows = self.db.execute(
            "SELECT profile FROM seats WHERE profile IS NOT NULL UNION SELECT profile FROM reaction_sessions ORDER BY 1"
        ).fetchall()
        return [r[0] for r in rows]

    def game_summaries(self, profile: str) -> list[GameSummary]:
        """Per game the profile played: played, won, drawn, streaks, and results against each bot
        level (a game with bots of two levels counts for both), and how many were hinted."""
        hinted = _hinted_column(self.schema)
        with self._snapshot() as db:
            played = db.execute(
                f"SELECT g.game, s.outcome, g.duration, {hinted} FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.profile = ? ORDER BY g.finished_at, g.id",
                (profile,),
            ).fetchall()
            by_level = db.execute(
                "SELECT g.game, b.level, s.outcome, COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id"
                " JOIN (SELECT DISTINCT game_id, level FROM seats WHERE kind = 'bot') b ON b.game_id = g.id"
                " WHERE s.profile = ? GROUP BY g.game, b.level, s.outcome",
                (profile,),
            ).fetchall()
        summaries: dict[str, GameSummary] = {}
        for game, outcome, duration, was_hinted in played:
            summary = summaries.setdefault(game, GameSummary(game))
            summary.played += 1
            summary.hinted += bool(was_hinted)
            summary.seconds += duration
            summary.won += outcome == "won"
            summary.drew += outcome == "drew"
            summary.streak = summary.streak + 1 if outcome == "won" else 0
            summary.best_streak = max(summary.best_streak, summary.streak)
        against: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {"won": 0, "drew": 0, "lost": 0})
        for game, level, outcome, count in by_level:
            against[game, level][outcome] += count
        for (game, level), counts in sorted(against.items()):
            summaries[game].against[level] = LevelRecord(sum(counts.values()), counts["won"], counts["drew"])
        return sorted(summaries.values(), key=lambda s: s.game)

    def reaction_seconds(self, profile: str, game: str | None = None) -> list[float]:
        """Every reaction time of the profile, one by one (mistakes left out): for an export; the
        screen's figures come from the bins below."""
        where, args = _filter(profile, game)
        return [r[0] for r in self.db.execute(f"SELECT seconds FROM reactions WHERE {where} AND fault = 0", args)]

    def reactions(self, profile: str) -> Iterable[tuple[float, str, str, str, str, int, float]]:
        """Every claim of the profile, mistakes included, oldest first, for an export:
        (at, session, game, claim, outcome, fault, seconds)."""
        return self.db.execute(
            "SELECT at, session, game, claim, outcome, fault, seconds FROM reactions WHERE profile = ? ORDER BY at, id",
            (profile,),
        )

    def reaction_histograms(self, profile: str) -> dict[str, list[tuple[float, int]]]:
        """Every game's histogram (as ``reaction_histogram``) in one read of the bins."""
        out: dict[str, list[tuple[float, int]]] = {}
        for game, b, n in self.db.execute(
            "SELECT game, bin, SUM(count) FROM reaction_bins WHERE profile = ? GROUP BY game, bin ORDER BY game, bin",
            (profile,),
        ):
            out.setdefault(game, []).append((round(b * BIN_SECONDS, 6), n))
        return out

    def fastest_by_game(self, profile: str) -> dict[str, float]:
        """The profile's fastest reaction (mistakes left out) in each game."""
        return dict(
            self.db.execute(
                "SELECT game, MIN(fastest) FROM reaction_sessions WHERE profile = ? GROUP BY game", (profile,)
            ).fetchall()
        )

    def reaction_histogram(self, profile: str, game: str | None = None) -> list[tuple[float, int]]:
        """(bin start in seconds, reactions) for every BIN_SECONDS-wide bin holding any, fastest first."""
        where, args = _filter(profile, game)
        rows = self.db.execute(
            f"SELECT bin, SUM(count) FROM reaction_bins WHERE {where} GROUP BY bin ORDER BY bin", args
        )
        return [(round(b * BIN_SECONDS, 6), n) for b, n in rows]

    def reaction_trend(self, profile: str, game: str | None = None, last: int = 60) -> list[SessionTrend]:
        """The profile's reaction times in each of its ``last`` sessions, oldest first (medians to
        BIN_SECONDS; a chart 80 columns wide shows no more)."""
        where, args = _filter(profile, game)
        sessions: dict[str, list] = {}
        with self._snapshot() as db:
            for session, first_at, count, fastest in db.execute(
                f"SELECT session, MIN(first_at), SUM(count), MIN(fastest) FROM reaction_sessions WHERE {where}"
                " GROUP BY session ORDER BY MIN(first_at) DESC, session DESC LIMIT ?",
                (*args, last),
            ):
                sessions[session] = [first_at, count, fastest, []]
            if not sessions:
                return []
            marks = ", ".join("?" * len(sessions))
            for session, b, count in db.execute(
                f"SELECT session, bin, SUM(count) FROM reaction_bins WHERE {where} AND session IN ({marks})"
                " GROUP BY session, bin ORDER BY session, bin",
                (*args, *sessions),
            ):
                sessions[session][3].append((b, count))
        trend = [
            SessionTrend(session, started, count, _binned_median(bins), fastest)
            for session, (started, count, fastest, bins) in sessions.items()
        ]
        return trend[::-1]

    def finished_games(self) -> list[dict]:
        """Every recorded game with its seats, oldest first (for an export)."""
        seats: dict[int, list[dict]] = defaultdict(list)
        keys = ("id", "game", "finished_at", "duration", "seed", "options", "book", "winners", "reason", "hinted")
        columns = [*keys[:-1], _hinted_column(self.schema)]
        with self._snapshot() as db:
            for row in db.execute(
                "SELECT game_id, seat, name, kind, level, profile, outcome, score FROM seats ORDER BY game_id, seat"
            ):
                seats[row[0]].append(
                    dict(zip(("seat", "name", "kind", "level", "profile", "outcome", "score"), row[1:]))
                )
            rows = db.execute(f"SELECT {', '.join(columns)} FROM games ORDER BY finished_at, id").fetchall()
        games = []
        for row in rows:
            record = dict(zip(keys, row))
            record["options"] = _json_or_text(record["options"])
            record["winners"] = _json_or_text(record["winners"])
            record["hinted"] = bool(record["hinted"])
            record["seats"] = seats[record["id"]]
            games.append(record)
        return games


class Stats(StatsStore):
    """The statistics file (by default ``stats.sqlite3`` in the user data folder). ``session``
    names this run of the arcade, for the trend over sessions."""

    def __init__(self, path: Path | None = None, session: str | None = None, read_only: bool = False) -> None:
        self.path = path if path is not None else user_data_dir() / "stats.sqlite3"
        self.session = session or f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        self.read_only = read_only
        self.schema = schema_version()  # (an older file read as it is: what it lacks reads as empty)
        try:
            if read_only:
                self._writer = _open_for_reading(self.path)  # (writes fail on it, as they should)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                _make_private(self.path)
                # The app records from a worker thread (a write may wait out the busy timeout, never on
                # the event loop): its transactions are taken in turn under the lock.
                self._writer = _connect(self.path)
            self._lock = threading.RLock()
            self._reading_lock = threading.RLock()
        except (OSError, sqlite3.Error) as exc:
            if _not_a_database(exc):
                raise StatsError(f"{self.path} is not a statistics file this program can use: {exc}") from None
            raise StatsError(f"{self.path} cannot be opened: {_reason(exc)}") from None
        self.db = self._writer  # the connection reads go through: its own, once the file is ready
        try:
            self._writer.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if not read_only:
                self._use_wal()
                self._writer.execute("PRAGMA synchronous = NORMAL")  # in WAL mode: durable at checkpoints
                self._writer.execute("PRAGMA foreign_keys = ON")
            self._migrate()
            if not read_only:
                self.db = _connect(self.path)
                self.db.execute("PRAGMA query_only = ON")
        except sqlite3.DatabaseError as exc:
            self._close_connections()
            if _not_a_database(exc):
                raise StatsError(f"{self.path} is not a statistics file this program can use: {exc}") from None
            raise StatsError(f"{self.path} cannot be used now: {_reason(exc)}") from None
        except StatsError:
            self._close_connections()
            raise

    def close(self) -> None:
        """Close the file, first copying what the WAL holds into it (SQLite does so only when
        the last connection closes: with another arcade still open, a copy of the file alone
        would have missed every game since). The copy never waits for a reader."""
        if not self.read_only:
            with self._lock:
                try:
                    self._writer.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    pass  # the records are safe in the WAL all the same
        self._close_connections()

    def _close_connections(self) -> None:
        self.db.close()
        self._writer.close()

    def _use_wal(self) -> None:
        """Put the file in WAL mode (it stays so). The switch takes the file for itself and, while
        another process has it open, fails at once without waiting its turn: so it is made only
        when needed (a new file), and tried again until the busy timeout."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while self._writer.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            try:
                self._writer.execute("PRAGMA journal_mode = WAL")
            except sqlite3.OperationalError as exc:
                if (
                    exc.sqlite_errorcode & 0xFF not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
                    or time.monotonic() > deadline
                ):
                    raise
                time.sleep(0.01)

    def _version(self) -> int:
        """The schema's version, by a plain read (0: a new, empty file)."""
        if not self._writer.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        ).fetchall():
            return 0
        rows = self._writer.execute("SELECT version FROM schema_version").fetchall()
        return rows[0][0] if rows else 0

    def _migrate(self) -> None:
        """Bring an older schema up to date. Only then is the write lock taken: every open took
        it, and ``cardarcade stats`` waited out a writer's busy timeout and failed."""
        version = self._version()
        if version == schema_version():
            return
        self._refuse_newer(version)
        if self.read_only:
            if version == 0:
                raise StatsError(f"{self.path} holds no statistics yet")
            self.schema = version  # read as it is (``cardarcade stats`` changes nothing)
            return
        with self._writing() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            version = self._version()  # (again, inside the lock: another arcade may have done it meanwhile)
            self._refuse_newer(version)
            for step in MIGRATIONS[version:]:
                step(db)
            if not db.execute("SELECT 1 FROM schema_version").fetchall():
                db.execute("INSERT INTO schema_version VALUES (?)", (schema_version(),))
            elif version != schema_version():
                db.execute("UPDATE schema_version SET version = ?", (schema_version(),))

    def _refuse_newer(self, version: int) -> None:
        if version > schema_version():
            raise StatsError(
                f"{self.path} was written by a newer cardarcade (schema {version}; "
                f"this one knows up to {schema_version()})"
            )

    def _writing(self) -> _Transaction:
        return _Transaction(self._writer, self._lock)

    @contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection]:
        """Several reads that see the file as it was at the first (in WAL mode a read
        transaction is a snapshot, and takes no lock a writer waits for)."""
        with self._reading_lock:
            self.db.execute("BEGIN")
            try:
                yield self.db
            finally:
                self.db.execute("COMMIT")

    # ---- recording

    def _record_game(self, row: GameRow, seats: list[SeatRow], how: ratings.Plan | None) -> int:
        with self._writing() as db:
            inserted = db.execute(
                "INSERT INTO games (game, finished_at, duration, seed, options, book, winners, reason, hinted)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            game_id = inserted.lastrowid
            assert game_id is not None  # (an INSERT sets it)
            db.executemany(
                "INSERT INTO seats (game_id, seat, name, kind, level, profile, outcome, score)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, *seat) for seat in seats],
            )
            if how is not None:  # (the latest ratings read in this transaction: two windows finishing at once queue)
                before = {profile: ratings.latest(db, profile, how.game) for profile in how.profiles.values()}
                db.executemany(ratings.INSERT, ratings.rows(game_id, how.after(before, row[1])))
        return game_id

    def record_reactions(
        self, game_id: str, profile: str, reactions: Iterable[Reaction], at: float | None = None
    ) -> None:
        """A person's claims (a round's worth, or a game's), in this session."""
        rows, times, bins = reaction_record(self.session, game_id, profile, reactions, at)
        if not rows:
            return
        with self._writing() as db:
            db.executemany(
                "INSERT INTO reactions (at, session, game, claim, outcome, fault, seconds, profile)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            if not times:
                return
            db.execute(
                "INSERT INTO reaction_sessions (profile, game, session, first_at, count, fastest)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET count = count + excluded.count,"
                " first_at = MIN(first_at, excluded.first_at), fastest = MIN(fastest, excluded.fastest)",
                (profile, game_id, self.session, rows[0][0], len(times), min(times)),
            )
            db.executemany(
                "INSERT INTO reaction_bins (profile, session, game, bin, count) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT DO UPDATE SET count = count + excluded.count",
                [(profile, self.session, game_id, b, count) for b, count in bins.items()],
            )

    def ratings_of_game(self, game_id: int) -> list[Rating]:
        # (asked by the thread that recorded it, so on the writer's connection: the other is the screens')
        if self.schema < RATINGS_SCHEMA:
            return []
        with self._lock:
            return ratings.of_game(self._writer, game_id)


GameRow = tuple[str, float, float, str, str, str | None, str, str, int]  # games' columns after the id
SeatRow = tuple[int, str, str, str | None, str | None, str, float | None]  # seats' after the game's id
ReactionRow = tuple[float, str, str, str, str, int, float, str]  # reactions' after the id


def game_record(
    setup: GameSetup,
    game: Game,
    duration: float,
    profiles: Mapping[int, str],
    book: str | None,
    finished_at: float | None,
    hinted: bool = False,
) -> tuple[GameRow, list[SeatRow]]:
    """A finished game's row and its seats' rows, as either back end keeps them."""
    result = game.result
    if result is None:
        raise ValueError("only a finished game is recorded")
    if len(setup.seats) != game.players:
        raise ValueError(f"{len(setup.seats)} seats for a {game.players}-player game")
    winners = set(result.winners)
    row = (
        setup.spec.id,
        finished_at if finished_at is not None else time.time(),
        duration,
        str(setup.seed),
        json.dumps(setup.options.model_dump(mode="json")),
        book,
        json.dumps(sorted(winners)),
        result.reason,
        int(hinted),
    )
    seats = [
        (
            i,
            seat.name,
            str(seat.kind),
            seat.level,
            profiles.get(i),
            ("drew" if result.is_draw else "won") if i in winners else "lost",
            result.scores[i] if result.scores is not None else None,
        )
        for i, seat in enumerate(setup.seats)
    ]
    return row, seats


def reaction_record(
    session: str, game_id: str, profile: str, reactions: Iterable[Reaction], at: float | None
) -> tuple[list[ReactionRow], list[float], dict[int, int]]:
    """A batch of claims' rows, its reaction times (mistakes left out) and their bins' counts."""
    when = at if at is not None else time.time()
    reactions = list(reactions)
    rows = [(when, session, game_id, r.claim, r.kind, int(is_fault(r.outcome)), r.seconds, profile) for r in reactions]
    times = [r.seconds for r in reactions if not is_fault(r.outcome)]
    bins: dict[int, int] = defaultdict(int)
    for seconds in times:
        bins[_bin(seconds)] += 1
    return rows, times, dict(bins)


def _json_or_text(cell: object) -> object:
    """A column holding JSON, read; a cell that is not JSON (a damaged or hand-edited row) is
    given as it is rather than failing the whole export."""
    try:
        return json.loads(cell)  # type: ignore[arg-type]  # a cell not text raises TypeError, caught
    except (TypeError, ValueError, RecursionError):
        return cell


def _hinted_column(schema: int) -> str:
    """Whether a game was hinted, as a column of ``games`` (an older file has none: none was)."""
    return "hinted" if schema >= RATINGS_SCHEMA else "0"


def _filter(profile: str, game: str | None) -> tuple[str, tuple]:
    if game is None:
        return "profile = ?", (profile,)
    return "profile = ? AND game = ?", (profile, game)


def _bin(seconds: float) -> int:
    return int(seconds / BIN_SECONDS + 1e-9)  # 0.3 s is bin 30, not 29.999...


def _binned_median(bins: list[tuple[int, int]]) -> float:
    """The median of counts in bins (ascending), the middle of the bin it falls in."""
    total = sum(n for _, n in bins)
    seen = 0
    for b, n in bins:
        seen += n
        if 2 * seen >= total:
            return round((b + 0.5) * BIN_SECONDS, 6)
    raise ValueError("no reactions")


def _make_private(path: Path) -> None:
    """Create the file for the owner alone before SQLite does (SQLite gives the ``-wal`` and
    ``-shm`` files the database's permissions), and take an older, readable-by-all file and
    its companions back to the owner."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for companion in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if companion.stat().st_mode & 0o077:
                companion.chmod(0o600)
        except OSError:
            pass  # gone, or not ours to change: it is used as it is


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)


def _open_for_reading(path: Path) -> sqlite3.Connection:
    """A connection that only reads. In WAL mode even a reader needs the ``-shm`` file; where it
    cannot be made (a read-only file system) the file is read as it is, ``immutable`` (nothing
    can change it there): else "unable to open database file"."""
    if not path.is_file():
        raise FileNotFoundError(f"no such file: {path}")
    uri = f"{path.resolve().as_uri()}?mode=ro"
    db = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        db.execute("SELECT 1 FROM sqlite_master").fetchall()
        return db
    except sqlite3.OperationalError as exc:
        db.close()
        shm_cannot_be_made = not os.access(path.parent, os.W_OK) or _read_only_file_system(path)
        if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_CANTOPEN or not shm_cannot_be_made:
            raise
    return sqlite3.connect(f"{uri}&immutable=1", uri=True, isolation_level=None, check_same_thread=False)


def _read_only_file_system(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # (no statvfs on Windows)
        return False


def _not_a_database(exc: BaseException) -> bool:
    return getattr(exc, "sqlite_errorname", "") in ("SQLITE_NOTADB", "SQLITE_CORRUPT")


def _reason(exc: BaseException) -> str:
    """Why a file could not be used, in words: a full disk is said to be full, not busy."""
    if isinstance(exc, sqlite3.Error) and (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF == sqlite3.SQLITE_FULL:
        return "the disk is full"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def _write_failure(exc: sqlite3.Error) -> StatsError:
    code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return StatsError("the statistics could not be written: the disk is full")
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StatsError(f"the statistics file is busy with another arcade: {exc}")
    return StatsError(f"the statistics file cannot be written: {exc}")


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error). A write that fails (the
    lock still held by another writer after the busy timeout, a full disk) is a StatsError:
    the caller loses one record, never the game."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self.db, self.lock = db, lock

    def __enter__(self) -> sqlite3.Connection:
        self.lock.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            self.lock.release()
            raise _write_failure(exc) from None
        return self.db

    def __exit__(self, kind: type | None, exc: BaseException | None, tb: object) -> None:
        try:
            self._finish(kind, exc)
        finally:
            self.lock.release()

    def _finish(self, kind: type | None, exc: BaseException | None) -> None:
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.OperationalError as error:
                exc = error
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.OperationalError):
            raise _write_failure(exc) from None


# ---------------------------------------------------------------- in PostgreSQL (--database)


class _Rows(list):
    """A statement's rows, read the way the shared reads read an SQLite cursor."""

    def fetchall(self) -> list:
        return list(self)

    def fetchone(self) -> Any:
        return self[0] if self else None


class _DatabaseReads:
    """``db`` for the shared reads: each statement (its ``?`` marks made psycopg's ``%s``) on a
    connection of the pool, or on a snapshot's own. A database that fails is a StatsError."""

    def __init__(self, database: Database, conn: Any = None) -> None:
        self.database, self.conn = database, conn

    def execute(self, sql: str, args: tuple = ()) -> _Rows:
        sql = sql.replace("?", "%s")  # (the reads' SQL holds no other question mark)
        try:
            if self.conn is not None:
                return _Rows(self.database.execute(self.conn, sql, args))
            return _Rows(self.database.query(sql, args))
        except DatabaseError as exc:
            raise StatsError(f"the statistics cannot be read: {exc}") from None


# One statement, one round trip: the game's row, and its seats and its ratings from arrays, one
# array a column. A rating whose number another process took meanwhile fails it whole (Conflict).
_INSERT_GAME = """
WITH g AS (
    INSERT INTO games (game, finished_at, duration, seed, options, book, winners, reason, hinted, origin)
    VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (origin) DO NOTHING RETURNING id
), s AS (
    INSERT INTO seats (game_id, seat, name, kind, level, profile, outcome, score)
    SELECT g.id, t.* FROM g, unnest(%s::int[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[],
                                    %s::float8[]) AS t
), r AS (
    INSERT INTO ratings (game_id, profile, game, at, before, mu, sigma, rated)
    SELECT g.id, t.* FROM g, unnest(%s::text[], %s::text[], %s::float8[], %s::float8[], %s::float8[], %s::float8[],
                                    %s::int[]) AS t
)
SELECT id FROM g
"""

# The latest rating of each of a game's profiles, in one read.
_LATEST_RATINGS = """
SELECT DISTINCT ON (profile) profile, game, mu, sigma, rated, before, at FROM ratings
WHERE game = %s AND profile = ANY(%s) ORDER BY profile, rated DESC
"""
RATING_TRIES = 20  # a game rated again after another process rated one of its profiles meanwhile

# One statement too: the claims, and the sums and bins of those newly kept (a copy already made
# is skipped by its origin, and so counted once).
_INSERT_REACTIONS = """
WITH r AS (
    INSERT INTO reactions (at, session, game, claim, outcome, fault, seconds, profile, origin)
    SELECT * FROM unnest(%s::float8[], %s::text[], %s::text[], %s::text[], %s::text[], %s::int[], %s::float8[],
                         %s::text[], %s::text[])
    ON CONFLICT (origin) DO NOTHING RETURNING at, session, game, profile, fault, seconds
), kept AS (
    SELECT * FROM r WHERE fault = 0
), s AS (
    INSERT INTO reaction_sessions (profile, game, session, first_at, count, fastest)
    SELECT profile, game, session, MIN(at), COUNT(*), MIN(seconds) FROM kept GROUP BY profile, game, session
    ON CONFLICT (profile, game, session) DO UPDATE SET count = reaction_sessions.count + excluded.count,
        first_at = LEAST(reaction_sessions.first_at, excluded.first_at),
        fastest = LEAST(reaction_sessions.fastest, excluded.fastest)
), b AS (
    INSERT INTO reaction_bins (profile, session, game, bin, count)
    SELECT profile, session, game, floor(seconds / %s + 1e-9::float8)::int, COUNT(*) FROM kept GROUP BY 1, 2, 3, 4
    ON CONFLICT (profile, session, game, bin) DO UPDATE SET count = reaction_bins.count + excluded.count
)
SELECT count(*) FROM r
"""


class DatabaseStats(StatsStore):
    """The statistics in PostgreSQL (``--database``), shared by every process using it. A
    finished game is one statement (one round trip), a batch of claims another.

    A record the database cannot take (down, or refusing us) is not lost: it is kept in
    ``waiting`` (a file in this machine's data folder, one JSON line a record) and sent, once,
    before the next record that reaches the database; the StatsError says so."""

    def __init__(self, database: Database, session: str | None = None, waiting: Path | None = None) -> None:
        self.database = database
        self.session = session or f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        self.db = _DatabaseReads(database)
        self.waiting = waiting
        # The latest ratings this process read or wrote, (profile, game) -> rating (None: none
        # yet): a rated game is then one round trip, unless another process rated one of its
        # profiles since, when the database refuses it (Conflict) and it is rated again after a read.
        self._latest: dict[tuple[str, str], Rating | None] = {}
        self._moved: dict[int, list[Rating]] = {}  # the ratings a game just recorded moved, for ratings_of_game
        self._cache_lock = threading.Lock()

    def close(self) -> None:
        pass  # (the connections are the process's Database's, closed with it)

    @contextmanager
    def _snapshot(self) -> Iterator[_DatabaseReads]:
        try:
            with self.database.transaction(snapshot=True) as conn:
                yield _DatabaseReads(self.database, conn)
        except DatabaseError as exc:
            raise StatsError(f"the statistics cannot be read: {exc}") from None

    def _record_game(self, row: GameRow, seats: list[SeatRow], how: ratings.Plan | None) -> int | None:
        kept = [row, seats, how.as_data() if how is not None else None]
        return self._or_kept("game", lambda origin: self.insert_game(row, seats, origin, how), kept)

    def record_reactions(
        self, game_id: str, profile: str, reactions: Iterable[Reaction], at: float | None = None
    ) -> None:
        rows, _times, _bins = reaction_record(self.session, game_id, profile, reactions, at)
        if rows:
            self._or_kept("claims", lambda origin: self.insert_reactions(_with_origins(rows, origin)), rows)

    def insert_game(
        self,
        row: GameRow,
        seats: list[SeatRow],
        origin: str | None = None,
        how: ratings.Plan | None = None,
        moved: list[Rating] | None = None,
    ) -> int | None:
        """A game's rows, rated as ``how`` says (or with the ratings ``moved``, as they were: a
        copy); None when a game of that ``origin`` is there already."""
        columns = [list(column) for column in zip(*seats)]
        for attempt in range(RATING_TRIES):
            after = moved or []
            if how is not None:
                after = how.after(self._latest_ratings(how, fresh=attempt > 0), row[1])
            rated = [list(column) for column in zip(*ratings.rows(0, after))][1:] or [[]] * 7
            try:
                found = self._send(_INSERT_GAME, (*row, origin, *columns, *rated), "the game could not be recorded")
            except Conflict:
                if how is None:
                    raise RatingsTaken("the game could not be recorded: its ratings are there already") from None
                continue
            if not found:
                return None
            game_id = int(found[0][0])
            with self._cache_lock:
                self._latest.update({(r.profile, r.game): r for r in after})
                self._moved[game_id] = after
                while len(self._moved) > 16:  # (asked for at once, if at all)
                    del self._moved[next(iter(self._moved))]
            return game_id
        raise StatsError("the game could not be recorded: its players' ratings kept changing under it")

    def _latest_ratings(self, how: ratings.Plan, fresh: bool) -> dict[str, Rating | None]:
        """The rating before the game of each profile at it: as this process last knew it, or
        (``fresh``, or not known) read from the database."""
        profiles = list(how.profiles.values())
        with self._cache_lock:
            known = {p: self._latest[p, how.game] for p in profiles if (p, how.game) in self._latest}
        if fresh or len(known) < len(profiles):
            rows = self._send(_LATEST_RATINGS, (how.game, profiles), "the ratings could not be read")
            found = {row[0]: Rating(*row) for row in rows}
            known = {p: found.get(p) for p in profiles}
            with self._cache_lock:
                self._latest.update({(p, how.game): r for p, r in known.items()})
        return known

    def ratings_of_game(self, game_id: int) -> list[Rating]:
        with self._cache_lock:
            moved = self._moved.pop(game_id, None)
        if moved is not None:
            return moved
        return ratings.of_game(self.db, game_id)

    def insert_reactions(self, rows: list[tuple]) -> int:
        """Claims' rows (``ReactionRow`` and an origin, or None), their sums and bins with them;
        how many were new (a claim of an origin already there is not)."""
        if not rows:
            return 0
        args = (*[list(column) for column in zip(*rows)], BIN_SECONDS)
        return int(self._send(_INSERT_REACTIONS, args, "the reaction times could not be recorded")[0][0])

    def _send(self, sql: str, args: tuple, failed: str) -> list[tuple]:
        try:
            return self.database.query(sql, args)
        except Conflict:
            raise
        except DatabaseError as exc:
            raise StatsError(f"{failed}: {exc}") from None

    # ---- records kept while the database cannot take them

    def _or_kept(self, kind: str, send: Callable[[str | None], object], rows: object) -> Any:
        """``send`` the record (after what waits); if the database fails, keep it to send later.
        A kept record has an origin of its own, so that sending it twice records it once."""
        if self.waiting is None:
            return send(None)
        try:
            self.send_waiting()
            return send(None)
        except StatsError as exc:
            origin = f"waiting:{secrets.token_hex(8)}"
            try:
                with held_lock(self._waiting_lock()):
                    self.waiting.parent.mkdir(parents=True, exist_ok=True)
                    with open(self.waiting, "a", encoding="utf-8") as out:
                        out.write(json.dumps({"kind": kind, "origin": origin, "rows": rows}) + "\n")
            except OSError as error:
                raise StatsError(f"{exc}; and it could not be kept for later ({_reason(error)})") from None
            raise StatsError(
                f"{exc}; it is kept in {self.waiting} and recorded when the database answers again"
            ) from None

    def _waiting_lock(self) -> Path:
        assert self.waiting is not None
        return self.waiting.with_name(self.waiting.name + ".lock")

    def send_waiting(self) -> int:
        """Send the records kept while the database could not take them (StatsError if it still
        cannot: they stay kept); how many there were."""
        if self.waiting is None or not self.waiting.exists():
            return 0
        with held_lock(self._waiting_lock()):
            try:
                lines = self.waiting.read_text(encoding="utf-8").splitlines()
            except FileNotFoundError:
                return 0  # (another process sent them meanwhile)
            for line in lines:
                try:
                    record = json.loads(line)
                    kind, origin, rows = record["kind"], record["origin"], record["rows"]
                except (ValueError, KeyError, TypeError):
                    continue  # a line cut short by a crash: it was never a whole record
                if kind == "game":
                    how = ratings.Plan.from_data(rows[2]) if len(rows) > 2 and rows[2] is not None else None
                    self.insert_game(tuple(rows[0]), [tuple(seat) for seat in rows[1]], origin, how)
                else:
                    self.insert_reactions(_with_origins([tuple(r) for r in rows], origin))
            self.waiting.unlink()
        return len(lines)


def _with_origins(rows: list[ReactionRow] | list[tuple], origin: str | None) -> list[tuple]:
    """Claims' rows each with an origin of its own (from the batch's), or none."""
    return [(*row, f"{origin}:{i}" if origin is not None else None) for i, row in enumerate(rows)]
