"""Server processes sharing one Redis (``serve --redis``): a real redis-server (tests/services),
separate data folders, and nothing else shared, driven by asyncssh clients as people would."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys

import pytest

from cardarcade.server.hub import CHAT_BURST
from cardarcade.server.redis_hub import RedisHub
from cardarcade.store.user import UserStore
from services.redis_server import RedisProcess, redis_executables
from ssh_helpers import connect, until

LOBBY = "· online ("


async def serve_process(tmp_path, name: str, redis_url: str, *options: str):
    """``cardarcade serve ssh --redis URL`` as a person starts it, with a data folder of its own;
    returns (process, port)."""
    home = tmp_path / name
    env = {**os.environ, "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")}
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "cardarcade.cli", "serve", "ssh", "--auth", "open", "--port", "0"),
        *("--redis", redis_url, *options),
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stderr is not None
    said = ""
    while (found := re.search(r"serving SSH on 127\.0\.0\.1:(\d+)", said)) is None:
        line = (await asyncio.wait_for(process.stderr.readline(), 60)).decode()
        assert line, f"the server stopped: {said}"
        said += line
    assert "sharing the lobby, names and limits through Redis" in said
    return process, int(found.group(1))


async def chat(client, line: str) -> None:
    """Say ``line`` in the lobby's chat, as a person would: c, then the line once it has the focus."""
    client.press("c")
    await asyncio.sleep(0.5)
    client.press(line + "\r")


async def in_lobby(port: int, name: str):
    client = await connect(port, username=name)
    await until(lambda: LOBBY in client.text(), f"{name}'s lobby")
    return client


async def test_two_server_processes_share_people_chat_tables_and_the_session_limit_and_a_killed_one_leaves(
    tmp_path, redis_url
):
    (a, port_a), (b, port_b) = [
        await serve_process(tmp_path, name, redis_url, "--max-sessions", "2") for name in ("a", "b")
    ]
    try:
        ada, bob = await in_lobby(port_a, "ada"), await in_lobby(port_b, "bob")
        await until(lambda: "online (2): ada, bob" in ada.text(), "bob (on B) online in ada's lobby (on A)")
        await until(lambda: "online (2): ada, bob" in bob.text(), "ada (on A) online in bob's lobby (on B)")
        await chat(ada, "hello [b]from A[/b]")
        await until(lambda: "ada: hello [b]from A[/b]" in bob.text(), "ada's line, as typed, in bob's chat")
        ada.press("\x1b")  # back to the tables (alone: an escape and a key at once are alt+key)
        await asyncio.sleep(0.5)
        # the limit counts both processes' sessions: a third person on either is turned away
        cyd = await connect(port_a, username="cyd")
        await asyncio.wait_for(cyd.player.closed.wait(), 30)
        assert "The arcade is full (2 players)" in cyd.player.received.decode()
        # a table made on A is listed on B, and B says plainly it cannot be joined from there
        ada.press("n")
        await until(lambda: "A new table" in ada.text(), "the new table form")
        ada.press("\x1b[15~")  # F5: War, as offered
        await until(lambda: "Waiting for 1 more" in ada.text(), "ada at her table on A")
        await until(lambda: "War  2 players · waiting for 1 more" in bob.text(), "ada's table in bob's lobby")
        bob.press("\r")  # bob sits at it from B, as at a table of his own server
        await until(lambda: "Seat 2: bob  (you)" in bob.text(), "bob at ada's table on A")
        await until(lambda: "Seat 2: bob" in ada.text() and "Everyone is here" in ada.text(), "ada seeing bob sit")
        bob.press("\x1b")  # and stands up again
        await until(lambda: "waiting for 1 more" in bob.text() and LOBBY in bob.text(), "bob back in B's lobby")
        # A dies at once: its people and tables leave B's lobby within the heartbeat's TTL
        a.send_signal(signal.SIGKILL)
        await a.wait()
        await until(lambda: "online (1): bob" in bob.text() and "No tables yet" in bob.text(), "A's ghosts gone")
        # ...and its sessions stop counting: B admits a second person
        dee = await in_lobby(port_b, "dee")
        await until(lambda: "online (2): bob, dee" in dee.text(), "dee let in")
        await bob.close()
        await dee.close()
    finally:
        await stop_processes(a, b)
    assert b.returncode == 0  # B stopped as asked, after its Redis-shared life


async def stop_processes(*processes) -> None:
    """SIGTERM to each server process still running, and a kill for one that does not stop."""
    for process in processes:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()


def hub_server_options(tmp_path, name: str, url: str, **hub: float) -> dict:
    """A server of its own data folder, sharing only the Redis at ``url``."""
    return {"hub": RedisHub(url, **hub), "store": UserStore(tmp_path / name / "data", tmp_path / name / "config")}


async def two_servers_of_keys(serve, tmp_path, redis_url: str, client_key):
    """A second key, and two servers letting in both keys, sharing only Redis: (key, A, B)."""
    import asyncssh
    from test_names import key_list, public

    second_key = asyncssh.generate_private_key("ssh-ed25519")
    keys = key_list(tmp_path, public(client_key), public(second_key))
    servers = [
        await serve(auth="keys", authorized_keys=keys, **hub_server_options(tmp_path, name, redis_url))
        for name in ("a", "b")
    ]
    return second_key, *servers


async def test_a_name_bound_to_a_key_on_one_server_is_refused_to_another_key_on_the_other(
    serve, tmp_path, redis_url, client_key
):
    from test_names import refused

    second_key, (_, port_a), (b, port_b) = await two_servers_of_keys(serve, tmp_path, redis_url, client_key)
    ada = await connect(port_a, username="ada", client_keys=[client_key])
    await until(lambda: LOBBY in ada.text(), "ada's lobby on A")
    await until(lambda: "ada" in b.names._claims, "A's claim known on B")
    assert (await refused(port_b, second_key, "Ada")).startswith("The name ada belongs to another key")
    # the same key is ada on B too, and only ada
    assert (await refused(port_b, client_key, "eve")).startswith("This key plays as ada")
    again = await connect(port_b, username="ada", client_keys=[client_key])
    await until(lambda: "online (1): ada" in again.text() or "online (2): ada" in again.text(), "ada on B")
    await ada.close()
    await again.close()


async def test_two_keys_racing_for_one_name_on_two_servers_one_wins_and_the_other_is_told(
    serve, tmp_path, redis_url, client_key
):
    second_key, (_, port_a), (_, port_b) = await two_servers_of_keys(serve, tmp_path, redis_url, client_key)
    first, second = await asyncio.gather(
        connect(port_a, username="kim", client_keys=[client_key]),
        connect(port_b, username="kim", client_keys=[second_key]),
    )
    await until(
        lambda: sum(c.player.closed.is_set() for c in (first, second)) == 1, "one of the two sessions ended", 30
    )
    loser = first if first.player.closed.is_set() else second
    said = loser.player.received.decode()
    assert "belongs to another key" in said or "Another server claimed that name" in said
    for client in (first, second):
        await client.close()


async def test_a_name_full_of_markup_reaches_the_other_server_as_typed(serve, tmp_path, redis_url):
    _, port_a = await serve(**hub_server_options(tmp_path, "a", redis_url))
    _, port_b = await serve(**hub_server_options(tmp_path, "b", redis_url))
    odd = "[bold red]x[/]"
    mallory, bob = await in_lobby(port_a, odd), await in_lobby(port_b, "bob")
    await until(lambda: f"online (2): {odd}, bob" in bob.text(), "the name as typed in B's lobby")
    await chat(mallory, "[link=http://x]y[/link]")
    await until(lambda: f"{odd}: [link=http://x]y[/link]" in bob.text(), "the line as typed in B's chat")
    await mallory.close()
    await bob.close()


async def test_redis_going_away_leaves_each_server_playing_alone_and_saying_so(serve, tmp_path):
    executables = redis_executables()
    if not executables:
        pytest.skip("no Redis to test with")
    redis = RedisProcess(executables[0], tmp_path)
    redis.start()
    try:
        fast = {"heartbeat": 0.3, "ttl": 1.5}
        a, port_a = await serve(**hub_server_options(tmp_path, "a", redis.url, **fast))
        ada = await in_lobby(port_a, "ada")
        redis.stop()
        await until(lambda: "Cut off from the other server processes" in ada.text(), "ada told")
        # her own process serves her as before: the chat here, and a table of its own
        await chat(ada, "still here")
        await until(lambda: "ada: still here" in ada.text(), "her line in her own lobby")
        ada.press("\x1b")
        await asyncio.sleep(0.5)
        ada.press("n")
        await until(lambda: "A new table" in ada.text(), "the new table form")
        ada.press("\x1b[15~")
        await until(lambda: "Waiting for 1 more" in ada.text(), "a table on A without Redis")
        # Redis comes back: A writes all it holds again, and a new server sees her and her table
        redis.start(redis.port)
        await until(lambda: a.hub.trouble is None, "A sharing again", 30)
        _, port_b = await serve(**hub_server_options(tmp_path, "b", redis.url, **fast))
        bob = await in_lobby(port_b, "bob")
        await until(lambda: "online (2): ada, bob" in bob.text() and "War  2 players" in bob.text(), "A's state on B")
        await ada.close()
        await bob.close()
    finally:
        redis.stop()


async def test_a_flood_of_chat_across_two_servers_holds_to_one_rate_per_person(redis_url):
    a, b = RedisHub(redis_url), RedisHub(redis_url)
    for hub in (a, b):
        await hub.connect()
        hub.begin()
    try:
        # one person at two servers at once, each saying a burst before hearing the other's
        said = [hub.say("ada", f"line {i} from {hub.worker}") for i in range(CHAT_BURST) for hub in (a, b)]
        assert said.count(None) == 2 * CHAT_BURST  # (neither had heard the other yet)
        await until(lambda: a._writes.empty() and b._writes.empty(), "the writes made")
        await asyncio.sleep(0.2)
        kept = await a.redis.lrange(a.key("chat"), 0, -1)
        assert len(kept) == CHAT_BURST  # Redis let through one burst, not two
        await until(lambda: len(a.chat) == len(b.chat) == CHAT_BURST, "both lobbies showing what was kept")
        assert "slow down" in (a.say("ada", "more") or "") and "slow down" in (b.say("ada", "more") or "")
        # a crowd: forty people, three lines each, from both servers; every line arrives once
        for i in range(40):
            for n in range(3):
                assert (a, b)[i % 2].say(f"p{i}", f"{n}") is None
        await until(lambda: len(a.chat) == len(b.chat) == 100, "the last hundred lines in both")
        assert sorted((line.name, line.text) for line in a.chat) == sorted((line.name, line.text) for line in b.chat)
    finally:
        await a.close()
        await b.close()


async def test_a_browser_tab_on_a_web_server_and_an_ssh_player_on_another_share_the_lobby(
    serve, tmp_path, redis_url, host_key
):
    from web_helpers import open_tab, start_web

    web, web_port = await start_web(host_key, **hub_server_options(tmp_path, "web", redis_url))
    try:
        _, ssh_port = await serve(**hub_server_options(tmp_path, "ssh", redis_url))
        tab, bob = await open_tab(web_port, path="/ws/ada"), await in_lobby(ssh_port, "bob")
        await until(lambda: "online (2): ada, bob" in tab.text(), "bob (SSH) in the tab's lobby")
        await until(lambda: "online (2): ada, bob" in bob.text(), "ada (browser) in bob's lobby")
        await tab.close()
        await until(lambda: "online (1): bob" in bob.text(), "ada gone when her tab closed")
        await bob.close()
    finally:
        await web.close()
        await web.arcade.close()


def test_workers_above_one_need_redis_and_a_port(capsys):
    from cardarcade.cli import main

    assert main(["serve", "ssh", "--auth", "open", "--workers", "2"]) == 2
    assert "--workers above 1 needs --redis URL" in capsys.readouterr().err
    assert main(["serve", "web", "--workers", "2", "--redis", "redis://127.0.0.1:1/0", "--port", "0"]) == 2
    assert "needs a port of its own" in capsys.readouterr().err


async def test_two_workers_serve_one_address_share_one_lobby_and_stop_together(tmp_path, redis_url):
    from services.redis_server import _free_port

    port = _free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    parent = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "cardarcade.cli", "serve", "ssh", "--auth", "open", "--port", str(port)),
        *("--redis", redis_url, "--workers", "2"),
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    assert parent.stderr is not None
    said = ""
    try:
        while said.count(f"serving SSH on 127.0.0.1:{port}") < 2:
            line = (await asyncio.wait_for(parent.stderr.readline(), 60)).decode()
            assert line, f"the workers stopped: {said}"
            said += line
        assert "2 workers serving one address" in said
        # a worker that dies is replaced
        os.kill(int(re.search(r"pids (\d+),", said).group(1)), signal.SIGKILL)
        while said.count(f"serving SSH on 127.0.0.1:{port}") < 3:
            line = (await asyncio.wait_for(parent.stderr.readline(), 60)).decode()
            assert line, f"the workers stopped: {said}"
            said += line
        assert "started in its place" in said
        assert len(set(re.findall(r"host key (\S+);", said))) == 1  # one host key for all
        people = [await in_lobby(port, f"p{i}") for i in range(6)]
        await until(lambda: all("online (6)" in p.text() for p in people), "all six in one lobby")
        hub = RedisHub(redis_url)
        # the killed worker is taken off the list once its heartbeat has lapsed (seconds, not at once)
        for _ in range(300):
            workers = await hub.redis.smembers(hub.key("workers"))
            if len(workers) == 2:
                break
            await asyncio.sleep(0.1)
        assert len(workers) == 2, workers
        await hub.redis.aclose()
        parent.send_signal(signal.SIGTERM)
        for person in people:
            await asyncio.wait_for(person.player.closed.wait(), 30)
            assert b"The server is shutting down." in person.player.received
        assert await asyncio.wait_for(parent.wait(), 30) == 0
    finally:
        # The workers first: they share the parent's stderr, and asyncio's wait() for the parent
        # returns only once that pipe is closed by every process holding it.
        found = re.search(r"pids ([\d, ]+)\)", said)
        for pid in (found.group(1).split(", ") if found else []) + re.findall(r"worker (\d+) started", said):
            try:
                os.kill(int(pid), signal.SIGKILL)  # (a worker left behind by a failed run)
            except ProcessLookupError:
                pass
        if parent.returncode is None:
            parent.kill()
            await parent.wait()


def test_a_redis_password_never_reaches_a_message():
    from cardarcade.server.hub import HubUnavailable

    hub = RedisHub("redis://ada:s3cret@127.0.0.1:1/0")
    assert "s3cret" not in hub.where and "ada:***@127.0.0.1:1" in hub.where
    with pytest.raises(HubUnavailable) as refused:
        RedisHub("redis://:s3cret@127.0.0.1:port/0")
    assert "s3cret" not in str(refused.value) and "not a Redis URL" in str(refused.value)


def test_the_server_says_where_names_are_kept_in_redis_by_its_url():
    """'…each name belongs to one key, as kept in redis://host:port (prefix:names)': the URL as
    given (it read 'redis:/host', a URL taken for a path)."""
    from types import SimpleNamespace

    from cardarcade.server.redis_hub import RedisNames

    hub = SimpleNamespace(where="redis://127.0.0.1:6411", key=lambda part: f"cardarcade:{part}")
    assert RedisNames(hub, {}).kept_in == "redis://127.0.0.1:6411 (cardarcade:names)"  # type: ignore[arg-type]
