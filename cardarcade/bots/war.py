"""War has no decisions: a bot turns its card as soon as a round begins.

Everyone turns at the same moment, so a bot does not make the person wait a whole pace for each
round: it turns in a third of it (the screen keeps its card out of sight, as "ready", until the
round is decided), and the person's key sets the tempo.
"""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.rules.war import FLIP, WarView

QUICK = 0.35  # of the table's pace: 0.28 s at the default, quicker than a person's natural rhythm


@register("war")
class WarBot(BotBase):
    def plans(self, view: WarView, moment: Moment) -> list[Plan]:
        if self.seat not in view.pending:
            return []
        return [self.move(("flip", view.rounds, view.war_depth), moment, lambda: FLIP)]

    def move_delay(self, pace: float) -> float:
        return super().move_delay(pace * QUICK)
