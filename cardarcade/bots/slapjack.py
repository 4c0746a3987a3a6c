"""Slapjack bots: turn a card when it is their turn, slap jacks with human reflexes.

Every card turned is a new stimulus. For each one the bot decides once: slap a live jack
(unless it misses), or now and then slap something else by mistake, a little hastily.
"""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.cards import Rank
from cardarcade.rules.base import Action

FLIP = Action("flip")


@register("slapjack")
class SlapjackBot(BotBase):
    def plans(self, view, moment: Moment) -> list[Plan]:
        plans: list[Plan] = []
        me = self.seat
        if view.can_slap:  # only once a card is up
            key = ("slap", view.stimulus)
            if view.top is not None:
                delay = self.once(key, lambda: self._slap_delay(view))
            else:
                # The pile was just taken: a slap already on its way still lands (and counts as
                # having slapped, which matters for players who are out).
                delay = self.decided(key)
            if delay is not None:
                plans.append(Plan(Action("slap", value=view.stimulus), moment.stimulus_time + delay, key))
        if view.turn == me and view.counts[me] > 0:
            plans.append(self.move(("flip", view.stimulus), moment, lambda: FLIP))
        return plans

    def _slap_delay(self, view) -> float | None:
        p, rng = self.profile, self.rng
        if view.top.rank is Rank.JACK and not view.top_dead:
            return None if p.misses(rng) else p.sample(rng)
        if p.blunders(rng):
            return p.sample(rng) * 0.85  # a false slap is a jump of the gun
        return None
