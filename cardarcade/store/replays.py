"""Replays kept per profile, one file each, and the file format they are shared in.

A replay file is JSON Lines, so a fault can be named by its line::

    {"format": "cardarcade-replay", "version": 1, "id": "20261129-104500-war-a1b2c3", "game": "war",
     "finished_at": "2026-11-29T10:45:00+00:00", "duration": 73.2, "seed": 7, "options": {...},
     "deck": null, "book": null, "passes": 0, "seats": [{"name": "You", "kind": "human", ...}, ...],
     "moves": 412, "result": "You win: ..."}
    {"seat": 0, "at": 0.8, "kind": "flip"}
    {"seat": 1, "at": 1.21, "kind": "slap", "value": 3}
    ...
    {"end": "<sha256 of the engine's save after the last move>"}

Line 1 says what was played; each next line is one move (``cards``, ``target``, ``value`` only
when the move has them), ``at`` the seconds of play before it; the last line, the fingerprint of
where the moves lead (``replay.state_digest``). Reading a file (``parse``) checks its shape;
``check`` plays it through and refuses one that does not lead to that end, naming the line.

The store keeps the newest ``keep`` replays of a profile (a setting, 500 by default) and lets
older ones go as new ones come. A file that cannot be read is listed with the reason.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, UTC
from pathlib import Path
from typing import Any, Literal
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardarcade.bots import playable_levels
from cardarcade.cards import Card, quoted
from cardarcade.replay import MAX_MOVES, Move, Replay, state_digest
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action, BadSave, BadSetup, IllegalAction, first_error, read_json, well_formed
from cardarcade.seating import GameSetup, Seat
from cardarcade.store._files import safe_stem, write_atomically
from cardarcade.store._seats import SeatRecord

REPLAY_FORMAT = "cardarcade-replay"
REPLAY_VERSION = 1
SUFFIX = ".jsonl"
DEFAULT_KEPT = 500
MAX_LINE = 4_000  # characters of one line: a header with every house rule, or a move of a dozen cards
MAX_FILE_BYTES = 8 << 20  # 50,000 moves of about 60 bytes, and room to spare
MAX_SECONDS = 10**8
_REPLAY_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")


class BadReplay(ValueError):
    """A replay that cannot be read or does not replay: the message names the line and the reason."""


class _Header(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    format: Literal["cardarcade-replay"]
    version: int
    id: str = Field(pattern=_REPLAY_ID.pattern)
    game: str
    finished_at: datetime
    duration: float = Field(ge=0, le=MAX_SECONDS)
    seed: int = Field(ge=0, lt=2**63)
    options: dict[str, Any]
    deck: list[str] | None = Field(None, max_length=1000)
    book: str | None = Field(None, max_length=200)
    passes: int = Field(0, ge=0, le=1_000_000)
    seats: list[SeatRecord] = Field(min_length=1, max_length=16)
    moves: int = Field(ge=0, le=MAX_MOVES)
    result: str = Field("", max_length=MAX_LINE)


class _MoveLine(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    seat: int = Field(ge=0, lt=16)
    at: float = Field(ge=0, le=MAX_SECONDS)
    kind: str = Field(min_length=1, max_length=40)
    cards: list[str] = Field([], max_length=104)
    target: int | None = Field(None, ge=-(2**31), lt=2**31)
    value: int | str | None = None


class _EndLine(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    end: str = Field(pattern=r"[0-9a-f]{64}")


def new_replay_id(game_id: str, now: datetime) -> str:
    """Newest last when sorted: the time first."""
    return f"{now:%Y%m%d-%H%M%S}-{game_id}-{secrets.token_hex(3)}"


# ---------------------------------------------------------------- the file format


def _move_line(move: Move) -> dict[str, Any]:
    line: dict[str, Any] = {"seat": move.seat, "at": round(move.at, 3), "kind": move.action.kind}
    action = move.action
    if action.cards:
        line["cards"] = [c.code for c in action.cards]
    if action.target is not None:
        line["target"] = action.target
    if action.value is not None:
        line["value"] = action.value
    return line


def move_data(move: Move) -> dict[str, Any]:
    """One move as JSON data (a save keeps its game's moves this way, too)."""
    return _move_line(move)


def move_from_data(raw: object) -> Move:
    """``move_data`` read back; ValueError says what is wrong."""
    try:
        line = _MoveLine.model_validate(raw)
    except ValidationError as exc:
        raise ValueError(first_error(exc, "move")) from None
    cards = tuple(Card.parse(c) for c in line.cards)  # (ValueError naming the card)
    value = line.value
    if isinstance(value, str) and len(value) > 200:
        raise ValueError("bad move 'value': longer than 200 characters")
    return Move(line.seat, Action(line.kind, cards, line.target, value), line.at)


def to_text(replay: Replay) -> str:
    setup = replay.setup
    header = {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "id": replay.replay_id,
        "game": setup.spec.id,
        "finished_at": replay.finished_at.isoformat(timespec="seconds"),
        "duration": round(replay.duration, 3),
        "seed": setup.seed,
        "options": setup.options.model_dump(mode="json"),
        "deck": [c.code for c in setup.deck] if setup.deck is not None else None,
        "book": setup.book,
        "passes": setup.passes,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "profile": s.profile} for s in setup.seats],
        "moves": len(replay.moves),
        "result": replay.result,
    }
    lines = [header, *(_move_line(m) for m in replay.moves), {"end": replay.end}]
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)


def _json_line(text: str, number: int) -> Any:
    if len(text) > MAX_LINE:
        raise BadReplay(f"line {number}: longer than {MAX_LINE} characters")
    try:
        return read_json(text, MAX_LINE)
    except BadSave as exc:
        raise BadReplay(f"line {number}: {str(exc).replace('a saved game', 'a replay line')}") from None


def _header(text: str) -> _Header:
    raw = _json_line(text, 1)
    if not isinstance(raw, dict) or raw.get("format") != REPLAY_FORMAT:
        raise BadReplay("line 1: not a cardarcade replay")
    if raw.get("version") != REPLAY_VERSION:
        raise BadReplay(
            f"line 1: a replay of format {quoted(raw.get('version'))}; this cardarcade reads {REPLAY_VERSION}"
        )
    if raw.get("game") not in GAMES:
        raise BadReplay(f"line 1: a game this version of cardarcade does not have: {quoted(raw.get('game'))}")
    try:
        return _Header.model_validate(raw)
    except ValidationError as exc:
        raise BadReplay(f"line 1: {first_error(exc, 'header')}") from None
    except RecursionError:
        raise BadReplay("line 1: nested too deep") from None


def _setup(header: _Header) -> GameSetup:
    spec = GAMES[header.game]
    if not spec.min_players <= len(header.seats) <= spec.max_players:
        raise BadReplay(f"line 1: {len(header.seats)} seats; {spec.title} takes {spec.player_range} players")
    levels = playable_levels(spec)
    for seat in header.seats:
        if (seat.kind == "bot") != (seat.level is not None) or (seat.level is not None and seat.level not in levels):
            raise BadReplay(f"line 1: seat {seat.name!r}: bot level {quoted(seat.level)} is not one {spec.title} has")
    try:
        options = spec.parse_options(header.options)
        deck = tuple(Card.parse(c) for c in header.deck) if header.deck is not None else None
    except (BadSetup, ValueError) as exc:
        raise BadReplay(f"line 1: {exc}") from None
    seats = tuple(Seat(s.name, s.kind, s.level, s.profile if s.kind == "human" else None) for s in header.seats)
    return GameSetup(spec, seats, options, header.seed, deck, header.passes, header.book)


def parse(data: str | bytes, name: str = "the replay") -> Replay:
    """A replay file read (its shape checked, not yet played through: ``check``); BadReplay
    names the line and the reason."""
    if len(data) > MAX_FILE_BYTES:
        raise BadReplay(f"{name}: larger than {MAX_FILE_BYTES >> 20} MB: not a replay")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadReplay(f"{name}: not UTF-8 text ({exc.reason})") from None
    lines = data.splitlines()
    try:
        if not lines or not lines[0].strip():
            raise BadReplay("line 1: empty: not a replay")
        header = _header(lines[0])
        setup = _setup(header)
        if len(lines) != header.moves + 2:
            raise BadReplay(
                f"line {len(lines)}: the file has {max(0, len(lines) - 2)} move lines and an end line; "
                f"line 1 says {header.moves} moves"
            )
        moves = []
        for number, text in enumerate(lines[1:-1], start=2):
            try:
                move = move_from_data(_json_line(text, number))
            except ValueError as exc:
                raise BadReplay(f"line {number}: {exc}") from None
            if move.seat >= len(setup.seats):
                raise BadReplay(f"line {number}: seat {move.seat}, at a table of {len(setup.seats)}")
            moves.append(move)
        last = len(lines)
        try:
            end = _EndLine.model_validate(_json_line(lines[-1], last)).end
        except ValidationError:
            raise BadReplay(f'line {last}: not the end line ({{"end": "<the final state\'s fingerprint>"}})') from None
    except BadReplay as exc:
        raise BadReplay(f"{name}: {exc}") from None
    finished = header.finished_at if header.finished_at.tzinfo else header.finished_at.replace(tzinfo=UTC)
    return Replay(header.id, setup, tuple(moves), finished, header.duration, header.result, end)


def check(replay: Replay, name: str = "the replay") -> None:
    """Play the replay through; BadReplay names the first line that does not replay, or says the
    moves do not lead to the end the file gives."""
    try:
        game = replay.setup.new_game()
    except BadSetup as exc:
        raise BadReplay(f"{name}: line 1: {exc}") from None
    for number, move in enumerate(replay.moves, start=2):
        if game.is_over:
            raise BadReplay(f"{name}: line {number}: the game was already over")
        if not well_formed(move.action):
            raise BadReplay(f"{name}: line {number}: not a move")
        try:
            game.apply(move.seat, move.action)
        except IllegalAction:  # (the engine's words name the move as code; these, as the file does)
            raise BadReplay(
                f"{name}: line {number}: {move.action} by seat {move.seat} is not a legal move there"
            ) from None
    last = len(replay.moves) + 2
    if not game.is_over:
        raise BadReplay(f"{name}: line {last}: the moves end before the game does")
    if state_digest(game) != replay.end:
        raise BadReplay(f"{name}: line {last}: the moves lead to another end than the file says")


# ---------------------------------------------------------------- the store


@dataclass(frozen=True)
class ReplayEntry:
    """One line of a replay list; ``problem``: why the file cannot be read (the rest then empty)."""

    replay_id: str
    path: Path
    title: str
    players: tuple[str, ...]
    moves: int
    result: str
    finished_at: datetime | None
    problem: str | None = None


class ReplayStore:
    """The replays of one profile: a folder of files, newest kept."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @classmethod
    def of(cls, data_dir: Path, profile: str) -> ReplayStore:
        return cls(data_dir / "replays" / safe_stem(profile, "player"))

    def path(self, replay_id: str) -> Path:
        if not _REPLAY_ID.fullmatch(replay_id):
            raise BadReplay(f"not a replay id: {quoted(replay_id)} (cardarcade replay list shows them)")
        return self.folder / f"{replay_id}{SUFFIX}"

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.glob(f"*{SUFFIX}") if not p.name.startswith("."))

    def add(self, replay: Replay, keep: int = DEFAULT_KEPT) -> Path:
        """Keep ``replay``, and let the oldest go beyond ``keep``. OSError if it cannot be written."""
        path = self.path(replay.replay_id)
        write_atomically(path, to_text(replay).encode())
        files = self._files()
        for old in files[: max(0, len(files) - keep)]:
            old.unlink(missing_ok=True)
        return path

    def entries(self) -> list[ReplayEntry]:
        """Every replay, newest first, from its first line only (a list of 500 opens at once)."""
        return [self._entry(path) for path in reversed(self._files())]

    def _entry(self, path: Path) -> ReplayEntry:
        replay_id = path.name.removesuffix(SUFFIX)
        try:
            with path.open("rb") as handle:
                first = handle.readline(MAX_LINE * 4 + 1)
            header = _header(first.decode("utf-8", errors="replace"))
            setup = _setup(header)
        except OSError as exc:
            return ReplayEntry(replay_id, path, path.name, (), 0, "", None, f"cannot be read ({exc.strerror or exc})")
        except BadReplay as exc:
            return ReplayEntry(replay_id, path, path.name, (), 0, "", None, str(exc))
        finished = header.finished_at if header.finished_at.tzinfo else header.finished_at.replace(tzinfo=UTC)
        return ReplayEntry(replay_id, path, setup.spec.title, tuple(setup.names), header.moves, header.result, finished)

    def load(self, replay_id: str) -> Replay:
        """A kept replay read whole; BadReplay says why it cannot be."""
        path = self.path(replay_id)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise BadReplay(f"{path.name}: larger than {MAX_FILE_BYTES >> 20} MB: not a replay")
            data = path.read_bytes()
        except FileNotFoundError:
            raise BadReplay(f"no replay {replay_id} (cardarcade replay list shows them)") from None
        except OSError as exc:
            raise BadReplay(f"{path.name} cannot be read ({exc.strerror or exc})") from None
        return parse(data, path.name)

    def import_data(self, data: str | bytes, name: str, keep: int = DEFAULT_KEPT) -> Replay:
        """A replay from elsewhere, kept once it replays to the end it gives; one already kept is
        kept once (BadReplay when it does not replay, naming the line)."""
        replay = parse(data, name)
        check(replay, name)
        if self.path(replay.replay_id).exists():
            try:
                if self.load(replay.replay_id) == replay:
                    return replay  # the same game again: nothing to add
            except BadReplay:
                pass
            replay = _renamed(replay, new_replay_id(replay.setup.spec.id, replay.finished_at))
        self.add(replay, keep)
        return replay


def keep_for_each(replay: Replay, folders: Mapping[str, Path], keep: int = DEFAULT_KEPT) -> None:
    """Keep a game just finished for each profile (profile -> its user data folder), once it is
    checked to replay to its end (BadReplay if not: nothing is kept)."""
    check(replay)
    for profile, data_dir in folders.items():
        ReplayStore.of(data_dir, profile).add(replay, keep)


def _renamed(replay: Replay, replay_id: str) -> Replay:
    from dataclasses import replace

    return replace(replay, replay_id=replay_id)


def now() -> datetime:
    return datetime.now(UTC)
