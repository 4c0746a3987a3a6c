"""Bura at 80x24 (SVG snapshot; the bot never gets to move, so the frame is stable): two cards
marked for a lead, the stock and trumps, the pot and the tokens."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.rules.bura import deck_for
from cardarcade.seating import GameSetup

SPEC = GAMES["bura"]


def test_bura_marking_a_two_card_lead(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=5, level="hard", deck=deck_for("Ah 10h 6d", "9h 7h 10s", "8c", "Qd 6s"))
    assert snap_compare(app_factory(setup), press=["right", "space", "right", "space"], terminal_size=(80, 24))
