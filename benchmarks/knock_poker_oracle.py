"""How far any Knock Poker player could get above the bots: an oracle that sees every hand (not
the stock), in one seat against bots of one level in the others, seats rotated on the same deals.

    python benchmarks/knock_poker_oracle.py [--games N] [--lower hard] [--players 2] [--deals D] [--out NAME]

The oracle searches as the hard bot does (every weighed move played out to the end by the rule
of thumb, the move that wins most), but over the true hands, only the stock's order unknown. No
player who cannot see the hands should do better on average, so its share bounds what a level
can reach: where it stays near the target, the deal, not the bot, decides most games.
"""

from __future__ import annotations

import random

from levels import oracle_options, report_oracle, seat_score

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.bots.search import Budget, play_out, sampled_best
from cardarcade.rules import GAMES
from cardarcade.rules.knock_poker import KnockPoker

MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=0.5)


class TrueHands:
    """A stand-in for the game class in ``sampled_best``: its deals are the game itself with
    only the stock shuffled."""

    def __init__(self, game: KnockPoker) -> None:
        self.game = game

    def determinize(self, view: object, seat: int, rng: random.Random) -> KnockPoker:
        deal = self.game.clone()
        rng.shuffle(deal.s.stock)
        return deal  # type: ignore[return-value]


def oracle_move(game: KnockPoker, seat: int, rng: random.Random, deals: int):
    def judge(trial, episode):
        play_out(trial, episode, rng)
        return trial.utilities()[seat]

    return sampled_best(TrueHands(game), None, seat, rng, Budget(deals, None), judge)  # type: ignore[arg-type]


def bot_move(bot, view):
    (plan,) = bot.plans(view, MOMENT)
    return plan.work(*plan.args) if isinstance(plan, Thinking) else plan.action


def play(players: int, lower: str, oracle_seat: int, seed: int, deals: int) -> float:
    """The oracle's share of one game (1 alone, a share of a shared win)."""
    game: KnockPoker = GAMES["knock-poker"].new(players, seed=seed)  # type: ignore[assignment]
    rng = random.Random(f"{seed}:oracle")
    bots = {
        p: make_bot("knock-poker", p, lower, random.Random(f"{seed}:{p}")) for p in range(players) if p != oracle_seat
    }
    while not game.is_over:
        seat = game.actors()[0]
        action = oracle_move(game, seat, rng, deals) if seat == oracle_seat else bot_move(bots[seat], game.view(seat))
        game.apply(seat, action)
    return seat_score(game.result, oracle_seat)


def main() -> None:
    parser = oracle_options(__doc__, games=200, lower="hard", out="levels_knock_poker_oracle")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=60, help="stock orders the oracle plays each move out in")
    args = parser.parse_args()
    n = args.players
    report_oracle(
        "knock-poker", n, args, lambda seat, seed: play(n, args.lower, seat, seed, args.deals), deals=args.deals
    )


if __name__ == "__main__":
    main()
