"""The lobby of a server: who is online, the tables people share, and a short chat.

One ``Lobby`` per server process, on its event loop; every session's app holds it. Apps never
call each other: the lobby tells a screen that something changed through the callback it
subscribed with (which posts to that screen's own queue), and each screen reads what it shows.

What several server processes share (who is online, the chat, the tables each hosts) is the
``Hub``'s (hub.py): in memory for one process, in Redis for several (``serve --redis``). The
tables hosted here are this dictionary of ``SharedTable``; the others' are listed from the hub.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from cardarcade.rules.base import Game, GameSpec, Options
from cardarcade.server.hub import CHAT_BURST, CHAT_MAX, CHAT_WINDOW, ChatLine, Hub, TableListing
from cardarcade.server.leaderboard import Leaderboard, Standing
from cardarcade.server.recent import FinishedGame
from cardarcade.table.clock import Clock
from cardarcade.table.shared import SeatHolder, SeatTaken, SharedTable

if TYPE_CHECKING:
    from cardarcade.replay import Replay
    from cardarcade.store.ratings import Rating
    from cardarcade.server.table_links import TableLinks

__all__ = ["CHAT_BURST", "CHAT_MAX", "CHAT_WINDOW", "ChatLine", "Lobby", "MAX_TABLES"]

MAX_TABLES = 50  # tables hosted by one process


class Lobby:
    def __init__(
        self,
        clock: Clock,
        *,
        on_table_done: Callable[[SharedTable], None] | None = None,
        now: Callable[[], float] = time.monotonic,
        hub: Hub | None = None,
    ) -> None:
        """``on_table_done``: told once when a dealt table ends, finished or left by its last
        person (the server records or saves it). ``hub``: what is shared with other server
        processes (none: this process alone)."""
        self.clock = clock
        self.on_table_done = on_table_done
        self.hub = hub if hub is not None else Hub(now)
        self.hub.on_news = self._tell
        self.tables: dict[str, SharedTable] = {}  # the tables hosted here
        self.round_trips: dict[str, float] = {}  # name -> latest measured round trip, seconds
        self._listeners: dict[object, Callable[[], None]] = {}
        # people elsewhere at the tables here, people here at theirs (none with one process)
        self.links: TableLinks | None = self.hub.table_links(self)

    @property
    def online(self) -> Mapping[str, int]:
        """name -> sessions open under it, in every process sharing the hub."""
        return self.hub.online

    @property
    def chat(self) -> Sequence[ChatLine]:
        return self.hub.chat

    @property
    def elsewhere(self) -> Mapping[str, TableListing]:
        """The tables other server processes host (listed here; played there)."""
        return self.hub.elsewhere

    @property
    def notice(self) -> str | None:
        """Why what the lobby shows is this process's alone now, if it is."""
        return self.hub.trouble

    # ---- who is here

    def subscribe(self, key: object, changed: Callable[[], None]) -> None:
        self._listeners[key] = changed

    def unsubscribe(self, key: object) -> None:
        self._listeners.pop(key, None)

    @property
    def watchers(self) -> int:
        """How many screens follow the lobby now."""
        return len(self._listeners)

    def _tell(self) -> None:
        for changed in list(self._listeners.values()):
            changed()

    def arrive(self, name: str) -> None:
        self.hub.arrive(name)
        self._tell()

    def depart(self, name: str) -> None:
        self.hub.depart(name)
        if name not in self.hub.online:
            self.round_trips.pop(name, None)
        self._tell()

    def note_round_trip(self, name: str, seconds: float) -> None:
        self.round_trips[name] = seconds
        if self.links is not None:
            for mirror in self.links.mirrors.values():
                mirror.note_round_trip(name, seconds)

    # ---- chat

    def say(self, name: str, text: str) -> str | None:
        """Add a chat line; a reason it was refused, or None."""
        refused = self.hub.say(name, text)
        if refused is None:
            self._tell()
        return refused

    # ---- tables

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
    ) -> SharedTable:
        """A new table with ``creator`` in its first seat (``hints``: the coach may be asked
        there); SeatTaken says why it cannot be."""
        self.leave_waiting_tables(creator)
        if len(self.tables) >= MAX_TABLES:
            raise SeatTaken(f"the server holds at most {MAX_TABLES} tables; join one of them")
        extra = {} if pace is None else {"pace": pace}
        table = SharedTable(
            spec,
            people,
            players,
            level,
            self.clock,
            options=options,
            creator=creator,
            compensate_rtt=compensate_rtt,
            think_seconds=think_seconds,
            holder=holder,
            hints=hints,
            **extra,
        )
        while table.id in self.tables or table.id in self.elsewhere:
            table.id = f"{table.id}x"
        table.round_trips = self.round_trips
        self.tables[table.id] = table
        table.on_change = self._table_changed  # (told from now on: the lobby is told once, here)
        self.hub.table_listed(table)
        if self.links is not None:
            self.links.host(table)
        self._tell()
        return table

    def leave_waiting_tables(self, player: str) -> None:
        """``player`` stands up from any table not yet dealt (one seat at a time)."""
        for table in list(self.tables.values()):
            if not table.dealt and table.seat_of(player) is not None:
                table.stand(player)

    def seated(self, player: str) -> bool:
        """Whether ``player`` has a seat at a table (waiting for the deal, in play, or kept), here
        or at a table another process hosts."""
        mirrors = self.links.mirrors.values() if self.links is not None else ()
        return any(table.seat_of(player) is not None for table in (*self.tables.values(), *mirrors))

    def lists(self, table: SharedTable) -> bool:
        """Whether ``table`` is still in the lobby: hosted here, or followed from another process
        and not ended there (a table whose host is gone stays while another may carry it on)."""
        if self.tables.get(table.id) is table:
            return True
        mirror = self.links.mirrors.get(table.id) if self.links is not None else None
        return mirror is table and not mirror.ended

    def held_seats(self, player: str) -> list[SharedTable]:
        """The tables where a seat is kept for ``player`` while they are away."""
        return [t for t in self.tables.values() if t.held_for(player) is not None]

    def live_seat(self, player: str, holder: SeatHolder | None) -> SharedTable | None:
        """The table where another session of ``player`` (not ``holder``) is in their seat now."""
        for table in self.tables.values():
            seat = table.seat_of(player)
            if seat is not None:
                place = table.places[seat]
                if place.held is None and place.holder is not None and place.holder is not holder:
                    return table
        return None

    def _table_changed(self, table: SharedTable) -> None:
        if table.id in self.tables:
            # Nobody is seated any more: every person left and no one came back for their seat.
            deserted = not any(p.player for p in table.places)
            done = table.over or (table.dealt and deserted)
            if done or deserted:
                self.take_out(table)
                if done and self.on_table_done is not None:
                    self.on_table_done(table)
                table.close()
            else:
                self.hub.table_listed(table)
        self._tell()

    def take_out(self, table: SharedTable) -> None:
        """``table`` leaves the lobby (here and in every process's list)."""
        if self.tables.pop(table.id, None) is not None:
            self.hub.table_gone(table.id)
            if self.links is not None:
                self.links.unhost(table.id)

    # ---- tables other server processes host (``table_links.py``)

    async def join_elsewhere(
        self, table_id: str, player: str, holder: SeatHolder | None, sit: bool = True
    ) -> tuple[SharedTable, int | None]:
        """A seat at (or, ``sit`` False, a chair by) a table another process hosts: the table as
        followed here, and the seat; SeatTaken says why not."""
        listing = self.elsewhere.get(table_id)
        if listing is None or self.links is None:
            raise SeatTaken("that table has gone")
        if sit:
            self.leave_waiting_tables(player)
        return await self.links.join(table_id, listing.game, player, holder, sit)

    def adopt(self, table: SharedTable) -> None:
        """A table another process hosted is hosted here from now on (that process stopped)."""
        table.round_trips = self.round_trips
        self.tables[table.id] = table
        table.on_change = self._table_changed
        self.hub.table_listed(table)
        self._tell()

    def told_of_mirror(self) -> None:
        """A table followed from another process changed."""
        self._tell()

    def close(self) -> None:
        if self.links is not None:
            self.links.close()
        for table in list(self.tables.values()):
            table.close()
            self.hub.table_gone(table.id)
        self.tables.clear()

    # ---- the leaderboard and the last games finished (kept by the hub, for every process)

    @property
    def board(self) -> Leaderboard:
        return self.hub.board

    @property
    def recent(self) -> Sequence[FinishedGame]:
        """The last games finished on the server, newest first."""
        return self.hub.recent

    def rated(self, ratings: Iterable[Rating]) -> None:
        """Ratings the statistics just recorded (a game finished here, or read at the start)."""
        if self.hub.rated(Standing.of(r) for r in ratings):
            self._tell()

    def listing(self, replay: Replay, game: Game, hinted: bool = False) -> tuple[FinishedGame, str | None]:
        """What the list keeps of a game just finished: for the store's thread (recent.py)."""
        from cardarcade.server.recent import shared_record

        return shared_record(replay, game, hinted)

    def finished(self, game: FinishedGame, packed: str | None) -> None:
        """A game finished here (``listing``'s answer): first in every lobby's list."""
        self.hub.finished(game, packed)
        self._tell()

    async def packed_replay(self, replay_id: str) -> str | None:
        """The replay of a listed game, packed (``recent.unpack``); None: no longer kept."""
        return await self.hub.packed_replay(replay_id)

    def unpacked(self, packed: str) -> str | None:
        """A packed replay's document (None: not one): for a thread, a long one takes milliseconds."""
        from cardarcade.server.recent import unpack

        return unpack(packed)
