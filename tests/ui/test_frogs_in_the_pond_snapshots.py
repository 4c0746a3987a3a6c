"""Frogs in the Pond at 80x24 (SVG snapshot; the bots never get to move, so the frame is stable)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from tests.rules.test_frogs_in_the_pond import FOUR, FOUR_POND, deck

SPEC = GAMES["frogs-in-the-pond"]


def test_frogs_four_partners_after_leading(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=5, level="hard", deck=deck(FOUR, FOUR_POND), options={"partners": "chosen"})
    assert snap_compare(app_factory(setup), press=["end", "enter"], terminal_size=(80, 24))
