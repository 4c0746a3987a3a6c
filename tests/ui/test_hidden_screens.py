"""A screen wholly hidden under a game keeps none of its drawn lines (on a server, the menu and
the lobby under every game were a tenth of a session's memory), and draws itself the same when
it shows again."""

from __future__ import annotations

from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.games.war import WarScreen
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.pause import PauseScreen
from cardarcade.ui.textual_compat import drawn_lines_kept, rendered_strips
from ui_helpers import wait_for


def lines_kept(screen) -> int:
    return sum(drawn_lines_kept(widget) for widget in screen.walk_children(with_self=True))


def shown(app: ArcadeApp) -> list[str]:
    return [strip.text for strip in rendered_strips(app.screen)]


async def test_the_menu_lets_go_of_its_lines_under_a_game_and_draws_the_same_after():
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert lines_kept(menu) > 0
        await pilot.press("enter")  # War's set-up
        await pilot.press("f5")
        await wait_for(pilot, lambda: isinstance(app.screen, WarScreen))
        game = app.screen
        await pilot.pause()
        assert lines_kept(menu) == 0
        await pilot.press("escape")  # the pause menu shows the game under it: the game keeps its lines
        await wait_for(pilot, lambda: isinstance(app.screen, PauseScreen))
        await pilot.pause()
        assert lines_kept(game) > 0
        app.leave_game()
        await wait_for(pilot, lambda: app.screen is menu)
        await pilot.pause()
        assert lines_kept(menu) > 0
        drawn_again = shown(app)
        assert "Pick a game" in "".join(drawn_again)
        for widget in menu.walk_children(with_self=True):  # every line drawn afresh: the same
            widget.refresh()
        await pilot.pause()
        assert shown(app) == drawn_again


async def test_the_menu_keeps_its_lines_under_a_short_visit_to_the_statistics():
    # (the way back from statistics or settings is drawn from what the menu kept, at once)
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        await pilot.press("s")
        await wait_for(pilot, lambda: app.screen is not menu)
        await pilot.pause()
        assert app.screen.styles.background.a == 1  # (opaque: the menu is wholly hidden)
        assert lines_kept(menu) > 0
