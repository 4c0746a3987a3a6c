"""Trick-taking bots: strength tables and search speed.

    python benchmarks/trick_bots.py [--quick] [--game schnapsen|polignac] [--pair hard:medium]
                                    [--deals N] [--minutes M] [--speed-only]

Strength is measured on deals (one hand each), every deal played twice with the seats swapped,
so neither side keeps the better cards or the lead: Schnapsen counts the game points each level
wins (1 to 3 a hand); Polignac seats two bots of each level alternately (A B A B, then B A B A)
and counts the jack points each level takes (fewer is better). Bots decide by the same
functions as at the table, with the fixed amount of work they use under ``simulate``.

Speed: ISMCTS iterations per second of the hard bot (Schnapsen, stock open; Polignac, four
players), and the time a hard move takes, over the positions met in play.

Targets (issue 13): in Schnapsen hard wins at least 60% of the game points against medium
(16 sampled deals played to depth 4); hard beats easy clearly in every game; a hard move at
most about 1 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common

from cardarcade.bots import bura as bura_bots
from cardarcade.bots import chicago as chicago_bots
from cardarcade.bots import frogs_in_the_pond as frogs_bots
from cardarcade.bots import polignac as polignac_bots
from cardarcade.bots import schnapsen as schnapsen_bots
from cardarcade.bots import search
from cardarcade.bots import toepen as toepen_bots
from cardarcade.rules import GAMES

DECIDE = {
    "schnapsen": schnapsen_bots.decide,
    "polignac": polignac_bots.decide,
    "frogs-in-the-pond": frogs_bots.decide,
    "toepen": toepen_bots.decide,
    "bura": bura_bots.decide,
    "chicago": chicago_bots.decide,
}
# Frogs in the Pond: partners chosen so that seats 0 and 2 play 1 and 3 (levels alternate A B A B)
OPTIONS = {
    "frogs-in-the-pond": {"max_hands": 1, "partners": "chosen"},
    "toepen": {},
    "bura": {"max_hands": 1},
    "chicago": {},
}
WHAT = {
    "schnapsen": "game points won",
    "frogs-in-the-pond": "points taken by each side (more is better)",
    "toepen": "chips lost (fewer is better)",
    "bura": "pots won (a drawn hand wins none)",
    "chicago": "points scored (showdowns, last trick, best hand)",
}
# Toepen's search speed is measured from the card play (no redraw round or bluffed signal to pass first).
SPEED_OPTIONS = {"toepen": {"redraw": False, "jack_bluff": False}}


def play_deal(game_id: str, levels: list[str], seed: int, move_times: dict[str, list[float]]) -> list[int]:
    """One hand with ``levels[seat]`` in each seat; returns each seat's points from it
    (Schnapsen: game points won; Polignac: jack points taken)."""
    spec = GAMES[game_id]
    game = spec.new(len(levels), seed=seed, options=OPTIONS.get(game_id, {"target": 1}))
    decide = DECIDE[game_id]
    rng = random.Random(seed)
    while not game.is_over and game.s.hand_no == 1:  # (Toepen's game goes on: a deal is its first hand)
        seat = game.actors()[0]
        start = time.perf_counter()
        action = decide(game.view(seat), seat, levels[seat], rng.randrange(1 << 30))
        move_times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        game.apply(seat, action)
    if game_id == "frogs-in-the-pond":  # points by side: half to each partner, so a level's total is its side's
        return [game.s.last_hand[game.s.side[p]] / 2 for p in range(len(levels))]
    if game_id == "toepen":
        return list(game.s.lost)
    if game_id == "bura":
        return [1 if x > 0 else 0 for x in game.s.outcome]
    if game_id == "chicago":  # points from the first hand (the game's scores start at 0)
        return list(game.s.scores)
    return list(game.s.last_hand)


def strength(game_id: str, a: str, b: str, deals: int, minutes: float, first_deal: int = 0) -> dict:
    players = 2 if game_id in ("schnapsen", "bura") else 4
    totals = {a: 0, b: 0}
    differences = []  # a's points less b's, each deal (both seatings)
    hands = 0
    move_times: dict[str, list[float]] = {}
    deadline = time.monotonic() + minutes * 60
    for deal in range(first_deal, first_deal + deals):
        if time.monotonic() > deadline:
            break
        difference = 0
        for swap in (False, True):
            first, second = (b, a) if swap else (a, b)
            levels = [first if seat % 2 == 0 else second for seat in range(players)]
            points = play_deal(game_id, levels, 1000 + deal, move_times)
            for seat, p in enumerate(points):
                totals[levels[seat]] += p
                difference += p if levels[seat] == a else -p
            hands += 1
        differences.append(difference)
        if (deal + 1 - first_deal) % 10 == 0:
            print(f"  {game_id} {a} v {b}: {hands} hands, points {totals}", flush=True)
    all_points = sum(totals.values()) or 1
    # a's share moves by half a deal's difference over all points: its 95% interval by the normal
    # approximation over the per-deal differences
    n = len(differences)
    mean = sum(differences) / max(n, 1)
    spread = (sum((d - mean) ** 2 for d in differences) / (n - 1)) ** 0.5 if n > 1 else 0.0
    margin = 1.96 * spread * n**0.5 / 2 / all_points
    return {
        "game": game_id,
        "a": a,
        "b": b,
        "first_deal": first_deal,
        "hands": hands,
        "points": totals,
        "share_a": round(totals[a] / all_points, 3),
        "share_a_95": [round(totals[a] / all_points - margin, 3), round(totals[a] / all_points + margin, 3)],
        "mean_move_ms": {lvl: round(1000 * sum(t) / len(t), 1) for lvl, t in move_times.items()},
        "max_move_ms": {lvl: round(1000 * max(t), 1) for lvl, t in move_times.items()},
    }


def search_speed(game_id: str, positions: int) -> dict:
    """ISMCTS iterations per second from positions met in random play (the hard bot's search)."""
    spec = GAMES[game_id]
    cls = spec.game
    players = 2 if game_id in ("schnapsen", "bura") else 4
    rng = random.Random(7)
    iterations = 0
    seconds = 0.0
    for i in range(positions):
        game = spec.new(players, seed=i, options=SPEED_OPTIONS.get(game_id))
        while game_id == "chicago" and game.s.phase != "play":  # the search is for the tricks
            game.apply(game.actors()[0], game.legal_actions(game.actors()[0])[0])
        for _ in range(rng.randrange(0, 4)):
            seat = game.actors()[0]
            game.apply(seat, cls.rollout_move(game, seat, rng))
        seat = game.actors()[0]
        start = time.perf_counter()
        search.ismcts(cls, game.view(seat), seat, random.Random(i), 300)
        seconds += time.perf_counter() - start
        iterations += 300
    return {"game": game_id, "iterations_per_second": round(iterations / seconds)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/trick_bots.py")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--game", choices=sorted(DECIDE), action="append")
    parser.add_argument("--pair", action="append", help="levels to set against each other, e.g. hard:medium")
    parser.add_argument("--deals", type=int, default=250, help="deals per pairing (each played twice)")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop a pairing after this long")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--first-deal", type=int, default=0, help="start at this deal (to split a long run)")
    parser.add_argument("--out", default="trick_bots", help="the results file's name in benchmarks/results")
    args = parser.parse_args(argv)
    games = args.game or sorted(DECIDE)
    pairs = [tuple(p.split(":")) for p in (args.pair or ["hard:medium", "hard:easy", "medium:easy"])]
    deals, minutes = (5, 1.0) if args.quick else (args.deals, args.minutes)
    out: dict = {"speed": [search_speed(g, 3 if args.quick else 10) for g in games], "strength": []}
    for row in out["speed"]:
        print(f"{row['game']:<10} hard search: {row['iterations_per_second']:,} ISMCTS iterations/s")
    if not args.speed_only:
        for game_id in games:
            for a, b in pairs:
                row = strength(game_id, a, b, deals, minutes, args.first_deal)
                out["strength"].append(row)
                what = WHAT.get(game_id, "jack points taken (fewer is better)")
                print(
                    f"{game_id:<10} {a} v {b}: {row['hands']} hands, {what}: {row['points']} "
                    f"-> {a} {100 * row['share_a']:.1f}% (95%: {100 * row['share_a_95'][0]:.1f}-{100 * row['share_a_95'][1]:.1f}); move ms mean {row['mean_move_ms']} max {row['max_move_ms']}",
                    flush=True,
                )
    path = _common.write_results(args.out + ("_quick" if args.quick else ""), out)
    print(f"results: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
