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
import unicodedata
from pathlib import Path

import pytest
from records import record_war
from textual.widgets import Select
from ui_helpers import screen_text, wait_for

import cardarcade
from cardarcade.bots import levels_for
from cardarcade.catalog import CATALOG
from cardarcade.rules import GAMES
from cardarcade.rules.base import IllegalAction
from cardarcade.store.saves import new_save_id
from cardarcade.store.stats import Stats
from cardarcade.table.setup import GameSetup
from cardarcade.table.simulate import play_randomly
from cardarcade.table.table import Reaction, Seat
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.screens.game import GameScreen
from cardarcade.ui.screens.menu import GameList, MenuScreen
from cardarcade.ui.screens.pause import ConfirmScreen, HistoryScreen, PauseScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.screens.rules import RulesScreen
from cardarcade.ui.screens.saves import ContinueScreen
from cardarcade.ui.screens.settings import SettingsScreen
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.screens.stats import StatsScreen
from cardarcade.ui.screens.turn import ChoiceScreen, CoverScreen

HOSTILE = ["[/]x", "[bold red]pwn[/]", "[link=http://x]y[/link]", "[@click=app.quit]q[/]", "\x1b[2J", "a\rb",
           "[", "]", "[/", "\\[x]"]
PLAYER = HOSTILE[0]  # this terminal's player (their name as a server would give it)
BOOKS = ["[/]x", "[@click=app.quit]q[/]", "[link=http://x]y[/link]"]  # (a book's name is printable)
NOTES = "Ties: [bold red]pwn[/] decides.\n[/]x and \\[x] stand as written; [@click=app.quit]q[/]"
SIZE = (160, 50)  # wide enough that no name here is cut short


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


def make_app(**kwargs) -> ArcadeApp:
    return ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, resume_countdown=0, result_delay=1.0,
                                         result_guard=0.0, hard_bot_seconds=None), player=PLAYER, **kwargs)


def record_profiles(app: ArcadeApp) -> None:
    """A reaction time (and a game of War) for every hostile name, as profiles of this arcade."""
    with Stats(app.store.data_dir / "stats.sqlite3", session="s1") as stats:
        for t, name in enumerate(HOSTILE):
            stats.record_reactions("slapjack", name, [Reaction(0, 0.3 + t / 100, "slap_win", 1, "slap")],
                                   at=1_790_000_000.0 + t)
            record_war(stats, name, "won", "easy", at=1_790_000_000.0 + t)


def hostile_setup(game_id: str) -> GameSetup:
    """The game with a hostile name in every seat: the person's first, bots in the others."""
    spec = GAMES[game_id]
    level = levels_for(spec.realtime)[0]
    players = max(spec.min_players, min(spec.max_players, len(HOSTILE)))
    seats = [Seat(PLAYER, profile=PLAYER)] + [Seat(HOSTILE[i], "bot", level) for i in range(1, players)]
    return GameSetup(spec, tuple(seats), spec.Options(), seed=7)


def save_one_move_from_the_end(app: ArcadeApp, setup: GameSetup) -> tuple[str, random.Random]:
    """A save of ``setup``'s game one random move from its end, and the random moves' source
    where the last move is next."""
    moves = play_randomly(setup.new_game(), random.Random(7))
    rng = random.Random(7)
    game = setup.new_game()
    play_randomly(game, rng, moves=moves - 1)
    save_id = new_save_id(setup.spec.id)
    app.store.saves.save(save_id, setup, game, 60.0)
    return save_id, rng


async def make_the_last_move(pilot, screen: GameScreen, rng: random.Random) -> None:
    """The move that ends the game, made at the screen's table (random moves if the table has
    moved on meanwhile); the pause menu is opened at once, before the result can take over."""
    game, table = screen.game, screen.table
    assert table is not None
    for _ in range(200):
        if game.is_over:
            break
        seat = rng.choice(game.actors())
        try:
            table.submit(seat, rng.choice(game.legal_actions(seat)))
        except IllegalAction:
            pass
        if game.is_over or table.claim_kinds:
            break
        await pilot.pause()
    screen.action_pause()


@pytest.mark.parametrize("game_id", list(CATALOG))
async def test_a_game_from_its_set_up_to_its_result_shows_hostile_names_as_typed(game_id):
    spec = GAMES[game_id]
    setup = hostile_setup(game_id)
    app = make_app()
    record_profiles(app)
    for name in BOOKS:
        app.store.books.save_book(game_id, name, spec.Options(), notes=NOTES)
    broken = app.store.books.folder / game_id / "[bold]broken[/].toml"
    broken.write_text("name = [/]x\n", encoding="utf-8")
    save_id, rng = save_one_move_from_the_end(app, setup)
    async with app.run_test(size=SIZE) as pilot:
        # The set-up, opened from the menu as a player does.
        menu = app.screen
        menu.query_one(GameList).go_to(list(CATALOG).index(game_id))
        await pilot.press("enter")
        form = app.screen
        assert isinstance(form, SetupScreen) and form.spec is spec
        known = form._known_profiles()
        assert set(HOSTILE) <= set(known)
        help_line = said(form.query_one("#profiles-help"))
        assert PLAYER in help_line
        assert f"({', '.join(shown(name) for name in known[:8])}, ...)" in help_line
        assert "[bold]broken[/].toml" in said(form.query_one("#book-problems"))
        books = form.query_one("#book", Select)
        books.expanded = True
        await pilot.pause()
        text = plain_screen(app)
        assert all(name in text for name in BOOKS)
        books.expanded = False
        books.value = BOOKS[1]
        await pilot.pause()
        assert f"Rules book in force: {BOOKS[1]}" in said(form.query_one("#setup-book"))
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        text = plain_screen(app)
        assert f"House-rule book: {BOOKS[1]}" in text
        assert all(line in text for line in NOTES.splitlines())
        await pilot.press("escape", "escape")
        assert app.screen is menu

        # The saved games, one of them this game's, played by these names.
        await pilot.press("c")
        assert isinstance(app.screen, ContinueScreen)
        players = ", ".join(shown(seat.name) for seat in setup.seats)
        assert players in plain_screen(app)
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        assert players in said(app.screen.query_one(".dialog-title"))
        plain_screen(app)
        await pilot.press("n", "enter")

        # The game, its pause menu and log, and its result.
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.save_id == save_id
        await pilot.pause()
        assert PLAYER in plain_screen(app)
        await make_the_last_move(pilot, screen, rng)
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        plain_screen(app)
        await pilot.press("f2")
        assert isinstance(app.screen, HistoryScreen)
        plain_screen(app)
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), what=lambda: f"({app.screen})")
        await pilot.pause()
        text = plain_screen(app)
        assert all(shown(seat.name) in text for seat in setup.seats)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_statistics_show_every_hostile_profile_by_its_name():
    app = make_app()
    record_profiles(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        seen = []
        for _ in HOSTILE:
            for tab in ("1", "2", "3"):
                await pilot.press(tab)
                plain_screen(app)
            title = said(screen.query_one("#stats-title"))  # " Statistics  ada   profile 2 of 10"
            seen.append(title.split("Statistics", 1)[1].split("   profile ")[0].strip())
            await pilot.press("p")
        assert sorted(seen) == sorted(shown(name) for name in HOSTILE)


async def test_settings_and_themes_show_hostile_names_and_titles_as_typed(tmp_path):
    # The shipped theme, copied under a hostile title; and a broken theme file with a hostile name.
    felt_file = Path(cardarcade.__file__).parent / "theme_files" / "felt.toml"
    title = "[/]x [bold red]pwn[/] \u001b[2J"
    (tmp_path / "hostile.toml").write_text(
        felt_file.read_text(encoding="utf-8").replace('name = "felt"', 'name = "hostile"')
        .replace('title = "Green felt"', 'title = "[/]x [bold red]pwn[/] \\u001b[2J"'), encoding="utf-8")
    (tmp_path / "[bold]x[b].toml").write_text("name = [/]\n", encoding="utf-8")  # a theme file that is broken
    app = ArcadeApp(settings=UISettings(countdown=0), player=PLAYER, theme_dirs=[tmp_path])
    app.store.settings_file.save(app.user_settings.model_copy(update={"profile": HOSTILE[1]}))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: "[bold]x[b].toml" in toasts(app))  # a warning names the broken file
        plain_screen(app)
        await pilot.press("o")
        assert isinstance(app.screen, SettingsScreen)
        text = plain_screen(app)
        assert f"playing as {PLAYER}" in text and f"kept for {PLAYER}'s profile only" in text
        themes_select = app.screen.query_one("#theme", Select)
        themes_select.expanded = True
        await pilot.pause()
        assert shown(title) in plain_screen(app)
        themes_select.expanded = False
        await pilot.press("escape")
        while app.card_theme.name != "hostile":
            await pilot.press("t")
        await wait_for(pilot, lambda: f"Theme: {shown(title)}" in toasts(app))
        plain_screen(app)


async def test_choices_and_the_hand_over_name_players_as_typed():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        choice = ChoiceScreen(f"Ask {HOSTILE[1]} for which rank?", [f"Ask {name}" for name in HOSTILE])
        app.push_screen(choice)
        await pilot.pause()
        text = plain_screen(app)
        assert f"Ask {HOSTILE[1]} for which rank?" in text
        assert all(f"Ask {shown(name)}" in text for name in HOSTILE)
        await pilot.press("escape")
    # Two people at one keyboard, hands hidden: the cover asks for each by name.
    spec = GAMES["go-fish"]
    setup = GameSetup(spec, (Seat(HOSTILE[1], profile=HOSTILE[1]), Seat(HOSTILE[3], profile=HOSTILE[3]),
                             Seat(HOSTILE[2], "bot", "easy")), spec.Options(), seed=3)
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
        assert HOSTILE[1] in said(screen.query_one("#lobby-title")) or len(lobby.online) > 12
        await pilot.press("n")
        assert isinstance(app.screen, NewTableScreen)
        plain_screen(app)
        await pilot.press("escape")
        await pilot.press("enter")  # a seat at the hostile creator's table
        await wait_for(pilot, lambda: isinstance(app.screen, TableRoomScreen))
        await wait_for(pilot, lambda: f"Seat 2: {PLAYER}" in screen_text(app))
        text = plain_screen(app)
        assert f"Seat 1: {HOSTILE[1]}" in text and f"for {HOSTILE[1]} to deal" in text
        table.deal()
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        text = plain_screen(app)
        assert f"you are {PLAYER}" in text and HOSTILE[1] in text
        await pilot.press("escape")
        assert isinstance(app.screen, PauseScreen)
        plain_screen(app)
        await pilot.press("f2")
        plain_screen(app)
