"""How far any Neosho Rapids player could get above hard bots (the longest chain): an oracle
that sees every hand, in one seat against a hard bot, seats rotated on the same deals.

    python benchmarks/neosho_oracle.py [--games N] [--deals D] [--out NAME]

The oracle is the chain search of ``bots/_neosho_search.py`` (each chain it may play, played
out to the end) dealt the true hands: only the stock's order is unknown to it. Where even it
stays under 0.58, the deal, not the bot, keeps a level above hard from the mark.
"""

from __future__ import annotations

import argparse
import random

import _common
from levels import summary

from cardarcade.bots import make_bot
from cardarcade.bots._neosho_search import decide_neosho
from cardarcade.rules import GAMES


def oracle_game(seed: int, seat: int, deals: int) -> float:
    spec = GAMES["neosho-rapids"]
    game = spec.new(2, seed=seed)
    bots = [make_bot("neosho-rapids", p, "hard", random.Random(seed * 2 + p)) for p in range(2)]
    rng = random.Random(seed)
    while not game.is_over:
        p = game.actors()[0]
        view = game.view(p)
        if p == seat:
            action = decide_neosho(view, rng.randrange(1 << 30), deals, None, [list(h) for h in game.s.hands])
        else:
            action = bots[p].choose(view)
        game.apply(p, action)
    winners = game.result.winners
    return 1 / len(winners) if seat in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=80, help="games (every seat of every deal counts)")
    parser.add_argument("--deals", type=int, default=30, help="stock orders played out for every chain")
    parser.add_argument("--out", default="neosho_oracle", help="result file name in benchmarks/results/")
    args = parser.parse_args()
    scores = [oracle_game(seed, seat, args.deals) for seed in range(args.games // 2) for seat in (0, 1)]
    row = {"game": "neosho-rapids", "higher": "oracle", "lower": "hard", **summary(scores, 2)}
    print(row)
    print(f"written to {_common.write_results(args.out, row)}")


if __name__ == "__main__":
    main()
