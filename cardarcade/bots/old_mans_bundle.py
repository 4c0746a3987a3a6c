"""Old Man's Bundle bots: easy plays any legal card, medium grabs the most cards it can, hard also
weighs what the opponent could take back, from the cards it has seen go by."""

from __future__ import annotations

from collections import Counter
from math import comb

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.cards import RANKS, Rank, standard_deck
from cardarcade.rules.base import Action
from cardarcade.rules.old_mans_bundle import HAND_SIZE, BundleView, moves_for

FULL_PACK = Counter(c.rank for c in standard_deck())


def cards_won(view: BundleView, action: Action) -> int:
    """Cards the move adds to the mover's bundle (the playing card included)."""
    if action.kind == "trail":
        return 0
    if action.kind == "steal":
        return view.bundle_sizes[action.target or 0] + 1
    return len(action.cards)


@register("old-mans-bundle")
class BundleBot(BotBase):
    def plans(self, view: BundleView, moment: Moment) -> list[Plan]:
        if view.current != self.seat or not view.hand:
            return []
        key = ("play", len(view.seen), len(view.hand))
        return [self.move(key, moment, lambda: self.choose(view))]

    def choose(self, view: BundleView) -> Action:
        other = 1 - self.seat
        moves = moves_for(view.hand, view.table, view.bundle_tops[other], other, view.take_every_match)
        if self.skill == 0:
            return self.rng.choice(moves)
        if self.skill == 1:
            most = max(cards_won(view, m) for m in moves)
            return self.rng.choice([m for m in moves if cards_won(view, m) == most])
        scored = [(self.value(view, m), m) for m in moves]
        best = max(v for v, _ in scored)
        return self.rng.choice([m for v, m in scored if v >= best - 1e-9])

    # ---- the hard bot's judgement

    def value(self, view: BundleView, action: Action) -> float:
        """Cards gained (and taken from the opponent), less what the reply is likely to win back."""
        me, other = self.seat, 1 - self.seat
        card = action.cards[0]
        won = cards_won(view, action)
        swing = float(won + (view.bundle_sizes[other] if action.kind == "steal" else 0))
        unseen = self._unseen(view)
        pool = sum(unseen.values())
        their_cards = view.hand_counts[other] or (HAND_SIZE if view.stock else 0)
        # my bundle after the move, and the rank that could steal it
        size = view.bundle_sizes[me] + won
        my_top = view.bundle_tops[me]
        top = card.rank if action.kind != "trail" else (my_top.rank if my_top else None)
        if size and top is not None:
            swing -= 2 * size * _chance_of(unseen[top], pool, their_cards)
        if action.kind == "trail":
            # a trailed card can be taken (2 cards to them) by any card of its rank they hold
            swing -= 2 * _chance_of(unseen[card.rank], pool, their_cards)
            # keep the cards that still have something to take or steal
            swing -= 0.1 * sum(1 for t in view.table if t.rank == card.rank)
        return swing

    def _unseen(self, view: BundleView) -> Counter[Rank]:
        """Cards of each rank that could be in the opponent's hand or the pack."""
        gone = Counter(c.rank for c in view.seen) + Counter(c.rank for c in view.hand)
        return Counter({r: FULL_PACK[r] - gone[r] for r in RANKS})


def _chance_of(copies: int, pool: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from ``pool`` unknown ones include one of ``copies``."""
    if copies <= 0 or drawn <= 0 or pool <= 0:
        return 0.0
    drawn = min(drawn, pool)
    return 1.0 - comb(pool - copies, drawn) / comb(pool, drawn)
