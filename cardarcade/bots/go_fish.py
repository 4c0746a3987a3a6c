"""Go Fish bots: ask the player remembered to hold a rank, for the ranks held most."""

from __future__ import annotations

from cardarcade.bots import register
from cardarcade.bots._fishing import FishingBot
from cardarcade.cards import Rank
from cardarcade.rules._fishing import FishingView, asked_rank
from cardarcade.rules.base import Action
from cardarcade.rules.go_fish import ask_for


@register("go-fish")
class GoFishBot(FishingBot):
    def candidates(self, view: FishingView, targets: list[int]) -> list[Action]:
        ranks = sorted({c.rank for c in view.hand})
        return [ask_for(t, r) for r in ranks for t in targets]

    def score(self, view: FishingView, action: Action, mine: dict[Rank, int]) -> float:
        target, rank = action.target, asked_rank(action)
        assert target is not None
        memory = self.memory
        score = 3.0 * mine.get(rank, 0) + self.target_bonus(view, target)
        known = memory.held(target, rank)
        if known:
            score += 100 + 10 * known
        else:
            score -= 50 * memory.lacks(target, rank)
        return score
