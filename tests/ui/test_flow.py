"""Moving around a game: the whole log, the pause menu's keys, the result screen, playing again."""

from __future__ import annotations

import re

import pytest

from rich.text import Text
from textual.containers import VerticalScroll

from cardarcade.rules.base import Result
from cardarcade.seating import GameSetup, Seat
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.pause import HistoryScreen, PauseScreen
from cardarcade.ui.screens.result import ResultScreen, headline
from ui_helpers import screen_text, wait_for


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


# ---- the result screen


async def show_result(app, pilot, setup: GameSetup, result: Result, final=None) -> str:
    game = setup.new_game()
    game.s.result = result
    app.push_screen(ResultScreen(setup, game, {}, final))
    await pilot.pause()
    return screen_text(app)


def rows(text: str, names: list[str]) -> list[str]:
    """The standings' rows, top to bottom, as 'name score'."""
    pattern = re.compile(rf"^\s*({'|'.join(map(re.escape, names))})\s+(\d+)\b")
    return [" ".join(m.groups()) for line in text.splitlines() if (m := pattern.match(line))]


def test_the_headline_says_you_only_to_the_person_who_won(war):
    setup = GameSetup(war, (Seat("ada", profile="ada"), Seat("Bot 1", "bot", "easy")), war.Options(), 1)
    game = setup.new_game()
    game.s.result = Result(winners=[0], reason="{seat} wins")
    assert headline(setup, game) == headline(setup, game, people=[0]) == "You win!"
    assert headline(setup, game, people=[]) == "ada wins"  # someone watching ada's shared table
    game.s.result = Result(winners=[1], reason="{seat} wins")
    assert headline(setup, game) == "Bot 1 wins"


def test_partners_who_win_together_are_told_so_not_that_it_was_a_draw():
    from cardarcade.rules import GAMES

    frogs = GAMES["frogs-in-the-pond"]
    seats = (
        Seat("ada", profile="ada"),
        Seat("Bot 1", "bot", "easy"),
        Seat("Bot 2", "bot", "easy"),
        Seat("Bot 3", "bot", "easy"),
    )
    setup = GameSetup(frogs, seats, frogs.Options(), 1)
    game = setup.new_game()
    game.s.result = Result(winners=[0, 2], reason="partners", sides=[0, 1, 0, 1])
    assert headline(setup, game) == "You and Bot 2 win!"
    game.s.result = Result(winners=[1, 3], reason="partners", sides=[0, 1, 0, 1])
    assert headline(setup, game) == "Bot 1 and Bot 3 win"
    game.s.result = Result(winners=[0, 1, 2, 3], reason="level", sides=[0, 1, 0, 1])
    assert headline(setup, game) == "A draw"


async def test_the_result_lists_the_games_ranking_with_its_own_scores(war, app_factory):
    app = app_factory()
    setup = GameSetup.solo(war, 3, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        # A winner holding far more cards than any count the table shows, listed first.
        text = await show_result(
            app,
            pilot,
            setup,
            Result(winners=[2], ranking=[2, 0, 1], scores=[9, 0, 43], score_name="cards", reason="{seat} wins"),
        )
        assert "Cards" in text
        assert rows(text, setup.names) == ["Bot 2 43", "You 9", "Bot 1 0"]


async def test_a_result_where_fewer_is_better_says_so_and_ranks_by_it(war, app_factory):
    app = app_factory()
    setup = GameSetup.solo(war, 3, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await show_result(
            app,
            pilot,
            setup,
            Result(winners=[1], scores=[4, 0, 7], score_name="cards left", low_wins=True, reason="{seat} wins"),
        )
        assert "Cards left (lower is better)" in text
        assert rows(text, setup.names) == ["Bot 1 0", "You 4", "Bot 2 7"]


async def test_the_result_shows_what_the_game_screen_adds_and_q_goes_to_the_menu(war, app_factory):
    app = app_factory()
    setup = GameSetup.solo(war, 2, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await show_result(
            app, pilot, setup, Result(winners=[0], reason="{seat} wins"), final=Text("Bot 1 showed A♠ K♠")
        )
        assert "Bot 1 showed A♠ K♠" in text
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.is_running


# ---- keys shown


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_a_hot_seat_footer_shows_no_solo_keys(slapjack, app_factory):
    app = app_factory(GameSetup.solo(slapjack, 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Slap" in footer(app)  # solo: space slaps
    app = app_factory(GameSetup.solo(slapjack, 2, seed=1, humans=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Slap" not in footer(app) and "Turn card" not in footer(app)
        assert "Menu" in footer(app)


# ---- the setup screen


async def open_setup(app, pilot, spec):
    from cardarcade.ui.screens.setup import SetupScreen

    app.push_screen(SetupScreen(spec))
    await pilot.pause()
    return app.screen


async def test_the_setup_screen_shows_its_keys_and_what_each_house_rule_does(app_factory):
    from cardarcade.rules import GAMES

    spec = GAMES["egyptian-ratscrew"]
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, spec)
        assert "Start" in footer(app) and "esc" in footer(app)
        helps = [str(w.render()) for w in screen.query(".field-help")]
        for name, info in spec.Options.model_fields.items():
            if info.description:
                assert any(info.description[:30] in text for text in helps), name
        switch = screen.query_one("#opt-sandwiches")
        words = screen.query_one("#opt-sandwiches-words")
        before = str(words.render())
        assert before.startswith("off" if not switch.value else "on")
        switch.toggle()
        await pilot.pause()
        assert str(words.render()).startswith("on" if switch.value else "off") and str(words.render()) != before


async def test_a_newcomer_plays_adaptive_bots_and_the_setup_remembers_the_last_choices(slapjack, app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, slapjack)
        assert screen.query_one("#seat-0").value == "human" and screen.query_one("#seat-1").value == "bot:adaptive"
        screen.query_one("#seat-1").value = "bot:easy"
        screen.query_one("#players").value = 3
        screen.query_one("#seat-2").value = "bot:hard"
        screen.query_one("#opt-slap_in").value = not slapjack.Options().slap_in
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        await pilot.pause()
        screen = await open_setup(app, pilot, slapjack)
        assert screen.query_one("#players").value == 3
        assert [screen.query_one(f"#seat-{s}").value for s in range(3)] == ["human", "bot:easy", "bot:hard"]
        assert screen.query_one("#seat-row-2").display
        assert screen.query_one("#opt-slap_in").value == (not slapjack.Options().slap_in)


# ---- playing again


def test_playing_again_passes_the_deal_to_the_left_and_keys_stay_with_their_person(slapjack):
    from cardarcade.ui.keymaps import FLIP, Keys

    setup = GameSetup.solo(slapjack, 3, seed=1, humans=2)
    assert setup.names == ["Player 1", "Player 2", "Bot 1"]
    again = setup.again()
    # Player 1 sat left of the dealer and played first; now they deal (the last seat).
    assert again.names == ["Player 2", "Bot 1", "Player 1"] and again.seed == 2
    assert again.again().names == ["Bot 1", "Player 1", "Player 2"]
    keys = Keys(FLIP).keymap(again.human_seats)
    assert keys.lookup("w") == (2, "flip") and keys.lookup("o") == (0, "flip")  # Player 1 keeps the left half
    assert setup.redeal().names == setup.names


async def test_play_again_from_the_result_seats_the_next_dealer(war, app_factory):
    app = app_factory()
    setup = GameSetup.solo(war, 3, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await show_result(app, pilot, setup, Result(winners=[0], reason="{seat} wins"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.names == ["Bot 1", "Bot 2", "You"] and app.screen.viewer == 2


async def test_adaptive_bots_say_how_they_tuned_and_the_next_game_starts_them_there(slapjack, app_factory):
    app = app_factory(GameSetup.solo(slapjack, 2, level="adaptive", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.adaptive.median = 0.62  # as if tuned to a slow player during the game
        screen.game.s.result = Result(winners=[1], reason="test")
        screen._show_result()
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        assert "stayed at about 620 ms" in screen_text(app)
        await pilot.press("enter")  # play again
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.table.adaptive_median() == pytest.approx(0.62)


@pytest.mark.parametrize(("game_id", "counted_in"), [("speed", True), ("through-the-window", False)])
async def test_a_game_whose_first_card_comes_on_the_tables_own_count_gets_no_second_countdown(
    app_factory, game_id, counted_in
):
    from cardarcade.rules import GAMES

    app = app_factory(GameSetup.solo(GAMES[game_id], seed=2))
    app.settings.countdown = 3
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert ("Get ready" in screen_text(app)) is counted_in
        assert screen.table.started is not counted_in  # the table counts "3, 2, 1" to the first card itself
