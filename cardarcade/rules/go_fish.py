"""Go Fish, for three to six players: ask for a rank you hold, collect books of four."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardarcade.cards import Card, Rank
from cardarcade.rules._fishing import ASK, FishingGame, FishingOptions, FishingState, asked_rank
from cardarcade.rules.base import Action, GameSpec, choice_labels

RULES = """\
# Go Fish

**Goal:** lay down more books (all four cards of one rank) than anyone else.

- **The deal:** the pack is dealt out one card at a time as if there were one player more than
  there is. The imaginary player's cards, plus any left over, form the stock. Three players get
  13 cards each (13 in the stock); four get 10 each (12 in the stock).
- **Asking:** the player at the dealer's left starts. On your turn you ask one other player for a
  rank, and you must already hold at least one card of that rank yourself.
- **A yes:** the player asked gives you every card of that rank they hold, and you ask again
  (the same player or another). Whenever you hold all four of a rank you lay the book down
  and go on.
- **Go fish:** if they hold none, they say so and you draw the top card of the stock. Your turn
  ends either way, and the next turn belongs to the player who sent you fishing. If the fished
  card completes a book, you lay it down only when your next turn starts.
- **The end:** the books are counted at the end, and the most books wins (equal counts share
  the win). If you lay all your cards down in books while the stock still has cards, you win at
  once.

**House rules** (set them before the game):

- *One card per answer:* the player asked hands over a single card even when they hold more,
  so you must ask again for the rest.
- *Lucky draw goes on:* if the fished card completes a book, or is of the rank you asked for,
  show it and keep asking.
- *Ask limit:* so every game ends, after that many questions the most books wins.

**Our clarifications** (the text leaves these open):

- **When the game ends:** the text says the end "almost always" comes once the stock is used
  up, without saying when exactly. We play on after the stock is gone, until every book is down
  (see below), so that every book is won by someone; then the books are counted. Going out once the stock is gone does not win at once: you sit out.
- You may only ask players who still hold cards.
- Books you are dealt are laid down when your first turn starts.
- If your last card is taken from you, you draw one from the stock at once, so you stay in the
  game; with the stock gone you sit out.
- When the stock is gone, a "Go fish" just passes the turn to the player who said it.
"""


class GoFishOptions(FishingOptions):
    answer: Literal["all", "one"] = Field(
        "all",
        title="Cards per answer",
        description="How many cards of the asked rank the player asked must give.",
        json_schema_extra=choice_labels({"all": "every card of the rank", "one": "one card per answer"}),
    )


class GoFishState(FishingState):
    options: GoFishOptions


def ask_for(target: int, rank: Rank) -> Action:
    return Action(ASK, target=target, value=int(rank))


class GoFish(FishingGame[GoFishState]):
    State = GoFishState
    Options = GoFishOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: GoFishOptions, deck: list[Card] | None) -> GoFish:
        return cls.start(players, seed, options, deck)

    def ask_actions(self, seat: int, targets: list[int]) -> list[Action]:
        ranks = sorted({c.rank for c in self.s.hands[seat]})
        return [ask_for(t, r) for r in ranks for t in targets]

    def may_ask(self, seat: int, action: Action) -> bool:
        value = action.value
        if action.cards or not isinstance(value, int) or isinstance(value, bool):
            return False
        return any(c.rank == value for c in self.s.hands[seat])

    def hand_over(self, target: int, action: Action) -> list[Card]:
        hand = self.s.hands[target]
        matching = [c for c in hand if c.rank == action.value]
        if self.s.options.answer == "one":
            matching = matching[:1]
        for card in matching:
            hand.remove(card)
        return matching

    def asked_words(self, action: Action) -> str:
        return asked_rank(action).plural

    def is_asked_for(self, card: Card, action: Action) -> bool:
        return card.rank == action.value

    def one_per_answer(self) -> bool:
        return self.s.options.answer == "one"


SPEC = GameSpec.listed("go-fish", rules=RULES, game=GoFish)
GoFish.spec = SPEC
