"""Statistics: every finished game and every reaction time, in one SQLite file.

Several arcades may write at once (two terminals, many SSH sessions in one server, or several
servers): the database is in WAL mode (readers never wait for a writer), every write is one
short ``BEGIN IMMEDIATE`` transaction (it takes the write lock up front, so two writers queue
instead of failing on a lock upgrade), and a busy timeout makes a writer wait its turn.

The schema carries its version in ``schema_version``; ``MIGRATIONS[n]`` takes a database from
version n to n+1 (version 0 is an empty file), all in one transaction, so an older database is
brought up to date when it is opened and a newer one is refused rather than written into.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping

from cardarcade.rules.base import Game
from cardarcade.store._files import user_data_dir
from cardarcade.table.table import is_fault
from cardarcade.ui.setup import GameSetup

BUSY_TIMEOUT_MS = 30_000  # a writer waits this long for its turn before giving up


class StatsError(Exception):
    """The statistics database cannot be used (damaged, or made by a newer cardarcade)."""


def _run(db: sqlite3.Connection, script: str) -> None:
    """Each statement of ``script`` inside the caller's transaction (``executescript`` would
    commit it first)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _create_v1(db: sqlite3.Connection) -> None:
    _run(db, """
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
            outcome TEXT NOT NULL,            -- the engine's word: slap_win, late_slap, false_slap, ...
            fault INTEGER NOT NULL,           -- a mistake (false slap), not a reaction time
            seconds REAL NOT NULL,
            profile TEXT NOT NULL
        );
        CREATE INDEX reactions_by_profile ON reactions(profile, game, at);
    """)


# MIGRATIONS[n] takes the schema from version n to n + 1.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_create_v1]


def schema_version() -> int:
    return len(MIGRATIONS)


@dataclass(frozen=True)
class Reaction:
    """One claim a person made: what they claimed, what came of it, how fast."""

    claim: str
    outcome: str
    seconds: float


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
    median: float
    best: float


class Stats:
    """The statistics file (by default ``stats.sqlite3`` in the user data folder). ``session``
    names this run of the arcade, for the trend over sessions."""

    def __init__(self, path: Path | None = None, session: str | None = None) -> None:
        self.path = path if path is not None else user_data_dir() / "stats.sqlite3"
        self.session = session or f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except sqlite3.Error as exc:
            raise StatsError(f"{self.path} cannot be opened: {exc}") from None
        try:
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")  # in WAL mode: durable at checkpoints, never corrupt
            self.db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self.db.close()
            if getattr(exc, "sqlite_errorname", "") in ("SQLITE_NOTADB", "SQLITE_CORRUPT"):
                raise StatsError(f"{self.path} is not a statistics file this program can use: {exc}") from None
            raise StatsError(f"{self.path} cannot be used now: {exc}") from None
        except StatsError:
            self.db.close()
            raise

    def __enter__(self) -> "Stats":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    def _migrate(self) -> None:
        with self._writing() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT version FROM schema_version").fetchone()
            version = row[0] if row else 0
            if version > schema_version():
                raise StatsError(f"{self.path} was written by a newer cardarcade (schema {version}; "
                                 f"this one knows up to {schema_version()})")
            for step in MIGRATIONS[version:]:
                step(db)
            if row is None:
                db.execute("INSERT INTO schema_version VALUES (?)", (schema_version(),))
            elif version != schema_version():
                db.execute("UPDATE schema_version SET version = ?", (schema_version(),))

    def _writing(self) -> "_Transaction":
        return _Transaction(self.db)

    # ---- recording

    def record_game(self, setup: GameSetup, game: Game, duration: float, profiles: Mapping[int, str] = {},
                    book: str | None = None, finished_at: float | None = None) -> int:
        """A finished game: ``profiles`` maps the people's seats to their profile names."""
        result = game.result
        if result is None:
            raise ValueError("only a finished game is recorded")
        winners = set(result.winners)
        with self._writing() as db:
            row = db.execute(
                "INSERT INTO games (game, finished_at, duration, seed, options, book, winners, reason)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (setup.spec.id, finished_at if finished_at is not None else time.time(), duration, str(setup.seed),
                 json.dumps(setup.options.model_dump(mode="json")), book, json.dumps(sorted(winners)),
                 result.reason))
            game_id = row.lastrowid
            db.executemany(
                "INSERT INTO seats (game_id, seat, name, kind, level, profile, outcome, score)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, i, seat.name, seat.kind, seat.level, profiles.get(i),
                  ("won" if len(winners) == 1 else "drew") if i in winners else "lost",
                  result.scores[i] if result.scores is not None else None)
                 for i, seat in enumerate(setup.seats)])
        return game_id

    def record_reactions(self, game_id: str, profile: str, reactions: Iterable[Reaction],
                         at: float | None = None) -> None:
        """A person's claims (a round's worth, or a game's), in this session."""
        when = at if at is not None else time.time()
        rows = [(when, self.session, game_id, r.claim, r.outcome, int(is_fault(r.outcome)), r.seconds, profile)
                for r in reactions]
        if not rows:
            return
        with self._writing() as db:
            db.executemany("INSERT INTO reactions (at, session, game, claim, outcome, fault, seconds, profile)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)

    # ---- figures

    def profiles(self) -> list[str]:
        """Every profile with a recorded game or reaction."""
        rows = self.db.execute("SELECT profile FROM seats WHERE profile IS NOT NULL"
                               " UNION SELECT profile FROM reactions ORDER BY 1").fetchall()
        return [r[0] for r in rows]

    def game_summaries(self, profile: str) -> list[GameSummary]:
        """Per game the profile played: played, won, drawn, streaks, and results against each bot
        level (a game with bots of two levels counts for both)."""
        summaries: dict[str, GameSummary] = {}
        rows = self.db.execute(
            "SELECT g.game, s.outcome, g.duration FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.profile = ? ORDER BY g.finished_at, g.id", (profile,))
        for game, outcome, duration in rows:
            summary = summaries.setdefault(game, GameSummary(game))
            summary.played += 1
            summary.seconds += duration
            summary.won += outcome == "won"
            summary.drew += outcome == "drew"
            summary.streak = summary.streak + 1 if outcome == "won" else 0
            summary.best_streak = max(summary.best_streak, summary.streak)
        against: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {"won": 0, "drew": 0, "lost": 0})
        rows = self.db.execute(
            "SELECT g.game, b.level, s.outcome, COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id"
            " JOIN (SELECT DISTINCT game_id, level FROM seats WHERE kind = 'bot') b ON b.game_id = g.id"
            " WHERE s.profile = ? GROUP BY g.game, b.level, s.outcome", (profile,))
        for game, level, outcome, count in rows:
            against[game, level][outcome] += count
        for (game, level), counts in sorted(against.items()):
            summaries[game].against[level] = LevelRecord(sum(counts.values()), counts["won"], counts["drew"])
        return sorted(summaries.values(), key=lambda s: s.game)

    def _reaction_filter(self, profile: str, game: str | None) -> tuple[str, tuple]:
        if game is None:
            return "profile = ? AND fault = 0", (profile,)
        return "profile = ? AND game = ? AND fault = 0", (profile, game)

    def reaction_seconds(self, profile: str, game: str | None = None) -> list[float]:
        """Every reaction time of the profile (mistakes left out), for a histogram."""
        where, args = self._reaction_filter(profile, game)
        return [r[0] for r in self.db.execute(f"SELECT seconds FROM reactions WHERE {where}", args)]

    def reaction_trend(self, profile: str, game: str | None = None) -> list[SessionTrend]:
        """The profile's reaction times session by session, oldest first."""
        where, args = self._reaction_filter(profile, game)
        by_session: dict[str, tuple[float, list[float]]] = {}
        for session, at, seconds in self.db.execute(
                f"SELECT session, at, seconds FROM reactions WHERE {where} ORDER BY at", args):
            by_session.setdefault(session, (at, []))[1].append(seconds)
        return [SessionTrend(session, started, len(times), statistics.median(times), min(times))
                for session, (started, times) in by_session.items()]

    def finished_games(self) -> list[dict]:
        """Every recorded game with its seats, oldest first (for an export)."""
        seats: dict[int, list[dict]] = defaultdict(list)
        for row in self.db.execute("SELECT game_id, seat, name, kind, level, profile, outcome, score FROM seats"
                                   " ORDER BY game_id, seat"):
            seats[row[0]].append(dict(zip(("seat", "name", "kind", "level", "profile", "outcome", "score"), row[1:])))
        keys = ("id", "game", "finished_at", "duration", "seed", "options", "book", "winners", "reason")
        games = []
        for row in self.db.execute(f"SELECT {', '.join(keys)} FROM games ORDER BY finished_at, id"):
            record = dict(zip(keys, row))
            record["options"] = json.loads(record["options"])
            record["winners"] = json.loads(record["winners"])
            record["seats"] = seats[record["id"]]
            games.append(record)
        return games


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error). A write that fails (the
    lock still held by another writer after the busy timeout, a full disk) is a StatsError:
    the caller loses one record, never the game."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StatsError(f"the statistics file is busy or cannot be written: {exc}") from None
        return self.db

    def __exit__(self, kind: type | None, exc: BaseException | None, tb: object) -> None:
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.OperationalError as error:
                exc = error
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.OperationalError):
            raise StatsError(f"the statistics file is busy or cannot be written: {exc}") from None
