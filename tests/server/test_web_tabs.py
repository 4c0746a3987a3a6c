"""What a browser tab holds on the server, and the web benchmark's tabs in a game: a tab closed in
the middle of a game of War lets go of its session and keeps the game."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

import pytest

from ssh_helpers import until
from web_helpers import LOBBY, open_tab, start_web

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
async def web_server(host_key):
    web, port = await start_web(host_key)
    yield web, port
    await web.close()
    await web.arcade.close()


@pytest.fixture
def bench(monkeypatch):
    """The web benchmark's module (its tabs, its War player, what it takes for War's table)."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import server_web

    return server_web


async def test_a_tab_offering_compression_as_browsers_do_is_answered_without_it(web_server):
    # A compressing websocket keeps zlib's window and tables per tab, about 260 KiB: more than the
    # rest of what a tab holds beyond an SSH session.
    web, port = web_server
    tab = await open_tab(port, compress=15)
    await until(lambda: LOBBY in tab.text(), "the lobby")
    assert tab.socket.compress == 0
    await tab.close()


async def test_the_benchmarks_tab_closed_in_the_middle_of_a_game_lets_its_session_go(web_server, bench):
    web, port = web_server
    tab = await bench.open_tab(port, "ada")
    (session,) = web.arcade.sessions
    app, store = weakref.ref(session.app), session.app.store
    since = len(tab.seen)
    stop = asyncio.Event()
    player = asyncio.ensure_future(bench.play(tab, stop))  # the menu, War's set-up, f5, a card a turn
    await tab.wait_for(b"Turn cards together", since, timeout=30.0)  # War's summary, atop its set-up
    assert bench.WAR_TABLE not in tab.seen[since:], "the set-up is not taken for the table"
    await tab.wait_for(bench.WAR_TABLE, since, timeout=30.0)
    await asyncio.sleep(1.5)  # a few turns
    await tab.close()
    await until(lambda: not web.arcade.sessions and not web.tabs, "the tab's session over")
    await asyncio.sleep(0.5)  # the player goes on pressing into the closed tab, without a fault
    assert not player.done()
    stop.set()
    await asyncio.wait_for(player, 5.0)
    del session
    assert [entry.game_id for entry in store.saves.entries()] == ["war"], "the game in play kept"
    for _ in range(3):
        gc.collect()
    assert app() is None, "nothing holds the closed tab's app"
