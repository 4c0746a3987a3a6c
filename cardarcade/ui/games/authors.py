"""The Authors table: enter asks for one of the missing cards of the cursor card's rank."""

from __future__ import annotations

from rich.text import Text

from cardarcade.cards import Card, Rank
from cardarcade.rules.authors import ask_for_card, missing_cards
from cardarcade.rules.base import Action
from cardarcade.ui.games._turn_keys import TURN_KEYS
from cardarcade.ui.games._fishing import FishingScreen


class AuthorsScreen(FishingScreen):
    KEYS = FishingScreen.KEYS.with_(
        TURN_KEYS["play"].worded(
            "ask",
            footer="Ask",
            listed="on a card, ask for one of the missing cards of its rank (pick the card, then the player)",
        ),
    )

    def asks_for(self, card: Card) -> list[Card | Rank]:
        return [c for c in missing_cards(self.hand_cards()) if c.rank is card.rank]

    def ask(self, target: int, what: Card | Rank) -> Action:
        assert isinstance(what, Card)
        return ask_for_card(target, what)

    def cursor_words(self, card: Card) -> str:
        missing = self.asks_for(card)
        if len(missing) == 1:
            return self.what_words(missing[0])
        return f"a {card.rank.word}"

    def hints(self) -> list[Text]:
        lines = super().hints()
        card = self.cursor_card()
        if card is not None and self.actor is not None:
            line = Text(f"Missing {card.rank.plural}: ", style="dim")
            line.append_text(Text(" ").join(self.card_label(c) for c in self.asks_for(card)))
            lines.append(line)
        return lines


SCREENS = {"authors": AuthorsScreen}
