"""Adaptive bots against people of every speed: the share of contested races the person takes.

A scripted person (ex-Gaussian reaction times with a set median; misses and false claims that
grow with slowness, as ``cardarcade.bots.reaction.human_like`` draws them) plays a session of
whole games on virtual time against adaptive bots in every other seat, in every reaction game
with every number of players it allows. The games of a session follow one another as they do
in the app: each new table starts its adaptive bots where the last one left them. ``--person``
picks how the person's times are drawn: ``exgauss`` (the project's own person) or ``heavy`` (a
heavier tail and more misses when slow, ``cardarcade.table.simulate.heavy_tailed``), or both.

In the speed family (Speed, California Speed, Aggravation) every card put down is a race won by
its player among the seats that could play then; Aggravation's call, Spoons' grab are races too.
Since those races make up the whole game, the games the person won are printed below the table.

Per cell: the person's share of the races they could take part in (a player out of the game
races nobody), with their even share of them beside it: one in the number of seats still in play
at each race, which is one in the number of players until someone is knocked out. In Salute the
King a race is lost by the last to answer, so there the figure is the share of races the person
LOST, against the same even share. A cell is close when the share is within 0.8-1.2 x the even
share.

    python benchmarks/adaptive.py [--quick] [--games N] [--only slapjack,snap] [--medians 250,1000]
                                  [--person exgauss,heavy] [--players 2,3,6] [--out NAME]
"""

from __future__ import annotations

import argparse
import sys
import time

import _common

from cardarcade.rules import GAMES
from cardarcade.table.simulate import PEOPLE, person_session

MEDIANS_MS = (250, 300, 450, 600, 700, 1000)
CLOSE = (0.8, 1.2)  # share / even share that counts as a close session
OPENING = 12  # races: how soon the bots should have found the person


def session(game_id: str, players: int, median_ms: int, games: int, shape: str = "exgauss") -> dict:
    """One person's session of ``games`` games against adaptive bots."""
    races, bots, won = person_session(GAMES[game_id], median_ms / 1000, players, games, shape)
    opening = races[:OPENING]
    # Seat 0 is the person: a race decided by them is one they won, or lost by being last.
    figures = {
        "races": len(races),
        "share": None,
        "even": None,
        "ratio": None,
        "bots_ms_end": round(bots * 1000),
        "won": round(won, 2),
        "opening": [sum(r.seat == 0 for r in opening), sum(r.even_share for r in opening)],
    }
    if races:
        share = sum(r.seat == 0 for r in races) / len(races)
        even = sum(r.even_share for r in races) / len(races)
        figures.update(share=round(share, 3), even=round(even, 3), ratio=round(share / even, 2))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="3 games, the least and the most players only (about 25 s)"
    )
    parser.add_argument("--games", type=int, help="games per session (default 10, quick 3)")
    parser.add_argument("--only", help="comma-separated game ids (default: every realtime game)")
    parser.add_argument("--medians", help="comma-separated person medians in ms (default 250,300,450,600,700,1000)")
    parser.add_argument("--person", default="exgauss", help=f"comma-separated person shapes ({', '.join(PEOPLE)})")
    parser.add_argument("--players", help="comma-separated table sizes (default: every size a game allows)")
    parser.add_argument("--out", default="adaptive", help="results file name (default adaptive)")
    args = parser.parse_args()
    games = args.games or (3 if args.quick else 10)
    medians = tuple(int(m) for m in args.medians.split(",")) if args.medians else MEDIANS_MS
    realtime = [g for g, spec in GAMES.items() if spec.realtime]
    chosen = args.only.split(",") if args.only else realtime
    unknown = [g for g in chosen if g not in realtime]
    if unknown:
        sys.exit(f"not a realtime game: {', '.join(unknown)}; choose from {', '.join(realtime)}")
    shapes = args.person.split(",")
    if any(shape not in PEOPLE for shape in shapes):
        sys.exit(f"--person: choose from {', '.join(PEOPLE)}")

    start = time.perf_counter()
    results: dict[str, dict] = {}
    for shape in shapes:
        print(f"\nperson: {shape}")
        results[shape] = person_table(chosen, medians, games, args.quick, shape, args.players)
    print(f"\n{games} games a session, {time.perf_counter() - start:.0f} s. Salute the King: the share of races LOST.")
    path = _common.write_results(
        args.out, {"games_per_session": games, "medians_ms": list(medians), "opening_races": OPENING, "people": results}
    )
    print(f"written to {_common.shown(path)}")


def person_table(
    chosen: list[str], medians: tuple[int, ...], games: int, quick: bool, shape: str, sizes: str | None = None
) -> dict:
    """Print (and return) one person shape's cells: every game, player count and median."""
    cells: dict[str, dict[str, dict[str, dict]]] = {}
    header = "".join(f"{m:>8} ms" for m in medians)
    print(f"{'game':18} {'n':>2} {header}   games the person won, by median")
    print(f"{'':21} (per person median: their share % / the even share % of the races they could enter)")
    close = total = 0
    openings: dict[str, dict[str, list]] = {}  # game -> median -> [taken, even] in the opening races
    for game_id in chosen:
        spec = GAMES[game_id]
        counts = range(spec.min_players, spec.max_players + 1)
        if quick:
            counts = sorted({spec.min_players, spec.max_players})
        if sizes:
            counts = [n for n in map(int, sizes.split(",")) if spec.min_players <= n <= spec.max_players] or [
                spec.min_players
            ]
        for players in counts:
            row = {}
            for median_ms in medians:
                row[str(median_ms)] = cell = session(game_id, players, median_ms, games, shape)
                total += 1
                ok = cell["ratio"] is not None and CLOSE[0] <= cell["ratio"] <= CLOSE[1]
                close += ok
                cell["close"] = ok
            cells.setdefault(game_id, {})[str(players)] = row
            for median_ms, cell in row.items():
                taken, even = cell.pop("opening")
                sums = openings.setdefault(game_id, {}).setdefault(median_ms, [0, 0.0])
                sums[0] += taken
                sums[1] += even
            figures = "".join(
                f"{c['share'] * 100:>6.0f}/{c['even'] * 100:<3.0f}{' ' if c['close'] else '*'}"
                if c["races"]
                else f"{'-':>10} "
                for c in row.values()
            )
            won = " ".join(f"{c['won']:g}" for c in row.values())
            print(f"{game_id:18} {players:>2} {figures}   {won} of {games}", flush=True)
    print(
        f"\nThe first {OPENING} races of every session, all player counts together "
        f"(the share taken over the even share: 1.00 is even):"
    )
    for game_id, by_median in openings.items():
        ratios = "".join(f"{taken / even if even else float('nan'):>11.2f}" for taken, even in by_median.values())
        print(f"{game_id:21} {ratios}")
    print(f"\n{close} of {total} cells within {CLOSE[0]}-{CLOSE[1]} x the even share (* outside)")
    opening_ratio = {g: {m: round(t / e, 2) if e else None for m, (t, e) in by.items()} for g, by in openings.items()}
    return {"close": [close, total], "cells": cells, "opening_ratio": opening_ratio}


if __name__ == "__main__":
    main()
