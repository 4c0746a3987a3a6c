"""Bots: a policy per game, with human-like timing from ``reaction``.

A bot never sees the game object, only ``game.view(seat)``. After every change at the table it
is asked for its ``Plan``s: what it would do and when. Each plan has a ``key`` naming the
situation it responds to; while the key stays the same the table keeps the plan (and its
sampled time), and when the situation is gone the plan is dropped.

A decision too slow for the event loop (a search) is returned as ``Thinking`` instead: the table
runs its work off the loop (``cardarcade.table.thinking``) and hands the answer back through
``conclude``; from then on the bot returns a ``Plan`` carrying it.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from cardarcade.bots.reaction import (
    ADAPTIVE,
    LEVEL_NAMES,
    AdaptiveProfile,
    ReactionProfile,
    profile_for,
)
from cardarcade.catalog import CATALOG
from cardarcade.rules.base import Action

T = TypeVar("T")
# The view a bot reads: its own game's. The registry holds every game's bots, so it holds Bot[Any].
V = TypeVar("V", bound=BaseModel, contravariant=True)


@dataclass(frozen=True, slots=True)
class Plan:
    action: Action
    at: float  # absolute clock time to act
    key: Hashable  # the situation this responds to
    # A move made at the same moment as the people's (War's turned card): held while a person
    # still has to move, made the moment the last of them does; ``at`` counts only where no
    # person moves (a war among bots, or every person out).
    together: bool = False


@dataclass(frozen=True, slots=True)
class Thinking:
    """A decision to be worked out off the event loop: ``work(*args)`` returns the action."""

    key: Hashable  # the situation this responds to, as a plan's
    work: Callable[..., Action]  # a module-level function: it is sent to a worker process
    args: tuple  # picklable (views are pydantic models, which are)
    fallback: Action  # played if the work fails or does not answer in time


@dataclass(frozen=True, slots=True)
class Moment:
    """What the table tells a bot besides the view: the time now and when the newest card appeared."""

    now: float
    stimulus_time: float
    pace: float  # seconds a bot waits before an ordinary move (the table's tempo)
    # Seconds a search may take at this table; None: a fixed amount of work, so that headless
    # play and tests repeat under a seed.
    think_seconds: float | None = None


class Bot(Protocol[V]):
    level: str
    profile: ReactionProfile | AdaptiveProfile  # the table shares one adaptive profile among its bots

    # A Sequence, not a list: a bot that never thinks off the loop returns a list[Plan].
    def plans(self, view: V, moment: Moment) -> Sequence[Plan | Thinking]: ...

    def conclude(self, key: Hashable, action: Action, at: float) -> None: ...


class BotBase:
    """Shared plumbing: the reaction profile, a private random stream, once-per-situation decisions."""

    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        if level not in LEVEL_NAMES:
            raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVEL_NAMES)}")
        self.seat = seat
        self.level = level
        self.profile: ReactionProfile | AdaptiveProfile = profile_for(level)
        # How well it plays, as opposed to how fast: 0 easy, 1 medium, 2 hard (expert plays as
        # hard, only faster; adaptive plays as medium and adapts its speed).
        self.skill: int = SKILL[level]
        self.rng = rng
        self._decided: dict[Hashable, Any] = {}

    @property
    def strategy(self) -> str:
        """The strength a searching bot plays at: easy, medium, hard or expert (adaptive, a
        reaction level, as medium)."""
        return "expert" if self.level == "expert" else STRATEGY_LEVELS[self.skill]

    def once(self, key: Hashable, decide: Callable[[], T]) -> T:
        """Make a random decision once per situation, so re-planning never re-rolls it."""
        if key not in self._decided:
            if len(self._decided) > 64:
                self._decided.clear()
            self._decided[key] = decide()
        return self._decided[key]

    def decided(self, key: Hashable) -> Any:
        """What was decided for ``key`` (None if nothing was)."""
        return self._decided.get(key)

    def move_delay(self, pace: float) -> float:
        """How long an ordinary move (turning a card) takes: the table's pace, a little varied."""
        return pace * self.rng.uniform(0.8, 1.25)

    def move(self, key: Hashable, moment: Moment, decide: Callable[[], Action]) -> Plan:
        """An ordinary move (not a race): chosen once per situation, made at the table's pace."""
        delay, action = self.once(key, lambda: (self.move_delay(moment.pace), decide()))
        return Plan(action, moment.now + delay, key)

    def deliberate(self, key: Hashable, work: Callable[..., Action], args: tuple, fallback: Action) -> Plan | Thinking:
        """A move worked out off the event loop: ``Thinking`` until the table hands the answer
        back (``conclude``), then the plan that makes it."""
        answer = self._decided.get(("thought", key))
        if answer is None:
            return Thinking(key, work, args, fallback)
        action, at = answer
        return Plan(action, at, key)

    def conclude(self, key: Hashable, action: Action, at: float) -> None:
        """The table's answer to ``Thinking(key, ...)``: make ``action`` at clock time ``at``."""
        self._decided[("thought", key)] = (action, at)


SKILL = {"easy": 0, "medium": 1, "hard": 2, "expert": 2, ADAPTIVE: 1}
# Turn-based games have no reflexes to tune: their bots come in three strengths, and a fourth,
# expert, where the catalog says the game's bots have one (``GameInfo.expert``).
STRATEGY_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def levels_for(game: Any, players: int | None = None) -> tuple[str, ...]:
    """The bot levels offered for ``game`` (a catalog entry or a game's spec) at a table of
    ``players`` (None: at a table of some size): every reaction level for realtime games; expert
    only where it is stronger than hard."""
    if game.realtime:
        return LEVEL_NAMES
    info = CATALOG.get(game.id)
    if info is None or not info.expert:
        return STRATEGY_LEVELS
    if players is not None and info.expert_most_players is not None and players > info.expert_most_players:
        return STRATEGY_LEVELS
    return STRATEGY_LEVELS + ("expert",)


def level_at(game: Any, players: int, level: str) -> str:
    """``level`` if ``game`` offers it at a table of ``players``, else hard: only an expert is
    offered at some table sizes and not others (Thirteen's, heads-up)."""
    return level if level in levels_for(game, players) else "hard"


def playable_levels(game: Any) -> tuple[str, ...]:
    """The levels ``game``'s bots play, offered or not: what a saved game may hold. A level that
    was offered when the game was saved, and is not now (an expert withdrawn, or one offered only
    at smaller tables), plays on: every turn-based bot knows expert, as hard where it has no more."""
    return LEVEL_NAMES if game.realtime else STRATEGY_LEVELS + ("expert",)


def newcomer_level(realtime: bool) -> str:
    """The bots a player meets when they choose none: in a reaction game adaptive ones, which
    keep the races close at any speed; in a turn-based game easy ones, which they can beat."""
    return ADAPTIVE if realtime else "easy"


BotFactory = Callable[[int, str, random.Random], Bot[Any]]
_FACTORIES: dict[str, BotFactory] = {}


def register(game_id: str) -> Callable[[BotFactory], BotFactory]:
    def deco(factory: BotFactory) -> BotFactory:
        _FACTORIES[game_id] = factory
        return factory

    return deco


def make_bot(game_id: str, seat: int, level: str, rng: random.Random) -> Bot[Any]:
    _load_policy(game_id)
    try:
        factory = _FACTORIES[game_id]
    except KeyError:
        raise ValueError(f"no bot plays {game_id!r} yet") from None
    return factory(seat, level, rng)


@functools.cache  # importing is the same for every app in the process: done once
def _load_policy(game_id: str) -> None:
    """Import the policy module of one game (it registers itself with ``@register``): named like
    the game, as its engine is. Only that one: importing all 28 held a game's start for ~0.3 s."""
    info = CATALOG.get(game_id)
    if info is not None and game_id not in _FACTORIES:
        importlib.import_module(f"{__name__}.{info.module}")


__all__ = [
    "LEVEL_NAMES",
    "STRATEGY_LEVELS",
    "Bot",
    "BotBase",
    "Moment",
    "Plan",
    "Thinking",
    "level_at",
    "levels_for",
    "make_bot",
    "playable_levels",
    "register",
]
