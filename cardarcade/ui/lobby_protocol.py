"""What the arcade's screens need of a server's lobby, declared here so the ui never imports the
server (the server sits above the ui: it starts one app per session and hands each its lobby).

``cardarcade.server.lobby.Lobby`` is the one implementation; a test checks it offers all of this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cardarcade.replay import Replay
    from cardarcade.rules.base import Game, GameSpec, Options
    from cardarcade.store.ratings import Rating
    from cardarcade.table.shared import SeatHolder, SharedTable


class ChatEntry(Protocol):
    """One line of the lobby's chat."""

    @property
    def name(self) -> str: ...

    @property
    def text(self) -> str: ...


class ListedElsewhere(Protocol):
    """A table another server process hosts, as the lobby lists it (it is played there)."""

    @property
    def title(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def house_rules(self) -> bool: ...

    @property
    def hints(self) -> bool: ...

    @property
    def status(self) -> str: ...

    @property
    def seats(self) -> Sequence[str]: ...

    @property
    def held(self) -> Sequence[str]: ...  # the people whose seat there is kept while they are away


class Standing(Protocol):
    """A person's rating in a game now, on the server's leaderboard."""

    @property
    def name(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def rated(self) -> int: ...  # rated games so far

    @property
    def provisional(self) -> bool: ...

    @property
    def shown(self) -> str: ...  # the rating as people read it ("1,512", "1,498?" while provisional)


class Board(Protocol):
    """Every person's rating per game, in board order."""

    def games(self) -> list[str]: ...  # the games someone is rated in

    def count(self, game: str) -> int: ...

    def top(self, game: str, n: int = ...) -> Sequence[Standing]: ...

    def place(self, game: str, name: str) -> tuple[int, Standing] | None: ...

    def latest_game(self, name: str) -> str | None: ...


class Finished(Protocol):
    """A game finished on the server, as its list of last games shows it."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def players(self) -> Sequence[str]: ...  # the people

    @property
    def bots(self) -> str: ...  # "2 bots (easy)", or ""

    @property
    def result(self) -> str: ...

    @property
    def moves(self) -> int: ...

    @property
    def when(self) -> datetime: ...

    @property
    def has_replay(self) -> bool: ...

    @property
    def hinted(self) -> bool: ...  # the coach was asked in it: not rated


@runtime_checkable
class LobbyProtocol(Protocol):
    """Who is online, the tables people share, and the chat; a screen subscribes to hear of changes."""

    @property
    def online(self) -> Mapping[str, int]: ...  # name -> sessions open under it

    @property
    def tables(self) -> Mapping[str, SharedTable]: ...  # id -> table

    @property
    def chat(self) -> Iterable[ChatEntry]: ...  # oldest first

    @property
    def watchers(self) -> int: ...  # screens subscribed now

    @property
    def elsewhere(self) -> Mapping[str, ListedElsewhere]: ...  # id -> a table another server process hosts

    @property
    def notice(self) -> str | None: ...  # why the lobby shows this process's alone now, if it does

    def subscribe(self, key: object, changed: Callable[[], None]) -> None: ...

    def unsubscribe(self, key: object) -> None: ...

    def arrive(self, name: str) -> None: ...

    def depart(self, name: str) -> None: ...

    def say(self, name: str, text: str) -> str | None: ...  # why it was refused, or None

    def held_seats(self, player: str) -> Sequence[SharedTable]: ...

    def lists(self, table: SharedTable) -> bool: ...  # the table is still in the lobby (here or followed)

    def live_seat(self, player: str, holder: SeatHolder | None) -> SharedTable | None: ...

    async def join_elsewhere(
        self, table_id: str, player: str, holder: SeatHolder | None, sit: bool = True
    ) -> tuple[SharedTable, int | None]: ...  # a seat (or a chair, sit False) at a table listed elsewhere

    def create_table(
        self,
        spec: GameSpec,
        *,
        creator: str,
        players: int,
        people: int,
        level: str,
        options: Options | None = None,
        compensate_rtt: bool = False,
        pace: float | None = None,
        think_seconds: float | None = None,
        holder: SeatHolder | None = None,
        hints: bool = False,
    ) -> SharedTable: ...

    # the leaderboard and the last games finished on the server (every process's)
    @property
    def board(self) -> Board: ...

    @property
    def recent(self) -> Sequence[Finished]: ...  # newest first

    def rated(self, ratings: Iterable[Rating]) -> None: ...  # ratings the statistics just recorded

    def listing(
        self, replay: Replay, game: Game, hinted: bool = False
    ) -> tuple[Any, str | None]: ...  # (off the loop) for finished

    def finished(self, game: Any, packed: str | None) -> None: ...  # what listing made

    async def packed_replay(self, replay_id: str) -> str | None: ...

    def unpacked(self, packed: str) -> str | None: ...  # (off the loop) the replay's document
