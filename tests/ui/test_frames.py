"""What a terminal shows after frames of changes (``ui/frames.py``: only the lines that changed are
rendered and written) is what the whole screen is: the table's cards, words and colours, through a
key storm, a resize, a new theme and a hot-seat hand-over.

The app writes its frames to a terminal screen (pyte) as a real terminal would take them; after
each stretch of play that screen, cell by cell (character, foreground, background), is compared
with the screen Textual renders whole."""

from __future__ import annotations

import pyte
from rich.color import ColorSystem
from textual.drivers.headless_driver import HeadlessDriver

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.turn import CoverScreen
from cardarcade.ui.textual_compat import driver_of, rendered_strips, set_colour_system
from ui_helpers import burst, make_clocked_app, advance_until, wait_for

SIZE = (80, 24)


class Terminal:
    """A terminal screen fed every byte the app writes."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.screen)
        self.frames = 0

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)

    def cells(self) -> list[list[tuple[str, str, str]]]:
        buffer, width = self.screen.buffer, self.screen.columns
        return [[_cell(buffer[y][x]) for x in range(width)] for y in range(self.screen.lines)]


def _cell(char) -> tuple[str, str, str]:
    fg, bg = char.fg, char.bg
    if char.reverse:
        fg, bg = bg, fg
    return (char.data, fg, bg)


def on_terminal(app) -> Terminal:
    """Make the test's headless driver write each frame, as terminal codes, to a terminal screen."""
    terminal = Terminal(*SIZE)
    driver = driver_of(app)

    class ToTerminal(HeadlessDriver):
        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            terminal.frames += 1
            terminal.stream.feed(data)

    driver.__class__ = ToTerminal
    set_colour_system(app.console, ColorSystem.TRUECOLOR)  # (a test's console has 16 colours)
    return terminal


async def listening(app, pilot) -> Terminal:
    """A terminal fed the app's frames from now on, the screen drawn to it once whole."""
    terminal = on_terminal(app)
    await pilot.pause()
    app.screen.refresh()  # (everything drawn once more, to the terminal now listening)
    return terminal


def whole(app) -> list[list[tuple[str, str, str]]]:
    """The screen on top rendered whole, cell by cell, as the terminal should show it."""
    rows = []
    for strip in rendered_strips(app.screen):
        row = []
        for segment in strip:
            style = segment.style
            fg = _colour(style.color) if style is not None else "default"
            bg = _colour(style.bgcolor) if style is not None else "default"
            if style is not None and style.reverse:
                fg, bg = bg, fg
            row += [(char, fg, bg) for char in segment.text]
        rows.append(row)
    return rows


def _colour(colour) -> str:
    if colour is None or colour.is_default:
        return "default"
    return colour.get_truecolor().hex[1:]


async def same_as_whole(pilot, terminal: Terminal) -> None:
    """Once the app has drawn what it has to, the terminal shows the screen as a whole frame would."""
    app = pilot.app
    await pilot.pause()
    await pilot.pause()
    shown, expected = terminal.cells(), whole(app)
    for y, (row, want) in enumerate(zip(shown, expected)):
        assert row == want, f"line {y}: {''.join(c[0] for c in row)!r} is not {''.join(c[0] for c in want)!r}"


def war_app():
    setup = GameSetup.solo(GAMES["war"], 2, seed=7, humans=1)
    return make_clocked_app(setup, pace=0.2)


async def test_a_key_storm_during_war_turns_leaves_the_table_showing_the_right_cards():
    app = war_app()
    async with app.run_test(size=SIZE) as pilot:
        terminal = await listening(app, pilot)
        screen = app.screen
        for _ in range(6):
            rounds = screen.game.view(None).rounds
            await burst(pilot, *(["enter"] * 12))  # held down: most come while the bot has not turned
            await advance_until(pilot, lambda: screen.game.view(None).rounds > rounds or screen.game.is_over)
            await same_as_whole(pilot, terminal)
        assert terminal.frames > 6
        assert screen.game.view(None).rounds >= 6


async def test_a_resize_in_the_middle_of_a_game_is_drawn_right_at_both_sizes():
    app = war_app()
    async with app.run_test(size=SIZE) as pilot:
        terminal = await listening(app, pilot)
        screen = app.screen
        for size in ((100, 30), SIZE):
            terminal.resize(*size)
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda: screen.size == size)
            for _ in range(3):
                rounds = screen.game.view(None).rounds
                await pilot.press("enter")
                await advance_until(pilot, lambda: screen.game.view(None).rounds > rounds)
                await same_as_whole(pilot, terminal)


async def test_a_new_theme_in_the_middle_of_a_game_recolours_every_cell_then_turns_draw_right():
    app = war_app()
    async with app.run_test(size=SIZE) as pilot:
        terminal = await listening(app, pilot)
        screen = app.screen
        await pilot.press("enter")
        await advance_until(pilot, lambda: screen.game.view(None).rounds >= 1)
        before = terminal.cells()
        app.theme = "cardarcade-high-contrast"
        await wait_for(pilot, lambda: terminal.cells() != before)
        await same_as_whole(pilot, terminal)
        for _ in range(3):
            rounds = screen.game.view(None).rounds
            await pilot.press("enter")
            await advance_until(pilot, lambda: screen.game.view(None).rounds > rounds)
            await same_as_whole(pilot, terminal)


async def test_hot_seat_hand_overs_show_the_cover_whole_and_then_only_the_next_persons_hand():
    setup = GameSetup.solo(GAMES["go-fish"], 3, seed=3, humans=2)
    app = make_clocked_app(setup)
    async with app.run_test(size=SIZE) as pilot:
        terminal = await listening(app, pilot)
        covers = 0
        for _ in range(12):
            await advance_until(pilot, lambda: isinstance(app.screen, CoverScreen) or app.screen.actor is not None)
            await same_as_whole(pilot, terminal)
            if isinstance(app.screen, CoverScreen):
                covers += 1
                hidden = "\n".join("".join(c[0] for c in row) for row in terminal.cells())
                assert "Ask for" not in hidden  # (the table under the cover shows no hand's prompt)
                await pilot.press("enter")
                continue
            await pilot.press("enter")  # ask for the rank under the cursor...
            await pilot.pause()
            await same_as_whole(pilot, terminal)
            await pilot.press("enter")  # ...of the player the choice offers first
            await pilot.pause()
        assert covers >= 2


async def test_the_hot_seat_cover_lifts_in_one_frame_that_shows_the_next_persons_hand():
    # The hand was drawn under the lifted cover in a frame of its own, one frame after the table
    # came back: the answer to enter ended there.
    setup = GameSetup.solo(GAMES["go-fish"], 3, seed=3, humans=2)
    app = make_clocked_app(setup)
    async with app.run_test(size=SIZE) as pilot:
        terminal = on_terminal(app)
        lifted = 0
        for _ in range(12):
            await advance_until(pilot, lambda: isinstance(app.screen, CoverScreen) or app.screen.actor is not None)
            if not (isinstance(app.screen, CoverScreen) and app.screen.player is not None):
                await pilot.press("enter", "enter")  # (a rank, then whom to ask)
                await pilot.pause()
                continue
            await pilot.pause(0.05)
            before = terminal.frames
            await pilot.press("enter")
            await pilot.pause(0.1)
            shown = "\n".join("".join(c[0] for c in row) for row in terminal.cells())
            assert "Ask for" in shown and terminal.frames - before == 1
            await same_as_whole(pilot, terminal)
            lifted += 1
        assert lifted >= 2


async def test_back_from_a_set_up_the_terminal_shows_the_menu_again(app_factory):
    # A screen drawn whole as it first came, and drawn no more since, is still drawn whole when it
    # comes back on top (only the moment it first shows is spared a second whole frame).
    from cardarcade.ui.screens.menu import MenuScreen
    from cardarcade.ui.screens.setup import SetupScreen

    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        terminal = on_terminal(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await same_as_whole(pilot, terminal)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await same_as_whole(pilot, terminal)


async def test_a_war_round_against_a_bot_is_one_frame_with_both_cards_and_the_take():
    # The bot turns with the person (bots/war.py): no frame of its own saying it is ready first.
    app = war_app()
    async with app.run_test(size=SIZE) as pilot:
        terminal = await listening(app, pilot)
        await pilot.pause()
        screen = app.screen
        for _ in range(8):
            before, step = terminal.frames, (screen.game.s.rounds, screen.game.s.war_depth)
            app.clock.advance(2.0)  # ten times the bot's pace: it waits for the person all the same
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            assert (screen.game.s.rounds, screen.game.s.war_depth) != step
            shown = "\n".join("".join(c[0] for c in row) for row in terminal.cells())
            assert terminal.frames - before == 1 and "ready" not in shown, shown
            await same_as_whole(pilot, terminal)
