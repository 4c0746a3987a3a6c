"""Chicago: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: five cards go to each player in turn from seat 0 (the
dealer's left), and the rest is the stock in order (``deck_for``).
"""

from __future__ import annotations

import pytest

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES, IllegalAction
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action
from cardarcade.rules.chicago import PASS, Chicago, deck_for

SPEC = GAMES["chicago"]
C = Card.parse
STAND = Action("draw", ())

# seat 0: a pair of kings; seat 1: three sevens. The stock starts 2c 3c 4c ... (the pack's order).
PAIR = "Kh Kd 9s 6c 2h"
TRIPS = "7s 7h 7d Ac 3s"


def new(*hands: str, **options) -> Chicago:
    return SPEC.new(len(hands), seed=0, deck=deck_for(*hands), options=options)


def stacked(*hands: str, stock: str) -> Chicago:
    """A game dealt ``hands``, its stock starting with the cards of ``stock`` in that order."""
    order, top = deck_for(*hands), cards(stock)
    dealt = order[: 5 * len(hands)]
    return SPEC.new(len(hands), seed=0, deck=dealt + top + [c for c in order[len(dealt) :] if c not in top])


def play_out(game: Chicago) -> list:
    """Every seat stands pat, passes and plays its first legal card until the hand is over."""
    events, hand = [], game.s.hand_no
    while not game.is_over and game.s.hand_no == hand:
        seat = game.actors()[0]
        phase = game.s.phase
        move = STAND if phase == "draw" else PASS if phase == "declare" else game.legal_actions(seat)[0]
        events += game.apply(seat, move)
    return events


def forfeits(events: list) -> list[tuple[int, int]]:
    return [(e.seat, e.data["kind"]) for e in events if e.kind == "forfeit"]


def draw(*picks: str) -> Action:
    return Action("draw", tuple(sorted(cards(" ".join(picks)), key=lambda c: c.code)))


def declare(kind: int) -> Action:
    return Action("declare", value=kind)


def stand_pat(game: Chicago) -> None:
    """Both players of a two-player game keep their hands in this draw."""
    for seat in (0, 1):
        game.apply(seat, STAND)


def pass_all(game: Chicago) -> None:
    while game.s.phase == "declare":
        game.apply(game.actors()[0], PASS)


def to_tricks(game: Chicago) -> None:
    """Everyone stands pat and passes until the tricks begin."""
    while game.s.phase != "play":
        seat = game.actors()[0]
        game.apply(seat, STAND if game.s.phase == "draw" else PASS)


def test_five_cards_each_the_rest_is_the_stock_and_the_dealers_left_draws_first():
    game = new(PAIR, TRIPS, "Qs Js 10s 8c 5d")
    assert game.s.hands[0] == cards(PAIR) and game.s.hands[2] == cards("Qs Js 10s 8c 5d")
    assert len(game.s.stock) == 52 - 15 and game.actors() == [0] and game.s.phase == "draw"
    assert len(SPEC.new(4, seed=5).cards()) == 52


def test_a_new_game_starts_clean_after_another_was_played():
    # (new games start from copies of one blank state: none of its zones may carry over)
    first, second = new(PAIR, TRIPS), new(PAIR, TRIPS)
    fields = second.s.__dict__
    assert [name for name, value in first.s.__dict__.items() if type(value) is list and value is fields[name]] == []
    first.apply(0, draw("9s 6c 2h"))
    first.apply(1, STAND)
    first.apply(0, declare(1))
    assert second.s.discards == [] and second.s.declarations == [] and second.s.claims == [[0, 0], [0, 0]]
    assert second.s.hands[0] == cards(PAIR) and len(second.s.stock) == 42 and second.s.phase == "draw"


def test_a_draw_replaces_the_discards_from_the_stock_and_standing_pat_is_allowed():
    game = new(PAIR, TRIPS)
    top = game.s.stock[:3]
    game.apply(0, draw("9s 6c 2h"))
    assert sorted(game.s.hands[0], key=lambda c: c.code) == sorted(cards("Kh Kd") + top, key=lambda c: c.code)
    assert set(game.s.discards) == set(cards("9s 6c 2h"))
    game.apply(1, STAND)
    assert game.s.hands[1] == cards(TRIPS) and game.s.phase == "declare"


def test_a_higher_type_takes_the_showdown_and_scores_its_points():
    game = new(PAIR, TRIPS)
    stand_pat(game)
    game.apply(0, declare(1))
    assert all(a.value >= 1 for a in game.legal_actions(1) if a.kind == "declare")
    game.apply(1, declare(3))
    assert game.s.scores == [0, 3] and game.s.phase == "draw" and game.s.draw_round == 2


def test_a_declaration_below_the_best_is_not_allowed():
    game = new(PAIR, TRIPS)
    stand_pat(game)
    game.apply(0, declare(3))
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(1, declare(2))
    assert game.to_json() == before


def test_the_same_type_is_settled_by_the_ranks_without_showing_them():
    game = new("Kh Kd 9s 6c 2h", "Ah Ad 8s 5c 3h")
    stand_pat(game)
    game.apply(0, declare(1))
    events = game.apply(1, declare(1))
    assert any("ranks higher" in e.text for e in events)
    assert not any(e.cards for e in events)  # nothing shown
    assert game.s.scores == [0, 1]


def test_equal_hands_declared_tie_and_nobody_scores():
    game = new("Kh Kd 9s 6c 2h", "Ks Kc 9h 6d 2c")
    stand_pat(game)
    game.apply(0, declare(1))
    game.apply(1, declare(1))
    assert game.s.scores == [0, 0]


def test_nobody_declaring_scores_nothing_and_the_third_draw_has_no_showdown():
    game = new(PAIR, TRIPS)
    for _ in range(2):
        stand_pat(game)
        pass_all(game)
    assert game.s.draw_round == 3 and game.s.scores == [0, 0]
    stand_pat(game)
    assert game.s.phase == "play" and game.actors() == [0]


def test_breaking_a_declared_combination_shows_the_hand():
    game = new(PAIR, TRIPS)
    stand_pat(game)
    game.apply(0, declare(1))
    game.apply(1, PASS)
    assert game.s.scores == [1, 0]
    events = game.apply(0, draw("Kh 2h"))
    shown = [e for e in events if e.kind == "show"]
    assert shown and set(shown[0].cards) == set(cards(PAIR))
    assert game.view(1).shown[0] == cards(PAIR) and game.view(1).claims[0] == 0
    # discarding cards outside the combination shows nothing
    game2 = new(PAIR, TRIPS)
    game2.apply(0, STAND)
    game2.apply(1, STAND)
    game2.apply(0, declare(1))
    game2.apply(1, PASS)
    assert not [e for e in game2.apply(0, draw("9s 6c 2h")) if e.kind == "show"]


def test_a_bluff_shown_on_breaking_it_forfeits_the_game():
    game = new(PAIR, TRIPS)
    stand_pat(game)
    game.apply(0, declare(5))  # no flush
    game.apply(1, PASS)
    game.apply(0, draw("2h"))
    assert game.is_over and game.result.winners == [1] and game.result.ranking[-1] == 0


def test_a_bluff_not_held_at_the_end_of_the_hand_forfeits_the_game():
    game = new("Kh Kd 9s 6c 2h", "Ah Qd 8s 5c 3h")
    stand_pat(game)
    game.apply(0, PASS)
    game.apply(1, declare(2))  # two pair, a bluff
    assert game.s.scores == [0, 2]
    to_tricks(game)
    while not game.is_over:
        seat = game.actors()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.result.winners == [0]


def test_suit_must_be_followed_and_the_last_trick_scores_five_then_the_best_hand():
    game = new("Kh Kd 9s 6c 2h", "Ah Qd 8s 5c 3h")
    to_tricks(game)
    game.apply(0, play(C("2h")))
    assert [a.cards[0] for a in game.legal_actions(1)] == cards("Ah 3h")
    with pytest.raises(IllegalAction):
        game.apply(1, play(C("Qd")))
    game.apply(1, play(C("Ah")))  # seat 1 takes and leads
    assert game.actors() == [1]
    for lead, answer in (("3h", "Kh"),):
        game.apply(1, play(C(lead)))
        game.apply(0, play(C(answer)))
    # seat 0 leads: Kd, Qd; 9s, 8s; 6c, 5c: seat 0 takes the last trick
    for a, b in (("Kd", "Qd"), ("9s", "8s")):
        game.apply(0, play(C(a)))
        game.apply(1, play(C(b)))
    game.apply(0, play(C("6c")))
    events = game.apply(1, play(C("5c")))
    texts = [e.describe([f"P{i}" for i in range(8)]) for e in events]
    assert any("last trick and scores 5" in t for t in texts)
    # seat 0 played a pair of kings: +1 for the best hand
    assert game.s.scores == [6, 0] and game.s.hand_no == 2 and game.s.dealer == 0
    assert game.actors() == [1]  # the new dealer's left draws first


def test_the_game_ends_after_the_hand_that_reaches_the_target():
    game = new("Kh Kd 9s 6c 2h", "Ah Qd 8s 5c 3h", target=10)
    game.s.scores = [9, 8]
    to_tricks(game)
    while not game.is_over:
        assert game.s.hand_no == 1  # no second hand: the first one reached the target
        seat = game.actors()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    scores = game.result.scores
    assert max(scores) >= 10 and game.result.winners == [scores.index(max(scores))]


def test_a_player_starting_a_hand_from_46_may_not_draw():
    fresh = SPEC.new(2, seed=0, deck=deck_for(PAIR, TRIPS))
    fresh.s.scores = [46, 0]
    order = fresh.cards()
    fresh._deal(order)
    assert fresh.s.frozen == [True, False] and fresh.actors() == [1]
    fresh.apply(1, STAND)
    assert fresh.s.phase == "declare"
    off = SPEC.new(2, seed=0, deck=deck_for(PAIR, TRIPS), options={"no_draw_near_end": False})
    off.s.scores = [46, 0]
    off._deal(off.cards())
    assert off.actors() == [0]


def test_a_short_stock_takes_in_the_shuffled_discards():
    game = new(PAIR, TRIPS)
    game.s.discards, game.s.stock = game.s.stock[2:], game.s.stock[:2]
    events = game.apply(0, draw("9s 6c 2h"))
    assert any("shuffled" in e.text for e in events) and len(game.s.hands[0]) == 5
    assert sorted(c.code for c in game.cards()) == sorted(c.code for c in game.pack())


def test_the_view_hides_the_other_hands_and_the_search_deal_keeps_what_was_seen():
    import random

    game = new(PAIR, TRIPS)
    to_tricks(game)
    game.apply(0, play(C("Kh")))
    view = game.view(1)
    assert view.hand == cards(TRIPS) and view.hand_counts[0] == 4
    trial = Chicago.determinize(view, 1, random.Random(1))
    assert trial.s.hands[1] == cards(TRIPS) and trial.s.trick == cards("Kh") and len(trial.s.hands[0]) == 4
    assert sorted(c.code for c in trial.cards()) == sorted(c.code for c in trial.pack())


# ---- the points table, scored through a showdown won with each hand

JUNK = "Kh Jc 3s 7d 2h"  # nothing: seat 1 passes


@pytest.mark.parametrize(
    ("hand", "kind", "points"),
    [
        ("5c 6d 7h 8s 9c", 4, 4),  # straight
        ("2d 5d 8d Jd Kd", 5, 5),  # flush
        ("Qc Qd Qh 4s 4c", 6, 6),  # full house
        ("9c 9d 9h 9s 3c", 7, 7),  # four of a kind
        ("5h 6h 7h 8h 9h", 8, 8),  # straight flush
        ("10s Js Qs Ks As", 9, 52),  # royal flush
    ],
)
def test_a_showdown_won_with_each_hand_scores_its_points(hand: str, kind: int, points: int):
    game = new(hand, JUNK)
    stand_pat(game)
    game.apply(0, declare(kind))
    events = game.apply(1, PASS)
    assert game.s.scores == [points, 0]
    assert any(e.kind == "showdown" and e.data["points"] == points for e in events)


def test_a_royal_flush_held_to_the_end_scores_52_and_wins():
    game = new("10s Js Qs Ks As", JUNK)
    events = play_out(game)  # nobody declares: only the hand played counts
    assert any(e.kind == "showdown" and e.seat == 0 and e.data["points"] == 52 for e in events)
    assert game.is_over and game.result.winners == [0] and game.s.scores[0] >= 52


# ---- each declaration is a claim of its own, proven by the type named


def test_a_pair_declared_on_a_straight_is_a_bluff_the_straight_does_not_prove():
    game = new("2c 3d 4h 5s 6c", JUNK)
    stand_pat(game)
    game.apply(0, declare(1))  # a straight holds no pair
    game.apply(1, PASS)
    assert game.s.scores == [1, 0]
    events = play_out(game)
    assert forfeits(events) == [(0, 1)] and game.result.winners == [1] and game.result.ranking[-1] == 0


def test_a_pair_declared_on_a_straight_loses_the_comparison_to_a_real_pair():
    game = new("2c 3d 4h 5s 6c", "8h 8d Jc 10s 3c")
    stand_pat(game)
    game.apply(0, declare(1))
    events = game.apply(1, declare(1))
    assert any("ranks higher" in e.text for e in events) and game.s.scores == [0, 1]


def test_a_later_honest_higher_claim_does_not_cover_an_earlier_bluff():
    game = stacked("2d 5d 8d Kh Qc", TRIPS, stock="Jd 9d")
    stand_pat(game)
    game.apply(0, declare(1))  # a bluff: no pair
    game.apply(1, declare(3))  # seat 1 holds the best hand
    events = game.apply(0, draw("Kh Qc"))  # draws Jd 9d: a flush
    assert not [e for e in events if e.kind == "show"]
    game.apply(1, STAND)
    game.apply(0, declare(5))  # honest
    game.apply(1, PASS)
    assert game.s.scores == [5, 3]
    events = play_out(game)
    assert forfeits(events) == [(0, 1)] and game.result.winners == [1]


def test_an_honest_claim_still_held_inside_a_better_hand_passes():
    game = stacked(PAIR, "7s 8h Jd Ac 3c", stock="Ks 4d 4h")
    stand_pat(game)
    game.apply(0, declare(1))
    game.apply(1, PASS)
    events = game.apply(0, draw("9s 6c 2h"))  # the kings stay: nothing to show
    assert not [e for e in events if e.kind == "show"] and game.s.hands[0][:2] == cards("Kh Kd")
    game.apply(1, STAND)
    game.apply(0, declare(6))  # kings full of fours: it holds the pair too
    game.apply(1, PASS)
    events = play_out(game)
    assert not forfeits(events) and not game.is_over and game.s.hand_no == 2
    assert game.s.scores[0] >= 1 + 6 + 6  # both showdowns and the best hand played


# ---- who must show: the best declared hand of the showdown before, in the next draw


def test_a_declarer_without_the_best_hand_need_not_show_to_break_up_a_bluff():
    game = new(PAIR, TRIPS)
    stand_pat(game)
    game.apply(0, declare(2))  # two pair: a bluff
    game.apply(1, declare(3))  # seat 1 holds the best hand
    events = game.apply(0, draw("Kh"))
    assert not [e for e in events if e.kind == "show"] and not game.is_over
    assert game.view(1).shown[0] == [] and game.view(1).claims[0] == 2  # still to be proven


def test_the_duty_to_show_lasts_the_next_draw_only_and_a_bluff_is_caught_at_the_end():
    game = new(PAIR, TRIPS)
    stand_pat(game)
    game.apply(0, declare(5))  # a flush: a bluff, and the best hand
    game.apply(1, PASS)
    game.apply(0, STAND)  # the draw where it must show: it keeps the hand
    game.apply(1, STAND)
    pass_all(game)
    events = game.apply(0, draw("2h"))  # the third draw: no duty now
    assert not [e for e in events if e.kind == "show"] and not game.is_over
    assert forfeits(play_out(game)) == [(0, 5)]


def test_an_honest_declarer_breaking_up_the_combination_has_it_shown_and_is_safe():
    game = stacked(PAIR, TRIPS, stock="3d 4d 8c Jh")
    stand_pat(game)
    game.apply(0, declare(1))
    game.apply(1, declare(3))
    events = game.apply(0, draw("Kd 9s 6c 2h"))  # no pair left after this
    assert [e.cards for e in events if e.kind == "show"] == [tuple(cards(PAIR))]
    assert game.view(1).claims[0] == 0
    events = play_out(game)
    assert not forfeits(events) and game.s.hand_no == 2


def test_a_refused_card_gets_the_follow_suit_rule_that_refuses_it():
    game = new("Kh Kd 9s 6c 2h", "Ah Qd 8s 5c 3h")
    to_tricks(game)
    game.apply(0, play(C("2h")))
    assert game.why_not(1, play(C("Qd"))) == "You must follow suit: play a heart"
