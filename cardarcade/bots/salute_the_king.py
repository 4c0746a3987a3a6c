"""Salute the King bots: turn cards in rhythm, answer triggers with a gesture.

Answering is a choice between the gestures in play, so it is slower than a plain slap
(Hick's law: the view's ``alternatives`` counts the responses, plus the mental arithmetic a
pip-total or prime trigger asks for). Per trigger the bot decides once: make the right
gesture, a hasty wrong one, or miss the moment (a lapse: it notices a second or two late).
When a bot is to turn the next card while a trigger is open, it answers first, then leaves the
others time to answer: the next card closes the round.
"""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.rules.base import Action
from cardarcade.rules.salute_the_king import SLOTS

FLIP = Action("flip")
GRACE = 1.3  # seconds (plus the table's pace) a trigger stays open before a bot turns the next card
LAPSE = (1.0, 2.0)  # seconds a bot that missed the moment is late by


@register("salute-the-king")
class SaluteBot(BotBase):
    def plans(self, view, moment: Moment) -> list[Plan]:
        me = self.seat
        if view.choosing:
            return self._choose_plan(view, moment) if view.dealer == me else []
        plans: list[Plan] = []
        rnd = view.open
        answered = rnd is None or me in rnd.done or me in rnd.failed
        if not answered:
            key: tuple = ("gesture", rnd.k)
            slot, delay = self.once(key, lambda: self._answer(view))
            plans.append(Plan(Action(f"gesture{slot}", value=rnd.k), moment.stimulus_time + delay, key))
        if view.turn == me and view.counts[me] > 0 and answered:
            key = ("flip", view.stimulus, rnd is not None)
            delay = self.once(key, lambda: self.move_delay(moment.pace))
            at = moment.now + delay
            if rnd is not None:
                at = max(at, moment.stimulus_time + GRACE + moment.pace)
            plans.append(Plan(FLIP, at, key))
        return plans

    def _answer(self, view) -> tuple[int, float]:
        """(gesture slot, seconds after the card) for the open trigger."""
        p, rng = self.profile, self.rng
        slot = view.open.slot
        delay = p.sample(rng, alternatives=view.alternatives)
        if p.misses(rng):
            return slot, delay + rng.uniform(*LAPSE)
        if p.blunders(rng):
            in_play = sorted({row.slot for row in view.triggers} - {slot}) or [s for s in SLOTS if s != slot]
            return rng.choice(in_play), delay * 0.85  # a wrong gesture is a jump of the gun
        return slot, delay

    def _choose_plan(self, view, moment: Moment) -> list[Plan]:
        return [
            self.move(
                ("choose", len(view.choices)), moment, lambda: Action("choose", value=self.rng.choice(view.choices))
            )
        ]
