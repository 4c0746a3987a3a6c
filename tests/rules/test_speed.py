"""Speed: one test per rule of the text (and per house clarification), on fixed deals."""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES, Action, BadSave, IllegalAction
from cardarcade.rules.speed import RULES, Speed, fits

SPEC = GAMES["speed"]
FLIP = Action("flip")


def speed_deck(
    hand0: str, hand1: str, piles: str, stock0: str = "", stock1: str = "", talon0: str = "", talon1: str = ""
) -> list[Card]:
    """A whole pack dealt as the text says: hands of five and stocks of fifteen round robin (seat 0
    first), the two talons of five, then the two centre cards. Unnamed places take the other cards
    in pack order."""
    named = {
        "hand0": cards(hand0),
        "hand1": cards(hand1),
        "stock0": cards(stock0),
        "stock1": cards(stock1),
        "talon0": cards(talon0),
        "talon1": cards(talon1),
        "piles": cards(piles),
    }
    used = [c for cs in named.values() for c in cs]
    assert len(set(used)) == len(used)
    filler = iter([c for c in standard_deck() if c not in used])

    def take(name: str, count: int) -> list[Card]:
        mine = named[name]
        return mine + [next(filler) for _ in range(count - len(mine))]

    hands = [take("hand0", 5), take("hand1", 5)]
    stocks = [take("stock0", 15), take("stock1", 15)]
    deck = [hands[i % 2][i // 2] for i in range(10)] + [stocks[i % 2][i // 2] for i in range(30)]
    return deck + take("talon0", 5) + take("talon1", 5) + take("piles", 2)


def new(*args, options=None, **kwargs) -> Speed:
    game = SPEC.new(2, seed=0, options=options, deck=speed_deck(*args, **kwargs))
    assert isinstance(game, Speed)
    return game


def play(game: Speed, seat: int, card: str, pile: int, seen: int | None = None):
    return game.apply(seat, Action("play", tuple(cards(card)), pile, game.s.stimulus if seen is None else seen))


def codes(cs) -> str:
    return " ".join(c.code for c in cs)


def test_the_deal_hands_of_five_stocks_of_fifteen_talons_of_five_and_two_centre_cards():
    game = new("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "9h 9s", talon0="Ks Qs Js 10s 8s")
    view = game.view(0)
    assert codes(view.hand) == "2c 3c 4c 5c 6c" and view.hand_sizes == [5, 5]
    assert view.stock_sizes == [15, 15] and view.talon_sizes == [5, 5]
    assert codes(view.tops) == "9h 9s" and view.pile_sizes == [1, 1]
    assert game.view(1).hand[0].code == "2d"
    assert game.view(None).hand == [], "a spectator sees no hand"
    assert len(game.cards()) == 52


def test_a_card_one_rank_up_or_down_goes_on_either_pile_and_the_hand_refills_from_the_stock():
    game = new("8c 10c 2c 3c 4c", "2d 3d 4d 5d 6d", "9h Js", stock0="Kh")
    legal = game.legal_actions(0)
    assert {(a.card.code, a.target) for a in legal} == {("8c", 0), ("10c", 0), ("10c", 1)}
    events = play(game, 0, "10c", 1)
    assert events[0].kind == "play" and game.view(0).tops[1].code == "10c"
    assert codes(game.view(0).hand) == "8c Kh 2c 3c 4c", "the stock's top card takes the played card's place"
    assert game.view(0).stock_sizes[0] == 14


def test_a_card_that_does_not_fit_is_refused_and_changes_nothing():
    game = new("8c 10c 2c 3c 4c", "2d 3d 4d 5d 6d", "9h Js")
    before = game.to_json()
    with pytest.raises(IllegalAction):
        play(game, 0, "2c", 0)  # a 2 on a 9
    with pytest.raises(IllegalAction):
        play(game, 1, "8c", 0)  # not in that hand
    assert game.to_json() == before


@pytest.mark.parametrize("card, top", [("Ac", "Kh"), ("Kc", "Ah"), ("2c", "Ah"), ("Ac", "2h"), ("Qc", "Kh")])
def test_ranks_go_round_the_corner(card, top):
    assert fits(Card.parse(card), Card.parse(top))


@pytest.mark.parametrize("card, top", [("Kc", "2h"), ("9c", "9h"), ("3c", "Ah"), ("Jc", "Kh")])
def test_only_neighbouring_ranks_fit(card, top):
    assert not fits(Card.parse(card), Card.parse(top))


def test_both_play_at_once_with_no_turns():
    game = new("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h Js")
    assert game.actors() == [0, 1]
    play(game, 1, "Qd", 1)
    play(game, 0, "8c", 0)
    play(game, 1, "Kd", 1)
    assert codes(game.view(None).tops) == "8c Kd"


def test_two_plays_on_one_pile_the_earlier_stands_and_the_later_card_goes_back_to_its_hand():
    game = new("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h 2s")
    seen = game.s.stimulus
    play(game, 1, "10d", 0, seen)  # the earlier press, applied first
    events = play(game, 0, "8c", 0, seen)  # pressed on the same 9, a moment later
    assert events[0].kind == "play_late" and events[0].target == 1
    assert "takes back the 8♣" in events[0].describe(
        [f"P{i}" for i in range(8)]
    ) and "was first on the left pile" in events[0].describe([f"P{i}" for i in range(8)])
    assert events[0].data["beaten"] == game.s.placed_k[0], "the stimulus the quicker play made"
    assert game.view(None).tops[0].code == "10d"
    assert "8c" in codes(game.view(0).hand) and game.view(0).stock_sizes[0] == 15


def test_a_play_on_the_other_pile_does_not_make_a_play_late():
    game = new("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h Js")
    seen = game.s.stimulus
    play(game, 1, "Qd", 1, seen)
    assert play(game, 0, "8c", 0, seen)[0].kind == "play"


def test_when_both_are_blocked_a_counted_flip_turns_a_card_from_each_talon():
    game = new("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "9h 9s", talon0="10s", talon1="7d")
    assert game.s.blocked and game.actors() == [0, 1]
    assert game.counted_move() == (0, FLIP)
    assert game.legal_actions(0) == [FLIP] and game.legal_actions(1) == [FLIP]
    with pytest.raises(IllegalAction):
        play(game, 0, "2c", 0)
    events = game.apply(0, FLIP)
    assert events[-1].kind == "flip" and "3, 2, 1" in events[-1].text
    assert codes(game.view(None).tops) == "10s 7d" and game.view(None).talon_sizes == [4, 4]
    assert game.s.flips == 1 and game.counted_move() is None


def test_a_flip_that_leaves_both_blocked_is_followed_by_another():
    game = new("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "9h 9s", talon0="10s 8h", talon1="10h 7d")
    game.apply(0, FLIP)
    assert game.s.blocked, "10 and 10: still nobody can play"
    game.apply(1, FLIP)
    assert codes(game.view(None).tops) == "8h 7d" and not game.s.blocked


def test_an_exhausted_talon_is_rebuilt_by_shuffling_the_centre_pile_on_its_side():
    game = new("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "9h 9s", talon0="10s 10h 10d 10c Js", talon1="9d 9c Qs Qh Qd")
    for _ in range(5):
        game.apply(0, FLIP)
    assert game.view(None).talon_sizes == [0, 0] and game.view(None).pile_sizes == [6, 6]
    events = game.apply(0, FLIP)
    assert [e.kind for e in events] == ["rebuild", "rebuild", "flip"]
    assert game.view(None).talon_sizes == [5, 5] and game.view(None).pile_sizes == [1, 1]
    assert len(game.cards()) == 52


def test_the_first_out_of_hand_and_stock_wins():
    # Seat 0's stock goes to seat 1 (the pack stays whole): seat 0 has only its hand to play.
    game = new("3c 4c 5c 6c 7c", "Kd Kh Ks Qd Qh", "2h Jc")
    s = game.s
    s.stocks[1].extend(s.stocks[0])
    s.stocks[0].clear()
    for card in ("3c", "4c", "5c", "6c"):
        play(game, 0, card, 0)
    assert not game.is_over
    events = play(game, 0, "7c", 0)
    assert events[-1].kind == "game_over" and game.result.winners == [0]
    assert game.result.scores == [0.0, 35.0] and game.result.low_wins
    assert game.actors() == []


def test_the_flip_limit_ends_a_game_with_fewer_cards_left_winning():
    game = new(
        "2c 3c 4c 5c 6c",
        "2d 3d 4d 5d 6d",
        "9h 9s",
        talon0="10s 10h 10d 10c Js",
        talon1="9d 9c Qs Qh Qd",
        options={"flip_limit": 5},
    )
    game.s.stocks[1].append(game.s.stocks[0].pop())  # seat 0 has one card fewer to go
    for _ in range(5):
        game.apply(0, FLIP)
    events = game.apply(0, FLIP)
    assert events[-1].kind == "game_over" and game.result.winners == [0]
    assert "5-flip limit" in game.result.reason


def test_a_saved_game_loads_and_a_tampered_one_is_refused():
    game = new("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h Js")
    play(game, 0, "8c", 0)
    copy = SPEC.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    data = json.loads(game.to_json())
    data["state"]["hands"][0] = data["state"]["hands"][0][:3]  # a short hand while the stock has cards
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["state"]["blocked"] = True
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_the_rules_state_the_departures():
    for words in (
        "round the corner",
        "3, 2, 1",
        "earlier press",
        "Refilling is done for you",
        "Flip limit",
        "see each other's hands",
    ):
        assert words in RULES
