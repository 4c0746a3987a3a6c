"""The reaction games and War at 80x24, at every player count, solo and hot-seat: whatever the
table shows, no seat panel line wraps or is cut, the centre fits its space, and the log, the
prompt and the footer stay on screen.

The table is driven through the engine (random legal moves, a fixed seed) and each change is
shown through the screen's own path, so many states are seen without waiting on bots.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from ui_helpers import drawn_once

GAME_IDS = ["war", "slapjack", "snap", "egyptian-ratscrew", "salute-the-king", "animals"]
# Every player count with one person; two at a shared keyboard (whose key captions widen the
# seat panels) at the smallest and the largest table, where the panels are widest and narrowest.
CASES = [
    (game_id, players, humans)
    for game_id in GAME_IDS
    for players in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)
    for humans in (1, 2)
    if humans == 1 or players in (GAMES[game_id].min_players, GAMES[game_id].max_players)
]
STEPS = 60  # moves per table
CHECK_EVERY = 3


def lines_at(renderable: RenderableType, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(renderable, end="")
    return capture.get().rstrip("\n").split("\n")


def fits(renderable: RenderableType, width: int) -> str | None:
    """None if ``renderable`` draws at ``width`` as it would on an endless line; else what broke."""
    natural = lines_at(renderable, 400)
    drawn = lines_at(renderable, width)
    if len(drawn) != len(natural):
        return f"wraps at {width}: {natural!r}"
    for wide, narrow in zip(natural, drawn):  # (centred lines sit elsewhere on an endless line)
        if wide.strip() != narrow.strip():
            return f"cut at {width}: {wide.strip()!r} shows as {narrow.strip()!r}"
    return None


def check(app, where: str) -> None:
    screen = app.screen
    for seat in range(screen.game.players):
        panel = screen.query_one(f"#seat-{seat}")
        problem = fits(screen.render_seat(seat), panel.content_size.width)
        assert problem is None, f"{where}: seat {seat} {problem}"
    center = screen.query_one("#center")
    drawn = lines_at(screen.render_center(), center.content_size.width)
    assert fits(screen.render_center(), center.content_size.width) is None, f"{where}: centre {drawn}"
    assert len(drawn) <= center.content_size.height, f"{where}: centre needs {len(drawn)} lines: {drawn}"
    prompt = screen.prompt()
    assert cell_len(prompt) <= screen.query_one("#prompt").content_size.width, f"{where}: prompt {prompt!r}"
    rows = {wid: screen.query_one(f"#{wid}").region for wid in ("log", "prompt")}
    assert rows["log"].height == 4 and rows["prompt"].y == 22, f"{where}: {rows}"


@pytest.mark.parametrize(
    ("game_id", "players", "humans"), CASES, ids=[f"{g}-{p}p-{'hotseat' if h == 2 else 'solo'}" for g, p, h in CASES]
)
async def test_every_table_fits_80x24(app_factory, game_id, players, humans):
    setup = GameSetup.solo(GAMES[game_id], players, seed=players, humans=humans)
    app = app_factory(setup)  # the bots never move: the moves below are the test's
    rng = random.Random(players * 10 + humans)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.game
        check(app, "at the start")
        moves = 0
        while moves < STEPS:
            with drawn_once(screen):  # (only the state a check looks at is drawn)
                for _ in range(CHECK_EVERY if moves else 1):
                    action = random_move(screen, rng)
                    moves += 1
                    if game.is_over:
                        break
            if game.is_over:
                break  # the result screen is on its way
            await pilot.pause()
            check(app, f"after {moves} moves ({action})")


def random_move(screen, rng: random.Random):
    """A random legal move, shown through the screen's own path; the move."""
    game = screen.game
    seat = rng.choice(game.actors())
    legal = game.legal_actions(seat)
    # mostly ordinary moves, so the game gets somewhere; now and then a claim
    plain = [a for a in legal if a.kind not in screen.spec.claim_kinds]
    action = rng.choice(plain if plain and rng.random() < 0.8 else legal)
    screen._on_table(game.apply(seat, action), seat)
    return action
