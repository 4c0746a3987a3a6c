"""Authors' levels: medium remembers the table talk but asks without thinking more often than a
hard player (with every question naming one exact card, medium as careful as Go Fish's came
too close to hard: 0.479 of games against it, 1.5 times the even share is 0.5)."""

from __future__ import annotations

import random

from cardarcade.bots import Moment, make_bot
from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules.authors import ask_for_card

MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=0.5)


def test_medium_asks_for_a_card_it_saw_change_hands_three_times_in_four():
    # Seat 1 asks seat 2 for the Q♦ and gets it; seat 0, holding a queen, may ask seat 1 for it.
    game = GAMES["authors"].game.arranged([cards(h) for h in ("Qs 3s", "Qh 4c", "Qd 2d")], cards("Ac Ad"), turn=1)
    game.apply(1, ask_for_card(2, Card.parse("Qd")))
    game.apply(1, ask_for_card(2, Card.parse("4d")))  # no: seat 2's turn
    game.apply(2, ask_for_card(0, Card.parse("2s")))  # no: seat 0's turn
    sure = ask_for_card(1, Card.parse("Qd"))
    asks = [
        make_bot("authors", 0, "medium", random.Random(seed)).plans(game.view(0), MOMENT)[0].action
        for seed in range(200)
    ]
    assert 130 <= asks.count(sure) <= 170, asks.count(sure)  # about 3 in 4 (and a lucky random pick)
    hard = make_bot("authors", 0, "hard", random.Random(0)).plans(game.view(0), MOMENT)[0]
    assert hard.work(*hard.args) == sure
