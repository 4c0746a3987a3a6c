"""Speed-family bots: the time a bot takes to plan after one change at the table.

At a live table every change (a card played, a flip) asks each bot for its plans, on the event
loop: what the table does is ``game.view(seat)`` and then ``bot.plans(view, moment)``. Both are
timed here, for every level, over bot-only games on virtual time (so nothing waits), and
reported per call as median, p99 and max. Goal: p99 under 1 ms for view and plans together.
Times are this thread's CPU time (on a shared machine the wall-clock tail is other processes'
time slices, not the bot's work); the wall-clock figures are reported next to them.

    python benchmarks/speed_bots.py [--quick] [--games N] [--only speed,california-speed]
"""

from __future__ import annotations

import argparse
import sys
import time

import _common

from cardarcade.bots import LEVEL_NAMES
from cardarcade.rules import GAMES
from cardarcade.table.clock import VirtualClock
from cardarcade.table.simulate import bot_seats
from cardarcade.table.table import Reaction, Table

FAMILY = ("speed", "california-speed", "aggravation", "spoons", "cash")
GOAL_P99_MS = 1.0


def timed_games(game_id: str, level: str, games: int, clock_ns=time.thread_time_ns, players: int | None = None,
                reactions: list[Reaction] | None = None) -> tuple[list[float], list[float]]:
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games per level")
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--only", default=",".join(FAMILY))
    args = parser.parse_args()
    games = args.games or (5 if args.quick else 60)
    wanted = [g for g in args.only.split(",") if g in GAMES]
    results: dict[str, dict] = {}
    worst = 0.0
    for game_id in wanted:
        results[game_id] = {}
        for level in LEVEL_NAMES:
            whole, plans = timed_games(game_id, level, games)
            wall, _ = timed_games(game_id, level, games, time.perf_counter_ns)
            row = {"view_and_plans_ms": _common.summary_ms(whole), "plans_ms": _common.summary_ms(plans),
                   "wall_view_and_plans_ms": _common.summary_ms(wall)}
            results[game_id][level] = row
            p99 = row["view_and_plans_ms"].get("p99", 0.0)
            worst = max(worst, p99)
            print(f"{game_id:18} {level:9} view+plans p50 {row['view_and_plans_ms'].get('median')} ms"
                  f"  p99 {p99} ms  max {row['view_and_plans_ms'].get('max')} ms"
                  f"  (plans alone p99 {row['plans_ms'].get('p99')} ms; wall-clock p99"
                  f" {row['wall_view_and_plans_ms'].get('p99')} ms; n={len(whole)})")
    verdict = "meets" if worst < GOAL_P99_MS else "MISSES"
    print(f"worst p99 {worst:.3f} ms: {verdict} the {GOAL_P99_MS} ms goal")
    if not args.quick and args.games is None and args.only == ",".join(FAMILY):
        path = _common.write_results("speed_bots", {"games_per_level": games, "goal_p99_ms": GOAL_P99_MS,
                                                    "worst_p99_ms": worst, "results": results})
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
