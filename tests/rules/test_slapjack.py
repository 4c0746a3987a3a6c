"""Slapjack: one test per rule of the text, on fixed decks, plus the contract basics."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardarcade.cards import Card, Rank, cards, double_deck, standard_deck
from cardarcade.rules import GAMES, Action, IllegalAction
from cardarcade.rules.slapjack import RULES, Slapjack

SPEC = GAMES["slapjack"]
FLIP = Action("flip")


def slap(k: int) -> Action:
    return Action("slap", value=k)


def deck_for(players: int, tops: dict[int, str], decks: int = 1) -> list[Card]:
    """A full fixed deck whose round-robin deal gives each seat in ``tops`` those cards on top.

    Every other position is filled from the rest of the pack with non-jacks first, so no stray
    jack turns up early.
    """
    full = double_deck() if decks == 2 else standard_deck()
    wanted = {seat: cards(text) for seat, text in tops.items()}
    used = [c for cs in wanted.values() for c in cs]
    assert len(set(used)) == len(used)
    rest = [c for c in full if c not in used]
    filler = iter([c for c in rest if c.rank is not Rank.JACK] + [c for c in rest if c.rank is Rank.JACK])
    deck = []
    for j in range(len(full)):
        seat, rnd = j % players, j // players
        mine = wanted.get(seat, [])
        deck.append(mine[rnd] if rnd < len(mine) else next(filler))
    return deck


def new(players: int, tops: dict[int, str] | None = None, **options) -> Slapjack:
    game = SPEC.new(players, seed=0, options=options or None, deck=deck_for(players, tops or {}))
    assert isinstance(game, Slapjack)
    return game


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def conserved(game: Slapjack) -> None:
    game.check_loaded()
    n = 104 if game.s.options.decks == 2 else 52
    assert len(game.cards()) == n


def dump_out(game: Slapjack, seat: int) -> None:
    """``seat`` turns its whole stack out of turn (all dead cards)."""
    assert game.s.turn != seat
    while game.s.stacks[seat]:
        game.apply(seat, FLIP)


# ---------------------------------------------------------------- spec and deal


def test_spec() -> None:
    assert SPEC.id == "slapjack" and SPEC.title == "Slapjack" and SPEC.family == "reaction"
    assert (SPEC.min_players, SPEC.max_players, SPEC.default_players) == (2, 8, 4)
    assert SPEC.realtime and SPEC.claim_kinds == frozenset({"slap"})
    assert SPEC.game is Slapjack and Slapjack.spec is SPEC
    opts = SPEC.Options()
    assert (opts.decks, opts.slap_in, opts.max_flips) == (1, True, 2000)
    for name, info in SPEC.Options.model_fields.items():
        assert info.title and info.description, name
    assert "jack" in RULES.lower() and "Turn cap" in RULES


def test_deal_whole_deck_one_at_a_time_from_seat_0() -> None:
    deck = standard_deck()
    game = SPEC.new(3, seed=0, deck=deck)
    s = game.s
    assert [len(st) for st in s.stacks] == [18, 17, 17]  # uneven is fine
    assert s.stacks[0] == deck[0::3] and s.stacks[1] == deck[1::3] and s.stacks[2] == deck[2::3]
    assert s.pile == [] and s.stimulus == 0 and s.turn == 0
    assert game.actors() == [0, 1, 2]
    assert game.legal_actions(0) == [FLIP]  # nothing to slap yet


def test_deal_uneven_with_five_and_shuffled_by_seed() -> None:
    game = SPEC.new(5, seed=11)
    assert [len(st) for st in game.s.stacks] == [11, 11, 10, 10, 10]
    assert Counter(game.cards()) == Counter(standard_deck())
    assert SPEC.new(5, seed=11).to_json() == game.to_json()
    assert SPEC.new(5, seed=12).s.stacks != game.s.stacks


def test_two_decks_give_104_cards() -> None:
    game = SPEC.new(8, seed=3, options={"decks": 2})
    assert sorted(len(st) for st in game.s.stacks) == [13] * 8
    assert Counter(game.cards()) == Counter(double_deck())
    conserved(game)
    fixed = SPEC.new(2, seed=0, options={"decks": 2}, deck=double_deck())
    assert [len(st) for st in fixed.s.stacks] == [52, 52]
    assert fixed.s.stacks[1][0] == Card.parse("3c")


# ---------------------------------------------------------------- turns


def test_turns_go_clockwise_from_seat_0() -> None:
    game = new(3, {0: "2c 5c", 1: "3c 6c", 2: "4c 7c"})
    order = []
    for _ in range(6):
        seat = game.s.turn
        order.append(seat)
        events = game.apply(seat, FLIP)
        assert events[0].kind == "flip" and events[0].data["dead"] is False
    assert order == [0, 1, 2, 0, 1, 2]
    assert game.s.pile == cards("2c 3c 4c 5c 6c 7c")
    assert game.s.pile_by == [0, 1, 2, 0, 1, 2]
    assert game.s.stimulus == 6 and [len(st) for st in game.s.stacks] == [16, 15, 15]


def test_out_of_turn_flip_is_dead_and_turn_does_not_change() -> None:
    game = new(3, {0: "2c", 1: "3c", 2: "9d 4c"})
    events = game.apply(2, FLIP)  # seat 0 is to play
    assert events[0].kind == "flip" and events[0].data["dead"] is True and events[0].cards == (Card.parse("9d"),)
    assert game.s.turn == 0 and game.s.pile_dead == [True]
    assert game.view(1).top_dead is True and game.view(1).top_by == 2
    game.apply(0, FLIP)
    game.apply(1, FLIP)
    assert game.s.turn == 2  # the early card did not count as seat 2's turn
    game.apply(2, FLIP)
    assert game.s.pile_dead == [True, False, False, False]
    assert game.s.pile == cards("9d 2c 3c 4c")
    assert [len(st) for st in game.s.stacks] == [17, 16, 15]  # seat 2 paid a one-card fee
    assert game.s.turn == 0


def test_a_dead_card_says_plainly_what_it_cost() -> None:
    game = new(3, {0: "2c", 1: "3c", 2: "9d 4c"})
    events = game.apply(2, FLIP)
    assert events[0].describe(["Bot 1", "Bot 2", "You"]) == (
        "You turn up 9♦ out of turn: dead, worth nothing and lost to the pile"
    )


def test_beginners_rule_refuses_an_early_card_and_it_costs_nothing() -> None:
    game = new(3, {0: "2c", 1: "3c", 2: "9d 4c"}, forgive_early_flip=True)
    assert game.actors() == [0] and game.legal_actions(2) == []
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(2, FLIP)
    assert game.to_json() == before
    game.apply(0, FLIP)
    assert FLIP not in game.legal_actions(2) and game.legal_actions(2) == [slap(1)]  # a slap is always allowed
    game.apply(1, FLIP)
    assert game.apply(2, FLIP)[0].data["dead"] is False  # in turn as usual
    assert "refuses a card turned early" in RULES


def test_turn_skips_a_player_who_is_out() -> None:
    game = new(8)
    dump_out(game, 1)  # seat 1 turns all 7 of its cards out of turn
    assert not game.s.stacks[1] and game.s.turn == 0
    game.apply(0, FLIP)
    assert game.s.turn == 2
    with pytest.raises(IllegalAction):
        game.apply(1, FLIP)


def test_turn_player_who_runs_out_passes_the_turn() -> None:
    game = new(8)
    for _ in range(5):
        game.apply(7, FLIP)  # seat 7 has 6 cards; 1 left
    for seat in range(7):
        game.apply(seat, FLIP)
    assert game.s.turn == 7
    events = game.apply(7, FLIP)
    assert kinds(events) == ["flip", "out"] and events[1].seat == 7
    assert game.s.turn == 0 and game.view(0).out[7] is True


# ---------------------------------------------------------------- slapping jacks


def test_jack_slap_wins_the_whole_pile_to_the_bottom() -> None:
    game = new(3, {0: "5c 8c", 1: "Js", 2: "7d"})
    game.apply(0, FLIP)
    game.apply(1, FLIP)
    bottom_before = list(game.s.stacks[2])
    assert game.legal_actions(2) == [FLIP, slap(2)]
    events = game.apply(2, slap(2))
    assert kinds(events) == ["slap_win"] and events[0].seat == 2 and events[0].data["count"] == 2
    assert game.s.stacks[2] == bottom_before + cards("5c Js")
    assert game.s.pile == [] and game.view(0).pile_size == 0 and game.view(0).top is None
    assert game.s.pile_first == 3 and game.s.turn == 2
    conserved(game)


def test_a_lone_jack_slapped_is_said_as_one_card() -> None:
    game = new(3, {0: "Js"})
    game.apply(0, FLIP)
    [event] = game.apply(1, slap(1))
    assert event.describe(["Ada", "Bob", "Cy"]) == "Bob slaps the J♠ and takes 1 card"


def test_first_slap_wins_and_the_second_is_late_without_penalty() -> None:
    game = new(3, {0: "5c", 1: "Js"})
    game.apply(0, FLIP)
    game.apply(1, FLIP)
    assert kinds(game.apply(0, slap(2))) == ["slap_win"]
    counts = [len(st) for st in game.s.stacks]
    assert counts == [18 - 1 + 2, 16, 17]
    before = game.s.model_copy(deep=True)
    events = game.apply(2, slap(2))  # the same jack, processed second
    assert kinds(events) == ["late_slap"] and events[0].seat == 2
    assert [len(st) for st in game.s.stacks] == counts
    assert game.s.stacks == before.stacks and game.s.pile == before.pile


def test_stale_slap_at_a_covered_jack_still_wins_everything() -> None:
    game = new(3, {0: "5c", 1: "Js", 2: "7d"})
    game.apply(0, FLIP)
    game.apply(1, FLIP)
    game.apply(2, FLIP)  # the jack is covered before the slap is processed
    assert game.legal_actions(0) == [FLIP, slap(3)]
    events = game.apply(0, slap(2))  # the slap was pressed while the jack was on top
    assert kinds(events) == ["slap_win"] and events[0].data["count"] == 3
    assert game.s.stacks[0][-3:] == cards("5c Js 7d")
    assert len(game.s.stacks[0]) == 18 - 1 + 3


def test_false_slap_pays_the_player_of_the_slapped_card() -> None:
    game = new(3, {0: "5c", 1: "6c", 2: "9h 7d"})
    game.apply(0, FLIP)
    game.apply(1, FLIP)
    events = game.apply(2, slap(1))  # slaps seat 0's 5c
    assert kinds(events) == ["false_slap"] and events[0].seat == 2 and events[0].target == 0
    assert game.s.stacks[0][-1] == Card.parse("9h")
    assert game.s.stacks[2][0] == Card.parse("7d")
    assert [len(st) for st in game.s.stacks] == [18, 16, 16]
    assert game.s.pile == cards("5c 6c")  # the pile is untouched
    conserved(game)


def test_false_slap_on_your_own_card_pays_under_the_pile() -> None:
    game = new(3, {0: "5c 9h", 1: "Js"})
    game.apply(0, FLIP)
    events = game.apply(0, slap(1))
    assert kinds(events) == ["false_slap"] and events[0].target is None
    assert game.s.pile == cards("9h 5c") and game.s.pile_under == 1
    view = game.view(1)
    assert (
        view.pile_size == 2 and view.top == Card.parse("5c") and view.recent == cards("5c")
    )  # paid card stays face down
    assert len(game.s.stacks[0]) == 16
    game.apply(1, FLIP)  # the jack: stimulus 2 maps past the face-down card
    assert kinds(game.apply(2, slap(2))) == ["slap_win"]
    assert game.s.stacks[2][-3:] == cards("9h 5c Js")
    conserved(game)


def test_a_dead_jack_cannot_be_won_slapping_it_is_false() -> None:
    game = new(3, {1: "Js", 2: "4d"})
    game.apply(1, FLIP)  # out of turn: a dead jack
    assert game.s.jack_watch is None
    events = game.apply(2, slap(1))
    assert kinds(events) == ["false_slap"] and events[0].target == 1
    assert game.s.stacks[1][-1] == Card.parse("4d")
    assert game.s.pile == cards("Js") and [len(st) for st in game.s.stacks] == [18, 17, 16]


def test_false_slap_with_last_card_puts_you_out() -> None:
    game = new(3)
    for _ in range(16):
        game.apply(2, FLIP)  # seat 2: 17 cards, now 1
    events = game.apply(2, slap(16))  # its own dead card
    assert kinds(events) == ["false_slap", "out"]
    assert game.s.stacks[2] == [] and game.s.pile_under == 1 and not game.is_over


# ---------------------------------------------------------------- out, slapping in, shut out


def test_out_player_may_slap_in_and_come_back() -> None:
    game = new(8, {0: "Jh"})
    dump_out(game, 7)  # 6 dead cards, seat 7 is out
    assert game.view(7).out[7] and game.view(7).can_slap
    assert 7 in game.actors() and game.legal_actions(7) == [slap(6)]
    game.apply(0, FLIP)  # the jack, live
    events = game.apply(7, slap(7))
    assert kinds(events) == ["slap_win"] and events[0].data["slap_in"] is True and events[0].data["count"] == 7
    assert len(game.s.stacks[7]) == 7 and game.s.stacks[7][-1] == Card.parse("Jh")
    assert game.view(0).out[7] is False and game.legal_actions(7) == [FLIP, slap(7)]
    # back in: seat 7 plays in turn again
    for seat in range(1, 7):
        game.apply(seat, FLIP)
    assert game.s.turn == 7


def test_no_slapping_in_when_the_option_is_off() -> None:
    game = new(8, {0: "Jh"}, slap_in=False)
    dump_out(game, 7)
    game.apply(0, FLIP)
    assert 7 not in game.actors() and game.legal_actions(7) == [] and not game.view(7).can_slap
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(7, slap(7))
    assert game.to_json() == before
    game.apply(1, FLIP)
    assert game.s.shut[7] is False  # the missed-jack rule belongs to slapping in


def test_slap_in_refused_when_fewer_than_two_hold_cards() -> None:
    game = new(3, {0: "Jh"})
    dump_out(game, 2)
    assert game.legal_actions(2) == [slap(17)]
    dump_out(game, 1)  # seat 0 alone holds cards: the game is decided
    assert game.is_over
    for seat in (1, 2):
        assert game.legal_actions(seat) == []
        with pytest.raises(IllegalAction):
            game.apply(seat, slap(game.stimulus))
    assert not game.may_slap(2) and not game.view(2).can_slap


def test_false_slap_while_out_shuts_you_out_for_good() -> None:
    game = new(8, {0: "5c", 1: "Jd"})
    dump_out(game, 7)
    game.apply(0, FLIP)
    events = game.apply(7, slap(7))  # the 5c
    assert kinds(events) == ["false_slap", "shut_out"] and events[0].target is None
    assert game.s.shut[7] and [len(st) for st in game.s.stacks[:2]] == [6, 7]  # nobody was paid
    game.apply(1, FLIP)  # a jack now, but seat 7 may never act again
    assert 7 not in game.actors() and game.legal_actions(7) == [] and not game.view(7).can_slap
    with pytest.raises(IllegalAction):
        game.apply(7, slap(8))


def test_missed_jack_while_out_shuts_out_at_the_next_flip() -> None:
    game = new(8, {0: "Jc"})
    dump_out(game, 6)  # 6 cards
    dump_out(game, 7)  # 6 cards
    game.apply(0, FLIP)  # stimulus 13: the jack
    assert game.stimulus == 13
    game.apply(2, slap(13))  # seat 2 wins it
    game.apply(6, slap(13))  # seat 6 slapped too, just too late: that counts as slapping
    assert game.s.shut == [False] * 8  # not decided until the next card
    events = game.apply(1, FLIP)
    shut = [e.seat for e in events if e.kind == "shut_out"]
    assert shut == [7] and events[-1].kind == "flip"
    assert game.s.shut == [False] * 7 + [True]
    assert 7 not in game.actors() and 6 in game.actors()


def test_false_slap_owed_to_a_shut_out_player_goes_under_the_pile() -> None:
    game = new(3, {0: "2c", 1: "9s 8s"})
    for _ in range(16):
        game.apply(2, FLIP)  # seat 2 turns 16 of its 17 cards, dead
    game.apply(0, FLIP)  # 2c, stimulus 17
    game.apply(2, FLIP)  # seat 2 is out
    assert kinds(game.apply(2, slap(17))) == ["false_slap", "shut_out"]
    events = game.apply(1, slap(1))  # slaps a card seat 2 turned
    assert kinds(events) == ["false_slap"] and events[0].target is None
    assert game.s.stacks[2] == [] and game.s.pile[0] == Card.parse("9s") and game.s.pile_under == 1
    conserved(game)


def test_false_slap_owed_to_an_out_player_brings_them_back() -> None:
    game = new(3, {1: "9s"})
    dump_out(game, 2)
    events = game.apply(1, slap(1))
    assert events[0].target == 2
    assert game.s.stacks[2] == cards("9s") and 2 in game.actors() and game.legal_actions(2)[0] == FLIP


# ---------------------------------------------------------------- the end


def test_game_ends_when_one_player_holds_cards_and_they_take_the_pile() -> None:
    game = new(2)
    for _ in range(25):
        game.apply(1, FLIP)
    assert not game.is_over
    events = game.apply(1, FLIP)
    assert kinds(events) == ["flip", "out", "game_over"]
    assert game.is_over and game.result.winners == [0] and game.actors() == []
    assert len(game.s.stacks[0]) == 52 and game.s.pile == [] and game.s.stacks[1] == []
    assert game.result.scores == [52.0, 0.0] and game.result.ranking == [0, 1]
    assert game.result.score_name == "cards"
    assert game.result.describe(["Ada", "Bo"]) == "Ada wins with every card"
    for seat in (0, 1):
        assert game.legal_actions(seat) == []
    with pytest.raises(IllegalAction):
        game.apply(0, FLIP)
    conserved(game)


def test_turn_cap_ends_with_most_cards() -> None:
    game = SPEC.new(2, seed=0, options={"decks": 2, "max_flips": 50}, deck=double_deck())
    game.apply(0, FLIP)  # 2c
    game.apply(1, slap(1))  # a false slap: seat 1 pays seat 0 a card
    for _ in range(49):
        assert not game.is_over
        game.apply(game.s.turn, FLIP)
    assert game.stimulus == 50 and game.is_over
    assert [len(st) for st in game.s.stacks] == [28, 26]
    assert game.result.winners == [0] and game.result.scores == [28.0, 26.0] and game.result.ranking == [0, 1]
    assert "50-card limit" in game.result.reason
    assert game.actors() == []
    conserved(game)


def test_turn_cap_with_equal_holdings_is_a_draw() -> None:
    game = SPEC.new(2, seed=0, options={"max_flips": 50}, deck=standard_deck())
    for _ in range(50):
        game.apply(game.s.turn, FLIP)
    assert game.is_over and game.result.winners == [0, 1] and game.result.is_draw
    assert [len(st) for st in game.s.stacks] == [1, 1]


# ---------------------------------------------------------------- contract


def test_illegal_actions_raise_and_change_nothing() -> None:
    game = new(4, {0: "5c"})
    dump_out(game, 3)  # seat 3 out (13 dead cards)
    game.apply(0, FLIP)
    bad = [
        (3, FLIP),  # no cards to turn
        (0, slap(0)),
        (0, slap(game.stimulus + 1)),
        (0, Action("slap")),
        (0, Action("slap", value="3")),
        (0, Action("slap", value=True)),
        (0, Action("slap", value=1, target=1)),
        (0, Action("flip", value=1)),
        (0, Action("flip", cards=(Card.parse("5c"),))),
        (0, Action("snap", value=1)),
        (-1, FLIP),
        (4, FLIP),
        (4, slap(1)),
    ]
    before = game.to_json()
    for seat, action in bad:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
        assert game.to_json() == before, (seat, action)
    # stale but valid values are accepted by is_legal though not enumerated
    assert game.is_legal(1, slap(1)) and slap(1) not in game.legal_actions(1)


def test_actors_are_holders_and_slap_in_candidates() -> None:
    game = new(4)
    dump_out(game, 2)
    assert game.actors() == [0, 1, 2, 3]
    assert game.legal_actions(2) == [slap(13)]
    game2 = new(4)
    assert game2.actors() == [0, 1, 2, 3] and game2.legal_actions(3) == [FLIP]


def test_view_hides_the_stacks() -> None:
    game = new(3, {0: "5c", 1: "6c", 2: "7c"})
    for seat in range(3):
        game.apply(seat, FLIP)
    game.apply(0, FLIP)
    view = game.view(0)
    assert view.counts == [16, 16, 16] and view.pile_size == 4 and view.turn == 1
    assert view.top == game.s.pile[-1] and view.top_by == 0 and view.top_dead is False
    assert view.recent == cards("5c 6c 7c") + [game.s.pile[-1]] and view.recent_dead == [False] * 4
    assert view.stimulus == 4 and view.can_slap and view.shut == [False] * 3 and view.out == [False] * 3
    text = view.model_dump_json()
    shown = {c.code for c in view.recent}
    for stack in game.s.stacks:
        for card in stack:
            if card.code not in shown:
                assert f'"{card.code}"' not in text
    assert game.view(None).can_slap is False
    assert len(game.view(2).recent) == 4
    game.apply(1, FLIP)
    assert len(game.view(2).recent) == 4 and game.view(2).recent[0] == Card.parse("6c")


def test_json_round_trip_and_identical_continuation() -> None:
    game = new(4, {0: "5c 3h", 2: "Jd"})
    game.apply(0, FLIP)
    game.apply(0, slap(1))  # paid under the pile
    game.apply(2, FLIP)  # not seat 2's turn: a dead jack
    dump_out(game, 3)
    assert game.s.pile_under == 1 and game.s.pile_dead[:3] == [True, False, True]
    text = game.to_json()
    assert json.loads(text)["game"] == "slapjack"
    loaded = SPEC.from_json(text)
    assert loaded.to_json() == text
    rng = random.Random(5)
    while not game.is_over:
        seat = rng.choice(game.actors())
        action = rng.choice(game.legal_actions(seat))
        assert [e.text for e in game.apply(seat, action)] == [e.text for e in loaded.apply(seat, action)]
        assert loaded.to_json() == game.to_json()
    assert loaded.result == game.result


def test_random_play_conserves_cards_and_ends() -> None:
    for seed in range(30):
        players = 2 + seed % 7
        game = SPEC.new(players, seed=seed, options={"decks": 1 + seed % 2, "max_flips": 300})
        rng = random.Random(seed)
        steps = 0
        while not game.is_over:
            actors = game.actors()
            assert actors
            seat = rng.choice(actors)
            legal = game.legal_actions(seat)
            assert legal
            game.apply(seat, rng.choice(legal))
            steps += 1
            assert not any(sh and st for sh, st in zip(game.s.shut, game.s.stacks))
        conserved(game)
        assert game.actors() == [] and game.stimulus <= 300
        assert steps < 10_000


def test_a_view_is_a_snapshot_that_later_play_leaves_alone() -> None:
    game = new(8, {0: "5c", 1: "Jd"})
    dump_out(game, 7)
    game.apply(0, FLIP)
    before = game.view(0)
    counts, recent = list(before.counts), list(before.recent)
    game.apply(7, slap(7))  # shut out
    game.apply(1, FLIP)
    assert before.shut[7] is False and before.out[7] is True
    assert before.counts == counts and before.recent == recent and before.stimulus == 7
    assert game.view(0).shut[7] is True
