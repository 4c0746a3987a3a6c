"""Neosho Rapids and Dig bots: legal moves from the view alone at every level, games that end,
and a hard bot that clearly beats an easy one (both seat orders)."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import LEVEL_NAMES, make_bot
from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules._shedding import Move, stacked_deck
from cardarcade.rules.base import Action
from cardarcade.table.simulate import play_headless, simulate

C = Card.parse
GAME_IDS = ("neosho-rapids", "dig")


def bot(game_id: str, level: str, seat: int = 0):
    return make_bot(game_id, seat, level, random.Random(seat))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_moves_legally_from_its_view(game_id: str, level: str):
    spec = GAMES[game_id]
    for seed in range(3):
        game = spec.new(spec.max_players, seed=seed)
        bots = [bot(game_id, level, seat) for seat in range(game.players)]
        for _ in range(300):
            if game.is_over:
                break
            seat = game.actors()[0]
            action = bots[seat].choose(game.view(seat))
            assert action in game.legal_actions(seat), (level, action)
            game.apply(seat, action)


# (Dig's hard searches: its strength is in benchmarks/levels.py and its finds in test_dig_search.py)
@pytest.mark.parametrize("game_id, games, floor", [("neosho-rapids", 20, 0.6)])  # 0.70 on these deals
def test_hard_beats_easy_in_either_seat(game_id: str, games: int, floor: float):
    spec = GAMES[game_id]
    first = simulate(spec, ["hard", "easy"], games, seed=100)
    second = simulate(spec, ["easy", "hard"], games, seed=500)
    share = (first.wins[0] + second.wins[1]) / (2 * games)
    assert share >= floor, (first.wins, second.wins)


def test_neosho_easy_games_end_by_someone_going_out():
    # Easy once stopped its chains at random: hands never shrank and 3 games in 4 ran to the cap.
    spec = GAMES["neosho-rapids"]
    capped = [seed for seed in range(20) if "limit" in play_headless(spec, ["easy", "easy"], seed=seed)[0].reason]
    assert len(capped) <= 2, capped


def _neosho_turn(level: str, seed: int) -> list[str]:
    """What a bot of ``level`` plays on a 5 holding 6 7 and 4 3 2 A K: its first turn."""
    deck = stacked_deck(["6c 7c 4d 3d 2d Ad Kd", "9h 9s 9c 10h 10s 10c Jh"], "5s")
    game = GAMES["neosho-rapids"].new(2, seed=0, deck=deck)
    player = make_bot("neosho-rapids", 0, level, random.Random(seed))
    played = []
    while game.actors() == [0]:
        action = player.choose(game.view(0))
        game.apply(0, action)
        played.append(action.card.code if action.cards else action.kind)
    return played


def test_neosho_hard_plays_the_longest_chain():
    # On a 5: looking one card ahead takes the 6 (it has a 7 after it: 6, 7), hard finds 4, 3, 2, A, K.
    assert _neosho_turn("hard", 0)[:5] == ["4d", "3d", "2d", "Ad", "Kd"]


def test_neosho_medium_spots_the_longest_chain_on_some_turns_only():
    # Looking one card ahead, medium takes the 6 (a 7 follows it) and stops after two cards;
    # on about two turns in five it sees 4, 3, 2, A, K as hard does, and plays it through.
    turns = [_neosho_turn("medium", seed) for seed in range(20)]
    long_ones = [t for t in turns if t[0] == "4d"]
    assert all(t[:5] == ["4d", "3d", "2d", "Ad", "Kd"] for t in long_ones)
    assert all(t[:2] == ["6c", "7c"] for t in turns if t[0] != "4d")
    assert 4 <= len(long_ones) <= 12, len(long_ones)


def test_neosho_hard_ends_where_the_next_player_is_least_likely_to_follow():
    # On a 4: the 3 and the 5 both make a chain of one. Three 2s are already in the discards,
    # so after a 3 only one 2 and three 4s are left to follow it; after a 5, three 4s and four 6s.
    deck = stacked_deck(["3c 5c 9d 9s 10d 10s Jd", "9h 9c 10h 10c Jh Js Jc"], "4s", "2c 2d 2h")
    game = GAMES["neosho-rapids"].new(2, seed=0, deck=deck)
    for _ in range(3):
        game.s.discard.insert(0, game.s.stock.pop())
    assert bot("neosho-rapids", "hard").choose(game.view(0)) == Action("play", (C("3c"),))
    # The other way round: three 6s seen instead, and the 5 becomes the better place to stop.
    game.s.discard[:3] = []
    for code in ("6c", "6d", "6h"):
        game.s.stock.remove(C(code))
        game.s.discard.insert(0, C(code))
    game.s.stock += cards("2c 2d 2h")
    assert bot("neosho-rapids", "hard").choose(game.view(0)) == Action("play", (C("5c"),))


def test_dig_hard_saves_its_eight_while_another_card_fits():
    deck = stacked_deck(["8c 5h 9c 10s Jd Kc 2c", "3d 4d 5d 6d 7d 9d Qd"], "9h")
    game = GAMES["dig"].new(2, seed=0, deck=deck)
    for level in ("medium", "hard"):
        action = bot("dig", level).choose(game.view(0))
        assert action.card != C("8c"), level


@pytest.mark.parametrize("eight_names, expected", [("suit_or_rank", {"h", "10"}), ("suit", {"h"})])
def test_dig_hard_names_what_the_opponent_was_seen_to_lack(eight_names: str, expected: set[str]):
    deck = stacked_deck(["8c 4h 5h 6s 7s", "3d 4d 5d 6d 7d 9d Qd"], "Jc")
    game = GAMES["dig"].new(2, seed=0, deck=deck, options={"eight_names": eight_names})
    # Seat 1 was seen digging on the 10 of hearts: it held no heart, no 10 and no eight.
    game.s.history = [Move(seat=1, kind="dig", upcard=C("10h"), turn=0)]
    for level in ("hard", "expert"):
        action = bot("dig", level).choose(game.view(0))
        assert action.card == C("8c") and action.value in expected, level
    medium = bot("dig", "medium").choose(game.view(0))
    assert medium.value == "h"  # of its two longest suits, medium names the one seat 1 dug for
