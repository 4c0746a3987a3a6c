"""Bura bots. All of them remember every card taken (the view holds what both players saw), so
all of them know their points and declare 31 exactly when they have it.

- easy: simple rules: lead its lowest plain card; answer a lead worth points, or of several
  cards, with the cheapest cards that beat it all, else throw its lowest cards.
- medium: perfect-information Monte Carlo: sampled deals of the unseen cards, each move played
  out to the end of the hand by simple rules (``Bura.rollout_move``).
- hard: a good player who looks a little way ahead: while cards may still be drawn,
  information-set MCTS over the same play-outs (a few dozen); once no more are drawn, PIMC with
  two sampled deals, each solved exactly (alpha-beta). A fixed amount of work, at a live table
  too (the table's thinking time is expert's).
- expert: the same search with ten times the play-outs and three times the solved deals (the
  hard of earlier sessions); at a live table the thinking time on top.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from cardarcade.bots import register
from cardarcade.bots._tricks import TrickBot
from cardarcade.bots.search import TreeWork, decide_pimc
from cardarcade.cards import BURA as ORDER
from cardarcade.rules.base import Action
from cardarcade.rules.bura import (
    CLAIM,
    DECLARE,
    DECLINE,
    GOAL,
    MOLODKA,
    PASS,
    BuraView,
    card_points,
    cheapest_answer,
    plays,
)

MEDIUM_SAMPLES = 12
# Hard's and expert's work: ISMCTS iterations while cards are drawn, and deals solved once
# none are (one when every card is known). Hard's is a fraction of expert's, so that each level
# is a clear step (benchmarks/README.md, "Bura's levels re-spaced").
WORK = {
    "hard": TreeWork(iterations=50, solved=2),
    "expert": TreeWork(iterations=500, solved=6, live=True),
}  # (expert: the hard of sessions 3-4)


def points(view: BuraView, seat: int) -> int:
    return card_points(view.won[seat])


def easy_action(view: BuraView, seat: int, rng: random.Random) -> Action:
    mine = points(view, seat)
    if view.final:
        return DECLARE if mine >= GOAL else PASS
    if view.may_declare and mine >= GOAL:
        return DECLARE
    if view.offer:
        return CLAIM if worth_announcing(view) else DECLINE
    hand = view.hand
    if view.special:
        return plays(tuple(hand))
    if view.led:
        return plays(cheapest_answer(hand, view.led, view.trump))
    plain = [c for c in hand if c.suit is not view.trump] or hand
    return plays((min(plain, key=lambda c: (card_points([c]), ORDER.value(c), rng.random())),))


def worth_announcing(view: BuraView) -> bool:
    """A bura (it wins the hand unless beaten card for card) and three aces (33 points) always; a
    molodka only with points in it: low cards led out of turn give the other player cheap points."""
    return view.offer != MOLODKA or card_points(view.hand) >= 10


def obvious(view: BuraView, seat: int) -> bool:
    """No search needed: the hand is played out, the bot may declare with 31, its lead is forced,
    or it decides whether to announce a special lead (by the simple rule above)."""
    return view.final or view.special > 0 or view.offer > 0 or (view.may_declare and points(view, seat) >= GOAL)


@register("bura")
class BuraBot(TrickBot):
    easy_action = staticmethod(easy_action)
    obvious = staticmethod(obvious)

    @staticmethod
    def situation(view: BuraView) -> Hashable:
        return ("move", view.hand_no, len(view.played), view.final, view.special, view.offer, view.leader)

    @classmethod
    def search_work(cls, view: BuraView, seat: int, level: str, seed: int, seconds: float | None) -> tuple:
        if level == "medium":  # (a fixed amount of work: the table's thinking time is expert's to use)
            return decide_pimc, ("bura", view, seat, seed, MEDIUM_SAMPLES, None, None)
        return WORK[level].search(
            "bura", view, seat, seed, seconds, drawing=view.drawing, known=view.stock == 0 and view.upcard is None
        )


decide = BuraBot.decide  # what a bot of a level plays from a view (tests and benchmarks)
