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


def games_of(server: ArcadeServer, profile: str) -> int:
    return sum(s.played for s in server.store.stats.game_summaries(profile))


@pytest.mark.parametrize("servers", ["two folders", "one folder"], indirect=True)
async def test_a_person_on_another_worker_is_told_their_own_rating_and_their_worker_keeps_the_game_once(servers):
    a, b = servers
    table, mirror = await war_across(a, b)
    bobs = Session("bob")
    b.sessions.add(bobs)  # type: ignore[arg-type]
    await play_to_the_end(table, mirror)
    bobs.showing(game=mirror.table.game)  # (his result screen, up as the game ends)
    await until(lambda: bobs.app.memory.rated is not None, "bob's worker told how the game moved his rating", 15)
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
