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

from cardarcade.bots import register
from cardarcade.bots.card_search import CardSearchBot
from cardarcade.cards import ACES_HIGH, Card
from cardarcade.rules._tricks import winning_index
from cardarcade.rules.frogs_in_the_pond import FrogsView, quick_card

GAME = "frogs-in-the-pond"
EASY_SLIP = 0.25  # chance an easy bot plays any card it may
MEDIUM_SAMPLES = 16
HARD_ITERATIONS = 300  # play-outs to the end of the hand (cutting them after four tricks played worse)
HARD_SECONDS = 0.8  # at a live table, hard searches on past its fixed work until this much has passed


def easy_card(view: FrogsView, rng: random.Random) -> Card:
    cards = view.playable
    if len(cards) == 1 or rng.random() < EASY_SLIP:
        return rng.choice(cards)
    trick = [t.card for t in view.trick]
    top = view.trick[winning_index(trick, ACES_HIGH)].seat if trick else None
    return quick_card(cards, trick, top, view.side, view.seat, view.players, view.tadpole)


@register(GAME)
class FrogsBot(CardSearchBot):
    GAME = GAME
    MEDIUM_SAMPLES = MEDIUM_SAMPLES
    HARD_ITERATIONS = HARD_ITERATIONS
    HARD_SECONDS = HARD_SECONDS
    easy_card = staticmethod(easy_card)


decide = FrogsBot.decide  # what a bot of a level plays from a view (tests and benchmarks)
