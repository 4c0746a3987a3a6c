"""A seat at a table another server process hosts (``server/table_links.py``): two workers as two
hubs and lobbies on one real Redis, sharing nothing else; the host's table and the mirror the
other worker follows must show each seat the same game."""

from __future__ import annotations

import time

import pytest

from cardarcade.rules import GAMES
from cardarcade.server.lobby import Lobby
from cardarcade.server.redis_hub import RedisHub
from cardarcade.table.clock import LoopClock
from cardarcade.table.shared import SeatHolder
from ssh_helpers import until


class Worker:
    """One server process's shared state: its hub and its lobby."""

    def __init__(self, url: str) -> None:
        self.hub = RedisHub(url)
        self.lobby: Lobby | None = None

    async def start(self) -> Worker:
        await self.hub.connect()
        self.lobby = Lobby(LoopClock(), hub=self.hub)
        self.hub.begin()
        return self

    async def stop(self) -> None:
        assert self.lobby is not None and self.lobby.links is not None
        await self.lobby.links.finish()
        self.lobby.close()
        await self.hub.close()


def holder(name: str) -> SeatHolder:
    return SeatHolder(name, lambda table, by: None)


@pytest.fixture
async def workers(redis_url):
    made = [await Worker(redis_url).start() for _ in range(2)]
    yield made
    for worker in made:
        await worker.stop()


async def seated_across(workers, game: str, **options):
    """ada's table on A (two people), bob at it from B; dealt. (A's table, B's mirror)"""
    a, b = workers
    table = a.lobby.create_table(GAMES[game], creator="ada", players=2, people=2, level="easy", **options)
    await until(lambda: table.id in b.lobby.elsewhere, "A's table listed on B")
    mirror, seat = await b.lobby.join_elsewhere(table.id, "bob", holder("bob"))
    assert seat == 1 and table.seat_of("bob") == 1
    table.deal()
    await until(lambda: mirror.dealt, "the deal reaching B")
    return table, mirror


def same_views(table, mirror) -> bool:
    host, there = table.table.game, mirror.table.game
    return all(host.view(s) == there.view(s) for s in (None, 0, 1)) and host.to_json() == there.to_json()


async def play_to_the_end(table, mirror, limit: float = 60.0) -> int:
    """Each seat makes its first legal move from its own worker (ada on A, bob through B's
    mirror), each move once the mirror shows the last one; the moves made."""
    moves = 0
    give_up = time.monotonic() + limit
    while not table.over:
        assert time.monotonic() < give_up, "the game did not end"
        await until(lambda: same_views(table, mirror), "B showing what A has")
        game = mirror.table.game
        seat = game.actors()[0]
        action = game.legal_actions(seat)[0]
        before = table.table.game.to_json()
        (table if seat == 0 else mirror).submit(seat, action)
        moves += 1
        await until(lambda: table.over or table.table.game.to_json() != before, "the move applied on A")
    await until(lambda: mirror.table.game.is_over, "the end reaching B")
    assert same_views(table, mirror)
    return moves


async def test_a_person_on_another_worker_plays_war_to_its_end_and_sees_what_a_local_player_sees(workers):
    table, mirror = await seated_across(workers, "war")
    seen = []
    mirror.attach(1, lambda events, by: seen.extend(events), lambda batch: None)
    moves = await play_to_the_end(table, mirror)
    assert moves > 10
    assert table.table.game.result == mirror.table.game.result
    assert any(e.text for e in seen)  # bob's screen was told the moves' events
