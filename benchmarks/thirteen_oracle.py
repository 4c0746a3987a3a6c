"""How far hard's way of playing Thirteen could get at a larger table: an oracle that sees every
hand (and the set-aside cards), in one seat against bots of one level in the others, seats
rotated on the same deals.

    python benchmarks/thirteen_oracle.py [--games N] [--lower medium] [--players 3] [--width W] [--near C] [--out NAME]

At every move it plays the planner's ``width`` best moves out on the true deal, every seat
playing the planner's move, and makes the one with which it goes out first (the planner's
order breaks ties): hard's search at larger tables with its sampled deals replaced by the deal
itself (with ``--near``, as hard, only once an opponent holds that many cards or fewer; before,
the planner's move). Its share says how much that search could gain from knowing the cards: where it stays
near the target, more deals or a wider search will not reach it.
"""

from __future__ import annotations


from levels import oracle_game, oracle_options, report_oracle

from cardarcade.bots.thirteen import danger, decide_planner, planned_first_out, search_moves
from cardarcade.rules.base import Action
from cardarcade.rules.thirteen import Thirteen


def oracle_move(game: Thirteen, seat: int, width: int, near: int = 99) -> Action:
    view = game.view(seat)
    if danger(view, seat) > near:
        return decide_planner(view, seat)
    moves = search_moves(view, seat, width)
    for move in moves:
        trial = game.clone()
        trial.apply(seat, move)
        if planned_first_out(trial) == seat:
            return move
    return moves[0]


def main() -> None:
    parser = oracle_options(__doc__, games=300, lower="medium", out="levels_thirteen_oracle")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--width", type=int, default=4, help="the planner's best moves played out each move")
    parser.add_argument("--near", type=int, default=99, help="search only once an opponent holds this many cards")
    args = parser.parse_args()
    n = args.players
    report_oracle(
        "thirteen",
        n,
        args,
        lambda seat, seed: oracle_game(
            "thirteen", n, seat, seed, args.lower, lambda game, p: oracle_move(game, p, args.width, args.near)
        ),
        width=args.width,
        near=args.near,
    )


if __name__ == "__main__":
    main()
