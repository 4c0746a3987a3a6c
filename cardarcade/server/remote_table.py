"""A seat at a table another server process hosts: the table as a mirror here.

The process that hosts a table writes what happens there to a Redis stream (``table_links.py``):
the game's record (its setup, and the game so far once a stream is trimmed), then every move
applied, a bot's like anyone's, and what else its screens are told (the seats, play beginning,
a bot thinking, a count, a notice, the reactions of a race). Engines are deterministic, so
another process that applies the same moves to the same deal has the same game: ``RemoteTable``
is that mirror, and it *is* a ``SharedTable`` to the screens (``SharedSeat`` plays through it as
through a table hosted here: the game screens cannot tell the difference).

What a person does at a mirror goes to the host as a request: a seat, a move, a claim, standing
up, dealing. The host decides and applies each as it would a local seat's; the mirror only shows
what the host did. A move the mirror's game already refuses is refused here at once, with the
engine's own words, as a local table refuses it.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from cardarcade.cards import Card
from cardarcade.replay import Move
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action, Event, Game, IllegalAction, Outcome
from cardarcade.seating import GameSetup, Reaction, Seat
from cardarcade.store.ratings import Rating
from cardarcade.store.replays import move_data, move_from_data
from cardarcade.table.clock import Clock
from cardarcade.table.session import Watchers
from cardarcade.table.shared import LOG_KEPT, Place, SeatHolder, SeatTaken, SharedTable
from cardarcade.table.table import DEFAULT_PACE, Table

log = logging.getLogger("cardarcade.server")


# ---- the records, as JSON data


def setup_data(setup: GameSetup) -> dict[str, Any]:
    return {
        "game": setup.spec.id,
        "seed": setup.seed,
        "options": setup.options.model_dump(mode="json"),
        "deck": [c.code for c in setup.deck] if setup.deck is not None else None,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "profile": s.profile} for s in setup.seats],
    }


def setup_from_data(data: dict[str, Any]) -> GameSetup:
    """``setup_data`` read back (ValueError, KeyError or TypeError if it is not one)."""
    spec = GAMES[str(data["game"])]
    seats = tuple(
        Seat(str(s["name"]), "bot" if s["kind"] == "bot" else "human", s.get("level"), s.get("profile"))
        for s in data["seats"]
    )
    deck = tuple(Card.parse(c) for c in data["deck"]) if data.get("deck") is not None else None
    return GameSetup(spec, seats, spec.parse_options(data["options"]), int(data["seed"]), deck)


def action_data(action: Action) -> dict[str, Any]:
    return move_data(Move(0, action, 0.0))


def action_from_data(data: Any) -> Action:
    return move_from_data({**data, "seat": 0, "at": 0.0}).action


def reaction_data(r: Reaction) -> list[Any]:
    return [r.seat, r.seconds, r.kind, r.stimulus, r.claim, r.beaten_by, r.margin, str(r.outcome)]


def reaction_from_data(d: Sequence[Any]) -> Reaction:
    seat, seconds, kind, stimulus, claim, by, margin, outcome = d
    return Reaction(
        int(seat), float(seconds), str(kind), int(stimulus), str(claim), by, float(margin), Outcome(outcome)
    )


def places_data(table: SharedTable, where: Callable[[SeatHolder | None], str]) -> list[dict[str, Any]]:
    """Each seat: who sits there, whether it is a person's, whether it is kept for them while they
    are away, and where the session in it is (``where``: a worker id, a session token)."""
    return [
        {"p": p.player, "person": p.person, "held": p.held is not None, "at": where(p.holder)} for p in table.places
    ]


class _Held:
    """A seat kept for someone away, as a mirror knows it (the host holds the real timer)."""

    def cancel(self) -> None: ...


HELD = _Held()
RATING_FIELDS = {f.name for f in fields(Rating)}


# ---- the mirror


class MirrorTable(Table):
    """The game of a mirror: moves arrive from the host and are applied as they came; no bot plans
    here, no claim is settled here (the host does both), and what the host says of its bots'
    thinking and its counts is shown as it says."""

    mirrored_thinking: frozenset[int] = frozenset()

    def _replan(self) -> None:
        """(The host's bots play.)"""

    @property
    def thinking(self) -> frozenset[int]:
        return self.mirrored_thinking

    def applied(self, seat: int, action: Action) -> None:
        """A move the host applied: applied here the same way (the listeners are told)."""
        self._apply(seat, action, replan=False)


@dataclass(eq=False)
class RemoteHolder(SeatHolder):
    """A session on another server process, as the host's seats know it."""

    worker: str = ""
    token: str = ""


class RemoteTable(SharedTable):
    """A table hosted by another server process, followed here (see the module's notes).
    ``send(request)``: how a request reaches the host (``table_links``)."""

    def __init__(self, table_id: str, game: str, clock: Clock, send: Callable[[dict[str, Any]], None]) -> None:
        Watchers.__init__(self)
        spec = GAMES[game]
        self.id = table_id
        self.spec = spec
        self.level = "medium"
        self.clock = clock
        self.options = spec.Options()
        self.creator = ""
        self.hints = False  # the host's table says (with its seats)
        self.hinted = set()
        self.compensate_rtt = False
        self.pace = DEFAULT_PACE
        self.think_seconds = None
        self.seed = 0
        self.deck = None
        self.on_change = None
        self.places = []
        self.setup = None
        self.table = None
        self.log = deque(maxlen=LOG_KEPT)
        self.round_trips = {}
        self.hops = {}
        self.on_move = None
        self.starts_at = None
        self.dealt_at = None
        self.send = send
        self.ended = False  # the host said the table has left the lobby
        self.host = ""  # the worker hosting the table, as its stream last said
        self.here: set[int] = set()  # the seats sessions of this process have sat in
        self.on_rated: Callable[[RemoteTable, dict[str, Any]], None] = lambda table, record: None
        self.rated = False  # the host has said how the game moved the ratings (once recorded)
        self._tokens: dict[SeatHolder, str] = {}  # the sessions here that sat down, by the token the host knows
        self._asking: dict[str, Callable[[dict[str, Any]], None]] = {}  # request id -> what to do with its answer

    # ---- what the host says

    def heard(self, record: dict[str, Any]) -> None:
        """One record of the host's stream, in order."""
        kind = record.get("k")
        if kind == "move":
            if self.table is not None:
                move = move_from_data(record["m"])
                self.table.applied(move.seat, move.action)
        elif kind == "seats":
            self._seats(record)
        elif kind == "game":
            self._game(record)
        elif kind == "refused":  # (a move this mirror took for legal that the host did not)
            seat = record.get("seat")
            for watcher in list(self.watchers):
                if watcher.seat == seat:
                    watcher.on_events([Event("seat_notice", seat, f"Not taken: {record.get('why')}")], None)
        elif kind == "tick":
            self._tick(record)
        elif kind == "notice":
            if self.table is not None:
                self._events([Event("seat_notice", record.get("seat"), str(record.get("text", "")))], None)
        elif kind == "reactions":
            self.tell_reactions([reaction_from_data(r) for r in record.get("r", [])])
        elif kind == "answer":
            answer = self._asking.pop(str(record.get("to")), None)
            if answer is not None:
                answer(record)
        elif kind == "taken":
            holder = next((h for h, token in self._tokens.items() if token == record.get("token")), None)
            if holder is not None:
                holder.taken_over(self, holder)
        elif kind == "rated":
            self.rated = True
            self.on_rated(self, record)
        elif kind == "end":
            self.ended = True
            self._changed()

    def _seats(self, record: dict[str, Any]) -> None:
        self.creator = str(record["creator"])
        self.level = str(record["level"])
        self.compensate_rtt = bool(record.get("rtt_rule"))
        self.hints = bool(record.get("hints"))
        self.hinted = {int(s) for s in record.get("hinted") or ()}
        self.options = self.spec.parse_options(record.get("options"))
        self.host = str(record.get("host") or self.host)
        self.places = [
            Place(person=bool(p["person"]), player=p["p"], held=HELD if p["held"] else None) for p in record["places"]
        ]
        tokens = set(self._tokens.values())
        self.here |= {i for i, p in enumerate(record["places"]) if str(p.get("at") or "").partition("/")[2] in tokens}
        for name, seconds in (record.get("trips") or {}).items():
            self.round_trips[str(name)] = float(seconds)
        if self.table is not None:
            held = {i for i, p in enumerate(self.places) if p.held is not None}
            self.table.stand_ins = {i: None for i in held}  # type: ignore[misc]  # (only which seats: the host's bots play)
        self._changed()

    def _game(self, record: dict[str, Any]) -> None:
        """The game's record: its setup, and the game so far when the stream was trimmed before
        its first moves."""
        setup = setup_from_data(record["setup"])
        game: Game = setup.spec.from_json(record["game"]) if record.get("game") else setup.new_game()
        moves = [move_from_data(m) for m in record.get("moves", ())]
        if self.table is not None:  # the game so far, the stream trimmed before it: the same game,
            # unless this mirror had fallen behind the trim; the screens keep the game they hold
            self.table.game.s = game.s
            self.table.moves.moves = moves
            self._events([], None)
            return
        self.setup, self.seed, self.deck = setup, setup.seed, setup.deck
        self.dealt_at = self.clock.now() - float(record.get("played", 0.0))
        self.table = MirrorTable(game, setup.seats, self.clock, listener=self._events, on_reactions=self.tell_reactions)
        self.table.moves.moves = moves
        if record.get("started"):
            self.table.start()
        else:
            self.starts_at = self.clock.now() + float(record.get("starts_in", 0.0))
        self._changed()

    def _tick(self, record: dict[str, Any]) -> None:
        table = self.table
        if table is None:
            return
        table.mirrored_thinking = frozenset(int(s) for s in record.get("thinking", ()))
        count = record.get("count")
        table.count_ends = None if count is None else self.clock.now() + float(count)
        if record.get("started") and not table.started:
            self.starts_at = None
            table.start()  # (the screens are told play is on)
            self._changed()
            return
        self._events([], None)

    # ---- what people here do: requests to the host

    def _ask(self, what: str, answer: Callable[[dict[str, Any]], None] | None = None, **data: Any) -> None:
        from secrets import token_hex

        request = {"k": what, "id": token_hex(6), **data}
        if answer is not None:
            self._asking[request["id"]] = answer
        self.send(request)

    def token_of(self, holder: SeatHolder | None) -> str:
        from secrets import token_hex

        if holder is None:
            return ""
        if holder not in self._tokens:
            self._tokens[holder] = token_hex(8)
        return self._tokens[holder]

    def ask_sit(self, player: str, holder: SeatHolder | None, done: Callable[[int | None, str | None], None]) -> None:
        """Ask the host for a seat (their own kept seat, or the first open one); ``done(seat,
        refusal)`` once it answers."""
        self._ask(
            "sit",
            lambda answer: done(answer.get("seat"), answer.get("error")),
            player=player,
            token=self.token_of(holder),
            trip=self.round_trips.get(player),
        )

    def sit(self, player: str, seat: int | None = None, holder: SeatHolder | None = None) -> int:
        """(A seat here is asked for with ``ask_sit``: the host answers.)"""
        own = self.seat_of(player)
        if own is None:
            raise SeatTaken("the table is on another server process: sit down from the lobby")
        return own

    def stand(self, player: str, holder: SeatHolder | None = None, why: str = "left the table") -> None:
        if self.seat_of(player) is not None and not self.ended:
            self._ask("stand", player=player, token=self.token_of(holder), why=why)

    def deal(self, resumed: object = None) -> None:
        if not self.dealt and not self.ended:
            self._ask("deal", player=self.creator)

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None:
        if self.table is None or self.ended:
            return
        self._ask("claim", player=self.places[seat].player, seat=seat, kind=kind, target=target, t=self._when(t))

    def submit(self, seat: int, action: Action, t: float | None = None) -> None:
        """A move to the host, if this game allows it now (else refused here, in the engine's
        words, as a table here refuses it)."""
        if self.table is None or self.ended:
            raise IllegalAction("the game has not started")
        game = self.table.game
        if action.kind not in self.table.claim_kinds and action not in game.legal_actions(seat):
            game.clone().apply(seat, action)  # (raises the engine's own IllegalAction)
        self._ask("submit", player=self.places[seat].player, seat=seat, action=action_data(action), t=self._when(t))

    def note_hint(self, seat: int) -> None:
        """(The host keeps which seats asked the coach: it records the game.)"""
        if not self.ended and seat not in self.hinted:
            self._ask("hint", player=self.places[seat].player, seat=seat)

    def _when(self, t: float | None) -> float:
        """When a press was made, on this process's clock (the link says how long ago, on sending)."""
        return self.clock.now() if t is None else t

    def note_round_trip(self, player: str, seconds: float) -> None:
        if self.seat_of(player) is not None and not self.ended:
            self._ask("trip", player=player, seconds=seconds)

    def close(self) -> None:
        if self.table is not None:
            self.table.close()

    def notice(self, seat: int | None, text: str) -> None:
        """(The host tells the table.)"""

    def lost_host(self, words: str) -> None:
        """The host's process is gone and no other carries the table on: it ends here too, and
        whoever is at it is told ``words``."""
        if self.ended:
            return
        self.ended = True
        if self.table is not None:
            self._events([Event("seat_notice", None, words)], None)
            self.table.pause()
        self._changed()


def ratings_data(ratings: Sequence[Rating]) -> list[dict[str, Any]]:
    return [asdict(r) for r in ratings]


def ratings_from_data(data: Any) -> list[Rating]:
    """``ratings_data`` read back (ValueError or TypeError if it is not that)."""
    return [Rating(**{k: v for k, v in d.items() if k in RATING_FIELDS}) for d in data]
