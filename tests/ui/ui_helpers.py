"""What the UI tests share: waiting for the table, packs stacked for a test, the screen as text.

Test files import it as ``from ui_helpers import ...`` (tests/ui is on sys.path, as for any test
module without an ``__init__.py``).
"""

from __future__ import annotations

import io
from contextlib import contextmanager
from typing import Any
from collections.abc import AsyncIterator, Callable, Iterator

from rich.console import Console, RenderableType

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.seating import GameSetup
from cardarcade.table.clock import VirtualClock
from cardarcade.ui.app import ArcadeApp, UISettings
from tests.colours import contrast
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import CoverScreen
from cardarcade.ui.textual_compat import (
    driver_of,
    has_changes_to_draw,
    laid_out_size,
    rendered_strips,
    replace_screen_compositor_refresh,
    screen_compositor_refresh,
)


class ClockedApp(ArcadeApp):
    """An app whose tables run on a clock the test moves (``app.clock.advance``): a beat, a bot's
    move or a count ends when the test says, however busy the machine is."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.clock = VirtualClock(start=1000.0)

    def table_clock(self) -> VirtualClock:
        return self.clock


def make_clocked_app(setup: GameSetup | None = None, pace: float = 1000.0) -> ClockedApp:
    """Like ``make_app``, on a virtual clock."""
    return ClockedApp(
        start=setup,
        settings=UISettings(pace=pace, countdown=0, result_delay=0.05, result_guard=0.0, hard_bot_seconds=None),
    )


async def advance_until(
    pilot, predicate: Callable[[], bool], step: float = 0.05, most: float = 60.0, what: Callable[[], str] = lambda: ""
) -> None:
    """Move a ``ClockedApp``'s clock ``step`` seconds at a time (its bots move, its counts run),
    letting the app handle what came of each step, until ``predicate()`` holds; fail after ``most``
    seconds of table time."""
    app = pilot.app
    for _ in range(round(most / step)):
        if predicate():
            return
        app.clock.advance(step)
        await pilot.pause()
    raise AssertionError(f"condition never became true in {most} s of table time {what()}".rstrip())


async def wait_for(
    pilot, predicate: Callable[[], bool], tries: int = 400, what: Callable[[], str] = lambda: ""
) -> None:
    """Let the app run (20 ms at a time) until ``predicate()`` holds and the screen on top shows
    it (``screen_drawn``); fail after ``tries``."""
    for _ in range(tries):
        if predicate():
            await screen_drawn(pilot)
            return
        await pilot.pause(0.02)
    raise AssertionError(f"condition never became true {what()}".rstrip())


async def screen_drawn(pilot, tries: int = 400) -> None:
    """Let the app finish what it was doing and draw it: the screen on top mounted with all its
    widgets and laid out for the terminal. A state (a screen pushed, a move made) comes before the
    screen that shows it: a look at the screen straight after found the last one's lines, or none
    (a result screen read before it was laid out), on a loaded machine."""
    app = pilot.app
    for _ in range(tries):
        if not app.is_running:
            return  # (the app has ended: nothing more to draw)
        await pilot.pause()  # (each message the screen and its widgets had waiting, handled; then drawn)
        screen = app.screen
        if (
            screen.is_mounted
            and all(widget.is_mounted for widget in screen.walk_children())
            and laid_out_size(screen) == app.size
        ):
            return
    raise AssertionError(f"{type(app.screen).__name__} was never drawn")


async def pass_cover(app, pilot, player: str):
    """Check the hot-seat cover asks for ``player``, press enter past it, and return the game screen."""
    await pilot.pause()
    assert isinstance(app.screen, CoverScreen) and app.screen.player == player
    await pilot.press("enter")
    await pilot.pause()
    return app.screen


async def hot_seat_turns(
    pilot, screen, most: int, hidden: Callable[[Any], bool] = lambda view: view.hand == []
) -> AsyncIterator[int]:
    """Each turn of a hot-seat game on ``screen``, up to ``most`` of them, then its result.

    Before a new person's turn the cover must name them and keep ``hidden(view)`` true (nothing
    private shows under it); it is passed with enter, and the table then shows that person's seat.
    Yields the seat whose turn it is; the caller plays it. Fails unless the result comes.
    """
    app = pilot.app
    for _ in range(most):
        await wait_for(pilot, lambda: isinstance(app.screen, (ResultScreen, CoverScreen)) or screen.actor is not None)
        if isinstance(app.screen, ResultScreen):
            return
        if isinstance(app.screen, CoverScreen):
            player = app.screen.player
            assert player is not None and hidden(screen.view), "something private shows under the cover"
            await pilot.press("enter")
            await pilot.pause()
            assert screen.names[screen.viewer] == player
        yield screen.viewer
    await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), what=lambda: f"after {most} turns")


async def play_first_playable(pilot, screen) -> None:
    """Play the first card in hand the view marks playable, by keys."""
    ok = set(screen.view.playable)
    target = next(i for i, c in enumerate(screen.hand_cards()) if c in ok)
    await pilot.press("home", *(["right"] * target), "enter")
    await pilot.pause()


@contextmanager
def drawn_once(screen) -> Iterator[None]:
    """Moves made at ``screen``'s table inside take their whole path (events, log, autosave,
    result) but the table is drawn once, at the end. For tests that look only at the state the
    moves lead to: drawing every move between looks was most of their time."""
    screen.refresh_all = lambda: None  # an instance attribute shadows the screen's own method
    try:
        yield
    finally:
        del screen.refresh_all
    screen.refresh_all()


def deck_starting(text: str, rest_key: Callable[[Card], Any] | None = None) -> list[Card]:
    """A full pack whose first cards are ``text`` (dealt round robin from seat 0); the rest in
    pack order, or sorted by ``rest_key``."""
    first = cards(text)
    rest = [c for c in standard_deck() if c not in first]
    return first + (sorted(rest, key=rest_key) if rest_key else rest)


def screen_text(app) -> str:
    """Every line of the screen on top, as plain text."""
    return "\n".join(strip.text for strip in rendered_strips(app.screen))


def unreadable_suits(app) -> list[str]:
    """What the screen on top draws with a suit symbol in a colour too close to its background
    (contrast under 3:1, as drawn after Textual's blending): the suits' colours are chosen for a
    card's face, and on the felt a black or red suit all but vanishes."""

    def readable(style) -> bool:
        if style.color is None or style.color.triplet is None:
            return True  # the terminal's own colour
        ground = style.bgcolor.triplet.hex if style.bgcolor is not None and style.bgcolor.triplet else app.palette.felt
        return contrast(style.color.triplet.hex, ground) >= 3

    return [
        segment.text
        for strip in rendered_strips(app.screen)
        for segment in strip
        if segment.style is not None and any(suit in segment.text for suit in "♠♥♦♣") and not readable(segment.style)
    ]


def prompt(screen) -> str:
    """The prompt line as it shows now."""
    return str(screen.query_one("#prompt").render())


def text_of(renderable: RenderableType) -> str:
    """What a renderable shows, as plain text (80 columns)."""
    console = Console(width=80, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def key_event(app, key: str):
    """A key event stamped now (its press time), to hand to the app later with
    ``driver_of(app).send_message``: a key read at once but handled late, as on a busy machine."""
    from textual import events

    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    return event


async def burst(pilot, *keys: str) -> None:
    """Keys arriving together, as a terminal delivers fast typing in one read: all are queued
    before the app handles any (``pilot.press`` lets the app settle after each key)."""
    app = pilot.app
    for key in keys:
        driver_of(app).send_message(key_event(app, key))
    await pilot.pause()
    await pilot.pause()


async def store_settled(pilot) -> None:
    """Every store read and write asked so far has ended and its answer is on the screen (the
    screens read the stores off the loop, in the store worker), including reads those answers ask."""
    for _ in range(20):
        await pilot.pause()
        if pilot.app.store_writer.idle:
            await pilot.pause()  # (what the last answer changed, drawn)
            return
        await pilot.app.store_writer.settled()


async def press_settled(pilot, *keys: str) -> None:
    """Each key, and what it has the store read shown before the next."""
    for key in keys:
        await pilot.press(key)
        await store_settled(pilot)


@contextmanager
def frames_drawn(app, describe: Callable[[Any], Any] = lambda screen: type(screen).__name__) -> Iterator[list]:
    """Each frame the screen on top draws, as ``describe`` gives it (by default the screen's name;
    headless, the frame is worked out all the same: only writing it to a terminal is left out)."""
    drawn = screen_compositor_refresh()
    frames: list = []

    def counted(screen) -> None:
        if screen is app.screen and has_changes_to_draw(screen):
            frames.append(describe(screen))
        drawn(screen)

    replace_screen_compositor_refresh(counted)
    try:
        yield frames
    finally:
        replace_screen_compositor_refresh(drawn)
