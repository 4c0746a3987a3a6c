"""Snap: one test per rule of the text (and per house clarification), on fixed decks."""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES, Action, BadSave, IllegalAction
from cardarcade.rules.snap import RULES, Snap

SPEC = GAMES["snap"]
FLIP = Action("flip")


def snap(k: int) -> Action:
    return Action("snap", value=k)


def pool(k: int) -> Action:
    return Action("pool", value=k)


def deck_for(players: int, tops: dict[int, str]) -> list[Card]:
    """A full pack dealt round robin so each seat in ``tops`` gets those cards first (top of stock first)."""
    wanted = {seat: cards(text) for seat, text in tops.items()}
    used = [c for cs in wanted.values() for c in cs]
    assert len(set(used)) == len(used)
    filler = iter([c for c in standard_deck() if c not in used])
    deck = []
    for j in range(52):
        seat, rnd = j % players, j // players
        mine = wanted.get(seat, [])
        deck.append(mine[rnd] if rnd < len(mine) else next(filler))
    return deck


def new(players: int, tops: dict[int, str] | None = None, **options) -> Snap:
    game = SPEC.new(players, seed=0, options=options or None, deck=deck_for(players, tops or {}))
    assert isinstance(game, Snap)
    return game


def flips(game: Snap, *seats: int) -> None:
    for seat in seats:
        game.apply(seat, FLIP)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def whole(game: Snap) -> None:
    game.check_loaded()
    assert len(game.cards()) == 52


def test_deal_is_even_and_face_down():
    game = new(3)
    view = game.view(1)
    assert view.counts == [18, 17, 17]
    assert view.tops == [None, None, None] and view.pool_top is None
    assert "stocks" not in view.model_dump()  # nobody sees a stock's cards


def test_the_dealers_left_turns_first_and_play_goes_clockwise():
    game = new(3, {0: "2c", 1: "3c", 2: "4c"})
    assert game.actors() == [0]
    with pytest.raises(IllegalAction):
        game.apply(1, FLIP)
    game.apply(0, FLIP)
    assert game.view(None).tops[0] == Card.parse("2c") and game.view(None).turn == 1
    with pytest.raises(IllegalAction):
        game.apply(0, FLIP)  # not your turn any more
    flips(game, 1, 2)
    assert game.view(None).turn == 0
    assert game.view(None).pile_sizes == [1, 1, 1] and game.view(None).counts == [17, 16, 16]


def test_snap_on_two_matching_tops_wins_both_piles_under_the_stock():
    game = new(3, {0: "7c 2c", 1: "7d 3c", 2: "9h"})
    flips(game, 0, 1)
    k = game.stimulus
    # Seat 2 is not in the match but may call: anyone who notices wins.
    events = game.apply(2, snap(k))
    assert kinds(events) == ["snap_win"]
    view = game.view(None)
    assert view.tops[0] is None and view.tops[1] is None
    assert view.counts[2] == 17 + 2
    assert game.s.stocks[2][-2:] == cards("7c 7d")  # face down at the bottom of the stock
    whole(game)


def test_a_snap_takes_every_matching_pile():
    game = new(3, {0: "7c", 1: "7d", 2: "7h"})
    flips(game, 0, 1)
    game.apply(2, FLIP)  # the third seven lands before anyone calls
    game.apply(0, snap(game.stimulus))
    assert game.view(None).counts[0] == 17 + 3


def test_false_snap_moves_the_callers_pile_to_the_centre_as_the_snap_pool():
    game = new(2, {0: "5c 9c", 1: "6d 2s"})
    flips(game, 0, 1, 0)
    events = game.apply(0, snap(game.stimulus))
    assert kinds(events) == ["false_snap"]
    view = game.view(None)
    assert view.tops[0] is None and view.pool_size == 2 and view.pool_top == Card.parse("9c")
    whole(game)


def test_a_second_false_snap_goes_on_top_of_the_pool():
    game = new(2, {0: "5c 9c", 1: "6d 2s"})
    flips(game, 0, 1)
    game.apply(0, snap(game.stimulus))
    game.apply(1, snap(game.stimulus))
    view = game.view(None)
    assert view.pool_size == 2 and view.pool_top == Card.parse("6d")


def test_false_caller_without_a_pile_puts_a_stock_card_on_the_pool():
    game = new(2, {0: "5c", 1: "6d 2s"})
    game.apply(0, FLIP)
    game.apply(1, snap(game.stimulus))
    assert game.view(None).pool_top == Card.parse("6d") and game.view(None).counts[1] == 25
    whole(game)


def test_snap_pool_wins_the_pool_and_the_matching_pile():
    game = new(2, {0: "5c 9c", 1: "6d 5d"})
    flips(game, 0)
    game.apply(0, snap(game.stimulus))  # false: 5c becomes the pool
    flips(game, 1, 0, 1)  # 6d, 9c, 5d: seat 1's 5d matches the pool's 5c
    assert game.view(None).pool_top == Card.parse("5c")
    events = game.apply(0, pool(game.stimulus))
    assert kinds(events) == ["pool_win"]
    # the log says which rank matched, in both persons
    assert events[0].describe(["You", "Bot 1"]) == "You call Snap pool on the 5s with the snap pool and take 3 cards"
    assert events[0].describe(["Ann", "Bob"]) == "Ann calls Snap pool on the 5s with the snap pool and takes 3 cards"
    view = game.view(None)
    assert view.pool_size == 0 and view.tops[1] is None  # seat 1's whole pile (6d 5d) went too
    assert view.counts[0] == 24 + 1 + 2
    assert view.tops[0] == Card.parse("9c")  # the caller's own pile did not match: it stays
    whole(game)


def test_snap_when_only_the_pool_matches_is_a_false_snap():
    game = new(2, {0: "5c 9c", 1: "5d 2s"})
    game.apply(0, FLIP)
    game.apply(0, snap(game.stimulus))  # false: pool is the 5c
    game.apply(1, FLIP)  # 5d matches only the pool
    events = game.apply(1, snap(game.stimulus))
    assert kinds(events) == ["false_snap"]
    assert game.view(None).pool_size == 2


def test_a_wrong_snap_pool_call_costs_like_a_false_snap():
    game = new(2, {0: "5c 9c", 1: "6d 2s"})
    game.apply(0, FLIP)
    game.apply(0, snap(game.stimulus))  # the pool: 5c
    game.apply(1, FLIP)
    events = game.apply(1, pool(game.stimulus))
    assert kinds(events) == ["false_pool"]
    assert game.view(None).pool_top == Card.parse("6d") and game.view(None).pool_size == 2


def test_snap_pool_without_a_pool_is_a_false_call():
    game = new(2, {0: "5c"})
    game.apply(0, FLIP)
    assert Action("pool", value=1) not in game.legal_actions(1)  # nothing to call: not offered
    assert kinds(game.apply(0, pool(1))) == ["false_pool"]
    assert game.view(None).pool_top == Card.parse("5c")  # the caller's pile starts a pool


def test_a_snap_pool_call_just_after_the_pool_was_won_is_late():
    game = new(2, {0: "5c 9c", 1: "6d 5d"})
    game.apply(0, FLIP)
    game.apply(0, snap(game.stimulus))  # the pool: 5c
    flips(game, 1, 0, 1)
    seen = game.stimulus
    game.apply(0, pool(seen))
    assert kinds(game.apply(1, pool(seen))) == ["late_pool"]
    assert game.view(None).pool_size == 0


def test_the_first_of_two_callers_wins_and_the_second_just_missed():
    game = new(3, {0: "7c", 1: "7d", 2: "9h"})
    flips(game, 0, 1)
    k = game.stimulus
    game.apply(1, snap(k))
    before = game.view(None)
    events = game.apply(2, snap(k))  # seen at the same moment, but later
    assert kinds(events) == ["late_snap"]
    after = game.view(None)
    assert after.counts == before.counts and after.pool_size == 0


def test_a_call_on_a_match_covered_a_moment_later_is_late_without_penalty():
    game = new(2, {0: "7c 2c", 1: "7d 3c"})
    flips(game, 0, 1)
    seen = game.stimulus
    game.apply(0, FLIP)  # covers the 7c before the call is processed
    events = game.apply(1, snap(seen))
    # The match is gone from the table: the caller was right but too late, and pays nothing.
    assert kinds(events) == ["late_snap"]
    assert game.view(None).pool_size == 0 and game.view(None).pile_sizes == [2, 1]


def test_a_wrong_call_is_judged_on_what_the_caller_saw():
    game = new(2, {0: "7c 2c", 1: "8d 7d"})
    flips(game, 0, 1)
    seen = game.stimulus  # 7c vs 8d: no match
    flips(game, 0, 1)  # 2c vs 7d: still none
    events = game.apply(1, snap(seen))
    assert kinds(events) == ["false_snap"]


def test_a_call_still_right_after_another_card_wins():
    game = new(3, {0: "7c", 1: "7d", 2: "9h"})
    flips(game, 0, 1)
    seen = game.stimulus
    game.apply(2, FLIP)  # another pile changes; the sevens still match
    assert kinds(game.apply(2, snap(seen))) == ["snap_win"]


def test_empty_stock_at_your_turn_eliminates_and_the_last_player_wins():
    game = new(2, {0: "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad"})
    for _ in range(26):
        flips(game, 0, 1)  # nobody calls
    assert game.is_over
    assert game.result.winners == [1] and game.result.ranking == [1, 0]
    assert "last player" in game.result.reason
    assert game.actors() == []


def test_the_result_counts_every_card_a_player_holds_stock_and_pile():
    game = new(2, {0: "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad"})
    for _ in range(26):
        flips(game, 0, 1)
    held = [len(game.s.stocks[p]) + len(game.s.piles[p]) for p in (0, 1)]
    assert held[1] > len(game.s.stocks[1])  # the winner holds face-up cards too
    assert game.result.scores == [float(h) for h in held] and game.result.score_name == "cards"


def test_a_player_with_an_empty_stock_may_still_call_until_their_turn():
    game = new(3, {0: "7c", 1: "7d", 2: "9h"})
    game.s.stocks[0] += game.s.stocks[2][1:]  # seat 2 keeps only the 9h
    game.s.stocks[2] = game.s.stocks[2][:1]
    flips(game, 0, 1)
    seen = game.stimulus
    game.apply(2, FLIP)
    assert game.view(None).counts[2] == 0 and not game.view(None).out[2]
    assert kinds(game.apply(2, snap(seen))) == ["snap_win"]  # the sevens, seen before its own card
    assert game.view(None).counts[2] == 2
    assert game.view(None).turn == 0 and not game.view(None).out[2]
    whole(game)


def test_elimination_when_the_turn_comes_round():
    game = new(3, {0: "2c 3c 4c", 1: "5d", 2: "6h 8h 9h"})
    game.s.stocks[0] += game.s.stocks[1][1:]  # seat 1 keeps only the 5d
    game.s.stocks[1] = game.s.stocks[1][:1]
    flips(game, 0, 1, 2)
    assert game.view(None).out == [False, False, False]  # the 5d was the last card; no turn yet
    events = game.apply(0, FLIP)
    assert "out" in kinds(events)
    view = game.view(None)
    assert view.out == [False, True, False] and view.turn == 2
    assert view.can_call is False and not game.view(1).can_call
    assert all(a.kind != "snap" for a in game.legal_actions(1))
    whole(game)


def test_card_limit_ends_the_game_with_the_most_cards_winning():
    game = new(2, {0: "5c"}, max_flips=50)
    game.apply(0, FLIP)
    game.apply(1, snap(game.stimulus))  # false: seat 1 gives a card to the pool
    while not game.is_over:
        game.apply(game.view(None).turn, FLIP)
    assert game.s.flips == 50
    assert game.result.winners == [0] and "50-card limit" in game.result.reason
    assert game.result.scores[0] > game.result.scores[1]


def test_events_read_in_the_second_person():
    game = new(2, {0: "5c 9c", 1: "6d 2s"})
    flips(game, 0, 1)
    event = game.apply(0, snap(game.stimulus))[0]
    text = event.describe(["You", "Bot 1"])
    assert text == "You call Snap wrongly: 1 card from the pile to the snap pool"


def test_view_round_trip_and_corrupt_history_is_a_bad_save():
    game = new(3, {0: "7c", 1: "7d"})
    flips(game, 0, 1)
    copy = SPEC.from_json(game.to_json())
    assert copy.view(0) == game.view(0)
    envelope = json.loads(game.to_json())
    envelope["state"]["recent"][-1] = []  # claims the sevens do not match
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))


def test_rules_text_names_the_pool_and_house_rules():
    assert "Snap pool" in RULES and "Card limit" in RULES
    assert SPEC.claim_kinds == frozenset({"snap", "pool"}) and SPEC.realtime
