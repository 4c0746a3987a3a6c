"""The one-widget drop-down of the set-up form and the settings, attacked as a person would: a
flood of keys, the mouse, a tiny terminal, names full of markup."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static
from ui_helpers import burst, screen_text, wait_for

from cardarcade.rules import GAMES
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.widgets.dropdown import DropDown, DropDownList
from tests.ui.conftest import make_app

MARKUP = "[bold red]x[/]"


async def open_setup(app, pilot, game_id: str) -> SetupScreen:
    app.push_screen(SetupScreen(GAMES[game_id]))
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.shown)
    return app.screen


async def flood(pilot, key: str, count: int) -> None:
    """``count`` presses of ``key`` as a held key sends them, in reads of 14: fewer than the key
    guard's burst (keyguard.py), which on a loaded machine lets go of keys that waited in a longer
    one (a backlog, not typing ahead), and that is not what is attacked here."""
    for start in range(0, count, 14):
        await burst(pilot, *[key] * min(14, count - start))
        await pilot.pause(1.1)


def seats_shown(screen: SetupScreen) -> int:
    return sum(
        1
        for seat in range(GAMES[screen.spec.id].max_players)
        if screen.query(f"#seat-row-{seat}") and screen.query_one(f"#seat-row-{seat}").display
    )


async def test_a_flood_of_arrows_ends_on_the_last_choice_with_a_row_for_every_seat():
    # A held right arrow on Cuckoo's players (6 to 20): each step mounts seat rows; the flood must
    # end on 20 players with 20 rows, and the held left arrow back on 6 with 6 shown.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, "cuckoo")
        players = screen.query_one("#players", DropDown)
        players.focus()
        await pilot.pause()
        await flood(pilot, "right", 42)
        await wait_for(pilot, lambda: players.value == 20 and seats_shown(screen) == 20)
        assert len(screen.build_setup().seats) == 20
        await flood(pilot, "left", 42)
        await wait_for(pilot, lambda: players.value == 6 and seats_shown(screen) == 6)
        assert len(screen.build_setup().seats) == 6 and isinstance(app.screen, SetupScreen)


async def test_keys_typed_ahead_into_the_open_list_choose_and_close_it_once():
    # enter opens, a burst of downs and an enter: the last level is chosen, the list is gone, the
    # focus is back on the seat's box, and the screen did not take the enter as Start.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, "war")
        seat = screen.query_one("#seat-1", DropDown)
        seat.focus()
        await pilot.pause()
        await burst(pilot, "enter", *["down"] * 12, "enter")
        await wait_for(pilot, lambda: not seat.expanded and not screen.query(DropDownList))
        assert seat.value == seat.choices[-1][1]
        assert app.focused is seat and isinstance(app.screen, SetupScreen)
        # Letters typed in the open list jump to a choice holding them; escape closes it unchanged.
        await burst(pilot, "enter", "p", "e", "r")
        await wait_for(pilot, lambda: seat.expanded and screen.query_one(DropDownList).highlighted == 0)
        await burst(pilot, "escape")
        await wait_for(pilot, lambda: not seat.expanded)
        assert seat.value == seat.choices[-1][1] and isinstance(app.screen, SetupScreen), "escape closed only the list"


async def test_the_mouse_opens_chooses_and_closes():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, "war")
        seat = screen.query_one("#seat-1", DropDown)
        assert seat.value.startswith("bot:")
        await pilot.click(seat)
        await wait_for(pilot, lambda: seat.expanded and screen.query(DropDownList))
        listed = screen.query_one(DropDownList)
        assert listed.region.y == seat.region.bottom, "the list opens under the box"
        await pilot.click(listed, offset=(3, 1))  # the first choice: Person
        await wait_for(pilot, lambda: not seat.expanded)
        assert seat.value == "human"
        assert screen.query_one("#profile-1").display, "a person's seat asks for a profile"
        # A click on another field closes the open list and changes nothing.
        await pilot.click(seat)
        await wait_for(pilot, lambda: seat.expanded)
        await pilot.click("#profile-0")
        await wait_for(pilot, lambda: not seat.expanded and not screen.query(DropDownList))
        assert seat.value == "human" and app.focused is screen.query_one("#profile-0")
        # A second click on the box closes what the first opened.
        await pilot.click(seat)
        await wait_for(pilot, lambda: seat.expanded)
        await pilot.click(seat)
        await wait_for(pilot, lambda: not seat.expanded)
        assert seat.value == "human" and not screen.query(DropDownList)


class Tiny(App):
    def compose(self) -> ComposeResult:
        yield Static("a choice:")
        yield DropDown([(f"choice number {n} with a long, long label", n) for n in range(20)], value=3, id="dd")


async def test_in_a_40x12_terminal_the_box_and_its_list_stay_inside_the_screen():
    app = Tiny()
    async with app.run_test(size=(40, 12)) as pilot:
        box = app.query_one("#dd", DropDown)
        box.focus()
        await pilot.pause()
        line = screen_text(app).splitlines()[2]  # the box's middle line
        assert "…" in line and "▼" in line and "choice number 3" in line
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.query(DropDownList))
        listed = app.query_one(DropDownList)
        await pilot.pause()
        assert listed.region.bottom <= 12 and listed.region.right <= 40
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: not box.expanded)
        assert box.value == 19 and "choice number 19" in screen_text(app)


async def test_a_set_up_opened_in_a_40x12_terminal_is_whole_once_enlarged():
    app = make_app()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert "needs at least 80x24" in screen_text(app)
        screen = SetupScreen(GAMES["war"])
        app.push_screen(screen)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.screen is screen and screen.shown)
        players = screen.query_one("#players", DropDown)
        players.focus()
        await pilot.press("right")
        await wait_for(pilot, lambda: seats_shown(screen) == 3)
        assert "Players" in screen_text(app) and "3" in screen_text(app)


async def test_a_book_named_in_markup_shows_as_typed_in_the_box_and_in_the_list():
    app = make_app()
    app.store.books.save_book("war", MARKUP, GAMES["war"].Options(), notes="")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot, "war")
        book = screen.query_one("#book", DropDown)
        book.scroll_visible(animate=False)
        book.focus()
        await pilot.pause()
        await pilot.press("right")
        await wait_for(pilot, lambda: book.value == MARKUP)
        await pilot.pause()
        assert MARKUP in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.query(DropDownList))
        await pilot.pause()
        assert MARKUP in str(screen.query_one(DropDownList).get_option_at_index(1).prompt)
        assert screen_text(app).count(MARKUP) >= 2, "the box and the list both show the name"


async def test_a_label_given_as_a_str_is_never_read_as_markup():
    class Plain(App):
        def compose(self) -> ComposeResult:
            yield DropDown([(MARKUP, 1), (Text("[b]y"), 2)], id="dd")

    app = Plain()
    async with app.run_test(size=(40, 12)) as pilot:
        app.query_one("#dd").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.query(DropDownList))
        await pilot.pause()
        text = screen_text(app)
        assert text.count(MARKUP) == 2 and "[b]y" in text
