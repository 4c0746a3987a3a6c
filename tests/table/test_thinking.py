"""Bots that think off the event loop: the table asks the thinker, shows the seat as thinking,
plays the answer (or the fallback when the work fails or never answers), and drops answers to
situations that have gone."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

from cardarcade.bots import BotBase, Moment, Plan, Thinking
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.seating import Seat
from cardarcade.table.clock import LoopClock, VirtualClock
from cardarcade.table.table import Table
from cardarcade.table.thinking import THINKING_GRACE, ProcessThinker


def last_action(actions: list[Action]) -> Action:
    return actions[-1]


def broken_search(actions: list[Action]) -> Action:
    raise RuntimeError("the search fell over")


def elsewhere_last(actions: list[Action], parent: int) -> Action:
    # Proves where the work ran: only another process than the table's answers the last action.
    return actions[-1] if os.getpid() != parent else actions[0]


class SearchingBot(BotBase):
    """Plays seat 0 by 'searching' (the work function) whenever it is to move."""

    def __init__(self, game, work, *extra) -> None:
        super().__init__(0, "hard", random.Random(1))
        self.game, self.work, self.extra = game, work, extra

    def plans(self, view, moment: Moment) -> list[Plan | Thinking]:
        if 0 not in self.game.actors():
            return []
        actions = self.game.legal_actions(0)
        return [self.deliberate(("move", self.game.to_json()), self.work, (actions, *self.extra), actions[0])]


class NeverAnswers:
    def think(self, work, args, done):
        return _Forgotten()


class _Forgotten:
    def cancel(self) -> None:
        pass


def knock_table(work, clock, *extra, **kwargs) -> tuple[Table, list, object]:
    game = GAMES["knock-poker"].new(2, seed=3)
    told: list = []
    bot = SearchingBot(game, work, *extra)
    table = Table(
        game,
        [Seat("Ann"), Seat("Ben")],
        clock,
        pace=0.5,
        stand_ins={0: bot},
        listener=lambda events, seat: told.append(events),
        **kwargs,
    )
    return table, told, bot


def test_the_answer_is_played_at_the_tables_pace_and_the_seat_shows_thinking_meanwhile():
    clock = VirtualClock()
    table, told, _ = knock_table(last_action, clock)
    expected = last_action(table.game.legal_actions(0))
    table.start()
    assert table.thinking == {0}
    assert told == [[]]  # the screen was told to show it
    clock.advance(0.01)  # the answer is in, the move waits for the table's pace
    assert table.thinking == frozenset()
    assert table.stats.applied == 0
    clock.advance(0.5)
    assert table.stats.applied >= 1
    moves = [e for batch in told for e in batch if e.seat == 0]
    assert moves and moves[0].kind == expected.kind


def test_a_failed_search_plays_the_fallback():
    clock = VirtualClock()
    table, told, _ = knock_table(broken_search, clock)
    fallback = table.game.legal_actions(0)[0]
    table.start()
    clock.advance(1.0)
    first = next(e for batch in told for e in batch if e.seat == 0)
    assert first.kind == fallback.kind


def test_a_thought_that_never_answers_is_given_up_for_the_fallback_after_its_limit():
    clock = VirtualClock()
    table, told, _ = knock_table(last_action, clock, thinker=NeverAnswers(), think_seconds=1.0)
    fallback = table.game.legal_actions(0)[0]
    table.start()
    clock.advance(1.0 + THINKING_GRACE - 0.1)
    assert table.thinking == {0} and table.stats.applied == 0
    clock.advance(0.2)
    assert table.stats.applied == 1
    first = next(e for batch in told for e in batch if e.seat == 0)
    assert first.kind == fallback.kind


def test_closing_the_table_drops_the_thought():
    clock = VirtualClock()
    table, _, _ = knock_table(last_action, clock)
    table.start()
    table.close()
    clock.run()
    assert table.stats.applied == 0 and table.thinking == frozenset()


def test_a_live_table_thinks_in_another_process_and_answers_on_its_loop():
    async def play() -> tuple[list, Action, bool]:
        loop = asyncio.get_running_loop()
        # The limit is generous: the first thought starts the worker pool, which on a loaded machine
        # took over 5 s, and the fallback then answered instead (the limit is tested above).
        table, told, _ = knock_table(
            elsewhere_last, LoopClock(loop), os.getpid(), thinker=ProcessThinker(loop), think_seconds=45.0
        )
        answer = table.game.legal_actions(0)[-1]
        table.start()
        thinking_seen = table.thinking == {0}
        deadline = time.monotonic() + 60
        while table.stats.applied == 0 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        table.close()
        return told, answer, thinking_seen

    told, answer, thinking_seen = asyncio.run(play())
    assert thinking_seen
    first = next(e for batch in told for e in batch if e.seat == 0)
    assert first.kind == answer.kind  # the answer only a worker process gives


ASKER = contextvars.ContextVar("asker")


def _niceness() -> int:
    return os.nice(0)


def test_a_search_yields_the_processor_to_the_app():
    # On a small machine a search at the app's priority slows every key pressed while a bot thinks.
    async def ask() -> object:
        answer = asyncio.get_running_loop().create_future()
        ProcessThinker().think(_niceness, (), answer.set_result)
        return await asyncio.wait_for(answer, 60)

    assert asyncio.run(ask()) > os.nice(0)


def test_the_answer_is_handled_in_the_askers_context():
    # A Textual app finds itself through a context variable: its screen's timers fail without it.
    async def ask() -> object:
        ASKER.set("the app")
        seen = asyncio.get_running_loop().create_future()
        ProcessThinker().think(os.getpid, (), lambda answer: seen.set_result(ASKER.get(None)))
        return await asyncio.wait_for(seen, 60)

    assert asyncio.run(ask()) == "the app"


def test_workers_start_while_an_app_has_taken_stderr():
    # A running Textual app replaces sys.stderr with a capture whose descriptor is -1, and the
    # process helpers multiprocessing starts are handed sys.stderr's descriptor. Run in a fresh
    # interpreter: those helpers start once per process.
    script = textwrap.dedent("""
        import asyncio, io, os, sys
        from cardarcade.table.thinking import ProcessThinker

        class Captured(io.StringIO):
            def fileno(self):
                return -1

        async def main():
            answer = asyncio.get_running_loop().create_future()
            ProcessThinker().think(os.getpid, (), answer.set_result)
            return await asyncio.wait_for(answer, 60)

        sys.stderr = Captured()
        pid = asyncio.run(main())
        print("worker" if isinstance(pid, int) and pid != os.getpid() else f"no worker: {pid!r}")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "worker", done.stdout + done.stderr


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # (a child of ours that ended but is not yet reaped)
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_an_app_killed_outright_leaves_no_worker_behind():
    # A server killed with kill -9 (or by the kernel, short of memory) never shuts its pool down;
    # each worker waited on its queue for ever, and kept the fork server alive with it.
    script = textwrap.dedent("""
        import os, signal
        from multiprocessing import forkserver
        from cardarcade.table.thinking import worker_pool

        if __name__ == "__main__":
            pool = worker_pool()
            assert pool.submit(os.getpid).result(timeout=60) != os.getpid()
            print(*pool._processes, forkserver._forkserver._forkserver_pid, flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
    """)
    app = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    left = [int(pid) for pid in app.stdout.readline().split()]  # (what is left keeps the pipe open)
    app.wait(timeout=120)
    try:
        assert len(left) >= 2, f"no worker and fork server: {left}"
        end = time.monotonic() + 30
        while any(_running(pid) for pid in left) and time.monotonic() < end:
            time.sleep(0.1)
        assert not [pid for pid in left if _running(pid)], "left running after the app was killed"
    finally:
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        app.stdout.close()


def test_the_first_thought_starts_the_worker_off_the_loop(monkeypatch):
    # Starting the pool's worker blocks for half a second or more (measured: keys pressed then
    # waited 650 ms): the first thought is handed over on a thread of its own; once the worker
    # runs, a thought is handed over at once.
    import concurrent.futures
    import functools
    import threading

    from cardarcade.table import thinking

    on_loop_thread = []

    class Pool:
        def submit(self, work, *args):
            on_loop_thread.append(threading.current_thread() is threading.main_thread())
            future = concurrent.futures.Future()
            future.set_result(work(*args))
            return future

    monkeypatch.setattr(thinking, "worker_pool", functools.cache(Pool))
    monkeypatch.setattr(thinking, "_submitted", threading.Event())

    async def ask_twice() -> list[object]:
        answers = []
        for _ in range(2):
            answer = asyncio.get_running_loop().create_future()
            ProcessThinker().think(os.getpid, (), answer.set_result)
            answers.append(await asyncio.wait_for(answer, 10))
        return answers

    assert asyncio.run(ask_twice()) == [os.getpid()] * 2
    assert on_loop_thread == [False, True]
