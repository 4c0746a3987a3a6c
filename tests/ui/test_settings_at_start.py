"""The settings file at start-up: the menu's first frame comes from a plain read of it (no
pydantic yet), the validated file follows at once and wins, and what the player chose since (on
the command line, by a key) is kept."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from ui_helpers import screen_text, wait_for

from cardarcade.store.look import first_look, look_of
from cardarcade.store.settings import Settings
from cardarcade.themes import DEFAULT_THEME
from cardarcade.ui.app import ArcadeApp
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.textual_compat import notifications


def settings_file(text: str) -> Path:
    """Write the settings file where a new app reads it (the tests' temporary home)."""
    path = ArcadeApp().store.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_a_players_settings_file_costs_the_menus_first_frame_no_pydantic():
    # Anyone who ever chose a bot level has a file; validating it at once took a third again of
    # the bare Textual app's start (benchmarks/startup.py: 1.66 times the bare app, 1.18 without).
    settings_file('pace = 0.5\n[profiles.ada.bot_levels]\nsnap = "hard"\n')
    probe = (
        "import sys\nfrom cardarcade.ui.app import ArcadeApp\nArcadeApp(player='ada')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


async def test_the_menu_opens_in_the_players_theme_and_glyphs_and_the_rest_follows_at_once():
    settings_file(
        'countdown = 1\ntheme = "midnight"\n[profiles.ada]\ntheme = "high-contrast"\nglyphs = "letters"\npace = 0.5\n'
    )
    app = ArcadeApp(player="ada")
    assert (app.looks.card_theme.name, app.ascii_glyphs) == ("high-contrast", True), "ada's look, from the first frame"
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.settings.pace == 0.5)  # validated once the menu showed
        assert isinstance(app.screen, MenuScreen) and app.settings.countdown == 1
        assert (app.looks.card_theme.name, app.ascii_glyphs) == ("high-contrast", True)
        assert "S H" in screen_text(app)  # the banner in letters


async def test_a_theme_and_glyphs_chosen_on_the_command_line_beat_the_file():
    settings_file('theme = "high-contrast"\nglyphs = "symbols"\npace = 2.0\n')
    app = ArcadeApp(player="ada")
    app.looks.use("four-colour")  # what `cardarcade --theme four-colour --ascii` does
    app.settings.ascii_glyphs = True
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.settings.pace == 2.0)
        assert (app.looks.card_theme.name, app.ascii_glyphs) == ("four-colour", True)


async def test_a_file_that_cannot_be_read_gives_the_default_look_once_it_is_read_and_is_said():
    settings_file('theme = "high-contrast"\npace = "very slow\n')
    app = ArcadeApp(player="ada")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: app.preferences.warning is not None)
        assert "using the default settings" in app.preferences.warning
        assert app.looks.card_theme.name == DEFAULT_THEME and app.settings.pace == 0.8
        assert any("using the default settings" in n.message for n in notifications(app))


@pytest.mark.parametrize("start", ["menu", "game"])
async def test_one_bad_setting_is_said_on_the_first_screen_and_the_rest_hold(start):
    # pace = 99 beside profile = "alice" threw the whole file away: the terminal played and
    # recorded a won game as the login name, and only the settings screen said anything.
    from cardarcade.rules import GAMES
    from cardarcade.seating import GameSetup

    settings_file('profile = "alice"\npace = 99\ncountdown = 1\ntheme = "high-contrast"\n')
    app = ArcadeApp(start=GameSetup.solo(GAMES["war"], seed=1) if start == "game" else None)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: any("Pace must be at most 5.0" in n.message for n in notifications(app)))
        assert app.player == "alice" and app.settings.countdown == 1 and app.settings.pace == 0.8
        assert app.looks.card_theme.name == "high-contrast"


async def test_an_unknown_theme_in_the_file_is_said_on_the_menu():
    settings_file('theme = "nonesuch"\n')
    app = ArcadeApp(player="ada")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: any("there is no theme 'nonesuch'" in n.message for n in notifications(app)))
        assert app.looks.card_theme.name == DEFAULT_THEME


@pytest.mark.parametrize(
    "text, player",
    [
        ('theme = "midnight"\n', "ada"),
        ('glyphs = "letters"\n[profiles.ada]\ntheme = "felt"\n', "ada"),
        ('profile = "bo"\ntheme = "felt"\n[profiles.bo]\nglyphs = "symbols"\ntheme = "midnight"\n', "bo"),
        ('theme = "four-colour"\n[profiles.ada]\ntheme = ""\n', "ada"),  # an empty theme is no choice
        ('[profiles.someone]\ntheme = "midnight"\n', "ada"),  # someone else's profile
        ("", "ada"),
    ],
)
def test_the_first_look_agrees_with_the_validated_file(tmp_path, text, player):
    path = tmp_path / "settings.toml"
    path.write_text(text)
    validated = Settings.model_validate(tomllib.loads(text))
    session_user = None if "profile =" in text else "ada"  # else the file names the profile
    assert first_look(path, session_user) == look_of(validated.model_dump(), player)


def test_a_file_that_is_not_toml_gives_no_first_look(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("theme = [")
    assert first_look(path, "ada") == (None, None)  # the validating read says why
