"""Machiavelli: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: the hands are dealt one card at a time from seat 0 (the
dealer's left), and the rest is the stock, its top first. Table positions are set up by
playing real turns, so every table here was reached by legal play.
"""

from __future__ import annotations

import json
import random

import pytest

from cardarcade.bots import Moment, make_bot
from cardarcade.cards import Card, cards, double_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules.base import Action, fill
from cardarcade.rules.machiavelli import (
    DRAW,
    END,
    PASS,
    RESET,
    RETURN,
    Machiavelli,
    arrange,
    in_order,
    is_meld,
    meld_kind,
)

SPEC = GAMES["machiavelli"]
C = Card.parse
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)


def deck(*hands: str, stock: str = "") -> list[Card]:
    """Seat i gets ``hands[i]`` (all the same length); ``stock`` lies on top of the stock."""
    dealt = [cards(h) for h in hands]
    size = len(dealt[0])
    order = [dealt[p][i] for i in range(size) for p in range(len(dealt))] + cards(stock)
    assert len(set(order)) == len(order)
    return order + [c for c in double_deck() if c not in set(order)]


def new(*hands: str, stock: str = "", **options) -> Machiavelli:
    size = len(hands[0].split())
    return SPEC.new(len(hands), seed=0, deck=deck(*hands, stock=stock), options={"hand_size": size, **options})


def pick(card: str) -> Action:
    return Action("pick", (C(card),))


def drop(group: int) -> Action:
    return Action("drop", value=group)


def move(game: Machiavelli, card: str, group: int) -> None:
    seat = game.actors()[0]
    game.apply(seat, pick(card))
    game.apply(seat, drop(group))


def texts(events) -> list[str]:
    return [fill(e.text, NAMES, e.seat, e.target) for e in events if e.text]


def table(game: Machiavelli) -> list[list[str]]:
    return [[c.code for c in g] for g in game.view(0).table]


# ---- melds


@pytest.mark.parametrize(
    "hand, kind",
    [
        ("7h 7d 7s", "set"),
        ("7h 7d 7s 7c", "set"),
        ("7h 7h/1 7s", None),
        ("7h 7d 7s 7c 7c/1", None),
        ("4h 5h 6h", "run"),
        ("Ah 2h 3h", "run"),
        ("Qh Kh Ah", "run"),
        ("Kh Ah 2h", None),
        ("10s Js Qs Ks As", "run"),
        ("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks", "run"),
        ("4h 5h 7h", None),
        ("4h 5h 6d", None),
        ("4h 5h", None),
        ("4h 4h/1 5h 6h", None),
    ],
)
def test_what_makes_a_meld(hand: str, kind: str | None) -> None:
    assert meld_kind(cards(hand)) == kind


def test_an_ace_low_run_is_laid_out_ace_first_and_a_high_one_ace_last() -> None:
    assert [c.code for c in in_order(cards("3h Ah 2h"))] == ["Ah", "2h", "3h"]
    assert [c.code for c in in_order(cards("Ah Kh Qh"))] == ["Qh", "Kh", "Ah"]


# ---- the deal and the simple turns


def test_deal_thirteen_each_from_two_packs() -> None:
    game = SPEC.new(3, seed=5)
    assert [len(h) for h in game.s.hands] == [13, 13, 13]
    assert len(game.s.stock) == 104 - 39 and len(game.cards()) == 104
    assert game.actors() == [0] and game.view(1).dealer == 2
    view = game.view(1)
    assert view.hand == game.s.hands[1] and view.hand_counts == [13, 13, 13] and view.table == []
    assert all(c.code not in view.model_dump_json() for c in game.s.hands[0] if c not in game.s.hands[1])


def test_drawing_one_card_ends_the_turn() -> None:
    game = new("2c 5d 9h", "3c 6d 10h", stock="Kd")
    assert set(game.legal_actions(0)) >= {DRAW, pick("2c")} and END not in game.legal_actions(0)
    assert texts(game.apply(0, DRAW)) == ["Ann draws a card"]
    assert C("Kd") in game.s.hands[0] and game.actors() == [1]


def test_a_meld_from_the_hand_goes_down_and_the_turn_passes() -> None:
    game = new("7h 7d 7s 2c", "3c 6d 10h Jc")
    move(game, "7h", 0)
    assert table(game) == [["7h"]] and game.view(0).valid == [False]
    move(game, "7d", 0)
    move(game, "7s", 0)
    assert game.view(0).valid == [True] and [c.code for c in game.view(1).placed] == ["7h", "7d", "7s"]
    events = game.apply(0, END)
    assert texts(events) == ["Ann puts down 3 cards (7♥ 7♦ 7♠): 1 group new or changed"]
    assert game.s.hands[0] == cards("2c") and table(game) == [["7d", "7h", "7s"]] and game.actors() == [1]


def test_playing_every_card_wins_at_once() -> None:
    game = new("7h 7d 7s", "3c 6d 10h")
    game.apply(0, arrange([cards("7h 7d 7s")]))
    events = game.apply(0, END)
    assert game.is_over and game.result.winners == [0] and game.actors() == []
    assert texts(events)[-1] == "Ann has played every card and wins"
    assert game.result.scores == [0.0, 3.0]


# ---- the table belongs to everyone


def down(game: Machiavelli, *groups: str) -> None:
    """The player to move lays these groups down from their hand and ends the turn."""
    seat = game.actors()[0]
    game.apply(seat, arrange([list(g) for g in game.view(seat).table] + [cards(g) for g in groups]))
    game.apply(seat, END)


def test_a_valid_rearrangement_splits_a_run_to_take_a_card_in() -> None:
    # Ann lays 4-8 of hearts; Bob holds the other 6♥ and a 9♥: splitting the run takes both.
    game = new("4h 5h 6h 7h 8h 2c", "6h/1 9h Kd Qc Js 3d")
    down(game, "4h 5h 6h 7h 8h")
    assert game.view(1).stamps == [1]
    move(game, "6h", 1)  # the 6♥ out of the run onto a new group
    move(game, "5h", 1)
    move(game, "4h", 1)
    move(game, "6h/1", 0)
    move(game, "9h", 0)
    view = game.view(1)
    assert view.valid == [True, True] and sorted(c.code for c in view.placed) == ["6h/1", "9h"]
    events = game.apply(1, END)
    assert texts(events) == ["Bob puts down 2 cards (6♥ 9♥): 2 groups new or changed"]
    assert sorted(table(game)) == [["4h", "5h", "6h"], ["6h/1", "7h", "8h", "9h"]]
    assert game.s.hands[1] == cards("Kd Qc Js 3d")
    assert game.view(0).stamps == [2, 2]  # both changed on turn 2: Ann sees them marked


def test_an_invalid_table_goes_back_and_costs_three_cards() -> None:
    game = new("4h 5h 6h 7h 2c 3d", "9h Kd Qc Js 3c 5s", stock="As Ad Ac Ks")
    down(game, "4h 5h 6h 7h")
    before = game.view(0).table
    move(game, "7h", 1)  # 7♥ out of the run, with Bob's 9♥: not a meld
    move(game, "9h", 1)
    assert game.view(0).valid == [True, False]
    events = game.apply(1, END)
    assert events[0].data["penalty"] is True
    assert texts(events) == ["Bob draws 3 penalty cards: a group was not a meld, so the table goes back"]
    assert game.view(0).table == before
    assert game.s.hands[1] == cards("9h Kd Qc Js 3c 5s As Ad Ac")
    assert game.actors() == [0] and game.view(0).stamps == [1]


@pytest.mark.parametrize(
    "hand, laid",
    [
        ("Kh Ah 2h 5c", "Kh Ah 2h"),  # a run round the corner
        ("7h 7h/1 7s 5c", "7h 7h/1 7s"),  # a set with two hearts
    ],
)
def test_a_group_that_is_not_a_meld_is_refused_with_the_penalty(hand: str, laid: str) -> None:
    game = new(hand, "9h Kd Qc Js", stock="3s 4s 5s")
    game.apply(0, arrange([cards(laid)]))
    assert game.view(0).valid == [False]
    game.apply(0, END)
    assert game.view(0).table == [] and sorted(game.s.hands[0], key=str) == sorted(cards(hand + " 3s 4s 5s"), key=str)


@pytest.mark.parametrize("run", ["Ad 2d 3d", "Qd Kd Ad", "Ad 2d 3d 4d 5d", "10d Jd Qd Kd Ad"])
def test_aces_go_low_or_high(run: str) -> None:
    mine = run.split() + ["Js"]
    theirs = ["9h", "Kc", "Qc", "Jc", "10c", "2s", "3s"][: len(mine)]
    game = new(" ".join(mine), " ".join(theirs))
    down(game, run)
    assert game.view(1).valid == [True] and game.actors() == [1] and game.s.hands[0] == cards("Js")


def test_a_card_put_down_may_go_back_to_the_hand_but_a_table_card_may_not() -> None:
    game = new("4h 5h 6h 7h 2c", "9h Kd Qc Js 3c")
    down(game, "4h 5h 6h")
    game.apply(1, pick("9h"))
    assert RETURN in game.legal_actions(1)
    game.apply(1, RETURN)
    assert C("9h") in game.s.hands[1]
    game.apply(1, pick("4h"))
    assert RETURN not in game.legal_actions(1) and game.legal_actions(1) == [drop(0), drop(1), RESET]
    with pytest.raises(IllegalAction):
        game.apply(1, RETURN)
    game.apply(1, drop(1))
    assert END not in game.legal_actions(1)  # nothing of Bob's is down: he must draw or undo
    game.apply(1, RESET)
    assert table(game) == [["4h", "5h", "6h"]] and not game.view(1).changed


def test_undo_puts_the_table_and_hand_back_as_they_were() -> None:
    game = new("4h 5h 6h 7h 2c", "9h Kd Qc Js 3c")
    down(game, "4h 5h 6h")
    move(game, "5h", 1)
    move(game, "9h", 0)
    game.apply(1, RESET)
    assert table(game) == [["4h", "5h", "6h"]] and game.s.hands[1] == cards("9h Kd Qc Js 3c")
    game.apply(1, pick("6h"))  # undo with a card in hand: it goes back too
    game.apply(1, RESET)
    assert table(game) == [["4h", "5h", "6h"]] and game.s.held is None and not game.view(1).changed


def test_drawing_mid_turn_puts_everything_back_first() -> None:
    game = new("4h 5h 6h 7h 2c", "9h Kd Qc Js 3c", stock="8d")
    down(game, "4h 5h 6h")
    move(game, "5h", 1)
    game.apply(1, DRAW)
    assert table(game) == [["4h", "5h", "6h"]] and game.s.hands[1] == cards("9h Kd Qc Js 3c 8d")


def test_an_arrangement_must_keep_every_table_card_and_use_only_the_hand() -> None:
    game = new("4h 5h 6h 7h 2c", "9h Kd Qc Js 3c")
    down(game, "4h 5h 6h")
    for bad in ([cards("4h 5h")], [cards("4h 5h 6h"), cards("7h 8h 9h")], [cards("4h 5h 6h 6h")]):
        with pytest.raises(IllegalAction):
            game.apply(1, arrange(bad))
    with pytest.raises(IllegalAction):
        game.apply(1, Action("arrange", tuple(cards("4h 5h 6h 9h")), value="3,0,1"))
    game.apply(1, arrange([cards("4h 5h 6h"), cards("9h")]))
    assert game.view(0).valid == [True, False]


# ---- the empty stock


def empty_the_stock(game: Machiavelli, seat: int, leave: int = 0) -> None:
    """Give ``seat`` all but ``leave`` cards of the stock (as if they had been drawn)."""
    taken = game.s.stock[leave:]
    del game.s.stock[leave:]
    game.s.hands[seat].extend(taken)
    if seat == game.s.turn:
        game.s.before.extend(taken)


def test_an_empty_stock_means_passing_and_everyone_passing_ends_the_game() -> None:
    game = new("2c 3c 4c", "5c 6c 7c", "8c 9c 10c")
    empty_the_stock(game, 2, leave=0)
    game.s.hands[2][3:] = []  # (as if the last cards had gone down)
    assert game.legal_actions(0)[-1] == PASS and DRAW not in game.legal_actions(0)
    for seat in range(2):
        assert texts(game.apply(seat, PASS)) == [f"{NAMES[seat]} passes: the stock is empty"]
    events = game.apply(2, PASS)
    assert game.is_over and game.result.winners == [0, 1, 2]
    assert texts(events)[-1] == (
        "Game over: the stock is empty and every player has passed in turn; a draw at 3 cards left each"
    )


def test_a_meld_resets_the_count_of_passes() -> None:
    game = new("2c 3c 4c 9d", "5c 6c 7c 9h", "8c 9c 10c 9s")
    empty_the_stock(game, 2)
    game.apply(0, PASS)
    down(game, "5c 6c 7c")
    game.apply(2, PASS)
    game.apply(0, PASS)
    assert not game.is_over  # two passes since Bob's meld
    game.apply(1, PASS)
    assert game.is_over and game.result.winners == [1]  # one card left against four and many


def test_house_rule_the_game_ends_when_the_stock_runs_out() -> None:
    game = new("2c 3c 4c", "5c 6c 7c", empty_stock="end")
    empty_the_stock(game, 1, leave=1)
    game.apply(0, DRAW)
    assert game.is_over and game.result.winners == [0]  # four cards against many
    assert "the stock has run out" in game.result.reason


def test_the_penalty_draws_what_is_left() -> None:
    game = new("Kh Ah 2h 5c", "9h Kd Qc Js", stock="3s")
    empty_the_stock(game, 1, leave=1)
    game.apply(0, arrange([cards("Kh Ah 2h")]))
    assert texts(game.apply(0, END))[0] == "Ann draws 1 penalty card: a group was not a meld, so the table goes back"
    assert len(game.s.hands[0]) == 5 and not game.s.stock
    game.apply(1, arrange([cards("9h Kd Qc")]))
    assert texts(game.apply(1, END))[0] == (
        "Bob draws no penalty card (none left): a group was not a meld, so the table goes back"
    )


def test_house_rule_penalty_size() -> None:
    game = new("Kh Ah 2h 5c", "9h Kd Qc Js", penalty=1)
    game.apply(0, arrange([cards("Kh Ah 2h")]))
    game.apply(0, END)
    assert len(game.s.hands[0]) == 5


# ---- moves, saves, views


def test_illegal_moves_change_nothing() -> None:
    game = new("4h 5h 6h 7h 2c", "9h Kd Qc Js 3c")
    before = game.to_json()
    for seat, action in (
        (1, DRAW),
        (0, drop(0)),
        (0, RETURN),
        (0, pick("9h")),
        (0, END),
        (0, RESET),
        (0, Action("pick", (C("4h"),), value=1)),
        (0, Action("draw", value=1)),
    ):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert game.to_json() == before
    game.apply(0, pick("4h"))
    for action in (pick("5h"), DRAW, drop(2), drop(-1), END):
        with pytest.raises(IllegalAction):
            game.apply(0, action)


def test_save_round_trip_mid_turn_and_corrupt_saves() -> None:
    game = new("4h 5h 6h 7h 2c", "9h Kd Qc Js 3c")
    down(game, "4h 5h 6h")
    move(game, "6h", 1)
    game.apply(1, pick("9h"))
    text = game.to_json()
    copy = SPEC.from_json(text)
    assert copy.to_json() == text and copy.s.held == C("9h")
    data = json.loads(text)
    data["state"]["work"][0].append("9c")  # a card from nowhere
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["table"] = [["4h", "5h"], ["6h"]]  # a table that was never all melds
    data["state"]["stamps"] = [1, 1]
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_you_read_in_the_second_person() -> None:
    game = new("Kh Ah 2h 5c", "9h Kd Qc Js")
    game.apply(0, arrange([cards("Kh Ah 2h")]))
    (event, *_) = game.apply(0, END)
    assert event.describe(["You", "Bob"]) == "You draw 3 penalty cards: a group was not a meld, so the table goes back"


def test_every_turn_ends_with_a_table_of_melds_when_bots_build_it_and_a_player_keeps_breaking_it() -> None:
    # Bots fill the table (random moves almost never make a meld); every third turn of Ann's
    # takes a card off the table and adds one of hers as groups of their own, which the end of
    # the turn must undo with the penalty.
    game = SPEC.new(3, seed=2)
    bots = [make_bot("machiavelli", seat, "medium", random.Random(seat)) for seat in range(3)]
    melds = penalties = 0
    while not game.is_over and game.s.turn_no < 200:
        seat = game.actors()[0]
        view = game.view(seat)
        if seat == 0 and game.s.turn_no % 9 == 1 and view.table and not view.changed:
            before = [list(g) for g in game.s.table]
            broken = [list(g) for g in view.table]
            taken = broken[0].pop()
            game.apply(seat, arrange([g for g in broken if g] + [[taken], [view.hand[0]]]))
            events = game.apply(seat, END)
            assert events[0].kind == "penalty" and game.s.table == before
            penalties += 1
        else:
            (plan,) = bots[seat].plans(view, NOW)
            events = game.apply(seat, plan.action)
            melds += sum(e.kind == "meld" for e in events)
        assert all(is_meld(g) for g in game.s.table)
        assert sorted(c.code for c in game.cards()) == sorted(c.code for c in double_deck())
    assert melds >= 5 and penalties >= 2


def test_fit_prefers_making_a_meld_then_extending_one_then_growing_toward_one():
    from cardarcade.rules.machiavelli import fit

    def how(group: str, card: str) -> int:
        return fit(cards(group), Card.parse(card))

    assert how("4h 5h", "6h") == 3 and how("9c 9d", "9s") == 3  # makes a run, a set
    assert how("4h 5h 6h", "7h") == 2 and how("9c 9d 9s", "9h") == 2  # extends a meld
    assert how("4h", "6h") == 1 and how("9c", "9d") == 1 and how("Kh", "2h") == 1  # short of a meld, still could be one
    assert how("4h", "4h/1") == 0 and how("9c 9d", "9c/1") == 0  # a rank twice in a run, a suit twice in a set
    assert how("4h 5h 6h", "9h") == 0 and how("9c 9d 9s 9h", "9c/1") == 0 and how("4h", "5c") == 0


def test_a_refused_draw_or_undo_says_why() -> None:
    game = new("2c 5d 9h", "3c 6d 10h", stock="Kd")
    assert RESET not in game.legal_actions(0)
    assert game.why_not(0, RESET) == "Nothing to undo: the table is as it was at the start of your turn"
    game.apply(0, pick("9h"))
    assert DRAW not in game.legal_actions(0)
    assert game.why_not(0, DRAW) == "You hold the 9♥: drop it first"
    assert game.why_not(1, DRAW) is None  # not their turn: nothing to explain
