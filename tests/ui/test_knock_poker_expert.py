"""Knock Poker's set-up offers expert bots, and a game started with one seats it."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.ui.screens.game import GameScreen
from cardarcade.ui.screens.setup import SetupScreen
from ui_helpers import wait_for

SPEC = GAMES["knock-poker"]


async def test_the_setup_offers_an_expert_bot_and_the_game_seats_it(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(SPEC))
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#seat-1")))
        screen = app.screen
        screen.query_one("#players").value = 2
        await pilot.pause()
        screen.query_one("#seat-1").value = "bot:expert"  # (a level the game does not offer is refused)
        await pilot.pause()
        screen.action_start()
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table is not None)
        assert [(seat.kind, seat.level) for seat in app.screen.table.seats] == [("human", None), ("bot", "expert")]
