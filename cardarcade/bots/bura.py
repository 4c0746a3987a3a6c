"""Bura bots. All of them remember every card taken (the view holds what both players saw), so
all of them know their points and declare 31 exactly when they have it.

- easy: simple rules: lead its lowest plain card; answer a lead worth points, or of several
  cards, with the cheapest cards that beat it all, else throw its lowest cards.
- medium: perfect-information Monte Carlo: sampled deals of the unseen cards, each move played
  out to the end of the hand by simple rules (``Bura.rollout_move``).
- hard: while cards may still be drawn, information-set MCTS over the same play-outs; once no
  more are drawn, PIMC with every sampled deal solved exactly (alpha-beta).
"""

from __future__ import annotations

import random

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import decide_ismcts, decide_pimc, decide_solved
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
HARD_ITERATIONS = 500
HARD_SOLVED_SAMPLES = 6
HARD_SECONDS = 0.9


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
    return (view.final or view.special > 0 or view.offer > 0
            or (view.may_declare and points(view, seat) >= GOAL))


def search_work(view: BuraView, seat: int, skill: int, seed: int, seconds: float | None) -> tuple:
    """The search a bot of ``skill`` runs here, as (work, args) for ``deliberate``."""
    if skill == 1:  # (a fixed amount of work: the table's thinking time is hard's to use)
        return decide_pimc, ("bura", view, seat, seed, MEDIUM_SAMPLES, None, None)
    if seconds is not None:
        seconds = min(seconds, HARD_SECONDS)
    if not view.drawing:
        known = view.stock == 0 and view.upcard is None  # (every card is known: one solve says it all)
        return decide_solved, ("bura", view, seat, seed, 1 if known else HARD_SOLVED_SAMPLES,
                               None if known else seconds)
    return decide_ismcts, ("bura", view, seat, seed, HARD_ITERATIONS, seconds)


@register("bura")
class BuraBot(BotBase):
    def plans(self, view: BuraView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat:
            return []
        key = ("move", view.hand_no, len(view.played), view.final, view.special, view.offer, view.leader)
        if self.skill == 0 or obvious(view, self.seat):
            return [self.move(key, moment, lambda: easy_action(view, self.seat, self.rng))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        fallback = easy_action(view, self.seat, random.Random(seed))
        work, args = search_work(view, self.seat, self.skill, seed, moment.think_seconds)
        return [self.deliberate(key, work, args, fallback)]


def decide(view: BuraView, seat: int, level: str, seed: int = 0) -> Action:
    """What a bot of ``level`` plays from ``view`` (tests and benchmarks), searching a fixed amount."""
    if level == "easy" or obvious(view, seat):
        return easy_action(view, seat, random.Random(seed))
    work, args = search_work(view, seat, 1 if level == "medium" else 2, seed, None)
    return work(*args)
