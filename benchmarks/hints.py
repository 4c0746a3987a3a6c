"""A hint's time: the coach's answer (``bots.coach.advise``) at each level of each turn-based game.

    python benchmarks/hints.py [--quick] [--positions N] [--games ID,ID] [--levels L,L]

For every game with choices, positions where a seat chooses among several moves are taken from
seeded random play (``--positions`` of them), and each is asked of a fresh bot of every level
the game plays (the coach asks the strongest: expert where the game offers it at that table,
else hard; marked ``*``). Measured in this process, CPU time (the machine is shared: wall time is
noise here), median and p99 per game and level, with the share of hints worded from a search's
figures (the rest say the bot's rule). The issue's bound: within a second on this machine, at the
level the coach uses. At a table the work runs in a worker process at lower priority, so a
loaded machine adds wall time on top, never blocking the screen.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _common  # noqa: E402

from cardarcade.bots import STRATEGY_LEVELS  # noqa: E402
from cardarcade.bots.coach import advise, has_decisions, strongest_level  # noqa: E402
from cardarcade.rules import GAMES  # noqa: E402

BOUND_MS = 1000.0


def positions(game_id: str, wanted: int, seed: int) -> list[tuple[object, int, tuple]]:
    """(view, seat, legal moves) at ``wanted`` choices of seeded random play (fresh games as needed)."""
    spec = GAMES[game_id]
    found: list[tuple[object, int, tuple]] = []
    rng = random.Random(seed)
    while len(found) < wanted:
        game = spec.new(players=spec.default_players, seed=rng.randrange(1 << 30))
        for _ in range(5000):
            if game.is_over or len(found) >= wanted:
                break
            seat = game.actors()[0]
            legal = game.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.2:
                found.append((game.view(seat), seat, tuple(legal)))
            game.apply(seat, rng.choice(legal))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 positions a game (default 20)")
    parser.add_argument("--positions", type=int, default=None)
    parser.add_argument("--games", default="", help="game ids, comma-separated (default: every game with choices)")
    parser.add_argument("--levels", default="", help="levels, comma-separated (default: each the game plays)")
    args = parser.parse_args()
    wanted = args.positions or (4 if args.quick else 20)
    games = [g for g in args.games.split(",") if g] or sorted(g for g, s in GAMES.items() if has_decisions(s))
    figures: dict[str, dict] = {}
    print(f"{'game':18} {'level':8} {'median':>9} {'p99':>9} {'max':>9}  figures  (ms of CPU, {wanted} positions)")
    for game_id in games:
        spec = GAMES[game_id]
        coach = strongest_level(spec, spec.default_players)
        levels = [lv for lv in args.levels.split(",") if lv] or [
            *STRATEGY_LEVELS,
            *(["expert"] if coach == "expert" else []),
        ]
        asked = positions(game_id, wanted, seed=7)
        view, seat, legal = asked[0]
        advise(game_id, view, seat, coach, -1, legal)  # (warm: the bot's module imported, untimed)
        for level in levels:
            times, searched = [], 0
            for n, (view, seat, legal) in enumerate(asked):
                start = time.process_time()
                advice = advise(game_id, view, seat, level, n, legal)
                times.append(time.process_time() - start)
                searched += bool(advice.figures)
            summary = _common.summary_ms(times)
            mark = "*" if level == coach else " "
            over = "  over the bound" if level == coach and summary["p99"] > BOUND_MS else ""
            print(
                f"{game_id:18} {level + mark:8} {summary['median']:9.1f} {summary['p99']:9.1f} {summary['max']:9.1f}"
                f"  {searched}/{len(asked)}{over}"
            )
            figures[f"{game_id}:{level}"] = {**summary, "coach": level == coach, "from_a_search": searched}
    print(f"results: {_common.shown(_common.write_results('hints', figures))}")


if __name__ == "__main__":
    main()
