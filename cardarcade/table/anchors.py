"""Measure the bot levels' ratings (``cardarcade.bots.anchors``) by bot-against-bot play:

    python -m cardarcade.table.anchors --games 12 [--cpu-seconds 10] [--game ID ...] [--out FILE]

For each game, at its usual table size, bots of every fixed level it offers play ``--games``
games on virtual time (seeds 0, 1, ...), the levels turned round the seats so that each meets
each in every seat; a game stops early once its bots have used ``--cpu-seconds`` of processor
time (the slow searching levels), and the file says how many games each level played. The
levels are rated in the model's own way, one game after another, without drift (a bot does not
learn), and shifted so that the medium bot is 1,500. ``sigma`` is how sure each figure is: the
true value lies within two sigmas nineteen times in twenty.

Adaptive bots follow the person they play and have no rating of their own: they are not
measured. ``--game`` measures those games again and keeps every other one from the file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from cardarcade.bots import levels_for
from cardarcade.bots.anchors import ANCHOR_LEVEL, ANCHORS_FILE, MU, SIGMA, Skill, places, rate
from cardarcade.bots.reaction import ADAPTIVE
from cardarcade.rules import GAMES
from cardarcade.rules.base import GameSpec
from cardarcade.table.simulate import play_headless

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "bots" / ANCHORS_FILE


def seat_levels(levels: Sequence[str], players: int, i: int) -> list[str]:
    """Game ``i``'s level in each seat: every level meets every other in every seat as ``i`` goes
    round (at least two levels at every table)."""
    k = len(levels)
    step = 1 + (i // k) % (k - 1)
    return [levels[(i + seat * step) % k] for seat in range(players)]


def measure(spec: GameSpec, games: int, cpu_seconds: float) -> dict:
    """One game's levels, rated from bot-against-bot play (a dict as ``anchors.json`` keeps)."""
    players = spec.default_players
    levels = [level for level in levels_for(spec, players) if level != ADAPTIVE]
    skills = {level: Skill(MU, SIGMA) for level in levels}
    played = dict.fromkeys(levels, 0)
    start = time.process_time()
    done = 0
    for i in range(games):
        if done and time.process_time() - start > cpu_seconds:
            break
        seats = seat_levels(levels, players, i)
        result, _ = play_headless(spec, seats, seed=i)
        done += 1
        for level in set(seats):
            played[level] += 1
        if result is None:
            continue  # abandoned (never with the shipped games): no one's result
        sides, ranks = places(result, players)
        after = rate([[skills[seats[s]] for s in side] for side in sides], ranks, drift=False)
        skills = _merged(skills, [seats[s] for side in sides for s in side], [r for side in after for r in side])
    shift = MU - skills[ANCHOR_LEVEL].mu
    return {
        "players": players,
        "games": done,
        "cpu_seconds": round(time.process_time() - start, 1),
        "levels": {
            level: {"mu": round(s.mu + shift, 1), "sigma": round(s.sigma, 1), "games": played[level]}
            for level, s in skills.items()
        },
    }


def _merged(skills: dict[str, Skill], seats: list[str], after: list[Skill]) -> dict[str, Skill]:
    """Each level's rating moved by the sum of what its seats' moved (a level may sit twice at one
    table): means added up, precisions too."""
    out = dict(skills)
    for level in set(seats):
        before = skills[level]
        moves = [a for s, a in zip(seats, after) if s == level]
        mu = before.mu + sum(a.mu - before.mu for a in moves)
        precision = 1 / before.sigma**2 + sum(1 / a.sigma**2 - 1 / before.sigma**2 for a in moves)
        out[level] = Skill(mu, max(precision, 1 / before.sigma**2) ** -0.5)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardarcade.table.anchors", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12, help="games per game (default 12)")
    parser.add_argument("--cpu-seconds", type=float, default=10.0, help="processor time per game at most (default 10)")
    parser.add_argument("--game", action="append", help="measure only this game (again), keeping the others")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the file written (default: the package's)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    unknown = [g for g in args.game or [] if g not in GAMES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    kept: dict = {}
    commands: list[str] = []
    if args.game and args.out.exists():
        old = json.loads(args.out.read_text("utf-8"))
        kept, commands = old["games"], old["commands"]
    commands.append(" ".join(["python -m cardarcade.table.anchors", *(argv if argv is not None else sys.argv[1:])]))
    for game_id in args.game or list(GAMES):
        kept[game_id] = measure(GAMES[game_id], args.games, args.cpu_seconds)
        kept[game_id]["measured_by"] = len(commands)  # (the command's number in the list, from 1)
        levels = kept[game_id]["levels"]
        print(
            f"{game_id:20} {kept[game_id]['games']:3} games {kept[game_id]['cpu_seconds']:6.1f}s  "
            + "  ".join(f"{lv} {s['mu']:.0f}±{s['sigma']:.0f}" for lv, s in levels.items()),
            file=sys.stderr,
        )
    data = {
        "commands": commands,  # the first measured every game; each later one, its --game games again
        "measured": time.strftime("%Y-%m-%d"),
        "model": {"mu": MU, "sigma": SIGMA, "anchor": ANCHOR_LEVEL},
        "games": {g: kept[g] for g in GAMES if g in kept},
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
