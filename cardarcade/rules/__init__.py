"""The game registry: ``GAMES`` maps each playable game's id to its ``GameSpec``.

The games are those listed in ``cardarcade.catalog``; each is the module here named after its
id, holding a module-level ``SPEC``. A game's module is imported the first time its spec is
looked up, not when this package is: the menu lists games from the catalog alone. Modules whose
names start with an underscore are shared helpers (a family's common rules), ``base`` is the
contract.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from cardarcade.catalog import CATALOG, find_game
from cardarcade.rules.base import Action, BadSave, BadSetup, Event, Game, GameSpec, IllegalAction, Outcome, Result


class _Registry(Mapping[str, GameSpec]):
    """The catalog's games, each engine imported on first use (iteration is in menu order)."""

    def __init__(self) -> None:
        self._loaded: dict[str, GameSpec] = {}

    def __getitem__(self, game_id: str) -> GameSpec:
        spec = self._loaded.get(game_id)
        if spec is None:
            info = CATALOG[game_id]  # KeyError for an unknown id, as a dict would
            spec = importlib.import_module(f"{__name__}.{info.module}").SPEC
            self._loaded[game_id] = spec
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(CATALOG)

    def __len__(self) -> int:
        return len(CATALOG)

    def __contains__(self, game_id: object) -> bool:
        # (anything but a name is not a game: a damaged save may hold a list where the id belongs)
        return isinstance(game_id, str) and game_id in CATALOG


GAMES: Mapping[str, GameSpec] = _Registry()


def get_spec(game_id: str) -> GameSpec:
    """Look a game up by id, also accepting underscores and any case ('Slapjack', 'egyptian_ratscrew')."""
    info = find_game(game_id)
    if info is None:
        raise BadSetup(f"unknown game {game_id!r}; known games: {', '.join(sorted(CATALOG))}")
    return GAMES[info.id]


__all__ = [
    "GAMES",
    "Action",
    "BadSave",
    "BadSetup",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Outcome",
    "Result",
    "get_spec",
]
