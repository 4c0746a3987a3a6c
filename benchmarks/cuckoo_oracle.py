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

    python benchmarks/cuckoo_oracle.py --regret [--games N] [--batches B] [--out NAME]

How far a player who cannot see the cards could get above hard: at every decision of a table
of six hard bots, a long reckoning (``B`` batches of deals, reading the others as the strong
players hard bots are, ``STRONG``) of the chance of paying either way, and how much more often
hard's move, and expert's, pays than the reckoning's best (the regret), per decision.
"""

from __future__ import annotations

import argparse
import copy
import random

from levels import oracle_row, print_row, rotated, seat_score, write_rows

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.bots._cuckoo_odds import pay_chances
from cardarcade.bots.cuckoo import STRONG, decide, leave_move
from cardarcade.rules import GAMES
from cardarcade.rules.cuckoo import STAND, Cuckoo

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


def regrets(seed: int, batches: int) -> list[tuple[float, float, float]]:
    """A game of six hard bots: at each decision, (the chance of paying that hard's move adds
    to the long reckoning's best, the same for expert's move, the best chance itself)."""
    game: Cuckoo = GAMES["cuckoo"].new(PLAYERS, seed=seed)  # type: ignore[assignment]
    bots = {p: make_bot("cuckoo", p, "hard", random.Random(f"{seed}:{p}")) for p in range(PLAYERS)}
    found = []
    while not game.is_over:
        seat = game.actors()[0]
        view = game.view(seat)
        action = bot_move(game, bots[seat])
        if view.card is not None:
            reckoning_seed = random.Random(f"{seed}:{view.hand}:{seat}").randrange(1 << 30)
            keep, leave = pay_chances(view, STRONG, reckoning_seed, batches)
            chance = {STAND: keep, leave_move(view): leave}
            best = min(keep, leave)
            found.append((chance[action] - best, chance[decide(view, "expert", reckoning_seed)] - best, best))
        game.apply(seat, action)
    return found


def regret_row(games: int, batches: int) -> dict:
    found = [r for seed in range(games) for r in regrets(seed, batches)]

    def mean(values) -> float:
        return round(float(sum(values)) / len(found), 4)

    return {
        "game": "cuckoo",
        "players": PLAYERS,
        "games": games,
        "decisions": len(found),
        "batches": batches,
        "hard_regret": mean(r[0] for r in found),
        "expert_regret": mean(r[1] for r in found),
        "hard_off_best": mean(r[0] > 0 for r in found),
        "expert_off_best": mean(r[1] > 0 for r in found),
        "best_pay_chance": mean(r[2] for r in found),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=600, help="games (every seat of every deal counts)")
    parser.add_argument("--lower", default="medium", help="the level of the other five bots")
    parser.add_argument("--out", default="cuckoo_oracle", help="result file name in benchmarks/results/")
    parser.add_argument(
        "--regret",
        action="store_true",
        help="how far hard's moves are from the best a "
        "player who cannot see the cards can reckon, at tables of hard bots",
    )
    parser.add_argument("--batches", type=int, default=24, help="--regret: the long reckoning's batches of deals")
    args = parser.parse_args()
    if args.regret:
        row = regret_row(args.games, args.batches)
        print(row)
        write_rows(args.out, [row])
        return
    results = rotated(args.games, PLAYERS, lambda seat, seed: play(args.lower, seat, seed))
    row = oracle_row(
        "cuckoo",
        PLAYERS,
        args.lower,
        [r[0] for r in results],
        paid_per_hand=round(sum(r[1] for r in results) / sum(r[2] for r in results), 3),
    )
    print_row(row, f"  chips paid a hand {row['paid_per_hand']}")
    write_rows(args.out, [row])


if __name__ == "__main__":
    main()
