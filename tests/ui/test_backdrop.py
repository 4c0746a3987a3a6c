"""A see-through dialog shows the table under it, dimmed, from lines it keeps (``ui/backdrop.py``):
always what Textual's own drawing of it would show, whatever happened under it or to it (the
table changed, the terminal resized, a new theme), and the table right again once it closes."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.backdrop import SeeThrough
from cardarcade.ui.screens.pause import HistoryScreen, PauseScreen
from cardarcade.ui.screens.rules import RulesScreen
from cardarcade.ui.textual_compat import textual_backdrop_lines

from test_play_surfaces import app_with
from ui_helpers import screen_text, wait_for


def schnapsen():
    return GameSetup.solo(GAMES["schnapsen"], 2, seed=1)


def looks(strip: Strip) -> list[tuple[str, object]]:
    """A line as its characters and their styles, however it is cut into segments."""
    return [(segment.text, segment.style) for segment in Segment.simplify(strip) if segment.text]


def backdrop_faults(screen: SeeThrough) -> list[str]:
    """The lines where the dialog's kept backdrop differs from what Textual would draw there now."""
    ours = [screen.render_line(y) for y in range(screen.size.height)]
    textual = textual_backdrop_lines(screen)
    return [
        f"line {y}: {ours[y].text!r} / {textual[y].text!r}"
        for y in range(screen.size.height)
        if looks(ours[y]) != looks(textual[y])
    ]


def backdrop_text(screen: SeeThrough) -> str:
    return "\n".join(screen.render_line(y).text for y in range(screen.size.height))


async def test_each_dialog_over_a_table_shows_it_dimmed_as_textual_draws_it(app_factory):
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        for key, kind in (("f1", RulesScreen), ("f2", HistoryScreen), ("escape", PauseScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            assert "game pts" in backdrop_text(app.screen)  # (the table's seat lines show through)
            assert not backdrop_faults(app.screen), backdrop_faults(app.screen)
            await pilot.press("escape")
            await pilot.pause()


async def test_a_dialog_over_a_dialog_shows_both_dimmed_as_textual_draws_them(app_factory):
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape", "f1")  # the rules from the pause menu
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert not backdrop_faults(app.screen), backdrop_faults(app.screen)


async def test_a_move_made_at_a_live_table_under_a_dialog_shows_through_and_on_the_table_after():
    """A shared table plays on under a dialog (here another person turns cards under the rules
    and the log): the dialog shows each move through it, and the table is right once it closes,
    and right again under a kept dialog shown again after the table moved while it was closed."""
    from cardarcade.rules.base import Action
    from cardarcade.table.clock import LoopClock
    from cardarcade.table.shared import SharedTable
    from cardarcade.ui.games.game import GameScreen
    from cardarcade.ui.screens.lobby import open_game

    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        table = SharedTable(GAMES["war"], 2, 2, "easy", LoopClock(), creator="ada", pace=1000.0)
        seat = table.sit("bob")
        table.deal()
        open_game(app, table, seat)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        await pilot.press("f1")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert "ada is ready" not in backdrop_text(rules)
        table.submit(0, Action("flip"))  # ada turns a card while bob reads the rules
        await wait_for(pilot, lambda: "ada is ready" in backdrop_text(rules))
        assert not backdrop_faults(rules), backdrop_faults(rules)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is game and "ada is ready" in screen_text(app)

        await pilot.press("enter")  # bob turns his: the round is played out on the table
        await wait_for(pilot, lambda: "bob turns up" in screen_text(app))
        await pilot.press("f1")  # the kept rules again, over the table as it is now
        await pilot.pause()
        assert app.screen is rules
        assert "bob turns up" in backdrop_text(rules)
        assert not backdrop_faults(rules), backdrop_faults(rules)


async def test_a_resize_under_a_dialog_shows_the_table_at_the_new_size_and_after(app_factory):
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        await pilot.press("f2")
        await pilot.pause()
        log = app.screen
        await pilot.resize_terminal(100, 30)
        await pilot.pause(0.1)
        await pilot.pause()
        assert log.size == (100, 30)
        assert all(line.cell_length == 100 for line in (log.render_line(y) for y in range(30)))
        assert not backdrop_faults(log), backdrop_faults(log)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is game and len(screen_text(app).splitlines()) == 30


async def test_a_new_theme_under_a_dialog_dims_the_table_in_the_new_theme(app_factory):
    app = app_factory(schnapsen())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        pause = app.screen
        before = [looks(pause.render_line(y)) for y in range(24)]
        await pilot.press("t")  # the pause menu's next theme
        await pilot.pause(0.1)
        await pilot.pause()
        assert [looks(pause.render_line(y)) for y in range(24)] != before
        assert not backdrop_faults(pause), backdrop_faults(pause)
