"""Schnapsen: each rule of the text as a test on a fixed deal, with the scoring table and each
of the closer's cases.

With ``deck=`` there is no shuffle: the non-dealer (seat 0; seat 1 deals) gets the first three
cards, the dealer the next three, the seventh is the upcard, then two more each; the rest is
the stock, its top first.
"""

from __future__ import annotations

import json
import random

import pytest

from cardarcade.cards import Card, Suit, cards, schnapsen_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action
from cardarcade.rules.schnapsen import CLOSE, EXCHANGE, OUT, PASS, Schnapsen, deck_for

SPEC = GAMES["schnapsen"]
C = Card.parse


def new(
    h0: str = "Ah 10h Kh Qs Js",
    h1: str = "As 10s Ks Jh Qd",
    up: str = "Jc",
    stock: str = "Ac 10c Kc Qc Ad 10d Kd Jd Qh",
    **options,
) -> Schnapsen:
    return SPEC.new(2, seed=0, deck=deck_for(h0, h1, up, stock), options=options or None)


def p(card: str) -> Action:
    return play(C(card))


def trick(game: Schnapsen, lead: str, reply: str) -> None:
    game.apply(game.actors()[0], p(lead))
    game.apply(game.actors()[0], p(reply))


def test_deal_three_upcard_two_and_the_non_dealer_leads():
    game = new()
    s = game.s
    assert s.hands[0] == cards("Ah 10h Kh Qs Js") and s.hands[1] == cards("As 10s Ks Jh Qd")
    assert s.upcard == C("Jc") and s.trump is Suit.CLUBS and len(s.stock) == 9 and s.stock[0] == C("Ac")
    assert game.actors() == [0] and game.view(0).dealer == 1
    assert OUT not in game.legal_actions(0) and EXCHANGE not in game.legal_actions(0)


def test_no_duty_to_follow_while_the_stock_is_open_and_the_winner_draws_first():
    game = new()
    game.apply(0, p("Ah"))
    assert len(game.legal_actions(1)) == 5  # any card: the J♥ need not follow
    game.apply(1, p("Qd"))
    assert game.s.won[0] == cards("Ah Qd") and game.actors() == [0]
    assert C("Ac") in game.s.hands[0] and C("10c") in game.s.hands[1]  # winner first
    assert len(game.s.stock) == 7


def test_a_trump_beats_the_suit_led_and_the_higher_card_of_the_suit_wins():
    game = new(h1="As 10s Ks Jh Jd", stock="Ac 10c Kc Qc Ad 10d Kd Qd Qh")
    trick(game, "10h", "Jh")  # the lower heart loses
    assert game.s.last_winner == 0
    game = new(h0="Ah 10h Kh Qs Js", h1="As 10s Ks Jh Qc", stock="Ac 10c Kc Jd Ad 10d Kd Qd Qh")
    trick(game, "Ah", "Qc")  # a small trump takes the ace
    assert game.s.last_winner == 1 and game.actors() == [1]


def test_the_trump_jack_exchange_after_winning_a_trick():
    game = new(h0="Ah 10h Kh Qs Jc", h1="As 10s Ks Jh Qd", up="Qc", stock="Ac 10c Kc Js Ad 10d Kd Jd Qh")
    assert EXCHANGE not in game.legal_actions(0)  # nothing won yet
    trick(game, "Ah", "Qd")
    assert EXCHANGE in game.legal_actions(0)
    events = game.apply(0, EXCHANGE)
    assert game.s.upcard == C("Jc") and C("Qc") in game.s.hands[0] and C("Jc") not in game.s.hands[0]
    assert "exchanges the J♣ for the Q♣" in events[0].describe([f"P{i}" for i in range(8)])
    assert game.view(1).known[0] == cards("Qc")  # the other player saw it taken


def test_a_marriage_scores_at_the_next_trick_won_40_in_trumps():
    game = new(h0="Kh Qh Ah Kc Qc", h1="As 10s Ks Jh Qd", up="Jc", stock="Ac 10c Js Qs Ad 10d Kd Jd 10h")
    marry = Action("marry", (C("Kh"), C("Qh")))
    assert marry in game.legal_actions(0) and Action("marry", (C("Kc"), C("Qc"))) in game.legal_actions(0)
    game.apply(0, marry)
    assert game.s.melds == [0, 0] and game.view(1).known[0] == cards("Qh")
    game.apply(1, p("Jh"))  # seat 0 wins with the K♥: the 20 counts now
    assert game.s.melds == [20, 0] and game.points(0) == 20 + 4 + 2
    game.apply(0, Action("marry", (C("Qc"), C("Kc"))))
    assert game.s.marriages[-1].points == 40


def test_a_marriage_scored_in_a_clone_stays_unscored_in_the_original():
    """A bot searches on clones: scoring the 20 there must not score it in the real game."""
    game = new(h0="Kh Qh Ah Kc Qc", h1="As 10s Ks Jh Qd", up="Jc", stock="Ac 10c Js Qs Ad 10d Kd Jd 10h")
    game.apply(0, Action("marry", (C("Kh"), C("Qh"))))
    before = game.to_json()
    clone = game.clone()
    clone.apply(1, p("Jh"))
    assert clone.s.melds == [20, 0] and clone.s.marriages[-1].scored
    assert game.to_json() == before and not game.s.marriages[-1].scored
    game.apply(1, p("Jh"))  # and the original still scores it when its own trick is won
    assert game.s.melds == [20, 0]


def test_a_marriage_never_followed_by_a_trick_won_counts_nothing():
    game = new(h0="Kh Qh Ah Kc Js", h1="As 10s Ks Jh Qc", stock="Ac 10c Kd Qs Ad 10d Qd Jd 10h")
    game.apply(0, Action("marry", (C("Qh"), C("Kh"))))
    game.apply(1, p("Qc"))  # trumped: seat 1 wins
    assert game.s.melds == [0, 0] and game.points(0) == 0


def test_closing_stops_the_drawing_and_the_strict_rules_apply():
    game = new(h0="Ah 10h Kh Qs Js", h1="As Jh Qh Ks Jc", up="Kc", stock="Ac 10c Qc Ad 10d Kd Qd Jd 10s")
    assert CLOSE in game.legal_actions(0)
    game.apply(0, CLOSE)
    assert game.s.closed_by == 0 and game.view(0).strict and CLOSE not in game.legal_actions(0)
    game.apply(0, p("Kh"))
    # must follow and head the trick: only a higher heart... J♥ and Q♥ are lower, so any heart
    assert {a.cards[0] for a in game.legal_actions(1)} == set(cards("Jh Qh"))
    game.apply(1, p("Qh"))
    assert len(game.s.hands[0]) == 4 and len(game.s.stock) == 9  # nobody draws
    game.apply(0, p("Qs"))
    assert {a.cards[0] for a in game.legal_actions(1)} == set(cards("As Ks"))  # head the trick
    game.apply(1, p("Ks"))
    game.apply(1, p("Jh"))
    assert {a.cards[0] for a in game.legal_actions(0)} == set(cards("Ah 10h"))


def test_a_player_who_cannot_follow_after_the_close_must_trump():
    game = new(h0="Ah 10h Kh Qs Js", h1="As 10s Ks Jc Qd", up="Kc", stock="Ac 10c Qc Ad 10d Kd Jd Qh Jh")
    game.apply(0, CLOSE)
    game.apply(0, p("Ah"))
    assert [a.cards[0] for a in game.legal_actions(1)] == cards("Jc")


def test_the_last_draw_takes_the_upcard_and_then_the_strict_rules_apply():
    game = new()
    for _ in range(5):
        leader = game.actors()[0]
        game.apply(leader, game.legal_actions(leader)[0])
        follower = game.actors()[0]
        game.apply(follower, next(a for a in game.legal_actions(follower) if a.kind == "play"))
    assert game.s.upcard is None and game.s.stock == [] and game.view(0).strict
    loser = 1 - game.s.last_winner
    assert C("Jc") in game.s.hands[loser] and game.view(game.s.last_winner).known[loser] == cards("Jc")


def won(game: Schnapsen, seat: int, text: str, tricks: int | None = None) -> None:
    game.s.won[seat] = cards(text)
    game.s.tricks_won[seat] = len(game.s.won[seat]) // 2 if tricks is None else tricks


def declare_after(game: Schnapsen, seat: int) -> list:
    """Make ``seat`` the winner of the last trick (on lead), then declare."""
    game.s.leader = game.s.last_winner = seat
    return game.apply(seat, OUT)


# won piles worth exactly so much (trick points: A 11, 10 10, K 4, Q 3, J 2)
SIXTY_SIX = "Ac 10c Ad 10d Ah 10h Kc Qs"  # 11+10+11+10+11+10+4+3 = 70
THIRTY_FOUR = "As 10s Ks Qd"  # 11+10+4+3 = 28 ... plus below
LOW = "Js Jd"  # 4


def test_scoring_going_out_one_point_when_the_other_has_33_or_more():
    game = new()
    won(game, 0, SIXTY_SIX)
    won(game, 1, "As 10s Ks Qd Jh Qh")  # 11+10+4+3+2+3 = 33
    events = declare_after(game, 0)
    assert game.s.last_hand == [1, 0] and game.s.scores == [1, 0]
    assert "goes out with 70: 1 game point" in events[-2].text or any("1 game point" in e.text for e in events)


def test_scoring_schneider_two_points_when_the_other_has_32_or_less():
    game = new()
    won(game, 0, SIXTY_SIX)
    won(game, 1, "As 10s Ks Qd Jh Jd")  # 32
    declare_after(game, 0)
    assert game.s.last_hand == [2, 0]


def test_scoring_schwarz_three_points_when_the_other_won_no_trick():
    game = new()
    won(game, 0, SIXTY_SIX)
    won(game, 1, "")
    declare_after(game, 0)
    assert game.s.last_hand == [3, 0]


def test_marriages_count_towards_66():
    game = new()
    won(game, 0, "Ac 10c Kc Qs")  # 28
    game.s.melds[0] = 40
    won(game, 1, "As 10s Ks Qd Jh Qh")
    declare_after(game, 0)
    assert game.s.last_hand == [1, 0]


def test_a_false_declaration_gives_the_other_player_two_or_three():
    game = new()
    won(game, 0, "Ac 10c Ad 10d Ah 10h")  # 63
    won(game, 1, "As 10s")
    declare_after(game, 0)
    assert game.s.last_hand == [0, 2]
    game = new()
    won(game, 0, "Ac 10c Ad 10d Ah 10h")
    won(game, 1, "")
    declare_after(game, 0)
    assert game.s.last_hand == [0, 3]


def test_going_out_only_right_after_winning_a_trick():
    game = new()
    trick(game, "Ah", "Qd")
    assert OUT in game.legal_actions(0)
    game.apply(0, p("Js"))
    assert OUT not in game.legal_actions(1)  # seat 1 has not won a trick yet


def closed(game: Schnapsen, closer: int, before: list[int], tricks_before: list[int]) -> None:
    game.s.closed_by = closer
    game.s.close_points = before
    game.s.close_tricks = tricks_before
    game.s.strict_from = 0


def test_closer_who_goes_out_counts_only_what_the_other_had_before_the_close():
    game = new()
    won(game, 0, SIXTY_SIX)
    won(game, 1, "As 10s Ks Qd Jh Qh")  # 33 now ...
    closed(game, 0, [0, 20], [0, 1])  # ... but only 20 at the close: schneider
    declare_after(game, 0)
    assert game.s.last_hand == [2, 0]
    game = new()
    won(game, 0, SIXTY_SIX)
    won(game, 1, "As 10s Ks Qd Jh Qh")
    closed(game, 0, [0, 0], [0, 0])  # nothing won before the close: schwarz
    declare_after(game, 0)
    assert game.s.last_hand == [3, 0]


def test_closer_who_does_not_go_out_gives_the_other_two_or_three():
    for tricks_before, expected in ((1, 2), (0, 3)):
        game = new()
        won(game, 0, "Ac 10c Ad 10d")  # 42: the closer falls short
        won(game, 1, "As 10s Ks Qd Jh Qh")
        closed(game, 0, [0, 10], [0, tricks_before])
        game.s.hands = [[], []]
        game.s.final, game.s.last_winner = True, 0
        assert game.legal_actions(0) == [OUT, PASS]
        game.apply(0, PASS)
        assert game.s.last_hand == [0, expected]


def test_the_other_player_going_out_before_the_closer_scores_two():
    game = new()
    won(game, 0, "Ac 10c")
    won(game, 1, SIXTY_SIX)
    closed(game, 0, [11, 30], [1, 2])
    declare_after(game, 1)
    assert game.s.last_hand == [0, 2]


def test_a_false_declaration_by_the_closer_gives_the_other_two():
    game = new()
    won(game, 0, "Ac 10c Ad 10d")
    won(game, 1, "As 10s")
    closed(game, 0, [0, 21], [0, 1])
    declare_after(game, 0)
    assert game.s.last_hand == [0, 2]


def test_closer_going_out_scores_one_when_the_other_had_33_before_the_close():
    game = new(h0="10h Js Ad Kc Qc", h1="Ah 10s Jd Qs Ks", stock="Kh Ac Qh 10c Jh Kd As 10d Qd")
    trick(game, "10h", "Ah")
    trick(game, "10s", "Js")
    trick(game, "Jd", "Ad")
    assert game.points(1) == 33 and game.actors() == [0]
    game.apply(0, CLOSE)
    game.apply(0, Action("marry", (C("Kc"), C("Qc"))))
    game.apply(1, p("Qs"))
    trick(game, "Ac", "Ks")
    assert game.points(0) == 13 + 40 + 7 + 15
    game.apply(0, OUT)
    assert game.s.last_hand == [1, 0]


# Seat 0 closes before the first trick; seat 1 holds the aces of seat 0's hearts and spades
# (no diamonds) and the trump marriage.
CLOSING_DEAL = dict(h0="10h Kh Js 10d Qd", h1="Ah Jh As Kc Qc", up="Jc", stock="Ac 10c Ad Kd Jd Ks Qs 10s Qh")


def closed_at_once() -> Schnapsen:
    """The closing deal, closed by seat 0, after seat 1 takes the 10♥ (21) and seat 0 the J♥ (6)."""
    game = new(**CLOSING_DEAL)
    game.apply(0, CLOSE)
    trick(game, "10h", "Ah")
    trick(game, "Jh", "Kh")
    return game


def test_the_other_player_going_out_before_the_closer_scores_three_with_no_trick_before_the_close():
    game = closed_at_once()
    trick(game, "Js", "As")
    game.apply(1, Action("marry", (C("Kc"), C("Qc"))))
    game.apply(0, p("10d"))
    assert game.points(1) == 21 + 13 + 40 + 14 and game.s.tricks_won == [1, 3]
    game.apply(1, OUT)
    assert game.s.last_hand == [0, 3]  # not 2: the closer won a trick, but after the close


def test_a_false_declaration_by_the_closer_gives_three_to_the_other_with_no_trick_before_the_close():
    game = closed_at_once()
    assert game.points(0) == 6 and game.s.tricks_won == [1, 1]
    game.apply(0, OUT)
    assert game.s.last_hand == [0, 3]


@pytest.mark.parametrize("then", [OUT, PASS])
def test_a_closer_who_loses_the_last_trick_loses_the_hand_whatever_the_other_then_says(then):
    game = closed_at_once()
    trick(game, "Js", "As")
    trick(game, "Qc", "10d")
    trick(game, "Kc", "Qd")
    assert game.s.final and game.s.last_winner == 1 and game.points(1) == 54
    assert game.legal_actions(1) == [OUT, PASS] and game.legal_actions(0) == []
    game.apply(1, then)  # declaring 66 with 54 costs nothing now: the closer can no longer go out
    assert game.s.last_hand == [0, 3]


def test_the_last_trick_scores_one_when_nobody_closed_or_went_out():
    game = new()
    rng = random.Random(1)
    while not game.s.final:
        seat = game.actors()[0]
        game.apply(seat, rng.choice([a for a in game.legal_actions(seat) if a.kind == "play"]))
    winner = game.s.last_winner
    assert game.legal_actions(winner) == [OUT, PASS] and game.legal_actions(1 - winner) == []
    events = game.apply(winner, PASS)
    assert game.s.scores[winner] == 1 and any("took the last trick: 1 game point" in e.text for e in events)
    assert game.s.hand_no == 2 and game.s.dealer == 0 and game.actors() == [1]  # the deal alternates


def test_the_match_ends_at_seven_game_points():
    game = new()
    game.s.scores = [6, 3]
    won(game, 0, SIXTY_SIX)
    won(game, 1, "As 10s Ks Qd Jh Qh")
    events = declare_after(game, 0)
    assert game.is_over and game.result.winners == [0] and game.result.scores == [7.0, 3.0]
    assert "wins the match, 7 to 3" in events[-1].describe([f"P{i}" for i in range(8)]) and game.actors() == []


def test_the_view_hides_the_other_hand_and_the_stock_and_totals_only_under_the_house_rule():
    game = new()
    view = json.loads(game.view(0).model_dump_json())
    assert view["hand"] == [c.code for c in cards("Ah 10h Kh Qs Js")] and view["points"] is None
    assert "As" not in json.dumps(view["hand"]) and view["stock"] == 9 and "Ac" not in json.dumps(view)
    assert new(show_points=True).view(0).points == [0, 0]


def test_illegal_moves_change_nothing_and_saves_round_trip():
    game = new()
    before = game.to_json()
    for seat, action in ((1, p("As")), (0, EXCHANGE), (0, OUT), (0, p("As"))):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert game.to_json() == before
    game.apply(0, p("Ah"))
    again = SPEC.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    data = json.loads(game.to_json())
    data["state"]["upcard"] = "Jh"
    data["state"]["hands"][0] = ["Jc"] + data["state"]["hands"][0][1:]
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_determinize_keeps_known_cards_and_the_strict_voids():
    game = new(h0="Ah 10h Kh Qs Js", h1="As 10s Ks Jc Qd", up="Kc", stock="Ac 10c Qc Ad 10d Kd Jd Qh Jh")
    game.apply(0, CLOSE)
    game.apply(0, p("Ah"))
    game.apply(1, p("Jc"))  # seat 1 shows it has no hearts
    view = game.view(1)
    for seed in range(20):
        deal = Schnapsen.determinize(game.view(0), 0, random.Random(seed))
        assert deal.s.hands[0] == game.s.hands[0]
        assert not any(c.suit is Suit.HEARTS for c in deal.s.hands[1])
        assert sorted(c.code for c in deal.cards()) == sorted(c.code for c in schnapsen_deck())
    assert view.seat == 1


# ---------------------------------------------------------------- the hand's line (issue 26, items 6 and 11)


def hand_lines(events: list, names: list[str]) -> list[str]:
    """The hand's result line and the line after it, as the log shows them."""
    return [e.describe(names) for e in events if e.kind in ("hand", "hand_points")]


def test_the_hand_line_says_three_points_are_for_no_trick_before_the_close():
    game = closed_at_once()
    trick(game, "Js", "As")
    game.apply(1, Action("marry", (C("Kc"), C("Qc"))))
    game.apply(0, p("10d"))
    assert hand_lines(game.apply(1, OUT), ["Bot 1", "You"]) == [
        "You go out before the closer: 3 game points",
        "Three for no trick before the close · you had 88 hand points, Bot 1 6",
    ]


def test_the_hand_line_for_a_closer_who_does_not_go_out_says_why_three():
    game = new()
    won(game, 0, "Ac 10c Ad 10d")
    won(game, 1, "As 10s Ks Qd Jh Qh")
    closed(game, 0, [0, 10], [0, 0])
    game.s.hands = [[], []]
    game.s.final, game.s.last_winner = True, 0
    assert hand_lines(game.apply(0, PASS), ["You", "Bot 1"]) == [
        "You closed and did not go out: Bot 1 scores 3 game points",
        "Three for no trick before the close · Bot 1 had 33 hand points, you 42",
    ]


def test_a_closer_who_goes_out_against_no_trick_before_the_close_is_told_so():
    game = new()
    won(game, 0, SIXTY_SIX)
    won(game, 1, "As 10s Ks Qd Jh Qh")
    closed(game, 0, [0, 0], [0, 0])
    assert (
        hand_lines(declare_after(game, 0), ["You", "Bot 1"])[1]
        == "Three as Bot 1 won no trick before the close · you had 70 hand points, Bot 1 33"
    )


def test_the_hand_points_say_whose_they_are_and_you_go_out():
    game = new()
    won(game, 0, SIXTY_SIX)
    won(game, 1, "As 10s Ks Qd Jh Qh")
    assert hand_lines(declare_after(game, 0), ["You", "Bot 1"]) == [
        "You go out with 70: 1 game point",
        "You had 70 hand points, Bot 1 33",
    ]


def test_declaring_short_against_a_player_with_no_trick_says_why_three():
    game = new()
    won(game, 0, "Ac 10c")  # 21: far short of 66
    assert hand_lines(declare_after(game, 0), ["You", "Bot 1"]) == [
        "You declare with only 21: Bot 1 scores 3 game points",
        "Three as Bot 1 won no trick · Bot 1 had 0 hand points, you 21",
    ]


def test_going_out_against_a_player_with_no_trick_says_why_three():
    game = new()
    won(game, 0, SIXTY_SIX)
    assert (
        hand_lines(declare_after(game, 0), ["You", "Bot 1"])[1]
        == "Three as Bot 1 won no trick · you had 70 hand points, Bot 1 0"
    )


def test_a_refused_command_gets_the_rule_that_closes_it():
    """What the screen says to a command key pressed too soon: the engine's own reason."""
    game = new(h0="Ah 10h Kh Qs Jc", h1="As 10s Ks Jh Qd", up="Qc", stock="Ac 10c Kc Js Ad 10d Kd Jd Qh")
    assert game.why_not(0, EXCHANGE) == "only on your lead after winning a trick"  # the J♣ held, no trick won
    assert game.why_not(0, OUT) == "only right after you win a trick, before you lead again"
    assert game.why_not(0, Action("marry")) == "you hold no king and queen of one suit"
    game.apply(0, p("Ah"))  # seat 1 answers: no command is theirs now
    assert game.why_not(1, Action("marry")) == "only on your lead, holding a king and queen of one suit"
    assert game.why_not(1, CLOSE) == "only on your lead, while the stock is open"
    assert game.why_not(1, EXCHANGE) == "you do not hold the J♣"
    game.apply(1, p("Qd"))
    game.apply(0, CLOSE)
    assert game.why_not(0, CLOSE) == "the stock is already closed or used up"
    assert game.why_not(0, EXCHANGE) == "only while the stock is open"
    assert game.why_not(1, CLOSE) is None  # not their turn: nothing to explain


def test_a_refused_card_after_the_close_gets_the_strict_rule_that_refuses_it():
    game = new()
    game.apply(0, CLOSE)
    game.apply(0, p("Js"))  # seat 1 holds spades: follow, and beat the jack
    assert game.why_not(1, p("Jh")) == "Strict rules: follow suit, and win the trick if you can"
    game = new(h1="As 10s Ks Qc Qd", stock="Ac 10c Kc Jh Ad 10d Kd Jd Qh")
    game.apply(0, CLOSE)
    game.apply(0, p("Ah"))  # seat 1 has no heart: the Q♣ must trump it
    assert game.why_not(1, p("Qd")) == "Strict rules: you cannot follow, so you must trump"
