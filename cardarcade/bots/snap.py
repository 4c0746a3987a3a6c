"""Snap bots: turn a card in turn, and call Snap or Snap pool with human reflexes.

Spotting a pair among several piles is harder than spotting one jack: the reaction time grows
with the number of piles compared (Hick's law). Each new table (stimulus) is judged once: call
if there is a match (unless it misses), or now and then call a match that is not there.
"""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.rules.base import Action
from cardarcade.rules.snap import matching_piles, pool_matches

FLIP = Action("flip")


def piles_compared(tops: list) -> int:
    return max(1, sum(1 for top in tops if top is not None))


@register("snap")
class SnapBot(BotBase):
    def plans(self, view, moment: Moment) -> list[Plan]:
        plans: list[Plan] = []
        if view.can_call:
            key = ("call", view.stimulus)
            decision = self.once(key, lambda: self._decide(view))
            if decision is not None:
                kind, delay = decision
                plans.append(Plan(Action(kind, value=view.stimulus), moment.stimulus_time + delay, key))
        if view.turn == self.seat and view.counts[self.seat] > 0:
            plans.append(self.move(("flip", view.stimulus), moment, lambda: FLIP))
        return plans

    def _decide(self, view) -> tuple[str, float] | None:
        p, rng = self.profile, self.rng
        piles = [[top] if top is not None else [] for top in view.tops]
        compared = piles_compared(view.tops)
        if matching_piles(piles):
            return None if p.misses(rng) else ("snap", p.sample(rng, alternatives=compared))
        if view.pool_top is not None and pool_matches(piles, [view.pool_top]):
            # the pool is one more pile to compare against
            return None if p.misses(rng) else ("pool", p.sample(rng, alternatives=compared + 1))
        # a jump of the gun comes with a newly turned card, not with every settled call
        if self.once(("blunder", view.flips), lambda: p.blunders(rng)):
            return "snap", p.sample(rng, alternatives=compared) * 0.85
        return None
