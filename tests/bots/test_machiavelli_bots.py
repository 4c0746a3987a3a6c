"""Machiavelli bots and the table-rearranging integer program: bots finish games, decide from
their view alone, easy melds its hand, medium also adds to the table's melds, hard rebuilds one
table group at a time (splitting a run when that is what it takes), expert finds the most cards
any rearrangement of the whole table puts down."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import STRATEGY_LEVELS, Moment, Plan, Thinking, levels_for, make_bot
from cardarcade.bots._meld_ilp import lay_out, most_cards_down
from cardarcade.bots.machiavelli import decide_expert, decide_hard, hand_melds
from cardarcade.cards import Card, cards, double_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.rules.machiavelli import DRAW, END, RESET, Machiavelli, is_meld, split_layout
from cardarcade.table.simulate import simulate

SPEC = GAMES["machiavelli"]
LEVELS = STRATEGY_LEVELS + ("expert",)
C = Card.parse
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)


def new(*hands: str, table: list[str] = ()) -> Machiavelli:
    """Seat 1 to move with these hands and this table (laid down on turn 1); every other card is
    in the stock, so the pack stays whole."""
    game = SPEC.new(len(hands), seed=0)
    s = game.s
    s.hands = [cards(h) for h in hands]
    s.table = [cards(g) for g in table]
    s.stamps = [1] * len(table)
    used = {c for h in s.hands for c in h} | {c for g in s.table for c in g}
    s.stock = [c for c in double_deck() if c not in used]
    s.work, s.before = [list(g) for g in s.table], list(s.hands[1])
    s.turn, s.turn_no, s.last_turn = 1, 2, [1] + [0] * (len(hands) - 1)
    assert sorted(c.code for c in game.cards()) == sorted(c.code for c in double_deck())
    assert all(is_meld(g) for g in s.table)
    return game


def decision(game: Machiavelli, level: str) -> Action:
    seat = game.actors()[0]
    (item,) = make_bot("machiavelli", seat, level, random.Random(0)).plans(game.view(seat), NOW)
    action = item.work(*item.args) if isinstance(item, Thinking) else item.action
    assert game.is_legal(seat, action)
    return action


def layout(action: Action, packs: bool = True) -> list[list[str]]:
    """The groups an arrange lays out, as sorted codes (``packs=False``: without the pack mark)."""
    groups = split_layout(action)
    assert groups is not None
    return sorted(sorted(c.code if packs else c.code.removesuffix("/1") for c in g) for g in groups)


# ---- the integer program


def test_the_program_splits_a_run_to_take_a_card_in() -> None:
    table = cards("4h 5h 6h 7h 8h")
    count, melds = most_cards_down(table, cards("6h/1 Kd Qc"))
    assert count == 1
    groups = lay_out(melds, [table], cards("6h/1 Kd Qc"))
    assert all(is_meld(g) for g in groups) and sorted(len(g) for g in groups) == [3, 3]


def test_the_program_finds_a_known_optimum_using_table_cards_in_new_melds() -> None:
    # Table: a set of sevens and the run 8-10 of clubs. Hand: 7♣ J♣ 6♣ and two 2s that fit nothing.
    groups = [cards("7h 7s 7d"), cards("8c 9c 10c")]
    table = [c for g in groups for c in g]
    hand = cards("7c Jc 6c 2d 2s")
    count, melds = most_cards_down(table, hand)
    # The best is 3: the sevens stay, and 6♣ 7♣ J♣ stretch the run to 6♣-J♣.
    assert count == 3
    groups = lay_out(melds, groups, hand)
    assert sorted(c.code for g in groups for c in g) == sorted(c.code for c in table + cards("7c Jc 6c"))
    assert all(is_meld(g) for g in groups)


def test_the_program_takes_nothing_when_nothing_fits() -> None:
    assert most_cards_down(cards("4h 5h 6h"), cards("9c Kd")) == (0, [])
    assert most_cards_down(cards("4h 5h 6h 7h"), cards("9h 9h/1")) == (0, [])  # 9♥ fits no meld the cards make


def test_groups_left_alone_keep_their_very_cards() -> None:
    # Two sets of sevens from the two packs, and a run the 9♥ extends: the sets stay exactly as
    # they were (not swapped copy for copy), and the run keeps its own cards.
    groups = [cards("7h 7s/1 7d"), cards("7c 7s 7d/1"), cards("6h/1 7h/1 8h")]
    table = [c for g in groups for c in g]
    count, melds = most_cards_down(table, cards("9h Kc"))
    laid = lay_out(melds, groups, cards("9h Kc"))
    assert count == 1
    assert sorted(sorted(c.code for c in g) for g in laid) == [
        ["6h/1", "7h/1", "8h", "9h"],
        ["7c", "7d/1", "7s"],
        ["7d", "7h", "7s/1"],
    ]


def test_the_program_uses_both_copies_of_a_card() -> None:
    count, melds = most_cards_down([], cards("5h 6h 7h 5h/1 6h/1 7h/1 9s"))
    assert count == 6 and len(melds) == 2


def test_runs_put_back_end_to_end_are_joined() -> None:
    count, melds = most_cards_down([], cards("2d 3d 4d 5d 6d 7d 8d 9d"))
    groups = lay_out(melds, [], cards("2d 3d 4d 5d 6d 7d 8d 9d"))
    assert count == 8 and len(groups) == 1


def test_the_program_never_goes_round_the_corner() -> None:
    assert most_cards_down([], cards("Kh Ah 2h"))[0] == 0
    assert most_cards_down([], cards("Qh Kh Ah 2h 3h"))[0] == 3


# ---- the bots


def test_hand_melds_finds_runs_then_sets() -> None:
    melds, rest = hand_melds(cards("Ah 2h 3h 9c 9d 9s Kd"))
    assert sorted(sorted(c.code for c in m) for m in melds) == [["2h", "3h", "Ah"], ["9c", "9d", "9s"]]
    assert rest == cards("Kd")


def test_easy_melds_its_hand_and_leaves_the_table_alone() -> None:
    game = new("Kd Qc Js", "9c 9d 9s 5c 2d", table=["4h 5h 6h"])
    assert layout(decision(game, "easy")) == [["4h", "5h", "6h"], ["9c", "9d", "9s"]]


def test_medium_adds_to_the_tables_melds_and_easy_does_not() -> None:
    game = new("Kd Qc Js", "7h 3h Kc 2s", table=["4h 5h 6h", "9c 9d 9s"])
    assert decision(game, "easy") == DRAW
    assert layout(decision(game, "medium")) == [["3h", "4h", "5h", "6h", "7h"], ["9c", "9d", "9s"]]


def test_hard_rearranges_where_medium_cannot() -> None:
    game = new("Kd Qc Js", "6h/1 10d Kc 2s", table=["4h 5h 6h 7h 8h"])
    assert decision(game, "medium") == DRAW
    assert layout(decision(game, "hard"), packs=False) == [["4h", "5h", "6h"], ["6h", "7h", "8h"]]


def test_hard_thinks_off_the_loop_with_a_draw_to_fall_back_on() -> None:
    game = new("Kd Qc Js", "6h/1 9h Kc 2s", table=["4h 5h 6h 7h 8h"])
    bot = make_bot("machiavelli", 1, "hard", random.Random(0))
    (item,) = bot.plans(game.view(1), NOW)
    assert isinstance(item, Thinking) and item.fallback == DRAW and item.work is decide_hard
    bot.conclude(item.key, item.work(*item.args), 12.0)
    (plan,) = bot.plans(game.view(1), NOW)
    assert isinstance(plan, Plan) and plan.at == 12.0
    game.apply(1, plan.action)
    (plan,) = bot.plans(game.view(1), NOW)
    assert plan.action == END  # its layout is down: it ends the turn
    assert make_bot("machiavelli", 0, "hard", random.Random(0)).plans(game.view(0), NOW) == []


def test_expert_takes_two_groups_apart_where_hard_takes_only_one() -> None:
    # The 5♥ makes a set with the 5♠ and the 5♦, the first cards of two runs of four: only a
    # player who breaks into both runs at once puts it down.
    game = new("Kd Qc Js", "5h Kc 2s", table=["5s 6s 7s 8s", "5d 6d 7d 8d"])
    assert decision(game, "hard") == DRAW
    assert layout(decision(game, "expert")) == [["5d", "5h", "5s"], ["6d", "7d", "8d"], ["6s", "7s", "8s"]]


def test_hard_takes_a_card_off_one_group_to_meld_its_hand() -> None:
    # The 9♥ 10♥ in hand need the J♥ from a set of four jacks: one group rebuilt, which medium
    # never does.
    game = new("Kd Qc 2c", "9h 10h 2s", table=["Jh Js Jd Jc"])
    assert decision(game, "medium") == DRAW
    assert layout(decision(game, "hard")) == [["10h", "9h", "Jh"], ["Jc", "Jd", "Js"]]


def test_expert_is_offered_and_thinks_off_the_loop() -> None:
    assert levels_for(SPEC) == ("easy", "medium", "hard", "expert")
    game = new("Kd Qc Js", "6h/1 9h Kc 2s", table=["4h 5h 6h 7h 8h"])
    (item,) = make_bot("machiavelli", 1, "expert", random.Random(0)).plans(game.view(1), NOW)
    assert isinstance(item, Thinking) and item.work is decide_expert and item.fallback == DRAW


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards(level: str) -> None:
    game = new("Kd Qc Js 2c", "6h/1 9h Kc 2s", "8s 8d 3c 4c", table=["4h 5h 6h 7h 8h"])
    other = new("Kd Qc Js 2c", "6h/1 9h Kc 2s", "8c 8d 3s 4c", table=["4h 5h 6h 7h 8h"])  # seat 2 differs
    assert game.view(1) == other.view(1) and game.s.hands != other.s.hands
    assert decision(game, level) == decision(other, level)


def test_hard_beats_easy() -> None:
    summary = simulate(SPEC, ["hard", "easy"], games=2, seed=0)  # (hard's many small programs: 2 games, ~2 s)
    assert summary.wins[0] > summary.wins[1]


def test_runs_are_never_joined_round_the_corner() -> None:
    # A-2-3-4, 5-6-7-8-9 and 10-J-Q-K-A meet end to end, but all three would hold two aces.
    hand = cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac/1")
    groups = lay_out([(12, 0, 1, 2), (3, 4, 5, 6, 7), (8, 9, 10, 11, 12)], [], hand)
    assert all(is_meld(g) for g in groups) and sorted(map(len, groups)) == [5, 9]


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_a_bot_that_finds_a_turn_half_played_undoes_it_and_then_draws(level: str) -> None:
    game = new("Kd Qc Js", "9c 9d 9s 5c 2d", table=["4h 5h 6h"])
    game.apply(1, Action("pick", (C("5h"),)))
    game.apply(1, Action("drop", value=1))  # a group of one: not a meld (as a loaded save might hold)
    bot = make_bot("machiavelli", 1, level, random.Random(0))
    (plan,) = bot.plans(game.view(1), NOW)
    assert plan.action == RESET
    game.apply(1, plan.action)
    (plan,) = bot.plans(game.view(1), NOW)
    assert plan.action == DRAW
