"""The seat lines of the games that count points say "1 pt", not "1 pts" (issue 26, item 11)."""

from __future__ import annotations

import re

import pytest
from ui_helpers import screen_text, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup


@pytest.mark.parametrize("game_id, players", [("polignac", 4), ("chicago", 2), ("frogs-in-the-pond", 4)])
async def test_one_point_is_one_pt_on_the_seat_lines(app_factory, game_id, players):
    app = app_factory(GameSetup.solo(GAMES[game_id], players, seed=1, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.game.s.scores = [1] + [2] * (len(screen.game.s.scores) - 1)
        screen.refresh_all()
        await wait_for(
            pilot, lambda: re.search(r"\b1 pt\b", screen_text(app)) is not None, what=lambda: screen_text(app)
        )
        text = screen_text(app)
        assert not re.search(r"(?<!\d)1 pts\b", text) and re.search(r"\b2 pts\b", text), text
