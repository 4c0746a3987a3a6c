"""What a Cuckoo player can work out about the hand in progress, and its chance of paying
whether it keeps its card or lets it go.

Every move is public, so the order of play fixes where each card went: a player who changed
holds the card its left neighbour was dealt, and the card it gave away is passed on for as long
as the players after it change. Only the values are hidden. The bot deals them many times (all
the worlds at once, as arrays), each deal weighted by how likely the earlier players' moves are
with those cards under a ``Model`` of how the others play (a stand says "a high card", a change
"a low one", a player who knew where its own card went decides on that too), then plays the rest
of the hand out both ways with the same model on the same deals. Cards are values, 0 for the
lowest of the order in play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from cardarcade.bots.search import Budget
from cardarcade.rules.cuckoo import FULL_PACK, KING, CuckooView, card_value

VALUES = 13
BATCH = 1000  # deals dealt at once (as arrays): a step of a search's budget
RANKS = np.arange(VALUES)


@dataclass(frozen=True)
class Model:
    """How the others are expected to play: by the number of players in the hand, the value
    below which the player at each position changes (the dealer, last, swaps), missing a rule's
    move with the chance ``slip`` (so that a move it would not make is unlikely, never
    impossible). At a table bigger than any listed, a player is taken to play as the one as
    far from the dealer at the biggest. A player who goes by ``feel`` draws its value afresh
    each hand, evenly from the one listed to ``feel`` above it. A player who knows that a lower
    card than its own is held by someone done (where its own card went) keeps it."""

    change_below: dict[int, tuple[int, ...]]
    slip: float
    feel: int = 0

    def keep(self, players: int) -> np.ndarray:
        """The chance of keeping a card of each value, a row a position."""
        size = min(players, max(self.change_below))
        below = self.change_below[size]
        rows = np.array([below[max(0, size - players + i)] for i in range(players)])
        drawn = rows[:, None] + np.arange(self.feel + 1)[None, :]  # the values each may draw
        keeps = (RANKS[None, :, None] >= drawn[:, None, :]).mean(axis=2)
        return np.clip(keeps, self.slip, 1 - self.slip)

    @property
    def safe_keep(self) -> float:
        return 1 - self.slip


def threshold_model(change_below: int, swap_below: int, slip: float, feel: int = 0) -> Model:
    """A player who changes below one value and swaps below another (each up to ``feel``
    higher, drawn afresh each hand), whatever the table."""
    return Model({2: (change_below, swap_below)}, slip, feel)


@dataclass
class Worlds:
    """``count`` deals of the hidden values, as arrays (a row a world, a column a position)."""

    dealt: np.ndarray
    held: np.ndarray  # at each player's turn (filled up to mine)
    final: np.ndarray  # final values of the players before me
    top: np.ndarray  # the top of the pack
    weight: np.ndarray


class HandOdds:
    """One player's view of the hand in progress, by positions in the order of play (the
    dealer last); ``pay_chances`` deals the hidden values and plays the hand out."""

    def __init__(self, view: CuckooView, model: Model, rng: random.Random) -> None:
        assert view.seat is not None and view.card is not None
        high = view.aces_high
        self.rng = np.random.default_rng(rng.getrandbits(64))
        self.king = card_value(next(c for c in FULL_PACK if c.rank is KING), high)
        self.n = len(view.order)
        self.me = view.order.index(view.seat)
        self.keep = model.keep(self.n)
        self.safe_keep = model.safe_keep
        self.kinds = [m.kind for m in view.moves]
        self.pool = np.full(VALUES, 4)
        for card in set(view.seen) | set(view.shown):
            self.pool[card_value(card, high)] -= 1
        # Values fixed by what I saw: my dealt card, the card passed to me, kings shown.
        self.dealt: list[int | None] = [None] * self.n
        self.dealt[self.me] = card_value(view.seen[0], high)
        for j, kind in enumerate(self.kinds):
            if kind == "blocked":
                self.dealt[j + 1] = self.king
        self.mine = card_value(view.card, high)
        if self.passed_on(self.me - 1):
            self.dealt[self.head(self.me)] = self.mine

    def passed_on(self, j: int) -> bool:
        """Whether the player at ``j`` changed cards with the next one (the move is public)."""
        return 0 <= j < len(self.kinds) and self.kinds[j] == "change"

    def head(self, j: int) -> int:
        """Where the card held by the player at ``j`` at its turn was dealt."""
        while self.passed_on(j - 1):
            j -= 1
        return j

    # ---- dealing

    def _draw(self, pool: np.ndarray, likelihood: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A value a world from ``pool`` (worlds x values), drawn in proportion to ``likelihood``
        (values, or worlds x values); with the share of the pool it covers (the weight it earns)."""
        weights = pool * likelihood
        cum = weights.cumsum(axis=1)
        total = cum[:, -1]
        pick = self.rng.random(len(pool)) * total
        value = np.minimum((cum <= pick[:, None]).sum(axis=1), VALUES - 1)
        rows = np.arange(len(pool))
        size = pool.sum(axis=1)
        pool[rows, value] = np.maximum(pool[rows, value] - 1, 0)
        return value, np.where(size > 0, total / np.maximum(size, 1), 0.0)

    def _move_odds(self, j: int, keep: np.ndarray) -> np.ndarray:
        return keep if self.kinds[j] == "stand" else 1 - keep

    def deal(self, count: int) -> Worlds:
        n, me = self.n, self.me
        pool = np.tile(self.pool, (count, 1))
        weight = np.ones(count)
        dealt = np.zeros((count, n), dtype=int)
        held = np.zeros((count, n), dtype=int)
        final = np.zeros((count, n), dtype=int)
        for j in range(me + 1):
            known = self.dealt[j]
            if not self.passed_on(j - 1):
                keep = self.keep[j]  # by the value dealt here
                if known is None:
                    dealt[:, j], w = self._draw(pool, self._move_odds(j, keep))
                    weight *= w
                else:
                    dealt[:, j] = known
                    if j < me:
                        weight *= self._move_odds(j, keep)[known]
                held[:, j] = dealt[:, j]
                continue
            held[:, j] = held[:, j - 1]
            mine = held[:, j]
            # The card dealt here went to the player before, who knew it (never a king: no block).
            safe = RANKS[None, :] < mine[:, None]
            keep = np.where(safe, self.safe_keep, self.keep[j][mine][:, None])
            if known is None:
                odds = self._move_odds(j, keep)
                odds[:, self.king] = 0.0
                dealt[:, j], w = self._draw(pool, odds)
                weight *= w
            else:
                dealt[:, j] = known
                if j < me:
                    weight *= self._move_odds(j, keep[:, known])
            final[:, j - 1] = dealt[:, j]
        for j in range(me):
            if not self.passed_on(j):
                final[:, j] = held[:, j]
        ones = np.ones(VALUES)
        for j in range(me + 1, n):
            dealt[:, j], _ = self._draw(pool, ones)
        top, _ = self._draw(pool, ones)
        return Worlds(dealt, held, final, top, weight)

    # ---- playing out

    def play_out(self, worlds: Worlds, leave: bool, chances: np.ndarray) -> np.ndarray:
        """The rest of the hand from my turn, each later player keeping when its chance in
        ``chances`` falls under the model's: who pays (worlds x positions)."""
        n, me, king = self.n, self.me, self.king
        count = len(worlds.weight)
        dealt, held, final = worlds.dealt, worlds.held.copy(), worlds.final.copy()
        changed = np.full(count, self.passed_on(me - 1))
        dealer_king = np.zeros(count, dtype=bool)
        for k in range(me, n):
            if k == me:
                out = np.full(count, leave)
            else:
                keep = np.where(changed & (dealt[:, k] < held[:, k]), self.safe_keep, self.keep[k][held[:, k]])
                out = chances[:, k] >= keep
            if k == n - 1:
                final[:, k] = np.where(out, worlds.top, held[:, k])
                dealer_king = out & (worlds.top == king)
                break
            changed = out & (dealt[:, k + 1] != king)
            final[:, k] = np.where(changed, dealt[:, k + 1], held[:, k])
            held[:, k + 1] = np.where(changed, held[:, k], dealt[:, k + 1])
        lowest = final == final.min(axis=1)[:, None]
        dealer_pays_alone = dealer_king[:, None] & (np.arange(n) == n - 1)[None, :]
        return np.where(dealer_king[:, None], dealer_pays_alone, lowest)

    def tally(self, worlds: int) -> np.ndarray:
        """Over ``worlds`` deals: (weight in which I pay if I keep, weight in which I pay if I let
        my card go, total weight)."""
        dealt = self.deal(worlds)
        chances = self.rng.random((worlds, self.n))
        keep = self.play_out(dealt, False, chances)[:, self.me] @ dealt.weight
        leave = self.play_out(dealt, True, chances)[:, self.me] @ dealt.weight
        return np.array([keep, leave, dealt.weight.sum()])


def pay_chances(
    view: CuckooView, model: Model, seed: int, batches: int, seconds: float | None = None
) -> tuple[float, float]:
    """(chance ``view``'s player pays if it keeps its card, chance if it lets it go): ``batches``
    of ``BATCH`` deals whatever the clock says, more while ``seconds`` (a live table's thinking
    time) allow."""
    odds = HandOdds(view, model, random.Random(seed))
    budget = Budget(batches, seconds)
    sums = np.zeros(3)
    while budget.more():
        sums += odds.tally(BATCH)
        budget.done += 1
    keep, leave, total = sums
    return (keep / total, leave / total) if total > 0 else (0.5, 0.5)
