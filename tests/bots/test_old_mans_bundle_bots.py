"""Old Man's Bundle bots: they finish at every level, take what is worth taking, and hard wins."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import Moment, make_bot
from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.table.simulate import play_headless, simulate

SPEC = GAMES["old-mans-bundle"]
MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def deal(hand0: str, hand1: str, table: str) -> list[Card]:
    named = cards(hand0) + cards(hand1) + cards(table)
    rest = [c for c in standard_deck() if c not in set(named)]
    return [c for pair in zip(cards(hand0), cards(hand1)) for c in pair] + cards(table) + rest


def choice(level: str, game, seat: int, seed: int = 0) -> Action:
    bot = make_bot("old-mans-bundle", seat, level, random.Random(seed))
    plans = bot.plans(game.view(seat), MOMENT)
    assert len(plans) == 1 and game.is_legal(seat, plans[0].action)
    return plans[0].action


def test_bots_finish_with_the_house_rules() -> None:
    options = {"take_every_match": True, "leftovers": "last_taker"}
    result, table = play_headless(SPEC, ["medium", "hard"], seed=4, options=options)
    assert result is not None and not table.game.s.table


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_stealing_a_big_bundle_beats_taking_a_table_card(level: str) -> None:
    game = SPEC.new(2, seed=0, deck=deal("9c 2c 3c 4c", "9d 9h 5d 6d", "9s 7h 8h 10h"))
    game.apply(0, Action("take", (Card.parse("9c"), Card.parse("9s"))))
    assert choice(level, game, 1) == Action("steal", (Card.parse("9d"),), target=0) or choice(level, game, 1) == Action(
        "steal", (Card.parse("9h"),), target=0
    )


def test_hard_avoids_a_capture_the_opponent_can_steal_back_when_the_rank_is_live() -> None:
    # Seat 1 can take the 7 with its 7 (its bundle would then show a 7, with two 7s unseen) or
    # the king with a king (one king unseen, the other in its own hand): the king is safer.
    game = SPEC.new(2, seed=0, deck=deal("2c 3c 4c 5c", "7d Kd Ks 6d", "7h Kh 8h 10h"))
    game.apply(0, Action("trail", (Card.parse("2c"),)))
    action = choice("hard", game, 1)
    assert action.kind == "take" and action.cards[0].rank.label == "K"


def test_hard_beats_easy_clearly_in_either_seat() -> None:
    first = simulate(SPEC, ["hard", "easy"], games=60, seed=5)
    second = simulate(SPEC, ["easy", "hard"], games=60, seed=5)
    assert first.wins[0] >= 2 * first.wins[1] + 15, first.wins
    assert second.wins[1] >= 2 * second.wins[0] + 15, second.wins
