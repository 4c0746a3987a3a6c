"""The store's writes and reads for one app, off the event loop."""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from textual.app import App
from textual.message_pump import MessagePump


T = TypeVar("T")

IDLE_END = 10.0  # seconds without work after which a session's store thread ends (made again when asked)


class _Worker:
    """One thread running what it is given in turn, ended after IDLE_END seconds with nothing to
    do and started again for the next: a server has one per session, and a session mostly plays
    (a thread kept for each was some 60 KiB of stack and allocator a session)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._running = False  # a thread is taking jobs (or about to)
        self._closed = False

    def submit(self, work: Callable[[], T]) -> Future:
        future: Future = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the store's worker has been closed")
            self._jobs.put((work, future))
            if not self._running:
                self._running = True
                threading.Thread(target=self._take_jobs, name="cardarcade-store").start()
        return future

    def _take_jobs(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=IDLE_END)
            except queue.Empty:
                job = None
            if job is None:  # idle, or closed and all taken: the thread ends (the interpreter waits for it)
                with self._lock:  # (a job put meanwhile is taken by this thread: none starts)
                    if self._jobs.empty():
                        self._running = False
                        return
                continue
            work, future = job
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(work())
                except BaseException as exc:  # (the asker is told, as an executor tells it)
                    future.set_exception(exc)

    def shutdown(self) -> None:
        """No more jobs; those queued still run, and then the thread ends."""
        with self._lock:
            self._closed = True
            if self._running:
                self._jobs.put(None)


class StoreWriter:
    """Runs a store's writes (a save, the statistics, the settings) in the session's one worker
    thread: a slow disk or a statistics file busy with another arcade never holds up play, and the
    writes happen in the order asked (a finished game's save is removed after its last autosave).
    Apart from the app because the saves, the statistics and the settings all write through it,
    and a process about to end waits on it (``finish``)."""

    def __init__(self, app: App) -> None:
        self._app = app
        self._worker = _Worker()  # (its thread runs only while there is work)
        self._last_write: Future | None = None
        self._unanswered = 0  # reads whose answer has not yet reached the loop

    def write(self, work: Callable[[], object], failed: str, done: Callable[[], None] | None = None) -> None:
        """Run ``work`` in the worker. A failure is a warning starting with ``failed``; ``done``
        runs on the app's loop on success."""
        self._last_write = self._worker.submit(work)
        future = asyncio.wrap_future(self._last_write)
        app = self._app

        def finished(f: asyncio.Future) -> None:
            if f.cancelled() or not app.is_running:
                return
            if f.exception() is not None:
                app.notify(f"{failed}: {f.exception()}", severity="warning", timeout=8)
            elif done is not None:
                done()

        future.add_done_callback(finished)

    def read(
        self,
        work: Callable[[], T],
        done: Callable[[T], None],
        failed: Callable[[Exception], None],
        on: MessagePump | None = None,
    ) -> None:
        """Run a store's read in the worker, after the writes asked before it (a screen shows what
        was just recorded); ``done`` gets its answer, or ``failed`` what it raised, as a message of
        ``on`` (a screen: dropped once it is gone; by default the app), so that what they change
        is laid out and drawn as after a key. With ``--database`` a read is a round trip or more:
        on the loop, every session of a server would wait."""
        self._last_write = self._worker.submit(work)
        self._unanswered += 1
        future = asyncio.wrap_future(self._last_write)
        target = on if on is not None else self._app

        def answer(f: asyncio.Future) -> None:
            self._unanswered -= 1
            exc = f.exception()
            if exc is None:
                done(f.result())
            elif isinstance(exc, Exception):
                failed(exc)

        def finished(f: asyncio.Future) -> None:
            if f.cancelled() or not self._app.is_running or not target.call_later(answer, f):
                self._unanswered -= 1

        future.add_done_callback(finished)

    @property
    def idle(self) -> bool:
        """Nothing asked is still running or waiting its turn."""
        return self._unanswered == 0 and (self._last_write is None or self._last_write.done())

    async def settled(self) -> None:
        """Once every write and read asked so far has ended (for tests; the answers then go to
        their screens as messages: ``idle`` says when they all have)."""
        while self._last_write is not None and not self._last_write.done():
            await asyncio.wait([asyncio.wrap_future(self._last_write)])

    def finish(self, patience: float = 10.0) -> bool:
        """Wait (at most ``patience`` seconds) for the writes still queued, as a process about to
        end must; whether they all finished."""
        if self._last_write is None:
            return True
        try:
            self._last_write.result(timeout=patience)  # the queue is first in, first out: the rest are done
        except TimeoutError:
            return False
        except Exception:  # that write failed (it said so); it is over all the same
            pass
        return True

    def close(self) -> None:
        """No more writes: those still queued run to their end (the interpreter waits for them at
        exit; a server goes on serving meanwhile)."""
        self._worker.shutdown()
