"""How long the event loop stalls while the statistics screen opens with ``--database``, when
each round trip to the database takes ``--round-trip-ms`` (a database on another machine).

    python benchmarks/store_stalls.py [--round-trip-ms 20] [--rounds 5] [--games 200]

A private PostgreSQL is started (tests/services), given ``--games`` finished War games and
reaction times of the profile "ada"; then an arcade (``ArcadeApp``, headless, 80x24) on a
``Database`` whose every statement sleeps the round trip first opens the statistics screen
``--rounds`` times (``s``, wait for the figures, escape). A task on the loop asks every 5 ms and
notes how late it runs: the longest stall is what every other session of a server would have
waited. Also: the time from the key to the figures on screen, and the statements sent from the
loop's thread. Runs on an older checkout too (``PYTHONPATH=/other/checkout``: before the
screens read off the loop).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.append(str(Path(__file__).resolve().parents[1]))  # (for tests/services)
import _common  # noqa: E402

from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.seating import GameSetup, Reaction  # noqa: E402
from cardarcade.store.database import Database  # noqa: E402
from cardarcade.store.stats import DatabaseStats  # noqa: E402
from cardarcade.store.user import UserStore  # noqa: E402
from cardarcade.table.simulate import play_randomly  # noqa: E402


class SlowDatabase(Database):
    """Each statement waits ``delay`` seconds first; those sent from the loop's thread are counted."""

    delay = 0.02
    on_the_loop = 0

    def execute(self, conn, sql, args=()):  # type: ignore[no-untyped-def]
        if threading.current_thread() is threading.main_thread():
            self.on_the_loop += 1
        time.sleep(self.delay)
        return super().execute(conn, sql, args)


def fill(url: str, games: int) -> None:
    stats = DatabaseStats(Database(url))
    rng = random.Random(1)
    for i in range(games):
        setup = GameSetup.solo(GAMES["war"], seed=i, level="easy")
        game = setup.new_game()
        play_randomly(game, random.Random(i))
        stats.record_game(setup, game, 60.0, {0: "ada"}, finished_at=1_790_000_000.0 + i)
        stats.record_reactions(
            "slapjack", "ada", [Reaction(0, rng.lognormvariate(-0.8, 0.3), "slap_win", 1, "slap") for _ in range(20)]
        )


async def open_statistics(url: str, delay: float, rounds: int, folder: Path) -> dict:
    from cardarcade.ui.app import ArcadeApp, UISettings
    from cardarcade.ui.textual_compat import rendered_strips

    database = SlowDatabase(url)
    database.delay = delay
    store = UserStore(folder / "data", folder / "config", database=database)
    app = ArcadeApp(settings=UISettings(countdown=0), player="ada", store=store)
    stalls: list[float] = []
    answers: list[float] = []
    longest = [0.0]

    async def probe() -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.005)
            longest[0] = max(longest[0], time.perf_counter() - before - 0.005)

    def text() -> str:
        return "\n".join(strip.text for strip in rendered_strips(app.screen))

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.5)
        ticking = asyncio.get_running_loop().create_task(probe())
        for _ in range(rounds):
            await pilot.pause(0.2)
            longest[0] = 0.0
            start = time.perf_counter()
            await pilot.press("s")
            while "War" not in text():
                await asyncio.sleep(0.002)
                if time.perf_counter() - start > 60:
                    raise SystemExit("the statistics never showed")
            answers.append(time.perf_counter() - start)
            await pilot.pause(0.1)
            stalls.append(longest[0])
            await pilot.press("escape")
        ticking.cancel()
    return {
        "round_trip_ms": delay * 1000,
        "longest_stall_ms": [round(s * 1000, 1) for s in stalls],
        "longest_stall_ms_median": round(statistics.median(stalls) * 1000, 1),
        "figures_shown_ms_median": round(statistics.median(answers) * 1000, 1),
        "statements_on_the_loop_per_open": round(database.on_the_loop / rounds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--round-trip-ms", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--out", default="store_stalls")
    args = parser.parse_args()
    from tests.services.postgres_server import PrivateServer, find_binaries

    server = PrivateServer(*find_binaries())
    server.start()
    try:
        url = server.new_database()
        fill(url, args.games)
        folder = Path(tempfile.mkdtemp(prefix="cardarcade-bench-"))
        result = asyncio.run(open_statistics(url, args.round_trip_ms / 1000, args.rounds, folder))
    finally:
        server.remove()
    print(
        f"statistics screen opened {args.rounds} times, each round trip {args.round_trip_ms:.0f} ms: "
        f"longest loop stall median {result['longest_stall_ms_median']} ms (each: {result['longest_stall_ms']}); "
        f"figures on screen after {result['figures_shown_ms_median']} ms; "
        f"{result['statements_on_the_loop_per_open']} statements a time sent from the loop"
    )
    print(f"results: {_common.shown(_common.write_results(args.out, result))}")


if __name__ == "__main__":
    main()
