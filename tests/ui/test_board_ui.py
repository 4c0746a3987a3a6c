"""A server's lobby opens its leaderboard (b) and its last games (r) by keys, as a person would."""

from __future__ import annotations

import re
from dataclasses import replace

from replay_helpers import played
from ui_helpers import screen_text, wait_for

from cardarcade.replay import Positions
from cardarcade.seating import Seat
from cardarcade.server.lobby import Lobby
from cardarcade.server.recent import shared_record
from cardarcade.store.ratings import Rating
from cardarcade.table.clock import LoopClock
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.screens.board import LeaderboardScreen, RecentGamesScreen
from cardarcade.ui.screens.lobby import LobbyScreen
from cardarcade.ui.screens.replay import ReplayScreen

ME = "ada"
MARKUP = "[bold red]pwn[/]"


def rating(name: str, mu: float, rated: int, game: str = "war", at: float = 1.0) -> Rating:
    return Rating(name, game, mu, 80.0, rated, None, at)


def make_lobby() -> Lobby:
    lobby = Lobby(LoopClock())
    lobby.rated(
        [rating(f"p{i:02d}", 1700.0 - 10 * i, 30) for i in range(12)]
        + [rating(MARKUP, 1800.0, 40), rating("lucky", 2100.0, 1), rating(ME, 1200.0, 12, at=5.0)]
        + [rating("bea", 1500.0, 2, game="go-fish")]
    )
    return lobby


def war_on_the_server(lobby: Lobby, player: str, **more) -> ArcadeApp:
    """A person's own game of War (20 rounds at most) in a server's session."""
    from cardarcade.rules import GAMES
    from cardarcade.seating import GameSetup

    war = GAMES["war"]
    setup = GameSetup.solo(war, 2, level="easy", seed=4, options=war.Options(max_rounds=20))
    settings = UISettings(pace=0.01, countdown=0, result_delay=0.05, result_guard=0.0, hard_bot_seconds=None)
    return ArcadeApp(start=setup, settings=settings, player=player, lobby=lobby, **more)


async def play_to_the_result(pilot) -> None:
    """Turn a card until the game is over."""
    from cardarcade.ui.screens.result import ResultScreen

    for _ in range(400):
        if isinstance(pilot.app.screen, ResultScreen):
            return
        await pilot.press("enter")
        await pilot.pause(0.02)


async def press_to(pilot, key: str, screen_type) -> None:
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, screen_type), what=lambda: f"(on {pilot.app.screen})")
    await pilot.pause()


async def test_b_shows_the_top_ten_and_my_own_place_and_arrows_change_the_game():
    lobby = make_lobby()
    app = ArcadeApp(settings=UISettings(countdown=0, pace=1000.0), player=ME, lobby=lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await press_to(pilot, "b", LeaderboardScreen)
        await wait_for(pilot, lambda: "← 1 of 2 games rated here →" in screen_text(app))
        lines = screen_text(app).splitlines()
        text = "\n".join(lines)
        assert "Leaderboard  War" in text and "15 people rated" in text
        rows = [m.groups() for line in lines if (m := re.match(r" +(\d+)\. (.{24}) +(\S+) +\d+ games", line))]
        rows = [(int(place), name.rstrip(), rating) for place, name, rating in rows]
        assert rows[0] == (1, MARKUP, "1,800")  # the name as typed, never read as markup
        assert [name for _, name, _ in rows[1:10]] == [f"p{i:02d}" for i in range(9)]
        # my own place though far from the top; the provisional 2,100 after every settled rating
        assert rows[10] == (14, ME, "1,200") and "← you" in text
        assert "lucky" not in text and "⋮" in text
        await pilot.press("right")  # the next game rated here (catalog order, round)
        await wait_for(pilot, lambda: "Leaderboard  Go Fish" in screen_text(app))
        assert "bea" in screen_text(app) and "1,500?" in screen_text(app)
        assert "You have no rating in Go Fish yet." in screen_text(app)
        await pilot.press("left")
        await wait_for(pilot, lambda: "Leaderboard  War" in screen_text(app))
        # a rating recorded meanwhile (another worker's game) shows without leaving
        lobby.rated([rating(ME, 1900.0, 13, at=6.0)])
        await wait_for(
            pilot, lambda: re.search(r"^ +1\. ada +1,900 +13 games  ← you", screen_text(app), re.M), tries=200
        )
        assert "⋮" not in screen_text(app)
        await press_to(pilot, "escape", LobbyScreen)


async def test_r_lists_the_last_games_and_enter_replays_one_at_its_end_with_every_hand():
    lobby = make_lobby()
    replay, final = played("go-fish")
    seats = (Seat("You", profile=MARKUP), *replay.setup.seats[1:])  # a person of that name played it
    replay = replace(replay, setup=replace(replay.setup, seats=seats))
    lobby.finished(*shared_record(replay, Positions(replay).at(len(replay.moves))))
    app = ArcadeApp(settings=UISettings(countdown=0, pace=1000.0), player="cyd", lobby=lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await press_to(pilot, "r", RecentGamesScreen)
        await wait_for(pilot, lambda: "Go Fish" in screen_text(app))
        text = screen_text(app)
        assert (
            "The last 1 finished here" in text
            and f"{MARKUP}, 3 bots (easy)" in text
            and f"{len(replay.moves)} moves" in text
        )
        await press_to(pilot, "enter", ReplayScreen)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.game.to_json() == final and screen.every_hand  # the same end, every hand open
        await wait_for(pilot, lambda: f"move {len(replay.moves)}/{len(replay.moves)}" in screen_text(app))
        assert f"{MARKUP}: - | Bot 2 (easy): -" in " ".join(screen_text(app).split())  # every hand, by name as typed
        await press_to(pilot, "escape", RecentGamesScreen)
        await press_to(pilot, "b", LeaderboardScreen)  # the board from here, and back to the lobby
        await press_to(pilot, "escape", LobbyScreen)


async def test_a_game_played_alone_on_the_server_goes_on_its_board_and_its_list():
    from cardarcade.server.recent import unpack
    from cardarcade.store.replays import check, parse

    lobby = Lobby(LoopClock())
    app = war_on_the_server(lobby, "[b]ada[/b]")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_result(pilot)
        await wait_for(pilot, lambda: len(lobby.recent) == 1 and lobby.board.count("war") == 1)
        [game] = lobby.recent
        assert game.players == ("[b]ada[/b]",) and game.bots == "1 bot (easy)"  # the person by name, not "You"
        place, standing = lobby.board.place("war", "[b]ada[/b]")
        assert place == 1 and standing.rated == 1 and standing.provisional
        assert app.memory.rated is not None and standing.mu == app.memory.rated[1][0].mu  # the result screen's
        replay = parse(unpack(await lobby.packed_replay(game.id) or "") or "")
        check(replay)
        assert replay.setup.names[0] == "[b]ada[/b]" and len(replay.moves) == game.moves


async def test_a_browser_guests_game_is_listed_but_not_put_on_the_board(tmp_path):
    """guest-N is handed to someone else in the next tab: their rating is nobody's to keep."""
    from cardarcade.store.user import UserStore

    lobby = Lobby(LoopClock())
    app = war_on_the_server(lobby, "guest-1", store=UserStore(tmp_path).for_guest())
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_result(pilot)
        await wait_for(pilot, lambda: len(lobby.recent) == 1 and app.memory.rated is not None)
        assert lobby.board.count("war") == 0
