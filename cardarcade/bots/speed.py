"""Speed bots: find a card one rank from a pile top, and put it down as fast as a person would.

How well they choose: easy plays the first card it finds that fits; medium one after which
another of its cards will fit; hard and expert the start of the longest run of plays their hand
allows onto the two piles (a small search over the five cards). Timing: see ``_speedplay``.
"""

from __future__ import annotations

from functools import lru_cache

from cardarcade.bots import register
from cardarcade.bots._speedplay import PLAY_MEDIANS, PLAY_RANGE, SpeedFamilyBot, best_by
from cardarcade.rules.base import Action
from cardarcade.rules.speed import fits, plays_for


@lru_cache(maxsize=65536)
def longest_run(ranks: tuple[int, ...], tops: tuple[int, int]) -> int:
    """The most plays in a row these ranks allow onto piles showing ``tops`` (refills unknown)."""
    best = 0
    for i, rank in enumerate(ranks):
        rest = ranks[:i] + ranks[i + 1 :]
        for p, top in enumerate(tops):
            d = abs(rank - top)
            if d == 1 or d == 12:
                after = (rank, tops[1]) if p == 0 else (tops[0], rank)
                best = max(best, 1 + longest_run(rest, after))
                if best == len(ranks):
                    return best
    return best


@register("speed")
class SpeedBot(SpeedFamilyBot):
    LEVEL_MEDIANS, FOLLOWED_RANGE = PLAY_MEDIANS, PLAY_RANGE

    def may_play(self, view) -> bool:
        return not view.blocked and bool(view.hand)

    def cards_in_view(self, view) -> int:
        return len(view.hand) + len(view.tops)

    def keeps_aim(self, view, action: Action) -> bool:
        return action.card in view.hand

    def cards_left(self, view) -> list[int]:
        return [hand + stock for hand, stock in zip(view.hand_sizes, view.stock_sizes)]

    def choose(self, view) -> Action | None:
        plays = [Action("play", (card,), pile, view.stimulus) for card, pile in plays_for(view.hand, view.tops)]
        if not plays or self.skill == 0:
            return plays[0] if plays else None
        hand, tops = view.hand, view.tops
        if self.skill == 1:

            def follow_ups(play: Action) -> float:
                card = play.cards[0]
                after = [card if p == play.target else top for p, top in enumerate(tops)]
                return sum(1 for c in hand if c != card and any(fits(c, t) for t in after))

            return best_by(plays, follow_ups)

        def run(play: Action) -> float:
            card = play.cards[0]
            rest = tuple(sorted(int(c.rank) for c in hand if c != card))
            after = tuple(int(card.rank) if p == play.target else int(top.rank) for p, top in enumerate(tops))
            return longest_run(rest, after)

        return best_by(plays, run)

    def misplay(self, view) -> Action | None:
        for card in view.hand:
            for pile, top in enumerate(view.tops):
                if not fits(card, top):
                    return Action("play", (card,), pile, view.stimulus)
        return None
