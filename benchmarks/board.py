"""What the lobby's leaderboard and its list of the last games cost a server.

    python benchmarks/board.py [--quick] [--people N] [--runs N]

CPU time in this process (the machine is shared: wall time is noise), each figure the median of
``--runs`` with its p99:

- a finished game's entry in the list (``recent.shared_record``: the replay encoded and packed,
  on the server's store thread) and what opening it costs (unpacked, read, checked and worked
  through to its end, on a thread), for War (2,000 moves), Go Fish and Knock Poker by easy bots;
  the replay's bytes as a file and packed (what the hub, or Redis, holds for each of the 50);
- the leaderboard with ``--people`` people rated in each of the 28 games (the whole board every
  worker mirrors): recording one rating, drawing a board (the top 10 and one person's place),
  and its memory (tracemalloc);
- seeding the board at a server's start from a statistics file with ``--people`` profiles rated
  (a query per profile, on the store thread);
- with a redis-server (the tests' own, tests/services): the longest step of a worker's loop, in
  CPU time, while another worker (a process of its own) puts 300 ratings on the board five
  times (a start's seeding batch): the news arriving in a burst.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _common  # noqa: E402

from cardarcade.replay import Positions  # noqa: E402
from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.server.leaderboard import Leaderboard, Standing  # noqa: E402
from cardarcade.server.recent import RECENT_GAMES, shared_record, unpack  # noqa: E402
from cardarcade.store.replays import check, parse, to_text  # noqa: E402
from cardarcade.store.stats import Stats  # noqa: E402
from cardarcade.ui.screens.replay import opened  # noqa: E402
from tests.replay_helpers import played  # noqa: E402


def final_game(replay):
    return Positions(replay).at(len(replay.moves))


def replays(runs: int) -> dict[str, dict]:
    out = {}
    for game_id in ("war", "go-fish", "knock-poker"):
        replay, _ = played(game_id)
        game = final_game(replay)
        _, packed = shared_record(replay, game)
        assert packed is not None

        def open_it(packed: str = packed) -> None:
            again = parse(unpack(packed) or "")
            check(again)
            opened(again)

        out[game_id] = {
            "moves": len(replay.moves),
            "file_bytes": len(to_text(replay).encode()),
            "packed_bytes": len(packed),
            "listed_cpu_ms": _common.summary_ms(
                [_common.cpu_of(lambda: shared_record(replay, game)) for _ in range(runs)]
            ),
            "opened_cpu_ms": _common.summary_ms([_common.cpu_of(open_it) for _ in range(runs)]),
        }
    return out


def board(people: int, runs: int) -> dict[str, object]:
    rng = random.Random(1)
    standings = [
        Standing(f"person {i}", game, rng.gauss(1500, 200), rng.randint(1, 40), float(i))
        for game in GAMES
        for i in range(people)
    ]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    whole = Leaderboard()
    whole.record_all(standings)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    one = [
        _common.cpu_of(
            lambda: whole.record(Standing(f"person {rng.randrange(people)}", "war", rng.gauss(1500, 200), 99, 1e9))
        )
        for _ in range(runs)
    ]
    drawn = [
        _common.cpu_of(lambda: (whole.top("war", 10), whole.place("war", f"person {rng.randrange(people)}")))
        for _ in range(runs)
    ]
    return {
        "standings": len(standings),
        "memory_kib": round(held / 1024),
        "record_one_cpu_ms": _common.summary_ms(one),
        "top_10_and_a_place_cpu_ms": _common.summary_ms(drawn),
    }


def seeding(people: int) -> dict[str, object]:
    replay, _ = played("war")
    game = final_game(replay)
    setup = replay.setup
    with tempfile.TemporaryDirectory() as folder:
        stats = Stats(Path(folder) / "stats.sqlite3")
        for i in range(people):
            stats.record_game(setup, game, 60.0, {0: f"person {i}"})
        start = time.process_time()
        rated = [r for profile in stats.profiles() for r in stats.current_ratings(profile)]
        spent = time.process_time() - start
        stats.close()
    return {"profiles": people, "ratings_read": len(rated), "seed_cpu_ms": round(spent * 1000, 1)}


async def send_ratings(url: str) -> None:
    """(The other worker, in a process of its own: ``board.py --send URL``.)"""
    from cardarcade.server.redis_hub import RedisHub

    hub = RedisHub(url)
    await hub.connect()
    hub.begin()
    for batch in range(5):
        await asyncio.sleep(1.0)
        hub.rated([Standing(f"r{batch}-{i}", "war", 1500.0 + i, 1, 1.0) for i in range(300)])
    await asyncio.sleep(1.0)
    await hub.close()


async def receive_ratings(url: str) -> list[float]:
    from cardarcade.server.redis_hub import RedisHub

    hub = RedisHub(url)
    await hub.connect()
    hub.begin()
    steps: list[float] = []
    sender = await asyncio.create_subprocess_exec(sys.executable, __file__, "--send", url)
    while hub.board.count("war") < 1500:
        start = time.thread_time()
        await asyncio.sleep(0)
        steps.append(time.thread_time() - start)
    await sender.wait()
    await hub.close()
    return sorted(steps)[-3:]


def burst() -> dict[str, object]:
    sys.path.insert(0, str(_common.REPO_DIR / "tests"))
    from services.redis_server import RedisProcess, redis_executables

    found = redis_executables()
    if not found:
        return {"skipped": "no redis-server"}
    server = RedisProcess(found[0], Path(tempfile.mkdtemp(prefix="bench-redis-")))
    server.start()
    try:
        longest = asyncio.run(receive_ratings(server.url))
    finally:
        server.stop()
    return {"longest_loop_steps_cpu_ms": [round(s * 1000, 2) for s in reversed(longest)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a run of about 15 s")
    parser.add_argument("--people", type=int, default=None, help="people rated per game (default 1,000; --quick 200)")
    parser.add_argument("--runs", type=int, default=None, help="repeats of each figure (default 30; --quick 8)")
    parser.add_argument("--send", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.send:
        asyncio.run(send_ratings(args.send))
        return
    people = args.people or (200 if args.quick else 1000)
    runs = args.runs or (8 if args.quick else 30)
    _common.use_fresh_data_folders()
    figures: dict[str, object] = {
        "replays": replays(runs),
        "board": board(people, runs),
        "seeding": seeding(people),
        "burst": burst(),
    }
    print(f"{'a finished game':16} {'moves':>6} {'file B':>8} {'packed B':>9} {'listed ms':>10} {'opened ms':>10}")
    for game_id, row in figures["replays"].items():  # type: ignore[attr-defined]
        print(
            f"{game_id:16} {row['moves']:>6} {row['file_bytes']:>8,} {row['packed_bytes']:>9,} "
            f"{row['listed_cpu_ms']['median']:>10} {row['opened_cpu_ms']['median']:>10}"
        )
    packed = [row["packed_bytes"] for row in figures["replays"].values()]  # type: ignore[attr-defined]
    print(
        f"the list's {RECENT_GAMES} replays: {RECENT_GAMES * min(packed) / 1024:.0f}-{RECENT_GAMES * max(packed) / 1024:.0f} KiB"
    )
    b = figures["board"]
    print(
        f"board of {b['standings']:,} standings: {b['memory_kib']:,} KiB; recording one "  # type: ignore[index]
        f"{b['record_one_cpu_ms']['median']} ms (p99 {b['record_one_cpu_ms']['p99']}); top 10 and a place "  # type: ignore[index]
        f"{b['top_10_and_a_place_cpu_ms']['median']} ms (p99 {b['top_10_and_a_place_cpu_ms']['p99']})"  # type: ignore[index]
    )
    s = figures["seeding"]
    print(f"seeding from {s['profiles']:,} profiles: {s['seed_cpu_ms']} ms of CPU")  # type: ignore[index]
    print(f"a worker's longest loop steps as 5 x 300 ratings arrive from another: {figures['burst']}")
    path = _common.write_results("board", {"people": people, "runs": runs, "figures": figures})
    print(f"written to {_common.shown(path)}")


if __name__ == "__main__":
    main()
