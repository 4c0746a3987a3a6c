"""Counts read as English: '1 line', '1 frog' (not '1 lines', '1 frogs')."""

from __future__ import annotations

from rich.text import Text
from ui_helpers import screen_text, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.frogs_in_the_pond import FrogsScreen
from cardarcade.ui.screens.pause import HistoryScreen


async def test_a_log_of_one_line_says_one_line(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HistoryScreen("War", [Text("You turn up 7♠")]))
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await pilot.pause()
        assert "the whole log (1 line)" in screen_text(app)


async def test_a_pond_of_one_frog_says_one_frog(app_factory):
    app = app_factory(GameSetup.solo(GAMES["frogs-in-the-pond"], 4, seed=1, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, FrogsScreen)
        del screen.game.s.pond[1:]  # the last frog
        screen.refresh_all()
        await pilot.pause()
        text = screen_text(app)
        assert "pond: 1 frog" in text and "1 frogs" not in text
