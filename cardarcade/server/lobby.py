"""The lobby of a server: who is online, the tables people share, and a short chat.

One ``Lobby`` per server process, on its event loop; every session's app holds it. Apps never
call each other: the lobby tells a screen that something changed through the callback it
subscribed with (which posts to that screen's own queue), and each screen reads what it shows.

A table's registry is this dictionary of ``SharedTable``; a server grown past one process would
keep it (and who is where) in a shared store and pin each table to one process (README).
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from collections.abc import Callable

from cardarcade.rules.base import GameSpec, Options
from cardarcade.table.clock import Clock
from cardarcade.table.shared import SeatHolder, SeatTaken, SharedTable

CHAT_LINES = 100  # lines of chat kept (the lobby shows the last few)
CHAT_MAX = 200  # characters in one line
CHAT_BURST, CHAT_WINDOW = 5, 10.0  # at most this many lines per player in this many seconds
MAX_TABLES = 50


@dataclass(frozen=True)
class ChatLine:
    at: float
    name: str
    text: str


class Lobby:
    def __init__(
        self,
        clock: Clock,
        *,
        on_table_done: Callable[[SharedTable], None] | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        """``on_table_done``: told once when a dealt table ends, finished or left by its last
        person (the server records or saves it)."""
        self.clock = clock
        self.on_table_done = on_table_done
        self.now = now
        self.online: dict[str, int] = {}  # name -> sessions open under it
        self.tables: dict[str, SharedTable] = {}
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_LINES)
        self.round_trips: dict[str, float] = {}  # name -> latest measured round trip, seconds
        self._said: dict[str, deque[float]] = {}
        self._listeners: dict[object, Callable[[], None]] = {}

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
        self.online[name] = self.online.get(name, 0) + 1
        self._tell()

    def depart(self, name: str) -> None:
        left = self.online.get(name, 0) - 1
        if left > 0:
            self.online[name] = left
        else:
            self.online.pop(name, None)
            self.round_trips.pop(name, None)
        self._tell()

    def note_round_trip(self, name: str, seconds: float) -> None:
        self.round_trips[name] = seconds

    # ---- chat

    def say(self, name: str, text: str) -> str | None:
        """Add a chat line; a reason it was refused, or None."""
        text = "".join(ch for ch in " ".join(text.split()) if ch.isprintable())[:CHAT_MAX]
        if not text:
            return "nothing to say"
        recent = self._said.setdefault(name, deque())
        now = self.now()
        while recent and now - recent[0] > CHAT_WINDOW:
            recent.popleft()
        if len(recent) >= CHAT_BURST:
            return f"slow down: at most {CHAT_BURST} lines in {CHAT_WINDOW:.0f} seconds"
        recent.append(now)
        self.chat.append(ChatLine(now, name, text))
        self._tell()
        return None

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
    ) -> SharedTable:
        """A new table with ``creator`` in its first seat; SeatTaken says why it cannot be."""
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
            **extra,
        )
        while table.id in self.tables:
            table.id = f"{table.id}x"
        table.round_trips = self.round_trips
        self.tables[table.id] = table
        table.on_change = self._table_changed  # (told from now on: the lobby is told once, here)
        self._tell()
        return table

    def leave_waiting_tables(self, player: str) -> None:
        """``player`` stands up from any table not yet dealt (one seat at a time)."""
        for table in list(self.tables.values()):
            if not table.dealt and table.seat_of(player) is not None:
                table.stand(player)

    def seated(self, player: str) -> bool:
        """Whether ``player`` has a seat at a table (waiting for the deal, in play, or kept)."""
        return any(table.seat_of(player) is not None for table in self.tables.values())

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
                del self.tables[table.id]
                if done and self.on_table_done is not None:
                    self.on_table_done(table)
                table.close()
        self._tell()

    def close(self) -> None:
        for table in list(self.tables.values()):
            table.close()
        self.tables.clear()
