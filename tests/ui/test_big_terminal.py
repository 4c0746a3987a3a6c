"""The room of a big terminal (issue 26.23): larger cards and whole hands where they fit, a
longer log, a wider menu; and a covered 10 that never reads "1", at any width."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

from cardarcade.cards import cards
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.themes import MONOCHROME
from cardarcade.ui.widgets.cards import LARGE, SMALL, Slot, render_row
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.games.turn import ChoiceScreen
from test_layout import check_through_play, faults
from ui_helpers import screen_text

CUT_TEN = re.compile(r"1(?!0)")  # inside card art, a "1" is always what is left of a cut "10"
TENS = [Slot(c) for c in cards("10s 10h 10d 10c 9s")]


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["small", "large"])
@pytest.mark.parametrize("overlap", range(1, 7))
def test_a_covered_ten_never_reads_one_however_far_it_is_covered(size, overlap):
    lines = render_row(TENS, MONOCHROME.palette, overlap=overlap, size=size).plain.split("\n")
    assert len(lines) == size.height
    assert not [line for line in lines if CUT_TEN.search(line)], "\n".join(lines)
    assert lines[1].count("10") == 4  # each card's index shows whole


def go_fish(**kw) -> GameSetup:
    return GameSetup.solo(GAMES["go-fish"], 3, seed=1, **kw)


def hand_art(app) -> list[str]:
    """The lines inside the hand's cards as the screen shows them (their borders left out)."""
    region = app.screen.query_one("#hand").region
    rows = screen_text(app).split("\n")[region.y : region.bottom]
    return [row for row in rows if "│" in row and "╭" not in row and "╰" not in row]


async def test_a_thirteen_card_hand_at_120x40_is_drawn_in_larger_cards_every_rank_whole(app_factory):
    app = app_factory(go_fish())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        hand = screen.hand_cards()
        assert len(hand) == 13 and any(c.rank.label == "10" for c in hand)
        art = hand_art(app)
        assert len(art) == LARGE.height - 2, "\n".join(art)  # the hand's cards are the larger ones
        assert not [row for row in art if CUT_TEN.search(row)], "\n".join(art)
        assert art[0].split() == ["│" + c.rank.label for c in hand] + ["│"]  # every card's index


async def twenty_log_lines(pilot):
    """The game on screen, with twenty lines in its log ('line 0' to 'line 19')."""
    await pilot.pause()
    screen = pilot.app.screen
    for n in range(20):
        screen.add_log(Text(f"line {n}"))
    screen.refresh_all()
    await pilot.pause()
    return screen


async def test_a_tall_terminal_gives_the_log_more_lines(app_factory):
    app = app_factory(go_fish())
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await twenty_log_lines(pilot)
        text = screen_text(app)
        shown = [n for n in range(20) if f"line {n} " in text + " "]
        assert len(shown) >= 10 and shown[-1] == 19  # (at 80x24: the newest 3)
        assert not faults(app, screen)


async def test_a_terminal_made_taller_during_a_game_gets_the_larger_cards_and_longer_log(app_factory):
    app = app_factory(go_fish())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await twenty_log_lines(pilot)
        assert len(hand_art(app)) == SMALL.height - 2 and screen.log_rows() == 3
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert len(hand_art(app)) == LARGE.height - 2
        assert screen.log_rows() > 3 and f"line {20 - screen.log_rows()} " in screen_text(app)


BIG_TABLES = [
    ("go-fish", 6),
    ("thirteen", 8),
    ("machiavelli", 5),
    ("frogs-in-the-pond", 5),
    ("spoons", 12),
    ("cash", 8),
    ("schnapsen", 2),
    ("war", 3),
    ("slapjack", 4),
    ("egyptian-ratscrew", 4),
    ("salute-the-king", 4),
    ("snap", 3),
    ("animals", 4),
    ("speed", 2),
    ("california-speed", 2),
]


@pytest.mark.parametrize("size", [(120, 40), (160, 50)], ids=["120x40", "160x50"])
@pytest.mark.parametrize("game_id, players", BIG_TABLES, ids=[g for g, _ in BIG_TABLES])
async def test_a_big_terminals_table_keeps_its_shape_through_play(app_factory, game_id, players, size):
    app = app_factory(GameSetup.solo(GAMES[game_id], players, seed=3))
    rng = random.Random(game_id)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        if isinstance(app.screen, ChoiceScreen):  # (Cash's secret signal)
            await pilot.press("1")
            await pilot.pause()
        await check_through_play(pilot, screen, rng)


SNAPSHOT_GAMES = [("go-fish", 3), ("thirteen", 4), ("spoons", 6)]


@pytest.mark.parametrize("size", [(120, 40), (160, 50)], ids=["120x40", "160x50"])
@pytest.mark.parametrize("game_id, players", SNAPSHOT_GAMES, ids=[g for g, _ in SNAPSHOT_GAMES])
def test_big_terminal_snapshot(snap_compare, app_factory, game_id, players, size):
    # the bots never move (the test app's pace), so every frame is stable
    assert snap_compare(app_factory(GameSetup.solo(GAMES[game_id], players, seed=5)), terminal_size=size)


async def test_spoons_hand_is_drawn_in_the_larger_cards_on_a_tall_terminal(app_factory):
    for size, card in (((80, 24), SMALL), ((120, 40), LARGE)):
        app = app_factory(GameSetup.solo(GAMES["spoons"], 4, seed=1))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            region = app.screen.query_one("#center").region
            rows = screen_text(app).split("\n")[region.y : region.bottom]
            assert len([row for row in rows if "│" in row and "╭" not in row and "╰" not in row]) == card.height - 2


def card_art_runs(app, selector: str) -> list[int]:
    """The heights of the rows of cards inside ``selector`` (their borders left out): 3 lines a
    row for the small cards, 5 for the larger."""
    region = app.screen.query_one(selector).content_region
    rows = [row[region.x : region.right] for row in screen_text(app).split("\n")[region.y : region.bottom]]
    runs, run = [], 0
    for row in rows:
        if ("│" in row or "┊" in row) and "╭" not in row and "╰" not in row:
            run += 1
        elif run:
            runs, run = runs + [run], 0
    return runs + [run] if run else runs


# (game, players, people, keys pressed, where its cards lie): a table of each family of reaction games
REACTION_TABLES = [
    ("war", 3, 1, ["enter"], "#seat-0"),
    ("slapjack", 4, 1, ["enter"], "#center"),
    ("egyptian-ratscrew", 4, 1, ["enter"], "#center"),
    ("salute-the-king", 4, 1, ["enter"], "#center"),
    ("snap", 3, 1, ["enter"], "#center"),
    ("animals", 4, 1, ["1", "enter"], "#center"),
    ("speed", 2, 1, [], "#center"),
    ("california-speed", 2, 1, [], "#center"),
    ("speed", 2, 2, [], "#seat-0"),
]


@pytest.mark.parametrize(
    "game_id, players, people, keys, where",
    REACTION_TABLES,
    ids=[f"{g}-{p}-people" if p > 1 else g for g, _, p, _, _ in REACTION_TABLES],
)
async def test_a_reaction_games_table_at_160x50_draws_the_larger_cards(
    app_factory, game_id, players, people, keys, where
):
    app = app_factory(GameSetup.solo(GAMES[game_id], players, seed=3, humans=people))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        runs = card_art_runs(app, where)
        assert runs and all(run == LARGE.height - 2 for run in runs), screen_text(app)
