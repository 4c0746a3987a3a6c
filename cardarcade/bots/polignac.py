"""Polignac bots.

- easy: simple rules: lead a low card, duck under the card winning the trick when it can, and
  when it cannot follow throw away the J♠, another jack or its highest card; now and then it
  plays any card it may.
- medium: perfect-information Monte Carlo (``search.pimc``): sampled deals of the cards it has
  not seen, each move played out to the end of the hand at random.
- hard: information-set Monte Carlo tree search (``search.ismcts``).

Searches run through ``deliberate``: off the event loop at a live table, inline under simulate.
"""

from __future__ import annotations

import random

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import decide_ismcts, decide_pimc
from cardarcade.cards import POLIGNAC, Card, Rank
from cardarcade.rules._tricks import play, winning_index
from cardarcade.rules.base import Action
from cardarcade.rules.polignac import POLIGNAC_CARD, PolignacView

EASY_SLIP = 0.25  # chance an easy bot plays any card it may
MEDIUM_SAMPLES = 16
HARD_ITERATIONS = 700
HARD_SECONDS = 0.8  # at most, at a live table (the table's think time may be shorter)


def easy_card(view: PolignacView, rng: random.Random) -> Card:
    cards = view.playable
    if len(cards) == 1 or rng.random() < EASY_SLIP:
        return rng.choice(cards)
    if not view.trick:
        return min(cards, key=lambda c: (c.rank is Rank.JACK, POLIGNAC.value(c)))
    trick = [t.card for t in view.trick]
    led = trick[0].suit
    if cards[0].suit is led:
        top = trick[winning_index(trick, POLIGNAC)]
        under = [c for c in cards if POLIGNAC.value(c) < POLIGNAC.value(top)]
        if under:
            return max(under, key=POLIGNAC.value)
        last = len(trick) == view.players - 1
        jacks_in = any(c.rank is Rank.JACK for c in trick)
        # forced to win: if last and the trick is clean, win with the highest; else the lowest
        return max(cards, key=POLIGNAC.value) if last and not jacks_in else min(cards, key=POLIGNAC.value)
    if POLIGNAC_CARD in cards:
        return POLIGNAC_CARD
    jacks = [c for c in cards if c.rank is Rank.JACK]
    return jacks[0] if jacks else max(cards, key=POLIGNAC.value)


@register("polignac")
class PolignacBot(BotBase):
    def plans(self, view: PolignacView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat or not view.playable:
            return []
        key = ("play", view.hand_no, len(view.played))
        if self.skill == 0 or len(view.playable) == 1:
            return [self.move(key, moment, lambda: play(easy_card(view, self.rng)))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        fallback = play(easy_card(view, random.Random(seed)))
        if self.skill == 1:
            return [self.deliberate(key, decide_pimc, ("polignac", view, self.seat, seed, MEDIUM_SAMPLES, None),
                                    fallback)]
        seconds = moment.think_seconds
        if seconds is not None:
            seconds = min(seconds, HARD_SECONDS)
        return [self.deliberate(key, decide_ismcts, ("polignac", view, self.seat, seed, HARD_ITERATIONS, seconds),
                                fallback)]


def decide(view: PolignacView, seat: int, level: str, seed: int = 0) -> Action:
    """What a bot of ``level`` plays from ``view`` (for tests and benchmarks)."""
    if level == "easy":
        return play(easy_card(view, random.Random(seed)))
    if level == "medium":
        return decide_pimc("polignac", view, seat, seed, MEDIUM_SAMPLES, None)
    return decide_ismcts("polignac", view, seat, seed, HARD_ITERATIONS)
