"""Aggravation: one test per rule of the text (and per house clarification), on fixed deals."""

from __future__ import annotations

import json

import pytest

from cardarcade.rules import GAMES, Action, BadSave, IllegalAction
from cardarcade.rules.aggravation import RULES, TURN, Aggravation
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import ARBITRATION_WINDOW, Table
from tests.rules.test_california_speed import packs_deck

SPEC = GAMES["aggravation"]


def new(pack0: str, pack1: str, options=None) -> Aggravation:
    game = SPEC.new(2, seed=0, options=options, deck=packs_deck(pack0, pack1))
    assert isinstance(game, Aggravation)
    return game


def cover(game: Aggravation, seat: int, place: int, seen: int | None = None):
    return game.apply(seat, Action("cover", target=place, value=game.s.stimulus if seen is None else seen))


def call(game: Aggravation, seat: int, seen: int | None = None):
    return game.apply(seat, Action("call", value=game.s.stimulus if seen is None else seen))


def turn(game: Aggravation):
    assert game.counted_move() is not None, "a turn is due"
    return game.apply(game.counted_move()[0], TURN)


def grid(game: Aggravation) -> list[str]:
    """Each row's top cards, left to right: ['2c 5c', '3d 7d']."""
    s = game.s
    return [" ".join(s.stacks[p][-1].code for p in range(len(s.stacks)) if s.row_of[p] == row) for row in (0, 1)]


def hold(game: Aggravation, seat: int, keep: int) -> None:
    """Leave ``seat`` only its top ``keep`` cards: the rest go under the first stack of the grid,
    out of play (every card stays in the game)."""
    s = game.s
    s.stacks[0][:0] = s.packs[seat][keep:]
    del s.packs[seat][keep:]


def test_the_first_cards_are_turned_at_the_deal_each_into_its_own_row():
    game = new("2c 5c", "3d 7d")
    assert grid(game) == ["2c", "3d"] and game.view(None).pack_sizes == [25, 25]
    assert len(game.cards()) == 52


def test_with_no_match_both_turn_another_card_on_the_count_and_the_grid_grows_a_column():
    game = new("2c 5c", "3d 7d")
    assert game.counted_move() == (0, TURN) and game.legal_actions(1) == [TURN]
    events = turn(game)
    assert events[0].kind == "turn" and "3, 2, 1" in events[0].text
    assert grid(game) == ["2c 5c", "3d 7d"] and game.view(None).pack_sizes == [24, 24]


def test_two_cards_turned_together_of_one_rank_are_a_match():
    game = new("2c 5c", "2d 7d")
    assert game.counted_move() is None and {a.target for a in game.legal_actions(0)} == {0, 1}


def test_either_player_covers_a_card_of_a_match_anywhere_in_the_grid():
    game = new("2c 5c 9c Kc", "3d 7d 5d Kd")
    turn(game)  # 5c (place 2) and 7d; nothing yet
    turn(game)  # 9c and 5d: a pair of fives, one in each row
    assert grid(game) == ["2c 5c 9c", "3d 7d 5d"]
    assert {a.target for a in game.legal_actions(1)} == {2, 5}
    events = cover(game, 1, 2)  # seat 1 covers the 5♣ in seat 0's row with its K♦
    assert events[0].kind == "cover" and "covers the 5♣ with the K♦" in events[0].describe([f"P{i}" for i in range(8)])
    assert grid(game) == ["2c Kd 9c", "3d 7d 5d"] and game.view(None).pack_sizes == [23, 22]


def test_a_card_that_matches_nothing_cannot_be_covered_and_nothing_changes():
    game = new("2c 5c", "3d 5d")
    turn(game)  # a pair of fives beside the 2♣ and the 3♦
    before = game.to_json()
    with pytest.raises(IllegalAction):
        cover(game, 0, 0)
    assert game.to_json() == before


def test_a_cover_that_makes_a_new_match_opens_it_a_chain():
    game = new("2c 3c", "2d 3d")  # a pair of twos; the next cards are threes
    cover(game, 0, 0)  # the 2♣ under the 3♣
    cover(game, 1, 1)  # the 2♦ under the 3♦: the two threes now match
    assert grid(game) == ["3c", "3d"] and game.s.open == [True, True] and game.counted_move() is None


def test_a_match_partly_covered_by_each_and_its_last_card_holds_off_the_next_turn():
    game = new("2c Kc Qc", "2d 5d 6d")
    cover(game, 0, 0)  # one two under the K♣: the ranks showing now differ
    assert game.counted_move() is None and game.legal_actions(1) == [Action("cover", target=1, value=game.s.stimulus)]
    cover(game, 1, 1)  # the other two, by the other player
    assert grid(game) == ["Kc", "5d"] and game.counted_move() == (0, TURN)


def test_two_covers_of_one_card_the_earlier_stands_and_the_later_goes_back_onto_its_pack():
    game = new("2c Kc", "2d 5d")
    seen = game.s.stimulus
    cover(game, 0, 1, seen)  # the earlier press, applied first
    events = cover(game, 1, 1, seen)
    assert events[0].kind == "play_late" and events[0].target == 0 and events[0].data["beaten"] == game.s.placed_k[1]
    assert game.view(None).pack_sizes == [24, 25] and game.s.packs[1][0].code == "5d"


def test_at_the_table_the_later_press_processed_first_still_loses():
    game = new("2c Kc", "2d 5d")
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat("Ann"), Seat("Bob")], clock)
    table.start()
    clock.advance(0.5)
    table.submit(1, Action("cover", target=1), t=100.46)  # Bob's press arrives first ...
    table.submit(0, Action("cover", target=1), t=100.42)  # ... but Ann pressed 40 ms before him
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert grid(game) == ["2c", "Kc"] and game.view(None).pack_sizes == [24, 25]
    lost = next(r for r in table.stats.reactions if r.seat == 1)
    assert lost.kind == "play_late" and lost.beaten_by == 0 and lost.margin == pytest.approx(0.04)


def test_down_to_one_card_a_player_stops_turning_and_the_other_turns_alone():
    game = new("2c 5c", "3d 7d 8d")
    hold(game, 0, keep=2)
    turn(game)  # both turn: seat 0 is down to one card
    assert game.view(None).pack_sizes[0] == 1
    events = turn(game)
    assert "turns the 8♦ alone" in events[0].describe([f"P{i}" for i in range(8)])
    assert grid(game) == ["2c 5c", "3d 7d 8d"] and game.view(None).pack_sizes[0] == 1


def test_a_last_card_may_cover_part_of_a_match():
    game = new("2c Kc", "2d 5d 6d")
    hold(game, 0, keep=1)
    cover(game, 0, 1)  # seat 0's last card, the 2♣... covers the 2♦
    assert game.view(None).pack_sizes[0] == 0 and not game.is_over
    assert game.legal_actions(1)[0] == Action("cover", target=0, value=game.s.stimulus), "the rest is the other's"


def test_both_down_to_one_card_each_turns_their_last():
    game = new("2c 5c", "3d 7d")
    hold(game, 0, keep=1)
    hold(game, 1, keep=1)
    events = turn(game)
    assert "3, 2, 1" in events[0].text and grid(game) == ["2c 5c", "3d 7d"]
    assert game.is_over and game.result.is_draw, "both out at once, no match: a draw"


def test_out_of_cards_the_player_calls_aggravation_at_the_next_match_and_wins():
    game = new("2c Kc", "2d 5d 6d 5h")
    hold(game, 0, keep=1)
    cover(game, 0, 1)  # the last card, on one two
    assert [a.kind for a in game.legal_actions(0)] == ["call"]
    cover(game, 1, 0)  # seat 1 covers the other two with its 5♦: no match; seat 1 turns alone
    assert grid(game) == ["5d", "Kc"] and game.counted_move() == (1, TURN)
    turn(game)  # the 6♦; still no match
    turn(game)  # the 5♥: a pair of fives
    events = call(game, 0)
    assert events[0].kind == "call_win" and "Aggravation!" in events[0].text
    assert game.result.winners == [0] and game.actors() == []


def test_a_call_after_the_match_was_broken_is_late_and_told_who_broke_it():
    game = new("2c Kc", "2d 5d 6d 6h 9s")
    hold(game, 0, keep=1)
    cover(game, 0, 1)
    seen = game.s.stimulus
    cover(game, 1, 0, seen)
    turn(game)
    turn(game)  # 6♦ and 6♥ in seat 1's row: a match
    seen = game.s.stimulus
    cover(game, 1, 2)  # broken before the call arrives
    events = call(game, 0, seen)
    assert events[0].kind == "play_late" and events[0].target == 1 and events[0].data["beaten"] == game.s.match_gone
    assert not game.is_over and game.view(None).barred == [False, False], "a late call is no wrong call"


def test_a_wrong_call_sits_out_the_next_match():
    game = new("2c Kc", "2d 5d 6d 6h 9s")
    hold(game, 0, keep=1)
    cover(game, 0, 1)
    cover(game, 1, 0)
    events = call(game, 0)  # no match showing
    assert events[0].kind == "wrong_call" and game.view(None).barred == [True, False]
    turn(game)
    turn(game)  # a pair of sixes: but seat 0 sits this one out
    assert game.legal_actions(0) == [] and not game.is_over
    cover(game, 1, 2)
    cover(game, 1, 3)  # covered: seat 0 may call again
    assert game.view(None).barred == [False, False]


def test_nobody_with_a_card_and_no_match_the_first_out_wins():
    game = new("2c Kc", "2d 5d")
    hold(game, 0, keep=1)
    cover(game, 0, 1)  # seat 0 is out
    hold(game, 1, keep=1)
    cover(game, 1, 0)  # seat 1's last card on the other two: nobody has a card, and no match shows
    assert game.is_over and game.result.winners == [0] and "ran out of cards first" in game.result.reason


def test_house_rule_the_last_card_played_wins_at_once():
    game = new("2c Kc", "2d 5d", options={"finish": "last_card"})
    hold(game, 0, keep=1)
    events = cover(game, 0, 1)
    assert events[-1].kind == "game_over" and game.result.winners == [0]


def test_a_saved_game_loads_and_a_tampered_one_is_refused():
    game = new("2c Kc", "2d 5d")
    cover(game, 0, 0)
    assert SPEC.from_json(game.to_json()).to_json() == game.to_json()
    data = json.loads(game.to_json())
    data["state"]["row_of"] = [0, 2]  # a row of nobody's
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_the_rules_state_the_departures():
    for words in (
        "part by one player",
        "stays open",
        "back onto your pack",
        "sit out the next match",
        "ran out first",
        "Last card wins",
        "each turns their last card",
    ):
        assert words in " ".join(RULES.split())
