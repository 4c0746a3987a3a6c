"""``serve ssh --workers N``: every worker accepts on the one listening socket its parent made, so
a new connection goes to a worker whose loop is free to take it, never queues behind one that is
held, and the socket outlives any worker (the one started in a dead one's place takes it up).
Real processes, a real Redis, real SSH clients."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from contextlib import asynccontextmanager
from collections.abc import AsyncIterator

from cardarcade.server.redis_hub import RedisHub
from services.redis_server import _free_port
from ssh_helpers import connect, until
from web_helpers import open_tab

LOBBY = "· online ("
PATIENCE = 30.0  # seconds a person may take to reach the lobby on a loaded test machine


class Parent:
    """``cardarcade serve ssh --workers 2``, its log read as it comes."""

    def __init__(self, process: asyncio.subprocess.Process, port: int) -> None:
        self.process, self.port, self.said = process, port, ""

    async def until_said(self, text: str, count: int = 1) -> None:
        assert self.process.stderr is not None
        while self.said.count(text) < count:
            line = (await asyncio.wait_for(self.process.stderr.readline(), 60)).decode()
            assert line, f"the workers stopped: {self.said}"
            self.said += line

    def workers(self) -> list[int]:
        """The workers serving now, in the order started."""
        found = re.search(r"pids ([\d, ]+)\)", self.said)
        pids = [int(pid) for pid in found.group(1).split(", ")] if found else []
        for dead, new in re.findall(r"worker (\d+) ended \(\S+\); worker (\d+) started", self.said):
            pids = [int(new) if pid == int(dead) else pid for pid in pids]
        return pids

    def every_pid(self) -> list[int]:
        found = re.search(r"pids ([\d, ]+)\)", self.said)
        return [int(p) for p in (found.group(1).split(", ") if found else [])] + [
            int(p) for p in re.findall(r"worker (\d+) started", self.said)
        ]


@asynccontextmanager
async def two_workers(tmp_path, redis_url, command: str = "ssh") -> AsyncIterator[Parent]:
    port = _free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "cardarcade.cli", "serve", command, "--port", str(port)),
        *(("--auth", "open") if command == "ssh" else ()),
        *("--redis", redis_url, "--workers", "2"),
        *("--per-address", "50"),  # (a dead worker's people count against it until its heartbeat lapses)
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    parent = Parent(process, port)
    try:
        serving = f"serving SSH on 127.0.0.1:{port}" if command == "ssh" else f"page on http://127.0.0.1:{port}/"
        await parent.until_said(serving, 2)
        yield parent
    finally:
        for pid in parent.every_pid():  # (stopped ones go on, so that they can end)
            for signum in (signal.SIGCONT, signal.SIGKILL):
                try:
                    os.kill(pid, signum)
                except ProcessLookupError:
                    pass
        if process.returncode is None:
            process.kill()
            await process.wait()


async def reach_lobby(port: int, names: list[str]) -> list:
    """Each of ``names`` connects (all at once) and reaches the lobby within PATIENCE seconds."""

    async def one(name: str):
        client = await connect(port, username=name)
        await until(lambda: LOBBY in client.text(), f"{name}'s lobby", PATIENCE)
        return client

    return list(await asyncio.gather(*(one(name) for name in names)))


async def worker_of(hub: RedisHub, name: str) -> int | None:
    for worker in await hub.redis.smembers(hub.key("workers")):
        if await hub.redis.hexists(hub.key(f"online:{worker}"), name):
            return int(worker.rsplit("-", 2)[1])
    return None


async def test_a_worker_whose_loop_is_held_gets_no_new_people_and_its_replacement_takes_up_the_socket(
    tmp_path, redis_url
):
    async with two_workers(tmp_path, redis_url) as parent:
        first, second = parent.workers()
        hub = RedisHub(redis_url)
        try:
            # One worker held (stopped: its loop runs nothing): everyone who arrives meanwhile is
            # taken by the other, at once. (With a socket each, SO_REUSEPORT, about half of them
            # waited in the held worker's queue and never reached a lobby.)
            os.kill(first, signal.SIGSTOP)
            names = [f"p{i}" for i in range(6)]
            people = await reach_lobby(parent.port, names)
            assert [await worker_of(hub, name) for name in names] == [second] * 6
            os.kill(first, signal.SIGCONT)
            for person in people:
                await person.close()

            # The worker that took them dies; the one started in its place accepts on the same
            # socket (the parent kept it): with the first held again, it takes the next people.
            os.kill(second, signal.SIGKILL)
            await parent.until_said("started in its place")
            await parent.until_said(f"serving SSH on 127.0.0.1:{parent.port}", 3)
            third = parent.workers()[1]
            assert third not in (first, second)
            os.kill(first, signal.SIGSTOP)
            names = ["q0", "q1", "q2"]
            people = await reach_lobby(parent.port, names)
            assert [await worker_of(hub, name) for name in names] == [third] * 3
            os.kill(first, signal.SIGCONT)
            for person in people:
                await person.close()
        finally:
            await hub.redis.aclose()


def test_a_port_in_use_is_said_by_the_parent_before_any_worker_starts(capsys, redis_url):
    import socket

    from cardarcade.cli import main

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        assert (
            main(["serve", "ssh", "--auth", "open", "--port", str(port), "--redis", redis_url, "--workers", "2"]) == 2
        )
        err = capsys.readouterr().err
        assert f"cannot listen on 127.0.0.1:{port}" in err and "workers serving" not in err
    finally:
        taken.close()


async def test_browser_tabs_are_taken_by_the_worker_free_to_take_them(tmp_path, redis_url):
    async with two_workers(tmp_path, redis_url, "web") as parent:
        first, _ = parent.workers()
        os.kill(first, signal.SIGSTOP)
        tabs = [await asyncio.wait_for(open_tab(parent.port), PATIENCE) for _ in range(4)]
        try:
            for tab in tabs:
                await until(lambda tab=tab: LOBBY in tab.text(), "a tab's lobby", PATIENCE)
        finally:
            os.kill(first, signal.SIGCONT)
            for tab in tabs:
                await tab.close()


async def turns_taken(people: list[int], arrivals: int, apart: float) -> list[int]:
    """Two TakingTurns at one listening socket (as two workers are), serving ``people`` each at
    first (one more for every connection taken); ``arrivals`` connections ``apart`` seconds apart:
    how many each took."""
    from cardarcade.server.workers import TakingTurns, listening_socket

    shared = listening_socket("127.0.0.1", 0)
    port = shared.getsockname()[1]
    served = list(people)
    taken = [0, 0]
    kept: list[socket.socket] = []

    def taker(i: int):
        def take(conn: socket.socket) -> None:
            taken[i] += 1
            served[i] += 1
            kept.append(conn)

        return take

    workers = [TakingTurns(shared.dup(), taker(i), lambda i=i: served[i]) for i in (0, 1)]
    loop = asyncio.get_running_loop()
    clients = []
    try:
        for _ in range(arrivals):
            client = socket.socket()
            client.setblocking(False)
            await loop.sock_connect(client, ("127.0.0.1", port))
            clients.append(client)
            await asyncio.sleep(apart)
        await until(lambda: sum(taken) == arrivals, "every connection taken")
    finally:
        for worker in workers:
            worker.close()
        for sock in [shared, *clients, *kept]:
            sock.close()
    return taken


async def test_the_worker_serving_fewer_takes_the_next_person():
    assert await turns_taken([20, 0], 5, 0.05) == [0, 5]
    assert await turns_taken([0, 20], 5, 0.05) == [5, 0]


async def test_a_crowd_arriving_at_once_is_shared_out():
    """Twelve at once: asyncio's own server took every connection waiting in one go (one worker
    took 27 of 30 so); in turns, each worker takes its share."""
    first, second = await turns_taken([0, 0], 12, 0.0)
    assert abs(first - second) <= 2, (first, second)
