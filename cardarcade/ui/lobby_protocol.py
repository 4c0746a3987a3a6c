"""What the arcade's screens need of a server's lobby, declared here so the ui never imports the
server (the server sits above the ui: it starts one app per session and hands each its lobby).

``cardarcade.server.lobby.Lobby`` is the one implementation; a test checks it offers all of this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cardarcade.rules.base import GameSpec, Options
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
    def status(self) -> str: ...

    @property
    def seats(self) -> Sequence[str]: ...

    @property
    def held(self) -> Sequence[str]: ...  # the people whose seat there is kept while they are away


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
    ) -> SharedTable: ...
