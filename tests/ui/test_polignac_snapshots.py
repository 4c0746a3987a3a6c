"""Polignac at 80x24 (SVG snapshot; the bots never get to move, so the frame is stable)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.rules.polignac import deck_for
from cardarcade.seating import GameSetup

SPEC = GAMES["polignac"]
FOUR = ("Js 7s Ah 10h 9h 8h 7h Kd", "Qs 8s Jh Qh Kh Ad 10d 9d", "Ks 9s 10s As Jd Qd 8d 7d", "Jc Qc Kc Ac 10c 9c 8c 7c")


def test_polignac_four_players_after_leading(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=5, level="hard", deck=deck_for(*FOUR))
    assert snap_compare(app_factory(setup), press=["end", "enter"], terminal_size=(80, 24))
