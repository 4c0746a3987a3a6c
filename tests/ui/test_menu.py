"""The main menu: every listed game, the summary that follows the cursor, and opening a game."""

from __future__ import annotations

from cardarcade.catalog import CATALOG
from cardarcade.ui.screens.menu import GameList, MenuScreen
from cardarcade.ui.screens.rules import RulesScreen
from cardarcade.ui.screens.setup import SetupScreen
from ui_helpers import screen_text, wait_for


async def test_the_menu_lists_every_game_and_the_summary_follows_the_cursor(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        text = screen_text(app)
        assert "War — Turn cards together; high card takes them" in text
        assert app.screen.query_one(GameList).ids == list(CATALOG)  # more than fit: the list scrolls ...
        assert f"{len(CATALOG)} games" in text  # ... and the banner says how many there are
        await pilot.press("end")
        last = list(CATALOG.values())[-1]
        assert last.title in screen_text(app) and f"{last.title} — " in screen_text(app)
        await pilot.press("home")
        await pilot.press("down", "down")
        assert "Snap — Turn cards onto your own pile" in screen_text(app)
        await pilot.press("up")
        text = screen_text(app)
        assert "Slapjack — Turn cards onto one pile" in text and "Snap — " not in text


async def test_enter_opens_the_game_under_the_cursor_and_r_its_rules(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "r")
        assert isinstance(app.screen, RulesScreen) and app.screen.spec.id == list(CATALOG)[-1]
        await pilot.press("escape", "up", "enter")
        assert isinstance(app.screen, SetupScreen) and app.screen.spec.id == list(CATALOG)[-2]


async def test_the_banner_follows_the_suit_glyphs(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        assert "♠ ♥  cardarcade  ♦ ♣" in screen_text(app)
        await pilot.press("g")  # suit letters, as for a terminal without UTF-8
        text = screen_text(app)
        assert "S H  cardarcade  D C" in text and "♠" not in text


async def test_escape_on_the_menu_asks_before_quitting(app_factory):
    """An escape too many (a held key leaving a game) must not end the arcade."""
    from cardarcade.ui.screens.pause import ConfirmScreen

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Quit cardarcade?" in screen_text(app)
        await pilot.press("escape")  # no
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.is_running
        await pilot.press("escape", "y")
        await pilot.pause()
        assert not app.is_running


async def test_a_wide_terminal_shows_the_summary_beside_the_whole_list(app_factory):
    app = app_factory()
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        rows = screen_text(app).split("\n")
        war = next(r for r in rows if r.startswith(" War "))
        assert "War — Turn cards together" in war and war.index("War — ") > 60  # beside the list, not under it
        assert all(any(r.startswith(f" {info.title} ") for r in rows) for info in CATALOG.values())


async def test_the_key_bar_offers_g_for_suit_letters_within_80_columns(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = screen_text(app).split("\n")[-1]
        assert " g Suits" in bar and bar.rstrip().endswith("Quit")  # every key whole, none cut
        await pilot.press("g")
        assert app.ascii_glyphs and "S H  cardarcade  D C" in screen_text(app)


async def test_a_key_while_the_menu_imports_its_screens_ahead_is_answered_before_they_are_in(
    app_factory, tmp_path, monkeypatch
):
    # The imports ahead begin a moment after the menu is left alone; on the loop they held it a
    # tenth of a second or more, and a key pressed then waited for them all.
    import sys

    from cardarcade.ui.screens import menu

    (tmp_path / "slow_to_import.py").write_text("import time\n\ntime.sleep(1.5)\nDONE = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(menu, "IMPORTED_AHEAD", ("slow_to_import",))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "slow_to_import" in sys.modules)  # (there as its import begins)
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.query_one(GameList).highlighted == list(CATALOG)[1]
        assert not hasattr(sys.modules["slow_to_import"], "DONE")  # answered while it was still importing
        await wait_for(pilot, lambda: hasattr(sys.modules.get("slow_to_import"), "DONE"))
    sys.modules.pop("slow_to_import", None)


def test_a_set_up_for_one_person_opens_without_loading_the_tables_screens():
    # The table's screens (and the table under them) are the biggest import a set-up could make;
    # a set-up asked them only for the note to people sharing a keyboard, and one person shares it
    # with nobody. (A fresh process: in this one they are loaded already.)
    import subprocess
    import sys

    probe = (
        "import asyncio, sys\n"
        "from cardarcade.ui.screens import menu\n"
        "menu.IMPORTED_AHEAD = ()\n"
        "from cardarcade.ui.app import ArcadeApp\n"
        "async def main():\n"
        "    app = ArcadeApp()\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.press('enter')\n"
        "        for _ in range(200):\n"
        "            if type(app.screen).__name__ == 'SetupScreen': break\n"
        "            await pilot.pause(0.02)\n"
        "        await pilot.pause()\n"
        "        return type(app.screen).__name__, len(app.screen.query('Button'))\n"
        "print(asyncio.run(main()), 'cardarcade.ui.games.game' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    shown, buttons, table_loaded = out.strip().splitlines()[-1].rsplit(" ", 2)
    assert (shown, table_loaded) == ("('SetupScreen',", "False") and int(buttons.rstrip(")")) >= 2
