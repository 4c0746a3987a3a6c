"""A play-out search for a shedding game (Dig's; Neosho Rapids' used it too until it was taken
out, commit 513513d): deal the unseen cards in a way that honours what the others showed, and
judge every move on the same deals and the same luck, so the luck of the deal cancels between
moves."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from cardarcade.bots.search import Budget, Tally, note

Dealt = TypeVar("Dealt")


def weighted_pick(
    pool: Sequence[int], weights: dict[int, float], size: int, rng: random.Random
) -> tuple[list[int], list[int]]:
    """``size`` cards of ``pool`` drawn without repeats, each as likely as its weight; and the rest."""
    keys = sorted(pool, key=lambda c: rng.random() ** (1.0 / weights[c]), reverse=True)
    return keys[:size], keys[size:]


def best_by_playouts(
    moves: int,
    deal: Callable[[random.Random], Dealt],
    play_out: Callable[[int, Dealt, float], float],
    seed: int,
    deals: int,
    seconds: float | None,
    names: Sequence[Hashable] | None = None,
) -> int:
    """The index of the move whose play-outs win most over ``deals`` deals at least (more while
    ``seconds`` last): ``play_out(move, dealt, luck)`` is the searching seat's share of one.
    ``names``: the moves as the coach is told of them (default: their indexes)."""
    rng = random.Random(seed)
    wins = [0.0] * moves
    budget = Budget(deals, seconds)
    while budget.more():
        dealt = deal(rng)
        luck = rng.random()
        for i in range(moves):
            wins[i] += play_out(i, dealt, luck)
        budget.done += 1
    keys = list(range(moves)) if names is None else names
    note(
        lambda: Tally(
            "sampled deals", budget.done, {keys[i]: w / budget.done for i, w in enumerate(wins)}, "won", share=True
        )
    )
    return max(range(moves), key=lambda i: wins[i])
