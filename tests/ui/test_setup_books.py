"""The setup screen's house-rule books and profiles, as a group at one keyboard uses them."""

from __future__ import annotations

from textual.widgets import Input, Switch, TextArea

from cardarcade.rules import GAMES
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.rules import RulesPage, RulesScreen
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.widgets.dropdown import DropDown
from tests.ui.conftest import make_app

SLAPJACK = GAMES["slapjack"]


async def open_setup(app, pilot):
    app.push_screen(SetupScreen(SLAPJACK))
    await pilot.pause()
    return app.screen


def book_line(screen) -> str:
    return str(screen.query_one("#setup-book").render())


async def test_rules_saved_as_a_book_are_chosen_next_time_and_played_by_name():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#opt-decks", DropDown).value = 2
        screen.query_one("#book-name", Input).value = "Friday night"
        screen.query_one("#book-notes", TextArea).text = "Two hands on a jack at once: the lower hand wins."
        screen.query_one("#book-save").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "in force: Friday night" in book_line(screen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        shown = app.screen.query_one(RulesPage).source  # the whole text, most of it below the fold
        assert "House-rule book: Friday night" in shown and "Packs: two packs" in shown
        assert "Two hands on a jack at once: the lower hand wins\\." in shown
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.setup.book == "Friday night" and app.screen.setup.options.decks == 2

    app = make_app()  # another evening: the book is kept, the form starts from the defaults
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        assert screen.query_one("#opt-decks", DropDown).value == 1 and "none" in book_line(screen)
        screen.query_one("#book", DropDown).value = "Friday night"
        await pilot.pause()
        assert screen.query_one("#opt-decks", DropDown).value == 2
        assert screen.query_one("#book-notes", TextArea).text.startswith("Two hands on a jack")
        assert screen.build_setup().book == "Friday night"
        screen.query_one("#opt-slap_in", Switch).value = False  # the group tries something else tonight
        await pilot.pause()
        assert "changed from Friday night" in book_line(screen)
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen.setup.book is None and app.screen.setup.options.decks == 2
        assert app.store.books.get("slapjack", "Friday night").options.slap_in is True  # the book is as saved


async def test_hot_seat_people_play_as_their_own_profiles():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#players", DropDown).value = 3
        screen.query_one("#seat-1", DropDown).value = "human"
        await pilot.pause()
        assert screen.query_one("#profile-1", Input).placeholder == "Player 2"
        # The names listed are the profiles known here, offered to complete, not the people seated.
        help_line = str(screen.query_one("#profiles-help").render())
        assert "→ completes a known one (" in help_line and "Player 2" not in help_line
        screen.query_one("#profile-0", Input).value = "Ada"
        screen.query_one("#profile-1", Input).value = "ada"
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Seats 1 and 2 both play as 'ada'" in str(screen.query_one("#setup-error").render())
        screen.query_one("#profile-1", Input).value = "Bo"
        await pilot.press("f5")
        await pilot.pause()
        seats = app.screen.setup.seats
        assert [s.name for s in seats] == ["Ada", "Bo", "Bot 1"] and [s.profile for s in seats[:2]] == ["Ada", "Bo"]


async def test_a_solo_player_is_you_and_finds_the_bot_level_they_chose_last_time():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#players", DropDown).value = 2
        screen.query_one("#seat-1", DropDown).value = "bot:easy"
        await pilot.press("f5")
        await pilot.pause()
        seat = app.screen.setup.seats[0]
        assert seat.name == "You" and seat.profile == app.player
    app = make_app()  # another session: the level is in the player's profile
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        assert [screen.query_one(f"#seat-{s}", DropDown).value for s in range(3)] == ["human", "bot:easy", "bot:easy"]


def rows_above_the_form(app, screen) -> str:
    """What the set-up screen shows before its scrolling form: what a player sees before enter."""
    from ui_helpers import screen_text

    return "\n".join(screen_text(app).split("\n")[: screen.query_one("#setup-form").region.y])


async def test_spoons_set_up_shows_pig_and_the_other_house_rules_above_the_fold_and_follows_them():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(GAMES["spoons"]))
        await pilot.pause()
        screen = app.screen
        above = rows_above_the_form(app, screen)
        assert "Pig no" in above and "Spoons far away no" in above
        screen.query_one("#opt-pig", Switch).value = True
        await pilot.pause()
        assert "Pig yes" in rows_above_the_form(app, screen)


async def test_a_long_summary_in_the_set_up_header_is_shown_whole_at_80_columns():
    for game_id in ("animals", "snap", "egyptian-ratscrew", "through-the-window", "spoons"):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(SetupScreen(GAMES[game_id]))
            await pilot.pause()
            above = " ".join(line.strip() for line in rows_above_the_form(app, app.screen).split("\n"))
            assert GAMES[game_id].summary in above, game_id
