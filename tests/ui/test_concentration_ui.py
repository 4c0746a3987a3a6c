"""Concentration played by keys: the grid cursor, the cut, pairs, misses on show, a whole game."""

from __future__ import annotations

import pytest

from cardarcade.cards import standard_deck
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.concentration import ConcentrationScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import CoverScreen
from ui_helpers import make_clocked_app, prompt, screen_text, wait_for

SPEC = GAMES["concentration"]
# ranks in order: positions 4k..4k+3 hold one rank (0-3 the twos, 48-51 the aces)
BY_RANK = sorted(standard_deck(), key=lambda c: (c.rank, c.suit.value))


async def two_people_after_the_cut(pilot, app):
    """Player 1 cuts a two (position 0), Player 2 the ace at the far end (position 51): Player 2 starts."""
    screen = app.screen
    assert isinstance(screen, ConcentrationScreen)
    await pilot.press("enter")
    await pilot.pause()
    assert screen.spot == 1  # Player 2 starts off Player 1's face-up cut card
    await pilot.press("left", "left", "enter")  # past it to the far end
    await pilot.pause()
    assert screen.game.s.phase == "play" and screen.game.actors() == [1]
    return screen


async def test_the_cut_and_a_pair_by_keys(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=BY_RANK)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, CoverScreen)  # nothing hidden: no cover between people
        screen = await two_people_after_the_cut(pilot, app)
        assert screen.hand_cards() == []
        await pilot.press("enter", "left", "enter")  # positions 51 and 50: two aces
        await pilot.pause()
        assert [c.rank.label for c in screen.game.s.sets[1]] == ["A", "A"]
        assert screen.game.actors() == [1]  # a pair keeps the turn
        assert str(screen.render_seat(1).renderables[1]) == "1 pair: A"  # the pairs' ranks labelled


async def test_up_and_down_move_between_rows_and_wrap(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=BY_RANK)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "down", "right")
        assert screen.spot == 27
        await pilot.press("up", "up", "up", "left", "left")
        # up from row 1 wraps to row 4; left from the start of a row goes on from the end of the row above
        assert screen.spot == 13 * 2 + 12


async def test_a_miss_stays_on_show_until_the_next_card(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=BY_RANK)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await two_people_after_the_cut(pilot, app)
        await pilot.press("enter", "up", "enter")  # 51 (an ace) and 38 (a jack)
        await pilot.pause()
        assert screen.game.actors() == [0]
        grid = screen.render_grid(True).plain
        assert "A♠" in grid and "J♥" in grid
        await pilot.press("left", "enter")  # Player 1 turns another card: the old ones are hidden again
        await pilot.pause()
        grid = screen.render_grid(True).plain
        assert "A♠" not in grid and "J♥" not in grid and "J♦" in grid


async def test_the_cursor_leaves_collected_places_and_a_face_up_card_gives_a_message(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=BY_RANK)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await two_people_after_the_cut(pilot, app)
        await pilot.press("enter", "left", "enter")  # a pair taken at 51 and 50
        await pilot.pause()
        assert screen.spot not in (50, 51) and screen.view.present[screen.spot]
        await pilot.press("left", "left")
        assert screen.spot == 48  # 50 and 51 are skipped on the way back
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert "already face up" in prompt(screen)
        assert len(screen.game.s.up) == 1


async def test_a_whole_game_against_a_bot_ends_on_the_result_screen():
    setup = GameSetup.solo(SPEC, 2, seed=4, level="hard", options={"max_turns": 20})
    app = make_clocked_app(setup, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(3000):
            if screen.game.is_over:
                break
            if screen.actor is not None:
                await pilot.press("right", "enter")
            else:
                app.clock.advance(0.1)  # the bot's turn (at pace 0.01 it takes far less), or a pair shown
                await pilot.pause()
        assert screen.game.is_over
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))


async def test_six_players_fit_at_80x24_with_one_line_cells(app_factory):
    setup = GameSetup.solo(SPEC, 6, seed=2, level="easy")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen._center_height() < 13
        grid = screen.render_grid(False)
        assert len(grid.plain.splitlines()) == 8 and max(len(line) for line in grid.plain.splitlines()) <= 80
        assert screen.query_one("#center").size.height >= 9


@pytest.mark.parametrize("players", [2, 6])
async def test_the_grid_is_numbered_as_the_log_names_places(app_factory, players):
    # The log says "row 3, column 12"; the grid now says which row and column that is.
    setup = GameSetup.solo(SPEC, players, seed=1, humans=1, deck=BY_RANK)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("left", "left", "up", "enter")  # round to row 4, column 12, then up a row
        await pilot.pause()
        lines = screen_text(app).splitlines()
        logged = next(line for line in lines if "You cut" in line)
        card = logged.split("You cut ")[1].split(" ")[0]
        assert "(row 3, column 12)" in logged
        header = next(line for line in lines if line.split()[:3] == ["1", "2", "3"])
        row = next(line for line in lines if line.startswith("3 "))
        assert header.split()[-1] == "13"
        assert (row.index(card) - 2) // 6 == (header.index("12") - 2) // 6  # under the column's number


async def test_a_pair_taken_shows_where_it_lay_as_an_empty_place_not_as_cards_in_play(app_factory):
    # Issue 26.19: taken pairs stayed face up in place, boxed like cards still in play
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=BY_RANK)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await two_people_after_the_cut(pilot, app)
        await pilot.press("enter", "left", "enter", "left")  # the aces at row 4, columns 13 and 12
        await pilot.pause()
        rows = screen_text(app).splitlines()
        middle = next(i for i, line in enumerate(rows) if line.startswith("4 "))
        top, faces, bottom = (rows[middle + k][2 + 6 * 11 :] for k in (-1, 0, 1))
        assert top.split() == ["·····", "·····"] and bottom.split() == ["·····", "·····"]
        assert faces.split() == ["A♥", "A♠"] and "│" not in faces
