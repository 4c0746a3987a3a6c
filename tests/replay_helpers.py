"""Replays of real play for the tests: a game played through a table by bots, its moves as the
table noted them."""

from __future__ import annotations

from datetime import datetime, UTC
from functools import cache

from cardarcade.replay import Replay, replay_of
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup, Seat
from cardarcade.store.replays import new_replay_id
from cardarcade.table.simulate import bot_seats, play_headless

WHEN = datetime(2026, 11, 29, 10, 45, tzinfo=UTC)


@cache
def played(game_id: str, seed: int = 3, names: tuple[str, ...] = ()) -> tuple[Replay, str]:
    """A game of easy bots played to its end at a table, as a replay (seat 0 named a person, or
    ``names``), and the final state it reached (JSON)."""
    spec = GAMES[game_id]
    levels = ["easy"] * spec.default_players
    _, table = play_headless(spec, levels, seed=seed)
    seats = list(bot_seats(levels))
    seats[0] = Seat("You", profile="ada")
    for i, name in enumerate(names):
        seats[i] = Seat(name, seats[i].kind, seats[i].level, seats[i].profile)
    setup = GameSetup(spec, tuple(seats), table.game.options, seed)
    replay = replay_of(new_replay_id(game_id, WHEN), setup, table.game, tuple(table.moves.moves), 60.0, WHEN)
    return replay, table.game.to_json()


class AtOnce:
    """A thinker that answers in the call (a test's; a table's never does)."""

    def think(self, work, args, done):
        done(work(*args))
        return self

    def cancel(self) -> None:
        pass
