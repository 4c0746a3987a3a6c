"""What Aggravation looks like at 80x24: a hot-seat table (no bots, so every frame repeats) after a
cover, one two of a pair covered and the other marked as still open."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from tests.rules.test_california_speed import packs_deck


def test_aggravation_hotseat_after_a_cover(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["aggravation"], 2, seed=1, humans=2, deck=packs_deck("2c Kc 7c", "2d 5d 7d"))
    assert snap_compare(app_factory(setup), press=["s", "1", "w"], terminal_size=(80, 24))
