"""Bot reaction times per difficulty: the configured model next to what bots do in play.

For each level, the model's own distribution (20,000 samples of a one-alternative reaction),
then every realtime game played by bots of that level only (headless, virtual time): the
times of their claims that were not mistakes, pooled over all bots and games. A game whose
recognitions are harder (Egyptian Ratscrew sandwiches, Salute the King's four gestures)
should show slower figures than Slapjack's plain jack: that is Hick's law in the bots.

    python benchmarks/bot_reactions.py [--quick] [--games N] [--only slapjack,snap]
"""

from __future__ import annotations

import argparse
import random
import sys

import _common

from cardarcade.bots.reaction import LEVELS
from cardarcade.rules import GAMES
from cardarcade.seating import is_fault
from cardarcade.table.simulate import play_headless

MODEL_SAMPLES = 20_000


def spread_ms(seconds: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    if not ms:
        return {"n": 0}
    return {
        "n": len(ms),
        "p10": round(_common.percentile(ms, 10), 1),
        "median": round(_common.percentile(ms, 50), 1),
        "p90": round(_common.percentile(ms, 90), 1),
    }


def model(level: str) -> dict[str, float]:
    rng = random.Random(1)
    profile = LEVELS[level]
    return spread_ms([profile.sample(rng) for _ in range(MODEL_SAMPLES)])


def measured(game_id: str, level: str, games: int) -> dict[str, float]:
    spec = GAMES[game_id]
    players = max(spec.default_players, min(4, spec.max_players))
    times: list[float] = []
    for seed in range(games):
        _, table = play_headless(spec, [level] * players, seed)
        times += [r.seconds for r in table.stats.reactions if not is_fault(r.outcome)]
    return spread_ms(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (about 15 s)")
    parser.add_argument("--games", type=int, help="games per level and game (default 12, quick 3)")
    parser.add_argument("--only", help="comma-separated game ids (default: every realtime game)")
    args = parser.parse_args()
    games = args.games or (3 if args.quick else 12)
    realtime = [g for g, spec in GAMES.items() if spec.realtime]
    chosen = args.only.split(",") if args.only else realtime
    unknown = [g for g in chosen if g not in realtime]
    if unknown:
        sys.exit(f"not a realtime game: {', '.join(unknown)}; choose from {', '.join(realtime)}")

    results: dict[str, dict] = {}
    print(f"{'level':8} {'source':20} {'n':>6} {'p10':>7} {'median':>7} {'p90':>7}   (ms)")
    for level in LEVELS:
        rows = {"model": model(level)}
        for game_id in chosen:
            rows[game_id] = measured(game_id, level, games)
        results[level] = rows
        for source, fig in rows.items():
            if fig["n"]:
                print(f"{level:8} {source:20} {fig['n']:>6} {fig['p10']:>7} {fig['median']:>7} {fig['p90']:>7}")
            else:
                print(f"{level:8} {source:20} {0:>6}       -       -       -")
    path = _common.write_results("bot_reactions", {"games_per_cell": games, "levels": results})
    print(f"\nwritten to {_common.shown(path)}")


if __name__ == "__main__":
    main()
