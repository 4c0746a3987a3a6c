"""Concentration and Old Man's Bundle at 80x24 (SVG snapshots; update with --snapshot-update
after a deliberate change). Only people sit at these tables, or the bots never get to move."""

from __future__ import annotations

from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup

BY_RANK = sorted(standard_deck(), key=lambda c: (c.rank, c.suit.value))


def test_concentration_a_miss_on_show(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["concentration"], 2, seed=1, humans=2, deck=BY_RANK)
    # cut: 2♣ against A♠ (Player 2's cursor starts at 1, past the 2♣); then Player 2 takes the
    # aces at 51 and 50 and misses with 49 and 36
    keys = ["enter", "left", "left", "enter", "enter", "left", "enter", "left", "enter", "up", "enter", "right"]
    assert snap_compare(app_factory(setup), press=keys, terminal_size=(80, 24))


def test_concentration_six_players_at_the_cut(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["concentration"], 6, seed=5, level="easy")
    assert snap_compare(app_factory(setup), press=["enter"], terminal_size=(80, 24))


def test_old_mans_bundle_after_a_capture(snap_compare, app_factory):
    named = cards("2c 2d 6c 3d 4c 4d 5c 5d 6h 7h 8h 9h")
    deck = named + [c for c in standard_deck() if c not in set(named)]
    setup = GameSetup.solo(GAMES["old-mans-bundle"], 2, seed=1, deck=deck)
    assert snap_compare(app_factory(setup), press=["right", "enter"], terminal_size=(80, 24))
