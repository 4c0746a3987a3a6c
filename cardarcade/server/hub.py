"""What the server processes share: who is online, the chat (and its rate), the tables each one
hosts, the names bound to keys and the session limits, the leaderboard and the last games
finished (with their replays), and the news every lobby screen follows.

``Hub`` is the one-process form: it shares with nobody, and holds all of it in this process's
memory (what the lobby held before there could be more than one process). ``RedisHub``
(``redis_hub.py``, ``serve --redis URL``) keeps the same things in Redis for every process that
shares it, and mirrors them here. Either way the lobby and its screens read from memory, on the
loop, and never wait: what Redis says arrives by subscription and updates the mirror.

A table is hosted by the process that made it (its engine runs there); the others list it from
its ``TableListing``.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardarcade.server.leaderboard import Leaderboard
from cardarcade.server.recent import RECENT_GAMES, FinishedGame

if TYPE_CHECKING:
    from collections.abc import Iterable

    from cardarcade.server.leaderboard import Standing
    from cardarcade.server.lobby import Lobby
    from cardarcade.server.names import NameRegistry
    from cardarcade.server.table_links import TableLinks
    from cardarcade.table.shared import SharedTable

CHAT_LINES = 100  # lines of chat kept (the lobby shows the last few)
CHAT_MAX = 200  # characters in one line
CHAT_BURST, CHAT_WINDOW = 5, 10.0  # at most this many lines per player in this many seconds


class HubUnavailable(Exception):
    """The shared store cannot be reached; the message says where and why, for a person."""


@dataclass(frozen=True)
class ChatLine:
    at: float
    name: str
    text: str


@dataclass(frozen=True)
class TableListing:
    """What every lobby shows of a table another process hosts."""

    id: str
    game: str  # the game's id
    title: str
    players: int
    house_rules: bool
    status: str
    seats: tuple[str, ...]  # as the host describes them ('ada', 'open', 'bot · easy', ...)
    seated: tuple[str, ...]  # the people with a seat there (kept ones too)
    held: tuple[str, ...]  # the people whose seat is kept while they are away
    creator: str
    worker: str  # the process hosting it
    hints: bool = False  # the creator allows the coach there

    @classmethod
    def of(cls, table: SharedTable, worker: str) -> TableListing:
        return cls(
            id=table.id,
            game=table.spec.id,
            title=table.spec.title,
            players=len(table.places),
            house_rules=table.options != table.spec.Options(),
            status=table.status(),
            seats=tuple(table.describe_seats()),
            seated=tuple(p.player for p in table.places if p.player is not None),
            held=tuple(p.player for p in table.places if p.player is not None and p.held is not None),
            creator=table.creator,
            worker=worker,
            hints=table.hints,
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> TableListing | None:
        """None for anything that is not a listing (a record from a newer or broken process)."""
        try:
            return cls(
                **{
                    **{k: str(data[k]) for k in ("id", "game", "title", "status", "creator", "worker")},
                    "players": int(data["players"]),
                    "house_rules": bool(data["house_rules"]),
                    **{k: tuple(str(s) for s in data[k]) for k in ("seats", "seated", "held")},
                    "hints": bool(data.get("hints", False)),  # (an older process lists none)
                }
            )
        except (KeyError, TypeError, ValueError):
            return None


def chat_text(text: str) -> str:
    """A chat line as it is kept: one line of printable characters, bounded."""
    return "".join(ch for ch in " ".join(text.split()) if ch.isprintable())[:CHAT_MAX]


def add_count(counts: dict[str, int], key: str, step: int) -> int:
    """Add ``step`` to ``counts[key]``, dropping it at zero; the count now."""
    left = counts.get(key, 0) + step
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)
    return max(left, 0)


class Hub:
    """The shared state of a server that is one process: here, in memory."""

    worker = "here"  # the id of this process among those sharing the hub

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.online: dict[str, int] = {}  # name -> sessions open under it, in every process
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_LINES)
        self.elsewhere: dict[str, TableListing] = {}  # tables other processes host
        self.trouble: str | None = None  # why the shared state is not shared now (said in the lobby)
        self.on_news: Callable[[], None] = lambda: None  # told when another process changed something
        self._said: dict[str, deque[float]] = {}  # name -> when their recent lines were said
        self.board = Leaderboard()  # each person's rating now, per game
        self.recent: deque[FinishedGame] = deque(maxlen=RECENT_GAMES)  # the last games finished, newest first
        self._replays: dict[str, str] = {}  # a listed game's id -> its replay, packed (recent.py)

    # ---- life

    async def connect(self) -> None:
        """Reach the shared store (raises HubUnavailable); nothing to reach here."""

    def begin(self) -> None:
        """Start following the others (on the running loop)."""

    async def close(self) -> None:
        """Leave: what this process shared is taken back."""

    def name_registry(self, path: Path, named: dict[str, str]) -> NameRegistry:
        """Where the names bound to keys are kept: here, the file in the server's data folder."""
        from cardarcade.server.names import NameRegistry

        return NameRegistry(path, named)

    # ---- who is online

    def arrive(self, name: str) -> None:
        add_count(self.online, name, 1)

    def depart(self, name: str) -> None:
        add_count(self.online, name, -1)

    # ---- sessions against the limits of every process (this one's own are checked by the server)

    async def admit(self, address: str, max_sessions: int, per_address: int) -> str | None:
        return None

    def release(self, address: str) -> None:
        pass

    # ---- chat

    def say(self, name: str, text: str) -> str | None:
        """Add a chat line; a reason it was refused, or None."""
        text = chat_text(text)
        if not text:
            return "nothing to say"
        if not self._may_say(name):
            return f"slow down: at most {CHAT_BURST} lines in {CHAT_WINDOW:.0f} seconds"
        self._heard(ChatLine(self.now(), name, text))
        self._sent(self.chat[-1])
        return None

    def _may_say(self, name: str) -> bool:
        recent = self._said.get(name)
        now = self.now()
        while recent and now - recent[0] > CHAT_WINDOW:
            recent.popleft()
        return not recent or len(recent) < CHAT_BURST

    def _heard(self, line: ChatLine) -> None:
        """A line said here or elsewhere: kept, and counted against its sayer."""
        self.chat.append(line)
        self._said.setdefault(line.name, deque()).append(line.at)

    def _sent(self, line: ChatLine) -> None:
        """A line said here goes to the others (no others here)."""

    # ---- the tables this process hosts

    def table_listed(self, table: SharedTable) -> None:
        """A table hosted here was made or changed (the others list it)."""

    def table_gone(self, table_id: str) -> None:
        """A table hosted here has left the lobby."""

    # ---- the leaderboard and the last games finished (leaderboard.py, recent.py)

    def rated(self, standings: Iterable[Standing]) -> bool:
        """Ratings just recorded on this process; whether the board changed."""
        return self.board.record_all(standings)

    def finished(self, game: FinishedGame, packed: str | None) -> None:
        """A game just finished on this process: listed first, its replay kept while it is listed."""
        self._list_finished(game)
        if packed is not None:
            self._replays[game.id] = packed

    def _list_finished(self, game: FinishedGame) -> None:
        if any(listed.id == game.id for listed in self.recent):
            return
        if len(self.recent) == self.recent.maxlen:
            self._replays.pop(self.recent[-1].id, None)
        self.recent.appendleft(game)

    async def packed_replay(self, replay_id: str) -> str | None:
        """The replay of a listed game, packed (None: no longer kept)."""
        return self._replays.get(replay_id)

    # ---- tables across processes (``table_links.py``)

    def table_links(self, lobby: Lobby) -> TableLinks | None:
        """What lets people elsewhere sit at this process's tables, and this process's at theirs,
        and carries on a dead process's tables: nothing, with nobody else."""
        return None
