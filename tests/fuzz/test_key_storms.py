"""Key and resize storms in every registered game, alone against bots and hot-seat.

A seeded random walk of keys (each game's own keys, both hot-seat halves, the menu keys, digits,
arrows, escape, enter) arriving in bursts faster than the app handles them (runs, a key hammered,
two keys in turn), mixed with terminal
resizes to sizes below and above the minimum. Whatever the walk does (pause, rules, log, leave,
play again, a new game from the menu), the app must not raise, and its screens must stay in
order: the menu at the bottom, at most one setup, game or result screen on it, only dialogs
above that, and no "terminal too small" notice once the terminal is big enough again. After
each storm, at 80x24 again, every screen that shows is laid out for 80x24, and the arcade still
answers: F1 (or escape, where F1 means nothing: a dialog) changes the screen, back to the menu,
and the menu moves.

``STORM_KEYS`` per case keeps the suite quick; ``CARDARCADE_FUZZ_KEYS=5000`` storms longer by hand.
"""

from __future__ import annotations

import os
import random

import pytest
from textual import events
from textual.geometry import Size
from textual.screen import ModalScreen

from cardarcade.catalog import CATALOG
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.size_fit import MIN_HEIGHT, MIN_WIDTH
from cardarcade.ui.keyguard import BURST
from cardarcade.ui.games import screen_class
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.textual_compat import background_screens, driver_of, laid_out_size, notifications, set_driver_size

STORM_KEYS = int(os.environ.get("CARDARCADE_FUZZ_KEYS", "24"))
SIZES = [(80, 24), (80, 24), (100, 30), (60, 20), (79, 24), (80, 23), (30, 8), (160, 50)]
CHARACTERS = {
    "enter": "\r",
    "space": " ",
    "escape": "\x1b",
    "tab": "\t",
    "backspace": "\x7f",
    "comma": ",",
    "full_stop": ".",
    "slash": "/",
    "minus": "-",
    "equals_sign": "=",
    "question_mark": "?",
    "greater_than_sign": ">",
}
_ALL_KEYS = sorted(
    {
        key
        for game_id in CATALOG
        for verb in screen_class(game_id).KEYS
        if verb.per_person  # (the keys a seat owns: the reaction games')
        for key in (*verb.solo_keys, *verb.half_keys(0), *verb.half_keys(1))
    }
    | set(CHARACTERS)
    | {
        "up",
        "down",
        "left",
        "right",
        "home",
        "end",
        "pageup",
        "pagedown",
        "f1",
        "f2",
        "q",
        "y",
        "n",
        "t",
        "h",
        "r",
        "s",
        "c",
        "d",
        "x",
        "a",
        "b",
    }
)
# Answering keys come up more often, as they do in play: a storm of rare keys opens no dialogs.
KEYS = _ALL_KEYS + ["enter"] * 8 + ["space", "escape", "1", "2", "3"] * 3


def cases():
    for game_id, spec in GAMES.items():
        yield pytest.param(game_id, 1, id=f"{game_id}-solo")
        people = min(2, spec.max_players, screen_class(game_id).MAX_PEOPLE or 2)
        if people > 1:
            yield pytest.param(game_id, people, id=f"{game_id}-hotseat")


def key_event(app: ArcadeApp, key: str) -> events.Key:
    event = events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None))
    event.set_sender(app)
    return event


def resize(app: ArcadeApp, size: tuple[int, int]) -> None:
    set_driver_size(app, Size(*size))  # the headless driver reports the size it was given
    app.post_message(events.Resize(Size(*size), Size(*size)))


def stack_faults(app: ArcadeApp) -> list[str]:
    """What is out of order in the screen stack."""
    stack = app.screen_stack
    names = [type(s).__name__ for s in stack]
    faults = []
    if not isinstance(stack[0], MenuScreen):
        faults.append(f"the menu is not at the bottom: {names}")
    full = [i for i, s in enumerate(stack) if not isinstance(s, ModalScreen)]
    if full not in ([0], [0, 1]):
        faults.append(f"more than one screen on the menu: {names}")
    small = app.size.width < MIN_WIDTH or app.size.height < MIN_HEIGHT
    notices = [i for i, n in enumerate(names) if n == "TooSmallScreen"]
    if not small and notices:
        faults.append(f"a too-small notice at {app.size}: {names}")
    if len(notices) > 1:
        faults.append(f"two too-small notices: {names}")
    return faults


async def layout_faults(app: ArcadeApp, pilot) -> list[str]:
    """The screens that show (the one on top and those behind it that Textual draws with it)
    laid out for a size other than the terminal's, once each has had its time (up to a second:
    each screen lays itself out in its own turn). ``Screen.size`` is the app's size whatever was
    laid out; what was laid out, and is drawn, is the compositor's."""
    for _ in range(20):
        faults = [
            f"{type(s).__name__} laid out for {tuple(laid_out_size(s))} in {tuple(app.size)}"
            for s in (app.screen, *background_screens(app))
            if laid_out_size(s) != app.size
        ]
        if not faults:
            break
        await pilot.pause(0.05)
    return faults


async def answers(app: ArcadeApp, pilot, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether the key a player would press next changes the screen: F1 (the rules) where the
    screen on top takes it, else escape (a dialog's own answer, or the way back). The rules come
    up as a line, not as their Markdown: that takes longer to lay out than a storm to play."""
    from textual.widgets import Static

    from cardarcade.ui.screens.rules import RulesScreen

    monkeypatch.setattr(RulesScreen, "compose", lambda self: iter([Static(self.spec.title)]))
    before = list(app.screen_stack)
    f1 = app.active_bindings.get("f1")
    await pilot.press("f1" if f1 is not None and f1.enabled else "escape")
    await pilot.pause()
    return list(app.screen_stack) != before


def burst(rng: random.Random) -> list[str]:
    """Keys typed together: a random run, a key hammered ("enter enter"), or two keys in turn
    ("1212"), the habits that answer one question twice."""
    kind = rng.random()
    if kind < 0.4:
        return [rng.choice(KEYS) for _ in range(rng.randint(1, 6))]
    if kind < 0.7:
        return [rng.choice(KEYS)] * rng.randint(2, 3)
    return [rng.choice(KEYS), rng.choice(KEYS)] * 2


async def storm(app: ArcadeApp, pilot, rng: random.Random, keys: int) -> int:
    """Up to ``keys`` keys with resizes and pauses between; returns the keys sent. Stops early if
    a quit key in the storm ended the app (by design: q or escape on the menu quits)."""
    sent = 0
    while sent < keys and app.is_running:
        roll = rng.random()
        if roll < 0.08:
            resize(app, rng.choice(SIZES))
        elif roll < 0.15:
            await pilot.pause(rng.choice((0.0, 0.01, 0.05)))
        else:
            for key in burst(rng):
                driver_of(app).send_message(key_event(app, key))
                sent += 1
            await pilot.pause()
        if app.is_running:
            faults = stack_faults(app)
            assert not faults, faults
    return sent


@pytest.mark.parametrize(("game_id", "people"), list(cases()))
async def test_a_key_and_resize_storm_leaves_the_arcade_whole(game_id: str, people: int, monkeypatch):
    spec = GAMES[game_id]
    rng = random.Random(f"{game_id}-{people}")
    players = max(spec.min_players, min(spec.max_players, people + 1)) if people > 1 else None
    sent = 0
    while sent < STORM_KEYS:  # a new arcade each time the storm happens to quit one
        setup = GameSetup.solo(spec, players, humans=people, level="hard", seed=rng.randrange(2**31))
        app = ArcadeApp(start=setup, settings=UISettings(pace=0.02, countdown=0, result_delay=0.02, result_guard=0.0))
        async with app.run_test(size=(80, 24)) as pilot:  # an exception in the app is raised here
            sent += await storm(app, pilot, rng, STORM_KEYS - sent)
            if not app.is_running:
                continue
            resize(app, (80, 24))
            await pilot.pause(0.05)
            await pilot.pause()
            assert not stack_faults(app), stack_faults(app)
            faults = await layout_faults(app, pilot)
            assert not faults, faults
            on_top = [type(s).__name__ for s in app.screen_stack]
            assert await answers(app, pilot, monkeypatch), f"F1 and escape ignored on {on_top}"
            app.leave_game()
            await pilot.pause()
            assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen"]
            menu = app.screen.query_one("GameList")
            before = menu.highlighted
            await pilot.press("down")
            assert menu.highlighted != before


HELD_KEYS = [("escape", 60), ("f1", 15), ("f2", 15), ("question_mark", 10)]  # (a second or two held)


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_a_held_down_screen_key_does_not_pile_up_and_the_next_key_is_answered(game_id: str):
    """A key held down repeats far faster than a screen opens: its backlog is let go (said once),
    the screen changes only a few times, and the next key is acted on at once."""
    spec = GAMES[game_id]
    setup = GameSetup.solo(spec, None, level="easy", seed=7)
    app = ArcadeApp(start=setup, settings=UISettings(pace=0.5, countdown=0))
    changes = []
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen_change_signal.subscribe(app, changes.append)
        for key, times in HELD_KEYS:
            for _ in range(times):  # what the terminal hands over in one read after a long hold
                driver_of(app).send_message(key_event(app, key))
            await pilot.pause()

        def said() -> list[str]:
            return [n.message for n in notifications(app) if "were let go" in n.message]

        for _ in range(200):  # until the storm has been worked through and said
            if said():
                break
            await pilot.pause(0.05)
        assert len(changes) < 30, f"{len(changes)} screen changes for {sum(n for _, n in HELD_KEYS)} held keys"
        assert 1 <= len(said()) <= 3  # once a storm (a very busy machine may see one storm as two)
        app.leave_game()
        await pilot.pause()
        before = app.screen.query_one("GameList").highlighted
        await pilot.press("down")
        assert app.screen.query_one("GameList").highlighted != before


async def test_a_line_typed_ahead_into_a_text_field_is_taken_whole_however_long_it_waited():
    """Keys that waited long in a burst are a held key's backlog, except in a text field: there
    they are a line typed ahead (or sent in one write by an SSH client), every key meant."""
    from textual.widgets import Input

    from cardarcade.ui.screens.setup import SetupScreen

    app = ArcadeApp(settings=UISettings(pace=0.5, countdown=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(GAMES["war"]))
        await pilot.pause()
        seed = app.screen.query_one("#seed", Input)
        seed.focus()
        await pilot.pause()
        typed = "31415926535897932384"
        for digit in typed:  # made two seconds ago, all at once: waited far longer than a backlog may
            event = key_event(app, digit)
            event.time -= 2.0
            driver_of(app).send_message(event)
        await pilot.pause(0.2)
        assert seed.value == typed
        app.screen.set_focus(None)  # the same wait outside a text field: a backlog, let go
        for _ in range(BURST + 5):
            event = key_event(app, "down")
            event.time -= 2.0
            driver_of(app).send_message(event)
        await pilot.pause(0.2)
        assert app.key_intake.guard.dropped > BURST


async def test_keys_typed_together_at_a_question_ask_it_once(monkeypatch):
    """Go Fish, three players: enter asks whom to ask. Three enters in one read were all queued
    for the game before the first was acted on, and the game acted on each under the question
    the one before had opened: three questions, one over the other, ignoring F1 and taking an
    escape apiece. The keys behind the one that opened it are let go (and said, with a storm's
    others)."""
    setup = GameSetup.solo(GAMES["go-fish"], 3, level="easy", seed=1)
    app = ArcadeApp(start=setup, settings=UISettings(pace=0.02, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        for _ in range(100):
            if game.actor is not None:
                break
            await pilot.pause(0.05)
        assert game.actor is not None and len(game.game.targets(game.actor)) > 1
        for _ in range(3):
            driver_of(app).send_message(key_event(app, "enter"))
        await pilot.pause(0.2)
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "GoFishScreen", "ChoiceScreen"]
        assert app.key_intake.guard.dropped == 2
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
        assert await answers(app, pilot, monkeypatch)  # F1: the rules


async def test_a_screen_opened_while_the_terminal_is_too_small_opens_under_the_notice(monkeypatch):
    """Something opening while the notice is up (a hot-seat cover whose turn just ended, a
    question a game asks on its own) went over the notice; once the terminal grew, the notice
    stayed (only the top screen is taken off), at a size that needs none, answering only q, with
    the game behind it laid out for the small terminal. And a screen closing everything over the
    game took the notice with it while the terminal was still too small."""
    from cardarcade.ui.screens.pause import ConfirmScreen

    setup = GameSetup.solo(GAMES["war"], None, level="easy", seed=1)
    app = ArcadeApp(start=setup, settings=UISettings(pace=0.02, countdown=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        resize(app, (30, 8))
        await pilot.pause(0.05)
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "WarScreen", "TooSmallScreen"]
        app.push_screen(ConfirmScreen("Leave this game?"))
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack][-1] == "TooSmallScreen"
        resize(app, (80, 24))
        await pilot.pause(0.05)
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "WarScreen", "ConfirmScreen"]
        faults = await layout_faults(app, pilot)
        assert not faults, faults
        assert await answers(app, pilot, monkeypatch)  # escape: no
        resize(app, (60, 20))
        await pilot.pause(0.05)
        app.leave_game()  # (as a seat taken over by another session does)
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "TooSmallScreen"]


async def test_a_screen_seen_behind_another_after_a_resize_is_laid_out_for_the_terminal():
    """A hot-seat cover with the pause menu over it: a resize went to the menu and the cover,
    not to the game under the (opaque) cover. Once the menu closed, the game was the screen
    behind the cover, still laid out for the old size: Textual lays out again only the screen
    that comes back on top."""
    setup = GameSetup.solo(GAMES["thirteen"], 2, humans=2, level="easy", seed=1)
    app = ArcadeApp(start=setup, settings=UISettings(pace=0.02, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):  # the cover for the first person
            if type(app.screen).__name__ == "CoverScreen":
                break
            await pilot.pause(0.05)
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "ThirteenScreen", "CoverScreen"]
        await pilot.press("escape")  # the game's menu, over the cover
        await pilot.pause()
        resize(app, (100, 30))
        await pilot.pause(0.05)
        await pilot.press("escape")
        await pilot.pause(0.05)
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "ThirteenScreen", "CoverScreen"]
        faults = await layout_faults(app, pilot)
        assert not faults, faults
