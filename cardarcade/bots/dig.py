"""Dig bots.

easy: a random playable card (an eight names something at random).
medium: saves its eights while another card fits; plays the card whose suit it holds most of;
an eight names the suit it holds most of.
hard: as medium, and it counts cards: it remembers when the opponent had to dig (so held
nothing of that suit or rank), keeps its eights for when nothing else fits or the opponent is
about to go out, and chooses the card or the name that suits its own hand while giving the
opponent the least chance to follow.
"""

from __future__ import annotations

from collections import Counter

from cardarcade.bots import register
from cardarcade.bots._shedding import SheddingBot, unseen
from cardarcade.cards import Card, Suit
from cardarcade.rules.base import Action
from cardarcade.rules.dig import DIG, PASS, SUIT_NAMES, WILD, DigView, matches, names_for

EIGHT = "8"


@register("dig")
class DigBot(SheddingBot):
    FOLLOW_WEIGHT = 20.0  # measured: minimising the chance the opponent can follow matters most

    def choose(self, view: DigView) -> Action:
        playable = [c for c in view.hand if matches(c, view.upcard, view.named)]
        if not playable:
            return DIG if view.can_dig else PASS
        names = names_for(view.eight_names)
        if self.skill == 0:
            card = self.rng.choice(playable)
            return Action("play", (card,), value=self.rng.choice(names) if card.rank is WILD else None)
        if self.skill == 1:
            return self._medium(view, playable)
        return self._hard(view, playable, names)

    def _medium(self, view: DigView, playable: list[Card]) -> Action:
        plain = [c for c in playable if c.rank is not WILD]
        suits = Counter(c.suit for c in view.hand if c.rank is not WILD)
        if plain:
            return Action("play", (max(plain, key=lambda c: suits[c.suit]),))
        eight = playable[0]
        rest = Counter(c.suit for c in view.hand if c is not eight and c.rank is not WILD)
        suit = max(SUIT_NAMES, key=lambda s: (rest[Suit(s)], s))
        return Action("play", (eight,), value=suit)

    def _hard(self, view: DigView, playable: list[Card], names: tuple[str, ...]) -> Action:
        odds = OpponentOdds(view, 1 - self.seat)
        plain = [c for c in playable if c.rank is not WILD]
        eights = [c for c in playable if c.rank is WILD]
        danger = view.hand_sizes[1 - self.seat] <= 2
        best_plain = None
        if plain:
            best_plain = max(plain, key=lambda c: (self._after(view.hand, c, (c.suit.value, c.rank.label), odds), c.code))
        if eights and (not plain or (danger and odds.follows(best_plain.suit.value, best_plain.rank.label) > 0.5)):
            eight = eights[0]
            name = max(names, key=lambda n: (self._after(view.hand, eight, (n,), odds), n))
            return Action("play", (eight,), value=name)
        return Action("play", (best_plain,))

    @staticmethod
    def _after(hand: list[Card], played: Card, keys: tuple[str, ...], odds: "OpponentOdds") -> float:
        """How good a new requirement is: plain cards of mine that fit it, less the chance the
        opponent follows it (weighted up as the opponent nears going out)."""
        mine = sum(1 for c in hand if c is not played and c.rank is not WILD
                   and (c.suit.value in keys or c.rank.label in keys))
        return mine - DigBot.FOLLOW_WEIGHT * odds.follows(*keys)


class OpponentOdds:
    """The chance the opponent holds a card of a suit or rank, from the unseen cards and from
    the moments it had to dig (it then held nothing that fitted, and no eight)."""

    def __init__(self, view: DigView, opponent: int) -> None:
        self.hand_size = view.hand_sizes[opponent]
        pool = unseen(view)
        self.total = max(1, len(pool))
        self.left = Counter()
        for c in pool:
            self.left[c.suit.value] += 1
            self.left[c.rank.label] += 1
        # for each suit/rank the opponent was seen not to hold: cards it has taken since then
        self.since: dict[str, int] = {}
        for move in view.history:
            if move.seat != opponent:
                continue
            if move.kind == "dig":
                need = (move.named,) if move.named else (move.upcard.suit.value, move.upcard.rank.label)
                for key in need + (EIGHT,):
                    self.since[key] = 0
                for key in self.since:
                    self.since[key] += 1
            elif move.kind == "play" and self.since:
                # after digging, the card played is the one just dug
                for key in self.since:
                    self.since[key] = max(0, self.since[key] - 1)

    def holds(self, key: str) -> float:
        draws = self.since.get(key, self.hand_size)
        p = self.left[key] / self.total
        return 1 - (1 - p) ** min(draws, self.hand_size)

    def follows(self, *keys: str) -> float:
        miss = 1.0
        for key in keys + (EIGHT,):
            miss *= 1 - self.holds(key)
        return 1 - miss

