"""California Speed: one test per rule of the text (and per house clarification), on fixed deals."""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES, Action, BadSave, IllegalAction
from cardarcade.rules.california_speed import RULES, CaliforniaSpeed

SPEC = GAMES["california-speed"]
DEAL = Action("deal")


def packs_deck(pack0: str, pack1: str) -> list[Card]:
    """A whole pack dealt round robin (seat 0 first) so each pack starts with the cards named; the
    rest of each pack takes the other cards in pack order."""
    first = [cards(pack0), cards(pack1)]
    used = first[0] + first[1]
    assert len(set(used)) == len(used)
    filler = iter([c for c in standard_deck() if c not in used])
    packs = [first[i] + [next(filler) for _ in range(26 - len(first[i]))] for i in (0, 1)]
    return [packs[i % 2][i // 2] for i in range(52)]


def new(pack0: str, pack1: str, options=None) -> CaliforniaSpeed:
    game = SPEC.new(2, seed=0, options=options, deck=packs_deck(pack0, pack1))
    assert isinstance(game, CaliforniaSpeed)
    return game


def cover(game: CaliforniaSpeed, seat: int, place: int, seen: int | None = None):
    return game.apply(seat, Action("cover", target=place, value=game.s.stimulus if seen is None else seen))


def tops(game: CaliforniaSpeed) -> str:
    return " ".join(c.code for c in game.tops())


# Seat 0 deals 7c 2c 3c 4c to places 0-3, seat 1 deals 7d 5d 6d 8d to places 4-7: one pair of sevens.
PAIR = ("7c 2c 3c 4c Kc Qc", "7d 5d 6d 8d Kd 9c")
# The same with a pair of twos too (places 1 and 5): covering one seven leaves a match showing.
TWO_PAIRS = ("7c 2c 3c 4c Kc Qc", "7d 2d 6d 8d Kd 9c")


def test_the_deal_26_each_four_each_into_a_box_of_eight():
    game = new(*PAIR)
    view = game.view(None)
    assert view.pack_sizes == [22, 22] and view.stack_sizes == [1] * 8
    assert tops(game) == "7c 2c 3c 4c 7d 5d 6d 8d"
    assert len(game.cards()) == 52


def test_either_player_covers_a_card_of_a_match_from_their_own_pack():
    game = new(*PAIR)
    assert {a.target for a in game.legal_actions(0)} == {0, 4} == {a.target for a in game.legal_actions(1)}
    events = cover(game, 1, 0)
    assert events[0].kind == "cover" and "covers the 7♣ with the K♦" in events[0].describe([f"P{i}" for i in range(8)])
    assert game.tops()[0].code == "Kd" and game.view(None).pack_sizes == [22, 21]


def test_a_card_that_matches_nothing_cannot_be_covered():
    game = new(*PAIR)
    before = game.to_json()
    with pytest.raises(IllegalAction):
        cover(game, 0, 1)
    assert game.to_json() == before


def test_a_match_may_be_covered_partly_by_each_player():
    game = new(*TWO_PAIRS)
    cover(game, 0, 0)  # seat 0 covers one seven with its K♣
    assert game.s.open[4], "the other seven is still to be covered"
    cover(game, 1, 4)  # seat 1 covers the other with its K♦: and the two kings now match
    assert tops(game).split()[0] == "Kc" and tops(game).split()[4] == "Kd"
    assert game.s.open[0] and game.s.open[4], "a new match made by the covers"


def test_eight_different_ranks_bring_a_new_box_even_with_a_card_left_over_from_a_match():
    game = new(*PAIR)
    cover(game, 0, 0)  # one seven under the K♣: the ranks showing now all differ, the 7♦ left over
    assert tops(game) == "Kc 2c 3c 4c 7d 5d 6d 8d"
    assert game.s.stuck and game.counted_move() == (0, DEAL), "the text deals anew at once"
    assert game.legal_actions(0) == [DEAL] == game.legal_actions(1) and not any(game.s.open)
    with pytest.raises(IllegalAction):
        cover(game, 1, 4)  # the seven left over is no longer to be covered
    game.apply(0, DEAL)
    assert game.s.deals == 1 and game.view(None).stack_sizes == [1] * 8


def test_a_card_left_over_from_a_match_stays_open_while_another_match_shows():
    game = new(*TWO_PAIRS)
    cover(game, 0, 0)  # one seven under the K♣; the twos still match
    assert tops(game) == "Kc 2c 3c 4c 7d 2d 6d 8d" and not game.s.stuck
    assert {a.target for a in game.legal_actions(1)} == {1, 4, 5}, "the seven left over may still be covered"
    cover(game, 0, 1)  # one two under the Q♣: now every rank differs, and the box is done
    assert tops(game) == "Kc Qc 3c 4c 7d 2d 6d 8d"
    assert game.s.stuck and game.legal_actions(1) == [DEAL]


def test_three_of_a_kind_is_covered_card_by_card_until_the_ranks_differ():
    game = new("7c 7h 3c 4c Kc Qc Jc", "7d 5d 6d 8d 9d 10d 2h")
    assert {a.target for a in game.legal_actions(0)} == {0, 1, 4}
    cover(game, 0, 0)
    assert {a.target for a in game.legal_actions(0)} == {1, 4}, "two sevens still match"
    cover(game, 0, 1)
    assert tops(game) == "Kc Qc 3c 4c 7d 5d 6d 8d" and not any(game.s.open) and game.s.stuck


def test_two_covers_of_one_card_the_earlier_stands_and_the_later_goes_back_onto_its_pack():
    game = new(*PAIR)
    seen = game.s.stimulus
    cover(game, 0, 4, seen)  # the earlier press, applied first
    events = cover(game, 1, 4, seen)
    assert events[0].kind == "play_late" and events[0].target == 0 and events[0].data["beaten"] == game.s.placed_k[4]
    assert "onto the pack" in events[0].text
    assert game.view(None).pack_sizes == [21, 22] and game.s.packs[1][0].code == "Kd"


def test_eight_different_ranks_everyone_picks_up_their_side_and_deals_four_anew():
    game = new("2c 3c 4c 5c 6c 7c 8c 9c", "10d Jd Qd Kd Ad 2d 3d 4d")
    assert game.s.stuck and game.counted_move() == (0, DEAL)
    assert game.legal_actions(0) == [DEAL] == game.legal_actions(1)
    events = game.apply(1, DEAL)
    assert events[0].kind == "deal" and "3, 2, 1" in events[0].text
    assert tops(game) == "6c 7c 8c 9c Ad 2d 3d 4d"
    assert game.view(None).pack_sizes == [22, 22] and game.s.packs[0][-4:] == cards("2c 3c 4c 5c")
    assert game.s.deals == 1


def test_cards_covered_on_the_other_side_go_to_that_player_at_the_new_deal():
    game = new(*TWO_PAIRS)
    cover(game, 0, 4)  # seat 0's K♣ onto seat 1's side
    cover(game, 0, 0)  # and its Q♣ on its own seven
    # each side now holds five cards: seat 0's pack is down two, but one of them comes back to it
    assert game.left(0) == 20 + 5 and game.left(1) == 22 + 5


def test_the_first_to_play_the_last_card_of_their_pack_wins():
    game = new(*PAIR)
    s = game.s
    s.packs[1].extend(s.packs[0][1:])  # seat 0 holds one card (the pack stays whole)
    del s.packs[0][1:]
    events = cover(game, 0, 0)
    assert events[-1].kind == "game_over" and game.result.winners == [0] and game.actors() == []
    assert game.result.scores == [0.0, 43.0]


def test_the_deal_limit_ends_a_game_with_fewer_cards_left_winning():
    game = new("2c 3c 4c 5c 6c 7c 8c 9c", "10d Jd Qd Kd Ad 2d 3d 4d", options={"deal_limit": 5})
    game.s.deals = 5
    game.s.packs[1].append(game.s.packs[0].pop())  # seat 0 has one card fewer to go
    events = game.apply(0, DEAL)
    assert events[-1].kind == "game_over" and game.result.winners == [0] and "5-deal limit" in game.result.reason


def test_a_saved_game_loads_and_a_tampered_one_is_refused():
    game = new(*TWO_PAIRS)
    cover(game, 0, 0)
    assert SPEC.from_json(game.to_json()).to_json() == game.to_json()
    data = json.loads(game.to_json())
    data["state"]["open"] = [False] * 8
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_the_rules_state_the_departures():
    for words in (
        "part by one player",
        "stays open",
        "back onto your pack",
        "Deal limit",
        "bottom card on top",
        "a new box comes as soon as",
    ):
        assert words in RULES
