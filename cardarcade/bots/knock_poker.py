"""Knock Poker bots. Hand strength is measured as ``poker.percentile``: the share of all
five-card hands a hand beats, a scale on which hands can be averaged.

- easy: looks only at the hand it holds now: takes the discard if it makes that hand better,
  throws the card whose loss hurts least (now and then a careless throw), and knocks at a
  threshold it picks at random for the game.
- medium: looks one card ahead: keeps the five cards whose expected strength after one more
  draw is best (so it keeps flush and straight draws), counts as unseen every card it does not
  hold, and knocks at a fixed strength that rises with the number of players.
- hard: a determinized search. It deals the cards it has not seen at random, consistently with
  what it saw (the discard pile as it went down, the cards each player took from it and still
  holds, the ranks a player threw or left lying, a knock or its absence; see
  ``KnockPoker.determinize``), and plays each move it weighs (take or draw; the rule of thumb's two best discards,
  with and without a knock) to the end of the game in every deal, every seat playing the rule
  of thumb of ``KnockPoker.rollout_move``; the move that wins most is made. A fixed number of
  deals, so a busy machine never makes it weaker.
- expert: the same search over more deals, and on at a live table while its thinking time lasts.
On a last turn after a knock, easy and medium play for the best hand at once.
"""

from __future__ import annotations

import random

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import decide_pimc
from cardarcade.cards import Card
from cardarcade.rules.base import Action
from cardarcade.rules.knock_poker import DRAW, FULL_PACK, ROLLOUT_KNOCK, TAKE, KnockPoker, KnockPokerView, strength, throws_by_worth

EASY_BLUNDER = 0.2  # chance an easy bot throws a random card
EASY_KNOCK = (0.6, 0.97)  # an easy bot knocks at a strength drawn from this range, once a game
MEDIUM_KNOCK = ROLLOUT_KNOCK  # by the number of players (the play-outs' rule of thumb knocks as medium does)
HARD_DEALS = 40  # deals a hard search plays every weighed move out in
EXPERT_DEALS = 120  # an expert's, at the least
EXPERT_SECONDS = 2.0  # most an expert searches on at a live table


def best_keep(cards: list[Card], keep_value, forced: Card | None = None) -> tuple[float, Card]:
    """The best card to throw from six (never ``forced``): (the kept five's value, the card)."""
    return throws_by_worth(cards, keep_value, forced)[0]


def improved(five: list[Card], extra: Card) -> float:
    """The strength of the best five of these six cards (keeping the five as they are, or not)."""
    return best_keep(five + [extra], strength)[0]


def ahead(five: list[Card], unseen: list[Card]) -> float:
    """Expected strength after drawing one of ``unseen`` (but these five) and throwing the worst card."""
    pool = [x for x in unseen if x not in five]
    if not pool:
        return strength(five)
    return sum(improved(five, x) for x in pool) / len(pool)


@register("knock-poker")
class KnockPokerBot(BotBase):
    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.easy_knock = rng.uniform(*EASY_KNOCK)

    def plans(self, view: KnockPokerView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.phase is None or view.seat != self.seat:
            return []
        key = ("move", view.round, view.reshuffles, view.phase, view.stock, view.knocker)
        if self.skill < 2:
            return [self.move(key, moment, lambda: self.choose(view))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        # if the search fails: the play-outs' rule of thumb (cheap, unlike medium's look ahead)
        fallback = KnockPoker.determinize(view, self.seat, random.Random(seed)).rollout_move(self.seat)
        return [self.deliberate(key, *search_work(view, self.seat, self.level, seed, moment.think_seconds),
                                fallback=fallback)]

    # ---- decisions (easy and medium)

    def choose(self, view: KnockPokerView) -> Action:
        if view.phase == "draw":
            return self.draw(view)
        return self.throw(view)

    def unseen(self, view: KnockPokerView) -> list[Card]:
        """Cards that may come from the stock: all but my own and the discard pile's top."""
        gone = set(view.hand)
        if view.discard_top is not None:
            gone.add(view.discard_top)
        return [c for c in FULL_PACK if c not in gone]

    def draw(self, view: KnockPokerView) -> Action:
        hand, top = list(view.hand), view.discard_top
        if top is None or not view.stock:
            return TAKE if top is not None else DRAW
        forced = None if view.throw_back else top
        taken, _ = best_keep(hand + [top], strength, forced)
        if self.skill == 0:
            return TAKE if taken > strength(hand) else DRAW
        # one card ahead either way: the known top, or a blind card
        return TAKE if taken > ahead(hand, self.unseen(view)) else DRAW

    def throw(self, view: KnockPokerView) -> Action:
        hand = list(view.hand)
        forced = view.drawn if view.drawn_from == "discard" and not view.throw_back else None
        if self.skill == 0:
            if self.rng.random() < EASY_BLUNDER:
                card = self.rng.choice([c for c in hand if c is not forced])
            else:
                _, card = best_keep(hand, strength, forced)
        elif view.knocker is not None:  # a last turn: the best hand at once
            _, card = best_keep(hand, strength, forced)
        else:  # one card ahead: a flush or straight draw outweighs a high card
            unseen = self.unseen(view)
            _, card = best_keep(hand, lambda five: ahead(five, unseen), forced)
        kept = [c for c in hand if c is not card]
        knock = self.easy_knock if self.skill == 0 else MEDIUM_KNOCK[view.players]
        if view.may_knock and strength(kept) >= knock:
            return Action("knock", (card,))
        return Action("discard", (card,))


def search_work(view: KnockPokerView, seat: int, level: str, seed: int, think_seconds: float | None) -> tuple:
    """The search a hard or expert bot runs here, as (work, args) for ``deliberate``: hard a fixed
    number of deals; expert more, and on while a live table's thinking time lasts."""
    if level == "expert":
        seconds = None if think_seconds is None else min(think_seconds, EXPERT_SECONDS)
        return decide_pimc, ("knock-poker", view, seat, seed, EXPERT_DEALS, None, seconds)
    return decide_pimc, ("knock-poker", view, seat, seed, HARD_DEALS, None, None)


def decide(view: KnockPokerView, seat: int, level: str, seed: int = 0) -> Action:
    """What a hard or expert bot plays from ``view`` (tests and benchmarks), searching a fixed amount."""
    work, args = search_work(view, seat, level, seed, None)
    return work(*args)
