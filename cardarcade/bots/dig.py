"""Dig bots.

easy: a random playable card (an eight names something at random).
medium: saves its eights while another card fits; remembers what the opponent last had to dig
for and plays to it, else the card whose suit it holds most of; an eight names that suit.
hard: plays each move it may make on to the end of the game in many deals of the cards it has
not seen, honouring every time the opponent had to dig (``_dig_search``), and makes the move
that wins most. Where the search has no choice or fails, it counts cards: keeps its eights for
when nothing else fits or the opponent is about to go out, and gives the opponent the least
chance to follow.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from cardarcade.bots import Moment, Plan, Thinking, register
from cardarcade.bots._dig_search import candidates, decide_dig
from cardarcade.bots._shedding import SheddingBot, unseen
from cardarcade.cards import Card, Suit
from cardarcade.rules.base import Action
from cardarcade.rules.dig import DIG, PASS, SUIT_NAMES, WILD, DigView, matches, names_for

EIGHT = "8"
# Hard's search: deals played out for every move, and at a live table how long it may go on
# past them (measured: about 0.3 s a move on a quiet machine).
SEARCH_DEALS = 100
SEARCH_SECONDS = 0.3


@register("dig")
class DigBot(SheddingBot[DigView]):
    FOLLOW_WEIGHT = 20.0  # measured: minimising the chance the opponent can follow matters most

    def plans(self, view: DigView, moment: Moment) -> list[Plan | Thinking]:
        if self.skill < 2 or view.turn != self.seat or view.seat != self.seat or len(candidates(view)) < 2:
            return super().plans(view, moment)
        key = ("move", view.step)
        seed = self.once(("search", key), lambda: self.rng.randrange(1 << 30))
        seconds = None if moment.think_seconds is None else min(moment.think_seconds, SEARCH_SECONDS)
        rebuild = True  # the view does not say; rebuilding is the default house rule
        return [self.deliberate(key, decide_dig, (view, seed, SEARCH_DEALS, seconds, rebuild), self.choose(view))]

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
        """Saves its eights; plays to what the opponent last had to dig for, then the suit it
        holds most; an eight names that suit too, if it holds any of it."""
        plain = [c for c in playable if c.rank is not WILD]
        lacked = last_dug_for(view, 1 - self.seat)
        suits = Counter(c.suit for c in view.hand if c.rank is not WILD)
        if plain:

            def appeal(c: Card) -> tuple:
                return sum(key in lacked for key in requirement(c)), suits[c.suit], c.code

            return Action("play", (max(plain, key=appeal),))
        eight = playable[0]
        rest = Counter(c.suit for c in view.hand if c is not eight and c.rank is not WILD)
        suit = max(SUIT_NAMES, key=lambda s: (rest[Suit(s)] > 0, s in lacked, rest[Suit(s)], s))
        return Action("play", (eight,), value=suit)

    def _hard(self, view: DigView, playable: list[Card], names: tuple[str, ...]) -> Action:
        odds = OpponentOdds(view, 1 - self.seat)
        plain = [c for c in playable if c.rank is not WILD]
        eights = [c for c in playable if c.rank is WILD]
        danger = view.hand_sizes[1 - self.seat] <= 2
        best_plain = None
        if plain:
            best_plain = max(plain, key=lambda c: (self._after(view.hand, c, requirement(c), odds), c.code))
        if eights and (not plain or (danger and odds.follows(*requirement(best_plain)) > 0.5)):
            eight = eights[0]
            name = max(names, key=lambda n: (self._after(view.hand, eight, (n,), odds), n))
            return Action("play", (eight,), value=name)
        assert best_plain is not None  # a card fits, and the eights went above if only they do
        return Action("play", (best_plain,))

    @staticmethod
    def _after(hand: list[Card], played: Card, keys: tuple[str, ...], odds: OpponentOdds) -> float:
        """How good a new requirement is: plain cards of mine that fit it, less the chance the
        opponent follows it (weighted up as the opponent nears going out)."""
        mine = sum(
            1 for c in hand if c is not played and c.rank is not WILD and any(key in keys for key in requirement(c))
        )
        return mine - DigBot.FOLLOW_WEIGHT * odds.follows(*keys)


def requirement(card: Card | None) -> tuple[str, str]:
    """The suit and the rank a card asks the next player to follow (Dig's pack has no jokers, and
    a dig's record always holds the upcard it was made on)."""
    card = cast(Card, card)
    return cast(Suit, card.suit).value, card.rank.label


def last_dug_for(view: DigView, opponent: int) -> set[str]:
    """The suit and rank (or the name) the opponent last had to dig for: what a person remembers."""
    for move in reversed(view.history):
        if move.seat == opponent and move.kind == "dig":
            return {move.named} if move.named else set(requirement(move.upcard))
    return set()


class OpponentOdds:
    """The chance the opponent holds a card of a suit or rank, from the unseen cards and from
    the moments it had to dig (it then held nothing that fitted, and no eight)."""

    def __init__(self, view: DigView, opponent: int) -> None:
        self.hand_size = view.hand_sizes[opponent]
        pool = unseen(view)
        self.total = max(1, len(pool))
        self.left: Counter[str] = Counter()
        for c in pool:
            for key in requirement(c):
                self.left[key] += 1
        # for each suit/rank the opponent was seen not to hold: cards it has taken since then
        self.since: dict[str, int] = {}
        for move in view.history:
            if move.seat != opponent:
                continue
            if move.kind == "dig":
                need = (move.named,) if move.named else requirement(move.upcard)
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
