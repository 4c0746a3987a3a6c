"""Knock Poker bots. Hand strength is measured as ``poker.percentile``: the share of all
five-card hands a hand beats, a scale on which hands can be averaged.

- easy: looks only at the hand it holds now: takes the discard if it makes that hand better,
  throws the card whose loss hurts least (now and then a careless throw), and knocks at a
  threshold it picks at random for the game.
- medium: looks one card ahead: keeps the five cards whose expected strength after one more
  draw is best (so it keeps flush and straight draws), counts as unseen every card it does not
  hold, and knocks at a fixed strength that rises with the number of players.
- hard: looks one card further ahead when choosing between the discard and the stock, counts
  the cards it has seen (the discard pile as it went down, the cards others took from it), and
  knocks when its estimated chance of holding the best hand after everyone's last turn, against
  opponents whose hands improve with the rounds played, is better now than after one more draw.
  On its last turn after a knock it draws for the best chance to beat the knocker's (likely
  strong) hand, taking a long shot from the stock over a sure gain too small to win. On a last turn after a
  knock, every level plays for the best hand at once.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from itertools import combinations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.cards import Card
from cardarcade.poker import evaluate, percentile
from cardarcade.rules.base import Action
from cardarcade.rules.knock_poker import DRAW, FULL_PACK, TAKE, KnockPokerView

EASY_BLUNDER = 0.2  # chance an easy bot throws a random card
EASY_KNOCK = (0.6, 0.97)  # an easy bot knocks at a strength drawn from this range, once a game
MEDIUM_KNOCK = {2: 0.9, 3: 0.93, 4: 0.95, 5: 0.96, 6: 0.97}  # by the number of players
HARD_KNOCK_FLOOR = 0.3  # hard never knocks expecting to hold the best hand less often than this
STOCK_SAMPLES = 6  # hard: stock cards tried when weighing the stock against the discard
AHEAD_SAMPLES = 12  # hard: next draws tried for each of those
# The strength of an opponent's hand (as above) at the start of round r, before its r-th draw,
# as the quantiles 0.1, 0.2, ..., 0.9 of what medium bots hold when nobody knocks (measured
# over 500 four-player games: 2,000 hands a round).
OPPONENT_QUANTILES = (
    (0.099, 0.178, 0.284, 0.387, 0.484, 0.58, 0.686, 0.802, 0.897),  # round 1: as dealt
    (0.313, 0.49, 0.558, 0.63, 0.728, 0.821, 0.922, 0.948, 0.975),
    (0.521, 0.623, 0.746, 0.859, 0.932, 0.947, 0.963, 0.983, 0.997),
    (0.631, 0.825, 0.931, 0.944, 0.957, 0.968, 0.987, 0.996, 0.999),
    (0.818, 0.937, 0.949, 0.96, 0.97, 0.993, 0.997, 0.999, 0.999),
    (0.932, 0.948, 0.961, 0.97, 0.993, 0.997, 0.999, 0.999, 1.0),
    (0.944, 0.958, 0.969, 0.993, 0.997, 0.999, 0.999, 0.999, 1.0),
    (0.951, 0.966, 0.99, 0.997, 0.998, 0.999, 0.999, 0.999, 1.0),  # round 8 and later
)


def strength(cards) -> float:
    return percentile(evaluate(cards))


def best_keep(cards: list[Card], keep_value, forced: Card | None = None) -> tuple[float, Card]:
    """The best card to throw from six (never ``forced``): (the kept five's value, the card)."""
    best, throw = -1.0, cards[0]
    for card in cards:
        if card is forced:
            continue
        value = keep_value([c for c in cards if c is not card])
        if value > best:
            best, throw = value, card
    return best, throw


def improved(five: list[Card], extra: Card) -> float:
    """The strength of the best five of these six cards (keeping the five as they are, or not)."""
    best = 0.0
    for hand in combinations(five + [extra], 5):
        v = strength(hand)
        if v > best:
            best = v
    return best


def ahead(five: list[Card], unseen: list[Card]) -> float:
    """Expected strength after drawing one of ``unseen`` (but these five) and throwing the worst card."""
    pool = [x for x in unseen if x not in five]
    if not pool:
        return strength(five)
    return sum(improved(five, x) for x in pool) / len(pool)


def opponent_below(value: float, rounds: int) -> float:
    """The chance one opponent's hand is weaker than ``value`` after ``rounds`` rounds."""
    quantiles = OPPONENT_QUANTILES[min(rounds, len(OPPONENT_QUANTILES)) - 1]
    i = bisect_left(quantiles, value)
    low = quantiles[i - 1] if i else 0.0
    high = quantiles[i] if i < len(quantiles) else 1.0
    inside = (value - low) / (high - low) if high > low else 0.0
    return min(1.0, (i + inside) / (len(quantiles) + 1))


def knocker_below(value: float, rounds: int) -> float:
    """The chance a knocker's hand is weaker than ``value``: a hand from the better half of
    what players hold by then (people knock on good hands)."""
    return max(0.0, 2 * opponent_below(value, rounds) - 1)


@register("knock-poker")
class KnockPokerBot(BotBase):
    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.easy_knock = rng.uniform(*EASY_KNOCK)

    def plans(self, view: KnockPokerView, moment: Moment) -> list[Plan]:
        if view.turn != self.seat or view.phase is None or view.seat != self.seat:
            return []
        key = ("move", view.round, view.reshuffles, view.phase, view.stock, view.knocker)
        return [self.move(key, moment, lambda: self.choose(view))]

    # ---- decisions

    def choose(self, view: KnockPokerView) -> Action:
        if view.phase == "draw":
            return self.draw(view)
        return self.throw(view)

    def unseen(self, view: KnockPokerView) -> list[Card]:
        """Cards that may come from the stock: all but my own, and (for hard) those seen elsewhere."""
        gone = set(view.hand)
        if self.skill >= 2:
            gone.update(view.dead)
            for seat, cards in enumerate(view.known):
                if seat != self.seat:
                    gone.update(cards)
        if view.discard_top is not None:
            gone.add(view.discard_top)
        return [c for c in FULL_PACK if c not in gone]

    def last_turn(self, view: KnockPokerView) -> bool:
        return view.knocker is not None

    def draw(self, view: KnockPokerView) -> Action:
        hand, top = list(view.hand), view.discard_top
        if top is None or not view.stock:
            return TAKE if top is not None else DRAW
        forced = None if view.throw_back else top
        if self.skill == 0:
            taken, _ = best_keep(hand + [top], strength, forced)
            return TAKE if taken > strength(hand) else DRAW
        unseen = self.unseen(view)
        if self.skill >= 2 and self.last_turn(view):
            return self.last_draw(view, hand, top, forced, unseen)
        if self.skill == 1 or self.last_turn(view):
            # one card ahead either way: the known top, or a blind card
            taken, _ = best_keep(hand + [top], strength, forced)
            return TAKE if taken > ahead(hand, unseen) else DRAW
        # hard: two cards ahead either way, the second always blind
        sample = self.rng.sample(unseen, min(AHEAD_SAMPLES, len(unseen)))

        def keep_value(five: list[Card]) -> float:
            return ahead(five, sample)

        taken, _ = best_keep(hand + [top], keep_value, forced)
        stock = self.rng.sample(unseen, min(STOCK_SAMPLES, len(unseen)))
        blind = sum(best_keep(hand + [x], keep_value)[0] for x in stock) / len(stock)
        return TAKE if taken > blind else DRAW

    def last_draw(self, view: KnockPokerView, hand: list[Card], top: Card, forced: Card | None,
                  unseen: list[Card]) -> Action:
        """The last turn after a knock: what counts is beating the knocker, not a better hand on
        average; so a long shot from the stock can beat a sure but too small gain."""
        rounds = view.round + 1

        def beats(five: list[Card]) -> float:
            return knocker_below(strength(five), rounds)

        taken, _ = best_keep(hand + [top], beats, forced)
        blind = sum(best_keep(hand + [x], beats)[0] for x in unseen) / len(unseen)
        return TAKE if taken > blind else DRAW

    def throw(self, view: KnockPokerView) -> Action:
        hand = list(view.hand)
        forced = view.drawn if view.drawn_from == "discard" and not view.throw_back else None
        if self.skill == 0:
            if self.rng.random() < EASY_BLUNDER:
                card = self.rng.choice([c for c in hand if c is not forced])
            else:
                _, card = best_keep(hand, strength, forced)
        elif self.last_turn(view):
            _, card = best_keep(hand, strength, forced)
        else:  # one card ahead: a flush or straight draw outweighs a high card
            unseen = self.unseen(view)
            if self.skill >= 2 and len(unseen) > AHEAD_SAMPLES * 2:
                unseen = self.rng.sample(unseen, AHEAD_SAMPLES * 2)
            _, card = best_keep(hand, lambda five: ahead(five, unseen), forced)
        kept = [c for c in hand if c is not card]
        if view.may_knock and self.wants_to_knock(view, kept):
            return Action("knock", (card,))
        return Action("discard", (card,))

    def wants_to_knock(self, view: KnockPokerView, kept: list[Card]) -> bool:
        value = strength(kept)
        if self.skill == 0:
            return value >= self.easy_knock
        if self.skill == 1:
            return value >= MEDIUM_KNOCK[view.players]
        # Knock now: everyone else gets one more turn, a round more than they have had.
        others = view.players - 1
        now = opponent_below(value, view.round + 1) ** others
        if now < HARD_KNOCK_FLOOR:
            return False
        # Or wait a round: my next draw against hands one round better still.
        unseen = [c for c in self.unseen(view) if c not in kept]
        sample = self.rng.sample(unseen, min(AHEAD_SAMPLES * 2, len(unseen)))
        later = sum(opponent_below(improved(kept, x), view.round + 2) ** others for x in sample) / len(sample)
        return now >= later
