"""The menu's screens are kept once shown (ui/screens/_kept.py), and show again what a fresh one
would: statistics and saves read afresh, a set-up or settings form left changed opens as it always
did, a form for a game started or settings saved is made anew. The set-up form makes a seat's row
when the table grows to it."""

from __future__ import annotations

from records import record_war
from ui_helpers import screen_text, store_settled

from cardarcade.rules import GAMES
from cardarcade.store.saves import SaveStore
from cardarcade.store.stats import Stats
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.saves import ContinueScreen
from cardarcade.ui.screens.settings import SettingsScreen
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.screens.stats import StatsScreen
from textual.widgets import Input

from cardarcade.ui.widgets.dropdown import DropDown

T0 = 1_790_000_000.0


def make_app() -> ArcadeApp:
    return ArcadeApp(settings=UISettings(countdown=0, pace=1000.0), player="ada")


def shown(app: ArcadeApp) -> str:
    return " ".join(screen_text(app).split())


async def back_to_menu(app, pilot, key: str = "escape") -> None:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, MenuScreen)


async def test_statistics_shown_again_count_a_game_finished_meanwhile() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await store_settled(pilot)  # (read off the loop)
        first = app.screen
        assert isinstance(first, StatsScreen)
        assert "No games recorded yet for ada" in shown(app)
        await pilot.press("2")  # the reaction times' view, which a fresh screen does not open on
        await back_to_menu(app, pilot, "q")
        with Stats(app.store.data_dir / "stats.sqlite3", session="s1") as stats:
            record_war(stats, "ada", "won", "easy", at=T0)
        await pilot.press("s")
        await store_settled(pilot)  # (read off the loop)
        assert app.screen is first, "kept, not made again"
        text = shown(app)
        assert "No games recorded" not in text
        assert "War 1 1 0 0" in text
        assert first.tab == "games" and first.focused is first.query_one("#games-scroll")


async def test_saves_shown_again_list_a_game_saved_meanwhile() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await store_settled(pilot)  # (read off the loop)
        first = app.screen
        assert isinstance(first, ContinueScreen)
        assert "None yet" in shown(app)
        await back_to_menu(app, pilot, "q")
        setup = GameSetup.solo(GAMES["war"], seed=3)
        SaveStore(app.store.data_dir / "saves").save("war-1", setup, setup.new_game(), 3.0)
        await pilot.press("c")
        await store_settled(pilot)  # (read off the loop)
        assert app.screen is first
        assert "1 saved game" in shown(app) and "War" in shown(app)


async def test_a_set_up_left_as_it_opened_is_kept_and_one_left_changed_opens_as_always() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # War, the first game
        await pilot.pause()
        first = app.screen
        assert isinstance(first, SetupScreen) and first.spec.id == "war"
        await back_to_menu(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is first, "left as it opened: kept"
        assert first.focused is first.query_one("#start")
        first.query_one("#seed", Input).value = "42"
        first.query_one("#players", DropDown).value = 3
        await pilot.pause()
        await back_to_menu(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, SetupScreen) and again is not first, "left changed: made anew"
        assert again.query_one("#seed", Input).value == ""
        assert again.query_one("#players", DropDown).value == GAMES["war"].default_players
        assert again.focused is again.query_one("#start")
        assert not first.is_attached, "the one left changed is let go"


async def test_a_set_up_started_is_let_go_and_the_next_one_opens_with_its_choices() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, SetupScreen)
        first.query_one("#seed", Input).value = "42"
        first.query_one("#seat-1", DropDown).value = "bot:hard"
        await pilot.press("f5")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        assert not app.is_screen_installed("kept-SetupScreen")
        app.leave_game()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, SetupScreen) and again is not first
        assert again.query_one("#seat-1", DropDown).value == "bot:hard", "the choices last started"


async def test_settings_left_changed_open_as_saved_and_saved_ones_open_with_the_new_values() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, SettingsScreen)
        await back_to_menu(app, pilot)
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is first
        first.query_one("#pace", Input).value = "0.5"
        await pilot.press("escape", "escape")  # the first says it is not saved, the second leaves
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("o")
        await pilot.pause()
        again = app.screen
        assert again is not first and again.query_one("#pace", Input).value == "0.8"
        assert "Not saved" not in shown(app)
        again.query_one("#pace", Input).value = "0.5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is not again and app.screen.query_one("#pace", Input).value == "0.5"


async def test_a_set_up_makes_the_rows_of_more_seats_as_the_table_grows() -> None:
    app = make_app()
    async with app.run_test(size=(80, 40)) as pilot:
        spec = GAMES["thirteen"]
        app.push_screen(SetupScreen(spec))
        await pilot.pause()
        screen = app.screen
        assert len(screen.query(".seat-row")) == spec.default_players  # not one per seat allowed
        screen.query_one("#players", DropDown).value = 6
        await pilot.pause()
        assert len(screen.query(".seat-row")) == 6
        assert [str(screen.query_one(f"#seat-{seat}", DropDown).value) for seat in range(6)] == ["human"] + [
            "bot:easy"
        ] * 5
        assert "Seat 6" in shown(app)
        screen.query_one("#players", DropDown).value = 2
        await pilot.pause()
        assert [row.display for row in screen.query(".seat-row")] == [True, True, False, False, False, False]
        setup = screen.build_setup()
        assert [seat.kind for seat in setup.seats] == ["human", "bot"]


async def test_a_game_started_lets_every_kept_screen_go() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for key, back in (("s", "q"), ("o", "escape"), ("c", "q")):
            await pilot.press(key)
            await pilot.pause()
            await back_to_menu(app, pilot, back)
        kept = [app.get_screen(f"kept-{kind.__name__}") for kind in (StatsScreen, SettingsScreen, ContinueScreen)]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert not isinstance(app.screen, (MenuScreen, SetupScreen))
        await pilot.pause()
        assert not any(screen.is_attached for screen in kept), "a game is long: its session holds no forms"


async def test_a_kept_screen_shown_again_after_a_new_theme_is_in_the_new_theme() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        await pilot.press("s")
        await store_settled(pilot)  # (read off the loop)
        stats = app.screen
        before = stats.styles.background
        await back_to_menu(app, pilot, "q")
        await pilot.press("t")  # the next theme, chosen on the menu while the statistics are kept
        await pilot.pause()
        assert menu.styles.background != before
        await pilot.press("s")
        await store_settled(pilot)  # (read off the loop)
        assert app.screen is stats
        assert stats.styles.background == menu.styles.background
