"""Toepen at 80x24 (SVG snapshot; the bots never get to move, so the frame is stable)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.rules.toepen import deck_for
from cardarcade.seating import GameSetup

SPEC = GAMES["toepen"]


def test_toepen_four_players_after_a_knock_and_a_lead(snap_compare, app_factory):
    deck = deck_for("10s 7s Ah Kd", "9s 8h Qh Jd", "As 9h 10d 7c", "10h 10c Jc 8s")
    setup = GameSetup.solo(SPEC, 4, seed=5, level="hard", deck=deck, options={"redraw": False})
    assert snap_compare(app_factory(setup), press=["n", "enter"], terminal_size=(80, 24))
