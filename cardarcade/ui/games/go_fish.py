"""The Go Fish table: enter asks for the rank of the card under the cursor."""

from __future__ import annotations

from cardarcade.cards import Card, Rank
from cardarcade.rules.base import Action
from cardarcade.rules.go_fish import ask_for
from cardarcade.ui.games._fishing import FishingScreen


class GoFishScreen(FishingScreen):
    def asks_for(self, card: Card) -> list[Card | Rank]:
        return [card.rank]

    def ask(self, target: int, what: Card | Rank) -> Action:
        assert isinstance(what, Rank)
        return ask_for(target, what)


SCREENS = {"go-fish": GoFishScreen}
