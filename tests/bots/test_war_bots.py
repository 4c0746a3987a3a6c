"""War bots: no decisions, only when the card is turned."""

from __future__ import annotations

import random

from cardarcade.bots import Moment, make_bot
from cardarcade.rules import GAMES
from cardarcade.rules.war import FLIP


def test_a_bot_turns_its_card_well_inside_the_tables_pace():
    # Everyone turns at once: a bot that waited a whole pace (0.8 s) each round made a person
    # pressing at a natural rhythm wait for it, 30 presses for 13 rounds.
    game = GAMES["war"].new(2, seed=0)
    for seed in range(20):
        bot = make_bot("war", 1, "medium", random.Random(seed))
        (plan,) = bot.plans(game.view(1), Moment(now=10.0, stimulus_time=10.0, pace=0.8))
        assert plan.action == FLIP and 10.0 < plan.at <= 10.0 + 0.35
