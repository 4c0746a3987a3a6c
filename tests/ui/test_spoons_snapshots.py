"""What Spoons looks like at 80x24. Only the person moves: the bots have nothing passed to them
yet and no four of a kind, so they wait, and every frame repeats."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from tests.rules.test_spoons import spoons_deck


def test_spoons_solo_after_taking_a_fifth_card(snap_compare, app_factory):
    deck = spoons_deck("7c 7d 7h 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", "2s 3s 4s 6s", stock="7s")
    setup = GameSetup.solo(GAMES["spoons"], 4, seed=1, level="expert", deck=deck)
    assert snap_compare(app_factory(setup), press=["enter"], terminal_size=(80, 24))
