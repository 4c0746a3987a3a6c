"""Polignac: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: the cards are dealt one at a time from seat 0 (the
dealer's left), so seat i's k-th card is ``deck[k * players + i]``.
"""

from __future__ import annotations

import json
import random

import pytest

from cardarcade.cards import POLIGNAC, SCHNAPSEN, Card, Suit, cards, polignac_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules._tricks import deal_packets, heading, play, winning_index
from cardarcade.rules.polignac import Polignac, deck_for

SPEC = GAMES["polignac"]
C = Card.parse


# Four players, 8 cards each (32 cards).
FOUR = ("Js 7s Ah 10h 9h 8h 7h Kd", "Qs 8s Jh Qh Kh Ad 10d 9d", "Ks 9s 10s As Jd Qd 8d 7d", "Jc Qc Kc Ac 10c 9c 8c 7c")


def new(*hands: str, **options) -> Polignac:
    return SPEC.new(len(hands), seed=0, deck=deck_for(*hands), options=options or None)


def test_the_pack_is_32_cards_for_four_and_30_without_black_sevens_otherwise():
    assert len(SPEC.new(4, seed=1).cards()) == 32
    for n in (3, 5, 6):
        game = SPEC.new(n, seed=1)
        assert len(game.cards()) == 30
        assert C("7s") not in game.cards() and C("7c") not in game.cards() and C("7h") in game.cards()
        assert {len(h) for h in game.s.hands} == {30 // n}  # everyone the same number


def test_deal_one_at_a_time_from_the_dealers_left_who_leads():
    game = new(*FOUR)
    assert game.s.hands[0] == cards(FOUR[0]) and game.s.hands[3] == cards(FOUR[3])
    assert game.actors() == [0] and game.view(0).dealer == 3


def test_must_follow_suit_when_able_else_any_card():
    game = new(*FOUR)
    game.apply(0, play(C("7h")))
    assert {a.cards[0] for a in game.legal_actions(1)} == set(cards("Jh Qh Kh"))
    with pytest.raises(IllegalAction):
        game.apply(1, play(C("Qs")))
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(2, play(C("Ks")))  # not their turn
    assert game.to_json() == before
    game.apply(1, play(C("Jh")))
    assert len(game.legal_actions(2)) == 8  # no hearts: anything


def test_highest_of_the_suit_led_wins_no_trumps_and_ace_below_jack():
    game = new(*FOUR)
    game.apply(0, play(C("Ah")))
    game.apply(1, play(C("Jh")))  # J beats A in Polignac
    game.apply(2, play(C("Ks")))  # off-suit king does nothing
    events = game.apply(3, play(C("Ac")))
    assert game.s.won[1] == cards("Ah Jh Ks Ac") and game.actors() == [1]
    assert any("takes the trick, with the J♥" in e.describe([f"P{i}" for i in range(8)]) for e in events)
    assert game.view(0).voids[2] == [Suit.HEARTS] and game.view(0).voids[3] == [Suit.HEARTS]


def test_order_is_k_q_j_a_10_9_8_7():
    ranks = [POLIGNAC.value(c) for c in cards("7h 8h 9h 10h Ah Jh Qh Kh")]
    assert ranks == sorted(ranks) and len(set(ranks)) == 8
    assert winning_index(cards("10h Ah 9h"), POLIGNAC) == 1


def play_out(game: Polignac, rng: random.Random) -> None:
    hand = game.s.hand_no
    while game.s.hand_no == hand and not game.is_over:
        seat = game.actors()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_each_jack_costs_one_the_polignac_two_and_the_deal_passes_left():
    game = new(*FOUR)
    play_out(game, random.Random(3))
    points = game.s.last_hand
    assert points is not None and sum(points) == 5 and game.s.scores == points
    assert game.s.dealer == 0 and game.actors() == [1] and game.s.hand_no == 2
    assert [len(h) for h in game.s.hands] == [8] * 4 and not any(game.s.won)


def test_house_rule_polignac_costs_more():
    game = new(*FOUR, polignac_points=4)
    play_out(game, random.Random(3))
    assert sum(game.s.last_hand) == 7


def test_game_ends_at_the_target_and_the_lowest_score_wins():
    game = new(*FOUR, target=1)
    # seat 0 leads its hearts; seat 1 must take the J♥ and more
    rng = random.Random(5)
    play_out(game, rng)
    assert game.is_over
    result = game.result
    low = min(game.s.scores)
    assert result.low_wins and result.winners == [p for p in range(4) if game.s.scores[p] == low]
    assert max(game.s.scores) >= 1 and result.scores == [float(x) for x in game.s.scores]
    assert game.actors() == []


def test_view_hides_other_hands():
    game = new(*FOUR)
    dumped = json.loads(game.view(1).model_dump_json())
    assert dumped["hand"] == [c.code for c in cards(FOUR[1])]
    assert "Js" not in json.dumps(dumped["hand"]) and game.view(None).hand == []
    assert "7c" not in game.view(1).model_dump_json()


def test_save_round_trip_mid_trick_and_a_broken_save():
    game = new(*FOUR)
    game.apply(0, play(C("7h")))
    again = SPEC.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.actors() == [1]
    data = json.loads(game.to_json())
    data["state"]["log_seats"] = [2]
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_determinize_keeps_what_the_seat_saw_and_honours_voids():
    game = new(*FOUR)
    for card in ("Ah", "Jh", "Ks", "Ac"):  # seats 2 and 3 show out of hearts
        game.apply(game.actors()[0], play(C(card)))
    view = game.view(1)
    for seed in range(20):
        deal = Polignac.determinize(view, 1, random.Random(seed))
        assert deal.s.hands[1] == game.s.hands[1]
        assert sorted(c.code for c in deal.cards()) == sorted(c.code for c in polignac_deck(4))
        assert not any(c.suit is Suit.HEARTS for p in (2, 3) for c in deal.s.hands[p])
        assert [len(h) for h in deal.s.hands] == [len(h) for h in game.s.hands]


def test_trick_helpers_deal_packets_and_head_the_trick():
    hands, nxt = deal_packets(cards("As Ks Qs Js 10s Ah Kh Qh Jh 10h"), 2, (3, 2))
    assert hands == [cards("As Ks Qs Kh Qh"), cards("Js 10s Ah Jh 10h")] and nxt == 10
    hand = cards("Kh Ah Jh 10c")
    assert heading(hand, cards("10h"), SCHNAPSEN, Suit.CLUBS) == cards("Ah")  # must beat it
    assert heading(hand, cards("As"), SCHNAPSEN, Suit.CLUBS) == cards("10c")  # else trump
    assert heading(cards("Ks Qd"), cards("As"), SCHNAPSEN, Suit.CLUBS) == cards("Ks")  # follow, cannot beat


def test_a_refused_card_gets_the_follow_suit_rule_that_refuses_it():
    """What the screen says to a card of another suit: the engine's own reason."""
    game = new(*FOUR)
    game.apply(0, play(C("7h")))
    assert game.why_not(1, play(C("Qs"))) == "You must follow suit: play a heart"
    assert game.why_not(2, play(C("Ks"))) is None  # not their turn: nothing to explain
