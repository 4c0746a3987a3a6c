"""Redis round trips per lobby action, when server processes share a lobby (``serve --redis``).

    python benchmarks/redis_round_trips.py [--redis URL] [--repeat 50] [--quick]

Two workers (``RedisHub`` and a ``Lobby`` each, in this process, on one loop) share a private
redis-server (the tests' own, tests/services; or ``--redis URL``, whose keys under a fresh prefix
are used). For each lobby action on worker A: the round trips A makes to Redis (a pipeline or a
script counts once), the commands Redis ran for it (``INFO stats``, less the INFO itself), and
the time until worker B's lobby shows it (wall time: informative only, on a loaded machine). A
lobby screen's reads cost no round trip: they read the worker's own copy. Also: what an idle
worker's heartbeat costs per minute.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import _common

sys.path.insert(0, str(_common.REPO_DIR / "tests"))

from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.server.lobby import Lobby  # noqa: E402
from cardarcade.server.redis_hub import RedisHub  # noqa: E402
from cardarcade.table.clock import LoopClock  # noqa: E402


async def commands(hub: RedisHub) -> int:
    info = await hub.redis.info("stats")
    return int(info["total_commands_processed"])


async def settled(hub: RedisHub) -> None:
    assert hub._writes is not None
    await hub._writes.join()


async def measure(
    a: RedisHub, b: RedisHub, act: Callable[[int], object], shown: Callable[[int], bool], repeat: int
) -> dict[str, float]:
    trips, ran, seen = [], [], []
    for i in range(repeat):
        before_trips, before_ran = a.round_trips, await commands(a)
        start = time.perf_counter()
        result = act(i)
        if asyncio.iscoroutine(result):
            await result
        await settled(a)
        trips.append(a.round_trips - before_trips)
        ran.append(await commands(a) - before_ran - 1)  # (less the INFO itself)
        while not shown(i):
            await asyncio.sleep(0.0005)
            if time.perf_counter() - start > 5:
                raise RuntimeError("worker B never saw it")
        seen.append(time.perf_counter() - start)
    return {
        "round_trips": statistics.mean(trips),
        "redis_commands": statistics.mean(ran),
        "seen_by_other_ms_median": round(statistics.median(seen) * 1000, 2),
    }


async def run(url: str, repeat: int, idle_seconds: float) -> dict[str, object]:
    prefix = f"bench-{secrets.token_hex(3)}:"
    a, b = RedisHub(url, prefix=prefix), RedisHub(url, prefix=prefix)
    names = a.name_registry(Path("unused"), {})
    for hub in (a, b):
        await hub.connect()
    lobby_a = Lobby(LoopClock(), hub=a)
    Lobby(LoopClock(), hub=b)
    for hub in (a, b):
        hub.begin()
    await asyncio.sleep(0.2)
    war = GAMES["war"]
    tables: list = []
    out: dict[str, object] = {}
    out["arrive"] = await measure(a, b, lambda i: lobby_a.arrive(f"p{i}"), lambda i: f"p{i}" in b.online, repeat)
    out["depart"] = await measure(a, b, lambda i: lobby_a.depart(f"p{i}"), lambda i: f"p{i}" not in b.online, repeat)
    out["say (chat line)"] = await measure(
        a, b, lambda i: lobby_a.say(f"s{i}", f"line {i}"), lambda i: any(c.text == f"line {i}" for c in b.chat), repeat
    )

    def create(i: int) -> None:
        tables.append(lobby_a.create_table(war, creator=f"c{i}", players=2, people=2, level="easy"))

    out["new table"] = await measure(a, b, create, lambda i: tables[i].id in b.elsewhere, repeat)
    out["sit at a table"] = await measure(
        a,
        b,
        lambda i: tables[i].sit(f"d{i}"),
        lambda i: "ready to deal" == getattr(b.elsewhere.get(tables[i].id), "status", ""),
        repeat,
    )
    out["table left by all"] = await measure(
        a,
        b,
        lambda i: [tables[i].stand(f"d{i}"), tables[i].stand(f"c{i}")],
        lambda i: tables[i].id not in b.elsewhere,
        repeat,
    )

    async def admit_and_release(i: int) -> None:
        assert await a.admit("10.0.0.1", 1000, 1000) is None
        a.release("10.0.0.1")

    out["session admitted and ended"] = await measure(a, b, admit_and_release, lambda i: True, repeat)
    out["name claimed (first login of a key)"] = await measure(
        a,
        b,
        lambda i: names.admit(f"n{i}", f"SHA256:{i}"),
        lambda i: True,  # (B's mirror of the names is not made here: it has no registry)
        repeat,
    )
    # The leaderboard and the last games (server/leaderboard.py, recent.py): a rating, a game and its replay.
    from cardarcade.server.recent import FinishedGame
    from cardarcade.store.ratings import Rating

    out["rating recorded"] = await measure(
        a,
        b,
        lambda i: lobby_a.rated([Rating(f"r{i}", "war", 1500.0, 300.0, 1, None, float(i))]),
        lambda i: b.board.place("war", f"r{i}") is not None,
        repeat,
    )
    out["game finished (listed, 12 KB replay kept)"] = await measure(
        a,
        b,
        lambda i: lobby_a.finished(FinishedGame(f"f{i}", "war", "War", ("ada",), "ada wins", 2000, 1.0), "x" * 12_000),
        lambda i: bool(b.recent) and b.recent[0].id == f"f{i}",
        repeat,
    )
    # An idle worker: its heartbeat (renewing its keys, looking for workers that died).
    before_trips, before_ran = a.round_trips, await commands(a)
    await asyncio.sleep(idle_seconds)
    per_minute = 60 / idle_seconds
    out["idle worker, per minute"] = {
        "round_trips": round((a.round_trips - before_trips) * per_minute, 1),  # (a's own)
        "redis_commands": round((await commands(a) - before_ran - 1) * per_minute / 2, 1),  # (both ran: per worker)
    }
    await a.close()
    await b.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis", metavar="URL", help="a Redis to use (default: a private redis-server)")
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--quick", action="store_true", help="10 of each, 10 s idle")
    parser.add_argument("--out", default="redis_round_trips")
    args = parser.parse_args()
    repeat, idle = (10, 10.0) if args.quick else (args.repeat, 30.0)
    from services.redis_server import private_redis

    with private_redis(args.redis) as url:
        figures = asyncio.run(run(url, repeat, idle))
    print(f"{'lobby action':40} {'round trips':>12} {'commands':>9} {'seen on B (ms)':>15}")
    for action, row in figures.items():
        assert isinstance(row, dict)
        print(
            f"{action:40} {row['round_trips']:>12g} {row['redis_commands']:>9g} "
            f"{row.get('seen_by_other_ms_median', ''):>15}"
        )
    path = _common.write_results(args.out, {"repeat": repeat, "figures": figures})
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
