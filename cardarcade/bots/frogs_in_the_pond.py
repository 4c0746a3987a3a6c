"""Frogs in the Pond bots. None of them ever revokes; each knows only its own frogs.

- easy: simple rules (``quick_card``): lead an ace, else a low card; give points to a partner
  who is winning; take a trick worth having when it can; else play low. Now and then any card
  it may.
- medium: perfect-information Monte Carlo (``search.pimc``): sampled deals of the cards it has
  not seen (the others' hands and frogs, the pond), each move played out to the end of the hand
  by the same rules of thumb.
- hard: information-set Monte Carlo tree search (``search.ismcts``), played out to the end of
  the hand by the same rules of thumb.

Searches run through ``deliberate``: off the event loop at a live table, inline under simulate.
"""

from __future__ import annotations

import random

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import decide_pimc, ismcts
from cardarcade.cards import ACES_HIGH, Card
from cardarcade.rules._tricks import play, winning_index
from cardarcade.rules.base import Action
from cardarcade.rules.frogs_in_the_pond import FrogsInThePond, FrogsView, quick_card

GAME = "frogs-in-the-pond"
EASY_SLIP = 0.25  # chance an easy bot plays any card it may
MEDIUM_SAMPLES = 16
HARD_ITERATIONS = 300  # play-outs to the end of the hand (cutting them after four tricks played worse)
HARD_SECONDS = 0.8  # at most, at a live table (the table's think time may be shorter)


def easy_card(view: FrogsView, rng: random.Random) -> Card:
    cards = view.playable
    if len(cards) == 1 or rng.random() < EASY_SLIP:
        return rng.choice(cards)
    trick = [t.card for t in view.trick]
    top = view.trick[winning_index(trick, ACES_HIGH)].seat if trick else None
    return quick_card(cards, trick, top, view.side, view.seat, view.players, view.tadpole)


@register(GAME)
class FrogsBot(BotBase):
    def plans(self, view: FrogsView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat or not view.playable:
            return []
        key = ("play", view.hand_no, len(view.played))
        if self.skill == 0 or len(view.playable) == 1:
            return [self.move(key, moment, lambda: play(easy_card(view, self.rng)))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        fallback = play(easy_card(view, random.Random(seed)))
        if self.skill == 1:
            return [self.deliberate(key, decide_pimc, (GAME, view, self.seat, seed, MEDIUM_SAMPLES, None), fallback)]
        seconds = moment.think_seconds
        if seconds is not None:
            seconds = min(seconds, HARD_SECONDS)
        return [self.deliberate(key, decide_hard, (view, self.seat, seed, HARD_ITERATIONS, seconds), fallback)]


def decide_hard(view: FrogsView, seat: int, seed: int, iterations: int, seconds: float | None = None) -> Action:
    """The hard bot's ISMCTS (a ``Thinking`` work: module-level)."""
    return ismcts(FrogsInThePond, view, seat, random.Random(seed), iterations, seconds)


def decide(view: FrogsView, seat: int, level: str, seed: int = 0) -> Action:
    """What a bot of ``level`` plays from ``view`` (for tests and benchmarks)."""
    if level == "easy" or len(view.playable) == 1:
        return play(easy_card(view, random.Random(seed)))
    if level == "medium":
        return decide_pimc(GAME, view, seat, seed, MEDIUM_SAMPLES, None)
    return decide_hard(view, seat, seed, HARD_ITERATIONS)
