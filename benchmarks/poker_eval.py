"""Five-card poker evaluations per second: cardarcade.poker next to treys, in the same run.

    python benchmarks/poker_eval.py [--quick] [--hands N] [--rounds R] [--seed S]

treys (a pure-Python Cactus-Kev evaluator) is only needed here: ``pip install treys``.

The same random five-card hands (``--hands``, 200,000 by default) go through each evaluator
in a plain ``for`` loop, in rounds that alternate between the evaluators so that the load of a
shared machine weighs on all of them alike. Cards are converted to each library's own form
before timing (ours takes ``Card`` objects, treys takes its ints). treys is timed two ways:
its public ``Evaluator.evaluate(hand, board)`` (two cards + a three-card board), and its
internal ``Evaluator._five(cards)`` that the public call dispatches to.

Rates are per CPU-second of this process (what one core does), with the best round and the
median round. Target: ours at least as fast as treys.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

from cardarcade.cards import standard_deck  # noqa: E402


def load_treys():
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        sys.exit("treys is not installed; it is only needed for this benchmark: pip install treys")
    return TreysCard, Evaluator


def timed(loop, hands) -> float:
    """Evaluations per CPU-second of one pass over ``hands``."""
    start = time.process_time()
    loop(hands)
    spent = time.process_time() - start
    return len(hands) / spent if spent > 0 else float("inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a run of about 15 s")
    parser.add_argument("--hands", type=int, default=None, help="random hands per round (default 200,000)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per evaluator (default 15)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands_n = args.hands or (100_000 if args.quick else 200_000)
    rounds = args.rounds or (5 if args.quick else 15)

    TreysCard, Evaluator = load_treys()
    started = time.process_time()
    import cardarcade.poker as poker

    import_s = time.process_time() - started

    rng = random.Random(args.seed)
    deck = standard_deck()
    hands = [tuple(rng.sample(deck, 5)) for _ in range(hands_n)]
    treys_hands = [[TreysCard.new(c.code.replace("10", "T")) for c in hand] for hand in hands]
    treys_eval = Evaluator()

    # Both must agree on which hand is better before their speed means anything.
    ours_vals = [poker.evaluate(h) for h in hands[:20_000]]
    theirs = [treys_eval.evaluate(h[:2], h[2:]) for h in treys_hands[:20_000]]  # lower is better there
    pairs = list(zip(ours_vals, theirs))
    for (a, ta), (b, tb) in zip(pairs, pairs[1:]):
        if (a > b) != (ta < tb) or (a == b) != (ta == tb):
            sys.exit("cardarcade.poker and treys disagree on a pair of hands: not measuring")

    def ours(hands):
        evaluate = poker.evaluate
        for hand in hands:
            evaluate(hand)

    def treys_public(hands):
        evaluate = treys_eval.evaluate
        for hand in hands:
            evaluate(hand[:2], hand[2:])

    def treys_five(hands):
        five = treys_eval._five
        for hand in hands:
            five(hand)

    loops = {
        "cardarcade.poker.evaluate": (ours, hands),
        "treys Evaluator.evaluate(hand, board)": (treys_public, treys_hands),
        "treys Evaluator._five(cards)": (treys_five, treys_hands),
    }
    for loop, data in loops.values():  # warm up the specialising interpreter
        loop(data[:20_000])
    rates: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(rounds):
        for name, (loop, data) in loops.items():
            rates[name].append(timed(loop, data))

    rows = []
    print(f"{hands_n:,} random five-card hands, {rounds} rounds each, evaluations per CPU-second")
    print(f"{'evaluator':40} {'median':>12} {'best':>12}")
    for name, values in rates.items():
        median, best = statistics.median(values), max(values)
        rows.append(
            {
                "evaluator": name,
                "median_per_s": round(median),
                "best_per_s": round(best),
                "rounds_per_s": [round(v) for v in values],
            }
        )
        print(f"{name:40} {median:12,.0f} {best:12,.0f}")
    ours_median = rows[0]["median_per_s"]
    ratio_public = ours_median / rows[1]["median_per_s"]
    ratio_five = ours_median / rows[2]["median_per_s"]
    print(
        f"ours / treys evaluate: {ratio_public:.2f}x; ours / treys _five: {ratio_five:.2f}x "
        f"(target >= 1.0); import of cardarcade.poker with its tables: {import_s * 1000:.1f} ms CPU"
    )
    path = _common.write_results(
        "poker_eval",
        {
            "quick": args.quick,
            "hands": hands_n,
            "rounds": rounds,
            "seed": args.seed,
            "rows": rows,
            "ratio_vs_treys_evaluate": round(ratio_public, 3),
            "ratio_vs_treys_five": round(ratio_five, 3),
            "import_ms_cpu": round(import_s * 1000, 2),
        },
    )
    print(f"written {_common.shown(path)}")


if __name__ == "__main__":
    main()
