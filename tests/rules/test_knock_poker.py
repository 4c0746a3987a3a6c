"""Knock Poker: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: the first 5n cards are dealt one at a time from seat 0
(the dealer's left), the next card is turned up to start the discard pile, and the rest is
the stock, its top first.
"""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules.base import Action, fill
from cardarcade.rules.knock_poker import DRAW, TAKE, KnockPoker

SPEC = GAMES["knock-poker"]
C = Card.parse
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def deck(*hands: str, up: str = "", stock: str = "") -> list[Card]:
    """Seat i gets ``hands[i]``; ``up`` starts the discard pile; ``stock`` lies on top of the stock."""
    dealt = [cards(h) for h in hands]
    order = [dealt[p][i] for i in range(5) for p in range(len(dealt))]
    fixed = order + cards(up) + cards(stock)
    assert len(set(fixed)) == len(fixed)
    return fixed + [c for c in standard_deck() if c not in set(fixed)]


def new(*hands: str, up: str = "2c", stock: str = "", **options) -> KnockPoker:
    return SPEC.new(len(hands), seed=0, deck=deck(*hands, up=up, stock=stock), options=options or None)


def discard(card: str) -> Action:
    return Action("discard", (C(card),))


def knock(card: str) -> Action:
    return Action("knock", (C(card),))


def discard_last(game: KnockPoker, seat: int):
    return discard(game.s.hands[seat][-1].code)


def turn(game: KnockPoker, draw, throw) -> list:
    seat = game.actors()[0]
    return game.apply(seat, draw) + game.apply(seat, throw)


def texts(events) -> list[str]:
    return [fill(e.text, NAMES, e.seat, e.target) for e in events]


def test_deal_five_each_stock_and_one_card_up():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", "8c 8d 8h 9c 9d", up="10s", stock="6d")
    s = game.s
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert s.hands[0] == cards("As Ks Qs Js 9s")
    assert s.discard == [C("10s")]
    assert s.stock[0] == C("6d") and len(s.stock) == 52 - 15 - 1
    assert game.actors() == [0]  # left of the dealer goes first
    view = game.view(1)
    assert view.hand == cards("2d 3d 4d 5d 7h") and view.hand_counts == [5, 5, 5]
    assert view.discard_top == C("10s") and view.stock == 36 and view.dealer == 2


def test_view_hides_other_hands_and_the_stock():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h")
    dumped = game.view(1).model_dump_json()
    assert "As" not in json.loads(dumped)["hand"]
    assert all(c.code not in dumped for c in cards("As Ks Qs Js 9s"))
    assert all(c.code not in dumped for c in game.s.stock[:5])
    assert game.view(None).hand == []


def test_draw_from_stock_or_take_the_discard_then_discard_to_five():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", up="10s", stock="6d")
    assert set(game.legal_actions(0)) == {TAKE, DRAW}
    assert game.legal_actions(1) == []
    events = game.apply(0, TAKE)
    assert C("10s") in game.s.hands[0] and len(game.s.hands[0]) == 6
    assert game.s.discard == []
    assert texts(events) == ["Ann takes the 10♠ from the discard pile"]
    assert all(a.kind in ("discard", "knock") for a in game.legal_actions(0))
    events = game.apply(0, discard("9s"))
    assert texts(events) == ["Ann discards the 9♠"]
    assert len(game.s.hands[0]) == 5 and game.s.discard == [C("9s")]
    assert game.actors() == [1]
    events = turn(game, DRAW, discard("7h"))
    assert game.s.hands[1] == cards("2d 3d 4d 5d 6d")
    assert texts(events)[0] == "Bob draws from the stock"
    assert game.view(0).known == [[C("10s")], []]  # everyone saw Ann take the 10♠


def test_the_text_lets_you_throw_back_the_discard_you_took():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", up="10s")
    game.apply(0, TAKE)
    game.apply(0, discard("10s"))
    assert game.s.discard == [C("10s")] and game.s.hands[0] == cards("As Ks Qs Js 9s")
    assert game.view(1).known == [[], []]


def test_house_rule_no_throw_back():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", up="10s", throw_back=False)
    game.apply(0, TAKE)
    with pytest.raises(IllegalAction):
        game.apply(0, discard("10s"))
    assert len(game.s.hands[0]) == 6


def test_a_drawn_stock_card_may_be_discarded_at_once():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", stock="6h")
    turn(game, DRAW, discard("6h"))
    assert game.s.discard[-1] == C("6h")


def test_knock_then_one_more_turn_each_then_showdown():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", "8c 8d 8h 9c 9d", up="10s", stock="6d Kd")
    events = turn(game, TAKE, knock("9s"))
    assert texts(events)[-1] == "Ann discards the 9♠ and knocks: one more turn each"
    assert game.s.knocker == 0 and not game.is_over
    turn(game, DRAW, discard("7h"))  # Bob: 2-6 of diamonds, a straight flush
    assert not game.is_over and game.actors() == [2]
    # nobody else may knock now
    game.apply(2, DRAW)
    assert not any(a.kind == "knock" for a in game.legal_actions(2))
    events = game.apply(2, discard("Kd"))
    assert game.is_over and game.actors() == []
    lines = texts(events)
    assert "Ann knocked and the turn is back round: the hands are shown" in lines
    assert events[-5].describe(["You", "Bob", "Cy"]) == "You knocked and the turn is back round: the hands are shown"
    assert "Ann shows a royal flush" in lines
    assert "Bob shows a straight flush, six high" in lines
    assert "Cy shows a full house, eights over nines" in lines
    assert game.result.winners == [0]
    assert game.result.ranking == [0, 1, 2]
    # scored as the share of all hands each beats: the royal flush beats nearly all
    assert game.result.score_name == "beats this % of all hands" and not game.result.low_wins
    assert game.result.scores[0] >= game.result.scores[1] >= game.result.scores[2] > 99
    assert game.result.describe(NAMES) == "Ann wins with a royal flush"
    view = game.view(1)
    assert view.shown[0] == game.s.hands[0] and view.values is not None


def test_a_hand_is_shown_with_its_article():
    game = new("3s 3h 9c Jd Ks", "2d 4d 6d 8h 10h", up="Qc", stock="5c 7c")
    turn(game, DRAW, knock("5c"))
    events = turn(game, DRAW, discard("7c"))
    assert "Ann shows a pair of threes" in texts(events) and "Bob shows ten high" in texts(events)
    assert game.result.scores[0] > game.result.scores[1]


def test_knocker_can_be_beaten():
    game = new("2h 2d 7c 9s Jd", "Ah Kh Qh Jh 3c", up="5s", stock="4c 10h")
    turn(game, DRAW, knock("4c"))
    assert not game.is_over
    turn(game, DRAW, discard("3c"))  # Bob completes the royal flush on his last turn
    assert game.is_over and game.result.winners == [1]
    assert game.s.hands[0] == cards("2h 2d 7c 9s Jd")  # Ann got no further turn
    assert game.result.describe(NAMES) == "Bob wins with a royal flush"


def test_ties_share_the_win():
    game = new("Ah Kd Qc Jh 9s", "As Kh Qd Js 9c", up="2c", stock="3d 3h")
    turn(game, DRAW, knock("3d"))
    turn(game, DRAW, discard("3h"))
    assert game.is_over and game.result.winners == [0, 1]
    assert game.result.is_draw
    assert "share the win" in game.result.reason


def test_wheel_is_the_lowest_straight_at_showdown():
    game = new("Ah 2d 3c 4h 5s", "2h 3d 4c 5h 6s", up="Kc", stock="Kd Ks")
    turn(game, DRAW, knock("Kd"))
    turn(game, DRAW, discard("Ks"))
    assert game.result.winners == [1]


def test_house_rule_no_knock_in_the_first_round():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", first_round_knock=False)
    game.apply(0, DRAW)
    assert not any(a.kind == "knock" for a in game.legal_actions(0))
    assert not game.view(0).may_knock
    game.apply(0, game.legal_actions(0)[0])
    turn(game, DRAW, discard_last(game, 1))
    assert game.s.round == 2
    game.apply(0, DRAW)
    assert any(a.kind == "knock" for a in game.legal_actions(0))


def test_round_limit_shows_the_hands():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", max_rounds=2)
    for _ in range(4):
        seat = game.actors()[0]
        game.apply(seat, DRAW)
        events = game.apply(seat, discard_last(game, seat))
    assert game.is_over
    assert "Nobody knocked in 2 rounds: the hands are shown" in texts(events)


def play_without_knocking(game: KnockPoker, turns: int) -> list:
    events = []
    for _ in range(turns):
        if game.is_over:
            break
        seat = game.actors()[0]
        events += game.apply(seat, DRAW)
        events += game.apply(seat, discard_last(game, seat))
    return events


def test_empty_stock_reshuffles_the_discard_pile_under_its_top():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", max_rounds=100)
    events = play_without_knocking(game, 41)  # 41 cards in the stock after the deal and the up card
    assert "The stock is empty: the discard pile is shuffled into a new stock" in texts(events)
    assert game.s.reshuffles == 1 and len(game.s.discard) == 1
    assert len(game.s.stock) == 41 and not game.is_over
    assert sorted(c.code for c in game.cards()) == sorted(c.code for c in standard_deck())


def test_house_rule_empty_stock_ends_the_game():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", max_rounds=100, empty_stock="showdown")
    events = play_without_knocking(game, 41)
    assert game.is_over
    assert "The stock is empty: the hands are shown" in texts(events)


def test_only_one_player_knocks():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", "8c 8d 8h 9c 9d")
    game.apply(0, DRAW)
    game.apply(0, knock(game.s.hands[0][-1].code))
    game.apply(1, DRAW)
    assert not game.view(1).may_knock
    with pytest.raises(IllegalAction):
        game.apply(1, knock(game.s.hands[1][-1].code))


def test_illegal_moves_change_nothing():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h")
    before = game.to_json()
    for seat, action in ((1, DRAW), (0, discard("As")), (0, knock("As")), (0, discard("2d"))):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert game.to_json() == before


def test_save_round_trip_mid_turn_and_corrupt_saves():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", up="10s")
    game.apply(0, TAKE)
    loaded = SPEC.from_json(game.to_json())
    assert loaded.s == game.s
    loaded.apply(0, discard("9s"))
    data = json.loads(game.to_json())
    data["state"]["hands"][1].append("10s")
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["state"]["knocker"] = 7
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["state"]["phase"] = "draw"
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_you_read_in_the_second_person():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", up="10s")
    events = turn(game, TAKE, knock("9s"))
    names = ["You", "Bob"]
    assert [fill(e.text, names, e.seat, e.target) for e in events] == [
        "You take the 10♠ from the discard pile",
        "You discard the 9♠ and knock: one more turn each",
    ]


@pytest.mark.parametrize("players", [2, 6])
def test_player_range(players):
    game = SPEC.new(players, seed=3)
    assert len(game.s.hands) == players and len(game.s.stock) == 52 - 5 * players - 1


def test_the_view_remembers_public_moves_and_the_pile_under_the_top():
    game = new("As Ks Qs Js 9s", "2d 3d 4d 5d 7h", up="10s", stock="6h")
    turn(game, TAKE, discard("9s"))
    turn(game, DRAW, discard("7h"))
    view = game.view(0)
    assert view.discard_top == C("7h") and view.dead == [C("9s")]
    assert [(m.seat, m.kind, m.card) for m in view.moves] == [
        (0, "take", C("10s")),
        (0, "discard", C("9s")),
        (1, "draw", None),
        (1, "discard", C("7h")),
    ]
    assert view.known == [[C("10s")], []]
    assert game.view(1).known == [[C("10s")], []]  # public to everyone
    assert "6h" not in game.view(0).model_dump_json()  # Bob's blind draw stays his secret
