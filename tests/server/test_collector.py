"""The server's garbage-collection policy: long-lived objects frozen, no automatic full
collections while serving, and what ended sessions left behind freed by a full collection."""

from __future__ import annotations

import asyncio
import gc
import weakref

from cardarcade.server.collector import NO_AUTOMATIC_FULL, Collector


class Screenish:
    """Stands for a session's screen: objects in a reference cycle, as widgets and their parents are."""

    def __init__(self) -> None:
        self.me = self


def run(coroutine_function) -> None:
    asyncio.run(coroutine_function())


def test_while_serving_no_automatic_full_collection_runs_and_afterwards_nothing_stays_frozen():
    before = gc.get_threshold()

    async def serve() -> None:
        collector = Collector(lambda: 0)
        collector.start()
        try:
            assert gc.get_threshold()[2] == NO_AUTOMATIC_FULL
            assert gc.get_freeze_count() > 0  # what existed at the start is left out of collections
        finally:
            collector.stop()

    run(serve)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_a_sweep_frees_new_garbage_but_an_ended_sessions_frozen_garbage_waits_for_a_full_collection():
    ended = [0]

    async def serve() -> None:
        collector = Collector(lambda: ended[0], sweep_every=3600, full_every=0, ended_for_full=3)
        collector.start()
        try:
            short_lived = Screenish()
            short_ref = weakref.ref(short_lived)
            del short_lived
            session = [Screenish()]
            session_ref = weakref.ref(session[0])
            collector.sweep()  # the cycle made and dropped since the start is freed ...
            assert short_ref() is None
            session.clear()  # ... the session's screen was alive, so it was frozen, and now it ends
            collector.sweep()
            assert session_ref() is not None  # frozen garbage: sweeps do not visit it
            ended[0] = 3
            assert collector.full_due()
            collector.tick()
            assert session_ref() is None
            assert collector.full_collections == 2  # the one at the start, and this one
        finally:
            collector.stop()

    run(serve)


def test_full_collections_are_spaced_out_however_many_sessions_end():
    ended = [0]

    async def serve() -> None:
        collector = Collector(lambda: ended[0], sweep_every=3600, full_every=600, ended_for_full=1)
        collector.start()
        try:
            ended[0] = 50
            assert not collector.full_due()
        finally:
            collector.stop()

    run(serve)


def test_a_sweep_comes_early_when_much_has_aged_and_not_at_all_when_nothing_has():
    async def serve() -> None:
        collector = Collector(lambda: 0, sweep_every=3600, full_every=3600)
        collector.start()
        try:
            dropped = Screenish()
            dropped_ref = weakref.ref(dropped)
            del dropped
            collector.tick()  # nothing has aged since the start's collection: no sweep, no pause
            assert dropped_ref() is not None
            crowd = [Screenish() for _ in range(100_000)]  # a crowd of sessions starting: much ages at once
            assert gc.get_count()[2] >= 3
            frozen = gc.get_freeze_count()
            await asyncio.sleep(1.0)  # long before sweep_every: swept now, in a short sweep rather than a long one later
            assert dropped_ref() is None
            assert gc.get_freeze_count() >= frozen + len(crowd)
        finally:
            collector.stop()

    run(serve)
