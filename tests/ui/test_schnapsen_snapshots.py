"""Schnapsen at 80x24 (SVG snapshot; the bot never gets to move, so the frame is stable)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.rules.schnapsen import deck_for
from cardarcade.seating import GameSetup

SPEC = GAMES["schnapsen"]


def test_schnapsen_leading_a_marriage(snap_compare, app_factory):
    setup = GameSetup.solo(
        SPEC,
        2,
        seed=5,
        level="hard",
        deck=deck_for("Kh Qh Ah Jc Js", "As 10s Ks Jh Qd", "Qc", "Ac 10c Kc Qs Ad 10d Kd Jd 10h"),
    )
    assert snap_compare(app_factory(setup), press=["end", "left", "m"], terminal_size=(80, 24))
