"""Whether each bot level is clearly stronger than the one below it, in every turn-based game.

    python benchmarks/levels.py [--quick] [--games N] [--only go-fish,thirteen] [--pairs hard:medium]
                                [--minutes M] [--jobs J] [--players P] [--out NAME] [--from-deal D]

For every turn-based game and every pair of adjacent levels its bots offer (easy < medium <
hard, and < expert where the game has one), the higher level sits in one seat and the lower in
every other; each deal (seed) is played once with the higher level in each seat, so luck of the
deal and of the seat cancels. The higher level's share counts a game won alone as 1 and a shared
win (partners, a tie) as that share; the even share is 1 / players. Two players where the game
allows two, else its smallest table.

The verdict is "clear" when the share is at least 0.58 at two players (1.5 times the even share
at larger tables) and its 95% interval (normal approximation, over games) lies above the even
share; "ahead" when only the interval does; else "not told apart". In a game whose result names
only its losers (Toepen), the row also says how often the higher level lost and how often each
lower-level seat did, the clearer measure there, and the gap between the two with its 95%
interval (over games, each game's gap paired). ``--from-deal`` carries a slow pair on over
further deals; the rows keep each game's losses so that the runs can be pooled. Searching
games are slow: ``--minutes`` stops a pair early (the table says how many games it got
through). War has no choices to make and is left out.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import _common

from cardarcade.bots import Moment, Thinking, levels_for, make_bot
from cardarcade.catalog import CATALOG
from cardarcade.rules import GAMES
from cardarcade.table.simulate import play_headless

NO_CHOICES = {"war"}
CLEAR_TWO, CLEAR_RATIO = 0.58, 1.5
ORACLE_MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=0.5)  # the bots beside an oracle: no table, fixed work
FEWEST_FOR_A_VERDICT = 30  # games: below this a normal interval says little (3 shared wins give width 0)


def turn_based() -> list[str]:
    return [g for g, info in CATALOG.items() if not info.realtime and g not in NO_CHOICES]


def pairs_of(game_id: str) -> list[tuple[str, str]]:
    levels = levels_for(GAMES[game_id])
    return [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]


def seat_score(result, seat: int) -> float:
    """A seat's score in one game's ``result``: 1 for a win alone, a share of a shared one."""
    winners = [] if result is None else list(result.winners)
    return 1 / len(winners) if seat in winners else 0.0


def deal_scores(game_id: str, players: int, higher: str, lower: str, seed: int) -> list[tuple[float, int | None]]:
    """The higher level's score in each seat on one deal, and, in a game whose result names only
    its losers (Toepen), how many of the losers were the higher level (0 or 1) and how many the
    others (None: a game with winners)."""
    spec, outcomes = GAMES[game_id], []
    for seat in range(players):
        levels = [lower] * players
        levels[seat] = higher
        result, _ = play_headless(spec, levels, seed=seed)
        losers = result.losers if result is not None and result.only_losers else None
        outcomes.append((seat_score(result, seat), None if losers is None else (int(seat in losers), len(losers))))
    return outcomes


def measure(
    game_id: str,
    higher: str,
    lower: str,
    games: int,
    minutes: float,
    jobs: int,
    players: int | None = None,
    first_deal: int = 0,
) -> dict:
    spec = GAMES[game_id]
    players = players or max(2, spec.min_players)
    scores: list[float] = []
    losses: list[tuple[int, int]] = []
    start, seed = time.perf_counter(), first_deal
    with ProcessPoolExecutor(jobs) if jobs > 1 else _Inline() as pool:
        while len(scores) < games and time.perf_counter() - start < minutes * 60:
            batch = range(seed, seed + max(1, jobs))
            for outcomes in pool.map(deal_scores, *zip(*[(game_id, players, higher, lower, s) for s in batch])):
                scores.extend(score for score, _ in outcomes)
                losses.extend(lost for _, lost in outcomes if lost is not None)
            seed += len(batch)
    return {
        "game": game_id,
        "players": players,
        "higher": higher,
        "lower": lower,
        **summary(scores, players),
        **(went_broke(losses, players) if losses else {}),
        "first_deal": first_deal,
        "deals": seed,
        "seconds": round(time.perf_counter() - start, 1),
    }


def went_broke(losses: list[tuple[int, int]], players: int) -> dict:
    """Where a game names only its losers (Toepen: who ran out of chips), a share of wins says
    little (the others share each win, so even a seat that never loses takes about 1 / (players
    - 1)): how often the higher level lost, against each lower-level seat."""
    games = len(losses)
    higher = sum(mine for mine, _ in losses) / games
    others = sum(total - mine for mine, total in losses) / (games * (players - 1))
    # The gap a game: each lower seat's losses less the higher level's (paired, as they share a game).
    gaps = [(total - mine) / (players - 1) - mine for mine, total in losses]
    low, high = normal_interval(gaps)
    return {
        "higher_lost": round(higher, 3),
        "each_lower_lost": round(others, 3),
        "broke_gap": round(others - higher, 3),
        "broke_gap_interval": [round(low, 3), round(high, 3)],
        "losses": losses,
    }  # a game each, so that runs over further deals (--from-deal) can be pooled


def normal_interval(values: list[float]) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / max(1, n - 1))
    return mean - 1.96 * sd / math.sqrt(n), mean + 1.96 * sd / math.sqrt(n)


def summary(scores: list[float], players: int) -> dict:
    """The higher level's share over ``scores`` (one a game), its 95% interval and the verdict."""
    n = len(scores)
    share = sum(scores) / n
    low, high = normal_interval(scores)
    even = 1 / players
    needed = CLEAR_TWO if players == 2 else CLEAR_RATIO * even
    verdict = "clear" if share >= needed and low > even else "ahead" if low > even else "not told apart"
    if n < FEWEST_FOR_A_VERDICT:
        verdict = f"too few games ({verdict} so far)"
    return {
        "games": n,
        "share": round(share, 3),
        "interval": [round(low, 3), round(high, 3)],
        "even": round(even, 3),
        "needed": round(needed, 3),
        "verdict": verdict,
    }


def rotated(games: int, players: int, play_one) -> list:
    """``play_one(seat, seed)`` for every seat of as many deals as ``games`` needs: the oracles'
    games, the higher side in each seat of each deal in turn, as ``measure`` plays them."""
    return [play_one(seat, seed) for seed in range(-(-games // players)) for seat in range(players)]


def oracle_game(game_id: str, players: int, oracle_seat: int, seed: int, lower: str, oracle_move) -> float:
    """One game of an oracle (``oracle_move(game, seat) -> Action``) in ``oracle_seat`` against
    bots of ``lower`` in the others: the oracle's score."""
    game = GAMES[game_id].new(players, seed=seed)
    bots = {p: make_bot(game_id, p, lower, random.Random(f"{seed}:{p}")) for p in range(players) if p != oracle_seat}
    while not game.is_over:
        seat = game.actors()[0]
        if seat == oracle_seat:
            action = oracle_move(game, seat)
        else:
            (plan,) = bots[seat].plans(game.view(seat), ORACLE_MOMENT)
            action = plan.work(*plan.args) if isinstance(plan, Thinking) else plan.action
        game.apply(seat, action)
    return seat_score(game.result, oracle_seat)


def oracle_row(game_id: str, players: int, lower: str, scores: list[float], **extra) -> dict:
    """An oracle's row of the table, as ``measure`` makes a level's."""
    return {
        "game": game_id,
        "players": players,
        "higher": "oracle",
        "lower": lower,
        **extra,
        **summary(scores, players),
    }


def oracle_options(doc: str | None, games: int, lower: str, out: str) -> argparse.ArgumentParser:
    """The options every oracle's command takes (``--games``, ``--lower``, ``--out``), with its
    defaults; a command adds its own."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=games, help="games (every seat of every deal counts)")
    parser.add_argument("--lower", default=lower, help="the level of the other seats")
    parser.add_argument("--out", default=out, help="result file name in benchmarks/results/")
    return parser


def report_oracle(game_id: str, players: int, args: argparse.Namespace, play_one, **extra) -> None:
    """An oracle's games (``play_one(seat, seed) -> score``, every seat of each deal in turn),
    its row printed and kept in ``args.out``."""
    row = oracle_row(game_id, players, args.lower, rotated(args.games, players, play_one), **extra)
    print_row(row)
    write_rows(args.out, [row])


def write_rows(out: str, rows: list[dict], **extra) -> None:
    """The rows into ``benchmarks/results/<out>.json``, and where they went."""
    path = _common.write_results(out, {**extra, "pairs": rows})
    print(f"written to {path}")


def print_row(row: dict, note: str = "") -> None:
    """One pair's line of the table (``row`` as ``measure`` returns it)."""
    low, high = row["interval"]
    if "higher_lost" in row:
        gap_low, gap_high = row["broke_gap_interval"]
        note += (
            f" (lost: {row['higher']} {row['higher_lost']:.0%} of games, each {row['lower']} "
            f"{row['each_lower_lost']:.0%}; gap {row['broke_gap']:+.3f}, {gap_low:+.3f} to {gap_high:+.3f})"
        )
    print(
        f"{row['game']:<20} {row['higher'] + ' > ' + row['lower']:<16} {row['games']:>5} {row['share']:>6.3f} "
        f"{low:>6.3f}-{high:<6.3f} {row['even']:>5.2f}  {row['verdict']}{note}",
        flush=True,
    )


class _Inline:
    """``ProcessPoolExecutor``'s map, in this process (one job: no pickling, easier profiles)."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def map(work, *columns):
        return map(work, *columns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="40 games a pair, 2 minutes at most")
    parser.add_argument("--games", type=int, default=240, help="games a pair (every seat of every deal counts)")
    parser.add_argument("--minutes", type=float, default=20.0, help="most minutes a pair may take")
    parser.add_argument("--only", default="", help="comma-separated game ids")
    parser.add_argument(
        "--pairs",
        default="",
        help="comma-separated higher:lower pairs, e.g. hard:medium (any levels, also one the game does not offer yet)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--players", type=int, default=0, help="players at the table (default: two, else the smallest)")
    parser.add_argument("--out", default="levels", help="result file name in benchmarks/results/")
    parser.add_argument(
        "--from-deal",
        type=int,
        default=0,
        help="the first deal (seed): carries on an earlier run that stopped there, on new deals",
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.minutes = 40, 2.0
    games = [g.strip() for g in args.only.split(",") if g.strip()] or turn_based()
    unknown = [g for g in games if g not in CATALOG or CATALOG[g].realtime]
    if unknown:
        sys.exit(f"not a turn-based game: {', '.join(unknown)}")
    wanted = {tuple(p.split(":")) for p in args.pairs.split(",") if p.strip()}
    rows = []
    print(f"{'game':<20} {'pair':<16} {'games':>5} {'share':>6} {'95% interval':>14} {'even':>5}  verdict")
    for game_id in games:
        # (--pairs may name a level a game does not offer yet, e.g. an expert being tried)
        for higher, lower in sorted(wanted) if wanted else pairs_of(game_id):
            row = measure(
                game_id, higher, lower, args.games, args.minutes, args.jobs, args.players or None, args.from_deal
            )
            rows.append(row)
            print_row(row)
    write_rows(args.out, rows, quick=args.quick)


if __name__ == "__main__":
    main()
