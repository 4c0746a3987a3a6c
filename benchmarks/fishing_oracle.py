"""How far any Go Fish or Authors player could get above medium bots: an oracle that sees every
hand, in one seat against medium bots in the others, seats rotated on the same deals.

    python benchmarks/fishing_oracle.py [--games N] [--only go-fish,authors] [--out NAME]

The oracle asks whoever holds a card it can ask for (of the rank it holds most); when nobody
does, it asks by the bots' rule of thumb. No player who cannot see the hands can do better on
average, so its share is an upper bound on what a level can reach: where it stays under 1.5
times the even share, the game's luck, not the bot, keeps hard from that mark.
"""

from __future__ import annotations

import argparse
import random

from levels import oracle_row, print_row, rotated, seat_score, write_rows

from cardarcade.bots import Moment, make_bot
from cardarcade.rules import GAMES
from cardarcade.rules._fishing import FishingGame
from cardarcade.rules.authors import ask_for_card
from cardarcade.rules.base import Action
from cardarcade.rules.go_fish import ask_for

MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=0.5)


def oracle_ask(game: FishingGame, seat: int) -> Action | None:
    """A sure yes, for the rank held most, or None when nobody holds what ``seat`` may ask for."""
    hands = game.s.hands
    mine = {c.rank: sum(1 for d in hands[seat] if d.rank is c.rank) for c in hands[seat]}
    sure = [(mine[c.rank], target, c) for target in game.targets(seat) for c in hands[target] if c.rank in mine]
    if not sure:
        return None
    _, target, card = max(sure, key=lambda s: (s[0], s[1], str(s[2])))
    return ask_for_card(target, card) if game.BY_CARD else ask_for(target, card.rank)


def play(game_id: str, players: int, oracle_seat: int, seed: int) -> float:
    """The oracle's share of one game against medium bots (1 alone, a share of a shared win)."""
    game: FishingGame = GAMES[game_id].new(players, seed=seed)  # type: ignore[assignment]
    bots = {
        p: make_bot(game_id, p, "medium" if p != oracle_seat else "hard", random.Random(f"{seed}:{p}"))
        for p in range(players)
    }
    while not game.is_over:
        seat = game.actors()[0]
        action = oracle_ask(game, seat) if seat == oracle_seat else None
        if action is None:
            view, bot = game.view(seat), bots[seat]
            bot.memory.update(view)
            action = bot.best_scored(view) if seat == oracle_seat else bot.plans(view, MOMENT)[0].action
        game.apply(seat, action)
        for p, bot in bots.items():
            if p != seat:
                bot.plans(game.view(p), MOMENT)  # every bot hears every ask
    return seat_score(game.result, oracle_seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=240, help="games of each (every seat of every deal counts)")
    parser.add_argument("--only", default="go-fish,authors", help="comma-separated game ids")
    parser.add_argument("--out", default="fishing_oracle", help="result file name in benchmarks/results/")
    args = parser.parse_args()
    rows = []
    for game_id in [g.strip() for g in args.only.split(",") if g.strip()]:
        players = GAMES[game_id].min_players
        scores = rotated(args.games, players, lambda seat, seed: play(game_id, players, seat, seed))
        row = oracle_row(game_id, players, "medium", scores)
        rows.append(row)
        print_row(row)
    write_rows(args.out, rows)


if __name__ == "__main__":
    main()
