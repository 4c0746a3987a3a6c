"""Go Fish and Authors at 80x24 (SVG snapshots; update with --snapshot-update after a deliberate
change). The bots never get to move, so every frame is the same on every run."""

from __future__ import annotations

from cardarcade.cards import cards
from cardarcade.rules import GAMES
from cardarcade.rules._fishing import stacked_deck
from cardarcade.seating import GameSetup


def test_go_fish_after_a_question_answered(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["go-fish"], 4, seed=5, level="hard")
    # the cursor to the 7♥, and ask Bot 2 [3] for sevens: one is handed over, the turn goes on
    assert snap_compare(app_factory(setup), press=["right", "right", "right", "3"], terminal_size=(80, 24))


def test_authors_six_players_choosing_a_card(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["authors"], 6, seed=5, levels=["easy", "medium", "hard"])
    assert snap_compare(app_factory(setup), press=["right"], terminal_size=(80, 24))


def test_go_fish_hot_seat_hand_over_after_a_go_fish(snap_compare, app_factory):
    deck = stacked_deck(3, {0: cards("2s 2h 2d")}, cards("2c"))
    setup = GameSetup.solo(GAMES["go-fish"], 3, seed=2, humans=3, deck=deck)
    # Player 1 takes the keyboard and asks Player 2 for twos: Go fish; the cover for Player 2
    assert snap_compare(app_factory(setup), press=["enter", "2"], terminal_size=(80, 24))
