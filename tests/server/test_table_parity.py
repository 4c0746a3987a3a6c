"""A person at a table another worker hosts sees no difference (``server/table_links.py``): two
whole servers (``ArcadeServer``) on one real Redis, each with its own data folder unless a test
says they share one; what the person on the other worker is told, and what their own worker
keeps, are as for a person at a table hosted by their own worker."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import asyncssh
import pytest
from test_table_links import holder, play_to_the_end

from cardarcade.rules import GAMES
from cardarcade.server.redis_hub import RedisHub
from cardarcade.server.ssh import ArcadeServer
from cardarcade.store.replays import ReplayStore
from cardarcade.store.user import UserStore
from ssh_helpers import until


async def arcade(redis_url: str, folder) -> ArcadeServer:
    server = ArcadeServer(
        auth="open",
        host_key=asyncssh.generate_private_key("ssh-ed25519"),
        store=UserStore(folder / "data", folder / "config"),
        hub=RedisHub(redis_url),
    )
    await server.open_shared()
    return server


class Session:
    """What a server knows of a person's session: its app, here one showing a game's screen."""

    def __init__(self, player: str) -> None:
        self.app = SimpleNamespace(player=player, screen_stack=[], memory=SimpleNamespace(rated=None), left=[])
        self.app.at_table = lambda table: any(getattr(s, "table", None) is table for s in self.app.screen_stack)
        self.app.call_later = lambda work, *args: work(*args)
        self.app.leave_table = lambda table, said: self.app.left.append((table, said))

    def showing(self, **screen: object) -> Session:
        self.app.screen_stack.append(SimpleNamespace(**screen))
        return self


@pytest.fixture
async def servers(redis_url, tmp_path, request):
    """Servers A and B; ``shared`` (the test's parameter): one data folder for both, as
    ``--workers N`` on one machine, else one each, as two machines."""
    shared = getattr(request, "param", "two folders") == "one folder"
    made = [await arcade(redis_url, tmp_path / ("one" if shared else name)) for name in ("a", "b")]
    yield made
    for server in made:
        server.sessions.clear()  # (the tests' sessions are stand-ins)
        await server.close()


async def war_across(a: ArcadeServer, b: ArcadeServer):
    """ada's War table on A (rounds capped at 20), bob at it from B; dealt: (A's table, B's mirror)."""
    war = GAMES["war"]
    table = a.lobby.create_table(
        war, creator="ada", players=2, people=2, level="easy", options=war.Options(max_rounds=20)
    )
    await until(lambda: table.id in b.lobby.elsewhere, "A's table listed on B")
    mirror, seat = await b.lobby.join_elsewhere(table.id, "bob", holder("bob"))
    assert seat == 1
    table.deal()
    await until(lambda: mirror.dealt, "the deal reaching B")
    return table, mirror


def dies(server: ArcadeServer) -> None:
    """The server's part in its tables ends at once, as when its process is killed: nothing more
    is written to their streams, nor handed over."""
    server.lobby.links.close()
    server.lobby.links.hosts.clear()


def games_of(server: ArcadeServer, profile: str) -> int:
    return sum(s.played for s in server.store.stats.game_summaries(profile))


@pytest.mark.parametrize("servers", ["two folders", "one folder"], indirect=True)
async def test_a_person_on_another_worker_is_told_their_own_rating_and_their_worker_keeps_the_game_once(servers):
    a, b = servers
    table, mirror = await war_across(a, b)
    bobs = Session("bob").showing(game=mirror.table.game)  # (his game's screen, then its result)
    b.sessions.add(bobs)  # type: ignore[arg-type]
    await play_to_the_end(table, mirror)
    await until(lambda: bobs.app.memory.rated is not None, "bob's worker told how the game moved his rating", 30)
    game, rated = bobs.app.memory.rated
    assert game is mirror.table.game
    [bobs_rating] = [r for r in rated if r.profile == "bob"]
    assert bobs_rating.rated == 1 and bobs_rating.before is None  # (his first rated game)
    await asyncio.get_running_loop().run_in_executor(b._writer, lambda: None)  # (B's store thread done)
    # the game is in the statistics bob's own worker shows him: once, whichever way they are kept
    assert games_of(b, "bob") == 1
    assert games_of(a, "ada") == 1
    assert [(r.mu, r.sigma) for r in b.store.stats.current_ratings("bob")] == [(bobs_rating.mu, bobs_rating.sigma)]
    if a.store.data_dir != b.store.data_dir:  # (two machines: bob's worker keeps only his)
        assert games_of(b, "ada") == 0
    # and in his replays there
    replays = ReplayStore.of(b.store.for_player("bob").data_dir, "bob").entries()
    assert [(e.title, e.players) for e in replays] == [("War", ("ada", "bob"))]
    # the lobby's last games list it once, on every worker
    await until(lambda: len(b.lobby.recent) == 1 and len(a.lobby.recent) == 1, "the game listed")
    await asyncio.sleep(0.3)
    assert len(b.lobby.recent) == len(a.lobby.recent) == 1


async def test_a_table_waiting_for_players_whose_host_dies_waits_on_at_another_worker(servers):
    a, b = servers
    table = a.lobby.create_table(GAMES["war"], creator="ada", players=3, people=3, level="easy")
    await until(lambda: table.id in b.lobby.elsewhere, "A's table listed on B")
    mirror, seat = await b.lobby.join_elsewhere(table.id, "bob", holder("bob"))
    assert seat == 1 and not mirror.dealt
    await until(lambda: a.lobby.links.hosts[table.id]._out == [] and mirror.seat_of("bob") == 1, "seats written")
    dies(a)  # (and B hears it is gone)
    b.hub.on_orphans(a.hub.worker)
    await until(lambda: table.id in b.lobby.tables, "B hosting the table", 10)
    again = b.lobby.tables[table.id]
    # ada's connection went with A: her seat is free, as when anyone's drops before the deal, and
    # bob, seated next, deals now; the table is still in the lobby, and his room with it
    assert not again.dealt and again.seat_of("ada") is None and again.seat_of("bob") == 1
    assert again.creator == "bob" and again.open_seats() == [0, 2]
    await until(lambda: mirror.creator == "bob" and mirror.seat_of("ada") is None, "bob's mirror told")
    assert b.lobby.lists(mirror) and not mirror.ended
    # ada, back on B, sits down again; bob deals; both play
    assert again.sit("ada", holder=holder("ada")) == 0
    mirror.deal()
    await until(lambda: again.dealt and mirror.dealt, "the deal")
    assert again.table.game.to_json() == mirror.table.game.to_json()


async def test_a_waiting_table_whose_host_is_stopped_is_handed_over_with_its_people_elsewhere(servers):
    a, b = servers
    alone = a.lobby.create_table(GAMES["war"], creator="cy", players=2, people=2, level="easy")
    table = a.lobby.create_table(GAMES["war"], creator="ada", players=2, people=2, level="easy")
    await until(lambda: table.id in b.lobby.elsewhere, "A's table listed on B")
    mirror, _ = await b.lobby.join_elsewhere(table.id, "bob", holder("bob"))
    told = await a.lobby.links.hand_over()  # (what SIGTERM does)
    assert told["ada"] == (  # (her session ends with these words)
        "This server process is stopping; your table of War waits for its players on another: "
        "connect again to sit down at it."
    )
    await until(lambda: table.id in b.lobby.tables, "B hosting the table")
    again = b.lobby.tables[table.id]
    assert not again.dealt and again.seat_of("bob") == 1 and again.creator == "bob"
    await until(lambda: mirror.creator == "bob", "bob told he deals")
    assert b.lobby.lists(mirror)
    assert alone.id in a.lobby.tables and alone.id not in b.lobby.tables  # (nobody elsewhere at cy's: it stays)


async def test_a_table_whose_host_dies_and_nobody_carries_on_tells_its_people_here_and_is_saved(servers, monkeypatch):
    from cardarcade.server import table_links

    monkeypatch.setattr(table_links, "NEW_HOST_WAIT", 0.5)
    a, b = servers
    table, mirror = await war_across(a, b)
    await play_to_the_end(table, mirror, until_moves=6)
    bobs = Session("bob").showing(table=mirror)  # (his game screen)
    carl = Session("carl").showing(table=mirror)  # (watching it)
    others = Session("dan")  # (in the lobby)
    for session in (bobs, carl, others):
        b.sessions.add(session)  # type: ignore[arg-type]
    await until(lambda: a.lobby.links.hosts[table.id]._out == [], "A's records written")
    dies(a)  # and another worker claimed its table, and died too before carrying it on
    await b.hub.redis.hset(b.lobby.links.hosted_key, table.id, "gone-too")
    b.hub.on_orphans(a.hub.worker)
    await until(lambda: mirror.ended, "B giving up on a new host", 5)
    # bob and carl are told plainly and go back to the lobby; the game is saved for its creator
    [(left, said)] = bobs.app.left
    assert left is mirror
    assert said.startswith("The server process hosting this table of War stopped, and no other could carry it on.")
    assert "Your game is saved for ada: it carries on from the saved games" in said
    [(_, to_carl)] = carl.app.left
    assert to_carl.endswith("no other could carry it on. The game is saved for ada.")  # (watching: not his)
    assert not others.app.left
    assert "no other could carry it on" in str(mirror.log[-1].text)  # (and the table's log says so)
    await asyncio.get_running_loop().run_in_executor(b._writer, lambda: None)  # (B's store thread done)
    [save] = b.store.for_player("ada").saves.entries()
    assert save.game_id == "war" and save.players == ("ada", "bob") and save.problem is None


async def test_a_waiting_tables_host_killed_leaves_its_other_people_at_it_and_the_next_one_deals(tmp_path, redis_url):
    """Two real ``serve ssh --redis`` processes: ada's War table for two on A, bob at it from B,
    waiting; A is killed (``kill -9``)."""
    import signal
    import time

    from test_redis_hub import in_lobby, serve_process, stop_processes
    from test_table_takeover import TAKE_OVER, seated_across

    (a, port_a), (b, port_b) = [await serve_process(tmp_path, name, redis_url) for name in ("a", "b")]
    try:
        _, bob = await seated_across(port_a, port_b)
        a.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        await a.wait()
        # bob stays at the table (B carries it on), ada's seat free; he deals now
        await until(lambda: "d deals now" in bob.text(), "bob told he deals", TAKE_OVER + 5)
        assert "Seat 1: open" in bob.text()
        assert "Seat 2: bob  (you)" in bob.text() and time.monotonic() - killed < TAKE_OVER + 5
        # ada, back (on B: A is gone), finds the table in the lobby and sits down again
        again = await in_lobby(port_b, "ada")
        await until(lambda: "War  2 players · waiting for 1 more" in again.text(), "the table in ada's lobby")
        again.press("\r")
        await until(lambda: "Seat 1: ada  (you)" in again.text(), "ada seated again")
        await until(lambda: "Everyone is here: d deals" in bob.text(), "bob seeing ada back")
        bob.press("d")
        for client in (again, bob):
            await until(lambda c=client: "Round 1" in c.text(), "the game on both")
        await again.close()
        await bob.close()
    finally:
        await stop_processes(a, b)
