"""The last games finished on the server, for every lobby: what each was, and its replay.

A finished game (at a shared table, or a person's own against bots) is listed by its
``FinishedGame`` (the last ``RECENT_GAMES``), and its replay document (``store/replays.py``'s
JSON Lines) is kept beside it, packed (zlib, then base64 so Redis's text replies carry it):
a game of 50 moves packs to about 1 KiB, War's 2,000 moves to about 12 KiB (benchmarks/board.py), so
the 50 kept cost well under a MiB wherever they are held (the hub's memory, or Redis). One
packed beyond ``MAX_PACKED`` is listed without its replay (each player's own folder keeps it).

Both are made on the server's store thread (``shared_record``): encoding a long game's replay
takes milliseconds the event loop does not have.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from cardarcade.replay import Replay
from cardarcade.rules.base import Game

RECENT_GAMES = 50  # games listed
MAX_PACKED = 256 * 1024  # bytes of one packed replay kept for the list
REPLAY_TTL = 7 * 24 * 3600  # seconds a replay is kept in Redis at most (it goes as its game leaves the list)


@dataclass(frozen=True)
class FinishedGame:
    """One game of the list: who played (people by their names, the bots in a word), how it
    ended, when (Unix time)."""

    id: str  # the replay's id
    game: str
    title: str
    players: tuple[str, ...]  # the people
    result: str
    moves: int
    finished_at: float
    has_replay: bool = True
    bots: str = ""  # "2 bots (easy)"
    hinted: bool = False  # the coach was asked in it (so it was not rated)

    @property
    def when(self) -> datetime:
        return datetime.fromtimestamp(self.finished_at, UTC)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "players": list(self.players),
            "result": self.result,
            "moves": self.moves,
            "finished_at": self.finished_at,
            "has_replay": self.has_replay,
            "bots": self.bots,
            "hinted": self.hinted,
        }

    @classmethod
    def from_dict(cls, data: Any) -> FinishedGame | None:
        """None for anything that is not a finished game (a record from a newer or broken process)."""
        try:
            players = data["players"]
            if not isinstance(players, list):
                return None
            return cls(
                **{k: str(data[k]) for k in ("id", "game", "title", "result")},
                players=tuple(str(p) for p in players),
                moves=int(data["moves"]),
                finished_at=float(data["finished_at"]),
                has_replay=bool(data.get("has_replay", True)),
                bots=str(data.get("bots", "")),
                hinted=bool(data.get("hinted", False)),
            )
        except (KeyError, TypeError, ValueError):
            return None


def pack(text: str) -> str:
    return base64.b64encode(zlib.compress(text.encode(), 6)).decode("ascii")


def unpack(packed: str) -> str | None:
    """The replay document packed, or None if it is not one (cut short, or something else)."""
    try:
        return zlib.decompressobj().decompress(base64.b64decode(packed, validate=True), 16 << 20).decode()
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        return None


def shared_record(replay: Replay, game: Game, hinted: bool = False) -> tuple[FinishedGame, str | None]:
    """What the list keeps of a game just finished (its replay already checked): its line, and its
    replay packed (None: too long to keep here); ``hinted``: the coach was asked in it. People are named by their names, never "You"
    (a person's own game shows "You" in their seat): the list and the replay are everyone's."""
    from cardarcade.store.replays import to_text

    setup = replay.setup
    seats = tuple(replace(s, name=s.profile) if s.profile else s for s in setup.seats)
    names = [s.name for s in seats]
    result = game.result.describe(names) if game.result is not None else replay.result
    named = replace(replay, setup=replace(setup, seats=seats), result=result)
    packed = pack(to_text(named))
    kept = packed if len(packed) <= MAX_PACKED else None
    levels = sorted({s.level or "" for s in seats if s.is_bot})
    bots = sum(s.is_bot for s in seats)
    finished = FinishedGame(
        replay.replay_id,
        setup.spec.id,
        setup.spec.title,
        tuple(s.name for s in seats if not s.is_bot),
        result,
        len(replay.moves),
        replay.finished_at.timestamp(),
        kept is not None,
        f"{bots} bot{'' if bots == 1 else 's'} ({', '.join(levels)})" if bots else "",
        hinted,
    )
    return finished, kept
