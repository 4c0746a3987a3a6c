"""Every game's bots finish a game at every level the catalog offers: one seeded game for each
game in the catalog (each has its bots in the registry) and each of its levels, the level in
the first seat and easy bots in the others, on virtual time with a fixed amount of thinking, so
every run plays the same games. Each search a bot hands the table must be able to travel to the
worker process a live table runs it in. A new game is covered without touching this file."""

from __future__ import annotations

import pickle

import pytest

from cardarcade.bots import levels_for
from cardarcade.catalog import CATALOG
from cardarcade.rules import GAMES
from cardarcade.table.simulate import play_headless
from cardarcade.table.thinking import InlineThinker

# House rules for the games played here: shorter games where the default is long (the question
# is whether a game ends, not who wins a long one), and rules the default leaves untried.
OPTIONS = {
    "bura": {"max_hands": 1},
    "cash": {"partners": "chosen", "partner": 3},
    "chicago": {"target": 10},
    "dig": {"max_turns": 60},
    "egyptian-ratscrew": {"sandwiches": True, "sequences": True, "jokers": 2, "max_flips": 600},
    "frogs-in-the-pond": {"target": 10},
    "knock-poker": {"max_rounds": 3},
    "machiavelli": {"hand_size": 5},
    "polignac": {"target": 1},
    "schnapsen": {"target": 1},
    "spoons": {"letters": 2},
    "toepen": {"chips": 1},
}


def players_for(game_id: str) -> int:
    return max(2, GAMES[game_id].min_players)


CASES = [(game_id, level) for game_id in CATALOG for level in levels_for(GAMES[game_id], players_for(game_id))]


@pytest.fixture
def searches_sent_to_a_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Headless play thinks inline: each search is pickled first, as a live table's would be."""
    think = InlineThinker.think

    def pickled(self, work, args, done):
        work, args = pickle.loads(pickle.dumps((work, args)))
        return think(self, work, args, done)

    monkeypatch.setattr(InlineThinker, "think", pickled)


@pytest.mark.parametrize(("game_id", "level"), CASES)
@pytest.mark.usefixtures("searches_sent_to_a_worker")
def test_a_bot_of_every_level_finishes_a_game(game_id: str, level: str) -> None:
    players = players_for(game_id)
    result, table = play_headless(
        GAMES[game_id], [level] + ["easy"] * (players - 1), seed=1, options=OPTIONS.get(game_id)
    )
    assert result is not None and table.game.is_over
