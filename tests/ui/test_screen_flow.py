"""Screens change once per cause: keys typed faster than the app draws, and timers firing under
a dialog, never close a screen they were not meant for (issue 9, item 1)."""

from __future__ import annotations

import asyncio

import pytest

from cardarcade.rules import GAMES
from cardarcade.rules.base import Result
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.games.cuckoo import CuckooScreen
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.pause import PauseScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.screens.rules import RulesScreen
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.games.turn import ChoiceScreen
from cardarcade.ui.games.war import WarScreen
from ui_helpers import burst, deck_starting, wait_for


def cuckoo() -> GameSetup:
    return GameSetup.solo(GAMES["cuckoo"], 6, seed=1, deck=deck_starting("4s 9h 7c Jd 5s 8d"), level="medium")


async def test_a_double_enter_in_a_choice_answers_it_once_and_keeps_the_game(app_factory):
    app = app_factory(cuckoo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CuckooScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, ChoiceScreen)
        await burst(pilot, "enter", "enter")
        assert app.screen is screen
        assert screen.game.s.actions == 1  # one move: the first choice, standing


async def test_typing_1212_in_a_choice_makes_one_move_and_the_app_runs_on(app_factory):
    app = app_factory(cuckoo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")
        await burst(pilot, "1", "2", "1", "2")
        assert app.is_running and app.screen is screen
        assert screen.game.s.actions == 1


def war_setup() -> GameSetup:
    return GameSetup.solo(GAMES["war"], 2, seed=1)


async def test_the_result_waits_until_the_player_closes_the_menu_they_opened(app_factory):
    app = app_factory(war_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("escape")
        pause = app.screen
        assert isinstance(pause, PauseScreen)
        screen.game.s.result = Result(winners=[0], reason="test")
        screen._show_result()  # the result timer fires while the menu is open
        await pilot.pause()
        assert app.screen is pause
        await pilot.press("f1")  # the rules over the menu, then back
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert app.screen is pause
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "ResultScreen"]
        await pilot.press("enter")  # play again: one new game, nothing of the old one left
        await wait_for(pilot, lambda: isinstance(app.screen, WarScreen))
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "WarScreen"]


async def test_two_queued_presses_of_start_deal_one_game(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the first game of the menu: its setup
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.action_start()  # two clicks on Start, both queued before the first is handled
        first = app.screen
        setup.action_start()
        await pilot.pause()
        assert isinstance(first, GameScreen) and app.screen is first
        assert len(app.screen_stack) == 2


@pytest.mark.parametrize("game_id", ["egyptian-ratscrew", "animals"])
async def test_quitting_while_bots_play_flat_out_raises_nothing(game_id):
    # Bots move every half millisecond, so their timers keep firing while Textual takes the
    # game screen's widgets down: each must find the table stopped, not the widgets gone.
    errors = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context["message"]))
    for seed in range(3):
        setup = GameSetup.solo(GAMES[game_id], 4, humans=0, level="expert", seed=seed)
        app = ArcadeApp(start=setup, settings=UISettings(pace=0.0005, countdown=0, result_delay=5))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.05 * seed)
            app.exit()
        await asyncio.sleep(0.02)
    assert errors == []


async def test_a_choice_answered_before_it_is_drawn_closes_once_it_is_up(app_factory):
    app = app_factory(cuckoo())

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            choice = ChoiceScreen("Your move", ["Stand", "Change"])
            app.push_screen(choice, lambda index: None)
            assert not choice.is_mounted
            choice.dismiss(0)  # the answer was in the same read as the key that opened it
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.press("escape")  # and the app still answers
            assert isinstance(app.screen, PauseScreen)

    # A deadline, not a timing goal: before the fix the app deadlocked here for ever.
    await asyncio.wait_for(play(), timeout=60)


async def test_play_again_queued_twice_starts_one_game(app_factory):
    app = app_factory(war_setup())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.game.s.result = Result(winners=[0], reason="test")
        screen._show_result()
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        result = app.screen
        result.action_again()  # enter twice, both queued before the first is handled
        first = app.screen
        result.action_again()
        await pilot.pause()
        assert isinstance(first, WarScreen) and app.screen is first
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "WarScreen"]
