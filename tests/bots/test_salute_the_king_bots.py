"""Salute the King bots: they finish games at every level, answer like people, and faster wins."""

from __future__ import annotations

import random
from statistics import median

import pytest

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.cards import Card, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.simulate import play_headless, simulate
from cardarcade.table.table import Table

SPEC = GAMES["salute-the-king"]


def deck_starting(text: str) -> list[Card]:
    first = [Card.parse(t) for t in text.split()]
    quiet = [c for c in standard_deck() if c not in first and c.rank.label in ("4", "6", "8", "9", "10")]
    return first + quiet + [c for c in standard_deck() if c not in first and c not in quiet]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_makes_the_right_gesture_in_a_whole_game(level: str) -> None:
    for seed in range(3):
        result, table = play_headless(SPEC, [level] * 4, seed=seed)
        assert result is not None and table.game.is_over
        assert any(r.kind == "gesture_ok" for r in table.stats.reactions)


def test_bots_finish_with_every_house_rule_and_the_dealer_choosing() -> None:
    options = {"dealer_chooses": True, "pip_target": 21, "prime_gesture": 3, "gesture1": "wave"}
    for seed in range(3):
        result, table = play_headless(SPEC, ["easy", "adaptive", "expert"], seed=seed, options=options)
        assert result is not None
        assert None not in table.game.s.triggers


def test_a_big_table_with_two_packs_finishes() -> None:
    result, table = play_headless(SPEC, ["medium"] * 10, seed=4)
    assert result is not None and table.game.s.decks == 2


def test_faster_bots_win_more() -> None:
    summary = simulate(SPEC, ["hard", "easy", "hard", "easy"], games=60, seed=11)
    hard, easy = summary.wins[0] + summary.wins[2], summary.wins[1] + summary.wins[3]
    assert hard >= 3 * max(easy, 1), summary.wins


def test_more_gestures_and_arithmetic_make_answers_slower() -> None:
    """Hick's law: with the pip total and primes to watch, the same bots answer later."""
    plain = simulate(SPEC, ["medium"] * 4, games=15, seed=2)
    sums = simulate(SPEC, ["medium"] * 4, games=15, seed=2, options={"pip_target": 21, "prime_gesture": 1})
    assert median(t for r in sums.reactions for t in r) > median(t for r in plain.reactions for t in r) + 0.05


def _table(deck: str, levels: list[str], options: dict | None = None) -> tuple[Table, VirtualClock]:
    game = SPEC.new(len(levels), seed=1, options=options, deck=deck_starting(deck))
    clock = VirtualClock(start=50.0)
    seats = [Seat(f"P{i}") if lvl == "human" else Seat(f"Bot {i}", "bot", lvl) for i, lvl in enumerate(levels)]
    table = Table(game, seats, clock, seed=3)
    table.start()
    return table, clock


def test_bots_answer_a_king_with_a_salute_and_leave_the_person_last() -> None:
    table, clock = _table("Kd 4c 6c", ["human", "expert", "expert", "expert"])
    table.submit(0, Action("flip"))
    clock.advance(1.5)
    last = table.game.view(0).last
    assert last is not None and last.collector == 0 and sorted(last.done) == [1, 2, 3]
    assert all(r.kind == "gesture_ok" and 0.12 <= r.seconds < 1.0 for r in table.stats.reactions)


def test_a_bot_waits_for_slow_answers_before_turning_the_next_card() -> None:
    table, clock = _table("Kd 4c 6c", ["human", "hard", "human", "hard"])
    # two people at the table who never answer: the bot to turn next leaves them time
    table.game.apply(0, Action("flip"))
    table._replan()
    clock.advance(1.2)
    assert table.game.s.open is not None and table.game.stimulus == 1
    clock.advance(2.5)
    assert table.game.stimulus == 2 and table.game.view(0).last.collector in (0, 2)


def test_bot_mistakes_follow_the_level() -> None:
    """Easy bots lapse (answer over a second late) and mix up gestures far more than expert ones."""

    def errors(level: str) -> float:
        bot = make_bot(SPEC.id, 1, level, random.Random(7))
        game = SPEC.new(4, seed=1, deck=deck_starting("Kd"))
        game.apply(0, Action("flip"))
        view = game.view(1)
        bad = 0
        for k in range(400):
            fresh = view.model_copy(update={"open": view.open.model_copy(update={"k": 1000 + k})})
            [plan] = [p for p in bot.plans(fresh, Moment(0.0, 0.0, 0.8)) if p.action.kind.startswith("gesture")]
            bad += plan.action.kind != "gesture2" or plan.at > 1.2
        return bad / 400

    assert errors("easy") > 0.15 > 0.03 > errors("expert")


def test_the_bot_to_turn_answers_before_it_turns() -> None:
    bot = make_bot(SPEC.id, 1, "medium", random.Random(3))
    game = SPEC.new(4, seed=1, deck=deck_starting("Kd"))
    game.apply(0, Action("flip"))
    plans = bot.plans(game.view(1), Moment(0.0, 0.0, 0.8))
    assert [p.action.kind for p in plans] == ["gesture2"]
    game.apply(1, plans[0].action)
    [flip] = bot.plans(game.view(1), Moment(0.5, 0.0, 0.8))
    assert flip.action.kind == "flip" and flip.at >= 1.3 + 0.8  # the others get time to answer


def test_a_bot_dealer_picks_four_different_triggers() -> None:
    table, clock = _table("4c", ["human", "medium", "medium", "medium"], {"dealer_chooses": True})
    clock.advance(10)
    triggers = table.game.s.triggers
    assert None not in triggers and len(set(triggers)) == 4 and not table.game.s.choosing
