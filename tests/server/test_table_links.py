"""A seat at a table another server process hosts (``server/table_links.py``): two workers as two
hubs and lobbies on one real Redis, sharing nothing else; the host's table and the mirror the
other worker follows must show each seat the same game."""

from __future__ import annotations

import asyncio
import time

import pytest

from cardarcade.rules import GAMES
from cardarcade.rules.base import Action, IllegalAction
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


async def seated_across(workers, game: str, bob: SeatHolder | None = None, hints: bool = False):
    """ada's table on A (two people), bob at it from B (his session ``bob``); dealt. (A's table,
    B's mirror)"""
    a, b = workers
    table = a.lobby.create_table(GAMES[game], creator="ada", players=2, people=2, level="easy", hints=hints)
    await until(lambda: table.id in b.lobby.elsewhere, "A's table listed on B")
    mirror, seat = await b.lobby.join_elsewhere(table.id, "bob", bob or holder("bob"))
    assert seat == 1 and table.seat_of("bob") == 1
    table.deal()
    await until(lambda: mirror.dealt, "the deal reaching B")
    return table, mirror


def same_views(table, mirror) -> bool:
    host, there = table.table.game, mirror.table.game
    return all(host.view(s) == there.view(s) for s in (None, 0, 1)) and host.to_json() == there.to_json()


async def play_to_the_end(table, mirror, limit: float = 60.0, until_moves: int | None = None) -> int:
    """Each seat makes its first legal move from its own worker (ada on A, bob through B's
    mirror), each move once the mirror shows the last one; the moves made (``until_moves``: stop
    there)."""
    moves = 0
    give_up = time.monotonic() + limit
    while not table.over:
        if moves == until_moves:
            await until(lambda: same_views(table, mirror), "B showing what A has")
            return moves
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
    here, there = [], []  # what a screen at A and one at B (a seat, or a spectator) is told
    table.attach(1, lambda events, by: here.extend(e.describe(table.setup.names) for e in events), print)
    mirror.attach(None, lambda events, by: there.extend(e.describe(mirror.setup.names) for e in events), print)
    moves = await play_to_the_end(table, mirror)
    assert moves > 10
    assert table.table.game.result == mirror.table.game.result
    await until(lambda: len(there) >= len(here), "B told all A told")
    assert [line for line in there if line] == [line for line in here if line] and len(here) > moves


async def test_a_trick_game_across_workers_ends_alike_and_an_illegal_move_is_refused_in_the_same_words(workers):
    table, mirror = await seated_across(workers, "schnapsen")
    game = table.table.game
    waiting = 1 - game.actors()[0]
    card = game.view(waiting).hand[0]
    wrong = Action("play", cards=(card,))
    with pytest.raises(IllegalAction) as here:
        table.submit(waiting, wrong)
    with pytest.raises(IllegalAction) as there:
        mirror.submit(waiting, wrong)
    assert str(there.value) == str(here.value) and str(here.value)
    before = table.table.game.to_json()
    await asyncio.sleep(0.2)
    assert table.table.game.to_json() == before  # (nothing reached A, nothing changed)
    await play_to_the_end(table, mirror)
    assert table.table.game.result == mirror.table.game.result


async def slapjack_with_a_jack_up(workers):
    """A Slapjack table across workers, flipped until a jack is up."""
    table, mirror = await seated_across(workers, "slapjack")
    await until(lambda: table.table.started and mirror.table.started, "play on after the count", 10)
    game = table.table.game
    while (view := game.view(None)).top is None or view.top.rank.name != "JACK" or view.top_dead:
        table.table.submit(view.turn, Action("flip"))  # (each in turn)
        assert not game.is_over
    await until(lambda: same_views(table, mirror), "the jack on B")
    return table, mirror


@pytest.mark.parametrize("first", ["remote", "local"])
async def test_a_slapjack_race_between_a_local_and_a_remote_press_20_ms_apart_is_won_by_the_earlier(workers, first):
    table, mirror = await slapjack_with_a_jack_up(workers)
    won = []
    table.attach(None, lambda events, by: None, lambda batch: won.extend(r.seat for r in batch if r.outcome == "won"))
    if first == "remote":
        mirror.claim(1, "slap")
        await asyncio.sleep(0.02)
        table.claim(0, "slap")
    else:
        table.claim(0, "slap")
        await asyncio.sleep(0.02)
        mirror.claim(1, "slap")
    await until(lambda: won, "the race settled")
    assert won == [1 if first == "remote" else 0]


async def test_a_name_full_of_markup_at_a_table_across_workers_stays_plain_text(workers):
    from cardarcade.ui.screens.lobby import LobbyScreen

    a, b = workers
    name = "[bold red]bob[/] [link=x]"
    table = a.lobby.create_table(GAMES["war"], creator="ada", players=2, people=2, level="easy")
    await until(lambda: table.id in b.lobby.elsewhere, "A's table listed on B")
    mirror, seat = await b.lobby.join_elsewhere(table.id, name, holder(name))
    assert table.seat_of(name) == seat == 1
    await until(lambda: mirror.describe_seats() == table.describe_seats() == ["ada", name], "the seats on B")
    await until(lambda: b.lobby.elsewhere[table.id].seats == ("ada", name), "the listing on B")
    assert name in LobbyScreen._elsewhere_row(b.lobby.elsewhere[table.id]).plain
    table.deal()
    await until(lambda: mirror.dealt, "the deal on B")
    assert mirror.setup.names == table.setup.names == ["ada", name]


async def test_a_flood_of_requests_from_one_remote_seat_does_not_stall_the_host(workers):
    table, mirror = await slapjack_with_a_jack_up(workers)
    a, b = workers

    def flood() -> None:
        """5000 slaps from bob's seat, written to A's requests in Redis (from a thread: only A's
        side of it is measured)."""
        import json

        import redis

        client = redis.Redis.from_url(b.hub.url)
        pipe = client.pipeline(transaction=False)
        request = {"k": "claim", "player": "bob", "seat": 1, "kind": "slap", "age": 0.0, "hop": 0.0, "w": b.hub.worker}
        for _ in range(5000):  # (far more than any keyboard repeats)
            pipe.xadd(b.lobby.links.key(table.id, "asks"), {"r": json.dumps(request)})
        pipe.execute()
        client.close()

    await asyncio.to_thread(flood)
    link = a.lobby.links.hosts[table.id]
    await until(lambda: link._said_flood, "the flood reaching A")
    last = await a.hub.redis.xrevrange(link.asks_key, count=1)
    await asyncio.sleep(1.0)
    # taken a read at a time (CPU, not the wall clock of a loaded machine): the loop never held long
    assert link.longest_read < 0.02, f"one read of requests held the loop {link.longest_read * 1000:.0f} ms"
    assert last  # (the flood is in Redis)
    # ada's own press is still taken at once
    before = table.table.game.to_json()
    table.claim(0, "slap")
    await until(lambda: table.table.game.to_json() != before, "ada's slap settled on A", 10)
    # most of the flood was dropped, as no keyboard makes it: bob did not lose all his cards to false slaps
    assert not table.table.game.is_over


async def test_a_remote_person_who_drops_keeps_their_seat_and_sits_back_from_another_session(workers):
    a, b = workers
    first = holder("bob")
    table, mirror = await seated_across(workers, "war", first)
    mirror.stand("bob", holder("bob"), "left the table")  # (another session's word: it changes nothing)
    await asyncio.sleep(0.3)
    assert table.held_for("bob") is None
    mirror.stand("bob", first, "lost the connection")  # (what bob's screen does when his terminal goes)
    await until(lambda: table.held_for("bob") == 1, "bob's seat kept on A")
    await until(lambda: mirror.describe_seats()[1] == "bob (away: a bot plays)", "B showing it kept")
    assert b.lobby.elsewhere[table.id].held == ("bob",)  # (the lobby's title says it is kept for him)
    again, seat = await b.lobby.join_elsewhere(table.id, "bob", holder("bob"))
    assert again is mirror and seat == 1
    await until(lambda: table.held_for("bob") is None and 1 not in table.table.stand_ins, "bob back in his seat")


async def test_the_people_of_a_worker_that_dies_keep_their_seats_at_a_table_elsewhere(workers):
    a, b = workers
    table, mirror = await seated_across(workers, "war")
    a.hub.on_orphans(b.hub.worker)  # (what the hub says once B's heartbeat has lapsed)
    assert table.held_for("bob") == 1 and 1 in table.table.stand_ins  # a bot plays bob's seat meanwhile
    assert "lost the connection (their server process stopped)" in str(table.log[-1].text)


async def test_a_long_game_keeps_its_stream_bounded_and_a_late_mirror_and_a_take_over_find_the_same_game(
    workers, monkeypatch, redis_url
):
    from cardarcade.server import table_links

    monkeypatch.setattr(table_links, "SNAPSHOT_EVERY", 40)
    a, b = workers
    table, mirror = await seated_across(workers, "war")
    shown = mirror.table  # (what bob's screen holds)
    await play_to_the_end(table, mirror, until_moves=150)
    assert mirror.table is shown and len(shown.moves.moves) == len(table.table.moves.moves) == 150
    link = a.lobby.links.hosts[table.id]
    await until(lambda: not link._out, "A's records written")
    length = await a.hub.redis.xlen(link.log_key)
    assert length < 2 * 40 + 10  # (trimmed at each record of the game so far)
    # a third worker comes late: its mirror starts from the game so far and shows the same game
    c = await Worker(redis_url).start()
    try:
        await until(lambda: table.id in c.lobby.elsewhere, "the table listed on C")
        late, _ = await c.lobby.join_elsewhere(table.id, "cy", holder("cy"), sit=False)
        assert same_views(table, late)
        # and the table made again from that stream (a take-over) is the same game
        await link.release()  # (as a worker told to stop hands its tables over, and closes it)
        table.close()
        c.hub.on_orphans("nobody")
        await until(lambda: table.id in c.lobby.tables, "C hosting the table")
        assert c.lobby.tables[table.id].table.game.to_json() == table.table.game.to_json()
    finally:
        await c.stop()


async def test_a_worker_stopping_hands_its_table_to_one_that_takes_it_and_keeps_it_when_none_does(workers):
    a, b = workers
    table, mirror = await seated_across(workers, "war")
    # B stops too (all the workers of --workers N stop at once) but has not said so yet: it takes
    # nothing, so A keeps its table, to be saved for its creator as a lone server saves it
    b.lobby.links._stopping = True
    assert await a.lobby.links.hand_over() == {}
    assert table.id in a.lobby.tables and not table.table.paused
    assert await a.hub.redis.hget(a.lobby.links.hosted_key, table.id) == a.hub.worker
    # a worker that is not stopping takes it at once, and A's players are told where it went on
    b.lobby.links._stopping = a.lobby.links._stopping = False
    told = await a.lobby.links.hand_over()
    assert "carries on on another" in told["ada"]
    assert table.id not in a.lobby.tables
    await until(lambda: table.id in b.lobby.tables, "B hosting the table")
    assert b.lobby.tables[table.id].held_for("ada") == 0  # (her session was on A: her seat is kept)
    assert b.lobby.tables[table.id].table.game.to_json() == table.table.game.to_json()


@pytest.mark.parametrize("hints", [True, False], ids=["hints allowed", "no hints"])
async def test_a_tables_hints_option_is_the_same_on_every_worker_and_after_a_take_over(workers, redis_url, hints):
    from cardarcade.table.shared import SharedSeat
    from cardarcade.ui.screens.lobby import LobbyScreen

    a, b = workers
    table, mirror = await seated_across(workers, "schnapsen", hints=hints)
    listed = b.lobby.elsewhere[table.id]
    assert listed.hints is hints
    assert ("hints allowed" in LobbyScreen._elsewhere_row(listed).plain) is hints
    assert LobbyScreen._elsewhere_row(listed).plain == LobbyScreen._table_row(table).plain
    # bob's seat through B's mirror answers h as ada's does at the host
    bobs, adas = SharedSeat(mirror, 1, print, None, {}), SharedSeat(table, 0, print, None, {})
    assert bobs.hints_allowed is adas.hints_allowed is hints
    bobs.note_hint(1)  # (what asking the coach does)
    if not hints:  # (a request a table without hints could only get from a broken process)
        await asyncio.sleep(0.3)
        assert table.hinted == set()
        return
    await until(lambda: table.hinted == {1}, "A told bob asked the coach (the game will not be rated)")
    await until(lambda: mirror.hinted == {1}, "B told it back")
    # the host's worker goes: the table carried on elsewhere still allows hints, and stays unrated
    link = a.lobby.links.hosts[table.id]
    await until(lambda: not link._out, "A's records written")
    c = await Worker(redis_url).start()
    try:
        await link.release()
        table.close()
        c.hub.on_orphans("nobody")
        await until(lambda: table.id in c.lobby.tables, "C hosting the table")
        again = c.lobby.tables[table.id]
        assert again.hints and again.hinted == {1}
        await until(
            lambda: table.id in b.lobby.elsewhere and b.lobby.elsewhere[table.id].worker == c.hub.worker,
            "B listing it on C",
        )
        assert b.lobby.elsewhere[table.id].hints
    finally:
        await c.stop()
