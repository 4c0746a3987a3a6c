"""Cuckoo: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: deck[0] goes to seat 0 (the dealer's left), ... the last
player's card to the dealer (seat n-1 in the first hand), and the next card is the top of the
undealt pack, which the dealer draws when swapping. Later hands are shuffled; ``rig`` puts
chosen cards into the current hand by trading them with wherever they lie.
"""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, standard_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules.base import fill
from cardarcade.rules.cuckoo import CHANGE, STAND, SWAP, Cuckoo

SPEC = GAMES["cuckoo"]
C = Card.parse
NAMES = [f"P{i}" for i in range(20)]


def deck(hands: str, top: str = "") -> list[Card]:
    """Seat i gets the i-th card of ``hands``; ``top`` lies on top of the undealt pack."""
    fixed = [C(t) for t in (hands + " " + top).split()]
    assert len(set(fixed)) == len(fixed)
    return fixed + [c for c in standard_deck() if c not in set(fixed)]


def new(hands: str, top: str = "", **options) -> Cuckoo:
    players = len(hands.split())
    return SPEC.new(players, seed=0, deck=deck(hands, top), options=options or None)


def rig(game: Cuckoo, hands: dict[int, str], top: str = "") -> None:
    """Give the current hand's players these cards (and this top card of the pack)."""
    s = game.s
    for seat, code in hands.items():
        card = C(code)
        if card in s.held:
            other = s.held.index(card)
            s.held[seat], s.held[other] = card, s.held[seat]
            s.seen[other] = [s.held[other]]
        else:
            i = s.stock.index(card)
            s.stock[i], s.held[seat] = s.held[seat], card
        s.seen[seat] = [card]
    if top:
        card = C(top)
        i = s.stock.index(card)
        s.stock[0], s.stock[i] = s.stock[i], s.stock[0]


def play(game: Cuckoo, *moves) -> list:
    """Each seat whose turn it is makes the next of ``moves``; returns all events."""
    events = []
    for move in moves:
        events += game.apply(game.actors()[0], move)
    return events


def texts(events) -> list[str]:
    return [e.describe(NAMES) for e in events]


SIX = "Qs 9h 7c Jd 5s 8d"  # seat 5 is the dealer


# ---------------------------------------------------------------- the deal


def test_one_card_each_from_the_dealers_left_and_three_chips() -> None:
    game = new(SIX)
    assert [game.view(p).card for p in range(6)] == [C(c) for c in SIX.split()]
    assert game.s.dealer == 5 and game.actors() == [0]
    assert game.s.chips == [3] * 6
    assert len(game.s.stock) == 46
    view = game.view(0)
    assert view.order == [0, 1, 2, 3, 4, 5] and view.dealer == 5 and view.turn == 0


def test_player_counts_are_six_to_twenty() -> None:
    assert (SPEC.min_players, SPEC.max_players, SPEC.default_players) == (6, 20, 6)
    game = SPEC.new(20, seed=4)
    assert sum(c is not None for c in game.s.held) == 20 and len(game.s.stock) == 32


def test_chips_each_is_a_house_rule() -> None:
    game = new(SIX, chips=5)
    assert game.s.chips == [5] * 6


# ---------------------------------------------------------------- stand and change


def test_stand_keeps_the_card_and_the_turn_passes_left() -> None:
    game = new(SIX)
    events = play(game, STAND)
    assert texts(events) == ["P0 stands"]
    assert game.view(0).card == C("Qs") and game.actors() == [1]


def test_change_trades_with_the_left_neighbour_who_cannot_refuse() -> None:
    game = new(SIX)
    assert game.legal_actions(0) == [STAND, CHANGE] and game.legal_actions(1) == []
    events = play(game, CHANGE)
    assert texts(events) == ["P0 changes cards with P1"]
    assert game.view(0).card == C("9h") and game.view(1).card == C("Qs")
    assert game.actors() == [1]


def test_a_king_blocks_the_change_is_shown_and_the_turn_passes() -> None:
    game = new("5s Kh 7c Jd 9s 8d")
    events = play(game, CHANGE)
    assert texts(events) == ["P0 calls change, but P1 has a king: K♥"]
    assert game.view(0).card == C("5s") and game.view(1).card == C("Kh")
    assert game.actors() == [1]
    # everyone saw the king
    for seat in (None, 0, 3, 5):
        view = game.view(seat)
        assert view.shown == [C("Kh")] and view.known[1] == C("Kh")
        assert view.moves[-1].kind == "blocked" and view.moves[-1].target == 1


def test_a_player_holding_a_king_may_still_give_it_away() -> None:
    game = new("Ks 5h 7c Jd 9s 8d")
    play(game, CHANGE)
    assert game.view(0).card == C("5h") and game.view(1).card == C("Ks")


def test_a_low_card_can_travel_along_the_table() -> None:
    game = new("2s 9h 7c Jd 10s 8d")
    play(game, CHANGE, CHANGE, CHANGE)
    assert [game.view(p).card for p in range(4)] == [C("9h"), C("7c"), C("Jd"), C("2s")]
    # seat 0 followed its 2 all the way; seat 1 knows where its 9 went
    assert game.view(0).known[3] == C("2s")
    assert game.view(1).known[0] == C("9h")


# ---------------------------------------------------------------- the dealer


def test_the_dealer_may_stand_or_swap_with_the_pack() -> None:
    game = new(SIX, top="Ah")
    play(game, STAND, STAND, STAND, STAND, STAND)
    assert game.actors() == [5]
    assert game.legal_actions(5) == [STAND, SWAP]
    with pytest.raises(IllegalAction):
        game.apply(5, CHANGE)
    events = play(game, SWAP)
    assert texts(events)[0] == "P5 swaps with the deck and draws the A♥"  # the card drawn said
    assert game.s.last.cards[5] == C("Ah")  # the dealer drew the top card, an ace: lowest
    assert game.s.chips[5] == 2


def test_the_right_neighbour_of_the_dealer_changes_with_the_dealer() -> None:
    game = new(SIX)
    play(game, STAND, STAND, STAND, STAND, CHANGE)
    assert game.view(4).card == C("8d") and game.view(5).card == C("5s")
    assert game.view(5).known[4] == C("8d")


def test_a_non_dealer_cannot_swap_with_the_pack() -> None:
    game = new(SIX)
    with pytest.raises(IllegalAction):
        game.apply(0, SWAP)
    with pytest.raises(IllegalAction):
        game.apply(1, STAND)


# ---------------------------------------------------------------- the show


def test_the_lowest_card_pays_a_chip_into_the_pot() -> None:
    game = new(SIX)
    events = play(game, STAND, STAND, STAND, STAND, STAND, STAND)
    assert "P4 pays a chip for the lowest card, 5♠" in texts(events)
    assert game.s.chips == [3, 3, 3, 3, 2, 3] and game.s.pot == 1
    assert game.s.last.payers == [4]
    assert [e.kind for e in events][5:] == ["stand", "show", "pay", "deal"]


def test_ties_for_the_lowest_each_pay() -> None:
    game = new("Qs 4h 7c 4d 5s 8d")
    play(game, *[STAND] * 6)
    assert game.s.last.payers == [1, 3]
    assert game.s.chips == [3, 2, 3, 2, 3, 3] and game.s.pot == 2


def test_aces_are_low_by_default_and_high_as_a_house_rule() -> None:
    low = new("Qs Ah 7c 2d 5s 8d")
    play(low, *[STAND] * 6)
    assert low.s.last.payers == [1]
    high = new("Qs Ah 7c 2d 5s 8d", aces="high")
    play(high, *[STAND] * 6)
    assert high.s.last.payers == [3]


def test_a_dealer_who_draws_a_king_from_the_pack_pays_alone() -> None:
    game = new("Qs 2h 7c 2d 5s 8d", top="Kc")
    events = play(game, STAND, STAND, STAND, STAND, STAND, SWAP)
    assert "P5 drew a king from the deck and pays alone" in texts(events)
    assert game.s.last.payers == [5] and game.s.last.dealer_king
    assert game.s.chips == [3, 3, 3, 3, 3, 2]


def test_a_dealer_handed_a_king_by_a_change_pays_only_if_lowest() -> None:
    game = new("Qs 2h 7c Jd Ks 8d")
    play(game, STAND, STAND, STAND, STAND, CHANGE, STAND)
    assert game.s.last.cards[5] == C("Ks")
    assert game.s.last.payers == [1] and not game.s.last.dealer_king


def test_everyone_tied_pays_by_default_or_nobody_as_a_house_rule() -> None:
    hands = {0: "5c", 1: "5d"}
    for rule, payers in (("everyone_pays", [0, 1]), ("nobody_pays", [])):
        game = two_left(all_tie=rule)
        rig(game, hands)
        play(game, STAND, STAND)
        assert sorted(game.s.last.payers) == payers


# ---------------------------------------------------------------- passing the deal, going out, winning


def test_the_deal_passes_to_the_left_and_play_starts_left_of_the_new_dealer() -> None:
    game = new(SIX)
    events = play(game, *[STAND] * 6)
    assert texts(events)[-1] == "P0 deals hand 2"
    assert events[-1].describe(["You", *NAMES[1:]]) == "You deal hand 2"  # not "You deals"
    assert game.s.dealer == 0 and game.actors() == [1] and game.s.hand == 2
    assert game.view(1).order == [1, 2, 3, 4, 5, 0]
    assert game.view(2).moves == []  # a fresh hand
    assert sorted(c.code for c in game.cards()) == sorted(c.code for c in standard_deck())


def test_a_player_who_loses_the_last_chip_is_out_and_skipped() -> None:
    game = new(SIX, chips=1)
    events = play(game, *[STAND] * 6)
    assert "P4 has no chips left and is out" in texts(events)
    assert game.view(0).out[4] and game.s.held[4] is None
    assert game.view(1).order == [1, 2, 3, 5, 0]
    # P3's left neighbour is now P5
    rig(game, {1: "9c", 2: "8c", 3: "3c", 5: "Jc", 0: "10c"})
    play(game, STAND, STAND, CHANGE)
    assert game.view(3).card == C("Jc") and game.view(5).card == C("3c")


def two_left(**options) -> Cuckoo:
    """A 6-player game where seats 0 and 1 are the last two in, with one chip each."""
    game = new(SIX, chips=1, **options)
    s = game.s
    for p in (2, 3, 4, 5):
        s.chips[p] = 0
        s.out_at[p] = 1
    s.pot = 4
    s.dealer = 1
    s.stock += [c for i, c in enumerate(s.held) if i > 1]
    s.held = s.held[:2] + [None] * 4
    s.turn = 0
    game.check_loaded()
    return game


def test_the_last_survivor_wins() -> None:
    game = two_left()
    rig(game, {0: "9c", 1: "3c"})
    events = play(game, STAND, STAND)
    assert game.is_over and game.result.winners == [0]
    assert texts(events)[-1] == "P0 is the last player with chips and wins"
    assert game.result.ranking[:2] == [0, 1] and game.actors() == []


def test_when_the_last_players_all_go_out_together_they_share_the_win() -> None:
    game = two_left()
    rig(game, {0: "9c", 1: "9d"})
    play(game, STAND, STAND)
    assert game.is_over and game.result.winners == [0, 1] and game.result.is_draw


def test_the_hand_limit_ends_the_game_with_the_most_chips_winning() -> None:
    game = new(SIX, max_hands=5)
    for _ in range(4):
        play(game, *[STAND] * 6)
    assert not game.is_over and game.s.hand == 5
    events = play(game, *[STAND] * 6)
    assert game.is_over
    most = max(game.s.chips)
    assert game.result.winners == [p for p in range(6) if game.s.chips[p] == most]
    assert "5-hand limit" in events[-1].describe(NAMES)


# ---------------------------------------------------------------- what each player sees


def test_each_player_sees_only_their_own_card() -> None:
    game = new(SIX)
    for seat in range(6):
        view = game.view(seat)
        assert view.card == C(SIX.split()[seat])
        assert [c for c in view.known if c is not None] == [view.card]
    assert game.view(None).card is None and not any(game.view(None).known)
    assert "9h" not in game.view(0).model_dump_json()


def test_who_changed_with_you_knows_your_old_card_and_others_do_not() -> None:
    game = new(SIX)
    play(game, CHANGE)  # P0's Q♠ goes to P1, P1's 9♥ to P0
    assert game.view(0).known[:2] == [C("9h"), C("Qs")]
    assert game.view(1).known[:2] == [C("9h"), C("Qs")]
    assert game.view(2).known[:2] == [None, None]
    assert game.view(1).seen == [C("9h"), C("Qs")]
    assert [m.kind for m in game.view(4).moves] == ["change"]


def test_the_last_hand_shown_stays_in_view() -> None:
    game = new(SIX)
    play(game, STAND, CHANGE, STAND, STAND, STAND, STAND)
    last = game.view(3).last
    assert last.cards == [C(c) for c in "Qs 7c 9h Jd 5s 8d".split()]
    assert last.payers == [4] and [m.kind for m in last.moves] == [
        "stand",
        "change",
        "stand",
        "stand",
        "stand",
        "stand",
    ]


def test_you_events_read_in_the_second_person() -> None:
    game = new("5s Kh 7c Jd 9s 8d")
    events = play(game, CHANGE)
    assert events[0].describe(["You"] + NAMES[1:]) == "You call change, but P1 has a king: K♥"
    assert events[0].describe(["P0", "You"] + NAMES[2:]) == "P0 calls change, but you have a king: K♥"
    assert (
        fill("{seat} [has|have] no chips left and [is|are] out", ["You"], 0, None)
        == "You have no chips left and are out"
    )


# ---------------------------------------------------------------- saves


def test_a_save_continues_the_same_hand() -> None:
    game = new(SIX)
    play(game, CHANGE, STAND)
    copy = SPEC.from_json(game.to_json())
    assert copy.view(1) == game.view(1)
    assert copy.apply(2, CHANGE) == game.apply(2, CHANGE)


def test_a_save_whose_chips_do_not_add_up_is_refused() -> None:
    game = new(SIX)
    data = json.loads(game.to_json())
    data["state"]["chips"][0] = 2
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["state"]["turn"] = 3
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_the_deal_skips_a_player_who_is_out() -> None:
    game = new("2s 9h 7c Jd 5s 8d", chips=1)
    play(game, *[STAND] * 6)  # seat 0, the next dealer, goes out with the 2
    assert game.view(1).out[0]
    assert game.s.dealer == 1 and game.actors() == [2]
    assert game.view(2).order == [2, 3, 4, 5, 1]


def test_the_ranking_puts_the_survivor_first_and_then_who_lasted_longest() -> None:
    game = new("2s 9h 7c Jd 5s 8d", chips=1)
    play(game, *[STAND] * 6)  # seat 0 out in hand 1
    while not game.is_over:
        play(game, STAND)
    ranking = game.result.ranking
    assert ranking[0] == game.result.winners[0] and ranking[-1] == 0
    out_at = game.s.out_at
    assert [out_at[p] for p in ranking[1:]] == sorted((out_at[p] for p in ranking[1:]), reverse=True)
    assert game.result.scores == [float(c) for c in game.s.chips] and sum(game.result.scores) == 1
    assert game.result.score_name == "chips" and not game.result.low_wins
