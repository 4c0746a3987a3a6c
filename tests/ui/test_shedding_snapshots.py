"""Neosho Rapids and Dig at 80x24 (SVG snapshots). One person and a bot that never gets to move
(pace 1000), on fixed deals, so every frame is the same on every run."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.rules._shedding import stacked_deck
from cardarcade.seating import GameSetup


def test_neosho_rapids_mid_chain(snap_compare, app_factory):
    deck = stacked_deck(["3c 4c 6d 9s 10d Ah Jd", "9h 9c 10h 10c Jh Js Jc"], "5s")
    setup = GameSetup.solo(GAMES["neosho-rapids"], 2, seed=1, level="hard", deck=deck)
    # 4♣ then 3♣ played: the chain so far is shown in order, and nothing follows the 3
    assert snap_compare(app_factory(setup), press=["right", "enter", "left", "enter"], terminal_size=(80, 24))


def test_dig_after_an_eight_named_a_suit(snap_compare, app_factory):
    deck = stacked_deck(["8c 5h 9c 10s Jd Kh 2c", "2d 3d 4d 5d 6d 7d Qd"], "9h")
    setup = GameSetup.solo(GAMES["dig"], 2, seed=1, humans=2, deck=deck)
    # hot-seat: Player 1 names spades with the eight, Player 2 takes the keyboard
    assert snap_compare(app_factory(setup), press=["enter", "left", "enter", "4", "enter"], terminal_size=(80, 24))
