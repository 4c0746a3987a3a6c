"""Ratings where a player looks: the result screen says how the game moved theirs (or why it
did not), and the statistics screen lists them with their history; names stay plain text."""

from __future__ import annotations

import re

from ui_helpers import screen_text, wait_for

from cardarcade.bots.anchors import anchors
from cardarcade.rules import GAMES
from cardarcade.rules.base import Result
from cardarcade.seating import GameSetup, Seat
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.screens.stats import StatsScreen

MARKUP_NAME = "[bold red]ada[/]"


def finish(app: ArcadeApp, winners: list[int]) -> None:
    """End the game on screen as if its last move had been played: recorded, then the result."""
    screen = app.screen
    screen.game.s.result = Result(winners=winners, reason="test")
    screen.surface._finish()
    screen._show_result()


def make_app(setup: GameSetup, player: str = "ada") -> ArcadeApp:
    return ArcadeApp(
        start=setup,
        settings=UISettings(pace=1000.0, countdown=0, result_delay=0.05, result_guard=0.0, hard_bot_seconds=None),
        player=player,
    )


async def test_the_result_screen_shows_how_the_game_moved_the_rating() -> None:
    war = GAMES["war"]
    assert anchors().of("war", "hard") is not None  # (measured: the game is rated)
    app = make_app(GameSetup.solo(war, 2, level="hard", seed=3), player=MARKUP_NAME)
    async with app.run_test(size=(80, 24)) as pilot:
        finish(app, [0])
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await wait_for(pilot, lambda: "Rating 1,500 →" in screen_text(app))
        line = next(line for line in screen_text(app).splitlines() if "Rating" in line).strip()
        gained = re.fullmatch(r"Rating 1,500 → ([\d,]+) \(provisional: game 1 of the first 10\)", line)
        assert gained and int(gained[1].replace(",", "")) > 1500  # a win lifts it
        await pilot.press("escape")  # the menu, then the statistics: the ratings view
        await pilot.pause()
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("4")
        await wait_for(pilot, lambda: "provisional (1 of 10)" in screen_text(app))
        text = screen_text(app)
        assert f"{'War':<20}{gained[1]:>8}" in text
        assert MARKUP_NAME in text  # whose statistics: the name as it is, not read as markup
        assert "your rating after each rated game" in text and "the bots: easy" in text


async def test_a_hinted_game_is_not_rated_and_the_result_says_why(app_factory) -> None:
    app = app_factory(GameSetup.solo(GAMES["war"], 2, level="hard", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.surface.hinted = True  # (as the coach marks a game it helped in)
        finish(app, [0])
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        assert "Not rated: hints were used." in screen_text(app)
        await wait_for(pilot, lambda: app.memory.rated is not None)  # recorded, and nothing rated
        assert app.memory.rated[1] == [] and "Rating" not in screen_text(app)


async def test_adaptive_bots_are_rated_as_the_level_they_settled_nearest(app_factory) -> None:
    app = app_factory(GameSetup.solo(GAMES["slapjack"], 2, level="adaptive", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.adaptive.median = 0.62  # tuned to a slow player: about the easy bots' pace
        assert app.screen.surface.adaptive_as() == "easy"
        finish(app, [0])
        await wait_for(pilot, lambda: "Rating 1,500 →" in screen_text(app))
        [moved] = app.memory.rated[1]
        easy = anchors().of("slapjack", "easy")
        assert easy is not None and moved.mu > 1500  # a win against the easy anchor


async def test_hot_seat_people_are_each_told_their_own_rating_by_name(app_factory) -> None:
    war = GAMES["war"]
    seats = (Seat("Ada", profile="ada"), Seat("Bea", profile=MARKUP_NAME), Seat("Bot 1", "bot", "easy"))
    app = make_app(GameSetup(war, seats, war.Options(), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        finish(app, [1])
        await wait_for(pilot, lambda: "Bea: rating" in screen_text(app) and "Ada: rating" in screen_text(app))
        text = screen_text(app)
        assert "Ada: rating 1,500 → 1," in text  # lost: down, still four figures
        assert re.search(r"Bea: rating 1,500 → 1,[5-9]\d\d", text)


async def test_a_game_recorded_before_its_result_shows_the_rating_in_the_results_first_frame() -> None:
    """The usual case (the result waits 1.5 s, the record takes a few ms): the rating line is
    drawn with the rest, not filled in a frame later (a frame more the player waits for), and the
    screen is drawn once: not again for its size, nor as the game's table is let go."""
    from test_frames import on_terminal

    app = make_app(GameSetup.solo(GAMES["war"], 2, level="hard", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen._show_result = lambda *_: None  # (shown below, once recorded)
        finish(app, [0])
        await wait_for(pilot, lambda: app.memory.rated is not None)
        terminal = on_terminal(app)
        frames: list[str] = []
        feed = terminal.stream.feed

        def kept(data: str) -> None:
            feed(data)
            frames.append("\n".join(terminal.screen.display))

        terminal.stream.feed = kept  # type: ignore[method-assign]
        type(screen)._show_result(screen)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        await pilot.pause()
        drawn = [frame for frame in frames if "You win!" in frame]
        assert drawn and "Rating 1,500 →" in drawn[0]
        assert len(drawn) == 1, f"the result drawn {len(drawn)} times as it opened"


async def test_each_person_at_a_shared_table_is_told_their_own_rating_once_the_server_records_it(
    app_factory, tmp_path
) -> None:
    """A shared table's game is recorded by the server, not by a person's app: the change reaches
    each player's result screen all the same, each seeing only their own."""
    import asyncssh

    from cardarcade.server.lobby import Lobby
    from cardarcade.server.ssh import ArcadeServer
    from cardarcade.store.ratings import Rating
    from cardarcade.store.user import UserStore
    from cardarcade.table.clock import LoopClock

    war = GAMES["war"]
    setup = GameSetup(war, (Seat("ada", profile="ada"), Seat(MARKUP_NAME, profile=MARKUP_NAME)), war.Options(), 1)
    game = war.new(2, 1)
    game.s.result = Result(winners=[0], reason="test")
    app = app_factory(GameSetup.solo(war, 2, level="hard", seed=3))
    server = ArcadeServer(auth="open", host_key=asyncssh.generate_private_key("ssh-ed25519"), store=UserStore(tmp_path))
    lobby = Lobby(LoopClock())

    class Session:  # (what the server knows of a person's session here: its app)
        pass

    session = Session()
    session.app = app  # type: ignore[attr-defined]
    server.sessions.add(session)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ResultScreen(setup, game, {}, again=False, people=[0]))
        await pilot.pause()
        assert "Rating" not in screen_text(app)
        rated = [Rating("ada", "war", 1530.0, 450.0, 1, 1500.0), Rating(MARKUP_NAME, "war", 1470.0, 450.0, 1, 1500.0)]
        server._rated(lobby, game, rated)
        await wait_for(pilot, lambda: "Rating 1,500 → 1,530" in screen_text(app))
        assert "1,470" not in screen_text(app)  # the other player's change is theirs to see
        assert lobby.board.count("war") == 2  # and both go on the server's board
