"""How far any Cuckoo player could get above the bots of a level: an oracle that sees every card
(every hand and the top of the pack), in one seat against bots in the others, seats rotated on
the same deals.

    python benchmarks/cuckoo_oracle.py [--games N] [--lower medium] [--out NAME]

At each of its turns the oracle plays the rest of the hand out both ways with the other bots'
own policies (copies of them, so their random choices too) and takes the move after which it
does not pay, and when both ways agree, the one after which more of the others pay. No player
who cannot see the cards does better on a hand, so its share is an upper bound on what a level
can reach against those bots: where it stays under 1.5 times the even share, the deal, not the
bot, keeps a level from that mark. The table also gives the chips each paid per hand played.
"""

from __future__ import annotations

import argparse
import copy
import random

from levels import oracle_row, print_row, rotated, seat_score, write_rows

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.rules import GAMES
from cardarcade.rules.cuckoo import Cuckoo

MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=0.5)
PLAYERS = 6


def bot_move(game: Cuckoo, bot) -> object:
    """The bot's move in turn; a searching level's worked out here, as a table's worker would."""
    seat = game.actors()[0]
    (plan,) = bot.plans(game.view(seat), MOMENT)
    return plan.work(*plan.args) if isinstance(plan, Thinking) else plan.action


def outcome(game: Cuckoo, bots: dict, seat: int, action) -> tuple[bool, int]:
    """(whether ``seat`` pays, how many others pay) when it plays ``action`` and the bots play on."""
    trial, bots = game.clone(), copy.deepcopy(bots)
    mover, events = seat, []
    while True:
        events = trial.apply(mover, action)
        if any(e.kind == "show" for e in events) or trial.is_over:
            payers = [e.seat for e in events if e.kind == "pay"]
            return seat in payers, len([p for p in payers if p != seat])
        mover = trial.actors()[0]
        action = bot_move(trial, bots[mover])


def oracle_move(game: Cuckoo, bots: dict, seat: int):
    def worth(action) -> tuple[bool, int]:
        pays, others = outcome(game, bots, seat, action)
        return pays, -others
    return min(game.legal_actions(seat), key=worth)


def play(lower: str, oracle_seat: int, seed: int) -> tuple[float, int, int]:
    """The oracle's share of one game (1 alone, a share of a shared win), chips it paid, hands it played."""
    game: Cuckoo = GAMES["cuckoo"].new(PLAYERS, seed=seed)  # type: ignore[assignment]
    bots = {p: make_bot("cuckoo", p, lower, random.Random(f"{seed}:{p}")) for p in range(PLAYERS) if p != oracle_seat}
    paid = played = 0
    while not game.is_over:
        seat = game.actors()[0]
        action = oracle_move(game, bots, seat) if seat == oracle_seat else bot_move(game, bots[seat])
        for event in game.apply(seat, action):
            if event.kind == "show":
                played += oracle_seat in event.data["seats"]
            elif event.kind == "pay":
                paid += event.seat == oracle_seat
    return seat_score(game.result, oracle_seat), paid, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=600, help="games (every seat of every deal counts)")
    parser.add_argument("--lower", default="medium", help="the level of the other five bots")
    parser.add_argument("--out", default="cuckoo_oracle", help="result file name in benchmarks/results/")
    args = parser.parse_args()
    results = rotated(args.games, PLAYERS, lambda seat, seed: play(args.lower, seat, seed))
    row = oracle_row("cuckoo", PLAYERS, args.lower, [r[0] for r in results],
                     paid_per_hand=round(sum(r[1] for r in results) / sum(r[2] for r in results), 3))
    print_row(row, f"  chips paid a hand {row['paid_per_hand']}")
    write_rows(args.out, [row])


if __name__ == "__main__":
    main()
