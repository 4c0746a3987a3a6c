"""No table lost when a server process dies (``server/table_links.py``): two real ``serve ssh
--redis`` processes with data folders of their own, people on both at one table, driven by
asyncssh clients as people would; one process killed (``kill -9``) or stopped (SIGTERM)."""

from __future__ import annotations

import asyncio
import signal
import time

from ssh_helpers import until
from test_redis_hub import in_lobby, serve_process, stop_processes

TAKE_OVER = 10.0  # seconds from a host's death to its table playing again elsewhere


async def seated_across(port_a: int, port_b: int):
    """ada's War table for two on A, bob at it from B, not dealt yet: (ada, bob)."""
    ada, bob = await in_lobby(port_a, "ada"), await in_lobby(port_b, "bob")
    ada.press("n")
    await until(lambda: "A new table" in ada.text(), "the new table form")
    ada.press("\x1b[15~")  # F5: War for two, as offered
    await until(lambda: "Waiting for 1 more" in ada.text(), "ada at her table on A")
    await until(lambda: "War  2 players · waiting for 1 more" in bob.text(), "the table in bob's lobby on B")
    bob.press("\r")
    await until(lambda: "Seat 2: bob  (you)" in bob.text(), "bob seated from B")
    return ada, bob


async def war_across(port_a: int, port_b: int):
    """ada's War table on A, bob at it from B, dealt, a few cards turned: (ada, bob)."""
    ada, bob = await seated_across(port_a, port_b)
    await until(lambda: "Everyone is here: d deals" in ada.text(), "ada seeing bob")
    ada.press("d")
    for client in (ada, bob):
        await until(lambda c=client: "Round 1" in c.text(), "the game on both")
    await play_on([ada, bob], lambda: round_of(bob) >= 4, "three rounds played across the two")
    return ada, bob


def round_of(client) -> int:
    """The round a War screen shows (0: none)."""
    text = client.text()
    return int(text.split("Round ")[1].split()[0]) if "Round " in text else 0


async def play_on(clients, done, what: str, deadline: float = 30.0) -> None:
    """Each person presses enter (turn a card, lay war cards) every half second until ``done()``."""
    give_up = time.monotonic() + deadline
    while not done():
        assert time.monotonic() < give_up, f"timed out waiting for {what}"
        for client in clients:
            client.press("\r")
        await asyncio.sleep(0.5)


async def test_a_host_killed_mid_game_has_its_table_carried_on_by_the_other_and_its_player_sits_back_there(
    tmp_path, redis_url
):
    (a, port_a), (b, port_b) = [await serve_process(tmp_path, name, redis_url) for name in ("a", "b")]
    try:
        ada, bob = await war_across(port_a, port_b)
        a.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        await a.wait()
        # bob, on B, is told ada is away: B hosts the table now, and a bot plays her seat meanwhile
        await until(lambda: "server process stopped" in bob.text(), "B carrying the table on", TAKE_OVER)
        assert time.monotonic() - killed < TAKE_OVER
        rounds = round_of(bob)
        await play_on([bob], lambda: round_of(bob) > rounds, "play going on at B (a bot in ada's seat)")
        # ada connects again (to B: A is gone) and finds her seat kept
        again = await in_lobby(port_b, "ada")
        await until(lambda: "Your seat at War is kept for you" in again.text(), "ada told her seat is kept")
        again.press("\r")
        await until(lambda: "you are ada" in again.text() and "is back at the table" in again.text(), "ada back")
        rounds = round_of(again)
        await play_on([again, bob], lambda: round_of(again) > rounds, "ada and bob playing on")
        await again.close()
        await bob.close()
    finally:
        await stop_processes(a, b)
    assert b.returncode == 0


async def test_a_host_stopped_hands_its_table_over_at_once_and_tells_its_players(tmp_path, redis_url):
    (a, port_a), (b, port_b) = [await serve_process(tmp_path, name, redis_url) for name in ("a", "b")]
    try:
        ada, bob = await war_across(port_a, port_b)
        a.send_signal(signal.SIGTERM)
        stopped = time.monotonic()
        await asyncio.wait_for(ada.player.closed.wait(), 30)
        assert "your game of War carries on on another" in ada.player.received.decode()
        await until(lambda: "server process stopped" in bob.text(), "B carrying the table on", 5)
        assert time.monotonic() - stopped < 5  # (no waiting for a heartbeat to lapse)
        await asyncio.wait_for(a.wait(), 30)
        assert a.returncode == 0
        again = await in_lobby(port_b, "ada")
        await until(lambda: "Your seat at War is kept for you" in again.text(), "ada told her seat is kept")
        await again.close()
        await bob.close()
    finally:
        await stop_processes(a, b)
