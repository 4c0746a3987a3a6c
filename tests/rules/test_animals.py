"""Animals (Menagerie): one test per rule of the text (and per house clarification), on fixed decks."""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES, Action, BadSave, IllegalAction
from cardarcade.rules.animals import ANIMAL_NAMES, ANIMALS, RULES, Animals, call_action
from test_snap import deck_for, kinds  # the same fixed deals

SPEC = GAMES["animals"]
FLIP = Action("flip")
PICKS = ("dog", "cat", "cow", "lion", "duck", "sheep")


def call(target: int, k: int) -> Action:
    """The call of the animal seat ``target`` picked in ``new``."""
    return call_action(PICKS[target], k)


def new(players: int, tops: dict[int, str] | None = None, pick: bool = True, **options) -> Animals:
    game = SPEC.new(players, seed=0, options=options or None, deck=deck_for(players, tops or {}))
    assert isinstance(game, Animals)
    if pick:
        for seat in range(players):
            game.apply(seat, Action("pick", value=PICKS[seat]))
    return game


def flips(game: Animals, *seats: int) -> None:
    for seat in seats:
        game.apply(seat, FLIP)


def keep_only(game: Animals, seat: int, count: int) -> None:
    """Give all but the first ``count`` cards of ``seat``'s pack to seat 0 (bottom of its pack)."""
    game.s.packs[0] += game.s.packs[seat][count:]
    game.s.packs[seat] = game.s.packs[seat][:count]


def whole(game: Animals) -> None:
    game.check_loaded()
    assert len(game.cards()) == 52


def test_each_player_chooses_an_animal_first():
    game = new(3, pick=False)
    view = game.view(0)
    assert view.choosing and view.animals == [None, None, None]
    assert sorted(game.actors()) == [0, 1, 2]
    assert FLIP not in game.legal_actions(0)
    assert {a.value for a in game.legal_actions(0)} == set(ANIMALS)
    game.apply(1, Action("pick", value="cow"))
    with pytest.raises(IllegalAction):
        game.apply(2, Action("pick", value="cow"))  # taken
    with pytest.raises(IllegalAction):
        game.apply(1, Action("pick", value="dog"))  # one animal each
    assert "cow" not in game.view(0).free_animals
    game.apply(0, Action("pick", value="dog"))
    events = game.apply(2, Action("pick", value="owl"))
    assert kinds(events) == ["pick", "start"]
    view = game.view(0)
    assert not view.choosing and view.calls == ["Woof!", "Moo!", "Hoo-hoo!"]
    assert game.actors() == [0]  # the dealer's left turns first


def test_the_pack_is_dealt_out_one_at_a_time():
    view = new(5).view(None)
    assert view.counts == [11, 11, 10, 10, 10]


def test_cards_are_turned_onto_your_own_up_pile_clockwise():
    game = new(3, {0: "2c", 1: "3c", 2: "4c"})
    flips(game, 0)
    with pytest.raises(IllegalAction):
        game.apply(0, FLIP)
    flips(game, 1, 2)
    view = game.view(None)
    assert view.tops == cards("2c 3c 4c") and view.turn == 0


def test_the_first_to_call_the_other_animal_wins_the_others_up_pile_under_their_own():
    game = new(3, {0: "7c", 1: "7d", 2: "2h"})
    flips(game, 0, 1)
    events = game.apply(0, call(1, game.stimulus))
    assert kinds(events) == ["call_win"]
    assert events[0].describe(["You", "Bot 1", "Bot 2"]) == 'You call "Miaow!" first and win 1 up card from Bot 1'
    view = game.view(None)
    assert view.tops[1] is None and view.pile_sizes[0] == 2
    assert game.s.piles[0] == cards("7d 7c")  # the won card went underneath; the 7c is still up
    assert view.turn == 1  # the loser leads
    whole(game)


def test_the_matched_player_can_win_the_race_too():
    game = new(3, {0: "7c", 1: "7d", 2: "2h"})
    flips(game, 0, 1)
    game.apply(1, call(0, game.stimulus))
    view = game.view(None)
    assert view.pile_sizes == [0, 2, 0] and view.turn == 0


def test_a_call_at_the_wrong_time_pays_the_top_up_card_to_the_player_called():
    game = new(3, {0: "7c", 1: "7d", 2: "2h"})
    flips(game, 0, 1, 2)
    # Seat 2 is not in the match: calling seat 1's animal is a call at the wrong time.
    events = game.apply(2, call(1, game.stimulus))
    assert kinds(events) == ["false_call"] and events[0].cards == (Card.parse("2h"),)
    assert game.s.piles[1] == cards("2h 7d")  # under seat 1's up card
    assert game.view(None).turn == 2  # the loser of the call leads
    whole(game)


def test_the_wrong_animal_is_a_wrong_call():
    game = new(3, {0: "7c", 1: "7d", 2: "2h"})
    flips(game, 0, 1, 2)
    events = game.apply(0, call(2, game.stimulus))  # matched seat 1 but called seat 2's cow
    assert kinds(events) == ["false_call"]
    assert game.s.piles[2] == cards("7c 2h") and game.view(None).tops[0] is None


def test_penalty_comes_from_the_pack_without_an_up_pile():
    game = new(3, {0: "7c", 1: "8d 9d", 2: "2h"})
    game.apply(0, FLIP)
    events = game.apply(1, call(0, game.stimulus))
    assert events[0].cards == (Card.parse("8d"),)
    assert game.view(None).counts[1] == 16 and game.s.piles[0] == cards("8d 7c")


def test_both_call_at_once_the_first_wins_the_second_just_missed():
    game = new(3, {0: "7c", 1: "7d", 2: "2h"})
    flips(game, 0, 1)
    k = game.stimulus
    game.apply(1, call(0, k))
    before = game.view(None)
    assert kinds(game.apply(0, call(1, k))) == ["late_call"]
    assert game.view(None).pile_sizes == before.pile_sizes


def test_a_wrong_call_is_judged_on_what_the_caller_saw():
    game = new(3, {0: "7c 2c", 1: "8d", 2: "7h"})
    flips(game, 0)
    seen = game.stimulus
    flips(game, 1, 2)  # now seat 2's 7h matches seat 0's 7c
    assert kinds(game.apply(2, call(0, seen))) == ["false_call"]


def test_used_up_pack_turns_the_up_pile_over():
    game = new(3, {0: "2c 3c", 1: "4d 5d", 2: "6h 8h"})
    keep_only(game, 1, 2)
    flips(game, 0, 1, 2, 0, 1, 2)
    assert game.view(None).counts[1] == 0 and game.s.piles[1] == cards("4d 5d")
    game.apply(0, FLIP)
    events = game.apply(1, FLIP)
    assert kinds(events) == ["turn_over", "flip"]
    assert game.view(None).tops[1] == Card.parse("4d")  # the first card played is on top again
    assert game.s.packs[1] == cards("5d")


def test_a_player_without_cards_is_out_and_the_last_holder_wins():
    game = new(3, {0: "7c", 1: "7d", 2: "7h"})
    keep_only(game, 1, 1)
    keep_only(game, 2, 1)
    flips(game, 0, 1)
    events = game.apply(0, call(1, game.stimulus))
    assert "out" in kinds(events)
    view = game.view(None)
    assert view.out == [False, True, False] and view.turn == 2  # the loser is out: the next player leads
    flips(game, 2)
    events = game.apply(0, call(2, game.stimulus))
    assert game.is_over and game.result.winners == [0] and "every card" in game.result.reason
    assert game.result.scores == [52.0, 0.0, 0.0] and game.result.score_name == "cards"
    assert game.result.ranking[0] == 0 and sorted(game.result.ranking) == [0, 1, 2]
    assert game.actors() == []


def test_no_calls_before_the_first_card():
    game = new(3, {0: "7c"})
    assert game.actors() == [0] and game.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        game.apply(1, call(0, 0))


def test_a_call_names_an_animal_and_any_animal_may_be_called():
    game = new(3, {0: "7c"})
    game.apply(0, FLIP)
    calls = [a for a in game.legal_actions(1) if a.kind == "call"]
    assert sorted(ANIMAL_NAMES[a.target] for a in calls) == sorted(ANIMALS)


def test_calling_your_own_animal_is_a_wrong_call_paid_to_your_left():
    game = new(3, {0: "7c", 1: "7d", 2: "2h"})
    flips(game, 0, 1)
    events = game.apply(1, call(1, game.stimulus))  # seat 1 makes its own call: "Miaow!"
    assert kinds(events) == ["false_call"] and events[0].target == 2
    assert events[0].describe(["Bot 1", "You", "Bot 2"]) == (
        'You call "Miaow!", but no one else is the cat: a card to Bot 2'
    )
    assert game.s.piles[2] == cards("7d")
    assert game.view(None).turn == 1  # the loser leads
    whole(game)


def test_calling_an_animal_nobody_has_is_a_wrong_call_paid_to_your_left():
    game = new(3, {0: "7c", 1: "7d", 2: "2h"})
    flips(game, 0, 1)
    events = game.apply(2, call_action("frog", game.stimulus))  # a match is showing, but nobody is the frog
    assert kinds(events) == ["false_call"] and events[0].target == 0
    assert "but no one else is the frog" in events[0].text
    assert game.view(None).pile_sizes[0] == 1 + 1 and game.view(None).counts[2] == 16
    whole(game)


def test_calling_an_out_players_animal_is_a_wrong_call():
    game = new(3, {0: "7c", 1: "7d", 2: "7h"})
    keep_only(game, 1, 1)
    flips(game, 0, 1)
    game.apply(0, call(1, game.stimulus))  # seat 1 is out
    flips(game, 2)
    events = game.apply(0, call(1, game.stimulus))
    assert kinds(events) == ["false_call"] and events[0].target == 2  # paid to the left, not to the out player
    assert game.view(None).out[1]


def test_names_variant_calls_the_animals_names():
    game = new(3, {0: "7c", 1: "7d"}, calls="names")
    assert game.view(2).calls == ["Dog!", "Cat!", "Cow!"]
    flips(game, 0, 1)
    events = game.apply(0, call(1, game.stimulus))
    assert '"Cat!"' in events[0].text


def test_card_limit_ends_the_game_with_the_most_cards_winning():
    game = new(3, {0: "7c", 1: "2d", 2: "7h"}, max_flips=60)
    flips(game, 0, 1, 2)
    game.apply(0, call(2, game.stimulus))
    while not game.is_over:
        game.apply(game.view(None).turn, FLIP)
    assert game.s.flips == 60 and "60-card limit" in game.result.reason
    assert game.result.winners == [0]


def test_corrupt_saves_are_bad_saves():
    game = new(3, {0: "7c", 1: "7d"})
    flips(game, 0, 1)
    assert SPEC.from_json(game.to_json()).view(1) == game.view(1)
    envelope = json.loads(game.to_json())
    envelope["state"]["animals"][1] = "dog"
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))
    envelope = json.loads(game.to_json())
    envelope["state"]["recent"][-1] = []
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))
    envelope = json.loads(game.to_json())
    envelope["state"]["players"] = 4  # more seats than the saved zones hold
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))


def test_rules_text_names_the_variant():
    assert "names" in RULES and "Card limit" in RULES
    assert SPEC.claim_kinds == frozenset({"call"}) and SPEC.min_players == 3 and SPEC.max_players == 6


def test_a_call_on_a_match_covered_before_it_was_heard_is_late_and_costs_nothing():
    game = new(3, {0: "7c 2c", 1: "7d 3d", 2: "4h"})
    flips(game, 0, 1)
    seen = game.stimulus
    flips(game, 2, 0)  # seat 0 covers its 7c before seat 1's call is heard
    before = game.view(None)
    assert kinds(game.apply(1, call(0, seen))) == ["late_call"]
    after = game.view(None)
    assert (after.pile_sizes, after.counts, after.turn) == (before.pile_sizes, before.counts, before.turn)
