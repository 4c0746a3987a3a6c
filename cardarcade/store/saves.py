"""Saved games: the engine's own save wrapped with the app's part, one file per game in play.

A save file is JSON::

    {"format": "cardarcade-table", "version": 5, "id": "war-20261122-171500-a1b2c3",
     "saved_at": "2026-11-22T17:15:00+00:00", "game": "war",
     "seats": [{"name": "You", "kind": "human", "level": null, "profile": "ada"}, ...],
     "book": "Friday night", "deck": null, "passes": 0,
     "elapsed": 73.2, "log": ["You turn 7♠.", ...], "seen": {"0": 12}, "moves": [...], "hinted": false,
     "engine": {<the engine's save, Game.to_json()>}}

The house rules and the seed are the engine's (version 1 kept a copy of each beside it). ``log``
is the game's log as plain text, its newest lines (``_newest_lines``; version 3); ``seen``, at a
hot-seat table with hidden hands, how many of those lines each person had seen. ``moves``
(version 4): every move so far with its time, as a replay file's move lines, so a game carried
on keeps its replay whole; null when they are not known (a save from before replays, or a game
longer than ``MAX_MOVES``): that game keeps no replay. ``hinted`` (version 5): the coach was asked
in this game, so it is not rated when it is finished, however many times it is carried on.

A game being played is held by its window (``SaveStore.hold``): a lock on a file beside the
save, which the system lets go when the process ends however it ends, and a record of this
process's holds (several windows in one process: the SSH server). Another window lists that
save as open elsewhere and neither opens, saves over nor deletes it.

The engine's part is checked by the engine (``GameSpec.from_json``); this module checks the
rest, and that the two agree. A save that cannot be read whole is never half-opened,
overwritten or deleted: it is listed with the reason, and moved aside only when asked.
An older envelope is brought up to date by ``MIGRATIONS``, one step per version.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, UTC
from pathlib import Path
from typing import Any, Literal
from collections.abc import Callable, Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cardarcade.bots import playable_levels
from cardarcade.cards import Card, quoted
from cardarcade.rules import GAMES
from cardarcade.replay import MAX_MOVES, Move
from cardarcade.rules.base import MAX_SAVE_SIZE, BadSave, Game, first_error, read_json
from cardarcade.seating import GameSetup, Seat
from cardarcade.store._files import TEMP_SUFFIX, user_data_dir, write_atomically
from cardarcade.store._seats import SeatRecord as _SeatRecord
from cardarcade.store.database import Database, DatabaseError, lock_key
from cardarcade.store.replays import move_data, move_from_data

ENVELOPE_FORMAT = "cardarcade-table"
ENVELOPE_VERSION = 5
MAX_LOG_LINES = 500  # the newest lines of the log a save keeps
MAX_LOG_LINE = 1_000  # characters of one line (a log line is a sentence or a row of times)
MAX_LOG_BYTES = 128 << 10  # of those lines in the file (500 lines of a sentence each take a quarter)
# Bounds of the envelope's own numbers: far beyond any real game, and never used to size anything.
MAX_PASSES = 1_000_000
MAX_ELAPSED = 10**8  # seconds (over three years of play)
MAX_MOVES_BYTES = MAX_MOVES * 80  # a move line is about 60 bytes
# The engine's save plus a few hundred bytes of seats and house rules.
MAX_FILE_SIZE = MAX_SAVE_SIZE + (64 << 10) + MAX_LOG_BYTES + MAX_MOVES_BYTES
SET_ASIDE_FOLDER = "set-aside"


# MIGRATIONS[n] turns a version-n envelope (a dict) into a version n+1 one. Every format change
# bumps ENVELOPE_VERSION and adds its step here, so every older save still opens.
def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 2 names each person's profile, and leaves the house rules and the seed to the
    engine's part; version 1's copies had to agree with it (else the save is refused)."""
    engine = raw["engine"]
    state = engine.get("state") if isinstance(engine, dict) else None
    if not isinstance(state, dict):
        raise BadSave("the engine's part of the save is missing")
    if raw["seed"] != state.get("seed") or raw["options"] != state.get("options"):
        raise BadSave("the saved house rules or seed differ from the game's own")
    rest = {k: v for k, v in raw.items() if k not in ("options", "seed")}
    return {**rest, "seats": [{**seat, "profile": None} for seat in raw["seats"]]}


def _v2_to_v3(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 3 keeps the game's log; a version 2 save has none (the game carries on without it)."""
    return {**raw, "log": [], "seen": {}}


def _v3_to_v4(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 4 keeps the moves so far (the replay); a version 3 save's are not known."""
    return {**raw, "moves": None}


def _v4_to_v5(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 5 says whether a hint was asked; a version 4 save had no coach to ask."""
    return {**raw, "hinted": False}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
}

_SAVE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")


class SaveFailed(Exception):
    """A game could not be saved (the disk refused, or the file of that name is not ours)."""


class SaveInUse(Exception):
    """The save is held by another window: another arcade, or another session of this process."""

    def __init__(self, save_id: str) -> None:
        super().__init__(f"{save_id} is open in another window")
        self.save_id = save_id


class _Envelope(BaseModel):
    """The app's part of a save, as written by this version."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    format: Literal["cardarcade-table"]
    version: int
    id: str = Field(pattern=_SAVE_ID.pattern)
    saved_at: datetime
    game: str
    seats: list[_SeatRecord]
    book: str | None = Field(None, max_length=200)  # the house-rule book in force, by name
    deck: list[str] | None = None
    passes: int = Field(ge=0, le=MAX_PASSES)
    elapsed: float = Field(ge=0, le=MAX_ELAPSED)
    log: list[str] = Field(max_length=MAX_LOG_LINES)
    seen: dict[int, int]  # seat -> lines of ``log`` that person had seen
    moves: list[dict[str, Any]] | None = Field(max_length=MAX_MOVES)
    hinted: bool
    engine: dict[str, Any]

    @field_validator("log")
    @classmethod
    def _short_lines(cls, lines: list[str]) -> list[str]:
        if any(len(line) > MAX_LOG_LINE for line in lines):
            raise ValueError(f"a line of the log is longer than {MAX_LOG_LINE} characters")
        return lines


@dataclass(frozen=True)
class SavedGame:
    """A save read whole: start the app from ``setup`` and carry on with ``game``."""

    save_id: str
    setup: GameSetup
    game: Game
    elapsed: float  # seconds already played
    saved_at: datetime
    log: tuple[str, ...] = ()  # the game's log as it was saved (its newest lines), oldest first
    seen: dict[int, int] = field(default_factory=dict)  # hot-seat: person's seat -> lines of ``log`` seen
    moves: tuple[Move, ...] | None = None  # the moves so far (None: not known: a save older than replays, or not given)
    hinted: bool = False  # the coach was asked: the game is not rated


@dataclass(frozen=True)
class SaveEntry:
    """One line of the "Continue" list. ``problem`` says why a save cannot be opened (then the
    other fields hold what could be read, if anything)."""

    save_id: str
    path: Path
    game_id: str | None
    title: str
    players: tuple[str, ...]
    summary: str
    saved_at: datetime | None
    problem: str | None = None
    profiles: tuple[str | None, ...] = ()  # each seat's profile (None: a bot, or nobody named)
    open_elsewhere: bool = False  # held by another window: not to be opened or deleted from here

    @property
    def can_resume(self) -> bool:
        return self.problem is None and not self.open_elsewhere


def new_save_id(game_id: str, now: datetime | None = None) -> str:
    """A fresh id for a game about to be saved for the first time (its file name, too)."""
    now = now or datetime.now(UTC)
    return f"{game_id}-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def encode(
    save_id: str,
    setup: GameSetup,
    game: Game,
    elapsed: float,
    now: datetime | None = None,
    log: Sequence[str] = (),
    seen: Mapping[int, int] | None = None,
    moves: Sequence[Move] | None = None,
    hinted: bool = False,
) -> bytes:
    """The file's bytes for ``game`` as started from ``setup``; ``log``, the game's log so far as
    plain text (its newest lines are kept: ``_newest_lines``), and ``seen``, how many of its lines
    each person had seen (a hot-seat table with hidden hands); ``moves``, every move so far (None:
    not known); ``hinted``: the coach was asked."""
    if not _SAVE_ID.fullmatch(save_id):
        raise ValueError(f"not a save id: {save_id!r}")
    kept = _newest_lines(log)
    dropped = len(log) - len(kept)
    envelope = {
        "format": ENVELOPE_FORMAT,
        "version": ENVELOPE_VERSION,
        "id": save_id,
        "saved_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "game": setup.spec.id,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "profile": s.profile} for s in setup.seats],
        "book": setup.book,
        "deck": [c.code for c in setup.deck] if setup.deck is not None else None,
        "passes": setup.passes,
        "elapsed": round(min(max(0.0, elapsed), MAX_ELAPSED), 3),
        "log": kept,
        "seen": {str(seat): min(max(0, n - dropped), len(kept)) for seat, n in (seen or {}).items()},
        "moves": [move_data(m) for m in moves] if moves is not None and len(moves) <= MAX_MOVES else None,
        "hinted": hinted,
        "engine": json.loads(game.to_json()),
    }
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":")).encode()


def _newest_lines(log: Sequence[str]) -> list[str]:
    """The newest lines of ``log`` a save keeps (``MAX_LOG_LINES``, at most ``MAX_LOG_BYTES`` in
    the file), each cut to ``MAX_LOG_LINE`` characters; oldest first."""
    kept: list[str] = []
    size = 0
    for line in reversed(log[-MAX_LOG_LINES:]):
        line = line[:MAX_LOG_LINE]
        size += len(json.dumps(line, ensure_ascii=False).encode()) + 1
        if size > MAX_LOG_BYTES:
            break
        kept.append(line)
    kept.reverse()
    return kept


def _read_envelope(data: bytes) -> dict[str, Any]:
    """The envelope as a dict of this version's shape: JSON, ours, not newer, migrated."""
    raw = read_json(data, MAX_FILE_SIZE)
    if not isinstance(raw, dict) or raw.get("format") != ENVELOPE_FORMAT:
        raise BadSave("not a cardarcade saved game")
    version = raw.get("version")
    if type(version) is not int or version < 0:
        raise BadSave(f"not a saved game (format version {version!r})")
    if version > ENVELOPE_VERSION:
        raise BadSave(f"saved by a newer cardarcade (format {version}; this one reads up to {ENVELOPE_VERSION})")
    game_id = raw.get("game")
    if game_id not in GAMES:
        raise BadSave(f"a game this version of cardarcade does not have: {quoted(game_id)}")
    return migrate(raw)


def migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """Bring an older envelope up to this version, one registered step at a time."""
    while raw["version"] < ENVELOPE_VERSION:
        step = MIGRATIONS.get(raw["version"])
        if step is None:
            raise BadSave(f"format version {raw['version']} is too old to read")
        try:
            raw = {**step(raw), "version": raw["version"] + 1}
        except BadSave:  # the step's own words for what is wrong
            raise
        except (LookupError, TypeError, ValueError, AttributeError) as exc:  # an old save with a part missing
            raise BadSave(
                f"format version {raw['version']} could not be brought up to date ({type(exc).__name__}: {exc})"
            ) from None
    return raw


def decode(data: bytes) -> SavedGame:
    """A save read whole, or BadSave saying why it cannot be."""
    raw = _read_envelope(data)
    try:
        env = _Envelope.model_validate(raw)
    except ValidationError as exc:
        raise BadSave(first_error(exc, "saved")) from None
    except RecursionError:
        raise BadSave("not a saved game (nested too deep)") from None
    spec = GAMES[env.game]
    game = spec.from_data(env.engine)  # BadSave from the engine's own checks
    if len(env.seats) != game.players:
        raise BadSave(f"{len(env.seats)} seats for a {game.players}-player game")
    levels = playable_levels(spec)  # (one offered when it was saved plays on, even if withdrawn since)
    for seat in env.seats:
        if (seat.kind == "bot") != (seat.level is not None) or (seat.level is not None and seat.level not in levels):
            raise BadSave(f"seat {seat.name!r}: bot level {seat.level!r} is not one this game offers")
    try:
        deck = tuple(Card.parse(c) for c in env.deck) if env.deck is not None else None
    except ValueError as exc:
        raise BadSave(f"bad saved setup: {exc}") from None
    seats = tuple(Seat(s.name, s.kind, s.level, s.profile if s.kind == "human" else None) for s in env.seats)
    if any(
        not 0 <= seat < len(seats) or seats[seat].kind != "human" or not 0 <= n <= len(env.log)
        for seat, n in env.seen.items()
    ):
        raise BadSave("the log's marks of what each person had seen do not fit the seats")
    setup = GameSetup(spec, seats, game.options, game.s.seed, deck, env.passes, env.book)
    saved_at = env.saved_at if env.saved_at.tzinfo else env.saved_at.replace(tzinfo=UTC)
    try:
        moves = tuple(move_from_data(m) for m in env.moves) if env.moves is not None else None
    except ValueError as exc:
        raise BadSave(f"bad saved moves: {exc}") from None
    if moves is not None and any(m.seat >= len(seats) for m in moves):
        raise BadSave("a saved move names a seat the table does not have")
    return SavedGame(env.id, setup, game, env.elapsed, saved_at, tuple(env.log), dict(env.seen), moves, env.hinted)


# A game's progress for the Continue list: the first of these a game's table view holds, one
# number (or a list's length) per seat.
_PROGRESS_FIELDS = (
    ("counts", "cards"),
    ("chips", "chips"),
    ("books", "books"),
    ("sets", "sets"),
    ("hand_sizes", "cards in hand"),
    ("hand_counts", "cards in hand"),
)


def progress(game: Game, names: tuple[str, ...]) -> str:
    """'You 30, Bot 1 22 cards': how the game stands, in a line (or how it ended)."""
    if game.result is not None:
        return game.result.describe(list(names))
    view = game.view(None)
    for field_name, unit in _PROGRESS_FIELDS:
        values = getattr(view, field_name, None)
        if isinstance(values, list) and len(values) == len(names):
            numbers = [len(v) if isinstance(v, (list, tuple)) else v for v in values]
            return ", ".join(f"{name} {n}" for name, n in zip(names, numbers)) + f" {unit}"
    return f"{game.s.actions} moves played"


# ---------------------------------------------------------------- holding a save in play

try:
    import fcntl
except ImportError:  # (Windows) holds are then this process's own record alone
    fcntl = None  # type: ignore[assignment]  # the module, or None without one

LOCK_SUFFIX = ".lock"
# A window only looking at the list locks a save's file for a moment (to see whether it is
# held): a window taking a save in that moment tries again this often, this far apart.
LOCK_TRIES, LOCK_RETRY = 5, 0.01


@dataclass
class _Hold:
    owner: SaveStore
    fd: int | None  # the locked lock file; None where none could be made (a read-only folder)
    count: int = 1


# Every save held in this process, by its lock file's path. The lock keeps out other processes;
# this keeps out another window of this process (a server's sessions), which the lock does not
# on every system (NFS emulates it with locks that belong to the whole process).
_HELD: dict[str, _Hold] = {}
_HELD_GUARD = threading.Lock()


def _take_lock(path: Path) -> int | None:
    """A descriptor of the lock file ``path``, locked by it; BlockingIOError if another holds it,
    None if no lock can be had here (a folder that cannot be written, a system without locks)."""
    if fcntl is None:
        return None
    for attempt in range(LOCK_TRIES):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if attempt + 1 == LOCK_TRIES:
                raise
            time.sleep(LOCK_RETRY)
            continue
        except OSError:
            os.close(fd)
            return None
        try:
            current = os.stat(path)
        except OSError:
            current = None
        if current is not None and os.path.samestat(os.fstat(fd), current):
            return fd
        os.close(fd)  # let go and removed while we waited for it: lock the file there now
    raise BlockingIOError(errno.EAGAIN, "the lock file keeps changing")


def _locked_elsewhere(path: Path) -> bool:
    """Whether a lock file is locked (by another process, or another descriptor of this one)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False  # no lock file: nobody holds the save
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # (shared: two windows looking do not collide)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # (lets go of the shared lock, and of nothing else)
    return False


def _let_go_of(path: Path, fd: int | None) -> None:
    if fd is None:
        return
    try:
        path.unlink()  # while still locked: the next to hold the save makes a new one
    except OSError:
        pass
    os.close(fd)


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


class SaveStore:
    """The saved games in one folder (by default the user data folder's ``saves``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else user_data_dir() / "saves"
        # What this store last wrote or read whole, per save: (inode, size, mtime) of the file.
        # A file still matching is known to be ours, and is replaced without reading it again.
        self._known: dict[str, tuple[int, int, int] | None] = {}

    def path(self, save_id: str) -> Path:
        if not _SAVE_ID.fullmatch(save_id):
            raise ValueError(f"not a save id: {save_id!r}")
        return self.folder / f"{save_id}.json"

    # ---- holding a save while its game is played

    def _lock_path(self, save_id: str) -> Path:
        return self.path(save_id).with_name(f".{save_id}{LOCK_SUFFIX}")

    def _hold_key(self, save_id: str) -> str:
        """This save's name in this process's record of holds (``_HELD``)."""
        return str(self._lock_path(save_id))

    def _take_hold(self, save_id: str) -> int | None:
        """Hold the save against other processes (its lock file: SaveInUse if another holds
        it): what ``_drop_hold`` lets go of."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass  # (no lock file then: this process's record holds it)
        try:
            return _take_lock(self._lock_path(save_id))
        except BlockingIOError:
            raise SaveInUse(save_id) from None

    def _drop_hold(self, save_id: str, fd: int | None) -> None:
        _let_go_of(self._lock_path(save_id), fd)

    def _held_by_another_process(self, save_id: str) -> bool:
        return _locked_elsewhere(self._lock_path(save_id))

    def hold(self, save_id: str) -> None:
        """Hold this save for the game played from this store's window, until ``let_go`` or the
        end of the process (however it ends: a crashed window never holds a save for ever).
        SaveInUse if another window holds it. Held again by this store, it is held until let go
        as often."""
        key = self._hold_key(save_id)
        with _HELD_GUARD:
            held = _HELD.get(key)
            if held is not None:
                if held.owner is not self:
                    raise SaveInUse(save_id)
                held.count += 1
                return
            _HELD[key] = _Hold(self, self._take_hold(save_id))

    def let_go(self, save_id: str, entirely: bool = False) -> None:
        """One ``hold`` of this store ends (``entirely``: every one); the last lets the save go."""
        key = self._hold_key(save_id)
        with _HELD_GUARD:
            held = _HELD.get(key)
            if held is None or held.owner is not self:
                return
            held.count = 0 if entirely else held.count - 1
            if held.count > 0:
                return
            del _HELD[key]
            self._drop_hold(save_id, held.fd)

    def holding(self, save_id: str) -> bool:
        """Whether this store holds the save."""
        held = _HELD.get(self._hold_key(save_id))
        return held is not None and held.owner is self

    def held_elsewhere(self, save_id: str) -> bool:
        """Whether another window holds the save (another process, or another store of this one)."""
        with _HELD_GUARD:
            held = _HELD.get(self._hold_key(save_id))
            if held is not None:
                return held.owner is not self
        return self._held_by_another_process(save_id)

    def _check_hold(self, save_id: str, hold: bool) -> None:
        """Before a write: ``hold``, held from now on; else, not held by another window
        (SaveFailed saying so)."""
        try:
            if hold and not self.holding(save_id):
                self.hold(save_id)
            elif not hold and self.held_elsewhere(save_id):
                raise SaveInUse(save_id)
        except SaveInUse as exc:
            raise SaveFailed(f"{exc}, and is left to it") from None

    def open(self, save_id: str) -> SavedGame:
        """``load`` for a game to be played from this window: held first (``hold``: SaveInUse if
        another window holds it), so that no other window opens it meanwhile; let go if it
        cannot be read. The caller lets it go once the game is left."""
        self.hold(save_id)
        try:
            return self.load(save_id)
        except BaseException:
            self.let_go(save_id)
            raise

    # ---- writing and reading

    def save(self, save_id: str, setup: GameSetup, game: Game, elapsed: float) -> Path:
        """Write (or replace) this game's save; SaveFailed says why it could not be. A file of
        that name that this version cannot read whole (broken, or another version's) is left
        alone (save under a ``new_save_id`` instead)."""
        return self.write(save_id, encode(save_id, setup, game, elapsed))

    def write(self, save_id: str, data: bytes, hold: bool = False) -> Path:
        """``save`` in two halves: ``encode`` where the game is (it must not change meanwhile),
        this wherever a slow disk may keep it waiting (a worker thread). ``hold``: the game is
        played from this store's window, and its save is held from its first write (once: let
        go as one ``hold``). A save another window holds is never written over."""
        path = self.path(save_id)
        self._check_hold(save_id, hold)
        if path.exists() and _identity(path) != self._known.get(save_id):
            try:
                decode(path.read_bytes())
            except OSError as exc:
                raise SaveFailed(f"{path.name} cannot be read ({exc.strerror}); it is left as it is") from None
            except BadSave as exc:
                raise SaveFailed(f"{path.name} is kept as it is ({exc})") from None
        try:
            write_atomically(path, data)
        except OSError as exc:  # a full disk, a folder we may not write to
            raise SaveFailed(f"the game could not be saved in {self.folder} ({exc.strerror or exc})") from None
        self._known[save_id] = _identity(path)
        return path

    def load(self, save_id: str) -> SavedGame:
        path = self.path(save_id)
        try:
            before = _identity(path)
            data = path.read_bytes()
        except OSError as exc:
            raise BadSave(f"the save cannot be read ({exc.strerror or exc})") from None
        saved = decode(data)
        if _identity(path) == before:  # not replaced while it was read
            self._known[save_id] = before
        return saved

    def entries(self) -> list[SaveEntry]:
        """Every save in the folder, newest first; those that cannot be resumed say why, and
        those another window holds say so."""
        if not self.folder.is_dir():
            return []
        found = []
        for path in self.folder.glob("*.json"):
            if path.name.startswith(".") or not path.is_file():
                continue
            entry = self._entry(path)
            if _SAVE_ID.fullmatch(entry.save_id) and self.held_elsewhere(entry.save_id):
                entry = replace(entry, open_elsewhere=True)
            found.append(entry)
        oldest = datetime.min.replace(tzinfo=UTC)
        return sorted(found, key=lambda e: (e.saved_at or oldest, e.save_id), reverse=True)

    def count(self) -> int:
        """How many saves there are, by their files alone (nothing is opened)."""
        try:
            return sum(1 for p in self.folder.glob("*.json") if not p.name.startswith("."))
        except OSError:
            return 0

    def counts(self) -> tuple[int, int]:
        """(the saves that open, the files that cannot be opened), every save read whole: slow
        (the engines' checks), to be asked off an event loop."""
        entries = self.entries()
        good = sum(e.problem is None for e in entries)
        return good, len(entries) - good

    def _entry(self, path: Path) -> SaveEntry:
        save_id = path.stem
        try:
            if path.stat().st_size > MAX_FILE_SIZE:
                raise BadSave(f"not a saved game (larger than {MAX_FILE_SIZE >> 20} MB)")
            data = path.read_bytes()
        except OSError as exc:
            return SaveEntry(save_id, path, None, path.name, (), "", None, f"cannot be read ({exc.strerror or exc})")
        except BadSave as exc:
            return SaveEntry(save_id, path, None, path.name, (), "", None, str(exc))
        return self._entry_of(save_id, data)

    def _entry_of(self, save_id: str, data: bytes) -> SaveEntry:
        """The list's line for the save ``save_id`` holding ``data``."""
        path = self.path(save_id) if _SAVE_ID.fullmatch(save_id) else self.folder / f"{save_id}.json"
        try:
            saved = decode(data)
        except BadSave as exc:
            return SaveEntry(save_id, path, None, path.name, (), "", None, str(exc))
        if saved.save_id != save_id:
            return SaveEntry(
                save_id,
                path,
                None,
                path.name,
                (),
                "",
                None,
                f"the file is named {path.name} but holds save {saved.save_id!r}",
            )
        names = tuple(saved.setup.names)
        return SaveEntry(
            save_id,
            path,
            saved.setup.spec.id,
            saved.setup.spec.title,
            names,
            progress(saved.game, names),
            saved.saved_at,
            profiles=tuple(seat.profile for seat in saved.setup.seats),
        )

    def remove(self, save_id: str) -> None:
        """Delete the save of a game that was finished or given up (this store's hold of it
        ends). Only a save this version reads whole may be deleted; anything else is for
        ``set_aside``; one another window holds is kept (SaveInUse)."""
        if self.held_elsewhere(save_id):
            raise SaveInUse(save_id)
        try:
            self.load(save_id)  # BadSave when it is not ours to delete
            self.path(save_id).unlink(missing_ok=True)
            self._known.pop(save_id, None)
        finally:
            self.let_go(save_id, entirely=True)  # (its game is over here, whatever became of the file)

    def set_aside(self, save_id: str) -> Path:
        """Move a save out of the list (into ``set-aside/``), as the player asked; it is kept."""
        # Any file the list shows may be set aside, whatever its name (a broken save's name need
        # not be a save id); ``save_id`` is a file name's stem here, never a path.
        if not save_id or "/" in save_id or "\0" in save_id or save_id.startswith("."):
            raise ValueError(f"not a file of the saves folder: {save_id!r}")
        if _SAVE_ID.fullmatch(save_id) and self.held_elsewhere(save_id):
            raise SaveInUse(save_id)  # (a newer version's window may be playing it)
        source = self.folder / f"{save_id}.json"  # OSError if it cannot be moved (the caller says so)
        target_dir = self.folder / SET_ASIDE_FOLDER
        target_dir.mkdir(parents=True, exist_ok=True)
        target = target_dir / source.name
        n = 1
        while target.exists():
            n += 1
            target = target_dir / f"{source.stem}-{n}{source.suffix}"
        source.rename(target)
        self._known.pop(save_id, None)
        return target

    def leftovers(self) -> list[Path]:
        """Temporary files of writes that never finished (the process was killed mid-save)."""
        return sorted(self.folder.glob(f".*{TEMP_SUFFIX}")) if self.folder.is_dir() else []

    def clear_leftovers(self, older_than: float = 3600.0) -> int:
        """Delete unfinished writes' temporary files older than ``older_than`` seconds (a younger
        one may be another arcade's save under way). They were never saves: nothing is lost.
        Lock files nobody holds (a window that ended without letting go) go too."""
        cleared = 0
        for path in self.leftovers():
            try:
                if time.time() - path.stat().st_mtime > older_than:
                    path.unlink()
                    cleared += 1
            except OSError:
                pass  # gone already, or not ours to delete
        if self.folder.is_dir():
            for path in self.folder.glob(f".*{LOCK_SUFFIX}"):
                with _HELD_GUARD:
                    if str(path) in _HELD:
                        continue
                    try:
                        fd = _take_lock(path)
                    except (BlockingIOError, OSError):
                        continue  # held by a window: it is in use
                    _let_go_of(path, fd)
        return cleared


# ---------------------------------------------------------------- in PostgreSQL (--database)


class DatabaseSaves(SaveStore):
    """The saves of one ``owner`` in PostgreSQL (``--database``): the same bytes a save file
    holds, one row a save, shared by every process and machine using the database. A save in play
    is held by an advisory lock of this process's ``Database`` (which PostgreSQL lets go when the
    process's connection ends, however it ends) and by this process's record of its holds, as a
    file's lock is; a window anywhere else lists it as open elsewhere and is refused it.

    The same interface as ``SaveStore``; a database that fails is a SaveFailed (writing) or a
    BadSave (reading), in words. A game the database cannot take is saved in ``fallback`` (this
    machine's saves folder, where the files would be) rather than lost, and the SaveFailed says
    so; ``cardarcade migrate`` copies it in later."""

    def __init__(self, database: Database, owner: str, fallback: Path | None = None) -> None:
        super().__init__(Path(f"{owner or 'saves'}"))  # (``folder``: what messages name, never a folder)
        self.database, self.owner = database, owner
        self.fallback = SaveStore(fallback) if fallback is not None else None

    def path(self, save_id: str) -> Path:
        if not _SAVE_ID.fullmatch(save_id):
            raise ValueError(f"not a save id: {save_id!r}")
        return Path(f"{save_id}.json")  # (the name a list shows, as a file's)

    def _lock_key(self, save_id: str) -> int:
        self.path(save_id)  # (checks the id)
        return lock_key("save", self.owner, save_id)

    def _hold_key(self, save_id: str) -> str:
        self.path(save_id)
        return f"{self.database.url}\0{self.owner}\0{save_id}"

    def _take_hold(self, save_id: str) -> int | None:
        try:
            taken = self.database.try_hold(self._lock_key(save_id))
        except DatabaseError as exc:
            raise SaveFailed(f"{save_id} cannot be held: {exc}") from None
        if not taken:
            raise SaveInUse(save_id)
        return None

    def _drop_hold(self, save_id: str, fd: int | None) -> None:
        try:
            self.database.let_go(self._lock_key(save_id))
        except DatabaseError:
            pass  # (a lost connection has let it go already)

    def _held_by_another_process(self, save_id: str) -> bool:
        try:
            return self._lock_key(save_id) in self.database.held_elsewhere()
        except DatabaseError:
            return False

    # ---- writing and reading

    def write(self, save_id: str, data: bytes, hold: bool = False) -> Path:
        self._check_hold(save_id, hold)
        try:
            self.database.query(
                "INSERT INTO saves (owner, save_id, data) VALUES (%s, %s, %s) ON CONFLICT (owner, save_id)"
                " DO UPDATE SET data = excluded.data, saved_at = now()",
                (self.owner, save_id, data),
            )
        except DatabaseError as exc:
            if self.fallback is None:
                raise SaveFailed(str(exc)) from None
            try:
                kept = self.fallback.write(save_id, data)
            except SaveFailed as error:
                raise SaveFailed(f"{exc}; nor on this machine: {error}") from None
            raise SaveFailed(
                f"{exc}; it is saved on this machine instead ({kept}): cardarcade migrate copies it in"
            ) from None
        return self.path(save_id)

    def add(self, save_id: str, data: bytes) -> bool:
        """A save copied in (``cardarcade migrate``), unless one of that id is there already:
        whether it was. SaveFailed if the database refuses."""
        self.path(save_id)
        try:
            return bool(
                self.database.query(
                    "INSERT INTO saves (owner, save_id, data) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING RETURNING 1",
                    (self.owner, save_id, data),
                )
            )
        except DatabaseError as exc:
            raise SaveFailed(f"{save_id} could not be copied: {exc}") from None

    def _read(self, save_id: str) -> bytes | None:
        try:
            rows = self.database.query(
                "SELECT data FROM saves WHERE owner = %s AND save_id = %s", (self.owner, save_id)
            )
        except DatabaseError as exc:
            raise BadSave(f"the save cannot be read ({exc})") from None
        return bytes(rows[0][0]) if rows else None

    def load(self, save_id: str) -> SavedGame:
        data = self._read(save_id)
        if data is None:
            raise BadSave("the save cannot be read (there is no such save)")
        return decode(data)

    def count(self) -> int:
        """How many saves there are (0 when the database cannot be reached: the list says why)."""
        try:
            return self.database.query("SELECT count(*) FROM saves WHERE owner = %s", (self.owner,))[0][0]
        except DatabaseError:
            return 0

    def entries(self) -> list[SaveEntry]:
        try:
            rows = self.database.query("SELECT save_id, data FROM saves WHERE owner = %s", (self.owner,))
            held = self.database.held_elsewhere() if rows else set()
        except DatabaseError:
            return []
        found = []
        for save_id, data in rows:
            entry = self._entry_of(save_id, bytes(data))
            if self.held_elsewhere_of(save_id, held):
                entry = replace(entry, open_elsewhere=True)
            found.append(entry)
        oldest = datetime.min.replace(tzinfo=UTC)
        return sorted(found, key=lambda e: (e.saved_at or oldest, e.save_id), reverse=True)

    def held_elsewhere_of(self, save_id: str, held: set[int]) -> bool:
        """``held_elsewhere``, given the keys other processes hold (one read for a whole list)."""
        mine = _HELD.get(self._hold_key(save_id))
        return mine.owner is not self if mine is not None else self._lock_key(save_id) in held

    def remove(self, save_id: str) -> None:
        if self.held_elsewhere(save_id):
            raise SaveInUse(save_id)
        try:
            self.load(save_id)  # BadSave when it is not ours to delete
            self.database.query("DELETE FROM saves WHERE owner = %s AND save_id = %s", (self.owner, save_id))
        except DatabaseError as exc:
            raise BadSave(f"the save could not be removed ({exc})") from None
        finally:
            self.let_go(save_id, entirely=True)

    def set_aside(self, save_id: str) -> Path:
        """Out of the list, kept: under the owner's ``set-aside`` in the database."""
        if _SAVE_ID.fullmatch(save_id) and self.held_elsewhere(save_id):
            raise SaveInUse(save_id)
        try:
            self.database.query(
                "UPDATE saves SET owner = %s, save_id = save_id || '-' || substr(md5(random()::text), 1, 6)"
                " WHERE owner = %s AND save_id = %s",
                (f"{self.owner}/{SET_ASIDE_FOLDER}", self.owner, save_id),
            )
        except DatabaseError as exc:
            raise OSError(f"it could not be moved ({exc})") from None
        return Path(SET_ASIDE_FOLDER) / f"{save_id}.json"

    def leftovers(self) -> list[Path]:
        return []  # (a row is written whole or not at all)

    def clear_leftovers(self, older_than: float = 3600.0) -> int:
        return 0
