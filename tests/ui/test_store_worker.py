"""A session's store thread: the store's work in the order asked, one thread at a time, which ends
when idle (a server keeps one per session) and after its last work once the app has closed."""

from __future__ import annotations

import threading
import time

from cardarcade.ui import store_writer
from cardarcade.ui.store_writer import _Worker


def store_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "cardarcade-store" and t.is_alive()]


def until(condition, seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def test_work_runs_in_order_and_the_idle_thread_ends_and_comes_back_when_asked(monkeypatch):
    monkeypatch.setattr(store_writer, "IDLE_END", 0.2)
    before = len(store_threads())
    worker = _Worker()
    done: list[int] = []
    futures = [worker.submit(lambda n=n: (time.sleep(0.01), done.append(n))[1]) for n in range(5)]
    futures[-1].result(timeout=5)
    assert done == [0, 1, 2, 3, 4]
    assert len(store_threads()) == before + 1  # one thread for all of them
    assert until(lambda: len(store_threads()) == before)  # ended after IDLE_END with nothing to do
    assert worker.submit(lambda: 7).result(timeout=5) == 7  # a new one for the next
    failing = worker.submit(lambda: 1 / 0)
    assert isinstance(failing.exception(timeout=5), ZeroDivisionError)  # the asker is told
    worker.shutdown()
    assert until(lambda: len(store_threads()) == before, 2.0)


def test_closed_its_queued_work_still_runs_then_its_thread_ends_at_once(monkeypatch):
    monkeypatch.setattr(store_writer, "IDLE_END", 60.0)
    before = len(store_threads())
    worker = _Worker()
    gate = threading.Event()
    done: list[str] = []
    worker.submit(gate.wait)
    worker.submit(lambda: done.append("the last save"))
    worker.shutdown()
    gate.set()
    assert until(lambda: len(store_threads()) == before, 2.0)  # not IDLE_END later
    assert done == ["the last save"]
