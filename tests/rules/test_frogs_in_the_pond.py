"""Frogs in the Pond: each rule of the text (and each house rule) as a test on a fixed deal, and
the partnership set-up it shares with Cash (``rules._partners``).

With ``deck=`` there is no shuffle: cards go two at a time round the table from the dealer's
left (seat 0 first, in the order the players sit), then the next cards make the pond, top first.
"""

from __future__ import annotations

import json
import random

import pytest

from cardarcade.cards import Card, Rank, Suit, cards, standard_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules._partners import (
    chosen_sides,
    describe_sides,
    draw_cards,
    draw_sides,
    partners_of,
    seating,
)
from cardarcade.rules._tricks import play
from cardarcade.rules.frogs_in_the_pond import FrogsInThePond, FrogsSearch, card_points

SPEC = GAMES["frogs-in-the-pond"]
C = Card.parse

# Four players (the 2♣ and 2♦ are out): ten cards each, then the ten frogs.
FOUR = (
    "Ah Kh 3h 4h 5s 6s 7s 8s 9s 10s",
    "Qh Jh 2h 6h Ks Qs Js 3s 4s 2s",
    "10h 9h 8h 7h As 5d 6d 7d 8d 9d",
    "Ac Kc Qc Jc 10c 9c 8c 7c 6c 5c",
)
FOUR_POND = "10d 5h Ad Kd Qd Jd 4d 3d 3c 4c"


def deck(hands: tuple[str, ...], pond: str, rest: str = "", ring: list[int] | None = None) -> list[Card]:
    """The order to deal ``hands`` (by seat) two at a time round ``ring`` from seat 0, then the pond."""
    dealt = [cards(h) for h in hands]
    ring = ring or list(range(len(hands)))
    size = len(dealt[0])
    out: list[Card] = []
    for start in range(0, size, 2):
        for seat in ring:
            out += dealt[seat][start : start + 2]
    return out + cards(pond) + cards(rest)


def new(hands=FOUR, pond=FOUR_POND, rest="", ring=None, **options) -> FrogsInThePond:
    if len(hands) == 4:
        options.setdefault("partners", "chosen")
    return SPEC.new(len(hands), seed=0, deck=deck(hands, pond, rest, ring), options=options)


def play_cards(game: FrogsInThePond, *codes: str) -> list:
    events = []
    for code in codes:
        events += game.apply(game.actors()[0], play(C(code)))
    return events


# ---------------------------------------------------------------- the partnership set-up


def test_a_draw_of_two_red_and_two_black_cards_makes_the_sides():
    packet = draw_cards(4, 2)
    assert sorted(c.is_red for c in packet) == [False, False, True, True]
    for seed in range(30):
        sides, drawn = draw_sides(4, 2, random.Random(seed))
        assert sorted(sides) == [0, 0, 1, 1] and sides[0] == 0
        for p in range(4):  # partners drew the same colour
            assert all(drawn[q].is_red == drawn[p].is_red for q in partners_of(sides, p))
    # the draw is random: over many seeds seat 0 gets each of the others as partner
    assert {partners_of(draw_sides(4, 2, random.Random(s))[0], 0)[0] for s in range(30)} == {1, 2, 3}


def test_three_sides_draw_by_suit_and_sit_a_b_c_a_b_c():
    sides, _drawn = draw_sides(6, 3, random.Random(2))
    assert sorted(sides) == [0, 0, 1, 1, 2, 2]
    ring = seating(sides)
    assert [sides[p] for p in ring] == [0, 1, 2, 0, 1, 2] and ring[0] == 0


def test_chosen_partners_sit_opposite_and_the_sides_alternate():
    sides = chosen_sides(4, 1)  # person 0 with person 1
    assert sides == [0, 0, 1, 1]
    assert seating(sides) == [0, 2, 1, 3]  # A B A B: 0 and 1 opposite
    assert describe_sides(sides, ["Ann", "Bo", "Cy", "Di"]) == "Ann and Bo against Cy and Di"
    with pytest.raises(ValueError):
        chosen_sides(4, 0)


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize(
    ("players", "pack", "size", "aside"), [(2, 52, 10, 22), (3, 52, 13, 0), (4, 50, 10, 0), (5, 48, 8, 0)]
)
def test_hand_and_pond_sizes_and_the_pack_for_each_number_of_players(players, pack, size, aside):
    game = SPEC.new(players, seed=4)
    assert len(game.cards()) == pack
    assert [len(h) for h in game.s.hands] == [size] * players and len(game.s.pond) == size
    assert len(game.s.aside) == aside
    if players == 4:
        assert C("2c") not in game.cards() and C("2d") not in game.cards() and C("2h") in game.cards()
    if players == 5:
        assert not any(c.rank is Rank.TWO for c in game.cards())


def test_the_deal_goes_two_at_a_time_from_the_dealers_left_and_that_player_leads():
    game = new()
    for seat in range(4):
        assert game.s.hands[seat] == cards(FOUR[seat])
    assert game.s.pond == cards(FOUR_POND) and game.s.dealer == 3 and game.actors() == [0]
    order = deck(FOUR, FOUR_POND)
    assert game.s.hands[0][:2] == order[:2] and game.s.hands[1][:2] == order[2:4]


def test_three_players_get_thirteen_dealt_in_twos_with_the_last_card_alone():
    rest = [c for c in standard_deck()]
    hands = tuple(" ".join(c.code for c in rest[13 * i : 13 * i + 13]) for i in range(3))
    game = SPEC.new(3, seed=0, deck=deck(hands, " ".join(c.code for c in rest[39:])))
    assert [game.s.hands[p] for p in range(3)] == [cards(h) for h in hands]


# ---------------------------------------------------------------- the play


def test_follow_suit_ace_high_no_trumps_and_the_winner_fishes_the_top_frog():
    game = new()
    assert {a.cards[0] for a in game.legal_actions(0)} == set(cards(FOUR[0]))
    play_cards(game, "Kh")
    assert game.view(1).playable == cards("Qh Jh 2h 6h")
    events = play_cards(game, "Qh", "10h", "Ac")  # seat 3 has no hearts: the A♣ does nothing
    assert game.s.won[0] == cards("Kh Qh 10h Ac") and game.actors() == [0]
    assert game.s.frogs[0] == [C("10d")] and game.s.pond == cards(FOUR_POND)[1:]
    trick = next(e for e in events if e.kind == "trick")
    assert C("10d") not in trick.cards and "10♦" not in trick.text
    assert game.view(1).voids[3] == [Suit.HEARTS]


def test_the_frog_is_seen_by_its_taker_only_not_even_by_the_partner():
    game = new()
    play_cards(game, "Kh", "Qh", "10h", "Ac")
    assert game.view(0).my_frogs == [C("10d")]
    for seat in (1, 2, 3, None):  # seat 2 is seat 0's partner
        view = game.view(seat)
        assert view.my_frogs == [] and view.frog_counts == [1, 0, 0, 0]
        assert "10d" not in view.model_dump_json()


def test_a_revoke_is_allowed_costs_ten_points_and_shows_no_void():
    game = new()
    play_cards(game, "3h")
    revoke = play(C("Ks"))
    assert revoke in game.legal_actions(1) and C("Ks") in game.view(1).revoking
    events = game.apply(1, revoke)
    (said,) = [e for e in events if e.kind == "revoke"]
    assert (
        said.seat == 1
        and said.data["penalty"] == 10
        and "loses 10 points" in said.describe([f"P{i}" for i in range(8)])
    )
    assert game.view(0).voids[1] == [] and game.s.revokes == [1]
    assert game.hand_points()[1] == -10 + 0  # seat 1's side has taken nothing yet
    play_cards(game, "10h", "Ac")  # seat 2 wins with the 10♥
    assert game.s.last_winner == 2


def test_searches_play_without_revokes():
    game = new()
    play_cards(game, "3h")
    search = FrogsSearch(game.s.model_copy(deep=True))
    assert {a.cards[0] for a in search.legal_actions(1)} == set(cards("Qh Jh 2h 6h"))
    with pytest.raises(IllegalAction):
        search.apply(1, play(C("Ks")))


def test_illegal_moves_change_nothing():
    game = new()
    before = game.to_json()
    for seat, action in ((1, play(C("Qh"))), (0, play(C("Qh"))), (0, play(C("2c")))):
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert game.to_json() == before


# ---------------------------------------------------------------- scoring


def test_card_points_ten_five_ace_king_queen_jack_and_the_tadpole():
    assert [card_points(c, False) for c in cards("10h 5s Ad Kc Qh Js 9h 2c")] == [10, 5, 4, 3, 2, 1, 0, 0]
    assert card_points(C("Js"), True) == -10 and card_points(C("Jh"), True) == 1


def play_hand(game: FrogsInThePond, rng: random.Random) -> None:
    hand = game.s.hand_no
    while game.s.hand_no == hand and not game.is_over:
        seat = game.actors()[0]
        game.apply(seat, play(rng.choice(game.playable(seat))))


def test_partners_add_their_points_every_point_is_counted_and_the_deal_passes_left():
    game = new()
    play_hand(game, random.Random(1))
    assert game.s.last_hand is not None and sum(game.s.last_hand) == 100  # no revokes: all the points
    assert game.s.scores == game.s.last_hand and len(game.s.scores) == 2
    assert game.s.dealer == 0 and game.actors() == [1] and game.s.hand_no == 2
    assert [len(h) for h in game.s.hands] == [10] * 4 and len(game.s.pond) == 10 and not any(game.s.frogs)


def test_the_tadpole_house_rule_costs_its_taker_ten():
    plain, tadpole = new(), new(tadpole=True)
    play_hand(plain, random.Random(1))
    play_hand(tadpole, random.Random(1))
    assert sum(tadpole.s.last_hand) == 100 - 11  # the J♠ is -10 instead of 1


def test_game_to_the_target_highest_wins_and_partners_win_together():
    game = new(target=30)
    play_hand(game, random.Random(1))
    assert game.is_over
    top = max(game.s.scores)
    side = game.s.scores.index(top)
    assert game.result.winners == [p for p in range(4) if game.s.side[p] == side]
    assert game.result.scores == [float(game.s.scores[game.s.side[p]]) for p in range(4)]
    assert game.actors() == []


def test_a_game_ends_after_the_most_hands_allowed():
    game = new(target=1000, max_hands=2)
    rng = random.Random(2)
    play_hand(game, rng)
    assert not game.is_over
    play_hand(game, rng)
    assert game.is_over and "after 2 hands" in game.result.reason


def test_each_for_themself_with_two_three_or_five_and_at_four_by_house_rule():
    assert SPEC.new(3, seed=1).s.side == [0, 1, 2]
    game = SPEC.new(4, seed=1, options={"partners": "none"})
    assert game.s.side == [0, 1, 2, 3] and game.s.ring == [0, 1, 2, 3] and len(game.s.scores) == 4


def test_chosen_partners_sit_opposite_and_play_goes_round_the_table():
    game = new(ring=[0, 2, 1, 3], partner=2)  # seat 1 partners seat 2 (index 1)
    assert game.s.side == [0, 0, 1, 1] and game.s.ring == [0, 2, 1, 3]
    play_cards(game, "3h")
    assert game.actors() == [2]  # seat 2 (the third set up) sits to seat 0's left


def test_drawn_partners_come_from_the_seed_and_are_shown():
    game = SPEC.new(4, seed=9)
    view = game.view(0)
    assert view.partnership and len(view.drawn) == 4
    for p in range(4):
        partner = partners_of(view.side, p)[0]
        assert view.drawn[partner].is_red == view.drawn[p].is_red
        assert view.ring[(view.ring.index(p) + 2) % 4] == partner  # opposite


# ---------------------------------------------------------------- saves and searches


def test_save_round_trip_mid_trick_and_broken_saves():
    game = new()
    play_cards(game, "Kh", "Qh", "10h", "Ac", "3h")
    again = SPEC.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.actors() == [1]
    data = json.loads(game.to_json())
    data["state"]["ring"] = [0, 2, 1, 3]  # partners side by side
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["state"]["pond"] = data["state"]["pond"][1:]
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(data))


def test_determinize_keeps_what_the_seat_knows_and_deals_the_unseen_frogs_among_their_places():
    game = new()
    play_cards(game, "Kh", "Qh", "10h", "Ac")  # seat 0 fishes the 10♦; seat 3 shows out of hearts
    play_cards(game, "Ah")
    view = game.view(2)
    for seed in range(15):
        deal = FrogsInThePond.determinize(view, 2, random.Random(seed))
        assert deal.s.hands[2] == game.s.hands[2] and deal.s.frogs[2] == []
        assert sorted(c.code for c in deal.cards()) == sorted(c.code for c in game.cards())
        assert [len(h) for h in deal.s.hands] == [len(h) for h in game.s.hands]
        assert [len(f) for f in deal.s.frogs] == [1, 0, 0, 0] and len(deal.s.pond) == 9
        assert not any(c.suit is Suit.HEARTS for c in deal.s.hands[3])
    assert {FrogsInThePond.determinize(view, 2, random.Random(s)).s.frogs[0][0] for s in range(15)} != {C("10d")}


def test_a_refused_card_gets_the_follow_suit_rule_that_refuses_it():
    game = new()
    play_cards(game, "Kh")
    assert game.why_not(1, play(C("Ks"))) == "You must follow suit: play a heart"
    play_cards(game, "Qh", "10h")
    assert game.why_not(3, play(C("Ac"))) is None  # no hearts: any card goes
