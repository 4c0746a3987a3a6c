"""Speed-family bots: the time a bot takes to plan after one change at the table.

At a live table every change (a card played, a flip) asks each bot for its plans, on the event
loop: what the table does is ``game.view(seat)`` and then ``bot.plans(view, moment)``. Both are
timed here, for every level, over bot-only games on virtual time (so nothing waits), and
reported per call as median, p99 and max. Goal: p99 under 1 ms for view and plans together.
Times are this thread's CPU time (on a shared machine the wall-clock tail is other processes'
time slices, not the bot's work); the wall-clock figures are reported next to them.

    python benchmarks/speed_bots.py [--quick] [--games N] [--only speed,california-speed]
    python benchmarks/speed_bots.py --levels [--games N] [--person heavy] [--only speed,aggravation]

``--levels`` measures what the levels feel like instead: a scripted person of each median (300,
500, 700 and 1,000 ms; ``cardarcade.table.simulate.scripted_person``) plays N two-player games
(default 20, seeds 0..N-1) against one bot of each level, and the games the person won are
printed with their share's 95% interval (Wilson). The aim, as in the slap games: easy is a
casual person (the 700 ms person takes about half), medium a typical one (500 ms), hard a quick
one (300 ms), expert faster than people (the 300 ms person wins few).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import _common

from cardarcade.bots import LEVEL_NAMES
from cardarcade.bots.reaction import LEVELS
from cardarcade.rules import GAMES
from cardarcade.seating import Reaction
from cardarcade.table.clock import VirtualClock
from cardarcade.table.simulate import PEOPLE, bot_seats, person_share, play_against_person
from cardarcade.table.table import Table

FAMILY = ("speed", "california-speed", "aggravation", "spoons", "cash")
GOAL_P99_MS = 1.0
PERSON_MEDIANS_MS = (300, 500, 700, 1000)
LEVELED = ("speed", "california-speed", "aggravation")  # the games whose levels are only speed


def timed_games(
    game_id: str,
    level: str,
    games: int,
    clock_ns=time.thread_time_ns,
    players: int | None = None,
    reactions: list[Reaction] | None = None,
) -> tuple[list[float], list[float]]:
    """(view + plans, plans alone) seconds for every planning call in ``games`` bot-only games of
    ``players`` (default: the game's usual number); ``reactions``, if given, gets every claim made."""
    spec = GAMES[game_id]
    players = players or spec.default_players  # (Cash: four, two sides)
    whole: list[float] = []
    plans_only: list[float] = []
    viewed = [0.0]  # the time of the view the table made just before asking for plans
    engine = spec.game

    class TimedViews(engine):  # type: ignore[misc, valid-type]
        def view(self, seat):
            start = clock_ns()
            out = super().view(seat)
            viewed[0] = (clock_ns() - start) / 1e9
            return out

    for seed in range(games):
        game = TimedViews(spec.new(players, seed=seed).s)
        clock = VirtualClock()
        table = Table(game, bot_seats([level] * players), clock, seed=seed)
        for bot in table.bots.values():
            real_plans = bot.plans

            def timed_plans(view, moment, real_plans=real_plans):
                start = clock_ns()
                out = real_plans(view, moment)
                took = (clock_ns() - start) / 1e9
                plans_only.append(took)
                whole.append(viewed[0] + took)
                return out

            bot.plans = timed_plans  # type: ignore[method-assign]
        table.start()
        while not game.is_over and clock.now() < 3600:
            if not clock.run(until=clock.now() + 60.0) and clock.idle:
                break
        table.close()
        if reactions is not None:
            reactions += table.stats.reactions
    return whole, plans_only


def person_wins(game_id: str, level: str, median_ms: int, games: int, shape: str) -> float:
    """Games a scripted person of ``median_ms`` won against one bot of ``level`` (seeds 0..games-1)."""
    spec = GAMES[game_id]
    return sum(
        person_share(play_against_person(spec, median_ms / 1000, [level], seed, shape=shape)[0])
        for seed in range(games)
    )


def wilson(won: float, n: int) -> tuple[float, float]:
    """The 95% interval of a share ``won`` of ``n`` (Wilson's, sound at 0 and n too)."""
    z, p = 1.96, won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def levels_table(games_ids: list[str], games: int, shape: str) -> dict:
    """Print and return the games won by people of every median against every level."""
    print(f"person: {shape}; games won of {games} (95% interval of the share)")
    print(f"{'game':18} {'level':8}" + "".join(f"{m:>8} ms     " for m in PERSON_MEDIANS_MS))
    table: dict[str, dict] = {}
    for game_id in games_ids:
        for level in LEVELS:
            row = {}
            for median_ms in PERSON_MEDIANS_MS:
                won = person_wins(game_id, level, median_ms, games, shape)
                low, high = wilson(won, games)
                row[str(median_ms)] = {"won": won, "interval": [round(low, 2), round(high, 2)]}
            table.setdefault(game_id, {})[level] = row
            print(
                f"{game_id:18} {level:8}"
                + "".join(f"{c['won']:>5g} ({c['interval'][0]:.2f}-{c['interval'][1]:.2f})" for c in row.values()),
                flush=True,
            )
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games per level")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--only", default=None)
    parser.add_argument("--levels", action="store_true", help="games won by scripted people against each level")
    parser.add_argument("--person", default="exgauss", choices=list(PEOPLE), help="with --levels: the person's shape")
    parser.add_argument("--out", default=None, help="with --levels: a results file name to write")
    args = parser.parse_args()
    if args.levels:
        games = args.games or (6 if args.quick else 20)
        chosen = args.only.split(",") if args.only else list(LEVELED)
        table = levels_table(chosen, games, args.person)
        if args.out:
            path = _common.write_results(args.out, {"games": games, "person": args.person, "wins": table})
            print(f"written to {path}")
        return 0
    args.only = args.only or ",".join(FAMILY)
    games = args.games or (5 if args.quick else 60)
    wanted = [g for g in args.only.split(",") if g in GAMES]
    results: dict[str, dict] = {}
    worst = 0.0
    for game_id in wanted:
        results[game_id] = {}
        for level in LEVEL_NAMES:
            whole, plans = timed_games(game_id, level, games)
            wall, _ = timed_games(game_id, level, games, time.perf_counter_ns)
            row = {
                "view_and_plans_ms": _common.summary_ms(whole),
                "plans_ms": _common.summary_ms(plans),
                "wall_view_and_plans_ms": _common.summary_ms(wall),
            }
            results[game_id][level] = row
            p99 = row["view_and_plans_ms"].get("p99", 0.0)
            worst = max(worst, p99)
            print(
                f"{game_id:18} {level:9} view+plans p50 {row['view_and_plans_ms'].get('median')} ms"
                f"  p99 {p99} ms  max {row['view_and_plans_ms'].get('max')} ms"
                f"  (plans alone p99 {row['plans_ms'].get('p99')} ms; wall-clock p99"
                f" {row['wall_view_and_plans_ms'].get('p99')} ms; n={len(whole)})"
            )
    verdict = "meets" if worst < GOAL_P99_MS else "MISSES"
    print(f"worst p99 {worst:.3f} ms: {verdict} the {GOAL_P99_MS} ms goal")
    if not args.quick and args.games is None and args.only == ",".join(FAMILY):
        path = _common.write_results(
            "speed_bots",
            {"games_per_level": games, "goal_p99_ms": GOAL_P99_MS, "worst_p99_ms": worst, "results": results},
        )
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
