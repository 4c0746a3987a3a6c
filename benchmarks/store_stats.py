"""The statistics queries with 100,000 recorded reactions, and the cost of recording.

    python benchmarks/store_stats.py [--quick] [--reactions N] [--games N] [--runs N]

A fresh database gets ``--games`` finished games (2,000; a profile against bots of every
level, in every game) and ``--reactions`` reaction times (100,000, in batches of 20 over 200
sessions, a tenth of them mistakes). Then, round after round, what the statistics screen reads
when it opens: opening the file, ``game_summaries``, ``reaction_histogram`` and
``reaction_trend`` (the sessions), each timed, and their sum (``screen_reads``); and
``reaction_seconds``, every time one by one (an export, not the screen). Also one ``record_game`` and one
``record_reactions`` batch (a commit each). Wall-clock milliseconds. The screen's target is
under 200 ms to open, drawing included; these are its reads.
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

from cardarcade.bots import levels_for  # noqa: E402
from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.seating import GameSetup, Reaction  # noqa: E402  # noqa: E402
from cardarcade.store.stats import Stats  # noqa: E402
from cardarcade.table.simulate import play_randomly  # noqa: E402

PROFILE = "ada"
BATCH = 20


def finished_games(count: int) -> list[tuple]:
    """``count`` (setup, game) pairs, finished, cycling through the games and bot levels."""
    ids = list(GAMES)
    made = {}
    out = []
    for i in range(count):
        spec = GAMES[ids[i % len(ids)]]
        levels = levels_for(spec)
        level = levels[(i // len(ids)) % len(levels)]
        if (spec.id, level) not in made:
            setup = GameSetup.solo(spec, seed=i, level=level)
            game = setup.new_game()
            play_randomly(game, random.Random(i))
            made[spec.id, level] = (setup, game)
        out.append(made[spec.id, level])
    return out


def fill(path: Path, games: int, reactions: int) -> None:
    rng = random.Random(1)
    realtime = [g for g in GAMES if GAMES[g].realtime]
    for t, (setup, game) in enumerate(finished_games(games)):
        with Stats(path, session="fill") as stats:
            stats.record_game(setup, game, 120.0, {0: PROFILE}, finished_at=1e9 + t * 600)
    sessions = 200
    with Stats(path) as stats:
        for b in range(reactions // BATCH):
            stats.session = f"session-{b * sessions // (reactions // BATCH):03d}"
            batch = [
                Reaction(
                    0, rng.lognormvariate(-0.8, 0.3), "false_slap" if rng.random() < 0.1 else "slap_win", 1, "slap"
                )
                for _ in range(BATCH)
            ]
            stats.record_reactions(rng.choice(realtime), PROFILE, batch, at=1e9 + b * 30)


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a run of about 15 s")
    parser.add_argument("--reactions", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=None, help="finished games recorded (default 2,000)")
    parser.add_argument("--runs", type=int, default=None, help="rounds of queries (default 30)")
    args = parser.parse_args()
    games = args.games or (300 if args.quick else 2_000)
    runs = args.runs or (5 if args.quick else 30)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.sqlite3"
        spent, _ = timed(lambda: fill(path, games, args.reactions))
        print(
            f"filled: {games:,} games, {args.reactions:,} reactions in {spent:.1f} s; "
            f"{path.stat().st_size / 1e6:.1f} MB"
        )
        times: dict[str, list[float]] = {
            k: []
            for k in (
                "open",
                "game_summaries",
                "reaction_histogram",
                "reaction_trend",
                "screen_reads",
                "reaction_seconds",
            )
        }
        for _ in range(runs):
            t_open, stats = timed(lambda: Stats(path))
            t_sum, summaries = timed(lambda: stats.game_summaries(PROFILE))
            t_hist, histogram = timed(lambda: stats.reaction_histogram(PROFILE))
            t_trend, trend = timed(lambda: stats.reaction_trend(PROFILE))
            t_raw, seconds = timed(lambda: stats.reaction_seconds(PROFILE))
            stats.close()
            for key, value in zip(times, (t_open, t_sum, t_hist, t_trend, t_open + t_sum + t_hist + t_trend, t_raw)):
                times[key].append(value)
        print(
            f"read back: {len(summaries)} games, {sum(n for _, n in histogram):,} reaction times in "
            f"{len(histogram)} bins, {len(trend)} sessions"
        )
        setup, game = finished_games(1)[0]
        with Stats(path) as stats:
            record_game = [timed(lambda: stats.record_game(setup, game, 1.0, {0: PROFILE}))[0] for _ in range(runs)]
            batch = [Reaction(0, 0.4, "slap_win", 1, "slap")] * BATCH
            record_batch = [timed(lambda: stats.record_reactions("slapjack", PROFILE, batch))[0] for _ in range(runs)]
    figures = {name: _common.summary_ms(values) for name, values in times.items()}
    figures["record_game"] = _common.summary_ms(record_game)
    figures[f"record_reactions_{BATCH}"] = _common.summary_ms(record_batch)
    for name, f in figures.items():
        print(f"{name:22} median {f['median']:8.2f} ms  p90 {f['p90']:8.2f} ms  (n={f['n']})")
    figures.update({"games": games, "reactions": args.reactions, "screen_target_ms": 200})
    print(f"results: {_common.write_results('store_stats', figures)}")


if __name__ == "__main__":
    main()
