"""What a game gives the search bots (``cardarcade.bots.search``), declared once.

A game that can be searched gives its ``Game`` class, beside the rules contract:

- ``determinize(view, seat, rng)`` (a classmethod): a whole game consistent with what ``seat``
  has seen, the cards it has not seen dealt at random among the places they may be (OpenSpiel's
  resampling from an information state; trick games deal with ``_tricks.deal_unseen``);
- ``episode()``: what a search looks no further than (the hand being played: a search stops
  when it changes, or when the game ends);
- ``utilities()``: each seat's worth of the position, about -1 to 1, at the end of an episode or
  where a search stops early;
- optionally ``rollout_move(seat, rng)``: a fast policy for play-outs (without it: a random
  legal move);
- optionally ``search_moves(seat)``: the moves a search weighs, where weighing every legal one
  would spread a fixed amount of work too thin (without it: every legal move).

Engines do not inherit these Protocols: an engine matches them by having the methods, mypy
checks it wherever a search is handed it, and a search finds the optional hooks by their type.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from cardarcade.rules.base import Action, Event


class SearchableGame(Protocol):
    """One deal as a search walks it: the rules contract's moves and the two required hooks."""

    @property
    def is_over(self) -> bool: ...

    def actors(self) -> list[int]: ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def apply(self, seat: int, action: Action) -> list[Event]: ...

    def clone(self) -> Self: ...

    def episode(self) -> Hashable: ...

    def utilities(self) -> list[float]: ...


G_co = TypeVar("G_co", bound=SearchableGame, covariant=True)


@runtime_checkable
class Searchable(Protocol[G_co]):
    """A game class a search deals from: ``determinize``, the game's own ``SearchableGame``."""

    # (view: each game's own view model, so Any here)
    def determinize(self, view: Any, seat: int, rng: random.Random) -> G_co: ...


@runtime_checkable
class RolloutMove(Protocol):
    """The optional play-out policy."""

    def rollout_move(self, seat: int, rng: random.Random) -> Action: ...


@runtime_checkable
class SearchMoves(Protocol):
    """The optional choice of moves worth weighing."""

    def search_moves(self, seat: int) -> list[Action]: ...
