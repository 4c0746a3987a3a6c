"""The settings screen: what is saved is written and played by at once; a bad value is named and
nothing is saved; a broken settings file is announced and replaced only on saving; other
profiles survive a save."""

from __future__ import annotations

import tomllib

from ui_helpers import screen_text

from cardarcade.ui.app import ArcadeApp
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.settings import SettingsScreen


def shown(app: ArcadeApp) -> str:
    return " ".join(screen_text(app).split())


async def open_settings(app: ArcadeApp, pilot) -> None:
    app.push_screen(SettingsScreen())
    await pilot.pause()


async def type_into(pilot, field: str, text: str) -> None:
    """Replace what a text field holds, as a player would: go to it, clear it, type."""
    pilot.app.screen.query_one(f"#{field}").focus()
    await pilot.press("home", "ctrl+k", *text)


async def test_saving_theme_pace_and_glyphs_writes_the_file_and_plays_by_them_at_once() -> None:
    app = ArcadeApp(player="ada")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        second_theme = app.looks.order[1]
        await pilot.press("enter", "down", "enter")  # the theme list has the focus first
        await type_into(pilot, "pace", "0.5")
        app.screen.query_one("#glyphs").focus()
        await pilot.press("enter", "up", "enter")  # from "as the theme decides" to "letters"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert (app.settings.pace, app.ascii_glyphs, app.looks.card_theme.name) == (0.5, True, second_theme)
        assert "S H" in screen_text(app)  # the menu's banner in letters already
    saved = tomllib.loads(app.store.settings_file.path.read_text())
    assert saved == {"theme": second_theme, "pace": 0.5, "glyphs": "letters"}


async def test_a_bad_value_is_named_with_its_limits_and_nothing_is_saved() -> None:
    app = ArcadeApp(player="ada")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        for field, text, message in [
            ("pace", "9", "Pace must be at most 5.0"),
            ("pace", "fast", "Pace: input should be a valid number"),
            ("pace", "", "Pace needs a value (0.1 to 5.0)"),
            ("countdown", "2.5", "Countdown must be a whole number"),
            ("hard_bot_seconds", "0", "Hard bots' thinking time must be at least 0.1"),
        ]:
            await type_into(pilot, field, text)
            await pilot.press("enter")
            assert isinstance(app.screen, SettingsScreen)
            assert message in shown(app) and "Nothing was saved." in shown(app)
            await type_into(pilot, field, "1")
        assert not app.store.settings_file.path.exists()
        assert app.preferences.user_settings.pace == 0.8


async def test_a_broken_settings_file_is_announced_and_kept_aside_when_saving(tmp_path) -> None:
    app = ArcadeApp(player="ada")
    path = app.store.settings_file.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('pace = "very slow\n')
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        assert "using the default settings" in shown(app) and "settings.toml.broken" in shown(app)
        assert path.read_text() == 'pace = "very slow\n'  # opening the screen changes nothing
        await type_into(pilot, "countdown", "5")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.countdown == 5 and app.preferences.warning is None
    assert tomllib.loads(path.read_text()) == {"countdown": 5}
    assert path.with_name("settings.toml.broken").read_text() == 'pace = "very slow\n'


async def test_a_setting_the_file_cannot_use_is_named_and_saving_keeps_every_other_one() -> None:
    app = ArcadeApp()
    path = app.store.settings_file.path
    path.parent.mkdir(parents=True, exist_ok=True)
    text = 'profile = "bob"\npace = 99\ncountdown = 2\n[profiles.bob.bot_levels]\nsnap = "hard"\n'
    path.write_text(text)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_settings(app, pilot)
        assert "Pace must be at most 5.0" in shown(app) and "settings.toml.broken" in shown(app)
        assert app.player == "bob" and app.screen.query_one("#countdown").value == "2"
        await type_into(pilot, "hard_bot_seconds", "2")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.preferences.warning is None
    assert tomllib.loads(path.read_text()) == {
        "profile": "bob",
        "countdown": 2,
        "hard_bot_seconds": 2.0,
        "profiles": {"bob": {"bot_levels": {"snap": "hard"}}},
    }
    assert path.with_name("settings.toml.broken").read_text() == text


async def test_saving_settings_keeps_what_another_window_saved_meanwhile() -> None:
    # A saved pace 2.5, then B (open since before) saved a countdown of 7: the pace was gone.
    window_a, window_b = ArcadeApp(player="ada"), ArcadeApp(player="ada")
    async with window_b.run_test(size=(80, 24)) as pilot_b:
        await open_settings(window_b, pilot_b)
        async with window_a.run_test(size=(80, 24)) as pilot_a:
            await open_settings(window_a, pilot_a)
            await type_into(pilot_a, "pace", "2.5")
            await pilot_a.press("ctrl+s")
            await pilot_a.pause()
            await window_a.store_writer.settled()
        await type_into(pilot_b, "countdown", "7")
        await pilot_b.press("ctrl+s")
        await pilot_b.pause()
        assert isinstance(window_b.screen, MenuScreen)
        await window_b.store_writer.settled()  # (written in the store's thread: on a busy machine, later)
    assert tomllib.loads(window_b.store.settings_file.path.read_text()) == {"pace": 2.5, "countdown": 7}


async def test_the_theme_and_glyphs_chosen_by_keys_on_the_menu_are_remembered() -> None:
    app = ArcadeApp(player="ada")
    path = app.store.settings_file.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("countdown = 1\n")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t", "t", "g")
        await pilot.pause()
        theme, letters = app.looks.card_theme.name, app.ascii_glyphs
        assert app.store_writer.finish()
        assert tomllib.loads(path.read_text()) == {
            "countdown": 1,
            "theme": theme,
            "glyphs": "letters" if letters else "symbols",
        }
    again = ArcadeApp(player="ada")
    assert (again.looks.card_theme.name, again.ascii_glyphs) == (theme, letters)  # the next start, from the first frame


async def test_a_player_with_a_look_of_their_own_keeps_the_key_chosen_theme_in_their_profile() -> None:
    app = ArcadeApp(player="ada")
    path = app.store.settings_file.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('theme = "felt"\n[profiles.ada]\npace = 0.5\n')
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        theme = app.looks.card_theme.name
        assert app.store_writer.finish()
    assert tomllib.loads(path.read_text()) == {"theme": "felt", "profiles": {"ada": {"pace": 0.5, "theme": theme}}}


async def test_escape_with_changes_warns_once_then_leaves_without_saving() -> None:
    app = ArcadeApp(player="ada")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        await type_into(pilot, "pace", "2")
        await pilot.press("escape")
        assert isinstance(app.screen, SettingsScreen) and "Not saved." in shown(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        assert app.settings.pace == 0.8 and not app.store.settings_file.path.exists()
        await open_settings(app, pilot)
        await pilot.press("escape")  # nothing changed: straight back
        assert isinstance(app.screen, MenuScreen)


async def test_profile_only_preferences_go_to_the_profile_and_other_profiles_are_kept() -> None:
    app = ArcadeApp(player="ada")
    path = app.store.settings_file.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'countdown = 2\n[profiles.bob]\npace = 3.0\n[profiles.bob.bot_levels]\nsnap = "hard"\n'
        "[profiles.ada]\npace = 0.4\n"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        assert app.screen.query_one("#pace").value == "0.4"  # what ada plays by: her own pace
        assert app.screen.query_one("#profile-only").value is True
        await type_into(pilot, "pace", "0.6")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.pace == 0.6
    saved = tomllib.loads(path.read_text())
    assert saved == {
        "countdown": 2,
        "profiles": {"bob": {"pace": 3.0, "bot_levels": {"snap": "hard"}}, "ada": {"pace": 0.6}},
    }


def test_snapshot_of_the_settings_screen(snap_compare, monkeypatch) -> None:
    monkeypatch.setenv("LOGNAME", "ada")  # the login name shown as the profile's placeholder
    app = ArcadeApp(player="ada")

    async def open_screen(pilot) -> None:
        await open_settings(app, pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_screen)
