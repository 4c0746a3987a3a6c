"""Authors bots: ask for the exact card remembered in someone's hand, else where its rank is."""

from __future__ import annotations

from cardarcade.bots import register
from cardarcade.bots._fishing import CARELESS, FishingBot
from cardarcade.cards import Rank
from cardarcade.rules._fishing import FishingView
from cardarcade.rules.authors import ask_for_card, missing_cards
from cardarcade.rules.base import Action


@register("authors")
class AuthorsBot(FishingBot):
    # Medium asks without thinking one time in four: with every question naming an exact card, a
    # player who remembers the table talk as medium does came too close to hard (measured).
    careless = {**CARELESS, 1: 0.25}

    def candidates(self, view: FishingView, targets: list[int]) -> list[Action]:
        return [ask_for_card(t, c) for c in missing_cards(view.hand) for t in targets]

    def score(self, view: FishingView, action: Action, mine: dict[Rank, int]) -> float:
        target, card = action.target, action.cards[0]
        assert target is not None
        memory = self.memory
        score = 3.0 * mine.get(card.rank, 0) + self.target_bonus(view, target)
        if memory.has(target, card):
            return score + 200
        if any(memory.has(p, card) for p in range(len(view.hand_sizes)) if p != target):
            return score - 80  # it is known to be elsewhere
        score -= 60 * memory.lacks_exact(target, card)
        known = memory.held(target, card.rank)
        if known:
            score += 40 + 10 * known
        return score
