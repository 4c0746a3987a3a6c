"""PostgreSQL, when the arcade is given ``--database postgresql://...``: what several processes on
several machines share (statistics, saves, settings, house-rule books) in one database instead of
the files of one machine.

One ``Database`` per process: a small pool of connections (psycopg 3), each used by one thread at
a time. Every call here blocks its thread for a round trip or more, so the app makes them where it
makes its file writes (its store writer's thread); nothing here knows asyncio or Textual.

The schema is in parts, one per store (``PARTS``: "stats", "ratings", "saves", "documents"), each with its
own list of steps; ``schema_versions`` holds how far each part has come. A store added later
(ratings, replays) adds a part of its own with its first step: nothing else changes. The steps
are run once, by whichever process comes first, under a transaction-wide advisory lock.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    import psycopg

POOL_SIZE = 4  # connections a process keeps: the store writer's thread, a reader, the save holds
CONNECT_TIMEOUT = 5  # seconds before a database that does not answer is said to be down
# After a failed connection every use fails at once with the same reason (instead of each session's
# next read waiting out CONNECT_TIMEOUT on the event loop), while a thread of the Database's own
# tries again this often; once it connects, the database is used again.
RETRY_EVERY = 2.0
MIGRATION_LOCK = 0x63617264  # the advisory lock taken while the schema is brought up to date


class DatabaseError(Exception):
    """The database cannot be used now (a bad URL, down, refusing us): the message says why."""


class Conflict(DatabaseError):
    """A statement refused by a unique constraint: another process wrote the same thing first."""


class _Stale(DatabaseError):
    """A connection kept in the pool was found dead when used again."""


def check_url(url: str) -> str:
    """``url`` if it can name a PostgreSQL database, else DatabaseError saying what one looks like."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres") or not (parts.netloc or parts.query):
        raise DatabaseError(f"not a PostgreSQL URL: {url!r} (one looks like postgresql://user@host:5432/cardarcade)")
    return url


def _shown(url: str) -> str:
    """The URL without its password, for a message."""
    parts = urlsplit(url)
    if parts.password:
        parts = parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@"))
    return parts.geturl()


def lock_key(*names: str) -> int:
    """A 64-bit advisory lock key for a thing named by ``names`` (the same on every machine)."""
    digest = hashlib.sha256("\0".join(names).encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


# Each part's steps: PARTS[part][n] takes that part from version n to n + 1.
PARTS: dict[str, list[str]] = {
    "stats": [
        """
        CREATE TABLE games (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            game TEXT NOT NULL,
            finished_at DOUBLE PRECISION NOT NULL,
            duration DOUBLE PRECISION NOT NULL,
            seed TEXT NOT NULL,
            options TEXT NOT NULL,
            book TEXT,
            winners TEXT NOT NULL,
            reason TEXT NOT NULL,
            origin TEXT UNIQUE                -- a game copied from a statistics file: which one (once)
        );
        CREATE TABLE seats (
            game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            profile TEXT,
            outcome TEXT NOT NULL CHECK (outcome IN ('won', 'drew', 'lost')),
            score DOUBLE PRECISION,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX seats_by_profile ON seats(profile, game_id);
        CREATE TABLE reactions (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            at DOUBLE PRECISION NOT NULL,
            session TEXT NOT NULL,
            game TEXT NOT NULL,
            claim TEXT NOT NULL,
            outcome TEXT NOT NULL,
            fault INTEGER NOT NULL,
            seconds DOUBLE PRECISION NOT NULL,
            profile TEXT NOT NULL,
            origin TEXT UNIQUE
        );
        CREATE INDEX reactions_by_profile ON reactions(profile, game, at);
        CREATE TABLE reaction_sessions (
            profile TEXT NOT NULL,
            game TEXT NOT NULL,
            session TEXT NOT NULL,
            first_at DOUBLE PRECISION NOT NULL,
            count INTEGER NOT NULL,
            fastest DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (profile, game, session)
        );
        CREATE INDEX reaction_sessions_by_time ON reaction_sessions(profile, first_at);
        CREATE TABLE reaction_bins (
            profile TEXT NOT NULL,
            session TEXT NOT NULL,
            game TEXT NOT NULL,
            bin INTEGER NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (profile, session, game, bin)
        );
        """
    ],
    "ratings": [
        """
        ALTER TABLE games ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE ratings (
            game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            profile TEXT NOT NULL,
            game TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            before DOUBLE PRECISION,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            rated INTEGER NOT NULL,
            PRIMARY KEY (game_id, profile),
            -- two processes rating one profile's game at once: the second is refused, and rates again
            UNIQUE (profile, game, rated)
        );
        CREATE INDEX ratings_by_game ON ratings(game, mu);
        """
    ],
    "saves": [
        """
        CREATE TABLE saves (
            owner TEXT NOT NULL,              -- whose saves ('' the arcade's own; a server's player by name)
            save_id TEXT NOT NULL,
            data BYTEA NOT NULL,              -- the save file's bytes, as the files hold them
            saved_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, save_id)
        );
        """
    ],
    "documents": [
        """
        CREATE TABLE documents (
            owner TEXT NOT NULL,              -- as the saves' owner ('' for what a server's players share)
            name TEXT NOT NULL,               -- the file it stands for, relative to its folder: settings.toml
            data BYTEA NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            PRIMARY KEY (owner, name)
        );
        """
    ],
}


class Database:
    """One PostgreSQL database, for one process: its pool of connections, its schema brought up
    to date on first use. ``round_trips`` counts the statements sent (for the benchmarks)."""

    def __init__(self, url: str, size: int = POOL_SIZE) -> None:
        self.url = check_url(url)
        self.round_trips = 0
        self._idle: list[psycopg.Connection] = []
        self._slots = threading.BoundedSemaphore(size)
        self._guard = threading.Lock()
        self._ready = False
        self._closed = False
        self._holds_guard = threading.Lock()
        self._holds_conn: psycopg.Connection | None = None
        self._held: set[int] = set()
        self._down: str | None = None  # why the database cannot be reached, while it cannot
        self.retry_every = RETRY_EVERY

    def describe(self) -> str:
        return _shown(self.url)

    def _connect(self) -> psycopg.Connection:
        import psycopg  # (only an arcade given --database needs it)

        if self._down is not None:
            raise DatabaseError(self._down)
        try:
            return self._new_connection()
        except psycopg.Error as exc:
            why = f"the database {self.describe()} cannot be reached: {_first_line(exc)}"
            with self._guard:
                if self._down is None and not self._closed:
                    self._down = why
                    threading.Thread(target=self._retry, name="cardarcade-database-retry", daemon=True).start()
            raise DatabaseError(why) from None

    def _new_connection(self) -> psycopg.Connection:
        import psycopg

        # (tcp_user_timeout: a link that goes silent mid-statement fails within it, not after minutes)
        return psycopg.connect(
            self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, tcp_user_timeout=CONNECT_TIMEOUT * 1000
        )

    def _retry(self) -> None:
        """While the database cannot be reached: try again every ``retry_every`` seconds, off
        every event loop; the connection that succeeds goes to the pool."""
        import psycopg

        while not self._closed:
            time.sleep(self.retry_every)
            try:
                conn = self._new_connection()
            except psycopg.Error:
                continue
            with self._guard:
                if self._closed:
                    conn.close()
                    return
                self._idle.append(conn)
                self._down = None
            return

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection]:
        """A connection of the pool for this thread alone, in autocommit (``transaction`` for
        several statements as one). A connection that failed is closed, not given back; the
        failure is a DatabaseError."""
        import psycopg

        if self._closed:
            raise DatabaseError("the database connection was closed")
        self._slots.acquire()
        try:
            with self._guard:
                conn = self._idle.pop() if self._idle else None
            reused = conn is not None and not conn.closed
            if conn is None or conn.closed:
                conn = self._connect()
            try:
                if not self._ready:
                    self._migrate(conn)
                yield conn
            except psycopg.Error as exc:
                broken = conn.closed or conn.broken or isinstance(exc, psycopg.OperationalError)
                if broken:
                    conn.close()
                elif conn.info.transaction_status != 0:  # (0: idle) a statement failed mid-transaction
                    conn.rollback()
                why = f"the database {self.describe()} failed: {_first_line(exc)}"
                if isinstance(exc, psycopg.errors.UniqueViolation):
                    raise Conflict(why) from None
                raise (_Stale(why) if broken and reused else DatabaseError(why)) from None
            except BaseException:
                if not conn.closed and conn.info.transaction_status != 0:
                    conn.rollback()
                raise
            if not conn.closed:
                with self._guard:
                    self._idle.append(conn)
        finally:
            self._slots.release()

    @contextmanager
    def transaction(self, snapshot: bool = False) -> Iterator[psycopg.Connection]:
        """A connection in one transaction: committed when the block ends, rolled back on an error.
        ``snapshot``: reads only, every one seeing the database as the first did (said in the
        BEGIN itself: no round trip more)."""
        import psycopg

        with self.connection() as conn:
            self.round_trips += 2  # BEGIN and COMMIT
            if snapshot:
                conn.isolation_level, conn.read_only = psycopg.IsolationLevel.REPEATABLE_READ, True
            try:
                with conn.transaction():
                    yield conn
            finally:
                if snapshot and not conn.closed:
                    conn.isolation_level, conn.read_only = None, None

    def execute(self, conn: psycopg.Connection, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        """One statement: its rows (none for a statement that gives none)."""
        self.round_trips += 1
        cursor = conn.execute(sql, args)
        return cursor.fetchall() if cursor.description is not None else []

    def query(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        """One statement on a pooled connection, by itself. A kept connection found dead (the
        database restarted since it was last used) is replaced and the statement sent again."""
        try:
            with self.connection() as conn:
                return self.execute(conn, sql, args)
        except _Stale:
            with self.connection() as conn:
                return self.execute(conn, sql, args)

    def _migrate(self, conn: psycopg.Connection) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_versions (part TEXT PRIMARY KEY, version INTEGER NOT NULL)")
            have: dict[str, int] = dict(conn.execute("SELECT part, version FROM schema_versions").fetchall())
            for part, steps in PARTS.items():
                version = have.get(part, 0)
                if version > len(steps):
                    raise DatabaseError(
                        f"the database {self.describe()} was written by a newer cardarcade "
                        f"({part} schema {version}; this one knows up to {len(steps)})"
                    )
                for step in steps[version:]:
                    conn.execute(step)
                conn.execute(
                    "INSERT INTO schema_versions VALUES (%s, %s) ON CONFLICT (part) DO UPDATE SET version = %s",
                    (part, len(steps), len(steps)),
                )
        self._ready = True

    @contextmanager
    def locked(self, key: int) -> Iterator[None]:
        """``key`` for this block alone, in every process using the database (another waits)."""
        with self.connection() as conn:
            self.execute(conn, "SELECT pg_advisory_lock(%s)", (key,))
            try:
                yield
            finally:
                self.execute(conn, "SELECT pg_advisory_unlock(%s)", (key,))

    # ---- holds: advisory locks on a connection of their own, which end with the process however it
    # ends (PostgreSQL lets a session's locks go when its connection drops)

    def _holder(self) -> psycopg.Connection:
        """The connection the holds are taken on (guarded by ``_holds_guard``); made again if it
        was lost, and the holds of this process taken again on it (a restarted database)."""
        if self._holds_conn is None or self._holds_conn.closed or self._holds_conn.broken:
            self._holds_conn = self._connect()
            for key in list(self._held):
                self.round_trips += 1
                if not self._holds_conn.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchall()[0][0]:
                    self._held.discard(key)  # taken by another process while we were away: theirs now
        return self._holds_conn

    @contextmanager
    def _holding(self) -> Iterator[psycopg.Connection]:
        import psycopg

        with self._holds_guard:
            try:
                yield self._holder()
            except psycopg.Error as exc:
                if self._holds_conn is not None:
                    self._holds_conn.close()
                raise DatabaseError(f"the database {self.describe()} failed: {_first_line(exc)}") from None

    def try_hold(self, key: int) -> bool:
        """Hold ``key`` for this process until ``let_go``; False if another process holds it."""
        with self._holding() as conn:
            self.round_trips += 1
            if conn.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchall()[0][0]:
                self._held.add(key)
                return True
            return False

    def let_go(self, key: int) -> None:
        with self._holding() as conn:
            if key in self._held:
                self._held.discard(key)
                self.round_trips += 1
                conn.execute("SELECT pg_advisory_unlock(%s)", (key,))

    def held_elsewhere(self) -> set[int]:
        """The keys other processes hold, in one read."""
        with self._holding() as conn:
            self.round_trips += 1
            rows = conn.execute(
                "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks WHERE locktype = 'advisory'"
                " AND objsubid = 1 AND granted AND pid <> pg_backend_pid()"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            ).fetchall()
        # (the two halves come back unsigned: the key as lock_key made it, signed)
        return {value - (1 << 64) if value >= 1 << 63 else value for (value,) in rows}

    def check(self) -> None:
        """Reach the database now (and bring its schema up to date): DatabaseError if it cannot be used."""
        self.query("SELECT 1")

    def close(self) -> None:
        self._closed = True
        with self._guard:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
        with self._holds_guard:
            if self._holds_conn is not None:
                self._holds_conn.close()  # (and every hold with it)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
