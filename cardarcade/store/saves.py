"""Saved games: the engine's own save wrapped with the app's part, one file per game in play.

A save file is JSON::

    {"format": "cardarcade-table", "version": 2, "id": "war-20261122-171500-a1b2c3",
     "saved_at": "2026-11-22T17:15:00+00:00", "game": "war",
     "seats": [{"name": "You", "kind": "human", "level": null, "profile": "ada"}, ...],
     "book": "Friday night", "deck": null, "passes": 0,
     "elapsed": 73.2, "engine": {<the engine's save, Game.to_json()>}}

The house rules and the seed are the engine's (version 1 kept a copy of each beside it).

The engine's part is checked by the engine (``GameSpec.from_json``); this module checks the
rest, and that the two agree. A save that cannot be read whole is never half-opened,
overwritten or deleted: it is listed with the reason, and moved aside only when asked.
An older envelope is brought up to date by ``MIGRATIONS``, one step per version.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardarcade.bots import levels_for
from cardarcade.cards import Card, quoted
from cardarcade.rules import GAMES
from cardarcade.rules.base import MAX_SAVE_SIZE, BadSave, Game, first_error, read_json
from cardarcade.store._files import TEMP_SUFFIX, user_data_dir, write_atomically
from cardarcade.table.setup import GameSetup
from cardarcade.table.table import Seat

ENVELOPE_FORMAT = "cardarcade-table"
ENVELOPE_VERSION = 2
# The engine's save plus a few hundred bytes of seats and house rules.
MAX_FILE_SIZE = MAX_SAVE_SIZE + (64 << 10)
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


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}

_SAVE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")


class SaveFailed(Exception):
    """A game could not be saved (the disk refused, or the file of that name is not ours)."""


class _SeatRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=40)
    kind: Literal["human", "bot"] = "human"
    level: str | None = None
    profile: str | None = Field(None, min_length=1, max_length=40)


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
    passes: int = Field(ge=0)
    elapsed: float = Field(ge=0)
    engine: dict[str, Any]


@dataclass(frozen=True)
class SavedGame:
    """A save read whole: start the app from ``setup`` and carry on with ``game``."""

    save_id: str
    setup: GameSetup
    game: Game
    elapsed: float  # seconds already played
    saved_at: datetime


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

    @property
    def can_resume(self) -> bool:
        return self.problem is None


def new_save_id(game_id: str, now: datetime | None = None) -> str:
    """A fresh id for a game about to be saved for the first time (its file name, too)."""
    now = now or datetime.now(timezone.utc)
    return f"{game_id}-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def encode(save_id: str, setup: GameSetup, game: Game, elapsed: float, now: datetime | None = None) -> bytes:
    """The file's bytes for ``game`` as started from ``setup``."""
    if not _SAVE_ID.fullmatch(save_id):
        raise ValueError(f"not a save id: {save_id!r}")
    envelope = {
        "format": ENVELOPE_FORMAT,
        "version": ENVELOPE_VERSION,
        "id": save_id,
        "saved_at": (now or datetime.now(timezone.utc)).isoformat(timespec="seconds"),
        "game": setup.spec.id,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "profile": s.profile} for s in setup.seats],
        "book": setup.book,
        "deck": [c.code for c in setup.deck] if setup.deck is not None else None,
        "passes": setup.passes,
        "elapsed": round(max(0.0, elapsed), 3),
        "engine": json.loads(game.to_json()),
    }
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":")).encode()


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
            raise BadSave(f"format version {raw['version']} could not be brought up to date "
                          f"({type(exc).__name__}: {exc})") from None
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
    levels = levels_for(spec.realtime)
    for seat in env.seats:
        if (seat.kind == "bot") != (seat.level is not None) or (seat.level is not None and seat.level not in levels):
            raise BadSave(f"seat {seat.name!r}: bot level {seat.level!r} is not one this game offers")
    try:
        deck = tuple(Card.parse(c) for c in env.deck) if env.deck is not None else None
    except ValueError as exc:
        raise BadSave(f"bad saved setup: {exc}") from None
    seats = tuple(Seat(s.name, s.kind, s.level, s.profile if s.kind == "human" else None) for s in env.seats)
    setup = GameSetup(spec, seats, game.options, game.s.seed, deck, env.passes, env.book)
    saved_at = env.saved_at if env.saved_at.tzinfo else env.saved_at.replace(tzinfo=timezone.utc)
    return SavedGame(env.id, setup, game, env.elapsed, saved_at)


# A game's progress for the Continue list: the first of these a game's table view holds, one
# number (or a list's length) per seat.
_PROGRESS_FIELDS = (("counts", "cards"), ("chips", "chips"), ("books", "books"), ("sets", "sets"),
                    ("hand_sizes", "cards in hand"), ("hand_counts", "cards in hand"))


def progress(game: Game, names: tuple[str, ...]) -> str:
    """'You 30, Bot 1 22 cards': how the game stands, in a line (or how it ended)."""
    if game.result is not None:
        return game.result.describe(list(names))
    view = game.view(None)
    for field, unit in _PROGRESS_FIELDS:
        values = getattr(view, field, None)
        if isinstance(values, list) and len(values) == len(names):
            numbers = [len(v) if isinstance(v, (list, tuple)) else v for v in values]
            return ", ".join(f"{name} {n}" for name, n in zip(names, numbers)) + f" {unit}"
    return f"{game.s.actions} moves played"


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
        self._known: dict[str, tuple[int, int, int]] = {}

    def path(self, save_id: str) -> Path:
        if not _SAVE_ID.fullmatch(save_id):
            raise ValueError(f"not a save id: {save_id!r}")
        return self.folder / f"{save_id}.json"

    def save(self, save_id: str, setup: GameSetup, game: Game, elapsed: float) -> Path:
        """Write (or replace) this game's save; SaveFailed says why it could not be. A file of
        that name that this version cannot read whole (broken, or another version's) is left
        alone (save under a ``new_save_id`` instead)."""
        return self.write(save_id, encode(save_id, setup, game, elapsed))

    def write(self, save_id: str, data: bytes) -> Path:
        """``save`` in two halves: ``encode`` where the game is (it must not change meanwhile),
        this wherever a slow disk may keep it waiting (a worker thread)."""
        path = self.path(save_id)
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
        """Every save in the folder, newest first; those that cannot be resumed say why."""
        if not self.folder.is_dir():
            return []
        found = [self._entry(p) for p in self.folder.glob("*.json")
                 if not p.name.startswith(".") and p.is_file()]
        oldest = datetime.min.replace(tzinfo=timezone.utc)
        return sorted(found, key=lambda e: (e.saved_at or oldest, e.save_id), reverse=True)

    def _entry(self, path: Path) -> SaveEntry:
        save_id = path.stem
        try:
            if path.stat().st_size > MAX_FILE_SIZE:
                raise BadSave(f"not a saved game (larger than {MAX_FILE_SIZE >> 20} MB)")
            saved = decode(path.read_bytes())
        except OSError as exc:
            return SaveEntry(save_id, path, None, path.name, (), "", None, f"cannot be read ({exc.strerror or exc})")
        except BadSave as exc:
            return SaveEntry(save_id, path, None, path.name, (), "", None, str(exc))
        if saved.save_id != save_id:
            return SaveEntry(save_id, path, None, path.name, (), "", None,
                             f"the file is named {path.name} but holds save {saved.save_id!r}")
        names = tuple(saved.setup.names)
        return SaveEntry(save_id, path, saved.setup.spec.id, saved.setup.spec.title, names,
                         progress(saved.game, names), saved.saved_at)

    def remove(self, save_id: str) -> None:
        """Delete the save of a game that was finished or given up. Only a save this version
        reads whole may be deleted; anything else is for ``set_aside``."""
        self.load(save_id)  # BadSave when it is not ours to delete
        self.path(save_id).unlink(missing_ok=True)
        self._known.pop(save_id, None)

    def set_aside(self, save_id: str) -> Path:
        """Move a save out of the list (into ``set-aside/``), as the player asked; it is kept."""
        # Any file the list shows may be set aside, whatever its name (a broken save's name need
        # not be a save id); ``save_id`` is a file name's stem here, never a path.
        if not save_id or "/" in save_id or "\0" in save_id or save_id.startswith("."):
            raise ValueError(f"not a file of the saves folder: {save_id!r}")
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
        one may be another arcade's save under way). They were never saves: nothing is lost."""
        cleared = 0
        for path in self.leftovers():
            try:
                if time.time() - path.stat().st_mtime > older_than:
                    path.unlink()
                    cleared += 1
            except OSError:
                pass  # gone already, or not ours to delete
        return cleared
