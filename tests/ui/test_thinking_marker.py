"""A hard bot's seat says "thinking…" exactly while its search runs (issue 13): on every
turn-based screen whose bots search, from the turn screen, at 80x24.

The searches are held by a thinker the test answers by hand, so "while it searches" is a
moment the test chooses instead of a race with a worker process.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len
from ui_helpers import screen_text, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games import _session as session_side

MARK = "thinking…"


class HeldThinker:
    """Every search waits until the test answers it (``answer``), as a slow worker would."""

    def __init__(self) -> None:
        self.waiting: list = []  # the ``done`` callback of each search still running

    def think(self, work, args, done):
        self.waiting.append(done)
        return Dropped(self.waiting, done)

    def answer(self, action) -> None:
        self.waiting.pop(0)(action)


class Dropped:
    def __init__(self, waiting: list, done) -> None:
        self.waiting, self.done = waiting, done

    def cancel(self) -> None:
        if self.done in self.waiting:
            self.waiting.remove(self.done)


@pytest.fixture
def thinker(monkeypatch) -> HeldThinker:
    held = HeldThinker()
    monkeypatch.setattr(session_side, "live_thinker", lambda seconds: held)
    return held


def bot_first(game_id: str, players: int, level: str = "hard", **options) -> GameSetup:
    """You and bots of ``level``, the first bot in seat 0 (first to act), you in the last seat."""
    setup = GameSetup.solo(GAMES[game_id], players, seed=3, level=level, options=options or None)
    return replace(setup, seats=setup.seats[1:] + setup.seats[:1])


def seat_line(screen, seat: int) -> str:
    return str(screen.query_one(f"#seat-{seat}").render())


async def test_a_searching_bots_seat_says_thinking_until_it_has_moved(app_factory, thinker):
    app = app_factory(bot_first("schnapsen", 2), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await wait_for(pilot, lambda: thinker.waiting and MARK in seat_line(screen, 0))
        assert MARK not in seat_line(screen, 1)  # your seat
        assert not game.s.log  # searching, not yet played
        thinker.answer(game.legal_actions(0)[0])
        await wait_for(pilot, lambda: len(game.s.log) == 1)
        await pilot.pause()
        assert MARK not in seat_line(screen, 0)


async def test_the_mark_goes_when_the_search_answers_not_when_the_move_is_made(app_factory, thinker):
    app = app_factory(bot_first("schnapsen", 2))  # the table's pace: the move waits a long while after the answer
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await wait_for(pilot, lambda: MARK in seat_line(screen, 0))
        thinker.answer(game.legal_actions(0)[0])
        await wait_for(pilot, lambda: MARK not in seat_line(screen, 0))
        assert not game.s.log and game.actors() == [0]  # the bot is still to move: pacing, not searching


async def test_an_easy_bot_that_does_not_search_shows_no_mark(app_factory, thinker):
    app = app_factory(bot_first("schnapsen", 2, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        assert screen.game.actors() == [0] and not thinker.waiting
        assert MARK not in seat_line(screen, 0)


# Every screen whose bots search, with the fullest seat lines at 80x24: the word must show
# whole on the seat's row (Frogs' line has no room after it, nor Machiavelli's at four).
@pytest.mark.parametrize(
    "game_id, players, shown, level",
    [
        ("schnapsen", 2, MARK, "hard"),
        ("bura", 2, MARK, "hard"),
        ("toepen", 8, MARK, "hard"),
        ("polignac", 6, MARK, "hard"),
        ("chicago", 4, MARK, "hard"),
        ("machiavelli", 2, MARK, "hard"),
        ("machiavelli", 4, " …", "hard"),
        ("frogs-in-the-pond", 4, MARK, "expert"),  # (hard plays its first tricks by habit, unsearched)
    ],
)
async def test_every_searching_screen_marks_the_seat_within_its_row(
    app_factory, thinker, game_id, players, shown, level
):
    app = app_factory(bot_first(game_id, players, level))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: thinker.waiting and 0 in screen.table.thinking, what=lambda: screen_text(app))
        await pilot.pause()
        line = seat_line(screen, 0).rstrip()
        assert "Bot 1" in line and shown.strip() in line, line
        assert cell_len(line) <= screen.query_one("#seat-0").content_size.width  # nothing cut by the seat's edge
        assert all(shown.strip() not in seat_line(screen, seat) for seat in range(1, players))
        row = next(row for row in screen_text(app).split("\n") if "Bot 1" in row)
        assert shown.strip() in row


async def test_a_framed_seat_panel_gets_the_mark_on_its_name_line(app_factory):
    # No Go Fish bot searches; a later game drawn in framed panels whose bots do gets this.
    app = app_factory(GameSetup.solo(GAMES["go-fish"], 3, seed=3, level="hard"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.thinking = lambda seat: seat == 1
        screen.refresh_all()
        await pilot.pause()
        rows = screen_text(app).split("\n")
        name_row = next(i for i, row in enumerate(rows) if "Bot 1" in row)
        assert MARK in rows[name_row] and MARK not in "\n".join(rows[name_row + 1 :])
