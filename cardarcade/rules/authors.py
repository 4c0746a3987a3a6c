"""Authors, for three to six players: Go Fish where every question names one exact card."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardarcade.cards import Card
from cardarcade.rules._fishing import ASK, FishingGame, FishingOptions, FishingState, rank_cards
from cardarcade.rules.base import Action, GameSpec, choice_labels

RULES = """\
# Authors

**Goal:** lay down more books (all four cards of one rank) than anyone else.

Authors is played like Go Fish, except that every question names one exact card: not
"any jacks?" but "the jack of hearts?".

- **The deal:** as in Go Fish, the pack is dealt as if there were one player more than there is;
  the imaginary hand and the leftovers are the stock.
- **Asking:** the player at the dealer's left starts. You ask one other player for one card, and
  two limits apply: you must hold at least one card of its rank, and you must not hold that
  card yourself.
- **A yes:** if they hold it, they give it to you and you ask again. Four of a kind in your hand
  is laid down as a book at once and your turn goes on.
- **Go fish:** if they don't, you draw the top card of the stock, your turn ends, and the player
  who said no takes the next turn. A book completed by the fished card waits in your hand until
  your next turn.
- **Listen:** every question gives something away. A player who asks for a card holds its rank;
  a player who is handed a card now holds at least two of that rank.
- **The end:** the books are counted at the end, and the most books wins (equal counts share
  the win). If you lay all your cards down in books while the stock still has cards, you win at
  once.

**House rules** (set them before the game):

- *Deal:* the Go Fish deal with a stock, or the whole pack dealt out with no stock (a "no"
  simply passes the turn to the player who said it).
- *Lucky draw goes on:* if the fished card is the one you asked for, or completes a book, show it
  and keep asking.
- *Ask limit:* so every game ends, after that many questions the most books wins.

**Our clarifications** (the text leaves these open):

- **When the game ends:** the text says the end "almost always" comes once the stock is used
  up, without saying when exactly. We play on after the stock is gone, until every book is down
  (asking goes on; a "no" just passes the turn), so that every book is won by someone; then the
  books are counted. Going out once the stock is gone does not win at once: you sit out.
- You may only ask players who still hold cards.
- Books you are dealt are laid down when your first turn starts.
- If your last card is taken from you, you draw one from the stock at once, so you stay in the
  game; with the stock gone you sit out.
"""


class AuthorsOptions(FishingOptions):
    deal: Literal["stock", "all"] = Field(
        "stock",
        title="Deal",
        description="Deal as in Go Fish and keep a stock, or deal out the whole pack.",
        json_schema_extra=choice_labels({"stock": "as in Go Fish, with a stock", "all": "the whole pack, no stock"}),
    )


class AuthorsState(FishingState):
    options: AuthorsOptions


def ask_for_card(target: int, card: Card) -> Action:
    return Action(ASK, cards=(card,), target=target)


def missing_cards(hand: list[Card]) -> list[Card]:
    """The cards one may ask for: the absent suits of every rank held."""
    held = set(hand)
    ranks = sorted({c.rank for c in hand})
    return [c for r in ranks for c in rank_cards(r) if c not in held]


class Authors(FishingGame[AuthorsState]):
    State = AuthorsState
    Options = AuthorsOptions
    BY_CARD = True
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: AuthorsOptions, deck: list[Card] | None) -> Authors:
        return cls.start(players, seed, options, deck, deal_all=options.deal == "all")

    def ask_actions(self, seat: int, targets: list[int]) -> list[Action]:
        return [ask_for_card(t, c) for c in missing_cards(self.s.hands[seat]) for t in targets]

    def may_ask(self, seat: int, action: Action) -> bool:
        if len(action.cards) != 1 or action.value is not None:
            return False
        card, hand = action.cards[0], self.s.hands[seat]
        return card.suit is not None and card.back == 0 and card not in hand and any(c.rank is card.rank for c in hand)

    def hand_over(self, target: int, action: Action) -> list[Card]:
        hand = self.s.hands[target]
        card = action.cards[0]
        if card in hand:
            hand.remove(card)
            return [card]
        return []

    def asked_words(self, action: Action) -> str:
        return f"the {action.cards[0]}"

    def is_asked_for(self, card: Card, action: Action) -> bool:
        return card == action.cards[0]


SPEC = GameSpec.listed("authors", rules=RULES, game=Authors)
Authors.spec = SPEC
