"""Schnapsen bots. All of them remember every card played (the view holds what both players
saw), so all of them know their points.

- easy: simple rules: go out at 66, show marriages, take the exchange, lead a low card, win a
  trick cheaply when it can, else throw its lowest card; now and then any card.
- medium: the well-known baseline: perfect-information Monte Carlo with 16 sampled deals, each
  move played out 4 moves deep at random (going out at 66, never short of it) and judged by the
  points difference.
- hard: a good player who looks a little way ahead: while the stock is open, information-set
  MCTS (80 play-outs to the end of the hand by simple rules of play,
  ``Schnapsen.rollout_move``); once it is closed, PIMC with 3 sampled deals, each solved
  exactly (alpha-beta). With the stock used up nothing is hidden any more: one solve, perfect
  play. A fixed amount of work, at a live table too.
- expert: the same search with about nine times the play-outs and 8 solved deals once the stock
  is closed (the hard of sessions 3-5); at a live table the thinking time on top.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from cardarcade.bots import register
from cardarcade.bots._tricks import TrickBot
from cardarcade.bots.search import TreeWork, decide_pimc
from cardarcade.cards import SCHNAPSEN as ORDER
from cardarcade.rules._tricks import beats, play, winning_index
from cardarcade.rules.base import Action
from cardarcade.rules.schnapsen import (
    CARD_POINTS,
    EXCHANGE,
    GOAL,
    OUT,
    PASS,
    Schnapsen,
    SchnapsenView,
)

EASY_SLIP = 0.2  # chance an easy bot plays any card it may
MEDIUM_SAMPLES = 16
MEDIUM_DEPTH = 4
# Hard's and expert's work: ISMCTS iterations while the stock is open, and deals solved once
# it is closed (one is enough once it is used up). Hard's is a fraction of expert's, so that
# each level is a clear step (benchmarks/README.md, "Schnapsen, session 6").
WORK = {
    "hard": TreeWork(iterations=80, solved=3),
    "expert": TreeWork(iterations=700, solved=8, live=True),
}  # (expert: the hard of sessions 3-5)


def points(view: SchnapsenView, seat: int) -> int:
    return sum(CARD_POINTS[c.rank] for c in view.won[seat]) + view.melds[seat]


def easy_action(view: SchnapsenView, seat: int, rng: random.Random) -> Action:
    mine = points(view, seat)
    if view.final:
        return OUT if mine >= GOAL else PASS
    if view.may_declare and mine >= GOAL:
        return OUT
    if view.may_exchange:
        return EXCHANGE
    cards = view.playable
    if rng.random() < EASY_SLIP:
        return play(rng.choice(cards))
    if not view.trick:
        hand = view.hand
        for card in sorted(hand, key=ORDER.value):
            partner = [
                c
                for c in hand
                if c.suit is card.suit and c.rank != card.rank and {c.rank.label, card.rank.label} == {"K", "Q"}
            ]
            if partner:
                return Action("marry", (card, partner[0]))
        plain = [c for c in cards if c.suit is not view.trump] or cards
        return play(min(plain, key=ORDER.value))
    trick = [t.card for t in view.trick]
    top = trick[winning_index(trick, ORDER, view.trump)]
    winners = [c for c in cards if beats(c, top, ORDER, view.trump)]
    if winners and (CARD_POINTS[top.rank] >= 10 or view.strict):
        return play(min(winners, key=lambda c: (c.suit is view.trump, ORDER.value(c))))
    return play(min(cards, key=lambda c: (c.suit is view.trump, ORDER.value(c))))


def obvious(view: SchnapsenView, seat: int) -> bool:
    """Whether the move needs no search: the hand is played out (declare with 66, else let it
    end), or the bot may go out now with 66 or more."""
    return view.final or (view.may_declare and points(view, seat) >= GOAL)


@register("schnapsen")
class SchnapsenBot(TrickBot):
    easy_action = staticmethod(easy_action)
    obvious = staticmethod(obvious)

    @staticmethod
    def situation(view: SchnapsenView) -> Hashable:
        return ("move", view.hand_no, len(view.played), view.final, view.closed_by, view.upcard, len(view.marriages))

    @classmethod
    def search_work(cls, view: SchnapsenView, seat: int, level: str, seed: int, seconds: float | None) -> tuple:
        if level == "medium":
            return decide_pimc, (
                "schnapsen",
                view,
                seat,
                seed,
                MEDIUM_SAMPLES,
                MEDIUM_DEPTH,
                None,
                Schnapsen.baseline_move,
            )
        return WORK[level].search(
            "schnapsen",
            view,
            seat,
            seed,
            seconds,
            drawing=not view.strict,
            known=view.upcard is None and view.closed_by is None,
        )


decide = SchnapsenBot.decide  # what a bot of a level plays from a view (tests and benchmarks)
