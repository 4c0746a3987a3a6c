"""Thirteen: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: cards are dealt one at a time from seat 0 (the dealer's
left), 13 each (fewer with five or more players), and what is left is set aside.
"""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards, double_deck, standard_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules.base import Action, fill
from cardarcade.rules.thirteen import KNOCK, SHOW, Thirteen, beats, classify, combos, key, plays, why_not

SPEC = GAMES["thirteen"]
C = Card.parse
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]

ANN = "3s 4d 5c 6h 7s 8d 9c 9h Jc Qd Kh Ah 2s"
BOB = "3h 4s 5d 6c 7h 8c 10s 10d Js Qh Kd As 2d"


def deck(*hands: str, pack: list[Card] | None = None, size: int = 13) -> list[Card]:
    """Seat i gets ``hands[i]``, topped up to ``size`` with high non-2 cards nobody else holds."""
    pack = pack if pack is not None else standard_deck()
    dealt = [cards(h) for h in hands]
    given = {c for h in dealt for c in h}
    assert len(given) == sum(len(h) for h in dealt)
    filler = sorted((c for c in pack if c not in given and c.rank != 2), key=key, reverse=True)
    for hand in dealt:
        while len(hand) < size:
            hand.append(filler.pop(0))
    order = [dealt[p][i] for i in range(size) for p in range(len(dealt))]
    return order + [c for c in pack if c not in set(order)]


def new(*hands: str, **options) -> Thirteen:
    game = SPEC.new(len(hands), seed=0, deck=deck(*hands), options=options or None)
    assert game.s.redeals == 0
    return game


def play(text: str) -> Action:
    return Action("play", tuple(sorted(cards(text), key=key)))


def texts(events) -> list[str]:
    return [fill(e.text, NAMES, e.seat, e.target) for e in events]


def combo(text: str):
    return classify(cards(text))


# ---------------------------------------------------------------- ranking and combinations


def test_ranks_run_from_3_to_2_and_suits_break_ties_spades_clubs_diamonds_hearts():
    order = sorted(cards("2h 3s Ah 6h 7s 6c 6s 6d 3h"), key=key)
    assert [c.code for c in order] == ["3s", "3h", "6s", "6c", "6d", "6h", "7s", "Ah", "2h"]


@pytest.mark.parametrize(
    "text, kind",
    [
        ("7d", "single"),
        ("7d 7s", "pair"),
        ("Kd Ks Kh", "triple"),
        ("3s 4h 5d", "straight"),
        ("10s Jh Qd Kc Ah", "straight"),
        ("9s 9h 9d 9c", "quad"),
        ("3s 3h 4d 4c 5s 5d", "pairs"),
        ("Js Jd Qh Qc Kh Ks Ac Ad", "pairs"),
    ],
)
def test_every_combination_type(text: str, kind: str):
    found = combo(text)
    assert found is not None and found.kind == kind
    assert found in [c for c in combos(cards(text)) if c.kind == kind and c.size == found.size]


@pytest.mark.parametrize(
    "text",
    ["3s 4h", "Ks Ah 2d", "Ah 2d 3s", "3s 3h 4d", "7s 7h 7d 7c 8s", "3s 3h 4d 4c", "Ks Kh As Ah 2s 2h", "3s 5h 6d"],
)
def test_not_combinations(text: str):
    assert combo(text) is None


def test_a_combination_is_judged_by_its_highest_card():
    # the text's example: 3♠-3♥ is not beaten by 3♣-3♦, but is by 4♠-4♣
    assert not beats(combo("3c 3d"), combo("3s 3h"))
    assert beats(combo("4s 4c"), combo("3s 3h"))
    assert beats(combo("6c"), combo("6s")) and beats(combo("7s"), combo("6h"))
    assert beats(combo("4s 5s 6h"), combo("4h 5h 6d"))
    assert beats(combo("8s 8c 8h"), combo("7s 7d 7h")) and not beats(combo("7s 7c 7d"), combo("8s 8c 8h"))
    assert not beats(combo("8s 8c 8h"), combo("7s 7d")) and not beats(combo("Ks Kh"), combo("7s 7d 7h"))


def test_a_straight_answers_only_a_straight_of_its_length():
    assert not beats(combo("5s 6s 7s 8s"), combo("3s 4h 5d"))
    assert not beats(combo("9s 9h"), combo("3s 4h 5d"))
    assert beats(combo("4s 5s 6s"), combo("3s 4h 5d"))
    message = why_not(cards("5s 6s 7s 8s"), cards("5s 6s 7s 8s"), combo("3s 4h 5d 6c"), None)
    assert message is None
    message = why_not(cards("5s 6s 7s"), cards("5s 6s 7s 8s"), combo("3s 4h 5d 6c"), None)
    assert message == "a 4-card straight must be answered by a 4-card straight"


def test_why_not_explains_each_refusal():
    hand = cards("3s 4h 5d 7c 7d 2h")
    assert why_not(cards("3s 5d"), hand, None, None) == (
        "no combination (single, pair, triple, straight of 3+ without 2s, four of a kind, or 3+ pairs in a row)"
    )
    assert why_not(cards("4h"), hand, None, C("3s")) == "the first play must contain the 3♠"
    assert why_not(cards("7c 7d"), hand, combo("8s 8h"), None) == "a pair topped by the 7♦ is lower than the 8♥"
    assert why_not(cards("Ah"), hand, None, None) == "those cards are not all in your hand"
    assert why_not(cards("4h"), hand, combo("5s"), None) == "lower than the 5♠"  # (said after the 4♥ itself)


def test_a_refusal_between_twin_cards_of_two_packs_names_the_red_back():
    # the two 7♥ differ only by their backs: the message must tell them apart
    blue, red = C("7h"), C("7h/1")
    assert why_not([blue], [blue], classify([red]), None) == "lower than the 7♥(r)"
    assert (
        why_not(cards("7h 7s"), cards("7h 7s"), classify([C("7s/1"), red]), None)
        == "a pair topped by the 7♥ is lower than the 7♥(r)"
    )


# ---------------------------------------------------------------- the deal and the opening


def test_thirteen_each_and_the_rest_set_aside():
    game = new(ANN, BOB)
    assert [len(h) for h in game.s.hands] == [13, 13] and len(game.s.aside) == 26
    five = SPEC.new(5, seed=3)
    assert [len(h) for h in five.s.hands] == [10] * 5 and len(five.s.aside) == 2
    six = SPEC.new(6, seed=3)
    assert [len(h) for h in six.s.hands] == [8] * 6 and len(six.s.aside) == 4
    assert sorted(c.code for c in five.cards()) == sorted(c.code for c in standard_deck())


def test_the_3_of_spades_leads_and_the_first_play_must_contain_it():
    game = new(BOB, ANN)  # Ann, in seat 1, holds the 3♠
    assert game.actors() == [1] and game.s.must == C("3s")
    legal = game.legal_actions(1)
    assert legal and all(C("3s") in a.cards for a in legal)
    assert KNOCK not in legal  # nobody knocks on a lead
    assert play("3s 4d 5c") in legal and play("3s") in legal
    with pytest.raises(IllegalAction):
        game.apply(1, play("4d"))
    game.apply(1, play("3s 4d 5c"))
    assert game.s.must is None and game.actors() == [0]


def test_without_the_3_of_spades_the_lowest_card_dealt_leads():
    game = new("4s 5d 6c 7h 8s 9d 10c Jh Qs Kd Ac 2h 2s", "3h 4h 5h 6h 7d 8d 9h 10h Jd Qh Kh Ah 2d")
    assert C("3s") in game.s.aside and game.s.must == C("3h") and game.actors() == [1]


def test_four_2s_dealt_are_redealt_by_default():
    hands = ("2s 2c 2d 2h 3c 4c 5c 6c 7c 8c 9c 10c Jc", "3h 4s 5d 6d 7h 8d 10s 10d Js Qh Kd As 3d")
    game = SPEC.new(2, seed=0, deck=deck(*hands))
    assert game.s.redeals >= 1
    assert all(sum(c.rank == 2 for c in h) < 4 and sum(c.rank == 3 for c in h) < 4 for h in game.s.hands)
    assert sorted(c.code for c in game.cards()) == sorted(c.code for c in standard_deck())
    kept = SPEC.new(2, seed=0, deck=deck(*hands), options={"four_twos_or_threes": "play"})
    assert kept.s.redeals == 0 and set(cards("2c 2d 2h 2s")) <= set(kept.s.hands[0])


def test_four_3s_dealt_win_at_once_under_the_house_rule():
    hands = ("4c 5d 6c 7h 8c 9d 10c Jh Qc Kd Ac 2h 2c", "3c 3d 3h 3s 5h 6d 7d 8h 10s 10d Js Qh Kh")
    game = SPEC.new(2, seed=0, deck=deck(*hands), options={"four_twos_or_threes": "win"})
    assert game.actors() == [1] and game.legal_actions(1) == [SHOW] and not game.is_legal(1, play("3s"))
    assert SPEC.from_json(game.to_json()).legal_actions(1) == [SHOW]
    events = game.apply(1, SHOW)
    assert texts(events)[0] == "Bob shows four 3s and wins the deal at once"
    assert game.is_over and game.result.winners == [1]
    # Issue 26.5: the reason said "is the first out of cards" of a player holding 13
    assert game.result.describe(["Ann", "Bob"]) == "Bob was dealt four 3s and wins at once by showing them"
    assert game.result.describe(["Ann", "You"]) == "You were dealt four 3s and win at once by showing them"


# ---------------------------------------------------------------- climbing and knocking


def three_players() -> Thirteen:
    return new("3s 5d 9c Jh", "4s 6d 10c Qh", "4h 7d Kc Ah")


def test_play_goes_left_and_must_climb_the_same_kind():
    game = three_players()
    game.apply(0, play("3s"))
    assert game.actors() == [1]
    assert play("4s") in game.legal_actions(1)
    game.apply(1, play("4s"))
    legal = game.legal_actions(2)
    assert play("4h") in legal and KNOCK in legal
    assert all(a == KNOCK or classify(a.cards).kind in ("single", "quad", "pairs") for a in legal)


def test_a_knocked_player_sits_out_until_everyone_else_has_knocked_then_the_last_player_leads_anything():
    game = three_players()
    game.apply(0, play("3s"))
    game.apply(1, KNOCK)
    game.apply(2, play("7d"))
    assert game.actors() == [0]  # Bob knocked: skipped
    game.apply(0, play("9c"))
    assert game.actors() == [2]
    events = game.apply(2, KNOCK)
    # Ann is the last to play and everyone else has knocked: she leads anything, and all rejoin
    assert game.actors() == [0] and game.s.table == [] and not any(game.s.knocked)
    assert texts(events)[-1] == "Everyone else knocked: Ann leads anything"
    assert KNOCK not in game.legal_actions(0)
    assert any(len(a.cards) == 2 for a in game.legal_actions(0))  # a pair may now lead


def test_when_the_last_player_to_play_went_out_the_next_one_left_leads():
    game = new("3s", "4s 5d", "4h 6d", play_on=True, four_twos_or_threes="play")
    game.s.hands = [[C("3s")], [C("4s"), C("5d")], [C("4h"), C("6d")]]  # one card for Ann
    game.s.aside = [c for c in standard_deck() if c.code not in ("3s", "4s", "5d", "4h", "6d")]
    game.apply(0, play("3s"))
    assert game.s.out == [0] and not game.is_over  # play on for places
    game.apply(1, KNOCK)
    game.apply(2, KNOCK)
    assert game.actors() == [1] and game.s.table == []


def test_the_first_out_wins_and_the_rest_rank_by_cards_left():
    game = new("3s", "4s 5d", "4h 6d 8d")
    game.s.hands = [[C("3s"), C("Ah")], [C("4s"), C("5d")], [C("4h"), C("6d"), C("8d")]]
    game.s.aside = [c for c in standard_deck() if c not in {c for h in game.s.hands for c in h}]
    game.apply(0, play("3s"))
    game.apply(1, play("5d"))
    game.apply(2, play("8d"))
    events = game.apply(0, play("Ah"))
    assert game.is_over and game.result.winners == [0] and game.result.ranking == [0, 1, 2]
    assert game.result.scores == [0, 1, 2] and game.result.low_wins
    assert "Ann is out of cards: first place" in texts(events)
    assert game.view(1).shown is not None


def test_play_on_ranks_by_the_order_of_going_out():
    game = new("3s", "4s 5d", "4h 6d", play_on=True)
    game.s.hands = [[C("3s")], [C("4s")], [C("4h"), C("6d")]]
    game.s.aside = [c for c in standard_deck() if c not in {c for h in game.s.hands for c in h}]
    game.apply(0, play("3s"))
    game.apply(1, play("4s"))
    assert game.is_over and game.result.ranking == [0, 1, 2] and game.result.score_name == "place"


# ---------------------------------------------------------------- chops


def chop_game(table: str, chopper: str, **options) -> Thirteen:
    """Ann leads ``table`` (with the 3♠ out of the way), Bob holds ``chopper``."""
    game = new("3s " + table, chopper, "4s", four_twos_or_threes="play", **options)
    game.s.hands = [sorted(cards(table + " Kh"), key=key), sorted(cards(chopper + " Kc"), key=key), [C("4h"), C("5h")]]
    game.s.aside = [c for c in standard_deck() if c not in {c for h in game.s.hands for c in h}]
    game.s.must = None
    game.apply(0, play(table))
    return game


def test_four_of_a_kind_chops_a_2():
    game = chop_game("2h", "9s 9h 9d 9c")
    assert play("9s 9h 9d 9c") in game.legal_actions(1)
    events = game.apply(1, play("9s 9h 9d 9c"))
    assert texts(events)[0] == "Bob chops the 2♥ with four of a kind: 9♠ 9♣ 9♦ 9♥"


def test_three_pairs_in_a_row_chop_a_pair_of_2s():
    game = chop_game("2s 2h", "5s 5h 6d 6c 7s 7h")
    assert play("5s 5h 6d 6c 7s 7h") in game.legal_actions(1)


def test_by_the_text_a_chop_may_be_played_on_anything():
    game = chop_game("Jc Qc Kd", "5s 5h 6d 6c 7s 7h")
    assert play("5s 5h 6d 6c 7s 7h") in game.legal_actions(1)


def test_the_house_rule_lets_chops_beat_only_2s():
    game = chop_game("Jc Qc Kd", "5s 5h 6d 6c 7s 7h", chops_beat="twos")
    assert play("5s 5h 6d 6c 7s 7h") not in game.legal_actions(1)
    assert (
        why_not(cards("5s 5h 6d 6c 7s 7h"), game.s.hands[1], game.table_combo(), None, "twos")
        == "chops beat only 2s at this table (house rule)"
    )
    game = chop_game("2d", "5s 5h 6d 6c 7s 7h", chops_beat="twos")
    assert play("5s 5h 6d 6c 7s 7h") in game.legal_actions(1)


def test_a_chop_is_beaten_only_by_a_higher_chop_of_the_same_type():
    assert beats(combo("9s 9h 9d 9c"), combo("8s 8h 8d 8c"))
    assert not beats(combo("8s 8h 8d 8c"), combo("9s 9h 9d 9c"))
    assert not beats(combo("9s 9h 10d 10c Js Jh"), combo("8s 8h 8d 8c"))  # other type
    assert not beats(combo("9s 9h 10d 10c Js Jh Qs Qh"), combo("3s 3h 4d 4c 5s 5h"))  # other size
    assert beats(combo("9s 9h 10d 10c Js Jh"), combo("3s 3h 4d 4c 5s 5h"))
    assert not beats(combo("2s"), combo("3s 3h 4d 4c 5s 5h"))
    game = chop_game("8s 8h 8d 8c", "2s 2h 2d 2c")
    assert [a for a in game.legal_actions(1)] == [play("2s 2c 2d 2h"), KNOCK]
    assert (
        why_not(cards("Kc"), game.s.hands[1], game.table_combo(), None)
        == "four of a kind is beaten only by a higher four of a kind"
    )


def test_a_knocked_player_may_not_chop():
    game = new("3s 5d", "4s 9s 9h 9d 9c", "4h 7d")
    game.apply(0, play("3s"))
    game.apply(1, KNOCK)
    game.apply(2, play("7d"))
    assert game.actors() == [0]  # the turn goes past Bob's quads
    game.apply(0, KNOCK)
    assert game.actors() == [2] and game.s.table == []


# ---------------------------------------------------------------- two packs


def test_more_than_six_players_shuffle_in_a_second_pack_red_backs_above_blue():
    game = SPEC.new(7, seed=4)
    assert game.s.packs == 2 and len(game.cards()) == 104 and [len(h) for h in game.s.hands] == [13] * 7
    blue, red = C("7h"), C("7h/1")
    assert key(red) > key(blue) and beats(classify([red]), classify([blue]))
    assert classify([blue, red]).kind == "pair"
    view = game.view(3)
    assert view.back_counts is not None
    assert [sum(b) for b in view.back_counts] == view.hand_counts
    assert view.back_counts[0] == [sum(c.back == 0 for c in game.s.hands[0]), sum(c.back == 1 for c in game.s.hands[0])]


def test_two_packs_by_house_rule_and_the_blue_3_of_spades_leads():
    two = SPEC.new(
        4, seed=0, deck=deck("3s 3s/1 4d", "5d", "6d", "7d", pack=double_deck()), options={"two_packs": True}
    )
    assert two.s.packs == 2 and two.s.must == C("3s") and two.actors() == [0]
    assert SPEC.new(4, seed=0).view(0).back_counts is None


# ---------------------------------------------------------------- a match of deals


def test_a_match_deals_again_and_the_winner_may_lead_the_next_deal():
    game = new("3s", "4s 5d", "4h 6d", deals=2, next_lead="winner")
    game.s.hands = [[C("3s")], [C("4s"), C("5d")], [C("4h"), C("6d")]]
    game.s.aside = [c for c in standard_deck() if c not in {c for h in game.s.hands for c in h}]
    events = game.apply(0, play("3s"))
    assert not game.is_over and game.s.deal == 2 and game.s.wins == [1, 0, 0]
    assert "Ann wins deal 1; deal 2 of 2 begins" in texts(events)
    assert game.actors() == [0] and game.s.must is None and len(game.s.hands[0]) == 13
    assert sorted(c.code for c in game.cards()) == sorted(c.code for c in standard_deck())


def test_by_default_the_3_of_spades_leads_the_next_deal_of_a_match():
    game = new("4s 3s", "4h 5d", "3h 6d", deals=2)
    game.s.hands = [[C("3s")], [C("4s"), C("5d")], [C("4h"), C("6d")]]
    game.s.aside = [c for c in standard_deck() if c not in {c for h in game.s.hands for c in h}]
    game.apply(0, play("3s"))
    assert game.s.deal == 2 and game.s.must == C("3s")
    holder = next(p for p, h in enumerate(game.s.hands) if C("3s") in h)
    assert game.actors() == [holder] and all(C("3s") in a.cards for a in game.legal_actions(holder))


# ---------------------------------------------------------------- the contract


def test_the_view_hides_other_hands_and_counts_played_cards():
    game = three_players()
    game.apply(0, play("3s"))
    view = game.view(1)
    assert view.hand == game.s.hands[1] and view.hand_counts == [12, 13, 13]
    assert view.played == [C("3s")] and "hands" not in view.model_dump()
    assert [c.cards for c in view.legal_plays()] == [a.cards for a in game.legal_actions(1) if a.cards]


def test_cards_out_of_order_or_not_held_are_refused_and_change_nothing():
    game = new(ANN, BOB)
    before = game.to_json()
    for action in (Action("play", (C("4d"), C("3s"), C("5c"))), play("3s 4s 5c"), KNOCK, Action("play")):
        with pytest.raises(IllegalAction):
            game.apply(0, action)
    assert game.to_json() == before


def test_save_round_trip_and_a_broken_save_is_refused():
    game = three_players()
    game.apply(0, play("3s"))
    game.apply(1, KNOCK)
    loaded = SPEC.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.actors() == [2]
    data = json.loads(game.to_json())
    data["state"]["knocked"][2] = True  # the player to move has knocked
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_plays_from_a_full_hand():
    hand = cards(ANN)
    found = plays(hand, None, C("3s"))
    assert {classify(c.cards).kind for c in found} == {"single", "straight"}
    assert len(found) == 1 + sum(1 for c in combos(hand) if c.kind == "straight" and C("3s") in c.cards)


def test_a_refused_move_gets_the_rule_that_refuses_it():
    """What the screen says to a knock on a lead or cards that are no play: the engine's reason."""
    game = new(BOB, ANN)
    assert game.why_not(1, KNOCK) == "you lead, so you must play"
    assert game.why_not(1, play("4d")) == "the first play must contain the 3♠"
    assert game.why_not(0, KNOCK) is None  # not their turn: nothing to explain
    game.apply(1, play("3s"))
    assert game.why_not(0, KNOCK) is None  # knocking is open now
