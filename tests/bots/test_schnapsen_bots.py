"""Schnapsen bots: they finish matches at every level, decide from their view alone, go out at
66 and never short of it, and the hard bot plays a known endgame exactly."""

from __future__ import annotations

import random

import pytest
from deals_searched import deals_searched

from cardarcade.bots import STRATEGY_LEVELS, Moment, Plan, Thinking, levels_for, make_bot
from cardarcade.bots.schnapsen import decide
from cardarcade.cards import Card, cards, schnapsen_deck
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action
from cardarcade.rules.schnapsen import EXCHANGE, OUT, PASS, Schnapsen, deck_for

SPEC = GAMES["schnapsen"]
C = Card.parse
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)


def new(
    h0: str = "Ah 10h Kh Qs Js",
    h1: str = "As 10s Ks Jh Qd",
    up: str = "Jc",
    stock: str = "Ac 10c Kc Qc Ad 10d Kd Jd Qh",
) -> Schnapsen:
    return SPEC.new(2, seed=0, deck=deck_for(h0, h1, up, stock))


def test_searching_bots_think_off_the_loop_and_easy_moves_at_once() -> None:
    game = new()
    assert isinstance(make_bot("schnapsen", 0, "easy", random.Random(0)).plans(game.view(0), NOW)[0], Plan)
    for level in ("medium", "hard"):
        (item,) = make_bot("schnapsen", 0, level, random.Random(0)).plans(game.view(0), NOW)
        assert isinstance(item, Thinking) and item.fallback in game.legal_actions(0)
        assert item.work(*item.args) in game.legal_actions(0)
    assert make_bot("schnapsen", 1, "hard", random.Random(0)).plans(game.view(1), NOW) == []


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards(level: str) -> None:
    one = new()
    other = new(h1="As 10s Ks Jh Kd", stock="Ac 10c Kc Qc Ad 10d Qd Jd Qh")  # the Q♦ and K♦ change places
    assert one.view(0) == other.view(0) and one.s.hands[1] != other.s.hands[1]
    assert decide(one.view(0), 0, level, seed=5) == decide(other.view(0), 0, level, seed=5)


def position(h0: str, h1: str, won0: str, won1: str, up: str | None, leader: int = 0) -> Schnapsen:
    """A consistent hand in progress: these hands and won piles (tricks in the order given, as
    pairs), the upcard (None: the stock is used up) and the rest in the stock."""
    game = new()
    s = game.s
    hands, w0, w1 = cards(h0), cards(won0), cards(won1)
    used = set(hands) | set(cards(h1)) | set(w0) | set(w1) | ({C(up)} if up else set())
    s.hands = [hands, cards(h1)]
    s.won = [w0, w1]
    s.tricks_won = [len(w0) // 2, len(w1) // 2]
    s.log = w0 + w1
    s.log_seats = [0, 1] * (len(s.log) // 2)
    s.upcard = C(up) if up else None
    if up:
        s.trump = s.upcard.suit
    s.stock = [c for c in schnapsen_deck() if c not in used]
    s.strict_from = None if up else 0
    s.leader = s.last_winner = leader
    s.final = not hands
    game.check_loaded()
    return game


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_every_level_goes_out_at_66_and_never_short_of_it(level: str) -> None:
    # seat 0 has won 11+10+11+10+4+3+4+2 = 55: not enough to go out
    game = position("Ah Kh Qs Js 10d", "As 10s Ks Jh Qd", "Ac 10c Ad 10h Kc Qc Kd Jd", "", up="Qh")
    assert decide(game.view(0), 0, level, seed=1) != OUT
    game.s.melds[0] = 20  # with a marriage scored: 75
    assert decide(game.view(0), 0, level, seed=1) == OUT


def test_hard_solves_a_played_out_stock_exactly() -> None:
    # The stock is used up (everything is known; clubs are trumps). Seat 0 has 11+10+4+11+10+4
    # = 50 and must win a trick: leading the A♣ (the top trump) wins one for sure, then goes out;
    # a plain lead would be trumped.
    game = position("Ac Ah Jd", "10c Kc Js", "As 10s Ks Ad 10d Kh", "10h Jc Qc Qs Jh Qh Kd Qd", up=None)
    assert decide(game.view(0), 0, "hard", seed=0) == play(C("Ac"))


@pytest.mark.parametrize("level", STRATEGY_LEVELS)
def test_after_the_last_trick_a_bot_declares_only_with_66(level: str) -> None:
    deck_cards = [c.code for c in schnapsen_deck()]
    game = position("", "", " ".join(deck_cards[:12]), " ".join(deck_cards[12:]), up=None, leader=0)
    mine = game.points(0)
    assert decide(game.view(0), 0, level) == (OUT if mine >= 66 else PASS)
    game.s.melds[0] = 66
    assert decide(game.view(0), 0, level) == OUT


def test_expert_spends_a_threatened_trump_ten_at_once_and_hard_does_not() -> None:
    # Diamonds are trumps and seat 0's 10♦ is known (it came from the exchange) with the A♦
    # still out: it falls to the ace sooner or later. Seat 1 leads the J♥; expert trumps it with
    # the 10♦ now (12 points), as its searches of thousands of play-outs judge best; hard,
    # looking less far ahead, throws the J♣ and keeps the ten.
    game = SPEC.new(
        2, seed=0, deck=deck_for("Kh Ks 10c Jd Ac", "10s Ad Kc Ah 10h", "10d", "Qs Qh Kd Qd Jh Jc Js Qc As")
    )
    for seat, action in [
        (0, play(C("Kh"))),
        (1, play(C("Kc"))),
        (0, EXCHANGE),
        (0, Action("marry", (C("Qs"), C("Ks")))),
        (1, play(C("Qh"))),
        (0, play(C("Ks"))),
        (1, play(C("10s"))),
        (1, play(C("Jh"))),
    ]:
        game.apply(seat, action)
    assert decide(game.view(0), 0, "hard", seed=0) == play(C("Jc"))
    assert decide(game.view(0), 0, "expert", seed=0) == decide(game.view(0), 0, "expert", seed=1) == play(C("10d"))


def test_hard_plays_at_a_table_as_measured_and_expert_searches_more(monkeypatch) -> None:
    # The levels are spaced by their work: hard's lighter search never grows at a live table (it
    # would close on expert), expert searches more than hard and goes on with the table's time.
    hard = deals_searched(monkeypatch, "schnapsen", new(), "hard", None)
    assert deals_searched(monkeypatch, "schnapsen", new(), "hard", 0.02) == hard
    expert = deals_searched(monkeypatch, "schnapsen", new(), "expert", None)
    assert expert >= 3 * hard
    assert deals_searched(monkeypatch, "schnapsen", new(), "expert", 0.02) > expert


def test_expert_is_offered_in_the_set_up() -> None:
    assert levels_for(SPEC) == ("easy", "medium", "hard", "expert")
