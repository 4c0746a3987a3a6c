"""The screens a player opens over a game: the pause menu is made once a game and shown again as
it is, with what it shows brought up to date, and goes with its game; the whole log opens at its end."""

from __future__ import annotations

import re
from time import monotonic

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.pause import HistoryScreen, PauseScreen
from cardarcade.ui.screens.rules import RulesScreen

from test_play_surfaces import app_with, press_at
from textual.widgets import OptionList, Static
from ui_helpers import frames_drawn, screen_text, wait_for


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


async def test_a_dialog_shown_again_over_the_table_is_one_frame_to_open_and_one_to_close(app_factory):
    """Kept, the rules, the log and the pause menu are drawn once as they open again, and the
    table once as they close: no second layout of either, no table laid out again under them."""
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        for key in ("f1", "f2", "escape"):  # (each made and shown once)
            await pilot.press(key)
            await pilot.pause(0.05)
            await pilot.press("escape")
            await pilot.pause(0.05)
        for key, kind in (("f1", RulesScreen), ("f2", HistoryScreen), ("escape", PauseScreen)):
            with frames_drawn(app) as frames:
                await pilot.press(key)
                await pilot.pause(0.1)
            assert isinstance(app.screen, kind) and frames == [kind.__name__], frames
            with frames_drawn(app) as frames:
                await pilot.press("escape")
                await pilot.pause(0.1)
            assert app.screen is game and frames == [type(game).__name__], frames


async def test_a_held_down_dialog_key_stops_as_it_is_let_go_and_the_next_key_is_answered(app_factory):
    """f1, then escape, held down for three seconds each (autorepeat, thirty a second): the
    screens change no later than a moment after the key is let go (nothing piled up behind it),
    and a key pressed after that is answered at once."""
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        changes: list[float] = []
        app.screen_change_signal.subscribe(app, lambda _screen: changes.append(monotonic()))
        for key in ("f1", "escape"):
            start = monotonic()
            for number in range(90):
                await press_at(pilot, key, start + number / 30)
            let_go = monotonic()
            await pilot.pause(1.0)
            assert changes and all(at < let_go + 0.25 for at in changes), [round(at - let_go, 2) for at in changes]
            while app.screen is not game:  # (back to the table, wherever the hold left it)
                await pilot.press("escape")
                await pilot.pause(0.1)
        await pilot.pause(1.0)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_a_games_choice_dialog_is_kept_asks_each_question_afresh_and_goes_with_the_game(app_factory):
    from cardarcade.ui.games.turn import ChoiceScreen

    app = app_factory(GameSetup.solo(GAMES["go-fish"], 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        await pilot.press("enter")  # a card: whom to ask for twos
        await pilot.pause()
        first = app.screen
        assert isinstance(first, ChoiceScreen)
        await pilot.press("down", "escape")  # moved to Bot 2, then backed out
        await pilot.pause()
        await pilot.press("right", "enter")  # the next rank in hand: whom to ask for fours
        await pilot.pause()
        assert app.screen is first  # the same dialog, not made again...
        choices = first.query_one("#choices", OptionList)
        asked = [str(choices.get_option_at_index(n).prompt) for n in range(choices.option_count)]
        assert str(first.query_one(".dialog-title", Static).content) == "Ask whom for fours?"
        assert asked == ["2. Ask Bot 1 for fours", "3. Ask Bot 2 for fours"]  # ...asking the new question
        assert choices.highlighted == 0 and app.focused is choices  # from the top, as a new one would
        await pilot.press("3")  # Bot 2, by the number the table shows for them
        await pilot.pause(0.2)
        assert app.screen is not first and any("Bot 2" in line.plain and "four" in line.plain for line in game.history)

        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#restart").press()  # a new deal: the kept dialogs go with the old game
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not game)
        await wait_for(pilot, lambda: not first.is_attached, what=lambda: str(app.screen_stack))
        assert not app.is_screen_installed(first)


async def test_the_hot_seat_cover_is_kept_for_the_game_and_comes_up_again_as_new():
    from cardarcade.ui.games.turn import CoverScreen

    app = app_with(GameSetup.solo(GAMES["schnapsen"], 2, seed=1, humans=2), result_guard=0.8)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.player == "Player 1")
        cover = app.screen
        made_at = monotonic() + 1.0
        await press_at(pilot, "enter", made_at)  # Player 1 sits down
        await wait_for(pilot, lambda: not isinstance(app.screen, CoverScreen))
        await press_at(pilot, "enter", made_at + 0.3)  # and plays a card: Player 2's turn
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.player == "Player 2")
        assert app.screen is cover  # the same cover, not made again...
        text = screen_text(app)
        assert "Pass to Player 2" in text and "Player 1 plays the" in text  # ...telling the new news
        await press_at(pilot, "enter", made_at + 0.6)  # Player 1's press, in the rhythm of play
        await pilot.pause()
        assert app.screen is cover, "Player 2's hand was shown to Player 1"
