"""Names, profiles, chat, books, saves and themes that hold markup or control characters are shown
as typed on every screen, and never crash a session (issue 24: a player called "[/]x" who
recorded one reaction time made every game's set-up screen end the session of whoever opened it).

Every screen of the arcade is opened here with such text wherever a person or a file can put it:
the menu, the set-up of every game (from the catalog, so a new game is covered by registering
it), its rules with a house-rule book, the saved games, a game and its pause menu, log and
result, the statistics, the settings, the choice and hand-over dialogs, and a server's lobby,
new table, table room and shared game. On each, the screen holds no control character, and the
text shows literally where it belongs.
"""

from __future__ import annotations

import random
import shutil
import unicodedata
from pathlib import Path

import pytest
from records import record_war
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.screen import Screen
from textual.widgets import Input, OptionList
from ui_helpers import ClockedApp, screen_text, store_settled, wait_for

import cardarcade
from cardarcade.bots import levels_for
from cardarcade.catalog import CATALOG
from cardarcade.rules import GAMES
from cardarcade.rules.base import IllegalAction
from cardarcade.seating import GameSetup, Reaction, Seat
from cardarcade.store.saves import new_save_id
from cardarcade.store.settings import Settings
from cardarcade.store.stats import Stats
from cardarcade.store.user import UserStore
from cardarcade.table.simulate import play_randomly
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.menu import GameList, MenuScreen
from cardarcade.ui.screens.pause import ConfirmScreen, HistoryScreen, PauseScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.screens.rules import RulesScreen
from cardarcade.ui.screens.saves import ContinueScreen
from cardarcade.ui.screens.settings import SettingsScreen
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.screens.stats import StatsScreen
from cardarcade.ui.games.turn import ChoiceScreen, CoverScreen
from cardarcade.ui.textual_compat import notifications
from cardarcade.ui.widgets.dropdown import DropDown

HOSTILE = [
    "[/]x",
    "[bold red]pwn[/]",
    "[link=http://x]y[/link]",
    "[@click=app.quit]q[/]",
    "\x1b[2J",
    "a\rb",
    "[",
    "]",
    "[/",
    "\\[x]",
]
PLAYER = HOSTILE[0]  # this terminal's player (their name as a server would give it)
BOOKS = ["[/]x", "[@click=app.quit]q[/]", "[link=http://x]y[/link]"]  # (a book's name is printable)
NOTES = "Ties: [bold red]pwn[/] decides.\n[/]x and \\[x] stand as written; [@click=app.quit]q[/]"
SIZE = (80, 24)


def shown(text: str) -> str:
    """``text`` as the screen should show it: as typed, less its control characters."""
    return "".join(c for c in text if unicodedata.category(c) != "Cc")


def plain_screen(app) -> str:
    """The screen as text, after checking that no control character is on it."""
    text = screen_text(app)
    found = sorted({f"U+{ord(c):04X}" for line in text.split("\n") for c in line if unicodedata.category(c) == "Cc"})
    assert not found, f"control characters on {type(app.screen).__name__}: {found}"
    return text


def said(widget) -> str:
    """What a Static shows, as plain text."""
    return str(widget.render())


def toasts(app) -> str:
    """What the notifications on screen say."""
    return " ".join(str(toast.render()) for toast in app.screen.query("Toast"))


def make_app(**kwargs) -> ClockedApp:
    """The arcade as ``PLAYER``, its tables on a clock the test moves (the bots never move by themselves)."""
    return ClockedApp(
        settings=UISettings(
            pace=1000.0, countdown=0, resume_countdown=0, result_delay=0.05, result_guard=0.0, hard_bot_seconds=None
        ),
        player=PLAYER,
        **kwargs,
    )


@pytest.fixture(scope="module")
def hostile_stats(tmp_path_factory) -> Path:
    """A statistics file with a reaction time and a game of War for every hostile name (made once:
    each test copies it)."""
    path = tmp_path_factory.mktemp("stats") / "stats.sqlite3"
    with Stats(path, session="s1") as stats:
        for t, name in enumerate(HOSTILE):
            stats.record_reactions(
                "slapjack", name, [Reaction(0, 0.3 + t / 100, "slap_win", 1, "slap")], at=1_790_000_000.0 + t
            )
            record_war(stats, name, "won", "easy", at=1_790_000_000.0 + t)
    return path


def record_profiles(app: ArcadeApp, stats: Path) -> None:
    """Every hostile name a profile of this arcade, with a record in its statistics."""
    app.store.data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(stats, app.store.data_dir / "stats.sqlite3")


def hostile_setup(game_id: str, first: int | None = None) -> GameSetup:
    """The game at its usual number of players, a hostile name in every seat: the person's first,
    then bots named by the others in turn, from the ``first`` (by default the game's place in
    the catalog: from game to game every name sits somewhere)."""
    spec = GAMES[game_id]
    level = levels_for(spec)[0]
    others = HOSTILE[1:]
    if first is None:
        first = list(CATALOG).index(game_id)
    names = [others[(first + i) % len(others)] for i in range(spec.default_players - 1)]
    seats = [Seat(PLAYER, profile=PLAYER)] + [Seat(name, "bot", level) for name in names]
    return GameSetup(spec, tuple(seats), spec.Options(), seed=7)


CLAIM_SETTLES = 1.0  # seconds of table time in which a claim's window (a fraction of a second) has passed


def save_one_move_from_the_end(app: ArcadeApp, setup: GameSetup) -> random.Random:
    """Save ``setup``'s game one random move from its end; the random moves' source, where that
    move is next."""
    moves = play_randomly(setup.new_game(), random.Random(7))
    rng = random.Random(7)
    game = setup.new_game()
    play_randomly(game, rng, moves=moves - 1)
    app.store.saves.save(new_save_id(setup.spec.id), setup, game, 60.0)
    return rng


async def play_to_the_end(pilot, screen: GameScreen, rng: random.Random) -> None:
    """Random moves at the screen's table until the game is over: the first is the move that
    ends it (more follow only if the table moved on meanwhile). A claim is settled by the
    table once its window has passed: the clock is moved past it after each move."""
    game, table = screen.game, screen.table
    assert table is not None
    for _ in range(50):
        if game.is_over:
            return
        seat = rng.choice(game.actors())
        try:
            table.submit(seat, rng.choice(game.legal_actions(seat)))
        except IllegalAction:
            pass
        pilot.app.clock.advance(CLAIM_SETTLES)
        await pilot.pause()
    assert game.is_over


@pytest.fixture
def hostile_app(hostile_stats) -> ArcadeApp:
    """The player "[/]x", at an arcade where every hostile name is a profile with a record."""
    app = make_app()
    record_profiles(app, hostile_stats)
    return app


def keep_books(app: ArcadeApp, game_id: str) -> None:
    """Books with hostile names and notes for ``game_id``, and a broken book file named with markup."""
    for name in BOOKS:
        app.store.books.save_book(game_id, name, GAMES[game_id].Options(), notes=NOTES)
    (app.store.books.folder / game_id / "[bold]broken[b].toml").write_text("name = [/]x\n", encoding="utf-8")


async def press_to(pilot, key: str, screen_type: type[Screen]) -> Screen:
    """Press ``key`` and wait for the screen it leads to: on a busy machine the key may still be
    on its way when Pilot returns, and the next key would land on the screen before."""
    app = pilot.app
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, screen_type), what=lambda: f"(on {app.screen})")
    await store_settled(pilot)  # (what the screen reads off the loop, shown)
    return app.screen


async def open_set_up(pilot, game_id: str) -> SetupScreen:
    """The game's set-up, opened from the menu as a player does."""
    pilot.app.screen.query_one(GameList).go_to(list(CATALOG).index(game_id))
    form = await press_to(pilot, "enter", SetupScreen)
    assert isinstance(form, SetupScreen) and form.spec is GAMES[game_id]
    return form


@pytest.mark.parametrize("game_id", list(CATALOG))
async def test_every_games_set_up_table_and_result_show_hostile_names_as_typed(game_id, hostile_app):
    app = hostile_app
    keep_books(app, game_id)
    setup = hostile_setup(game_id)
    rng = save_one_move_from_the_end(app, setup)
    async with app.run_test(size=SIZE) as pilot:
        # The set-up: the known profiles (the crash of issue 24), the books and why one is not usable.
        form = await open_set_up(pilot, game_id)
        plain_screen(app)
        known = form._known_profiles()
        assert set(HOSTILE) <= set(known)
        help_line = said(form.query_one("#profiles-help"))
        assert PLAYER in help_line
        assert f"({', '.join(shown(name) for name in known[:8])}, ...)" in help_line
        assert "[bold]broken[b].toml" in said(form.query_one("#book-problems"))
        form.query_one("#book", DropDown).value = BOOKS[1]
        await pilot.pause()
        assert f"Rules book in force: {BOOKS[1]}" in said(form.query_one("#setup-book"))
        plain_screen(app)
        await press_to(pilot, "escape", MenuScreen)

        # The table, played to its end, and the result.
        await press_to(pilot, "c", ContinueScreen)
        screen = await press_to(pilot, "enter", GameScreen)
        assert isinstance(screen, GameScreen) and screen.resumed
        await pilot.pause()
        assert PLAYER in plain_screen(app)
        await play_to_the_end(pilot, screen, rng)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        text = plain_screen(app)
        assert all(shown(seat.name) in text for seat in setup.seats)


async def test_books_saves_the_pause_menu_and_the_log_show_hostile_names_as_typed(hostile_app):
    app = hostile_app
    app.settings.result_delay = 1.0  # the pause menu opens before the result could come up
    keep_books(app, "go-fish")
    setup = hostile_setup("go-fish", first=0)  # bots named with markup, to read in the log
    rng = save_one_move_from_the_end(app, setup)
    async with app.run_test(size=SIZE) as pilot:
        # The books offered, and the rules with the one in force: its name and the group's rulings.
        form = await open_set_up(pilot, "go-fish")
        books = form.query_one("#book", DropDown)
        books.expanded = True
        await pilot.pause()
        text = plain_screen(app)
        assert all(name in text for name in BOOKS)
        books.expanded = False
        books.value = BOOKS[1]
        await pilot.pause()
        await press_to(pilot, "f1", RulesScreen)
        app.screen.query_one("#rules-box").scroll_end(animate=False)  # the book comes after the rules
        await pilot.pause()
        text = plain_screen(app)
        assert f"House-rule book: {BOOKS[1]}" in text
        assert all(line in text for line in NOTES.splitlines())
        await press_to(pilot, "escape", SetupScreen)
        await press_to(pilot, "escape", MenuScreen)

        # The saved games, and the question before one is deleted, name the players.
        await press_to(pilot, "c", ContinueScreen)
        players = ", ".join(shown(seat.name) for seat in setup.seats)
        plain_screen(app)
        saved = app.screen.query_one("#saves", OptionList).get_option_at_index(0).prompt
        assert players in " ".join(str(saved).split())
        await press_to(pilot, "d", ConfirmScreen)
        assert players in said(app.screen.query_one(".dialog-title"))
        plain_screen(app)
        await press_to(pilot, "n", ContinueScreen)
        screen = await press_to(pilot, "enter", GameScreen)
        assert isinstance(screen, GameScreen)

        # The game's pause menu and whole log, once the last moves (naming players) are in it.
        await play_to_the_end(pilot, screen, rng)
        screen.action_pause()  # at once: the result waits for the player's own screens to close
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        plain_screen(app)
        await press_to(pilot, "f2", HistoryScreen)
        text = plain_screen(app)
        assert any(shown(seat.name) in line for seat in setup.seats[1:] for line in text.splitlines())
        await press_to(pilot, "escape", PauseScreen)
        await press_to(pilot, "escape", ResultScreen)  # (it waited for the player's screens to close)


async def test_statistics_show_every_hostile_profile_by_its_name(hostile_app):
    app = hostile_app
    async with app.run_test(size=SIZE) as pilot:
        screen = await press_to(pilot, "s", StatsScreen)
        assert isinstance(screen, StatsScreen)
        for key, tab in (("2", "reactions"), ("3", "trend"), ("1", "games")):  # the player's times, trend, games
            await pilot.press(key)
            await wait_for(pilot, lambda: screen.tab == tab)
            plain_screen(app)
        seen = []
        for _ in HOSTILE:
            plain_screen(app)
            title = said(screen.query_one("#stats-title"))  # " Statistics  ada   profile 2 of 10"
            seen.append(title.split("Statistics", 1)[1].split("   profile ")[0].strip())
            await pilot.press("p")
            await wait_for(pilot, lambda: said(screen.query_one("#stats-title")) != title)
        assert sorted(seen) == sorted(shown(name) for name in HOSTILE)


async def test_settings_and_themes_show_hostile_names_and_titles_as_typed(tmp_path, monkeypatch, toasts_stay):
    # The shipped theme, copied under a hostile title; and a broken theme file with a hostile name.
    felt_file = Path(cardarcade.__file__).parent / "theme_files" / "felt.toml"
    title = "[/]x [bold red]pwn[/] \u001b[2J"
    (tmp_path / "hostile.toml").write_text(
        felt_file.read_text(encoding="utf-8")
        .replace('name = "felt"', 'name = "hostile"')
        .replace('title = "Green felt"', 'title = "[/]x [bold red]pwn[/] \\u001b[2J"'),
        encoding="utf-8",
    )
    (tmp_path / "[bold]x[b].toml").write_text("name = [/]\n", encoding="utf-8")  # a theme file that is broken
    UserStore().settings_file.save(Settings(profile=HOSTILE[1]))  # whose profile, as once typed here
    app = ArcadeApp(settings=UISettings(countdown=0), player=PLAYER, theme_dirs=[tmp_path])
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: "[bold]x[b].toml" in toasts(app))  # a warning names the broken file
        plain_screen(app)
        await press_to(pilot, "o", SettingsScreen)
        plain_screen(app)
        assert f"playing as {PLAYER}" in said(app.screen.query_one("#settings-title"))
        assert f"kept for {PLAYER}'s profile only" in " ".join(said(help) for help in app.screen.query(".field-help"))
        assert app.screen.query_one("#profile", Input).value == HOSTILE[1]
        themes_select = app.screen.query_one("#theme", DropDown)
        themes_select.expanded = True
        await pilot.pause()
        assert shown(title) in plain_screen(app)
        themes_select.expanded = False
        await press_to(pilot, "escape", MenuScreen)
        while app.looks.card_theme.name != "hostile":
            before = app.looks.card_theme.name
            await pilot.press("t")
            await wait_for(pilot, lambda: app.looks.card_theme.name != before)
        await wait_for(pilot, lambda: f"Theme: {title}" in [n.message for n in notifications(app)])
        plain_screen(app)  # (tests/ui/test_startup.py reads a theme's title in its toast)


async def test_choices_and_the_hand_over_name_players_as_typed():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        choice = ChoiceScreen(f"Ask {HOSTILE[1]} for which rank?", [f"Ask {name}" for name in HOSTILE])
        app.push_screen(choice)
        await pilot.pause()
        text = plain_screen(app)
        assert f"Ask {HOSTILE[1]} for which rank?" in text
        assert all(f"Ask {shown(name)}" in text for name in HOSTILE)
    # Two people at one keyboard, hands hidden: the cover asks for each by name.
    spec = GAMES["go-fish"]
    setup = GameSetup(
        spec,
        (Seat(HOSTILE[1], profile=HOSTILE[1]), Seat(HOSTILE[3], profile=HOSTILE[3]), Seat(HOSTILE[2], "bot", "easy")),
        spec.Options(),
        seed=3,
    )
    app = make_app()
    app.start_setup = setup
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen))
        assert f"Pass to {HOSTILE[1]}" in plain_screen(app)


async def test_a_servers_lobby_table_room_and_shared_game_show_hostile_names():
    from cardarcade.server.lobby import Lobby
    from cardarcade.table.clock import LoopClock
    from cardarcade.ui.screens.lobby import LobbyScreen, NewTableScreen, TableRoomScreen

    lobby = Lobby(LoopClock())
    for name in HOSTILE[1:]:
        lobby.arrive(name)
        lobby.say(name, f"{name} says {HOSTILE[0]} {HOSTILE[3]}")
    table = lobby.create_table(GAMES["go-fish"], creator=HOSTILE[1], players=3, people=2, level="easy")
    app = make_app(lobby=lobby)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        chat = [f"{shown(line.name)}: {line.text}" for line in list(lobby.chat)[-5:]]
        await wait_for(pilot, lambda: "Go Fish" in screen_text(app) and all(line in screen_text(app) for line in chat))
        text = plain_screen(app)
        assert f"you are {PLAYER}" in text
        row = screen.query_one("#lobby-tables", OptionList).get_option_at_index(0).prompt
        assert HOSTILE[1] in str(row)  # the table's seats
        await press_to(pilot, "n", NewTableScreen)
        plain_screen(app)
        await press_to(pilot, "escape", LobbyScreen)
        await press_to(pilot, "enter", TableRoomScreen)  # a seat at the hostile creator's table
        await wait_for(pilot, lambda: f"Seat 2: {PLAYER}" in screen_text(app))
        text = plain_screen(app)
        assert f"Seat 1: {HOSTILE[1]}" in text and f"for {HOSTILE[1]} to deal" in text
        table.deal()
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        text = plain_screen(app)
        assert f"you are {PLAYER}" in text and HOSTILE[1] in text
        await press_to(pilot, "escape", PauseScreen)
        plain_screen(app)
        await press_to(pilot, "f2", HistoryScreen)
        plain_screen(app)


async def test_a_screen_drawing_a_name_as_a_plain_string_shows_it_as_typed():
    # What a game's screen draws (a seat, the centre, a line inside a group of lines, a cell of a
    # Rich table) may be a plain string with a name in it: it shows as typed, whoever writes the
    # next screen.
    app = make_app()
    app.start_setup = hostile_setup("war")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = RichTable(box=None, show_header=False)
        table.add_row(f"{PLAYER} leads", "3")
        screen.show("center", f"{PLAYER} takes the pile")
        screen.show("seat-1", Group(Text(HOSTILE[1]), f"{PLAYER} waits", table))
        await pilot.pause()
        text = plain_screen(app)
        assert f"{PLAYER} takes the pile" in text
        assert f"{PLAYER} waits" in text and f"{PLAYER} leads" in text


async def test_a_profile_name_typed_with_a_control_character_is_refused():
    app = ArcadeApp(settings=UISettings(countdown=0))
    async with app.run_test(size=SIZE) as pilot:
        await press_to(pilot, "o", SettingsScreen)
        app.screen.query_one("#profile", Input).value = "ada\x1b[2J"  # (as a paste brings it)
        await pilot.press("ctrl+s")
        message = app.screen.query_one("#settings-message")
        await wait_for(pilot, lambda: "cannot hold control characters" in said(message))
        assert isinstance(app.screen, SettingsScreen)
        assert not app.store.settings_file_exists()
        plain_screen(app)
