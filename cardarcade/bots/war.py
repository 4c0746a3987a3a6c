"""War has no decisions: a bot turns its card at the table's pace."""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.rules.war import FLIP, WarView


@register("war")
class WarBot(BotBase):
    def plans(self, view: WarView, moment: Moment) -> list[Plan]:
        if self.seat not in view.pending:
            return []
        return [self.move(("flip", view.rounds, view.war_depth), moment, lambda: FLIP)]
