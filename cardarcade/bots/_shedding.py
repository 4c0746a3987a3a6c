"""What the Neosho Rapids and Dig bots share: one move per situation at the table's pace, and
card counting (the cards not yet seen by this bot)."""

from __future__ import annotations

from collections import Counter
from typing import Generic, TypeVar

from cardarcade.bots import BotBase, Moment, Plan, Thinking
from cardarcade.cards import Card, standard_deck
from cardarcade.rules._shedding import SheddingView
from cardarcade.rules.base import Action

PACK: tuple[Card, ...] = tuple(standard_deck())
W = TypeVar("W", bound=SheddingView)  # the game's own view


class SheddingBot(BotBase, Generic[W]):
    """Plans one action whenever it is this bot's turn; subclasses say which in ``choose``."""

    def plans(self, view: W, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat:
            return []
        key = ("move", view.step)
        return [self.move(key, moment, lambda: self.choose(view))]

    def choose(self, view: W) -> Action:
        raise NotImplementedError


def unseen(view: SheddingView) -> list[Card]:
    """Cards in the stock or in other hands, as far as this player knows: neither in hand nor face up."""
    known = set(view.hand) | set(view.discards)
    return [c for c in PACK if c not in known]


def rank_counts(cards: list[Card]) -> Counter:
    return Counter(c.rank for c in cards)
