"""The rules contract every game implements (see DESIGN.md).

A game is a pure, deterministic state machine. Its whole state lives in one pydantic model
(``game.s``), so saving is ``model_dump_json`` and loading is validation. Engines know nothing
of time, asyncio, Textual or files.

Realtime games add one idea: a *stimulus* counter that goes up whenever something appears
that players may react to (a card turned up). Claim actions (slap, snap, ...) carry the
stimulus the player saw in ``Action.value``; the table fills it in from the press timestamp,
so a slap aimed at a jack still counts as aimed at that jack even if another card landed
before the slap was processed. The event a claim produces for its claimant names the outcome,
and the table reads it by name: a kind ending in ``win`` won the race (``slap_win``), one
starting with ``false`` or ``wrong`` was a mistake (``false_slap``, ``wrong_gesture``).
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
import typing
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar
from collections.abc import Callable, Iterable, Sequence

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.config import JsonDict

from cardarcade.cards import Card, quoted, standard_deck
from cardarcade.catalog import CATALOG

_MASK64 = (1 << 64) - 1
SAVE_FORMAT = "cardarcade-game"
SAVE_VERSION = 1
# The largest save of any game is about 11 KB (Concentration's history): a text a hundred times
# that is not a save, and is not read further.
MAX_SAVE_SIZE = 1 << 20


class IllegalAction(ValueError):
    """The action is not allowed now; the game state is unchanged."""


class BadSave(ValueError):
    """A saved game could not be read: not JSON, wrong game, wrong version, or invalid state."""


class BadSetup(ValueError):
    """A game could not be created with the given players, options or deck."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``kind`` names it; the optional fields carry its arguments."""

    kind: str
    cards: tuple[Card, ...] = ()
    target: int | None = None
    value: int | str | None = None

    @property
    def card(self) -> Card | None:
        return self.cards[0] if self.cards else None

    def __str__(self) -> str:
        parts = [self.kind]
        if self.cards:
            parts.append(" ".join(str(c) for c in self.cards))
        if self.target is not None:
            parts.append(f"-> seat {self.target}")
        if self.value is not None:
            parts.append(f"[{self.value}]")
        return " ".join(parts)


# Every engine builds its legal actions afresh on every move (a search bot or a simulation makes
# millions): the frozen dataclass's own __init__ stores each field through object.__setattr__,
# several times the cost of storing through the slots themselves, which is all it does.
_new_object = object.__new__
_set_kind, _set_cards, _set_target, _set_value = (
    Action.__dict__[name].__set__ for name in ("kind", "cards", "target", "value")
)


def _action_init(
    self: Action, kind: str, cards: tuple[Card, ...] = (), target: int | None = None, value: int | str | None = None
) -> None:
    _set_kind(self, kind)
    _set_cards(self, cards)
    _set_target(self, target)
    _set_value(self, value)


_action_init.__qualname__ = "Action.__init__"
Action.__init__ = _action_init  # type: ignore[method-assign]  # the fast __init__ above, on purpose
assert [f.name for f in fields(Action)] == ["kind", "cards", "target", "value"]

_TARGET_TYPES = frozenset({int, type(None)})
_VALUE_TYPES = frozenset({int, str, type(None)})


def well_formed(action: object) -> bool:
    """Whether ``action`` is an Action whose fields have the types the engines rely on (a float
    seat or a bool value compares equal to an int, and would pass a legality check)."""
    if (
        type(action) is not Action
        or type(action.kind) is not str
        or type(action.target) not in _TARGET_TYPES
        or type(action.value) not in _VALUE_TYPES
    ):
        return False
    cards = action.cards
    if type(cards) is not tuple:
        return False
    for card in cards:  # (a loop: a generator for one or two cards costs more than the checks)
        if type(card) is not Card:
            return False
    return True


class Outcome(StrEnum):
    """What came of a realtime claim (a slap, a call, a grab), as the engine judged it: the table
    times reactions by it, statistics leave faults out of reaction times, adaptive bots follow it."""

    WON = "won"  # first to a right claim: the race is won
    FAULT = "fault"  # a mistake (a false slap, a wrong call): no real reaction to a card
    LATE = "late"  # a right claim, but someone was quicker
    OK = "ok"  # taken, and nothing more to judge: a gesture in time, a play (races it decides say so in data)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the screen and the log.

    ``text`` is a sentence in which ``{seat}`` and ``{target}`` stand for player names, and a verb
    that follows a player is written in both persons ("{seat} [takes|take]", see ``fill``), so the
    user interface can say "You take" or "Ada takes" without the rules knowing who sits where.
    ``data["penalty"]`` marks a move that cost its maker (a card turned out of turn and lost):
    the screen calls it out to that person. ``outcome`` is set on the event that judges a
    realtime claim (None on every other event).
    """

    kind: str
    seat: int | None = None
    text: str = ""
    cards: tuple[Card, ...] = ()
    target: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    outcome: Outcome | None = None

    def describe(self, names: Sequence[str]) -> str:
        return fill(self.text, names, self.seat, self.target)


_EVENT_FIELDS = ("kind", "seat", "text", "cards", "target", "data", "outcome")
_set_event_fields = tuple(Event.__dict__[name].__set__ for name in _EVENT_FIELDS)
_NO_DATA: Any = object()  # (``data`` left out: a new dict each time, as the dataclass's default_factory gives)


def _event_init(
    self: Event,
    kind: str,
    seat: int | None = None,
    text: str = "",
    cards: tuple[Card, ...] = (),
    target: int | None = None,
    data: dict[str, Any] = _NO_DATA,
    outcome: Outcome | None = None,
) -> None:
    # as Action's: stored through the slots (events are made on every move)
    set_kind, set_seat, set_text, set_cards, set_target, set_data, set_outcome = _set_event_fields
    set_kind(self, kind)
    set_seat(self, seat)
    set_text(self, text)
    set_cards(self, cards)
    set_target(self, target)
    set_data(self, {} if data is _NO_DATA else data)
    set_outcome(self, outcome)


_event_init.__qualname__ = "Event.__init__"
Event.__init__ = _event_init  # type: ignore[method-assign]  # the fast __init__ above, on purpose
assert tuple(f.name for f in fields(Event)) == _EVENT_FIELDS


class SharedEvents(dict):
    """Events made once per key and handed out again: ``events[key]`` makes the event with
    ``make(*key)`` the first time. Events are read, never changed, and engines that search make
    the same ones millions of times. (A hit costs a plain dict lookup: ``__missing__`` runs only
    for a new key.)"""

    def __init__(self, make: Callable[..., Event]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple) -> Event:
        event = self[key] = self.make(*key)
        return event


# An event sentence names players with {seat} and {target} ("{seat}'s" for the possessive), and
# writes each verb whose person follows a player in both forms: "{seat} [goes|go] out", "{seat}
# [asks|ask] {target} for sevens; {target} [target:has|have] none" (a pair agrees with {seat}
# unless it names {target}). A sentence to "You" is written as the template says, never guessed.
_VERB_PAIR = re.compile(r"\[(?:(seat|target):)?([^\[\]|{}]*)\|([^\[\]|{}]*)\]")
_NAME = re.compile(r"\{(seat|target)\}('s)?")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n)$")  # (not a colon: "Game over: you win")


def fill(template: str, names: Sequence[str], seat: int | None, target: int | None) -> str:
    """Put player names into an event sentence, each verb in the person of its player ("You go
    out", "Bot 1 goes out"); "You" opens a sentence, "you" is inside one, "your" is its possessive."""
    who = {"seat": names[seat] if seat is not None else "", "target": names[target] if target is not None else ""}
    text = _VERB_PAIR.sub(lambda m: m.group(3) if who[m.group(1) or "seat"] == "You" else m.group(2), template)

    def name(m: re.Match[str]) -> str:
        person, possessive = who[m.group(1)], m.group(2) or ""
        if person != "You":
            return person + possessive
        word = "your" if possessive else "you"
        return word.capitalize() if _SENTENCE_START.search(text, 0, m.start()) else word

    return _NAME.sub(name, text)


class Result(BaseModel):
    """How a game ended. ``winners`` empty or several = a draw / shared result.

    ``ranking`` lists seats best first (all of them, when the game ranks everyone); ``scores``
    holds one number per seat, ``score_name`` says what it counts ("cards", "cards left",
    "chips") and ``low_wins`` whether fewer is better.
    """

    model_config = ConfigDict(frozen=True)

    winners: list[int]
    ranking: list[int] = []
    scores: list[float] | None = None
    reason: str = ""
    score_name: str = ""
    low_wins: bool = False
    sides: list[int] | None = None  # each seat's side in a partnership game: partners win together
    # The seats that lost outright (a forfeit, running out of chips): the game is no draw.
    losers: list[int] = []
    # A game set up so that one player loses rather than one winning (Toepen): nobody is named
    # the winner; every seat but the losers is among ``winners`` as having not lost.
    only_losers: bool = False
    # Tied winners who share the win, as the game's text says ("equal counts share the win"),
    # rather than a draw that nobody wins (a shared win still counts as drawn in the statistics).
    shared: bool = False

    @property
    def is_draw(self) -> bool:
        if self.losers:
            return False
        if self.sides is not None and self.winners:
            return len({self.sides[w] for w in self.winners}) != 1
        return len(self.winners) != 1

    @property
    def partners_won(self) -> bool:
        """Several winners who are one side's partners (not a shared result)."""
        return len(self.winners) > 1 and not self.is_draw and not self.losers

    def describe(self, names: Sequence[str]) -> str:
        named = self.losers or self.winners  # ({seat}: the one loser, when the game names losers)
        return fill(self.reason, names, named[0] if len(named) == 1 else None, None)


class Options(BaseModel):
    """Base of every game's house-rule model: defaults are the seed text's rules."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def describe(self) -> list[str]:
        """'Label: value' lines for the rules screen, one per house rule."""
        lines = []
        for name, info in type(self).model_fields.items():
            lines.append(f"{option_label(info, name)}: {option_value_label(info, getattr(self, name))}")
        return lines


def choice_labels(labels: dict[Any, str]) -> JsonDict:
    """A Literal house rule's ``json_schema_extra``: a label for each choice, keyed by the choice
    itself (``option_value_label`` looks them up by value, ints included, which pydantic's
    str-keyed JsonDict cannot say)."""
    return {"labels": typing.cast(JsonDict, labels)}


HouseRules = Options  # (inside GameSpec, ``Options`` is its property: annotations there use this name)


def option_label(info: Any, name: str) -> str:
    return info.title or name.replace("_", " ").capitalize()


def option_value_label(info: Any, value: Any) -> str:
    """Readable value: a Literal choice's label from ``json_schema_extra=choice_labels({...})``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    labels = (info.json_schema_extra or {}).get("labels", {}) if isinstance(info.json_schema_extra, dict) else {}
    return str(labels.get(value, value))


class State(BaseModel):
    """Base of every game's state. Subclasses add their zones and counters."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    players: int
    seed: int
    actions: int = 0  # actions applied so far
    rng_draws: int = 0  # random draws made during play (for determinism after a reload)
    stimulus: int = 0  # see the module docstring
    result: Result | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        # Engines assign fields on every move; pydantic's own __setattr__ costs several times a
        # plain store, and with validate_assignment off it would only do that store anyway.
        if name not in type(self).__pydantic_fields__:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        self.__dict__[name] = value


S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """One game in progress. Subclasses set ``State`` and ``Options`` and implement the hooks."""

    State: ClassVar[type[State]]
    Options: ClassVar[type[Options]]
    spec: ClassVar[GameSpec]

    __slots__ = ("s",)

    def __init__(self, state: S) -> None:
        self.s: S = state

    # ---- creation (subclasses implement ``setup``)

    @classmethod
    @abstractmethod
    def setup(cls, players: int, seed: int, options: Any, deck: list[Card] | None) -> Game:
        """Deal a new game. With ``deck`` given, deal exactly that order (no shuffle)."""

    # ---- the contract

    @abstractmethod
    def actors(self) -> list[int]:
        """Seats that may act now (several in simultaneous games); empty iff the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out a checked, legal action."""

    def why_not(self, seat: int, action: Action) -> str | None:
        """Optional: why ``action`` is closed to ``seat`` now, in the rules' words for the player
        ("only on your lead after winning a trick"), so a screen can explain a refused key without
        rebuilding the legality checks beside the engine's. Asked only about an action that is
        not legal; only its kind need be set (a marriage without its cards). None: no reason
        known, and the screen says it is not possible now."""
        return None

    @abstractmethod
    def view(self, seat: int | None) -> BaseModel:
        """What ``seat`` may see (``None``: a spectator). Hidden cards are masked."""

    @abstractmethod
    def cards(self) -> list[Card]:
        """Every physical card in every zone."""

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has no further part in this game (shut out, or nothing left to play
        while others play on). A game that can leave a player out says so here; the screen then
        offers a person who is out to let the bots finish fast."""
        return False

    def is_legal(self, seat: int, action: Action) -> bool:
        return action in self.legal_actions(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out ``action`` for ``seat``. Anything that is not a legal move now, malformed ones
        included (a seat that is not a plain int, a field of the wrong type), raises
        IllegalAction before anything changes, whoever sent it."""
        s = self.s
        if s.result is not None:
            raise IllegalAction("the game is over")
        try:
            legal = type(seat) is int and 0 <= seat < s.players and well_formed(action) and self.is_legal(seat, action)
        except (TypeError, ValueError, AttributeError, LookupError):  # a game's check meeting odd input
            legal = False
        if not legal:
            raise IllegalAction(f"seat {seat!r} may not {action!r} now")
        s.__dict__["actions"] += 1  # (a field: State.__setattr__'s check is for engines' own names)
        return self._apply(seat, action)

    @property
    def is_over(self) -> bool:
        return self.s.result is not None

    @property
    def result(self) -> Result | None:
        return self.s.result

    @property
    def players(self) -> int:
        return self.s.players

    @property
    def stimulus(self) -> int:
        return self.s.stimulus

    @property
    def options(self) -> Any:
        return self.s.options  # type: ignore[attr-defined]  # every game's state declares its options

    def counted_move(self) -> tuple[int, Action] | None:
        """A move nobody chooses, due now after a count of three (Speed's flip from the talons when
        both players are blocked): (seat, action), or None. The table counts and makes it."""
        return None

    # ---- helpers for engines

    def rng(self) -> random.Random:
        """A fresh generator for a random draw during play, reproducible from the saved state."""
        self.s.rng_draws += 1
        return random.Random(f"{self.s.seed}:{self.s.rng_draws}")

    def mix(self, items: list) -> None:
        """Shuffle a few items in place, cheaply and reproducibly (for hot paths such as
        gathering won cards, where building a ``random.Random`` each time would dominate)."""
        self.s.rng_draws += 1
        x = (self.s.seed * 0x9E3779B97F4A7C15 + self.s.rng_draws * 0xBF58476D1CE4E5B9) & _MASK64
        for i in range(len(items) - 1, 0, -1):
            x ^= (x << 13) & _MASK64
            x ^= x >> 7
            x ^= (x << 17) & _MASK64
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]

    def finish(
        self,
        winners: Iterable[int],
        reason: str,
        scores: list[float] | None = None,
        ranking: list[int] | None = None,
        score_name: str = "",
        low_wins: bool = False,
        sides: list[int] | None = None,
        losers: list[int] | None = None,
        only_losers: bool = False,
        shared: bool = False,
    ) -> Event:
        """End the game. ``reason`` may name the (single) winner as ``{seat}`` (or, with
        ``losers``, the single loser); see ``Result`` for the rest."""
        # Built without pydantic's validation, which was a good share of a short game's cost in
        # random play; the values are the engine's own, in the types a load would give them.
        result = construct(
            Result,
            winners=sorted(winners),
            reason=reason,
            scores=None if scores is None else [float(x) for x in scores],
            ranking=list(ranking) if ranking else [],
            score_name=score_name,
            low_wins=low_wins,
            sides=None if sides is None else list(sides),
            losers=sorted(losers or ()),
            only_losers=only_losers,
            shared=shared,
        )
        self.s.result = result
        named = result.losers or result.winners
        seat = named[0] if len(named) == 1 else None
        return Event("game_over", seat, reason, data={"winners": result.winners})

    def finish_by_most(
        self, counts: list[int], why: str, what: str = "cards", scores: list[float] | None = None, shared: bool = False
    ) -> Event:
        """End with the most of something winning (cards held at a limit, sets, books, a bundle);
        equal leaders draw, or with ``shared`` (the game's text says so) share the win. ``scores``
        default to the counts."""
        most = max(counts)
        winners = [p for p, n in enumerate(counts) if n == most]
        ranking = sorted(range(len(counts)), key=lambda p: -counts[p])
        tied = (
            f"{len(winners)} players share the win with {most} {what} each"
            if shared
            else f"a draw at {most} {what} each"
        )
        text = f"Game over: {why}; " + (f"{{seat}} [wins|win] with {most} {what}" if len(winners) == 1 else tied)
        return self.finish(
            winners,
            text,
            scores=scores if scores is not None else [float(n) for n in counts],
            ranking=ranking,
            score_name=what if scores is None else "",
            shared=shared,
        )

    # ---- saving

    def to_json(self) -> str:
        envelope = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.spec.id,
            "state": json.loads(self.s.model_dump_json()),
        }
        return json.dumps(envelope, separators=(",", ":"))

    def check_loaded(self) -> None:
        """Raise ValueError if a loaded state breaks an invariant; games add their own checks."""
        if not self.spec.min_players <= self.s.players <= self.spec.max_players:
            raise ValueError(f"{self.s.players} players")
        result, n = self.s.result, self.s.players
        if result is not None:
            seats = result.winners + result.ranking + result.losers
            if (
                any(not 0 <= p < n for p in seats)
                or len(set(result.winners)) != len(result.winners)
                or len(set(result.losers)) != len(result.losers)
                or len(set(result.ranking)) != len(result.ranking)
                or (result.scores is not None and len(result.scores) != n)
                or (result.sides is not None and (len(result.sides) != n or any(not 0 <= x < n for x in result.sides)))
            ):
                raise ValueError("the result does not fit the players")

    def check_seats(self, *seats: int | None) -> None:
        """Raise ValueError unless each of a loaded state's ``seats`` (None: nobody) is a seat of
        this game (Python would read -1 as the last seat, and a seat past the end fails later)."""
        n = self.s.players
        if any(p is not None and not 0 <= p < n for p in seats):
            raise ValueError("a seat number is out of range")

    def pack(self) -> list[Card]:
        """Every card this game is played with; a game with other packs says which."""
        return standard_deck()

    def check_pack(self) -> None:
        """Raise ValueError unless the cards in play are exactly the game's pack (after a load,
        once ``check_loaded`` has found the zones sound)."""
        if sorted(c.code for c in self.cards()) != sorted(c.code for c in self.pack()):
            raise ValueError("the cards are not the game's pack")

    def check_playable(self) -> None:
        """Raise ValueError unless the game can go on from a loaded state: every seat's moves and
        view can be worked out, the game is over exactly when nobody may act, and whoever may
        act has a move (the checks of every game, after its own)."""
        actors = self.actors()
        if (not actors) != (self.s.result is not None):
            raise ValueError(
                "nobody may act in a game that is not over"
                if not actors
                else "a finished game still has players to act"
            )
        for seat in range(self.s.players):
            if (seat in actors) != bool(self.legal_actions(seat)):
                raise ValueError(
                    f"seat {seat} may act but has no move"
                    if seat in actors
                    else f"seat {seat} has moves but may not act"
                )
            self.is_out(seat)
            self.view(seat)
        self.view(None)

    def clone(self) -> Self:
        return type(self)(self.s.model_copy(deep=True))


@dataclass(frozen=True)
class GameSpec:
    """A registered game: its identity, limits, rules text and engine class."""

    id: str
    title: str
    family: str
    min_players: int
    max_players: int
    realtime: bool
    summary: str
    rules: str  # our own words, markdown
    game: type[Game]
    default_players: int = 2
    claim_kinds: frozenset[str] = frozenset()  # realtime claims arbitrated by press time
    # claims that are not reactions (Cash's new board: dealt when its holder likes), kept out of
    # reaction times and out of what adaptive bots learn
    untimed_claim_kinds: frozenset[str] = frozenset()

    @classmethod
    def listed(
        cls,
        game_id: str,
        *,
        rules: str,
        game: type[Game],
        claim_kinds: frozenset[str] = frozenset(),
        untimed_claim_kinds: frozenset[str] = frozenset(),
    ) -> GameSpec:
        """The spec of a game in the catalog, with its identity and limits as the menu lists them."""
        info = CATALOG[game_id]
        return cls(
            id=info.id,
            title=info.title,
            family=info.family,
            min_players=info.min_players,
            max_players=info.max_players,
            realtime=info.realtime,
            summary=info.summary,
            rules=rules,
            game=game,
            default_players=info.default_players,
            claim_kinds=claim_kinds,
            untimed_claim_kinds=untimed_claim_kinds,
        )

    @property
    def Options(self) -> type[Options]:  # noqa: N802 - the contract names it so
        return self.game.Options

    def parse_options(self, options: HouseRules | dict[str, Any] | None) -> HouseRules:
        if isinstance(options, self.Options):
            return options
        if options is None:  # (the defaults: made once, house rules are frozen)
            default = _DEFAULT_OPTIONS.get(self.Options)
            if default is None:
                default = _DEFAULT_OPTIONS[self.Options] = self.Options()
            return default
        try:
            return self.Options.model_validate(dict(options or {}))
        except ValidationError as exc:
            raise BadSetup(f"{self.title}: {option_error(self.Options, exc)}") from None

    def new(
        self,
        players: int | None = None,
        seed: int | None = None,
        options: HouseRules | dict[str, Any] | None = None,
        deck: Sequence[Card | str] | None = None,
    ) -> Game:
        players = self.default_players if players is None else players
        if not self.min_players <= players <= self.max_players:
            raise BadSetup(f"{self.title} takes {self.player_range} players, not {players}")
        seed = random.randrange(2**31) if seed is None else seed
        opts = self.parse_options(options)
        fixed = [Card.parse(c) for c in deck] if deck is not None else None
        return self.game.setup(players, seed, opts, fixed)

    @property
    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def from_json(self, text: str | bytes) -> Game:
        """Load a saved game. Anything that is not a save of this game, in a state it can go on
        from, is a BadSave saying why; nothing else escapes, whatever the text holds."""
        return self.from_data(read_json(text, MAX_SAVE_SIZE))

    def from_data(self, data: Any) -> Game:
        """``from_json`` for a save already read as JSON (by ``read_json``: the app's saves hold
        the engine's save inside their own)."""
        check_envelope(data)
        if data.get("game") != self.id:
            raise BadSave(f"this save is a game of {quoted(data.get('game'))}, not {self.id!r}")
        try:
            state = self.game.State.model_validate(data.get("state"))
        except ValidationError as exc:
            raise BadSave(first_error(exc, "saved state")) from None
        except RecursionError:  # pydantic-core's own limit on nesting
            raise BadSave("saved state is nested too deep") from None
        game = self.game(state)
        try:
            game.check_loaded()
            game.check_pack()
            game.check_playable()
        except ValueError as exc:
            raise BadSave(f"saved state is inconsistent: {exc}") from None
        except MemoryError:  # the machine's fault, not the save's: a check must bound what it builds
            raise
        except Exception as exc:  # noqa: BLE001 - a check meeting a state its engine cannot use
            raise BadSave(f"saved state is inconsistent ({type(exc).__name__} while checking it)") from None
        return game


_DEFAULT_OPTIONS: dict[type[Options], Options] = {}


def read_json(text: str | bytes, max_size: int) -> Any:
    """A saved file's JSON. Deep nesting, numbers too long to convert, non-finite numbers and a
    file over ``max_size`` are refused as what they are, a broken save."""
    if len(text) > max_size:
        raise BadSave(f"not a saved game (larger than {max_size >> 20} MB)")
    try:
        if isinstance(text, bytes):  # saves are UTF-8 (json.loads would guess UTF-16 or 32 from bytes)
            text = text.decode("utf-8")
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite, parse_int=_whole)
    except RecursionError:
        raise BadSave("not a saved game (nested too deep)") from None
    except UnicodeDecodeError:
        raise BadSave("not a saved game (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        raise BadSave(f"not a saved game (invalid JSON: {exc.msg})") from None
    except ValueError as exc:  # a number no save holds
        raise BadSave(f"not a saved game (invalid JSON: {exc})") from None
    return data


def check_envelope(data: Any) -> None:
    """Raise BadSave unless ``data`` is an engine save of our format at our version (the int 1
    exactly: true and 1.0 compare equal to it)."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise BadSave("not a cardarcade saved game")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise BadSave(f"saved with format version {quoted(version)}; this program reads {SAVE_VERSION}")


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{quoted(text)} is out of range")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # Python converts at most 4,300 digits (so does every way in to a seed)
        raise ValueError(f"a number of {len(text)} digits") from None


def option_error(model: type[BaseModel], exc: ValidationError) -> str:
    """A house-rule error in the player's words: the rule's label as the setup screen shows it
    ('Turn limit must be at least 20'), never a field name or pydantic's own wording."""
    err = exc.errors()[0]
    loc, kind, ctx = err.get("loc", ()), err.get("type", ""), err.get("ctx") or {}
    msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
    if not loc:  # a rule about several house rules together (a model validator)
        return msg
    name = str(loc[0])
    info = model.model_fields.get(name)
    if info is None:
        known = ", ".join(model.model_fields) or "none"
        return f"there is no house rule {name!r} (house rules: {known})"
    label = option_label(info, name)
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "less_than_equal": ("at most", "le"),
        "greater_than": ("more than", "gt"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"{label} must be {words} {ctx.get(key)}"
    if kind == "literal_error":
        choices = ", ".join(str(v) for v in typing.get_args(info.annotation))
        return f"{label} must be one of: {choices}"
    if kind.startswith("int_"):
        return f"{label} must be a whole number"
    if kind.startswith("bool_"):
        return f"{label} must be yes or no"
    return f"{label}: {msg[0].lower() + msg[1:] if msg else 'invalid'}"


def first_error(exc: ValidationError, what: str) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "value"
    return f"bad {what} {where!r}: {err.get('msg', 'invalid')}"


RECENT_MOVES = 16  # public moves a view keeps, for the log and for the players' memory


def remember(moves: list, move: object, limit: int = RECENT_MOVES) -> None:
    """Keep ``move`` as the newest of a view's recent public moves, and at most ``limit`` of them."""
    moves.append(move)
    if len(moves) > limit:
        del moves[0]


def deal_round_robin(deck: Sequence[Card], players: int, count: int | None = None) -> list[list[Card]]:
    """Deal one card at a time starting with seat 0; ``count`` per player, or the whole deck."""
    total = len(deck) if count is None else count * players
    if total > len(deck):
        raise IndexError("not enough cards to deal")
    return [list(deck[p:total:players]) for p in range(players)]  # seat p gets every players-th card from p


def prepare_deck(full: Sequence[Card], seed: int, deck: list[Card] | None) -> list[Card]:
    """The order to deal: ``deck`` as given (checked to be the game's pack) or ``full`` shuffled by ``seed``."""
    if deck is None:
        out = list(full)
        shuffle(out, seed)
        return out
    if sorted(c.code for c in deck) != sorted(c.code for c in full):
        raise BadSetup(f"a fixed deck must hold exactly this game's {len(full)} cards")
    return list(deck)


def shuffle(items: list, seed: int) -> None:
    """``random.Random(seed).shuffle(items)``, swap for swap, with its per-item method calls
    written out: a deal is a good share of a short game's cost in random play (Cash ends in
    about fourteen moves), and the same seed must keep dealing the same cards."""
    getrandbits = random.Random(seed).getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        width = bound.bit_length()
        j = getrandbits(width)
        while j >= bound:  # (as random's _randbelow: draw again rather than bias the pick)
            j = getrandbits(width)
        items[i], items[j] = items[j], items[i]


def construct(model: type[M], **values: Any) -> M:
    """``model.model_construct(**values)`` for an engine's own values, at a fraction of its cost
    (a new deal's state: pydantic looks up every field's aliases and copies every default). The
    values are trusted as they are (a load validates); a field left out gets its default, a
    fresh copy of a list or dict. Unknown or missing fields are a TypeError."""
    plan = _CONSTRUCT_PLANS.get(model)
    if plan is None:
        plan = _CONSTRUCT_PLANS[model] = _construct_plan(model)
    defaults, copied, required = plan
    fields = defaults.copy()  # every field, in the model's order
    fields.update(values)
    if len(fields) != len(defaults) or not required <= values.keys():
        raise TypeError(
            f"{model.__name__}: unknown fields {sorted(values.keys() - defaults.keys())}, "
            f"missing {sorted(required - values.keys())}"
        )
    for name, fresh in copied:
        if name not in values:
            fields[name] = fresh(defaults[name])
    return _assemble(model, fields, set(values))


def shallow_copy(made: M) -> M:
    """A copy of an engine's model sharing its field values (``copy.copy`` at about half the
    cost: pydantic's ``__copy__`` copies each of its slots through ``copy.copy``)."""
    return _assemble(type(made), made.__dict__.copy(), made.__pydantic_fields_set__.copy())


_set_model = object.__setattr__


def _assemble(model: type[M], fields: dict[str, Any], fields_set: set[str]) -> M:
    """A model made from its fields as they are (what ``model_construct`` ends with)."""
    made = model.__new__(model)
    _set_model(made, "__dict__", fields)
    _set_model(made, "__pydantic_fields_set__", fields_set)
    _set_model(made, "__pydantic_extra__", None)
    _set_model(made, "__pydantic_private__", None)
    return made


M = TypeVar("M", bound=BaseModel)
_Plan = tuple[dict[str, Any], tuple[tuple[str, Callable[[Any], Any]], ...], frozenset[str]]
_CONSTRUCT_PLANS: dict[type, _Plan] = {}
_IMMUTABLE = (int, float, str, bool, type(None), tuple, frozenset, BaseModel)


def _construct_plan(model: type[BaseModel]) -> _Plan:
    """(every field's default (pydantic's marker when required); the fields whose defaults are
    copied for each model, with how; the required fields) for ``construct``."""
    if model.__pydantic_post_init__ or model.__pydantic_root_model__ or model.model_config.get("extra") == "allow":
        raise TypeError(f"{model.__name__}: construct() builds plain models only")
    defaults: dict[str, Any] = {}
    copied = []
    for name, info in model.model_fields.items():
        if info.alias is not None or info.validation_alias is not None or info.default_factory is not None:
            raise TypeError(f"{model.__name__}.{name}: construct() takes fields without aliases or factories")
        default = defaults[name] = info.default
        if not info.is_required() and not isinstance(default, _IMMUTABLE):
            # a list or dict of plain values is copied shallowly (a deep copy costs ten times that)
            flat = type(default) in (list, dict) and all(
                isinstance(v, _IMMUTABLE) for v in (default.values() if type(default) is dict else default)
            )
            copied.append((name, copy.copy if flat else copy.deepcopy))
    required = frozenset(name for name, info in model.model_fields.items() if info.is_required())
    return defaults, tuple(copied), required
