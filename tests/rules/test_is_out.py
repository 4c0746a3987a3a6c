"""Games that leave a player out say so (``Game.is_out``): the screen then lets a person who is
out have the bots finish fast."""

from __future__ import annotations

import random

import pytest

from cardarcade.rules import GAMES


def first_out(game_id: str, players: int, seed: int) -> tuple[int | None, object]:
    """Play at random; the first seat seen out (with the game it happened in), if any."""
    game = GAMES[game_id].new(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        out = [seat for seat in range(players) if game.is_out(seat)]
        if out:
            return out[0], game
        seat = rng.choice(game.actors())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return None, game


@pytest.mark.parametrize(
    "game_id, players",
    [
        ("war", 3),
        ("slapjack", 3),
        ("egyptian-ratscrew", 3),
        ("snap", 3),
        ("animals", 3),
        ("cuckoo", 6),
        ("go-fish", 4),
        ("authors", 4),
    ],
)
def test_a_player_left_without_a_part_is_out(game_id, players):
    for seed in range(30):
        seat, game = first_out(game_id, players, seed)
        if seat is not None:
            break
    assert seat is not None, f"nobody was ever out in 30 games of {game_id}"
    assert seat not in game.actors() and not game.legal_actions(seat)


def test_nobody_is_out_once_the_game_is_over():
    game = GAMES["slapjack"].new(2, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        seat = rng.choice(game.actors())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert not any(game.is_out(seat) for seat in range(2))
