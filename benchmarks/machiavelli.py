"""Machiavelli: how fast the engine plays, how long the hard bot's integer program takes on a
crowded table, and how much stronger it is than the easy bot.

    python benchmarks/machiavelli.py [--quick] [--seconds S] [--positions N] [--games G] [--table T]

1. Engine throughput: random playouts (a random actor, a random legal action) of 2- and
   5-player games for ``--seconds`` each; actions and games per CPU-second.
2. Hard decision time: ``decide_hard`` (the whole decision: the view, the program, the layout
   as real cards) on ``--positions`` random positions with about ``--table`` cards on the
   table (random sets and runs of three to five from two shuffled packs) and 15 in hand; p50,
   p99 and the worst, in ms. Target: p99 <= 500 ms with 60 cards on the table.
3. Strength: ``--games`` two-player games of hard against easy, seats alternating, played
   headless (the bots' own decisions, no clock); wins of each, draws, and the mean cards left.

Results go to benchmarks/results/machiavelli.json.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict

import _common

from cardarcade.bots._meld_ilp import MELDS, card_type
from cardarcade.bots.machiavelli import decide_hard
from cardarcade.cards import double_deck
from cardarcade.rules import GAMES
from cardarcade.rules.machiavelli import Machiavelli, is_meld
from cardarcade.table.simulate import play_headless, play_randomly

SPEC = GAMES["machiavelli"]


def throughput(players: int, seconds: float) -> dict[str, float]:
    actions = games = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        game = SPEC.new(players, seed=seed)
        actions += play_randomly(game, random.Random(seed))
        games += 1
        seed += 1
    spent = time.process_time() - start
    return {
        "players": players,
        "games": games,
        "actions": actions,
        "actions_per_s": round(actions / spent),
        "games_per_s": round(games / spent, 2),
        "actions_per_game": round(actions / games),
    }


def crowded_position(rng: random.Random, table_size: int, hand_size: int = 15) -> Machiavelli:
    """A game whose table holds about ``table_size`` cards in random melds, seat 1 to move with
    ``hand_size`` cards; the rest of the pack in the other hand and the stock."""
    deck = double_deck()
    rng.shuffle(deck)
    pool = defaultdict(list)
    for card in deck:
        pool[card_type(card)].append(card)
    table: list[list] = []
    while sum(map(len, table)) < table_size:
        meld = rng.choice(MELDS)
        if all(pool[t] for t in meld):
            table.append([pool[t].pop() for t in meld])
    rest = [c for cards in pool.values() for c in cards]
    rng.shuffle(rest)
    game = SPEC.new(2, seed=0)
    s = game.s
    s.hands = [rest[hand_size : hand_size + 13], rest[:hand_size]]
    s.stock = rest[hand_size + 13 :]
    s.table, s.stamps, s.work = table, [1] * len(table), [list(g) for g in table]
    s.turn, s.turn_no, s.before, s.last_turn = 1, 2, list(s.hands[1]), [1, 0]
    assert all(is_meld(g) for g in table) and len(game.cards()) == 104
    return game


def decision_times(positions: int, table_size: int) -> dict[str, float]:
    rng = random.Random(table_size)
    times, placed, sizes = [], 0, []
    for _ in range(positions):
        game = crowded_position(rng, table_size)
        view = game.view(1)
        sizes.append(sum(map(len, view.table)))
        start = time.perf_counter()
        action = decide_hard(view, 1)
        times.append(time.perf_counter() - start)
        assert game.is_legal(1, action)
        placed += len(action.cards) - sizes[-1] if action.kind == "arrange" else 0
    return {
        "positions": positions,
        "table_cards_mean": round(sum(sizes) / len(sizes), 1),
        "p50_ms": round(_common.percentile(times, 50) * 1000, 1),
        "p99_ms": round(_common.percentile(times, 99) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
        "cards_put_down_mean": round(placed / positions, 2),
    }


def strength(games: int) -> dict[str, float]:
    wins = {"hard": 0, "easy": 0}
    draws = 0
    left = {"hard": 0, "easy": 0}
    start = time.perf_counter()
    for i in range(games):
        levels = ["hard", "easy"] if i % 2 == 0 else ["easy", "hard"]
        result, table = play_headless(SPEC, levels, seed=i)
        assert result is not None
        for seat, level in enumerate(levels):
            left[level] += len(table.game.s.hands[seat])
        if result.is_draw:
            draws += 1
        else:
            wins[levels[result.winners[0]]] += 1
    return {
        "games": games,
        "hard_wins": wins["hard"],
        "easy_wins": wins["easy"],
        "draws": draws,
        "hard_cards_left_mean": round(left["hard"] / games, 2),
        "easy_cards_left_mean": round(left["easy"] / games, 2),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 15 s)")
    parser.add_argument("--seconds", type=float, help="CPU seconds of random playouts per player count")
    parser.add_argument("--positions", type=int, help="crowded positions the hard bot decides")
    parser.add_argument("--table", type=int, default=60, help="cards on the table in those positions")
    parser.add_argument("--games", type=int, help="games of hard against easy")
    args = parser.parse_args(argv)
    seconds = args.seconds or (2.0 if args.quick else 5.0)
    positions = args.positions or (40 if args.quick else 300)
    games = args.games or (8 if args.quick else 300)

    engine = [throughput(players, seconds) for players in (2, 5)]
    for row in engine:
        print(
            f"engine, {row['players']} players: {row['actions_per_s']:,} actions/s, "
            f"{row['games_per_s']} games/s, {row['actions_per_game']} actions a game (random play)"
        )
    hard = decision_times(positions, args.table)
    print(
        f"hard decision, {hard['positions']} positions with {hard['table_cards_mean']} table cards: "
        f"p50 {hard['p50_ms']} ms, p99 {hard['p99_ms']} ms, worst {hard['max_ms']} ms "
        f"(puts down {hard['cards_put_down_mean']} cards on average)"
    )
    duel = strength(games)
    print(
        f"hard against easy, {duel['games']} two-player games: hard {duel['hard_wins']}, "
        f"easy {duel['easy_wins']}, draws {duel['draws']}; cards left on average: hard "
        f"{duel['hard_cards_left_mean']}, easy {duel['easy_cards_left_mean']} ({duel['seconds']} s)"
    )
    path = _common.write_results(
        "machiavelli", {"quick": args.quick, "engine": engine, "hard_decision": hard, "strength": duel}
    )
    print(f"results: {_common.shown(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
