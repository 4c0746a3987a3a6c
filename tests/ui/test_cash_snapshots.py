"""What Cash looks like at 80x24: a person picking the side's secret signal with a gesture key
before the hand (the bots wait at the tests' pace, so the frame repeats)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.table.setup import GameSetup
from tests.rules.test_cash import CHOSEN, FOURS, cash_deck


def test_cash_solo_picking_a_secret_signal(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["cash"], 4, seed=1, level="expert", options=CHOSEN,
                           deck=cash_deck(FOURS, "Kc Kh Qd 3c"))
    assert snap_compare(app_factory(setup), terminal_size=(80, 24))
