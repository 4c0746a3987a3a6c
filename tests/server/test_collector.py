"""The server's garbage-collection policy: long-lived objects frozen, no automatic full
collections while serving, and what ended sessions left behind (frozen, so no sweep visits it)
freed by reclaims that visit only it, a slice at a time; a full collection only while nobody is
connected, or where objects cannot be moved between generations."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from cardarcade.server import collector as collector_module
from cardarcade.server.collector import NO_AUTOMATIC_FULL, Collector, young_mover
from cardarcade.ui.terminal import InputDecoder
from ssh_helpers import connect, until

MENU = "Pick a game and press enter."
LOBBY = "· online ("
DOWN = "\x1b[B"


class Screenish:
    """Stands for a session's screen: objects in a reference cycle, as widgets and their parents are."""

    def __init__(self) -> None:
        self.me = self


class Widgetish:
    """Stands for a Textual widget: remembered at each freeze, ``stopped`` once its screen closed."""

    def __init__(self, parent: Widgetish | None = None) -> None:
        self.stopped = False
        self.parent = parent
        self.children: list[Widgetish] = []
        self.styles = {"owner": self, "colours": ["green", "gold"]}
        if parent is not None:
            parent.children.append(self)


def widgetish_collector(**options) -> Collector:
    options.setdefault("sweep_every", 3600)
    return Collector(
        lambda: 0,
        pump_types=(Widgetish,),
        stopped=lambda widget: widget.stopped,
        running=lambda widget: not widget.stopped,
        **options,
    )


def run(coroutine_function) -> None:
    asyncio.run(coroutine_function())


async def until_freed(ref: weakref.ref, what: str) -> None:
    for _ in range(500):
        if ref() is None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} was never freed")


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


def test_without_reclaims_an_ended_sessions_frozen_garbage_waits_for_a_full_collection():
    ended = [0]

    async def serve() -> None:
        collector = Collector(lambda: ended[0], sweep_every=3600, full_every=0, ended_for_full=3, reclaim=False)
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
            assert collector.tally.full_collections == 2  # the one at the start, and this one
        finally:
            collector.stop()

    run(serve)


def test_full_collections_are_spaced_out_however_many_sessions_end():
    ended = [0]

    async def serve() -> None:
        collector = Collector(lambda: ended[0], sweep_every=3600, full_every=600, ended_for_full=1, reclaim=False)
        collector.start()
        try:
            ended[0] = 50
            assert not collector.full_due()
        finally:
            collector.stop()

    run(serve)


def test_while_nobody_is_connected_it_looks_once_a_second_not_fifty_times():
    async def main():
        connected = 0
        collector = Collector(lambda: 0, sessions_live=lambda: connected)
        collector.start()
        try:
            loop = asyncio.get_running_loop()
            assert collector._timer.when() - loop.time() > 0.5, "nobody connected: no hurry"
            connected = 1
            await asyncio.sleep(collector_module.IDLE_LOOK_EVERY + 0.1)
            # (every 20 ms at first, then less often while the loop is quiet)
            assert collector._timer.when() - loop.time() <= collector_module.QUIET_LOOK_EVERY
        finally:
            collector.stop()

    run(main)


def test_on_a_quiet_loop_it_looks_five_times_a_second_and_a_crowd_arriving_is_swept_at_the_next_look():
    async def main():
        collector = Collector(lambda: 0, sessions_live=lambda: 1, sweep_every=3600, full_every=3600)
        collector.start()
        try:
            await asyncio.sleep(0.6)
            assert collector._look_every > 2 * collector_module.LOOK_EVERY, "quiet: backed off"
            crowd = [Screenish() for _ in range(100_000)]  # a crowd of sessions starting
            frozen = gc.get_freeze_count()
            await asyncio.sleep(collector_module.QUIET_LOOK_EVERY + 0.05)
            assert gc.get_freeze_count() >= frozen + len(crowd) // 2  # swept at the next look
        finally:
            collector.stop()

    run(main)


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
            await asyncio.sleep(
                1.0
            )  # long before sweep_every: swept now, in a short sweep rather than a long one later
            assert dropped_ref() is None
            assert gc.get_freeze_count() >= frozen + len(crowd)
        finally:
            collector.stop()

    run(serve)


# ---- reclaims: what was frozen and let go, freed without a full collection


def test_moving_objects_out_of_the_frozen_generation_lets_a_young_collection_free_only_the_garbage():
    move = young_mover()
    if move is None:
        pytest.skip("objects cannot be moved between generations here")
    dropped, kept = Screenish(), Screenish()
    kept.cards = ["7h", "Qs"]
    dropped_ref = weakref.ref(dropped)
    gc.freeze()
    try:
        del dropped
        gc.collect()  # frozen: not even a collection of everything unfrozen visits it
        assert dropped_ref() is not None
        move([dropped_ref(), kept, kept.__dict__, kept.cards])
        assert gc.is_tracked(kept) and gc.is_tracked(kept.cards)
        gc.collect(0)  # CPython decides, looking at the moved objects: garbage or not
        assert dropped_ref() is None
        assert kept.me is kept and kept.cards == ["7h", "Qs"]
    finally:
        gc.unfreeze()


def test_a_closed_screens_frozen_widgets_are_freed_by_a_reclaim_and_nothing_live_is_touched():
    async def serve() -> None:
        shared = {"theme": ["felt"]}  # every session's: gathering stops at it
        collector = widgetish_collector(keep_out=lambda: (shared,))
        live_screen = Widgetish()
        live_button = Widgetish(live_screen)
        closed_screen = Widgetish(live_screen)  # a closed screen's widgets still point at the live one...
        for _ in range(30):
            Widgetish(closed_screen).styles["theme"] = shared
        live_screen.children.remove(closed_screen)
        closed_ref = weakref.ref(closed_screen)
        collector.start()  # ... and were frozen while it was open
        try:
            for widget in [closed_screen, *closed_screen.children]:
                widget.stopped = True
            del closed_screen, widget
            collector.sweep()
            assert closed_ref() is not None  # frozen garbage: no sweep visits it
            collector.tick()  # looks for stopped widgets, gathers from them a slice at a time
            await until_freed(closed_ref, "the closed screen")
            assert collector.tally.full_collections == 1  # only the start's
            assert collector.tally.reclaims >= 1
            assert live_button.parent is live_screen and live_screen.children == [live_button]
            assert live_screen.styles["owner"] is live_screen and shared == {"theme": ["felt"]}
        finally:
            collector.stop()

    run(serve)


def test_a_stopped_widget_something_still_holds_survives_and_is_looked_at_again_later(monkeypatch):
    monkeypatch.setattr(collector_module, "RETRY_FIRST", 0.2)
    monkeypatch.setattr(collector_module, "SEEK_EVERY", 0.1)
    holder: list = []

    async def serve() -> None:
        collector = widgetish_collector()
        held = Widgetish()
        held_ref = weakref.ref(held)
        holder.append(held)  # a timer of its session, say, not yet due
        collector.start()
        try:
            held.stopped = True
            del held
            collector.seek()
            await until(lambda: collector.tally.reclaims >= 1 and not collector.reclaimer.busy, "a reclaim")
            assert held_ref() is holder[0] and holder[0].styles["owner"] is holder[0]
            holder.clear()  # the timer went off
            for _ in range(50):
                collector.tick()
                await asyncio.sleep(0.05)
                if held_ref() is None:
                    break
            assert held_ref() is None
            assert collector.tally.full_collections == 1
        finally:
            collector.stop()

    run(serve)


def test_with_reclaims_a_full_collection_waits_until_nobody_is_connected():
    if young_mover() is None:
        pytest.skip("no reclaims here")
    ended, live = [0], [1]

    async def serve() -> None:
        collector = Collector(lambda: ended[0], sessions_live=lambda: live[0], sweep_every=3600, full_every=0)
        collector.start()
        try:
            ended[0] = 40
            assert not collector.full_due()  # someone would wait for it
            live[0] = 0
            assert collector.full_due()
        finally:
            collector.stop()

    run(serve)


def test_a_cleared_textual_cache_leaves_no_cycle_holding_what_it_cached():
    from textual.cache import LRUCache

    async def serve() -> None:
        collector = widgetish_collector()
        collector.start()
        try:
            cache: LRUCache = LRUCache(16)
            widget = Widgetish()
            widget_ref = weakref.ref(widget)
            widget.styles.clear()  # no cycle of its own
            cache["#banner"], cache["#games"] = widget, Widgetish()
            cache.clear()
            del widget
            assert widget_ref() is None  # freed at once: no garbage ring waits for a collection
            cache["#banner"] = "still works"
            assert cache.get("#banner") == "still works"
        finally:
            collector.stop()

    if young_mover() is None:
        pytest.skip("no reclaims here")
    run(serve)


def test_a_sessions_input_parser_is_not_kept_by_a_cache_of_keys():
    decoder = InputDecoder()
    assert [event.key for event in decoder.feed(b"\x1b[15~\x1b[A")] == ["f5", "up"]
    parser_ref = weakref.ref(decoder._parser)
    del decoder
    gc.collect()
    assert parser_ref() is None


async def test_an_ended_sessions_app_is_freed_while_serving_without_a_full_collection(serve, monkeypatch):
    monkeypatch.setattr(collector_module, "RETRY_FIRST", 0.5)
    # (a look at a pump that survived waits twice as long each time: from 0.5 s, the sixth would
    # come after the test's 30 s, and a loaded machine can keep an ended session's app alive
    # through the first few while its connection closes)
    monkeypatch.setattr(collector_module, "RETRY_MOST", 2.0)
    monkeypatch.setattr(collector_module, "SEEK_EVERY", 0.5)
    server, port = await serve()
    collector = Collector(
        lambda: server.sessions_ended, keep_out=lambda: (server, server.lobby, server.themes, server.store)
    )
    collector.start()
    try:
        ada, bob = await connect(port, username="ada"), await connect(port, username="bob")
        for client in (ada, bob):
            await until(lambda: LOBBY in client.text(), "the lobby")
            client.press("m")
            await until(lambda: MENU in client.text(), "the menu")
        bob.press("\r")
        await until(lambda: "Start" in bob.text(), "War's set-up")
        bob.press("\x1b[15~")  # f5: start
        await until(lambda: "seed" in bob.text(), "bob's game")
        bobs = next(session for session in server.sessions if session.name == "bob")
        bobs_app = weakref.ref(bobs.app)
        adas_app = next(session for session in server.sessions if session.name == "ada").app
        del bobs
        collector.sweep()  # bob's app, screens and game are long-lived: frozen
        await bob.close()
        await until(lambda: server.sessions_ended == 1, "bob's session to end")
        await until(lambda: bobs_app() is None, "bob's app to be freed")
        assert collector.tally.full_collections == 1  # only the start's
        ada.press(DOWN)  # ada's session, gathered past but never followed, still answers
        await until(lambda: "Slapjack" in ada.text(), "ada's menu to move")
        assert adas_app.is_running
        await ada.close()
    finally:
        collector.stop()


# ---- freed memory handed back to the system


def test_freed_memory_is_given_back_in_a_thread_after_a_collection_and_not_more_often_than_every_few_seconds(
    monkeypatch,
):
    """The C library keeps what Python frees for itself (a server's resident size only grew): after
    a collection it is asked to give it back, off the loop, at most every TRIM_EVERY seconds, and
    not at all while nothing was collected."""
    import threading

    monkeypatch.setattr(collector_module, "TRIM_EVERY", 0.3)
    monkeypatch.setattr(collector_module, "AGED_FOR_SWEEP", 10**9)  # (only the sweeps made here)
    given: list[str] = []

    def give_back() -> None:
        given.append(threading.current_thread().name)

    async def serve() -> None:
        collector = Collector(lambda: 0, sweep_every=3600, full_every=3600, give_back=give_back)
        collector.start()  # (a full collection: something freed)
        try:
            await asyncio.sleep(0.2)
            assert len(given) == 1 and given[0] != threading.current_thread().name  # in a thread
            collector.sweep()
            await asyncio.sleep(0.05)
            assert len(given) == 1  # (given back moments ago: not again yet)
            await asyncio.sleep(0.5)
            assert len(given) == 2  # (the sweep's, once TRIM_EVERY was up)
            await asyncio.sleep(0.6)
            assert len(given) == 2  # nothing collected since: nothing asked
        finally:
            collector.stop()

    run(serve)


def test_the_c_librarys_free_memory_giver_is_found_with_glibc():
    import platform

    giver = collector_module.free_memory_giver()
    if platform.libc_ver()[0] == "glibc":
        assert giver is not None
        giver()  # (gives back what it can; nothing else changes)
