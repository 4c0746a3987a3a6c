"""The screens a player opens over a game: the pause menu is made once a game and shown again as
it is, with what it shows brought up to date, and goes with its game; the whole log opens at its end."""

from __future__ import annotations

import re

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.pause import HistoryScreen, PauseScreen

from ui_helpers import screen_text


def schnapsen():
    return GameSetup.solo(GAMES["schnapsen"], 2, seed=1)


async def test_the_pause_menu_is_kept_and_shows_the_game_as_it_is_now(app_factory):
    app = app_factory(schnapsen(), pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        await pilot.press("escape")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, PauseScreen) and app.focused is first.query_one("#resume")
        await pilot.press("down", "down")  # to "The whole log", then closed without choosing
        await pilot.pause()
        assert app.focused is first.query_one("#history")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
        lines = len(game.history)
        await pilot.press("enter")  # a card played: the log has a new line
        await pilot.pause(0.3)
        assert len(game.history) > lines
        news = game.history[-1].plain

        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is first  # the same menu, not made again
        assert app.focused is first.query_one("#resume")  # opened on Resume, as a new one would be
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert news in screen_text(app)  # the log as it is now, not as it was when the menu was made
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is game


async def test_the_kept_pause_menu_goes_with_its_game(app_factory):
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        await pilot.press("escape")
        await pilot.pause()
        pause = app.screen
        assert isinstance(pause, PauseScreen) and app.is_screen_installed(pause)
        pause.query_one("#restart").press()  # a new deal: a new game, with a menu of its own
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen is not game
        assert not app.is_screen_installed(pause) and not pause.is_attached
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen) and app.screen is not pause


async def test_the_whole_log_opens_at_its_newest_line(app_factory):
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        for number in range(60):
            game.add_log(f"line number {number}")
        await pilot.press("f2")
        await pilot.pause()
        scroll = app.screen.query_one("#history-scroll")
        assert scroll.scroll_y == scroll.max_scroll_y > 0
        shown = screen_text(app)
        assert "line number 59" in shown and not re.search(r"line number 0\b", shown)
