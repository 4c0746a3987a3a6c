"""Concentration: each rule of the text (and each house rule) on a fixed grid.

With ``deck=`` the pack is laid out in order: deck[0] at row 1 column 1, deck[13] at row 2
column 1, and so on. ``layout`` builds such a deck from the cards a test cares about.
"""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, standard_deck
from cardarcade.rules import GAMES, BadSave, IllegalAction
from cardarcade.rules.concentration import CELLS, COLUMNS, chips, turn

SPEC = GAMES["concentration"]
C = Card.parse


def layout(**cells: str) -> list[Card]:
    """A 52-card grid with ``p<position>=card`` placed; the other cells get the remaining cards."""
    placed = {int(k[1:]): C(v) for k, v in cells.items()}
    assert len(set(placed.values())) == len(placed)
    rest = [c for c in standard_deck() if c not in set(placed.values())]
    return [placed[p] if p in placed else rest.pop(0) for p in range(CELLS)]


def new(players: int = 2, deck: list[Card] | None = None, **options):
    return SPEC.new(players, seed=0, deck=deck, options=options or None)


def cut(game, *positions: int) -> list:
    """The players in the cut turn these positions, in order."""
    events = []
    for p in positions:
        events += game.apply(game.actors()[0], turn(p))
    return events


def play(game, *positions: int) -> list:
    events = []
    for p in positions:
        events += game.apply(game.actors()[0], turn(p))
    return events


def started(players: int = 2, options: dict | None = None, **cells: str):
    """A game past the cut: seat 0 cut the ace of spades (position 51), the others low cards."""
    lows = ["2c", "2d", "3c", "3d", "4c"][: players - 1]
    spots = {f"p{51 - i}": c for i, c in enumerate(["As", *lows])}
    game = new(players, layout(**spots, **cells), **(options or {}))
    cut(game, *[51 - i for i in range(players)])
    assert game.s.phase == "play" and game.actors() == [0]
    return game


# ---------------------------------------------------------------- the layout and the cut


def test_the_whole_pack_lies_face_down_in_four_rows_of_thirteen() -> None:
    deck = standard_deck()
    game = new(2, list(deck))
    view = game.view(0)
    assert len(view.present) == 52 and all(view.present)
    assert view.up == [] and COLUMNS == 13
    assert game.s.grid == deck  # laid in deal order, row by row
    # nothing is hidden from anyone: every seat sees the same grid
    assert game.view(0).present == game.view(1).present == game.view(None).present


def test_the_cut_goes_round_from_the_dealers_left_and_the_highest_card_starts() -> None:
    game = new(3, layout(p0="5h", p1="Kd", p2="9s"))
    assert game.actors() == [0] and game.s.phase == "cut"
    events = cut(game, 0)
    assert events[0].describe(["A", "B", "C"]) == "A cuts 5♥ (row 1, column 1)"
    assert game.actors() == [1]
    cut(game, 1)
    assert game.view(2).up == [(0, C("5h")), (1, C("Kd"))]  # the cut cards are seen by all
    events = cut(game, 2)
    assert events[-1].kind == "first" and events[-1].seat == 1
    assert game.actors() == [1] and game.s.phase == "play"
    assert game.view(0).up == []  # back face down in the same places
    assert all(game.view(0).present)
    # still on show until the first card of the first turn, as a turn's cards are: the last
    # card cut is seen by everyone, not only read from the history
    assert game.view(0).shown == [(0, C("5h")), (1, C("Kd")), (2, C("9s"))]
    game.apply(1, turn(5))
    assert game.view(0).shown == []


def test_ace_is_the_highest_cut() -> None:
    game = new(2, layout(p0="Ah", p1="Kd"))
    cut(game, 0, 1)
    assert game.actors() == [0]


def test_tied_players_cut_again_and_only_they() -> None:
    game = new(3, layout(p0="9h", p1="2c", p2="9d", p3="4s", p4="Jc"))
    events = cut(game, 0, 1, 2)
    assert events[-1].kind == "cut_tie" and events[-1].data["seats"] == [0, 2]
    assert game.actors() == [0]
    with pytest.raises(IllegalAction):
        game.apply(1, turn(3))  # seat 1 is out of the cut
    with pytest.raises(IllegalAction):
        game.apply(0, turn(1))  # a card already face up cannot be cut again
    cut(game, 3)
    assert game.actors() == [2]
    cut(game, 4)
    assert game.s.phase == "play" and game.actors() == [2]  # J beats 4


# ---------------------------------------------------------------- turns


def test_a_pair_is_taken_and_the_player_goes_again() -> None:
    game = started(p0="7h", p1="7c")
    events = play(game, 0, 1)
    kinds = [e.kind for e in events]
    assert kinds == ["turn", "turn", "set"]
    assert events[-1].describe(["You", "Bot"]) == "You take a pair of 7s and play again"
    assert game.s.sets[0] == [C("7h"), C("7c")]
    assert not game.view(0).present[0] and not game.view(0).present[1]
    assert game.actors() == [0]
    with pytest.raises(IllegalAction):
        game.apply(0, turn(0))  # an empty place cannot be turned


def test_no_pair_goes_face_down_in_place_and_the_turn_passes_left() -> None:
    game = started(3, p0="7h", p1="8c")
    events = play(game, 0, 1)
    assert events[-1].kind == "miss"
    assert game.actors() == [1]
    view = game.view(1)
    assert view.present[0] and view.present[1] and view.up == []
    # still on show until the next card is turned, then gone
    assert view.shown == [(0, C("7h")), (1, C("8c"))]
    play(game, 2)
    assert game.view(1).shown == []


def test_second_card_cannot_be_the_first_one_again() -> None:
    game = started(p0="7h")
    play(game, 0)
    with pytest.raises(IllegalAction):
        game.apply(0, turn(0))
    assert turn(0) not in game.legal_actions(0)


def test_every_turned_card_is_in_the_public_history() -> None:
    game = started(p0="7h", p1="8c")
    play(game, 0, 1)
    history = game.view(1).history
    assert history[-2:] == [(0, 0, C("7h")), (0, 1, C("8c"))]
    assert history[0] == (0, 51, C("As"))  # the cut cards too


def test_game_ends_when_every_card_is_collected_and_most_sets_wins() -> None:
    by_rank = sorted(standard_deck(), key=lambda c: (c.rank, c.suit.value))
    game = new(2, by_rank)
    cut(game, 51, 0)  # seat 0 cuts an ace, seat 1 a two
    assert game.actors() == [0]
    # seat 0 misses once, then seat 1 collects everything
    play(game, 0, 4)
    assert game.actors() == [1]
    for p in range(0, 52, 2):
        play(game, p, p + 1)
    assert game.is_over and game.result.winners == [1]
    assert game.result.scores == [0.0, 26.0] and game.result.ranking == [1, 0]
    assert game.result.score_name == "sets" and not game.result.low_wins


def test_equal_sets_share_the_win() -> None:
    by_rank = sorted(standard_deck(), key=lambda c: (c.rank, c.suit.value))
    game = new(2, by_rank)
    cut(game, 51, 0)
    for p in range(0, 26, 2):
        play(game, p, p + 1)
    play(game, 26, 30)  # a miss: seat 1's turn
    for p in range(26, 52, 2):
        play(game, p, p + 1)
    assert game.is_over and game.result.winners == [0, 1] and game.result.is_draw


# ---------------------------------------------------------------- house rules


def test_four_of_a_kind_variant_turns_four_and_needs_four_of_a_rank() -> None:
    game = new(2, layout(p51="As", p50="2c", p0="9c", p1="9d", p2="9h", p3="9s", p4="8c"), set_size=4)
    cut(game, 51, 50)
    events = play(game, 0, 1)
    assert [e.kind for e in events] == ["turn", "turn"]  # a pair is not enough: keep turning
    assert game.actors() == [0]
    events = play(game, 2, 3)
    assert events[-1].kind == "set" and events[-1].describe(["You", "Bot"]) == "You take all four 9s and play again"
    assert len(game.s.sets[0]) == 4 and game.actors() == [0]
    events = play(game, 4, 5, 6)
    assert game.actors() == [0]  # even after a mismatch all four cards are turned
    events = play(game, 7)
    assert events[-1].kind == "miss" and game.actors() == [1]


def test_chip_scoring_by_the_winner() -> None:
    assert chips([5, 3, 2], "chips_to_winner") == [2.0, -1.0, -1.0]
    assert chips([5, 5, 2], "chips_to_winner") == [1.0, 1.0, -2.0]
    assert chips([4, 4], "chips_to_winner") == [0.0, 0.0]


def test_chip_scoring_per_set() -> None:
    assert chips([5, 3, 2], "chips_per_set") == [10 - 5, 6 - 7, 4 - 8]
    assert sum(chips([7, 1, 4, 2], "chips_per_set")) == 0


def test_chip_scoring_reaches_the_result() -> None:
    by_rank = sorted(standard_deck(), key=lambda c: (c.rank, c.suit.value))
    game = new(2, by_rank, scoring="chips_per_set")
    cut(game, 51, 0)
    for p in range(0, 52, 2):
        play(game, p, p + 1)
    assert game.result.winners == [0] and game.result.scores == [26.0, -26.0]
    assert game.result.score_name == "chips won" and game.result.ranking == [0, 1]


def test_turn_cap_ends_the_game() -> None:
    game = started(p0="7h", p1="8c", p2="9d", p3="10s", options={"max_turns": 20})
    game.apply(0, turn(0))
    game.apply(0, turn(1))  # a miss
    for _ in range(19):
        seat = game.actors()[0]
        game.apply(seat, turn(2))
        game.apply(seat, turn(3))
    assert game.is_over and game.s.turns == 20
    assert game.result.is_draw and "20-turn limit" in game.result.reason


# ---------------------------------------------------------------- saves


def test_save_round_trip_mid_turn() -> None:
    game = started(p0="7h")
    play(game, 0)
    copy = SPEC.from_json(game.to_json())
    assert copy.to_json() == game.to_json() and copy.view(1) == game.view(1)


def test_corrupt_saves_are_refused() -> None:
    game = started(p0="7h", p1="7c")
    play(game, 0, 1)
    envelope = json.loads(game.to_json())
    state = envelope["state"]
    bad_sets = {**state, "sets": [["7h", "8c"], []]}
    bad_up = {**state, "up": [0]}  # position 0 was collected
    for bad in (bad_sets, bad_up):
        with pytest.raises(BadSave):
            SPEC.from_json(json.dumps({**envelope, "state": bad}))


def test_a_save_mid_cut_without_a_cut_card_is_refused() -> None:
    game = new(2, layout(p0="5h"))
    cut(game, 0)
    envelope = json.loads(game.to_json())
    envelope["state"]["cut_cards"] = [None, None]  # seat 0 has cut, so its card must be there
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))
