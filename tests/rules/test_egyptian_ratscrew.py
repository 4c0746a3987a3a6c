"""Egyptian Ratscrew: one test per rule of the text and per house rule, on fixed decks."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardarcade.cards import Card, Rank, cards, standard_deck
from cardarcade.rules import GAMES, Action, BadSave, IllegalAction
from cardarcade.rules.egyptian_ratscrew import RULES, EgyptianRatscrew, is_sequence, pack_for, slap_pattern

SPEC = GAMES["egyptian-ratscrew"]
FLIP = Action("flip")
TAKE = Action("take")
DECLINE = Action("decline")
# Filler ranks three apart: no pairs, sandwiches or sequences turn up by accident.
FILLER_RANKS = [2, 5, 8, 3, 6, 9, 4, 7, 10]


def slap(k: int) -> Action:
    return Action("slap", value=k)


def deck_for(players: int, tops: dict[int, str], **options) -> list[Card]:
    """The game's full pack, dealt so each seat in ``tops`` holds those cards on top.

    Every other place gets number cards whose ranks never pair, sandwich or run with their
    neighbours; jokers and face cards come last, so no challenge starts by accident early on."""
    full = pack_for(SPEC.parse_options(options), players)
    wanted = {seat: cards(text) for seat, text in tops.items()}
    rest = Counter(full) - Counter(c for cs in wanted.values() for c in cs)
    assert sum(len(cs) for cs in wanted.values()) + sum(rest.values()) == len(full), "a wanted card twice"
    numbers = sorted(
        (c for c in rest.elements() if c.rank <= Rank.TEN),
        key=lambda c: (c.suit.value, c.back, FILLER_RANKS.index(int(c.rank))),
    )
    others = [c for c in rest.elements() if c.rank > Rank.TEN]
    filler = iter(numbers + sorted(others, key=lambda c: c.rank))
    deck = []
    for j in range(len(full)):
        seat, rnd = j % players, j // players
        mine = wanted.get(seat, [])
        deck.append(mine[rnd] if rnd < len(mine) else next(filler))
    return deck


def new(players: int, tops: dict[int, str] | None = None, **options) -> EgyptianRatscrew:
    game = SPEC.new(players, seed=0, options=options or None, deck=deck_for(players, tops or {}, **options))
    assert isinstance(game, EgyptianRatscrew)
    return game


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def counts(game: EgyptianRatscrew) -> list[int]:
    return [len(st) for st in game.s.stacks]


def conserved(game: EgyptianRatscrew) -> None:
    game.check_loaded()
    assert Counter(game.cards()) == Counter(pack_for(game.s.options, game.players))


def play(game: EgyptianRatscrew, *seats: int) -> list:
    """Each seat in turn plays its top card (live: it must be their turn)."""
    events = []
    for seat in seats:
        assert game.s.turn == seat and game.s.award is None, (seat, game.s.turn, game.s.award)
        events = game.apply(seat, FLIP)
        assert events[0].data["dead"] is False
    return events


def dump_out(game: EgyptianRatscrew, seat: int) -> None:
    """``seat`` turns its whole stack out of turn (dead cards)."""
    assert game.s.turn != seat
    while game.s.stacks[seat]:
        game.apply(seat, FLIP)


# ---------------------------------------------------------------- spec and deal


def test_spec_and_default_house_rules() -> None:
    assert (SPEC.id, SPEC.title, SPEC.family) == ("egyptian-ratscrew", "Egyptian Ratscrew", "reaction")
    assert (SPEC.min_players, SPEC.max_players) == (2, 8)
    assert SPEC.realtime and SPEC.claim_kinds == frozenset({"slap"})
    opts = SPEC.Options()
    assert (opts.decks, opts.jokers, opts.joker_slaps, opts.sandwiches, opts.sequences, opts.slap_in) == (
        1,
        0,
        True,
        False,
        False,
        True,
    )
    assert opts.max_flips == 3000
    for name, info in SPEC.Options.model_fields.items():
        assert info.title and info.description, name
    assert "Card limit" in RULES and "sandwich" in RULES and "decline" in RULES


def test_deal_one_at_a_time_from_the_dealers_left() -> None:
    deck = standard_deck()
    game = SPEC.new(3, seed=0, deck=deck)
    assert counts(game) == [18, 17, 17]
    assert game.s.stacks[1] == deck[1::3] and game.s.turn == 0
    assert game.legal_actions(0) == [FLIP] and game.actors() == [0, 1, 2]


def test_packs_and_jokers() -> None:
    assert Counter(SPEC.new(4, seed=1).cards()) == Counter(standard_deck())
    assert len(SPEC.new(8, seed=1, options={"decks": 2}).cards()) == 104
    two = SPEC.new(3, seed=1, options={"jokers": 2})
    assert sum(c.is_joker for c in two.cards()) == 2 and counts(two) == [18, 18, 18]
    even = SPEC.new(5, seed=1, options={"jokers": "even"})  # 52 + 3 = 55: eleven each
    assert counts(even) == [11] * 5 and sum(c.is_joker for c in even.cards()) == 3
    assert sum(c.is_joker for c in SPEC.new(4, seed=1, options={"jokers": "even"}).cards()) == 0
    assert "joker" in two.view(0).patterns and "joker" not in SPEC.new(3, seed=1).view(0).patterns


# ---------------------------------------------------------------- turns and challenges


def test_turns_go_clockwise() -> None:
    game = new(3)
    play(game, 0, 1, 2, 0, 1, 2)
    assert game.stimulus == 6 and len(game.s.pile) == 6 and game.s.pile_by == [0, 1, 2, 0, 1, 2]


@pytest.mark.parametrize("face, need", [("Jh", 1), ("Qh", 2), ("Kh", 3), ("Ah", 4)])
def test_a_face_card_or_ace_challenges_the_next_player(face: str, need: int) -> None:
    game = new(3, {0: face, 1: "2c 5c 8c 3c", 2: "4d"})
    events = play(game, 0)
    assert kinds(events) == ["flip", "challenge"] and events[1].target == 1 and events[1].data["need"] == need
    article = "an" if face == "Ah" else "a"
    assert events[1].describe(["Ada", "Bo", "Cy"]).startswith(f"Ada turns {article} ")
    assert (game.s.challenger, game.s.need, game.s.turn) == (0, need, 1)
    for _ in range(need - 1):
        play(game, 1)
        assert game.s.turn == 1  # still owes cards
    events = play(game, 1)
    assert kinds(events) == ["flip", "challenge_won"] and events[1].seat == 0
    assert game.s.award == 0 and game.actors() == [0, 1, 2] and TAKE in game.legal_actions(0)
    assert TAKE not in game.legal_actions(1)
    pile = list(game.s.pile)
    before = list(game.s.stacks[0])
    assert kinds(game.apply(0, TAKE)) == ["take"]
    assert game.s.stacks[0] == before + pile and game.s.pile == []
    assert game.s.turn == 0 and game.s.award is None and game.s.challenger is None  # the winner leads
    conserved(game)


def test_the_challenge_passes_on_when_answered_with_a_face_card() -> None:
    game = new(3, {0: "Qh", 1: "2c Kd", 2: "3c 6c 9c 4s"})
    play(game, 0, 1)
    events = play(game, 1)  # the king answers the queen
    assert kinds(events) == ["flip", "challenge"] and events[1].seat == 1 and events[1].target == 2
    assert (game.s.challenger, game.s.need, game.s.turn) == (1, 3, 2)
    play(game, 2, 2)
    events = play(game, 2)
    assert kinds(events) == ["flip", "challenge_won"] and events[1].seat == 1  # the latest face card wins
    game.apply(1, TAKE)
    assert counts(game) == [17, 17 - 2 + 6, 17 - 3]


def test_dead_cards_turned_out_of_turn_change_nothing() -> None:
    game = new(3, {0: "5c", 1: "Kh 7d", 2: "Ks"})
    events = game.apply(1, FLIP)  # seat 0 is to play: a dead king
    assert events[0].data["dead"] is True and kinds(events) == ["flip"]
    assert game.s.challenger is None and game.s.turn == 0 and game.view(2).top_dead
    play(game, 0)
    assert game.s.turn == 1  # seat 1 still plays in its turn
    play(game, 1)
    assert game.s.pile == cards("Kh 5c 7d") and game.s.pile_dead == [True, False, False]
    # a dead card during a challenge does not count towards it
    events = play(game, 2)
    assert game.s.challenger == 2 and game.s.need == 3
    game.apply(1, FLIP)
    assert game.s.need == 3 and game.s.turn == 0


def test_beginners_rule_refuses_early_cards_also_while_the_pile_waits_for_its_winner() -> None:
    game = new(2, {0: "Jh 2c", 1: "4d 6s"}, forgive_early_flip=True)
    with pytest.raises(IllegalAction):
        game.apply(1, FLIP)
    play(game, 0, 1)
    assert game.s.award == 0
    assert FLIP not in game.legal_actions(1) and FLIP not in game.legal_actions(0)
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(1, FLIP)
    assert game.to_json() == before
    game.apply(0, TAKE)
    assert FLIP in game.legal_actions(0)


def test_no_live_turn_while_the_pile_waits_for_its_winner() -> None:
    game = new(2, {0: "Jh 2c", 1: "4d 6s"})
    play(game, 0, 1)
    assert game.s.award == 0
    events = game.apply(1, FLIP)  # anyone turning now turns out of turn
    assert events[0].data["dead"] is True
    game.apply(0, FLIP)
    assert game.s.pile_dead[-2:] == [True, True] and game.s.award == 0


# ---------------------------------------------------------------- running out in a challenge


def test_out_mid_challenge_next_player_may_continue_with_the_cards_still_owed() -> None:
    game = new(3, {0: "Ah", 1: "3c", 2: "8d 5d 2s"})
    dump_out_but_one(game, 1)
    play(game, 0)  # the ace: seat 1 owes 4
    events = play(game, 1)  # its last card
    assert kinds(events) == ["flip", "out", "choice"] and events[2].seat == 2 and events[2].data["need"] == 3
    assert game.s.choice and game.s.turn == 2
    assert game.legal_actions(2) == [FLIP, DECLINE, slap(game.stimulus)]
    assert DECLINE not in game.legal_actions(0)
    play(game, 2, 2)
    assert game.s.need == 1 and not game.s.choice
    events = play(game, 2)
    assert kinds(events) == ["flip", "challenge_won"] and game.s.award == 0


def test_out_mid_challenge_next_player_may_decline() -> None:
    game = new(3, {0: "Kh", 1: "3c", 2: "8d"})
    dump_out_but_one(game, 1)
    play(game, 0, 1)
    assert game.s.choice and game.s.turn == 2
    events = game.apply(2, DECLINE)
    assert kinds(events) == ["decline", "challenge_won"] and events[1].seat == 0
    assert game.s.award == 0 and not game.s.choice and game.s.challenger is None
    size = len(game.s.pile)
    before = counts(game)
    game.apply(0, TAKE)
    assert counts(game) == [before[0] + size, 0, 17] and size == 2


def test_continuing_a_challenge_and_turning_a_face_card_passes_it_on() -> None:
    game = new(3, {0: "Kh", 1: "3c", 2: "Qd 9h 2h"})
    dump_out_but_one(game, 1)
    play(game, 0, 1)
    events = play(game, 2)  # goes on, and hits a queen
    assert kinds(events) == ["flip", "challenge"] and events[1].target == 0
    assert (game.s.challenger, game.s.need, game.s.turn, game.s.choice) == (2, 2, 0, False)


def test_running_out_by_a_penalty_mid_challenge_offers_the_choice() -> None:
    game = new(3, {0: "Qh", 1: "3c 4c", 2: "8d"})
    dump_out_but_one(game, 1, keep=2)
    play(game, 0, 1)  # 1 card still owed, seat 1 holds one card
    events = game.apply(1, slap(game.stimulus))  # a wrong slap costs its last card
    assert kinds(events) == ["false_slap", "out", "choice"] and game.s.turn == 2 and game.s.choice


def dump_out_but_one(game: EgyptianRatscrew, seat: int, keep: int = 1) -> None:
    """Leave ``seat`` only its top ``keep`` cards; the rest go under seat 0's stack (a short stack
    as if it had lost cards earlier)."""
    stack = game.s.stacks[seat]
    game.s.stacks[0].extend(stack[keep:])
    del stack[keep:]
    conserved(game)


# ---------------------------------------------------------------- slaps


def test_a_pair_slap_wins_the_whole_pile_and_the_slapper_leads() -> None:
    game = new(3, {0: "5c", 1: "5d", 2: "9h"})
    play(game, 0, 1)
    assert game.view(2).slappable == "pair"
    events = game.apply(2, slap(2))
    assert kinds(events) == ["slap_win"] and events[0].data["pattern"] == "pair" and events[0].data["count"] == 2
    assert "pair of 5s" in events[0].describe(["A", "B", "C"])
    assert game.s.stacks[2][-2:] == cards("5c 5d") and game.s.turn == 2 and game.s.pile == []
    conserved(game)


def test_a_slap_preempts_a_challenge() -> None:
    game = new(3, {0: "Kh", 1: "Kd", 2: "3s"})
    play(game, 0)
    play(game, 1)  # the king answers a king: a pair, and a new challenge for seat 2
    assert game.s.challenger == 1
    events = game.apply(2, slap(2))
    assert kinds(events) == ["slap_win"]
    assert game.s.challenger is None and game.s.need == 0 and game.s.turn == 2


def test_a_pair_on_the_last_card_of_a_lost_challenge_can_still_be_slapped() -> None:
    game = new(3, {0: "Qh", 1: "6c 6d"})
    play(game, 0, 1)
    events = play(game, 1)  # 6, 6: the queen's challenge is lost on a pair
    assert kinds(events) == ["flip", "challenge_won"] and game.s.award == 0
    events = game.apply(2, slap(game.stimulus))  # the slap beats the challenger's hand to the pile
    assert kinds(events) == ["slap_win"] and game.s.award is None and game.s.turn == 2
    assert TAKE not in game.legal_actions(0)
    assert counts(game) == [17, 15, 17 + 3]


def test_false_slap_pays_a_dead_card_face_down_under_the_pile() -> None:
    game = new(3, {0: "5c", 1: "8c", 2: "9h 7d"})
    play(game, 0, 1)
    events = game.apply(2, slap(2))
    assert kinds(events) == ["false_slap"] and events[0].seat == 2
    assert game.s.pile == cards("9h 5c 8c") and game.s.pile_dead[0] and game.s.pile_under == 1
    assert counts(game) == [17, 16, 16] and game.s.stacks[2][0] == Card.parse("7d")
    view = game.view(0)
    assert view.pile_size == 3 and view.recent == cards("5c 8c")  # the paid card stays face down
    play(game, 2)  # 7d; the pile goes on as before
    assert game.stimulus == 3 and game.s.turn == 0
    conserved(game)


def test_dead_cards_spoil_slap_patterns() -> None:
    game = new(3, {0: "5c", 1: "2s 8d", 2: "5d"})
    play(game, 0)
    game.apply(2, FLIP)  # 5d out of turn: a dead card on a live 5
    assert game.view(0).slappable is None
    assert kinds(game.apply(0, slap(2))) == ["false_slap"]
    play(game, 1)
    game2 = new(3, {0: "5c", 1: "5h", 2: "9d"})
    play(game2, 0)
    game2.apply(2, FLIP)  # dead 9 on top
    play(game2, 1)  # live 5 on a dead 9 on a live 5
    assert game2.view(0).slappable is None


def test_a_slap_aimed_at_a_covered_pair_still_wins() -> None:
    game = new(3, {0: "5c", 1: "5d", 2: "9h"})
    play(game, 0, 1, 2)  # the pair is covered before the slap is processed
    events = game.apply(0, slap(2))
    assert kinds(events) == ["slap_win"] and events[0].data["count"] == 3
    assert kinds(game.apply(1, slap(3))) == ["late_slap"]  # the pile is gone: simply late, no penalty
    assert counts(game) == [18 - 1 + 3, 16, 16]


def test_first_slap_wins_and_the_second_is_late() -> None:
    game = new(3, {0: "5c", 1: "5d"})
    play(game, 0, 1)
    assert kinds(game.apply(0, slap(2))) == ["slap_win"]
    before = counts(game)
    events = game.apply(2, slap(2))
    assert kinds(events) == ["late_slap"] and counts(game) == before


def test_sandwiches_only_by_house_rule() -> None:
    tops = {0: "7c", 1: "4d", 2: "7h"}
    game = new(3, tops)
    play(game, 0, 1, 2)
    assert game.view(0).slappable is None and kinds(game.apply(0, slap(3))) == ["false_slap"]
    game = new(3, tops, sandwiches=True)
    play(game, 0, 1, 2)
    assert game.view(0).slappable == "sandwich" and "sandwich" in game.view(0).patterns
    events = game.apply(1, slap(3))
    assert kinds(events) == ["slap_win"] and events[0].data["pattern"] == "sandwich"


@pytest.mark.parametrize(
    "run, ok",
    [
        ("4c 5d 6h", True),
        ("9c 8d 7h", True),
        ("Ac 2d 3h", True),
        ("Qc Kd Ah", True),
        ("3c 2d Ah", True),
        ("Kc Ad 2h", False),
        ("4c 5d 7h", False),
        ("4c 5d 4h", False),
        ("5c 5d 6h", False),
    ],
)
def test_sequence_shapes(run: str, ok: bool) -> None:
    assert is_sequence(*cards(run)) is ok


def test_sequences_only_by_house_rule() -> None:
    tops = {0: "4c", 1: "5d", 2: "6h"}
    game = new(3, tops)
    play(game, 0, 1, 2)
    assert game.view(0).slappable is None
    game = new(3, tops, sequences=True)
    play(game, 0, 1, 2)
    assert game.view(0).slappable == "sequence"
    assert kinds(game.apply(0, slap(3))) == ["slap_win"]


def test_longer_sequences_stay_slappable_card_after_card() -> None:
    game = new(2, {0: "4c 6h", 1: "5d 7s"}, sequences=True)
    play(game, 0, 1, 0)
    assert game.view(0).slappable == "sequence"
    play(game, 1)
    assert game.view(0).slappable == "sequence"  # 4-5-6-7


def test_jokers_are_slappable_and_challenge_nobody() -> None:
    game = new(3, {0: "Jk", 1: "3d"}, jokers=1)
    events = play(game, 0)
    assert kinds(events) == ["flip"] and game.s.challenger is None and game.s.turn == 1
    assert game.view(2).slappable == "joker"
    events = game.apply(2, slap(1))
    assert kinds(events) == ["slap_win"] and events[0].data["pattern"] == "joker"
    game = new(3, {0: "Jk"}, jokers=1, joker_slaps=False)
    play(game, 0)
    assert game.view(2).slappable is None and "joker" not in game.view(2).patterns
    assert kinds(game.apply(2, slap(1))) == ["false_slap"]
    assert slap_pattern(cards("Jk Jk"), [False, False], ["pair"]) == "pair"


# ---------------------------------------------------------------- out, slapping in, shut out


def test_out_player_may_slap_in() -> None:
    game = new(4, {0: "6c", 1: "6d"})
    dump_out(game, 3)
    assert game.view(3).out[3] and game.view(3).can_slap and game.legal_actions(3) == [slap(13)]
    play(game, 0, 1)
    events = game.apply(3, slap(15))
    assert kinds(events) == ["slap_win"] and events[0].data["slap_in"] is True
    assert "slaps in" in events[0].describe(["A", "B", "C", "D"])
    assert len(game.s.stacks[3]) == 15 and game.s.turn == 3


def test_a_false_slap_while_out_shuts_you_out_for_good() -> None:
    game = new(4, {0: "6c", 1: "7d"})
    dump_out(game, 3)
    play(game, 0, 1)
    events = game.apply(3, slap(15))
    assert kinds(events) == ["false_slap", "shut_out"] and game.s.shut[3]
    assert game.legal_actions(3) == [] and 3 not in game.actors()
    with pytest.raises(IllegalAction):
        game.apply(3, slap(15))
    conserved(game)


def test_no_slapping_in_when_the_house_rule_is_off() -> None:
    game = new(4, {0: "6c", 1: "6d"}, slap_in=False)
    dump_out(game, 3)
    play(game, 0, 1)
    assert game.legal_actions(3) == [] and 3 not in game.actors() and not game.view(3).can_slap


def test_a_challenger_out_of_cards_still_wins_the_challenge() -> None:
    game = new(3, {1: "Kd", 2: "2s 5s 8s"})
    dump_out_but_one(game, 1)
    play(game, 0)
    events = play(game, 1)  # its last card is a king
    assert kinds(events) == ["flip", "out", "challenge"] and game.s.challenger == 1
    play(game, 2, 2, 2)
    assert game.s.award == 1 and 1 in game.actors() and game.legal_actions(1)[0] == TAKE
    events = game.apply(1, TAKE)
    assert "back in" in events[0].text and game.s.turn == 1 and len(game.s.stacks[1]) == 5


def test_an_out_challenger_who_slaps_wrongly_loses_the_claim() -> None:
    game = new(3, {1: "Kd", 2: "2s 5s 8s"})
    dump_out_but_one(game, 1)
    play(game, 0, 1)
    play(game, 2)
    events = game.apply(1, slap(game.stimulus))
    assert kinds(events) == ["false_slap", "shut_out", "lapse"]
    assert game.s.challenger is None and game.s.turn == 2 and game.s.shut[1]
    play(game, 2)  # an ordinary turn now
    assert game.s.turn == 0
    conserved(game)


# ---------------------------------------------------------------- the end


def test_the_last_player_holding_cards_takes_the_pile_and_wins() -> None:
    game = new(2)
    dump_out(game, 1)
    assert game.is_over and game.result.winners == [0] and len(game.s.stacks[0]) == 52
    assert game.result.ranking[0] == 0 and game.result.scores == [52.0, 0.0] and game.result.score_name == "cards"
    assert game.result.describe(["Ada", "Bo"]) == "Ada wins with every card"
    assert game.actors() == [] and game.legal_actions(0) == []
    conserved(game)


def test_card_limit_ends_with_the_most_cards() -> None:
    game = new(2, {0: "5c", 1: "8d 9h"}, decks=2, max_flips=50)
    play(game, 0)
    game.apply(1, slap(1))  # seat 1 pays a card under the pile
    for _ in range(49):
        assert not game.is_over
        game.apply(game.s.turn, FLIP)
    assert game.stimulus == 50 and game.is_over and "50-card limit" in game.result.reason
    assert game.result.winners == [0] and game.result.scores == [27.0, 26.0] and game.actors() == []
    conserved(game)


def test_card_limit_with_equal_holdings_is_a_draw() -> None:
    game = new(2, decks=2, max_flips=50)
    for _ in range(50):
        game.apply(game.s.turn, FLIP)
    assert game.result.winners == [0, 1] and game.result.is_draw and "a draw" in game.result.reason


# ---------------------------------------------------------------- contract


def test_illegal_actions_raise_and_change_nothing() -> None:
    game = new(3, {0: "Jh"})
    play(game, 0)
    bad = [
        (1, DECLINE),
        (0, TAKE),
        (1, slap(0)),
        (1, slap(99)),
        (1, Action("slap")),
        (1, Action("slap", value="1")),
        (1, Action("flip", value=1)),
        (1, Action("take", value=1)),
        (1, Action("snap", value=1)),
        (1, Action("slap", value=1, target=0)),
        (-1, FLIP),
        (3, FLIP),
    ]
    before = game.to_json()
    for seat, action in bad:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
        assert game.to_json() == before, (seat, action)


def test_view_hides_the_stacks_and_shows_the_newest_cards() -> None:
    game = new(3)
    play(game, 0, 1, 2, 0, 1, 2)
    view = game.view(0)
    assert view.counts == counts(game) and len(view.recent) == 5 and view.recent == game.s.pile[-5:]
    assert view.recent_by == [1, 2, 0, 1, 2] and view.turn == 0 and view.stimulus == 6
    text = view.model_dump_json()
    for stack in game.s.stacks:
        for card in stack:
            if card not in view.recent:
                assert f'"{card.code}"' not in text
    assert game.view(None).can_slap is False


def test_save_mid_challenge_round_trips_and_corrupt_saves_are_refused() -> None:
    game = new(3, {0: "Kh", 1: "2c"})
    play(game, 0, 1)
    text = game.to_json()
    loaded = SPEC.from_json(text)
    assert loaded.to_json() == text and loaded.s.need == 2 and loaded.s.challenge_card == Card.parse("Kh")
    rng = random.Random(4)
    while not game.is_over:
        seat = rng.choice(game.actors())
        action = rng.choice(game.legal_actions(seat))
        assert game.apply(seat, action) == loaded.apply(seat, action)
    envelope = json.loads(text)
    for change in (
        {"need": 9},
        {"challenger": None},
        {"choice": True, "challenger": None, "challenge_card": None, "need": 0},
        {"award": 0},
        {"challenge_card": "5c"},
        {"turn": 7},
        {"pile_under": 5},
    ):
        broken = json.dumps({**envelope, "state": {**envelope["state"], **change}})
        with pytest.raises(BadSave):
            SPEC.from_json(broken)


def test_random_play_conserves_cards_and_ends() -> None:
    for seed in range(40):
        options = {
            "decks": 1 + seed % 2,
            "jokers": [0, 2, "even"][seed % 3],
            "sandwiches": seed % 2 == 0,
            "sequences": seed % 4 < 2,
            "slap_in": seed % 5 != 0,
            "max_flips": 400,
        }
        game = SPEC.new(2 + seed % 7, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over:
            seat = rng.choice(game.actors())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            assert not any(sh and st for sh, st in zip(game.s.shut, game.s.stacks))
        conserved(game)
        assert game.stimulus <= 400 and game.actors() == []
