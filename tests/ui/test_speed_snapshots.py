"""What the speed games look like at 80x24. Only people press keys, and the bots never move (the
default pace keeps them still... and a fixed deal leaves nobody blocked), so every frame repeats."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from tests.rules.test_speed import speed_deck


def test_speed_solo_a_card_picked_that_fits_both_piles(snap_compare, app_factory):
    deck = speed_deck("10c 8c 2c 3c 4c", "Kd Kh 5d 6d 7d", "9h Js")
    setup = GameSetup.solo(GAMES["speed"], 2, seed=1, level="expert", deck=deck)
    assert snap_compare(app_factory(setup), press=["1"], terminal_size=(80, 24))


def test_speed_hotseat_after_a_play(snap_compare, app_factory):
    deck = speed_deck("10c 8c 2c 3c 4c", "Kd Kh 5d 6d 7d", "9h Js")
    setup = GameSetup.solo(GAMES["speed"], 2, seed=1, humans=2, deck=deck)
    assert snap_compare(app_factory(setup), press=["s", "x"], terminal_size=(80, 24))


def test_california_speed_hotseat_after_a_cover(snap_compare, app_factory):
    from tests.rules.test_california_speed import TWO_PAIRS, packs_deck

    setup = GameSetup.solo(GAMES["california-speed"], 2, seed=1, humans=2, deck=packs_deck(*TWO_PAIRS))
    assert snap_compare(app_factory(setup), press=["a"], terminal_size=(80, 24))
