"""Starting the app cheaply must not change how it looks: the first theme, set before any CSS
is parsed and with rules shared between apps, gives what setting ``App.theme`` would."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardarcade.ui.app as app_module
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.textual_compat import notifications, stylesheet_variables
from ui_helpers import wait_for

LIGHT = """
name = "daylight"
title = "Daylight"
dark = false
[colors]
primary = "#1a4d8f"
background = "#f4f1e8"
[cards]
felt = "#e8e4d8"
face = "#ffffff"
back = "#1a4d8f"
back_pattern = "#ffffff"
edge = "#333333"
ink = "#111111"
highlight = "#b8860b"
red = "#c8102e"
black = "#111111"
"""


class OrdinaryThemeApp(ArcadeApp):
    """The app as it would be had it set its first theme the ordinary way."""

    CSS_PATH = str(Path(app_module.__file__).parent / ArcadeApp.CSS_PATH)  # relative to this file otherwise

    def _first_theme(self, name: str) -> None:
        self.theme = name


async def looks(app_class: type[ArcadeApp], theme_dirs, theme: str | None) -> tuple[str, set[str], dict]:
    app = app_class(settings=UISettings(countdown=0), theme_dirs=theme_dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        if theme is not None:
            app.looks.use(theme)
        await pilot.pause()
        return app.export_screenshot(), set(app.classes), dict(stylesheet_variables(app.stylesheet))


@pytest.mark.parametrize("theme", [None, "daylight", "felt"])
async def test_the_first_frame_looks_as_if_the_theme_had_been_set_the_ordinary_way(tmp_path, theme):
    (tmp_path / "daylight.toml").write_text(LIGHT)
    dirs = [tmp_path]
    if theme is None:  # the default theme only
        dirs = []
    for _ in range(2):  # the second app takes the rules the first one parsed
        assert await looks(ArcadeApp, dirs, theme) == await looks(OrdinaryThemeApp, dirs, theme)


async def test_a_theme_changed_in_one_app_leaves_the_next_apps_look_as_it_was():
    # On a server each session is an app of one process. One player pressing t cleared the rules
    # every app shares, and the next screen that player opened (a game's set-up) refilled them
    # with the new theme's colours: every session started after showed the default theme's name
    # in another theme's colours.
    before = await looks(ArcadeApp, [], None)
    app = ArcadeApp(settings=UISettings(countdown=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert app.theme != "cardarcade-felt"
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
    assert await looks(ArcadeApp, [], None) == before


async def test_theme_text_with_markup_characters_is_shown_as_it_is(tmp_path, toasts_stay):
    (tmp_path / "odd.toml").write_text(
        LIGHT.replace('name = "daylight"', 'name = "odd"').replace('title = "Daylight"', 'title = "[/] [bold]odd"')
    )
    (tmp_path / "bad.toml").write_text(LIGHT.replace('felt = "#e8e4d8"', 'felt = "[/]"'))
    app = ArcadeApp(settings=UISettings(countdown=0), theme_dirs=[tmp_path])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        messages = [n.message for n in notifications(app)]
        assert any("cards.felt: expected a colour like '#1a2b3c', got '[/]'" in m for m in messages)
        while app.looks.card_theme.name != "odd":
            await pilot.press("t")
        await wait_for(pilot, lambda: "Theme: [/] [bold]odd" in [n.message for n in notifications(app)])
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "[/] [bold]odd" in toasts  # shown as it is, not read as markup
