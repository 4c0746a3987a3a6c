"""Dig's hard bot plays each move on to the end in deals of the unseen cards: it finds the move
that wins where a rule of thumb throws the game away, and the medium bot plays to what the
opponent was last seen to lack."""

from __future__ import annotations

import random

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.rules._shedding import Move, stacked_deck
from cardarcade.rules.base import Action

C = Card.parse
MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=0.5)


def position(mine: str, theirs: str, upcard: str):
    """Seat 0 to play holding ``mine``, seat 1 holding ``theirs``; every other card in the stock."""
    game = GAMES["dig"].new(2, seed=0, deck=stacked_deck([mine, theirs], upcard))
    for seat, codes in enumerate((mine, theirs)):
        keep = [C(c) for c in codes.split()]
        game.s.stock += [c for c in game.s.hands[seat] if c not in keep]
        game.s.hands[seat] = keep
    return game


def decide(game, level: str, seed: int = 0) -> Action:
    """What a bot of ``level`` plays here, a search worked out at once (as under simulate)."""
    plans = make_bot("dig", 0, level, random.Random(seed)).plans(game.view(0), MOMENT)
    (plan,) = plans
    return plan.work(*plan.args) if isinstance(plan, Thinking) else plan.action


def test_hard_keeps_its_eight_to_go_out_on_whatever_comes():
    # An eight and the 9 of clubs on the 7 of clubs, the opponent two cards from going out. The
    # 9 now leaves the eight, which fits anything, to go out next turn: a sure win. Playing the
    # eight first (the old rule of thumb: the opponent is close, stop it following) leaves the
    # 9 to fit whatever the opponent plays.
    game = position("8d 9c", "4h 5s", "7c")
    for seed in range(3):
        assert decide(game, "hard", seed) == Action("play", (C("9c"),))


def test_medium_plays_to_what_the_opponent_last_dug_for():
    # Seat 1 had to dig on the 10 of hearts: it held no heart, no 10, no eight. Medium gives it
    # hearts again (the 4) rather than its longest suit (the 5 of spades, also fitting the 5).
    game = position("4h 5s 6s 7s", "3d 4d 5d 6d", "5h")
    game.s.history = [Move(seat=1, kind="dig", upcard=C("10h"), turn=0)]
    assert decide(game, "medium") == Action("play", (C("4h"),))
