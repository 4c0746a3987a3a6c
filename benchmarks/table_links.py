"""A table across server processes (``server/table_links.py``): what a seat at a table another
worker hosts costs, and what taking a table over costs.

    python benchmarks/table_links.py [--redis URL] [--games 3] [--long 2000]

Two workers (a ``RedisHub`` and a ``Lobby`` each, in this process, on one loop) share a private
redis-server (the tests' own, tests/services; or ``--redis URL``). ada plays War on A against bob
at A's table from B, each move made once the last one shows on both. Measured:

- per move: round trips to Redis (both workers: the host's writes, the mirror's reads, the
  requests), commands Redis ran (``INFO stats``), and the bytes of the host's record;
- the hop: half the round trip each worker measures on its writes (what a press is allowed for);
- a move of bob's from B: until A applied it, and until B's mirror shows it (wall time: informative);
- CPU per move (``process_time``, both workers together) against the same game at a table of one
  worker with no Redis, in the same run;
- taking over: a table made again from a stream of ``--long`` moves (the CPU it takes, and the
  longest the loop was held meanwhile, which a replay in slices keeps short).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time

import _common

sys.path.insert(0, str(_common.REPO_DIR / "tests"))

from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.server.hub import Hub  # noqa: E402
from cardarcade.server.lobby import Lobby  # noqa: E402
from cardarcade.server.redis_hub import RedisHub  # noqa: E402
from cardarcade.table.clock import LoopClock  # noqa: E402
from cardarcade.table.shared import SeatHolder  # noqa: E402


def holder(name: str) -> SeatHolder:
    return SeatHolder(name, lambda table, by: None)


async def until(condition, deadline: float = 30.0) -> None:
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the benchmark waited too long")
        await asyncio.sleep(0.0002)


async def commands(hub: RedisHub) -> int:
    return int((await hub.redis.info("stats"))["total_commands_processed"])


async def lobby_of(hub: Hub) -> Lobby:
    if isinstance(hub, RedisHub):
        await hub.connect()
    lobby = Lobby(LoopClock(), hub=hub)
    hub.begin()
    return lobby


def war_table(lobby: Lobby, seed: int):
    table = lobby.create_table(GAMES["war"], creator="ada", players=2, people=2, level="easy")
    table.seed = seed
    return table


async def local_game(seed: int) -> tuple[int, float]:
    """The same game at a table of one worker without Redis: (moves, CPU seconds)."""
    lobby = await lobby_of(Hub())
    table = war_table(lobby, seed)
    table.sit("bob")
    table.deal()
    game, moves = table.table.game, 0
    cpu = time.process_time()
    while not game.is_over:
        seat = game.actors()[0]
        table.submit(seat, game.legal_actions(seat)[0])
        moves += 1
        await asyncio.sleep(0)
    cpu = time.process_time() - cpu
    lobby.close()
    return moves, cpu


async def across_game(a: Lobby, b: Lobby, seed: int) -> dict[str, float]:
    table = war_table(a, seed)
    await until(lambda: table.id in b.elsewhere)
    mirror, _ = await b.join_elsewhere(table.id, "bob", holder("bob"))
    table.deal()
    await until(lambda: mirror.dealt)
    link = a.links.hosts[table.id]
    host, there = table.table.game, mirror.table.game
    trips = a.links.round_trips + b.links.round_trips
    ran = await commands(a.hub)
    applied, shown, sizes = [], [], []
    moves = 0
    told = {"A": asyncio.Event(), "B": asyncio.Event()}  # (waited on, not polled: the CPU is the workers')
    table.attach(None, lambda events, by: told["A"].set(), lambda batch: None)
    mirror.attach(None, lambda events, by: told["B"].set(), lambda batch: None)

    async def moved(where: str, done) -> None:
        while not done():
            told[where].clear()
            await asyncio.wait_for(told[where].wait(), 30)

    cpu = time.process_time()
    while not host.is_over:
        seat = there.actors()[0]
        n = len(table.table.moves.moves)
        start = time.perf_counter()
        (table if seat == 0 else mirror).submit(seat, there.legal_actions(seat)[0])
        await moved("A", lambda: len(table.table.moves.moves) > n)
        at_host = time.perf_counter()
        sizes.extend(len(text) for text in link._out)
        await moved("B", lambda: len(mirror.table.moves.moves) == len(table.table.moves.moves))
        if seat == 1:
            applied.append(at_host - start)
            shown.append(time.perf_counter() - start)
        moves += 1
    cpu = time.process_time() - cpu
    await until(lambda: not link._out)
    figures = {
        "moves": moves,
        "round_trips_per_move": (a.links.round_trips + b.links.round_trips - trips) / moves,
        "redis_commands_per_move": (await commands(a.hub) - ran - 1) / moves,
        "record_bytes_median": statistics.median(sizes) if sizes else 0,
        "remote_move_applied_ms_median": statistics.median(applied) * 1000,
        "remote_move_shown_ms_median": statistics.median(shown) * 1000,
        "remote_move_shown_ms_p99": _common.percentile(shown, 99) * 1000,
        "hop_ms": (a.links.rtt + b.links.rtt) / 2 * 1000,
        "cpu_ms_per_move": cpu / moves * 1000,
    }
    return figures


def lasts(seed: int, options) -> int:
    """The moves a War deal lasts (each seat its first legal move)."""
    game, moves = GAMES["war"].new(2, seed=seed, options=options), 0
    while not game.is_over:
        seat = game.actors()[0]
        game.apply(seat, game.legal_actions(seat)[0])
        moves += 1
    return moves


async def take_over(url: str, length: int) -> dict[str, float]:
    """A War table whose stream holds ``length`` moves, taken over by another worker."""
    from cardarcade.server import table_links

    table_links.SNAPSHOT_EVERY = 10 * length  # (no trim: the whole stream is replayed)
    a, c = await lobby_of(RedisHub(url)), await lobby_of(RedisHub(url))
    options = GAMES["war"].Options().model_copy(update={"max_rounds": length * 4})
    table = a.create_table(GAMES["war"], creator="ada", players=2, people=1, level="easy", options=options)
    table.seed = next(seed for seed in range(1000) if lasts(seed, options) > length)  # (taken over before its end)
    table.deal()
    game, made = table.table.game, 0
    while made < length:
        seat = game.actors()[0]
        table.table.submit(seat, game.legal_actions(seat)[0])
        made += 1
        if made % 100 == 0:
            await asyncio.sleep(0)
    await a.links.hosts[table.id].release()  # (as a worker told to stop hands it over, and closes it)
    table.close()
    late: list[float] = []

    async def keep_time() -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + 0.001
            await asyncio.sleep(0.001)
            late.append(loop.time() - due)

    ticker = asyncio.create_task(keep_time())
    cpu, wall = time.process_time(), time.perf_counter()
    c.links.orphaned("nobody")
    await until(lambda: table.id in c.tables, 60)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    ticker.cancel()
    same = c.tables[table.id].table.game.to_json() == game.to_json()
    for lobby in (a, c):
        await lobby.links.finish()
        lobby.close()
        await lobby.hub.close()
    return {
        "moves": made,
        "same_game": same,
        "cpu_ms": cpu * 1000,
        "wall_ms": wall * 1000,
        "loop_held_ms_max": max(late, default=0.0) * 1000,
    }


async def run(url: str, games: int, long: int) -> dict[str, object]:
    from cardarcade.server import table_links

    table_links.RATE = table_links.BURST = 10**6  # (moves as fast as the loop goes: no person's pace)
    a, b = await lobby_of(RedisHub(url)), await lobby_of(RedisHub(url))
    across = [await across_game(a, b, seed) for seed in range(games)]
    for lobby in (a, b):
        await lobby.links.finish()
        lobby.close()
        await lobby.hub.close()
    local = [await local_game(seed) for seed in range(games)]
    local_cpu = sum(cpu for _, cpu in local) / sum(m for m, _ in local) * 1000
    summary = {key: statistics.median(float(g[key]) for g in across) for key in across[0]}
    summary["cpu_ms_per_move_one_worker_no_redis"] = local_cpu
    return {"across_workers": summary, "games": across, "take_over": await take_over(url, long)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis", metavar="URL", help="a Redis to use (default: a private redis-server)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--long", type=int, default=2000, help="moves in the stream taken over")
    parser.add_argument("--out", default="table_links")
    args = parser.parse_args()
    from services.redis_server import private_redis

    with private_redis(args.redis) as url:
        figures = asyncio.run(run(url, args.games, args.long))
    for part in ("across_workers", "take_over"):
        print(part)
        for key, value in figures[part].items():  # type: ignore[attr-defined]
            print(f"  {key:40} {value:.3f}" if isinstance(value, float) else f"  {key:40} {value}")
    path = _common.write_results(args.out, {"games": args.games, "long": args.long, "figures": figures})
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
