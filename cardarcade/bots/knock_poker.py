"""Knock Poker bots. Hand strength is measured as ``poker.percentile``: the share of all
five-card hands a hand beats, a scale on which hands can be averaged.

- easy: a beginner. Looks only at the hand it holds now: takes the discard if it makes that
  hand better, throws the card whose loss hurts least (now and then a careless throw), and
  waits for a strong hand before it knocks (a threshold it picks at random for the game:
  heads-up two pair or better; at a bigger table three of a kind or better, so it stays too long).
- medium: plays by a plain player's rule of thumb (``rule_of_thumb``): values a hand as it is
  now plus the chance one draw makes a flush or straight of it, so it keeps those draws, and
  knocks at a fixed strength (at two players a pair of aces with good kickers) that rises with
  the number of players. It pays no heed to what the others pick up or throw.
- hard: a determinized search. It deals the cards it has not seen at random, consistently with
  what it saw (the discard pile as it went down, the cards each player took from it and still
  holds, the ranks a player threw or left lying, a hand that would have made a player's last
  discard, a knock or its absence; see ``KnockPoker.determinize``), and plays each move it
  weighs (take or draw; the rule of thumb's two best discards, with and without a knock) to
  the end of the game in every deal, every seat playing the rule of thumb of
  ``KnockPoker.rollout_move``; the move that wins most is made. A fixed number of deals, so a
  busy machine never makes it weaker.
- expert: the same search over more deals, and on at a live table while its thinking time lasts.
On a last turn after a knock, every level plays for the best hand at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import decide_pimc
from cardarcade.cards import Card
from cardarcade.rules.base import Action
from cardarcade.rules.knock_poker import (
    DRAW,
    ROLLOUT_KNOCK,
    TAKE,
    KnockPokerView,
    rule_of_thumb,
    strength,
    throws_by_worth,
)

EASY_BLUNDER = 0.2  # chance an easy bot throws a random card
# an easy bot knocks at a strength drawn from this range, once a game: heads-up two pair or
# better (a beginner waits for a strong hand, and the other player knocks first); at a bigger
# table, wary of more hands, three tens or better, at times a straight or more (it stays too
# long: at 3 and 4 players the heads-up range left medium no clear step above it)
EASY_KNOCK = (0.95, 0.99)
EASY_KNOCK_BIGGER_TABLE = (0.985, 0.999)
MEDIUM_KNOCK = ROLLOUT_KNOCK  # by the number of players (the play-outs' rule of thumb knocks as medium does)
HARD_DEALS = 100  # deals a hard search plays every weighed move out in (about 0.25 s of CPU a move)
EXPERT_DEALS = 300  # an expert's, at the least (about 0.7 s)
EXPERT_SECONDS = 2.0  # most an expert searches on at a live table


def best_keep(cards: list[Card], keep_value, forced: Card | None = None) -> tuple[float, Card]:
    """The best card to throw from six (never ``forced``): (the kept five's value, the card)."""
    return throws_by_worth(cards, keep_value, forced)[0]


@register("knock-poker")
class KnockPokerBot(BotBase):
    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.easy_draw = rng.random()  # where in its table's range an easy bot's knocking strength lies

    def plans(self, view: KnockPokerView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.phase is None or view.seat != self.seat:
            return []
        key = ("move", view.round, view.reshuffles, view.phase, view.stock, view.knocker)
        if self.skill < 2:
            return [self.move(key, moment, lambda: self.choose(view))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        # if the search fails: medium's move
        return [
            self.deliberate(
                key, *search_work(view, self.seat, self.level, seed, moment.think_seconds), fallback=plain_move(view)
            )
        ]

    # ---- decisions (easy and medium)

    def choose(self, view: KnockPokerView) -> Action:
        if self.skill == 1:
            return plain_move(view)
        if view.phase == "draw":
            return self.draw(view)
        return self.throw(view)

    def draw(self, view: KnockPokerView) -> Action:
        """Easy: the discard if it makes the hand it holds now better."""
        hand, top = list(view.hand), view.discard_top
        if top is None or not view.stock:
            return TAKE if top is not None else DRAW
        taken, _ = best_keep(hand + [top], strength, None if view.throw_back else top)
        return TAKE if taken > strength(hand) else DRAW

    def throw(self, view: KnockPokerView) -> Action:
        """Easy: the card it misses least now (or, careless, any), a knock at its chosen strength."""
        hand = list(view.hand)
        forced = view.drawn if view.drawn_from == "discard" and not view.throw_back else None
        if self.rng.random() < EASY_BLUNDER:
            card = self.rng.choice([c for c in hand if c is not forced])
        else:
            _, card = best_keep(hand, strength, forced)
        kept = [c for c in hand if c is not card]
        if view.may_knock and strength(kept) >= self.easy_knock(view.players):
            return Action("knock", (card,))
        return Action("discard", (card,))

    def easy_knock(self, players: int) -> float:
        low, high = EASY_KNOCK if players == 2 else EASY_KNOCK_BIGGER_TABLE
        return low + (high - low) * self.easy_draw


def plain_move(view: KnockPokerView) -> Action:
    """Medium's move: the rule of thumb, knocking at a fixed strength."""
    return rule_of_thumb(
        view.hand,
        view.phase,
        view.discard_top,
        view.drawn if view.drawn_from == "discard" else None,
        throw_back=view.throw_back,
        stock_left=view.stock > 0,
        last_turn=view.knocker is not None,
        knock_at=MEDIUM_KNOCK[view.players] if view.may_knock else None,
    )


def search_work(
    view: KnockPokerView, seat: int, level: str, seed: int, think_seconds: float | None
) -> tuple[Callable[..., Action], tuple]:
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
