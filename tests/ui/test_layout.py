"""Every game's screen at 80x24, at its smallest, usual and largest table, through some random
legal play: the prompt and the footer stay on screen and whole, nothing in a seat panel wraps,
card art never wraps, and no fanned card loses its rank or suit.

A property over every registered game, so a new game or table size is checked as it comes.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games import screen_class
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.games.turn import ChoiceScreen
from ui_helpers import drawn_once, screen_text

STATES = (0, 6, 25, 80)  # random legal moves made before each look
CUT_TEN = re.compile(r"│1(?!0)| 1│")  # a 10 showing only its "1" (its index, or its corner under the next card)
NARROW_FAN = re.compile(r"╭─?╭")  # a fanned card under three columns wide: its index cannot show


def rendered(renderable, width: int) -> list[str]:
    """The lines ``renderable`` takes at ``width`` columns (as Rich lays it out, as Textual does)."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(renderable, end="")
    lines = capture.get().split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def tables():
    """(game id, players, people, pass the deal) for every game: its smallest, usual and largest
    table with one person (seated last at the largest), and two at a shared keyboard where the
    keyboard is split."""
    for game_id, spec in GAMES.items():
        sizes = sorted({spec.min_players, spec.default_players, spec.max_players})
        for players in sizes:
            yield game_id, players, 1, players == spec.max_players and players > spec.min_players
        if spec.realtime:
            yield game_id, spec.max_players, 2, False


def case_param(game_id: str, players: int, people: int, passed: bool):
    return pytest.param(
        game_id, players, people, passed, id=f"{game_id}-{players}p-{people}people{'-passed' if passed else ''}"
    )


CASES = [case_param(*case) for case in tables()]


def faults(app, screen) -> list[str]:
    """What is wrong with the screen as it shows now."""
    found = []
    height = app.size.height
    text = screen_text(app)
    rows = text.split("\n")
    if "Menu" not in rows[-1]:
        found.append(f"the footer is off screen: last row {rows[-1]!r}")
    prompt = screen.query_one("#prompt")
    region = prompt.region
    if region.height < 1 or region.bottom > height - 1:
        found.append(f"the prompt is pushed off screen ({region})")
    elif "prompt" in screen._shown:
        needed = len(rendered(screen._shown["prompt"], prompt.content_size.width))
        if needed > region.height:
            found.append(f"the prompt is cut: {needed} lines in {region.height}: {str(prompt.render())!r}")
    for seat in range(screen.game.players):
        panel = screen.query_one(f"#seat-{seat}")
        shown = screen._shown.get(f"seat-{seat}")
        width = panel.content_size.width
        if shown is None or width <= 0:
            continue
        narrow, wide = rendered(shown, width), rendered(shown, 1000)
        if len(narrow) > len(wide):
            found.append(f"seat {seat + 1}'s panel wraps at {width} columns: {wide[:2]}")
        if panel.region.bottom > height - 2:
            found.append(f"seat {seat + 1}'s panel runs off the table ({panel.region})")
    for part in ("center", "hand"):
        widgets = screen.query(f"#{part}")
        if not widgets or part not in screen._shown or widgets.first().content_size.width <= 0:
            continue
        widget = widgets.first()
        needed = len(rendered(screen._shown[part], widget.content_size.width))
        if needed > widget.content_size.height:
            found.append(f"the {part} needs {needed} lines and has {widget.content_size.height}: its end is cut")
    for r, row in enumerate(rows[:-1]):
        for c, char in enumerate(row):
            if char == "╭" and (c >= len(rows[r + 1]) or rows[r + 1][c] not in "│┊"):
                found.append(f"broken card art (a row of cards wrapped?) at line {r + 1}: {row.strip()[:60]!r}")
                break
    if CUT_TEN.search(text):
        found.append("a 10 shows as 1")
    if NARROW_FAN.search(text):
        found.append("a fanned card is too narrow to show its rank and suit")
    return found


def random_moves(screen, rng: random.Random, count: int) -> None:
    """Random legal moves by anyone at the table, straight through the table (events, log),
    the table drawn after the last."""
    game = screen.game
    with drawn_once(screen):
        for _ in range(count):
            actors = game.actors()
            if not actors:
                return
            seat = rng.choice(actors)
            legal = game.legal_actions(seat)
            if legal:
                screen.table._apply(seat, rng.choice(legal))


@pytest.mark.parametrize("game_id, players, people, passed", CASES)
async def test_the_screen_keeps_its_shape_through_play(app_factory, game_id, players, people, passed):
    spec = GAMES[game_id]
    most = screen_class(game_id).MAX_PEOPLE
    if most is not None and people > most:
        pytest.skip("no shared keyboard in this game")
    setup = GameSetup.solo(spec, players, seed=3, humans=people)
    if passed:
        setup = setup.again()
    app = app_factory(setup)  # bots never move on their own: the test moves everyone
    rng = random.Random(f"{game_id}:{players}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for _ in range(people):  # a choice each before play (Cash's secret signals at one keyboard)
            if not isinstance(app.screen, ChoiceScreen):
                break
            await pilot.press("1")
            await pilot.pause()
        await check_through_play(pilot, screen, rng)


async def check_through_play(pilot, screen, rng: random.Random) -> None:
    """Random legal moves, the screen checked after each batch of them (``STATES``)."""
    app, done = pilot.app, 0
    for moves in STATES:
        random_moves(screen, rng, moves - done)
        done = moves
        if screen.game.is_over:
            break
        for _ in range(3):  # (a footer whose keys changed is built again over a few turns of the loop)
            await pilot.pause()
        if app.screen is not screen:
            break  # a dialog of the game's own (a choice to make): the table under it is not in view
        assert not (found := faults(app, screen)), f"after {moves} moves: " + "; ".join(found)
