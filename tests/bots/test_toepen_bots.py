"""Toepen bots: they finish games at every level, decide from their view alone, knock and fold
by their chance of the last trick, and bluff with jacks by level."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import STRATEGY_LEVELS, Moment, Plan, Thinking, levels_for, make_bot, search
from cardarcade.bots.toepen import decide, win_chance
from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.toepen import FOLD, KNOCK, SIGNAL, STAY, Toepen, deck_for
from tests.bots.test_busy_machine import _decision, _EndlessLoad

SPEC = GAMES["toepen"]
C = Card.parse
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)
THREE = ("10s 7s Ah Kd", "9s 8h Qh Jd", "As 9h 10d 7c")


def new(*hands: str, **options) -> Toepen:
    options.setdefault("redraw", False)
    return SPEC.new(len(hands), seed=0, deck=deck_for(*hands), options=options)


def test_searching_bots_think_off_the_loop_and_easy_moves_at_once() -> None:
    game = new(*THREE)
    assert isinstance(make_bot("toepen", 0, "easy", random.Random(0)).plans(game.view(0), NOW)[0], Plan)
    for level in ("medium", "hard"):
        (item,) = make_bot("toepen", 0, level, random.Random(0)).plans(game.view(0), NOW)
        assert isinstance(item, Thinking) and item.fallback in game.legal_actions(0)
        assert item.work(*item.args) in game.legal_actions(0)
    # not its turn, nothing asked: a bot waits (it knocks on its own turn)
    assert make_bot("toepen", 1, "hard", random.Random(0)).plans(game.view(1), NOW) == []


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards(level: str) -> None:
    game = new(*THREE)
    game.apply(0, play(C("Kd")))
    other = new(THREE[0], THREE[1], "As 9h 10d 8c")  # seat 2's seven of clubs is in the stock instead
    other.apply(0, play(C("Kd")))
    assert game.view(1) == other.view(1) and game.s.hands != other.s.hands
    assert decide(game.view(1), 1, level, seed=4) == decide(other.view(1), 1, level, seed=4)
    game.apply(2, KNOCK)
    other.apply(2, KNOCK)
    assert decide(game.view(0), 0, level, seed=4) == decide(other.view(0), 0, level, seed=4)


def test_the_chance_of_the_last_trick_follows_the_cards() -> None:
    # three tens and a nine against weak cards: the last trick is almost sure
    strong = new("10s 10h 10d 9c", "7s 8h Qh Jd", "As Ah Kd 7c")
    weak = new("Js Jh Qd Jc", "10c 9h 9s 8d", "As Ah Kd 7c")
    assert win_chance(strong.view(0), 0, random.Random(1), 40) > 0.6
    assert win_chance(weak.view(0), 0, random.Random(1), 40) < 0.3


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_searching_bots_knock_with_a_strong_hand_and_fold_a_hopeless_one(level: str) -> None:
    strong = new("10s 10h 9d 9c", "7s 8h Qh Jd", "As Ah Kd 7c")
    assert decide(strong.view(0), 0, level, seed=3) == KNOCK
    # seat 0 holds nothing that can win the last trick against the knocker's tens
    game = new("Js Qh Jd Qc", "10s 10h 9d 9c", "As Ah Kd 7c")
    game.apply(1, KNOCK)
    game.apply(2, STAY)
    assert decide(game.view(0), 0, level, seed=3) == FOLD


def test_bluffing_with_jacks_comes_more_often_at_higher_levels() -> None:
    game = new("9s 8h Qh 9c", "Js Jh Jd 7c", "As 9h Ad 8c")
    game.apply(0, play(C("9c")))  # the signal comes on seat 1's first turn
    shares = {}
    for level in STRATEGY_LEVELS:
        shares[level] = sum(decide(game.view(1), 1, level, seed=s) == SIGNAL for s in range(60))
    assert shares["easy"] < shares["medium"] < shares["hard"]


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
@pytest.mark.parametrize("seed", range(6))
def test_a_bluff_is_made_when_and_as_the_real_signal_is(level: str, seed: int) -> None:
    """The same bot (the same random stream) holding three tens or three jacks: when it bluffs,
    its move is the tens' move at the same moment; when it keeps quiet, it moves as it would
    holding nothing to show."""

    def plan(holding: str):
        game = new("9s 8h Qh 9c", holding, "As 9h Ad 8c")
        game.apply(0, play(C("9c")))
        (item,) = make_bot("toepen", 1, level, random.Random(seed)).plans(game.view(1), NOW)
        return item

    tens, jacks, kings = plan("10s 10h 10d 7c"), plan("Js Jh Jd 7c"), plan("Ks Kh Kd 7c")
    assert isinstance(tens, Plan) and tens.action == SIGNAL
    if isinstance(jacks, Plan) and jacks.action == SIGNAL:
        assert jacks == tens
    elif isinstance(kings, Plan):  # easy: a card at the table's pace, after the same draws
        assert jacks.action == kings.action == play(C("7c")) and jacks.at == kings.at
    else:  # medium and hard think about the card, as with nothing to show
        assert type(jacks) is type(kings) and jacks.key == kings.key and jacks.fallback == kings.fallback


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_knocks_out_of_turn_once_its_last_card_cannot_be_beaten(level: str) -> None:
    game = new("7s 7d 7h 10c", "8s 8d 8h 9c", "9s 9d 9h Ac")
    for seat, card in (
        (0, "7s"),
        (1, "8s"),
        (2, "9s"),
        (2, "9d"),
        (0, "7d"),
        (1, "8d"),
        (2, "9h"),
        (0, "7h"),
        (1, "8h"),
    ):
        game.apply(seat, play(C(card)))
    game.apply(2, play(C("Ac")))  # seat 2 leads the last trick with the ace of clubs...
    bot = make_bot("toepen", 0, level, random.Random(0))
    assert bot.plans(game.view(0), NOW) != []  # ...seat 0's ten of clubs is sure: seat 0's turn
    game.apply(0, play(C("10c")))  # played: now seat 1 is to play, and seat 0 knocks out of turn
    (plan,) = bot.plans(game.view(0), NOW)
    assert isinstance(plan, Plan) and plan.action == KNOCK
    assert make_bot("toepen", 2, level, random.Random(0)).plans(game.view(2), NOW) == []


def test_expert_is_not_offered_until_it_is_shown_stronger_than_hard() -> None:
    # Over 150 games it went broke in 32% against each hard's 37%: not told apart.
    assert levels_for(SPEC) == ("easy", "medium", "hard")


def knocked_on_a_hand_that_only_looks_good() -> Toepen:
    # Seat 0 knocks at once. Seat 1's A♠ 10♥ and two eights take the last trick often against a
    # hand dealt at random, seldom against one that knocks: with the real hands it takes the
    # last trick about one time in nine, so folding (1 chip) beats staying (2).
    game = new("Ac 9s 7h 10s", "8h 8s 10h As", "Ah 10d Kd 7d")
    game.apply(0, KNOCK)
    return game


def test_expert_reads_the_knocker_and_folds_a_hand_that_only_looks_good() -> None:
    assert decide(knocked_on_a_hand_that_only_looks_good().view(1), 1, "expert", seed=3) == FOLD


def test_hard_reads_the_knocker_too_where_medium_takes_its_hand_for_any() -> None:
    view = knocked_on_a_hand_that_only_looks_good().view(1)
    answers = {level: {decide(view, 1, level, seed=s) for s in range(1, 4)} for level in ("medium", "hard")}
    assert answers["hard"] == {FOLD} and STAY in answers["medium"], answers


def test_a_busy_machine_gets_the_same_answer_to_a_knock_from_hard_as_a_quiet_one(monkeypatch) -> None:
    # (the shared busy-machine test looks at card plays only: an answer has two moves)
    view = knocked_on_a_hand_that_only_looks_good().view(1)
    quiet = _decision("toepen", view, 1, "hard", None)
    monkeypatch.setattr(search.time, "perf_counter", _EndlessLoad())
    assert _decision("toepen", view, 1, "hard", 1e-6) == quiet == FOLD
