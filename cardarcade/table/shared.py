"""A table several people play from different terminals (a server's sessions).

A ``SharedTable`` lives outside any one screen: people sit at its seats before the deal, the
creator's choice of bots fills the others, and once dealt it runs one ``Table`` and tells every
screen attached to it (players and spectators) what happened. Each screen shows its own seat's
view, so no hand is ever drawn on another person's terminal.

Every terminal is a session of the same process, so every key press is stamped by the one event
loop clock: a reaction race between people is settled by when their presses reached the server.
A house rule (``compensate_rtt``) moves a remote player's press back by half their measured
round trip, the time their key spent on the way.

A person who leaves or loses their connection keeps their seat for ``HOLD_SECONDS`` while a bot
of the table's level plays it, and the others at the table are told; sitting down again under the
same name gives it back, and the log shows what happened meanwhile.

One name has at most one live seat: each seat remembers the session holding it (``SeatHolder``),
and a second session of the same player sitting down takes the seat over, the first being told.
Only the session holding a seat can give it up to a stand-in.
"""

from __future__ import annotations

import random
import secrets
from collections import deque
from dataclasses import dataclass, field
from collections.abc import Callable, Sequence

from cardarcade.bots import make_bot
from cardarcade.cards import Card
from cardarcade.replay import Move
from cardarcade.rules.base import Action, Event, Game, GameSpec, IllegalAction, Options
from cardarcade.seating import GameSetup, Reaction, Seat
from cardarcade.table.clock import Clock, Handle
from cardarcade.table.moves import MoveLog
from cardarcade.table.session import ClaimLog, EventsListener, ReactionsListener, Records, Watcher, Watchers
from cardarcade.table.table import DEFAULT_PACE, Table
from cardarcade.table.thinking import live_thinker

HOLD_SECONDS = 180.0  # how long a seat waits for a person who left
COUNTDOWN = 3.0  # seconds between the deal and the first card in a reaction game
MAX_NAME = 40
# The most a press is moved back for its player's round trip: claims are held that much longer
# for everyone at the table, so one very distant player must not make every race sluggish.
MOST_ALLOWED = 0.15
LOG_KEPT = 2000  # events kept for a screen that joins late (a spectator, a player coming back)


@dataclass(frozen=True)
class Resumed:
    """A game under way, carried on at a table made again from its record (``SharedTable.deal``):
    its setup, the game after its moves, the moves, and the seconds since it was dealt."""

    setup: GameSetup
    game: Game
    moves: Sequence[Move]
    played: float


class SeatTaken(ValueError):
    """The seat asked for cannot be had (taken, a bot's, the game started); the message says why."""


@dataclass(eq=False)
class SeatHolder:
    """One session of a person, as a seat knows it: where it connected from, and what to tell it
    when another session of the same player takes its seat (``taken_over(table, by)``, called from
    the other session's side: the holder passes it to its own queue)."""

    address: str
    taken_over: Callable[[SharedTable, SeatHolder], None] = field(repr=False)


@dataclass
class Place:
    """One seat before and during play."""

    person: bool  # a person's seat (else a bot's from the start)
    player: str | None = None  # who sits there (a person's seat)
    held: Handle | None = field(default=None, repr=False)  # the player left: their seat waits until this fires
    holder: SeatHolder | None = field(default=None, repr=False)  # the session in the seat (None: none told us)


class SharedTable(Watchers):
    def __init__(
        self,
        spec: GameSpec,
        people: int,
        players: int,
        level: str,
        clock: Clock,
        *,
        options: Options | None = None,
        creator: str,
        compensate_rtt: bool = False,
        pace: float = DEFAULT_PACE,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        table_id: str | None = None,
        on_change: Callable[[SharedTable], None] | None = None,
        think_seconds: float | None = None,
        holder: SeatHolder | None = None,
        hints: bool = False,
    ) -> None:
        """``players`` seats, the first ``people`` of them for people (the creator sits in the
        first), the rest bots of ``level``; ``on_change`` is told whenever seats or play change.
        ``deck``: an exact deal (tests, replays) instead of a shuffle by ``seed``.
        ``think_seconds``: how long a searching bot may think (None: a fixed amount of work).
        ``holder``: the creator's session. ``hints``: the creator allows the coach at this table."""
        if not spec.min_players <= players <= spec.max_players:
            raise SeatTaken(f"{spec.title} is for {spec.player_range} players")
        if not 1 <= people <= players:
            raise SeatTaken(f"between 1 and {players} of the seats can be people's")
        super().__init__()
        self.id = table_id or secrets.token_hex(3)
        self.spec = spec
        self.level = level
        self.clock = clock
        self.options = spec.parse_options(options)
        self.creator = creator
        self.compensate_rtt = compensate_rtt
        self.pace = pace
        self.think_seconds = think_seconds
        self.hints = hints
        self.hinted: set[int] = set()  # the seats that asked for a hint: the game is not rated
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.deck = tuple(deck) if deck is not None else None
        self.on_change = on_change
        self.places = [Place(person=i < people) for i in range(players)]
        self.setup: GameSetup | None = None
        self.table: Table | None = None
        self.log: deque[Event] = deque(maxlen=LOG_KEPT)  # what happened since the deal, for late joiners
        self.round_trips: dict[str, float] = {}  # player -> their latest measured round trip (seconds)
        # player -> seconds their presses spend between server processes (a seat at a table hosted
        # by another process): allowed for always, as the house rule allows for round trips
        self.hops: dict[str, float] = {}
        self.on_move: Callable[[int, Action, float | None], None] | None = None  # told of every move applied
        self.starts_at: float | None = None  # clock time of the first card (after the countdown)
        self.dealt_at: float | None = None
        self.sit(creator, holder=holder)

    # ---- before the deal

    @property
    def dealt(self) -> bool:
        return self.table is not None

    @property
    def over(self) -> bool:
        return self.table is not None and self.table.game.is_over

    def open_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.places) if p.person and p.player is None]

    def seat_of(self, player: str) -> int | None:
        return next((i for i, p in enumerate(self.places) if p.player == player), None)

    def held_for(self, player: str) -> int | None:
        """The seat kept for ``player`` while they are away, if any."""
        seat = self.seat_of(player)
        return seat if seat is not None and self.places[seat].held is not None else None

    def holds(self, seat: int, holder: SeatHolder | None) -> bool:
        """Whether ``holder``'s session is the one in ``seat`` (or no session was ever named)."""
        place = self.places[seat]
        return place.holder is None or holder is None or place.holder is holder

    def sit(self, player: str, seat: int | None = None, holder: SeatHolder | None = None) -> int:
        """Seat ``player`` (at ``seat``, or the first open one); their own held seat if they left.
        ``holder``: the session sitting down; if another session of ``player`` holds the seat, this
        one takes it over and that one is told."""
        own = self.seat_of(player)
        if own is not None:
            place = self.places[own]
            previous = place.holder
            if holder is not None:
                place.holder = holder
            if place.held is not None:
                self._come_back(own)
            elif previous is not None and holder is not None and previous is not holder:
                previous.taken_over(self, holder)
                self._changed()
            return own
        if self.dealt:
            raise SeatTaken("the game has started; you can watch it")
        free = self.open_seats()
        if seat is None:
            if not free:
                raise SeatTaken("every person's seat is taken")
            seat = free[0]
        elif seat not in free:
            raise SeatTaken(f"seat {seat + 1} is not free")
        self.places[seat].player = player
        self.places[seat].holder = holder
        self._changed()
        return seat

    def stand(self, player: str, holder: SeatHolder | None = None, why: str = "left the table") -> None:
        """``player`` gets up: before the deal the seat is free again; during play a bot of the
        table's level plays it and it is held for them for ``HOLD_SECONDS``, the others being
        told ``why``. A ``holder`` whose seat another session of the player took over changes
        nothing: the player is still at the table."""
        seat = self.seat_of(player)
        if seat is None:
            return
        place = self.places[seat]
        if holder is not None and place.holder is not None and place.holder is not holder:
            return
        place.holder = None
        if not self.dealt:
            place.player = None
            if player == self.creator:  # whoever sat down next deals instead
                self.creator = next((p.player for p in self.places if p.player is not None), player)
        elif not self.over and place.held is None:
            assert self.table is not None
            self.table.set_stand_in(
                seat, make_bot(self.spec.id, seat, self.level, random.Random(f"{self.seed}:stand-in:{seat}"))
            )
            place.held = self.clock.call_at(self.clock.now() + HOLD_SECONDS, lambda: self._give_up_seat(seat))
            if not self.people_present:
                self.table.pause()  # no one to play for: the bots wait too, until someone is back
            minutes = HOLD_SECONDS / 60
            self.notice(
                seat,
                f"{{seat}} {why}: a bot plays for them, the seat is kept for "
                f"{minutes:g} minute{'' if minutes == 1 else 's'}",
            )
        self._changed()

    def _come_back(self, seat: int) -> None:
        place = self.places[seat]
        assert place.held is not None and self.table is not None
        place.held.cancel()
        place.held = None
        self.table.set_stand_in(seat, None)
        self.table.resume()
        self.notice(seat, "{seat} [is|are] back at the table")
        self._changed()

    def _give_up_seat(self, seat: int) -> None:
        """Nobody came back: the bot keeps the seat for good (it is no longer held)."""
        place = self.places[seat]
        place.held = None
        place.player = None
        self.notice(seat, "{seat} did not come back: the bot plays on in their seat")
        self._changed()

    def notice(self, seat: int | None, text: str) -> None:
        """Tell everyone at the table something about the seats (not a move): a line in the log."""
        if self.table is not None and not self.table.closed:
            self._events([Event("seat_notice", seat, text)], None)

    @property
    def people_present(self) -> list[str]:
        return [p.player for p in self.places if p.player is not None and p.held is None]

    def deal(self, resumed: Resumed | None = None) -> None:
        """Start the game: seats still open are played by bots of the table's level. ``resumed``:
        a game under way carried on here (another server process hosted it): at once, no count."""
        if self.dealt:
            return
        seats: list[Seat] = []
        bots = 0
        for place in self.places:
            if place.player is not None:
                seats.append(Seat(place.player, profile=place.player))
            else:
                bots += 1
                seats.append(Seat(f"Bot {bots}", "bot", self.level))
        for place in self.places:  # an open seat is a bot's from now on
            place.person = place.player is not None
        self.setup = GameSetup(self.spec, tuple(seats), self.options, self.seed, self.deck)
        game, moves, played = self.setup.new_game(), [], 0.0
        if resumed is not None:
            self.setup, game, moves, played = resumed.setup, resumed.game, list(resumed.moves), resumed.played
        self.dealt_at = made = self.clock.now() - played
        self.table = Table(
            game,
            self.setup.seats,
            self.clock,
            pace=self.pace,
            seed=self.seed,
            listener=self._events,
            on_reactions=self.tell_reactions,
            thinker=live_thinker(self.think_seconds),
            think_seconds=self.think_seconds,
            head_start=self._head_start,
            moves=MoveLog(lambda: self.clock.now() - made, self.clock.now, moves, on_note=self._moved),
        )
        if resumed is not None:
            self._begin()
        elif self.spec.realtime:
            self.starts_at = self.clock.now() + COUNTDOWN
            for beat in range(1, int(COUNTDOWN)):  # the screens show each second of the count
                self.clock.call_at(self.starts_at - beat, lambda: self._events([], None))
            self.clock.call_at(self.starts_at, self._begin)
        else:
            self._begin()
        self._changed()

    def _begin(self) -> None:
        if self.table is not None and not self.table.closed:
            self.table.start()
            self._changed()

    def elapsed(self) -> float:
        """Seconds since the deal."""
        return 0.0 if self.dealt_at is None else max(0.0, self.clock.now() - self.dealt_at)

    def starts_in(self) -> float:
        """Seconds until the first card (0 once play is on)."""
        if self.starts_at is None or (self.table is not None and self.table.started):
            return 0.0
        return max(0.0, self.starts_at - self.clock.now())

    # ---- play

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None:
        """A press that arrived at ``t`` (default: now); with the house rule, moved back by half
        the player's round trip."""
        assert self.table is not None
        self.table.claim(seat, kind, self._pressed_at(seat, t), target)

    def submit(self, seat: int, action: Action, t: float | None = None) -> None:
        """A move; one that races (a card onto a pile in Speed) is timed as ``claim`` times a press."""
        if self.table is None:
            raise IllegalAction("the game has not started")
        if action.kind in self.table.claim_kinds:
            t = self._pressed_at(seat, t)
        self.table.submit(seat, action, t)

    def _pressed_at(self, seat: int, t: float | None) -> float:
        """When a press that arrived at ``t`` (default: now) was made: with the house rule, half the
        player's round trip earlier (at most ``MOST_ALLOWED``)."""
        t = self.clock.now() if t is None else t
        return t - self._allowance(self.places[seat].player)

    def _moved(self, seat: int, action: Action, t: float | None) -> None:
        if self.on_move is not None:
            self.on_move(seat, action, t)

    def _head_start(self) -> float:
        """The most any player here has their presses moved back: the table holds each claim
        that much longer, so a press stamped earlier than a rival's (a bot's included) counts
        first even when it reaches the server after the rival's."""
        return max(map(self._allowance, self.people_present), default=0.0)

    def _allowance(self, player: str | None) -> float:
        """How far back a player's presses are moved: half their latest round trip (with the house
        rule) and the hop between server processes, capped."""
        if player is None:
            return 0.0
        trip = self.round_trips.get(player, 0.0) / 2 if self.compensate_rtt else 0.0
        return min(trip + self.hops.get(player, 0.0), MOST_ALLOWED)

    def _events(self, events: list[Event], seat: int | None) -> None:
        self.log.extend(e for e in events if e.text)
        self.tell_events(events, seat)
        if self.over:
            self._changed()

    def close(self) -> None:
        for place in self.places:
            if place.held is not None:
                place.held.cancel()
                place.held = None
        if self.table is not None:
            self.table.close()

    def note_hint(self, seat: int) -> None:
        """The player at ``seat`` asked the coach: the game will not be rated (a change: a table
        hosted for other workers writes it down, so it outlives its worker)."""
        if seat not in self.hinted:
            self.hinted.add(seat)
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # ---- what the lobby shows

    def describe_seats(self) -> list[str]:
        """'ada', 'open', 'bot · easy', 'ada (away: a bot plays)' for each seat."""
        out = []
        for place in self.places:
            if place.player is None:
                out.append("open" if place.person and not self.dealt else f"bot · {self.level}")
            elif place.held is not None:
                out.append(f"{place.player} (away: a bot plays)")
            else:
                out.append(place.player)
        return out

    def status(self) -> str:
        if not self.dealt:
            free = len(self.open_seats())
            return f"waiting for {free} more" if free else "ready to deal"
        return "finished" if self.over else "playing"


Post = Callable[..., object]  # hands a call to the screen's own queue: post(callback, *args)


class SharedSeat:
    """One terminal's place at a shared table, as its screen plays through it (``TableSurface``):
    a seat, or a spectator's chair (``seat`` None). The table is told of moves from any session's
    app, so the news is handed to this screen's own queue through ``post``. Pausing holds nothing
    (the others play on), nothing is saved here (the server keeps the table), and leaving stands
    the player up: a bot plays their seat, kept for them a while."""

    shared = True

    def __init__(
        self,
        shared: SharedTable,
        seat: int | None,
        post: Post,
        records: Records,
        profiles: dict[int, str],
        holder: SeatHolder | None = None,
    ) -> None:
        assert shared.table is not None and shared.setup is not None, "a shared table is joined once dealt"
        self.shared_table, self.seat, self.post, self.holder = shared, seat, post, holder
        self.setup = shared.setup
        self._claims = ClaimLog(shared.spec.id, self.setup.names, profiles, records)
        self._watcher: Watcher | None = None

    @property
    def table(self) -> Table:
        assert self.shared_table.table is not None
        return self.shared_table.table

    def attach(self, seat: int | None, on_events: EventsListener, on_reactions: ReactionsListener) -> Watcher:
        def events(batch: list[Event], by: int | None) -> None:
            on_events(batch, by)
            if self.table.game.is_over:
                self._claims.write()  # (the server records the game itself, once)

        def reactions(batch: list[Reaction]) -> None:
            self._claims.note(batch, [] if seat is None else [seat], self.table.stand_ins)
            on_reactions(batch)

        self._watcher = self.shared_table.attach(
            seat, lambda batch, by: self.post(events, batch, by), lambda batch: self.post(reactions, batch)
        )
        return self._watcher

    def detach(self, watcher: Watcher) -> None:
        self.shared_table.detach(watcher)

    def log_so_far(self) -> list[str | Event]:
        return list(self.shared_table.log)

    @property
    def hints_allowed(self) -> bool:
        return self.shared_table.hints and self.seat is not None

    def note_hint(self, seat: int) -> None:
        self.shared_table.note_hint(seat)

    @property
    def hinted(self) -> bool:
        return bool(self.shared_table.hinted)

    def title_line(self) -> str:
        """Who watches from here, and each player's measured round trip (their keys' head start
        against the others is half of it; a house rule gives it back)."""
        names, shared = self.setup.names, self.shared_table
        who = "watching" if self.seat is None else f"you are {names[self.seat]}"
        present = shared.people_present  # (someone away has no round trip worth showing)
        trips = [
            f"{name} {shared.round_trips[name] * 1000:.0f} ms"
            for name in names
            if name in shared.round_trips and name in present
        ]
        rule = " (half allowed for)" if shared.compensate_rtt else ""
        return f"{who}" + (f" · round trips {', '.join(trips)}{rule}" if trips else "")

    def start(self, count_in: int) -> None:
        """Nothing: a shared table starts itself, for everyone at once."""

    def starts_in(self) -> float:
        return self.shared_table.starts_in()

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None:
        self.shared_table.claim(seat, kind, t, target)

    def submit(self, seat: int, action: Action, t: float | None = None) -> None:
        self.shared_table.submit(seat, action, t)

    # A shared table plays on for the others whatever this screen does: nothing is held, hurried
    # or kept here (the server records the game, once).
    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def hurry(self, pace: float) -> None: ...

    def save_now(self, said: bool = True) -> None: ...

    def save_at_once(self) -> None: ...

    def discard(self) -> None: ...

    def save_for_later(self) -> None: ...

    def close(self) -> None: ...

    def leave(self, lost: bool = False) -> None:
        """Off the table: a player's seat is kept for them, and a bot plays it meanwhile."""
        if self._watcher is not None:
            self.detach(self._watcher)
        if self.seat is not None:
            why = "lost the connection" if lost else "left the table"
            self.shared_table.stand(self.setup.seats[self.seat].name, self.holder, why)
        self._claims.write()
