"""The set-up's first opening: drawn whole once, its form laid out with its scrollbar from the first
layout where it cannot fit, and the engine of the game under the menu's cursor imported ahead."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll

from cardarcade.ui.screens import menu
from cardarcade.ui.screens.menu import GameList
from cardarcade.ui.textual_compat import draws_whole
from ui_helpers import frames_drawn


def form_frame(form: str):
    """A frame as: its screen's name, whether it is the whole screen, and how wide the rows of
    ``form`` were laid out for it (a column less with the scrollbar)."""

    def describe(screen) -> tuple[str, bool, int]:
        rows = screen.query(f"{form} > .field")
        return (type(screen).__name__, draws_whole(screen), rows.first().size.width if rows else 0)

    return describe


@pytest.mark.parametrize(
    ("key", "screen", "form"), [("enter", "SetupScreen", "#setup-form"), ("o", "SettingsScreen", "#settings-form")]
)
async def test_a_form_opened_the_first_time_is_drawn_whole_once_with_its_scrollbar(app_factory, key, screen, form):
    """At 80x24 the set-up's and the settings' forms are taller than their boxes: the first frame
    is laid out with the scrollbar, and nothing is drawn after it (the set-up was laid out and
    drawn whole three times: without the scrollbar, with it, and once more as its last widgets
    finished mounting; and its book line again as the form's fields settled)."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        with frames_drawn(app, form_frame(form)) as frames:
            await pilot.press(key)
            await pilot.pause(0.2)
            await pilot.pause()
        assert type(app.screen).__name__ == screen
        box = app.screen.query_one(form, VerticalScroll)
        assert box.show_vertical_scrollbar and box.max_scroll_y > 0  # (the guess was right: it does not fit)
        width = box.query_one(".field").size.width
        drawn = [frame for frame in frames if frame[0] == screen]
        assert drawn == [(screen, True, width)], frames  # (nothing drawn again a moment later)


async def test_a_form_that_fits_a_tall_terminal_has_no_scrollbar(app_factory):
    """Where the form is sure to need no scrollbar, or may not, Textual decides as it always did."""
    app = app_factory()
    async with app.run_test(size=(80, 70)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause(0.2)
        form = app.screen.query_one("#setup-form", VerticalScroll)
        assert form.max_scroll_y == 0
        assert not form.show_vertical_scrollbar


async def test_the_menu_imports_the_engine_of_the_game_its_cursor_rests_on(app_factory, monkeypatch):
    """Resting on a game, the menu imports its engine in the imports' thread (the first set-up of
    War spent 15 ms building its house rules' models); moving on and resting again, that game's."""
    asked: list[tuple[str, ...]] = []

    def imported(names: tuple[str, ...], parse_ahead) -> None:
        asked.append(names)
        menu._importing_ahead.release()

    monkeypatch.setattr(menu, "_imported_ahead", imported)
    monkeypatch.setattr(menu, "_not_imported", lambda names: names)  # (in a test, all are imported)
    monkeypatch.setattr(menu, "IMPORT_AHEAD_IDLE", 0.05)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        games = app.screen.query_one(GameList)
        first = games.highlighted
        assert asked and asked[-1][-1].endswith(f".{menu.CATALOG[first].module}")
        await pilot.press("down", "down")
        await pilot.pause(0.3)
        now = games.highlighted
        assert now != first and asked[-1][-1].endswith(f".{menu.CATALOG[now].module}")
        assert all(name in asked[-1] for name in menu.IMPORTED_AHEAD)


async def test_the_forms_css_parsed_ahead_is_what_opening_them_parses(app_factory):
    """The menu parses the forms' widgets' default CSS ahead, in its imports' thread: the same
    rules, under the same keys, as the set-up and the settings parse as they open (so that they
    parse none of it themselves)."""
    from textual.css.stylesheet import Stylesheet

    from cardarcade.ui.shared_styles import _VARIABLE_TOKENS
    from cardarcade.ui.textual_compat import parsed_default_css, stylesheet_variables

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        variables = stylesheet_variables(app.stylesheet)
        ahead = parsed_default_css(variables, _VARIABLE_TOKENS[tuple(sorted(variables.items()))], menu._styled_ahead())
        for key in ("enter", "escape", "o"):
            await pilot.press(key)
            await pilot.pause(0.2)
        own = Stylesheet(variables=variables)  # (Textual's own parse of the sources as they are now)
        needed = {
            (source.content, where, True, source.tie_breaker, source.scope): own._parse_rules(
                source.content, where, True, source.tie_breaker, source.scope
            )
            for where, source in app.stylesheet.source.items()
            if source.is_defaults and where[1].split(".")[0] in {cls.__name__ for cls in menu._styled_ahead()}
        }
        assert needed and set(needed) <= set(ahead)
        for key, rules in needed.items():
            assert [rule.css for rule in ahead[key]] == [rule.css for rule in rules], key[1]
