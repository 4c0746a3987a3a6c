"""Thirteen: engine speed under random play, how long finding the legal plays of a 13-card hand
takes, and how strong the bots are against each other.

    python benchmarks/thirteen.py [--quick] [--games N] [--seconds S] [--hands H]

- Engine: random legal moves by the seat to act (``legal_actions`` + ``apply``) in 4-player
  games, seeds 0, 1, ... for ``--seconds`` of CPU time: applied actions per CPU-second.
- Legal plays: ``plays(hand, None)`` (a lead, where every combination is open: the most there
  can be) and ``Thirteen.legal_actions`` on a fresh deal, for ``--hands`` random 13-card hands:
  p50 / p99 / max in ms of CPU time (on a shared machine, wall-clock times of a fraction of a
  millisecond catch the scheduler's 4 ms slices given to other processes), and how many
  combinations a hand holds.
- Bots: ``--games`` 4-player games (default 300) of one bot against three of another, its seat
  going round the table, with the share of games it wins (by chance: 25%) and a 95% Wilson
  interval; heads-up hard against easy too. The CPU time each level takes to decide (p50 / p99).

Targets: legal plays of a 13-card hand p99 under 5 ms (a bot deciding on the event loop);
hard wins clearly more than its 25% share against easy.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

from cardarcade.bots.thirteen import duel  # noqa: E402
from cardarcade.cards import standard_deck  # noqa: E402
from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.rules.thirteen import plays  # noqa: E402

SPEC = GAMES["thirteen"]


def engine(seconds: float) -> dict:
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        rng = random.Random(games)
        game = SPEC.new(4, seed=games)
        while not game.is_over:
            seat = game.actors()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            actions += 1
        games += 1
    spent = time.process_time() - start
    return {
        "games": games,
        "actions": actions,
        "actions_per_cpu_second": round(actions / spent),
        "mean_actions_per_game": round(actions / games, 1),
    }


def legal_plays(hands: int) -> dict:
    pack = standard_deck()
    lead, actions, counts = [], [], []
    for i in range(hands):
        hand = random.Random(i).sample(pack, 13)
        t = time.process_time()
        found = plays(hand, None)
        lead.append(time.process_time() - t)
        counts.append(len(found))
        game = SPEC.new(4, seed=i)
        seat = game.actors()[0]
        t = time.process_time()
        game.legal_actions(seat)
        actions.append(time.process_time() - t)
    return {
        "hands": hands,
        "plays_on_a_lead_ms": _common.summary_ms(lead),
        "legal_actions_first_lead_ms": _common.summary_ms(actions),
        "combinations_per_hand": {"median": _common.percentile(counts, 50), "max": max(counts)},
    }


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (math.nan, math.nan)
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - half, 3), round(centre + half, 3)


def match(level: str, other: str, games: int, players: int, decide_times: dict[str, list[float]]) -> dict:
    def timed(who: str, decide):
        t = time.process_time()
        action = decide()
        decide_times[who].append(time.process_time() - t)
        return action

    won = sum(duel(level, other, seed, players, timed) for seed in range(games))
    return {
        "bot": level,
        "against": other,
        "players": players,
        "games": games,
        "wins": won,
        "share": round(won / games, 3),
        "chance_share": round(1 / players, 3),
        "interval95": wilson(won, games),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a run of about 15 s")
    parser.add_argument("--games", type=int, default=None, help="games per pairing (default 300; quick 60)")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds of random play (default 10)")
    parser.add_argument("--hands", type=int, default=None, help="random 13-card hands (default 3,000)")
    args = parser.parse_args()
    games = args.games or (60 if args.quick else 300)
    seconds = args.seconds or (2.0 if args.quick else 10.0)
    hands = args.hands or (500 if args.quick else 3000)

    figures = {"engine": engine(seconds)}
    e = figures["engine"]
    print(
        f"engine: {e['actions_per_cpu_second']:,} actions/CPU-s over {e['games']} random 4-player games "
        f"({e['mean_actions_per_game']} actions each)"
    )
    figures["legal_plays"] = legal = legal_plays(hands)
    lead, first = legal["plays_on_a_lead_ms"], legal["legal_actions_first_lead_ms"]
    print(
        f"legal plays of a 13-card hand on a lead: median {lead['median']:.3f} ms, p99 {lead['p99']:.3f} ms, "
        f"max {lead['max']:.3f} ms ({legal['combinations_per_hand']['median']} combinations at the median, "
        f"{legal['combinations_per_hand']['max']} at most)"
    )
    print(
        f"legal_actions of the first lead (the 3♠ in every play): median {first['median']:.3f} ms, "
        f"p99 {first['p99']:.3f} ms"
    )
    times: dict[str, list[float]] = {"easy": [], "medium": [], "hard": []}
    pairings = [("hard", "easy", 4), ("medium", "easy", 4), ("hard", "medium", 4), ("hard", "easy", 2)]
    figures["bots"] = []
    for level, other, players in pairings:
        start = time.perf_counter()
        row = match(level, other, games, players, times)
        figures["bots"].append(row)
        low, high = row["interval95"]
        print(
            f"{level} against {players - 1} {other}: wins {row['wins']}/{games} = {row['share']:.1%} "
            f"(chance {row['chance_share']:.0%}; 95% {low:.1%}-{high:.1%}) in {time.perf_counter() - start:.1f} s"
        )
    figures["decide_ms"] = {level: _common.summary_ms(t) for level, t in times.items()}
    for level, row in figures["decide_ms"].items():
        print(f"{level} decides in median {row['median']:.2f} ms, p99 {row['p99']:.2f} ms (max {row['max']:.2f})")
    path = _common.write_results("thirteen" + ("_quick" if args.quick else ""), figures)
    print(f"recorded in {_common.shown(path)}")


if __name__ == "__main__":
    main()
