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

from cardarcade.bots import register
from cardarcade.bots.card_search import CardSearchBot
from cardarcade.cards import POLIGNAC, Card, Rank
from cardarcade.rules._tricks import winning_index
from cardarcade.rules.polignac import POLIGNAC_CARD, PolignacView

EASY_SLIP = 0.25  # chance an easy bot plays any card it may
MEDIUM_SAMPLES = 16
HARD_ITERATIONS = 700
HARD_SECONDS = 0.8  # at a live table, hard searches on past its fixed work until this much has passed


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
class PolignacBot(CardSearchBot):
    GAME = "polignac"
    MEDIUM_SAMPLES = MEDIUM_SAMPLES
    HARD_ITERATIONS = HARD_ITERATIONS
    HARD_SECONDS = HARD_SECONDS
    easy_card = staticmethod(easy_card)


decide = PolignacBot.decide  # what a bot of a level plays from a view (tests and benchmarks)
