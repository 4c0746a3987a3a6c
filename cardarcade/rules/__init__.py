"""The game registry: ``GAMES`` maps each playable game's id to its ``GameSpec``.

A game registers itself by being a module in this package with a module-level ``SPEC``.
Modules whose names start with an underscore are shared helpers (a family's common rules),
``base`` is the contract. Only games that can really be played to the end are listed.
"""

from __future__ import annotations

import importlib
import pkgutil

from cardarcade.rules.base import Action, BadSave, BadSetup, Event, Game, GameSpec, IllegalAction, Result

# Menu order: the order of DESIGN.md's id list (reaction games, then turn-based ones).
MENU_ORDER = (
    "war", "slapjack", "snap", "egyptian-ratscrew", "salute-the-king", "animals", "speed", "california-speed",
    "aggravation", "spoons", "cash", "through-the-window",
    "go-fish", "authors", "neosho-rapids", "dig", "concentration", "cuckoo", "old-mans-bundle", "knock-poker",
    "thirteen", "machiavelli", "schnapsen", "bura", "toepen", "polignac", "chicago", "frogs-in-the-pond",
)


def _discover() -> dict[str, GameSpec]:
    specs: list[GameSpec] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        spec = getattr(module, "SPEC", None)
        if isinstance(spec, GameSpec):
            specs.append(spec)
    rank = {game_id: i for i, game_id in enumerate(MENU_ORDER)}
    specs.sort(key=lambda spec: (rank.get(spec.id, len(rank)), spec.id))
    return {spec.id: spec for spec in specs}


GAMES: dict[str, GameSpec] = _discover()


def get_spec(game_id: str) -> GameSpec:
    """Look a game up by id, also accepting underscores and any case ('Slapjack', 'egyptian_ratscrew')."""
    key = game_id.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise BadSetup(f"unknown game {game_id!r}; known games: {known}") from None


__all__ = ["GAMES", "Action", "BadSave", "BadSetup", "Event", "Game", "GameSpec", "IllegalAction", "Result", "get_spec"]
