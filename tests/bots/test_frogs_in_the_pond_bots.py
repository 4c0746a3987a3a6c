"""Frogs in the Pond bots: they finish games at every level, decide from their view alone (the
frogs others took never enter a decision), never revoke, and play as a partner would."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import STRATEGY_LEVELS, Moment, Plan, Thinking, levels_for, make_bot
from cardarcade.bots.frogs_in_the_pond import decide
from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.frogs_in_the_pond import quick_card
from cardarcade.table.simulate import play_headless
from tests.rules.test_frogs_in_the_pond import FOUR, deck, new, play_cards

SPEC = GAMES["frogs-in-the-pond"]
C = Card.parse
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)
ALL_LEVELS = (*STRATEGY_LEVELS, "expert")


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_no_level_revokes_in_a_whole_game(level: str) -> None:
    result, table = play_headless(SPEC, [level, "easy"], seed=2, options={"target": 10})
    assert result is not None and table.game.is_over
    assert table.game.s.revokes == [] or table.game.s.hand_no > 1  # this hand's record: nobody revoked


def test_searching_bots_think_off_the_loop_and_easy_moves_at_once() -> None:
    game = new()
    assert isinstance(make_bot(SPEC.id, 0, "easy", random.Random(0)).plans(game.view(0), NOW)[0], Plan)
    # medium and hard play the first tricks by their rule of thumb, as a person would, and search the
    # last ones (hard more of them); expert searches from the first card
    for level in ("medium", "hard"):
        assert isinstance(make_bot(SPEC.id, 0, level, random.Random(0)).plans(game.view(0), NOW)[0], Plan)
    late = new()
    while len(late.s.hands[late.actors()[0]]) > 4:
        late.apply(late.actors()[0], late.legal_actions(late.actors()[0])[0])
    for level, position in (("expert", game), ("medium", late), ("hard", late)):
        seat = position.actors()[0]
        (item,) = make_bot(SPEC.id, seat, level, random.Random(0)).plans(position.view(seat), NOW)
        assert isinstance(item, Thinking) and item.fallback in position.legal_actions(seat)
        assert item.work(*item.args) in position.legal_actions(seat)
    assert make_bot(SPEC.id, 1, "expert", random.Random(0)).plans(game.view(1), NOW) == []


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards_and_frogs(level: str) -> None:
    # seat 3 and the pond swap cards: seat 1 cannot tell the two games apart (seat 0's frog differs too)
    other_hands = (FOUR[0], FOUR[1], FOUR[2], "Ac Kc Qc Jc 10c 9c 8c 7c 6c 4c")
    games = [new(), new(other_hands, "Ad 5h 10d Kd Qd Jd 4d 3d 3c 5c")]
    for game in games:
        play_cards(game, "Kh", "Qh", "10h", "Ac", "3h")
    assert games[0].view(1) == games[1].view(1)
    assert games[0].s.frogs != games[1].s.frogs and games[0].s.hands != games[1].s.hands
    assert decide(games[0].view(1), 1, level, seed=4) == decide(games[1].view(1), 1, level, seed=4)


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_bots_never_revoke(level: str) -> None:
    game = new()
    play_cards(game, "3h")
    for seed in range(3):
        assert decide(game.view(1), 1, level, seed=seed).cards[0] in cards("Qh Jh 2h 6h")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_last_to_play_takes_a_trick_worth_sixteen_points(level: str) -> None:
    game = new()
    play_cards(game, "3h", "Qh", "7h", "Ac")  # seat 1 wins and leads
    play_cards(game, "Jh", "10h", "5c")  # J♥ 1 + 10♥ 10 + 5♣ 5, and a frog, for whoever takes it
    assert game.actors() == [0] and game.view(0).playable == cards("Ah Kh 4h")
    assert decide(game.view(0), 0, level, seed=1).cards[0] in cards("Ah Kh")


def test_the_easy_rule_gives_a_ten_to_the_partner_winning_the_trick() -> None:
    # seat 0 leads the A♥, which wins; seat 2 (its partner) has no hearts and holds the 10♠,
    # which the other side's higher spades would catch later
    hands = (
        "Ah Kh 3h 4h 5s 6s 7s 8s 9s 4s",
        "Qh Jh 2h 6h Ks Qs Js 3s As 10h",
        "10s 9c 3c 4c 2s 5d 6d 7d 8d 9d",
        "Ac Kc Qc Jc 10c 9h 8c 7c 6c 5c",
    )
    pond = "10d 5h Ad Kd Qd Jd 4d 3d 8h 7h"
    game = SPEC.new(4, seed=0, deck=deck(hands, pond), options={"partners": "chosen"})
    play_cards(game, "Ah", "2h")
    view = game.view(2)
    assert game.actors() == [2] and view.playable == game.s.hands[2]
    assert quick_card(view.playable, [t.card for t in view.trick], 0, view.side, 2, 4, False) == C("10s")


def test_expert_plays_its_lowest_spade_under_an_ace_it_cannot_beat() -> None:
    # Two players, the first deal of seed 0: seat 0 has led three aces. Under the A♠ seat 1's
    # spades all lose; the 4♠ gives nothing away, while the 7♠ and 8♠ may take a later spade
    # trick. The earlier hard bot (ISMCTS, 300 play-outs) threw the 8♠ at every seed.
    game = SPEC.new(2, seed=0)
    play_cards(game, "Ac", "2c", "Ah", "9h", "As")
    view = game.view(1)
    assert sorted(c.code for c in view.hand) == sorted(c.code for c in cards("8s 4s 7c Qh 9d 3d 10h 7s"))
    for seed in range(3):
        assert decide(view, 1, "expert", seed=seed) == play(C("4s"))


def test_hard_cashes_its_ace_on_the_opening_lead_where_expert_keeps_it() -> None:
    # Two players, the first deal of seed 4. Hard plays its first tricks as a good player does by
    # habit (an ace led at once takes a low card); expert searches from the first card and leads
    # a low spade, keeping the A♠ to take a trick worth more later.
    game = SPEC.new(2, seed=4)
    view = game.view(0)
    assert sorted(c.code for c in view.hand) == sorted(c.code for c in cards("4c 5d 5s 6s Ah As Jd Kh Qc Qh"))
    for seed in range(3):
        assert decide(view, 0, "hard", seed=seed) == play(C("As"))
        assert decide(view, 0, "expert", seed=seed) == play(C("6s"))


def test_expert_is_offered_in_the_set_up() -> None:
    assert levels_for(SPEC) == ("easy", "medium", "hard", "expert")
