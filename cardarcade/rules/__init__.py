"""The game registry: ``GAMES`` maps each playable game's id to its ``GameSpec``.

Only games that can really be played to the end are listed here.
"""

from __future__ import annotations

from cardarcade.rules.base import Action, BadSave, BadSetup, Event, Game, GameSpec, IllegalAction, Result

from cardarcade.rules import slapjack, war

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (war.SPEC, slapjack.SPEC)}


def get_spec(game_id: str) -> GameSpec:
    """Look a game up by id, also accepting underscores and any case ('Slapjack', 'egyptian_ratscrew')."""
    key = game_id.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise BadSetup(f"unknown game {game_id!r}; known games: {known}") from None


__all__ = ["GAMES", "Action", "BadSave", "BadSetup", "Event", "Game", "GameSpec", "IllegalAction", "Result", "get_spec"]
