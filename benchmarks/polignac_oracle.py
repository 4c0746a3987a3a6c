"""A Polignac player who sees every hand (an oracle), in one seat against bots of a level in the
others at three players, seats rotated on the same deals.

    python benchmarks/polignac_oracle.py [--games N] [--lower hard] [--solve-at C] [--out NAME]

For each card it may play, the oracle plays the hand out on the real hands: solved exactly
(every seat playing its best for itself) once ``--solve-at`` cards or fewer are left in the
hands, before that every seat playing the bots' rule of thumb. Seeing every card makes its last
tricks perfect, but its first ones are judged by one play-out of the rule of thumb each: a bound
on what the last tricks are worth, not on the whole game.
"""

from __future__ import annotations


from levels import oracle_game, oracle_options, report_oracle

from cardarcade.bots._trick_pimc import play_out, solve
from cardarcade.bots.polignac import rule_of_thumb, tricks_of
from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action
from cardarcade.rules.polignac import Polignac


def oracle_move(game: Polignac, seat: int, solve_at: int) -> Action:
    """The card that leaves ``seat`` the fewest points on the real hands."""
    view = game.view(seat)
    rules = tricks_of(view)
    hands = [list(h) for h in game.s.hands]
    exact = sum(len(h) for h in hands) <= solve_at

    def worth(card: Card) -> float:
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        trick, seats = [t.card for t in view.trick] + [card], [t.seat for t in view.trick] + [seat]
        if exact:
            points = solve(tuple(map(tuple, rest)), tuple(trick), tuple(seats), rules, {})
        else:
            points = play_out(rest, trick, seats, rules, rule_of_thumb)
        return rules.value_for(points, seat)

    return play(max(view.playable, key=lambda c: (worth(c), -rules.strength[c])))


def main() -> None:
    parser = oracle_options(__doc__, games=90, lower="hard", out="levels_polignac_oracle")
    parser.add_argument("--solve-at", type=int, default=12, help="cards left in the hands when the oracle solves")
    args = parser.parse_args()
    players = GAMES["polignac"].min_players
    report_oracle(
        "polignac",
        players,
        args,
        lambda seat, seed: oracle_game(
            "polignac", players, seat, seed, args.lower, lambda game, me: oracle_move(game, me, args.solve_at)
        ),
    )


if __name__ == "__main__":
    main()
