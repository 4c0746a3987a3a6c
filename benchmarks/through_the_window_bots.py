"""Through the Window bots: the time a bot takes to plan after one change at the table, and how
long a card takes to be won at each level.

After every change (a card turned, a word settled, a pass) the table asks each bot for its plans
on the event loop: ``game.view(seat)`` and then ``bot.plans(view, moment)``. Both are timed, this
thread's CPU time, over bot-only games on virtual time at three and at thirteen players (the
most a view holds), for every level, by the speed family's timing (speed_bots.timed_games);
reported per call as median, p99 and max. Goal: p99 under 1 ms. The noun list is read before
timing starts (a game reads it once, when it starts).

    python benchmarks/through_the_window_bots.py [--quick] [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import sys

import _common
from speed_bots import timed_games

from cardarcade.bots import LEVEL_NAMES
from cardarcade.rules.through_the_window import nouns
from cardarcade.seating import Reaction

GAME = "through-the-window"
GOAL_P99_MS = 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games per level")
    parser.add_argument("--games", type=int, default=None)
    args = parser.parse_args()
    games = args.games or (3 if args.quick else 20)
    nouns()
    results: dict[str, dict] = {}
    worst = 0.0
    for players in (3, 13):
        for level in LEVEL_NAMES:
            claims: list[Reaction] = []
            calls, _ = timed_games(GAME, level, games, players=players, reactions=claims)
            to_win = [r.seconds for r in claims if r.outcome == "word_win"]  # from the card turned to enter
            row = {
                "view_and_plans_ms": _common.summary_ms(calls),
                "seconds_to_win_a_card_median": round(statistics.median(to_win), 2) if to_win else None,
            }
            results[f"{players}p-{level}"] = row
            p99 = row["view_and_plans_ms"].get("p99", 0.0)
            worst = max(worst, p99)
            print(
                f"{players:2} players {level:9} view+plans p50 {row['view_and_plans_ms'].get('median')} ms"
                f"  p99 {p99} ms  max {row['view_and_plans_ms'].get('max')} ms  (n={len(calls)});"
                f" a card is won after {row['seconds_to_win_a_card_median']} s (median)"
            )
    verdict = "meets" if worst < GOAL_P99_MS else "MISSES"
    print(f"worst p99 {worst:.3f} ms: {verdict} the {GOAL_P99_MS} ms goal")
    if not args.quick and args.games is None:
        path = _common.write_results(
            "through_the_window_bots",
            {"games_per_level": games, "goal_p99_ms": GOAL_P99_MS, "worst_p99_ms": worst, "results": results},
        )
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
