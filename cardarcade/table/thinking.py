"""Where bots think: a decision too slow for the event loop runs in a worker process.

A thread would not do: it holds the interpreter lock, and every screen in the process (every SSH
session on a server) would stall while a bot searches. So a live table hands ``work(*args)`` to a
pool of worker processes shared by every table in the process, and gets the answer back on its
own loop. Headless play and tests think inline instead: the same answer, at once, every run.

Both thinkers deliver the answer through a callback, never during the call that asked, so a
table is not re-entered while it is replanning.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import contextvars
import functools
import multiprocessing
import os
import select
import sys
import threading
import time
from multiprocessing import resource_tracker
from typing import Protocol
from collections.abc import Callable, Container, Iterable, Iterator

from cardarcade.bots import Thinking
from cardarcade.table.clock import Clock, Handle

Work = Callable[..., object]
Done = Callable[[object], None]  # called with the answer, or with the exception the work raised


class Thinker(Protocol):
    def think(self, work: Work, args: tuple, done: Done) -> Handle: ...


class InlineThinker:
    """Thinks on the caller's time (virtual time stands still while it does), when the answer is
    delivered: a thought dropped before then (the game moved on at once) costs nothing."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def think(self, work: Work, args: tuple, done: Done) -> Handle:
        def answer() -> None:
            try:
                result: object = work(*args)
            except Exception as exc:  # a failed search is reported like an answer; the table falls back
                result = exc
            done(result)

        return self.clock.call_at(self.clock.now(), answer)


class _Pending:
    """A thought in a worker: cancelling it drops the answer (a running search cannot be stopped,
    but every search ends within its own time limit)."""

    __slots__ = ("future", "cancelled")

    def __init__(self) -> None:
        self.future: concurrent.futures.Future | None = None  # None until handed to the pool
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True
        if self.future is not None:
            self.future.cancel()


class ProcessThinker:
    """Thinks in the process-wide worker pool and answers on ``loop``."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.loop = loop or asyncio.get_running_loop()

    def think(self, work: Work, args: tuple, done: Done) -> Handle:
        pending = _Pending()
        # The answer is handled in the asker's context (a Textual app's context variables), not
        # in the pool thread's empty one, where the app's timers cannot find their app.
        context = contextvars.copy_context()

        def answered(_: concurrent.futures.Future) -> None:  # runs on the pool's thread
            try:
                self.loop.call_soon_threadsafe(deliver, context=context)
            except RuntimeError:  # the loop has closed: nobody is waiting any more
                pass

        def deliver() -> None:
            future = pending.future
            if pending.cancelled or future is None:
                return
            try:
                answer: object = future.result()
            except concurrent.futures.BrokenExecutor as exc:
                worker_pool.cache_clear()
                answer = exc
            except Exception as exc:
                answer = exc
            done(answer)

        def submit() -> None:
            try:
                with _starting:
                    future = worker_pool().submit(work, *args)
                _submitted.set()
            except Exception as exc:  # no worker could be started, or the pool died: the fallback, and afresh next time
                worker_pool.cache_clear()
                future = concurrent.futures.Future()
                future.set_exception(exc)
            pending.future = future
            if pending.cancelled:
                future.cancel()
            future.add_done_callback(answered)

        if _worker_started():
            submit()
        else:  # starting the worker blocks for half a second or more: not on the loop, where keys wait
            # (but the helper handed sys.stderr's descriptor starts here, where swapping sys.stderr
            # for a moment races with no app: on a server, other apps' code runs on this loop)
            with _stderr_with_a_descriptor():
                resource_tracker.ensure_running()
            threading.Thread(target=submit, name="cardarcade-worker-start", daemon=True).start()
        return pending


_starting = threading.Lock()  # one pool, started once, whichever thread asks first


_submitted = threading.Event()  # a submission has started the pool's worker


def _worker_started() -> bool:
    """Whether the pool is up with its worker (started by the first submission), so that a
    submission returns at once."""
    return _submitted.is_set() and worker_pool.cache_info().currsize > 0


@contextlib.contextmanager
def _stderr_with_a_descriptor() -> Iterator[None]:
    """While multiprocessing's resource tracker starts: it is handed ``sys.stderr``'s file
    descriptor, and a running Textual app has replaced ``sys.stderr`` with a capture
    that has none (-1), which fails the start. The process's own stderr stands in meanwhile."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable or sys.__stderr__ is None:
        yield
        return
    captured, sys.stderr = sys.stderr, sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = captured


WORKER_NICENESS = 10  # how far below the app a search runs when they share a core


def _start_worker(app_pid: int) -> None:
    """A worker says nothing on the terminal it inherited (where the app draws): what goes wrong
    in a search comes back to the table as an exception. It yields the processor to the app: on a
    machine of one or two cores the search would otherwise slow every key the player presses
    while a bot thinks (a search only loses time it has spare: it is timed by the clock). And it
    ends with the app, however the app ended."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    with contextlib.suppress(AttributeError, OSError):  # (no nice on Windows; a limit may refuse it)
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_exit_with, args=(app_pid,), name="exit-with-app", daemon=True).start()


def _exit_with(app_pid: int) -> None:
    """End this worker when the app's process ends. The pool ends its workers on a normal exit,
    but an app killed outright (kill -9, the kernel out of memory, a test runner's ``os._exit``)
    never tells them, and a worker waits on its queue for ever: it holds that queue's other end
    itself, and keeps the fork server alive with it."""
    try:
        watched = os.pidfd_open(app_pid)  # (Linux: woken by the app's end, not by a reused pid)
    except (AttributeError, OSError):
        while _alive(app_pid):
            time.sleep(1.0)
    else:
        select.select([watched], [], [])
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:  # gone, or another user's: the pid reused
        return False
    return True


@functools.cache  # one pool for every table in the process
def worker_pool() -> concurrent.futures.ProcessPoolExecutor:
    # Forked from a clean server process, not from this one: this process has threads (the
    # store's writer, asyncio's), and forking a threaded process can deadlock the child.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    # One core is left to the event loop; a pool of one still keeps the loop free.
    workers = max(1, (os.cpu_count() or 2) - 1)
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
    )
    atexit.register(_close_pool, pool)
    return pool


def _close_pool(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Closed while the interpreter is whole: a pool left to be collected as it tears its modules
    down prints a traceback ('weakref_cb') on the terminal the player has just got back."""
    pool.shutdown(wait=True, cancel_futures=True)


def live_thinker(think_seconds: float | None) -> Thinker | None:
    """The thinker for a table people play at: the worker pool when searches are timed, else
    (``None``: a fixed amount of work, as in tests) the table's default, inline."""
    return None if think_seconds is None else ProcessThinker()


# A thought not answered within its time limit times this, plus the grace, is given up for the
# bot's fallback move (a worker may be busy with other tables' searches, or have died).
THINKING_GRACE = 2.0

Conclude = Callable[[int, Thinking, object, float], None]  # (seat, thought, answer, when it started)


class Thoughts:
    """The slow decisions a table's bots have under way, by seat: each one's work in the thinker
    and the timer that gives it up.

    It stands apart from the ``Table`` so that the handles of a thought (asked, answered, given
    up, dropped when its situation has gone) are kept in one place, beside the thinkers; the
    table only says what to think about and what to do with an answer (``conclude``, also called
    with a ``TimeoutError`` when a thought is given up)."""

    def __init__(
        self,
        clock: Clock,
        thinker: Thinker | None,
        think_seconds: float | None,
        seats: Iterable[int],
        conclude: Conclude,
    ) -> None:
        """``thinker``: where the work runs (default: inline, at once); ``think_seconds``: how long
        a search may take (None: a fixed amount of work, and no time limit)."""
        self.clock = clock
        self.thinker: Thinker = thinker or InlineThinker(clock)
        self.think_seconds = think_seconds
        self._conclude = conclude
        self._under_way: dict[int, dict[object, tuple[Handle, Handle | None]]] = {seat: {} for seat in seats}

    @property
    def seats(self) -> frozenset[int]:
        """The seats whose bots are working out a move."""
        return frozenset(seat for seat, thoughts in self._under_way.items() if thoughts)

    def of(self, seat: int) -> dict[object, tuple[Handle, Handle | None]]:
        """The thoughts a seat has under way, by key (read only: ``keep_only`` and ``finish`` change them)."""
        return self._under_way[seat]

    def under_way(self, seat: int, key: object) -> bool:
        thoughts = self._under_way.get(seat)
        return thoughts is not None and key in thoughts

    def start(self, seat: int, thought: Thinking, started: float) -> None:
        limit = None
        if self.think_seconds is not None:
            limit = self.clock.call_at(
                started + self.think_seconds + THINKING_GRACE,
                lambda: self._conclude(seat, thought, TimeoutError("no answer in time"), started),
            )
        # Registered before asking: an inline thinker's answer may come before ``think`` returns.
        thoughts = self._under_way[seat]
        thoughts[thought.key] = (_NO_HANDLE, limit)
        work = self.thinker.think(
            thought.work, thought.args, lambda answer: self._conclude(seat, thought, answer, started)
        )
        if thought.key in thoughts:
            thoughts[thought.key] = (work, limit)

    def keep_only(self, seat: int, wanted: Container[object]) -> None:
        """Drop the seat's thoughts its bot no longer wants."""
        thoughts = self._under_way[seat]
        _drop({k: thoughts.pop(k) for k in [k for k in thoughts if k not in wanted]})

    def finish(self, seat: int, key: object) -> None:
        """The thought is answered or given up: stop its work and its timer."""
        _drop({key: self._under_way[seat].pop(key)})

    def seat_changed(self, seat: int, planned: bool) -> None:
        """Drop the seat's thoughts (its player changed); ``planned``: whether a bot plays it now."""
        _drop(self._under_way.pop(seat, {}))
        if planned:
            self._under_way[seat] = {}

    def drop_all(self) -> None:
        for thoughts in self._under_way.values():
            _drop(thoughts)
            thoughts.clear()


class _NoHandle:
    def cancel(self) -> None:
        pass


_NO_HANDLE = _NoHandle()


def _drop(thoughts: dict[object, tuple[Handle, Handle | None]]) -> None:
    for work, limit in thoughts.values():
        work.cancel()
        if limit is not None:
            limit.cancel()
