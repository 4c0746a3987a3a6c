"""War has no decisions: a bot turns its card together with the people at the table.

"The players simultaneously flip over one card each": a bot's card is turned the moment the last
person still to turn turns theirs (``Plan.together``), so a round is drawn once, the person's
card, the bots' and the take in one frame, with no "Bot 1 is ready" a moment before it. Where no
person turns in a step (a war between bots, or every person out), a bot turns on its own, in a
third of the table's pace, so that the person watching does not wait a whole pace for each card.
"""

from __future__ import annotations

from dataclasses import replace

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.rules.war import FLIP, WarView

QUICK = 0.35  # of the table's pace: 0.28 s at the default, quicker than a person's natural rhythm


@register("war")
class WarBot(BotBase):
    def plans(self, view: WarView, moment: Moment) -> list[Plan]:
        if self.seat not in view.pending:
            return []
        return [replace(self.move(("flip", view.rounds, view.war_depth), moment, lambda: FLIP), together=True)]

    def move_delay(self, pace: float) -> float:
        return super().move_delay(pace * QUICK)
