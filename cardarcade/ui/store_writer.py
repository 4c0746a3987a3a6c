"""The store's writes for one app, off the event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from textual.app import App


class StoreWriter:
    """Runs a store's writes (a save, the statistics, the settings) in the session's one worker
    thread: a slow disk or a statistics file busy with another arcade never holds up play, and the
    writes happen in the order asked (a finished game's save is removed after its last autosave).
    Apart from the app because the saves, the statistics and the settings all write through it,
    and a process about to end waits on it (``finish``)."""

    def __init__(self, app: App) -> None:
        self._app = app
        self._worker: ThreadPoolExecutor | None = None  # started at the first write
        self._last_write: Future | None = None

    def write(self, work: Callable[[], object], failed: str, done: Callable[[], None] | None = None) -> None:
        """Run ``work`` in the worker. A failure is a warning starting with ``failed``; ``done``
        runs on the app's loop on success."""
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardarcade-store")
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
        if self._worker is not None:
            self._worker.shutdown(wait=False)
