"""Cuckoo at 80x24 (SVG snapshots; the bots never get to move, so every frame is stable)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from ui_helpers import deck_starting

SPEC = GAMES["cuckoo"]


def test_cuckoo_six_players_after_you_change(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 6, seed=5, level="hard", deck=deck_starting("4s 9h 7c Jd 5s 8d"))
    assert snap_compare(app_factory(setup), press=["c"], terminal_size=(80, 24))


def test_cuckoo_a_full_table_of_twenty(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 20, seed=5, level="easy", options={"chips": 5})
    assert snap_compare(app_factory(setup), terminal_size=(80, 24))
