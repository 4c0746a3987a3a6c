"""A bot's move in a test, through its plans as a table asks for them (imported as
``from bot_moves import bot_move``)."""

from __future__ import annotations

import random

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.rules.base import Action, Game


def bot_move(game_id: str, game: Game, level: str, moment: Moment, seed: int = 0) -> Action:
    """The move a bot of ``level`` makes for the seat to act: its one plan, at the table's pace, or
    the work it hands the table (a search: its fixed work unless ``moment`` gives thinking time),
    done here. Either way a legal move."""
    seat = game.actors()[0]
    (plan,) = make_bot(game_id, seat, level, random.Random(seed)).plans(game.view(seat), moment)
    if isinstance(plan, Thinking):
        assert game.is_legal(seat, plan.fallback)
        action = plan.work(*plan.args)
    else:
        assert plan.at > moment.now
        action = plan.action
    assert game.is_legal(seat, action)
    return action
