"""Bura: each rule of the text as a test on a fixed deal.

With ``deck=`` there is no shuffle: the non-dealer (seat 0; seat 1 deals the first hand) gets
the first three cards, the dealer the next three, the seventh is the upcard (trumps, the
stock's last card); the rest is the stock, its top first.
"""

from __future__ import annotations

import pytest

from cardarcade.cards import Card, Suit, cards
from cardarcade.rules import GAMES, IllegalAction
from cardarcade.rules.base import Action
from cardarcade.rules.base import fill
from cardarcade.rules.bura import CLAIM, DECLARE, DECLINE, PASS, Bura, deck_for, plays

SPEC = GAMES["bura"]


def new(h0: str = "6h 7h Qd", h1: str = "9s 8c Jd", up: str = "6c", stock: str = "", **options) -> Bura:
    return SPEC.new(2, seed=0, deck=deck_for(h0, h1, up, stock), options=options or None)


def p(text: str) -> Action:
    return plays(tuple(cards(text)))


def test_deal_three_each_upcard_trumps_stock_antes_and_the_non_dealer_leads():
    game = new()
    s = game.s
    assert s.hands == [cards("6h 7h Qd"), cards("9s 8c Jd")]
    assert s.trump is Suit.CLUBS and s.upcard == Card.parse("6c")
    assert len(s.stock) == 29 and len(game.cards()) == 36
    assert s.bank == [9, 9] and s.pot == 2
    assert game.actors() == [0]


def test_leads_are_one_to_three_cards_of_one_suit():
    game = new()
    legal = game.legal_actions(0)
    assert p("6h 7h") in legal and p("Qd") in legal
    assert p("7h Qd") not in legal
    with pytest.raises(IllegalAction):
        game.apply(0, p("7h Qd"))
    assert game.s.hands[0] == cards("6h 7h Qd")  # nothing changed


def test_the_answer_has_as_many_cards_any_suit():
    game = new()
    game.apply(0, p("6h 7h"))
    legal = game.legal_actions(1)
    assert len(legal) == 3 and all(len(a.cards) == 2 for a in legal)
    with pytest.raises(IllegalAction):
        game.apply(1, p("9s"))


def test_ten_ranks_under_the_ace_and_above_the_king():
    game = new(h0="Kh 7h Qd", h1="10h 8c Jd")
    game.apply(0, p("Kh"))
    game.apply(1, p("10h"))
    assert game.s.won[1] == cards("Kh 10h")
    game = new(h0="Ah 7h Qd", h1="10h 8c Jd")
    game.apply(0, p("Ah"))
    game.apply(1, p("10h"))
    assert game.s.won[0] == cards("Ah 10h")


def test_a_plain_card_of_another_suit_loses_and_a_trump_wins():
    game = new(h0="Ah 7h Qd", h1="9s 6c Jd", up="6d")
    game.apply(0, p("Ah"))
    game.apply(1, p("9s"))
    assert game.s.last_winner == 0
    game = new(h0="Ah 7h Qd", h1="9s 6c Jd", up="7c")
    game.apply(0, p("Ah"))
    game.apply(1, p("6c"))
    assert game.s.last_winner == 1 and game.actors() == [1]


def test_each_card_led_must_be_beaten_the_texts_seven_and_nine():
    # 7 and 9 led: an 8 and a jack of the suit beat them, card for card
    game = new(h0="7h 9h Qd", h1="8h Jh 6s")
    game.apply(0, p("7h 9h"))
    game.apply(1, p("8h Jh"))
    assert game.s.last_winner == 1
    # an 8 and a 6: the 9 is not beaten, so the leader takes the trick
    game = new(h0="7h 9h Qd", h1="8h 6h 6s")
    game.apply(0, p("7h 9h"))
    game.apply(1, p("8h 6h"))
    assert game.s.last_winner == 0
    # a trump beats a plain card whichever card it is matched with
    game = new(h0="7h 9h Qd", h1="8h 6c 6s", up="7c")
    game.apply(0, p("7h 9h"))
    game.apply(1, p("8h 6c"))
    assert game.s.last_winner == 1


def test_draw_back_to_three_winner_first_and_the_upcard_last():
    game = new(h0="7h 9h Qd", h1="8h Jh 6s", stock="As Ad Ac Ah")
    game.apply(0, p("7h 9h"))
    game.apply(1, p("8h Jh"))
    # the winner (seat 1) draws first, one card at a time
    assert game.s.hands[1] == cards("6s As Ac")
    assert game.s.hands[0] == cards("Qd Ad Ah")
    assert game.actors() == [1]


def test_no_drawing_when_the_stock_cannot_fill_both_hands():
    game = new(h0="7h 9h Qd", h1="8h Jh 6s")
    # as if earlier tricks had used the stock up to one card and the upcard: two, and four are needed
    game.s.won[0], game.s.stock = game.s.stock[:-1], game.s.stock[-1:]
    game.s.log, game.s.log_seats = list(game.s.won[0]), [0] * len(game.s.won[0])
    game.apply(0, p("7h 9h"))
    game.apply(1, p("8h Jh"))
    assert [len(h) for h in game.s.hands] == [1, 1]
    assert not game.s.drawing and game.stock_size() == 2
    # nor later, when a single card each would fit
    game.apply(1, game.legal_actions(1)[0])
    game.apply(0, game.legal_actions(0)[0])
    assert game.s.final and game.stock_size() == 2


def test_a_molodka_may_take_the_lead_out_of_turn_if_its_holder_announces_it():
    # Issue 26.2: the text says "may lead them": the holder is asked, and the leader is not
    game = new(h0="6h 7h Qd", h1="9s 7s Js")
    assert game.actors() == [1] and game.legal_actions(1) == [CLAIM, DECLINE] and game.legal_actions(0) == []
    assert game.view(1).offer and not game.view(0).offer  # the other player's view does not say why
    events = game.apply(1, CLAIM)
    assert [fill(e.text, ["Ann", "Bob"], e.seat, e.target) for e in events] == [
        "Bob announces a molodka and takes the lead out of turn"
    ]
    assert [fill(e.text, ["Ann", "You"], e.seat, e.target) for e in events] == [
        "You announce a molodka and take the lead out of turn"
    ]
    assert game.actors() == [1] and game.s.special and game.legal_actions(1) == [p("9s 7s Js")]


def test_a_special_lead_declined_leaves_the_lead_and_is_asked_again_after_the_next_trick():
    game = new(h0="6h 7h Qd", h1="6s 7s 8s", stock="9d 9s Kd Jd")
    events = game.apply(1, DECLINE)
    assert [e.text for e in events] == [""]  # nothing is said at the table
    assert game.actors() == [0] and p("6h") in game.legal_actions(0) and not game.s.special
    game.apply(0, p("Qd"))
    game.apply(1, p("6s"))  # the queen takes it; the winner draws the 9♦ first, then Bob the 9♠
    assert game.s.leader == 0 and set(game.s.hands[1]) == set(cards("7s 8s 9s"))
    assert game.actors() == [1] and game.legal_actions(1) == [CLAIM, DECLINE]  # a molodka again


def test_31_may_be_declared_when_answering_and_the_lead_goes_back():
    # Issue 26.2: declaring was open only on one's own lead right after a trick; the text sets no moment
    game = new(h0="6h 7h 9s", h1="Ah 10h Ad", stock="Ks 8c 10s 7d")
    game.apply(0, p("6h 7h"))
    assert DECLARE not in game.legal_actions(1)  # no trick taken yet: nothing to count
    game.apply(1, p("Ah 10h"))  # 21 points
    game.apply(1, p("Ks"))
    game.apply(0, p("8c"))  # a trump takes the king: seat 0 leads
    game.apply(0, p("9s"))
    assert DECLARE in game.legal_actions(1) and DECLARE not in game.legal_actions(0)
    pot = game.s.pot
    game.apply(1, DECLARE)  # 21 is short: the pot's size is paid and the hand ends
    assert game.s.hand_no == 2 and game.s.bank[1] == 9 - pot - 1 and len(game.cards()) == 36


def test_the_first_hands_special_lead_is_said_in_the_log():
    # Issue 26.2: Bura.setup dropped the deal's "has a bura and takes the lead": now it is the
    # holder's announcement, a move with its event
    game = new(h0="6h 7h Qd", h1="7c 8c 9c", up="6c")
    assert game.actors() == [1] and game.view(1).offer == 3
    [event] = game.apply(1, CLAIM)
    assert event.kind == "special" and "a bura" in event.text


def test_bura_outranks_three_aces_and_alike_combinations_leave_the_lead():
    game = new(h0="Ah As Ad", h1="7c 8c 9c", up="6c")
    assert game.actors() == [1]  # bura over three aces
    game = new(h0="6h 7h 8h", h1="7s 8s 9s")
    assert game.actors() == [0] and not game.s.special  # molodka each: the leader keeps it
    game = new(h0="7c 8c 9c", h1="Ah As Ad")
    assert game.actors() == [0]  # the leader's bura outranks three aces


def test_three_aces_outrank_a_molodka():
    game = new(h0="6h 7h 8h", h1="Ah As Ad")
    assert game.actors() == [1] and game.legal_actions(1) == [CLAIM, DECLINE]
    game.apply(1, CLAIM)
    assert game.actors() == [1] and game.legal_actions(1) == [p("Ah As Ad")]  # taken out of turn
    game = new(h0="Ah As Ad", h1="6h 7h 8h")
    assert game.actors() == [0] and not game.s.special  # the leader's aces keep the lead
    assert p("Ah As Ad") in game.legal_actions(0)


def test_the_player_who_would_lead_anyway_may_lead_three_aces_or_not():
    game = new(h0="Ah As Ad", h1="6h 7h 8s")
    legal = game.legal_actions(0)
    assert p("Ah As Ad") in legal and p("Ah") in legal
    assert p("Ah As") not in legal  # two aces are two suits: no lead
    with pytest.raises(IllegalAction):
        game.apply(0, p("Ah As"))
    game.apply(0, p("Ah As Ad"))
    # played out as usual: unbeaten, the aces take the trick and the hand goes on
    game.apply(1, p("6h 7h 8s"))
    assert game.s.last_winner == 0 and game.points(0) == 33 and game.s.hand_no == 1
    assert game.actors() == [0] and DECLARE in game.legal_actions(0)


def test_the_player_who_would_lead_anyway_may_lead_a_bura_or_a_molodka():
    game = new(h0="6h 7h 8h", h1="9s 8c Jd")
    assert p("6h 7h 8h") in game.legal_actions(0) and not game.s.special
    game = new(h0="7c 8c 9c", h1="6h 7h 8s", up="6c")
    assert p("7c 8c 9c") in game.legal_actions(0) and p("7c") in game.legal_actions(0)
    game.apply(0, p("7c 8c 9c"))
    game.apply(1, p("6h 7h 8s"))
    assert game.s.hand_no == 2 and game.s.outcome == [1.0, -1.0]  # a bura led in turn decides the hand too


def test_both_holding_a_bura_the_answer_must_beat_all_three_cards():
    # the leader keeps the lead (alike combinations); 9 and 10 and K beat the 7 and 8, not the ace
    game = new(h0="7c 8c Ac", h1="9c 10c Kc", up="6c")
    assert game.actors() == [0]
    game.apply(0, p("7c 8c Ac"))
    game.apply(1, p("9c 10c Kc"))
    assert game.s.hand_no == 2 and game.s.outcome == [1.0, -1.0]
    game = new(h0="7c 8c 9c", h1="10c Kc Ac", up="6c")
    game.apply(0, p("7c 8c 9c"))
    game.apply(1, p("10c Kc Ac"))
    assert game.s.hand_no == 2 and game.s.outcome == [-1.0, 1.0]


def test_a_bura_led_wins_the_hand_for_whoever_takes_the_trick():
    game = new(h0="6h 7h Qd", h1="7c 8c 9c", up="6c")
    game.apply(1, CLAIM)
    game.apply(1, p("7c 8c 9c"))
    game.apply(0, p("6h 7h Qd"))
    assert game.s.hand_no == 2 and game.s.bank == [9 - 1, 9 + 2 - 1]
    assert game.s.outcome == [-1.0, 1.0]


def test_a_true_declaration_takes_the_pot():
    game = new(h0="Ah 10h Ad", h1="6h 7h 8s", up="6c", stock="10d 9s 9h 8d")
    game.apply(0, p("Ah 10h"))
    game.apply(1, p("6h 7h"))
    game.apply(0, p("Ad"))
    game.apply(1, p("8s"))  # 32
    game.apply(0, DECLARE)
    assert game.s.outcome == [1.0, -1.0] and game.s.hand_no == 2
    assert game.s.bank == [9 + 2 - 1, 9 - 1] and game.s.pot == 2


def test_a_false_declaration_pays_the_pot_and_ends_the_hand():
    game = new(h0="Ah 10h Qd", h1="6h 7h 8s", up="6c")
    game.apply(0, p("Ah 10h"))
    game.apply(1, p("6h 7h"))  # 21
    game.apply(0, DECLARE)
    # seat 0 paid 2 (the pot's size), the pot of 4 stays and both ante again
    assert game.s.hand_no == 2 and game.s.pot == 6 and game.s.bank == [9 - 2 - 1, 9 - 1]


def play_to_the_last_trick(game: Bura) -> None:
    """Play the first lead or answer offered, never declaring, until the hand is played out."""
    while not game.s.final:
        seat = game.actors()[0]
        game.apply(seat, next(a for a in game.legal_actions(seat) if a is not DECLARE))


def test_when_the_cards_run_out_undeclared_the_hand_is_a_draw():
    game = new()
    play_to_the_last_trick(game)
    game.apply(game.s.last_winner, PASS)
    assert game.s.pot == 4 and game.s.bank == [8, 8] and game.s.outcome == [0.0, 0.0]


def test_after_the_last_trick_its_winner_may_still_declare_31():
    game = new()
    play_to_the_last_trick(game)
    assert game.s.last_winner == 1 and game.points(1) == 93
    assert game.actors() == [1] and game.legal_actions(1) == [DECLARE, PASS]
    assert game.legal_actions(0) == []
    game.apply(1, DECLARE)
    assert game.s.outcome == [-1.0, 1.0] and game.s.hand_no == 2
    assert game.s.bank == [9 - 1, 9 + 2 - 1]  # the pot of 2 won, then the next ante


def test_the_game_ends_when_a_player_cannot_pay_the_ante():
    game = new(h0="Ah 10h Qd", h1="6h 7h 8s", up="6c", tokens=2)
    game.apply(0, p("Ah 10h"))
    game.apply(1, p("6h 7h"))
    game.apply(0, DECLARE)  # pays what it has: 1
    assert game.is_over and game.result.winners == [1]
    assert game.actors() == [] and sum(game.s.bank) == 4


def test_views_hide_the_other_hand_and_the_stock():
    game = new()
    view = game.view(0)
    assert view.hand == cards("6h 7h Qd") and view.hand_counts == [3, 3]
    text = view.model_dump_json()
    assert all(c.code not in text for c in cards("9s 8c Jd"))  # the other hand
    assert all(c.code not in text for c in game.s.stock)
    assert view.stock == 29


def test_save_round_trip_mid_trick():
    game = new(h0="7h 9h Qd", h1="8h Jh 6s")
    game.apply(0, p("7h 9h"))
    loaded = SPEC.from_json(game.to_json())
    assert loaded.legal_actions(1) == game.legal_actions(1)


def test_three_aces_led_lie_in_the_trick_and_a_save_of_it_opens_again():
    game = new(h0="7h 8c Jd", h1="Ah As Ad", up="6c")
    assert game.actors() == [1]  # three aces may take the lead out of turn
    game.apply(1, CLAIM)
    game.apply(1, p("Ad Ah As"))
    assert sorted(c.code for c in game.s.trick) == ["Ad", "Ah", "As"]
    copy = SPEC.from_json(game.to_json())  # three suits in one lead: a three-aces lead, not a bad save
    assert copy.to_json() == game.to_json() and copy.legal_actions(0) == game.legal_actions(0)


def test_a_one_card_trick_is_taken_without_beating_every_card():
    game = new(h0="Ah 7h Qd", h1="9s 6c Jd", up="7c")
    game.apply(0, p("Ah"))
    events = game.apply(1, p("6c"))
    assert [e.describe(["You", "Bot 1"]) for e in events if e.kind == "trick"] == ["Bot 1 takes the trick"]


def test_the_end_for_want_of_the_ante_says_who_cannot_pay():
    game = new(h0="Ah 10h Qd", h1="6h 7h 8s", up="6c", tokens=2)
    game.apply(0, p("Ah 10h"))
    game.apply(1, p("6h 7h"))
    game.apply(0, DECLARE)  # pays what it has: 1
    assert game.result.describe(["You", "Bot 1"]) == "Game over: you cannot pay the ante and lose, 1 token to 3"
    assert game.result.winners == [1] and not game.result.is_draw


def test_a_refused_move_gets_the_rule_that_closes_it():
    """What the screen says to a move made too soon or with the wrong cards: the engine's reason."""
    game = new()
    assert game.why_not(0, DECLARE) == "only once you have taken a trick"
    assert game.why_not(0, PASS) == "only when the cards are played out"
    game.apply(0, p("6h 7h"))
    assert game.why_not(1, p("9s")) == "Answer with 2 cards"
    assert game.why_not(0, p("Qd")) is None  # not their turn: nothing to explain


def test_a_card_after_the_last_trick_is_refused_because_the_cards_are_played_out():
    game = new()
    while not game.s.final:
        seat = game.actors()[0]
        game.apply(seat, next((a for a in game.legal_actions(seat) if a.kind == "play"), DECLINE))
    winner = game.actors()[0]
    assert game.why_not(winner, p("Qd")) == "The cards are played out"
    assert game.why_not(winner, PASS) is None  # open: nothing to explain
