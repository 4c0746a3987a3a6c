"""What the screens look like at 80x24 (SVG snapshots; update with --snapshot-update after a deliberate change).

Only people sit at these tables (hot-seat) or the bots never get to move, so every frame is
the same on every run.
"""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup


def test_menu(snap_compare, app_factory):
    assert snap_compare(app_factory(), terminal_size=(80, 24))


def test_war_after_a_few_rounds(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["war"], 2, seed=11, humans=2)
    assert snap_compare(app_factory(setup), press=["w", "o", "w", "o", "w", "o", "w"], terminal_size=(80, 24))


def test_slapjack_mid_pile(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["slapjack"], 2, seed=7, humans=2)
    assert snap_compare(app_factory(setup), press=["w", "o", "w", "o", "w"], terminal_size=(80, 24))


def test_slapjack_against_three_bots_at_the_start(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["slapjack"], 4, seed=3, level="hard")
    assert snap_compare(app_factory(setup), terminal_size=(80, 24))
