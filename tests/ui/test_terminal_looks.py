"""What a terminal's type decides (issue 26.24): colours for a '-mono' terminal, and the
characters drawn for a Linux console's font. Each session's own, from the TERM it gives."""

from __future__ import annotations

from cardarcade.cards import cards
from cardarcade.themes import MONOCHROME, load_themes
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.terminal import for_console
from cardarcade.ui.widgets.cards import Slot, render_row
from ui_helpers import screen_text

CP437 = set(bytes(range(32, 256)).decode("cp437")) | set("☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼")


def app_for(term: str) -> ArcadeApp:
    return ArcadeApp(settings=UISettings(pace=1000.0, countdown=0), environ={"TERM": term, "LANG": "C.UTF-8"})


async def test_a_mono_terminal_gets_no_colour_and_the_monochrome_cards():
    for term, colourless in (("xterm-mono", True), ("vt100-m", True), ("xterm-256color", False), ("linux", False)):
        app = app_for(term)
        app.looks.fit_colours_to_terminal()  # (as run_async does; run_test keeps a test's colours)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.looks.monochrome is colourless, term
            assert (app.palette is MONOCHROME.palette) is colourless, term


async def test_a_linux_console_is_drawn_in_what_its_font_holds():
    app = app_for("linux")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.console_glyphs
        drawn = for_console(screen_text(app))
        assert not set(drawn) - CP437 - {"\n"}, set(drawn) - CP437  # the menu, as the console is sent it
    assert not app_for("xterm-256color").console_glyphs


def test_cards_for_a_console_keep_their_shape_in_its_characters():
    palette = load_themes()[0]["felt"].palette
    row = render_row([Slot(c) for c in cards("10h As")] + [Slot(None, back=True), Slot()], palette).plain
    console = for_console(row)
    assert not set(console) - CP437 - {"\n"}, set(console) - CP437
    assert [len(line) for line in console.split("\n")] == [len(line) for line in row.split("\n")]
    assert console.split("\n")[0].startswith("┌─────┐") and "│10   │" in console and "▒▒▒▒▒" in console


async def test_suit_letters_in_a_game_change_the_suits_and_nothing_else(app_factory):
    from cardarcade.rules import GAMES
    from cardarcade.seating import GameSetup

    app = app_factory(GameSetup.solo(GAMES["go-fish"], 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_toggle_glyphs()  # (g on the menu, --ascii, the settings)
        app.screen.refresh_all()
        await pilot.pause()
        hand = app.screen.query_one("#hand").region
        rows = screen_text(app).split("\n")[hand.y : hand.bottom]
        assert app.ascii_glyphs and not [c for c in "♠♥♦♣" if c in "".join(rows)]
        assert rows[0].strip().startswith("╭") and "▲" in rows[-1]  # the cards and the cursor as they were
        stock = screen_text(app)
        assert "▚▚▚▚▚" in stock and "#####" not in stock  # the stock's back too
