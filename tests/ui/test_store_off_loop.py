"""With ``--database`` every store call is a round trip, and on a server the event loop is every
session's: a screen that waits on the loop for the statistics, the saves or the settings holds up
everyone. Here each round trip to a real PostgreSQL takes half a second; opening the statistics
(and another profile's), the menu's count of saves, a game's set-up (its books), the saved games
and carrying a save on makes none of them on the loop's thread, the loop never stalls for one,
and the screens say they are loading and then show what is there."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from records import finished_war, record_war
from ui_helpers import screen_text, wait_for

from cardarcade.rules import GAMES
from cardarcade.store.database import Database
from cardarcade.store.user import UserStore
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.saves import ContinueScreen
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.screens.stats import StatsScreen

ROUND_TRIP = 0.5  # seconds each statement takes to come back


class SlowDatabase(Database):
    """A database far away: every statement (and every hold) takes ROUND_TRIP; those sent from
    the event loop's thread are noted."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.on_the_loop: list[str] = []
        self.answers: list[tuple[str, float, float]] = []  # (what, sent, answered) off the loop

    def _slow(self, what: str) -> None:
        if threading.current_thread() is threading.main_thread():
            self.on_the_loop.append(what)
        sent = time.perf_counter()
        time.sleep(ROUND_TRIP)
        self.answers.append((what, sent, time.perf_counter()))

    def execute(self, conn: Any, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        self._slow(" ".join(sql.split())[:60])
        return super().execute(conn, sql, args)

    def try_hold(self, key: int) -> bool:
        self._slow("a hold")
        return super().try_hold(key)

    def held_elsewhere(self) -> set[int]:
        self._slow("the holds")
        return super().held_elsewhere()


class LoopProbe:
    """When the event loop ran a task that asks every 5 ms."""

    def __init__(self) -> None:
        self.ticks: list[float] = []
        self._task: asyncio.Task | None = None

    async def _tick(self) -> None:
        while True:
            self.ticks.append(time.perf_counter())
            await asyncio.sleep(0.005)

    def waited_for(self, round_trips: list[tuple[str, float, float]]) -> list[str]:
        """The round trips the loop ran nothing during: it was waiting for them. (A loop merely
        slow on a loaded machine still runs now and then in half a second.)"""
        ticks = self.ticks
        return [what for what, sent, answered in round_trips if not any(sent < t < answered for t in ticks)]

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._tick())

    def stop(self) -> None:
        assert self._task is not None
        self._task.cancel()


async def test_screens_read_a_slow_database_off_the_loop(postgres_url: str, tmp_path: Path) -> None:
    ready = Database(postgres_url)
    there = UserStore(tmp_path / "there" / "data", tmp_path / "there" / "config", database=ready)
    record_war(there.stats, "ada", "won", "easy", at=1000.0)
    record_war(there.stats, "bea", "lost", "easy", at=1001.0)
    setup, _ = finished_war(3)
    there.saves.save("war-1", setup, setup.new_game(), 12.0)
    there.books.save_book("war", "Long wars", GAMES["war"].Options())  # kept on another machine
    ready.close()

    slow = SlowDatabase(postgres_url)
    store = UserStore(tmp_path / "data", tmp_path / "config", database=slow)
    app = ArcadeApp(settings=UISettings(countdown=0), player="ada", store=store)
    probe = LoopProbe()
    async with app.run_test(size=(80, 24)) as pilot:
        probe.start()
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert "Loading…" in screen_text(app)
        await wait_for(pilot, lambda: "War" in screen_text(app), tries=1500)
        await pilot.press("p")  # another profile: the profiles, then her figures
        await wait_for(pilot, lambda: screen_text(app).splitlines()[0].split()[:2] == ["Statistics", "bea"], 1500)
        await pilot.press("escape")
        await wait_for(pilot, lambda: "1 saved game" in screen_text(app), tries=1500)  # the menu's count
        await pilot.press("enter")  # War's set-up: the books another machine kept are offered
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), tries=1500)
        form = app.screen.house_rules  # type: ignore[attr-defined]
        await wait_for(pilot, lambda: [b.name for b in form.books()[0]] == ["Long wars"], tries=1500)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), tries=1500)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen) and "War" in screen_text(app), 1500)
        await pilot.press("enter")  # carried on: opened (and held) off the loop
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), tries=1500)
        await pilot.press("q")
        probe.stop()
    assert slow.on_the_loop == []
    assert slow.answers and probe.waited_for(slow.answers) == []
    slow.close()


async def test_a_statistics_store_that_fails_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    class Refusing(UserStore):
        @property
        def stats(self):  # type: ignore[override]
            raise OSError("the statistics' disk went away")

    app = ArcadeApp(settings=UISettings(countdown=0), player="ada", store=Refusing(tmp_path / "d", tmp_path / "c"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: "The statistics cannot be shown." in screen_text(app))
        text = " ".join(screen_text(app).split())
        assert "the statistics' disk went away" in text and "Traceback" not in text
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
