"""A screen wholly hidden under a game keeps none of its drawn lines (on a server, the menu and
the lobby under every game were a tenth of a session's memory), and draws itself the same when
it shows again; under a game, the menu and the lobby keep none of their widgets, and come back as
they were left."""

from __future__ import annotations

import asyncio
import gc
import weakref

from textual import events
from textual.widgets import Input
from textual.widgets._toast import ToastRack

from cardarcade.server.lobby import Lobby
from cardarcade.table.clock import LoopClock
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.games.war import WarScreen
from cardarcade.ui.screens.lobby import LobbyScreen
from cardarcade.ui.screens.menu import GameList, MenuScreen, Summary
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
        assert alive(menu)  # (and its widgets)


def alive(screen) -> list:
    """The widgets ``screen`` holds (its own aside)."""
    return list(screen.walk_children())


async def start_a_game_from_the_menu(pilot) -> None:
    await pilot.press("enter")  # the set-up of the game under the cursor
    await pilot.press("f5")
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "is_table", False))
    await pilot.pause()


async def test_the_menu_lets_go_of_its_widgets_under_a_game_and_comes_back_on_the_game_played():
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        await pilot.press("down")  # the second game
        played = menu.query_one(GameList).highlighted
        summary = weakref.ref(menu.query_one(Summary))
        await start_a_game_from_the_menu(pilot)
        assert alive(menu) == []
        gc.collect()
        assert summary() is None  # let go, not only taken off the screen
        app.leave_game()
        await wait_for(pilot, lambda: app.screen is menu)
        await pilot.pause()
        games = menu.query_one(GameList)
        assert games.highlighted == played
        assert menu.focused is games
        assert menu.query_one(Summary).game_id == played
        assert "Pick a game" in "".join(shown(app))
        await pilot.press("down")  # the list answers as before
        assert games.cursor == 2


async def test_the_lobby_lets_go_of_its_widgets_under_a_game_and_comes_back_as_it_was_left():
    app = ArcadeApp(
        settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None), player="ada", lobby=Lobby(LoopClock())
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        lobby.query_one("#lobby-say", Input).value = "half a line"
        await pilot.press("m")  # the menu, over the lobby
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        assert alive(lobby)  # under the menu alone it is kept: going back to it costs nothing
        await start_a_game_from_the_menu(pilot)
        assert alive(lobby) == []
        lobby.say("Said while you played.")  # (as a seat taken over from another session is told)
        app.leave_game()
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("escape")  # back to the lobby
        await wait_for(pilot, lambda: app.screen is lobby)
        await pilot.pause()
        assert lobby.query_one("#lobby-say", Input).value == "half a line"
        assert lobby.focused is lobby.query_one("#lobby-tables")
        text = "".join(shown(app))
        assert "Said while you played." in text and "you are ada" in text


async def test_the_menu_hidden_again_while_it_is_being_made_again_comes_back_on_the_game_played():
    # (a key storm once started a game while the menu was being remade: noting its cursor then
    # found no list, and the arcade stopped)
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        await pilot.press("down", "down")
        played = menu.query_one(GameList).highlighted
        menu.let_go_of_widgets()
        await pilot.pause()
        assert alive(menu) == []
        remaking = asyncio.ensure_future(menu.make_widgets_again())
        await asyncio.sleep(0)  # (under way: the old widgets gone, the new ones not yet there)
        menu.let_go_of_widgets()
        await remaking
        await pilot.pause()
        assert menu.widgets_let_go
        await menu.make_widgets_again()
        await pilot.pause()
        assert menu.query_one(GameList).highlighted == played


async def test_the_menu_shown_again_before_its_widgets_went_keeps_them_and_its_cursor():
    # (a game left at once, keys typed ahead: the menu came back on top before it had let go of
    # its widgets, and then let go of them on top, so that the next look for its list failed)
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        await pilot.press("down", "down")
        played = menu.query_one(GameList).highlighted
        menu.post_message(events.ScreenResume())  # (shown again, queued first...)
        menu.let_go_of_widgets()  # (...then told to let go, as a game's screen was drawn)
        await pilot.pause()
        await pilot.pause()
        assert not menu.widgets_let_go
        assert menu.query_one(GameList).highlighted == played
        await pilot.press("down")
        assert menu.query_one(GameList).highlighted != played


async def test_under_a_game_the_menu_keeps_not_even_textuals_own_widgets_and_shows_notes_after():
    # (on a server each screen has Textual's rack of notifications: a widget with its task, queue
    # and styles, for a screen nobody sees)
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        menu = app.screen
        assert any(isinstance(widget, ToastRack) for widget in menu.children)
        await start_a_game_from_the_menu(pilot)
        await pilot.pause()
        assert list(menu.children) == []
        app.notify("Saved while you played.")
        app.leave_game()
        await wait_for(pilot, lambda: app.screen is menu)
        await wait_for(pilot, lambda: "Saved while you played." in "".join(shown(app)))
        assert len([widget for widget in menu.children if isinstance(widget, ToastRack)]) == 1


def test_no_screen_gets_a_tooltip_widget():
    # (nothing here has a tooltip; Textual gives every screen a widget to show one)
    assert ArcadeApp(settings=UISettings())._disable_tooltips


async def test_the_set_up_let_go_for_a_game_leaves_no_widget_of_its_form_alive():
    # (Textual's text area watches the app's theme, and that watch kept the rulings' notes area
    # of every set-up alive for the session)
    from textual.widgets import TextArea

    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the set-up, with its notes area
        await wait_for(pilot, lambda: bool(app.screen.query(TextArea)))
        await pilot.press("f5")
        await wait_for(pilot, lambda: getattr(app.screen, "is_table", False))
        for _ in range(3):
            await pilot.pause()
        gc.collect()
        assert [area for area in gc.get_objects() if isinstance(area, TextArea)] == []
