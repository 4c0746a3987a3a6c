"""Moving around a game: the whole log, the pause menu's keys, the result screen, playing again."""

from __future__ import annotations

from textual.containers import VerticalScroll

from cardarcade.ui.screens.game import GameScreen
from cardarcade.ui.screens.pause import HistoryScreen, PauseScreen
from cardarcade.ui.setup import GameSetup
from ui_helpers import screen_text


async def test_the_whole_log_opens_on_one_key_scrolls_and_closes(war, app_factory):
    app = app_factory(GameSetup.solo(war, 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for n in range(40):
            screen.add_log(f"event {n}")
        screen.refresh_all()
        await pilot.pause()
        assert "f2" in screen_text(app)  # the key is shown in the footer
        await pilot.press("f2")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert [line.plain for line in history.lines][-40:] == [f"event {n}" for n in range(40)]
        scroll = history.query_one("#history-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y  # newest at the bottom
        assert "event 39" in screen_text(app) and "event 0" not in screen_text(app)
        await pilot.press("pageup", "up")
        await pilot.pause()
        assert scroll.scroll_y < scroll.max_scroll_y
        await pilot.press("escape")
        assert app.screen is screen


async def test_the_pause_menu_moves_with_the_arrows_and_opens_the_log(war, app_factory):
    app = app_factory(GameSetup.solo(war, 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.add_log("event 1")
        await pilot.press("escape")
        pause = app.screen
        assert isinstance(pause, PauseScreen) and pause.focused.id == "resume"
        await pilot.press("down", "down")
        assert pause.focused.id == "history"
        await pilot.press("up")
        assert pause.focused.id == "rules"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen) and "event 1" in screen_text(app)
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, GameScreen)
