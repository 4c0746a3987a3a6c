"""What Cash looks like at 80x24: a person picking the side's secret signal with a gesture key
before the hand (the bots wait at the tests' pace, so the frame repeats), and the board and hand
in play once it has turned up (no bot holds a rank on the board, so no bot swaps; the person holds
the stock, so no bot deals a new board either, and the frame repeats)."""

from __future__ import annotations

from ui_helpers import wait_for

from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.seating import GameSetup
from tests.rules.test_cash import CHOSEN, FOURS, cash_deck


def test_cash_solo_picking_a_secret_signal(snap_compare, app_factory):
    setup = GameSetup.solo(
        GAMES["cash"], 4, seed=1, level="expert", options=CHOSEN, deck=cash_deck(FOURS, "Kc Kh Qd 3c")
    )
    assert snap_compare(app_factory(setup), terminal_size=(80, 24))


async def signal_picked_and_board_up(pilot) -> None:
    await pilot.press("z")  # tap
    screen = pilot.app.screen
    await wait_for(pilot, lambda: screen.game.view(0).signal == "tap")
    # Bot 1 picks its side's signal only now (the bots wait at the tests' pace): the log's order
    # is the same however busy the machine is
    screen.table.submit(1, Action("signal", value="wink"))
    await wait_for(pilot, lambda: screen.game.view(0).board_up, tries=1000)  # counted up
    await pilot.pause(0.1)


def test_cash_solo_the_board_up_in_play(snap_compare, app_factory):
    # Three sevens in hand and one on the board; the bots' ranks are nowhere on the board.
    hands = ["7c 7d 7h Js", "2c 3d 4h 5s", "8c 9d 10h 6s", "Qc Kd Ah 2s"]
    setup = GameSetup.solo(
        GAMES["cash"], 4, seed=1, level="expert", options=CHOSEN, deck=cash_deck(hands, "7s Jc Jd Jh")
    )
    assert snap_compare(app_factory(setup), run_before=signal_picked_and_board_up, terminal_size=(80, 24))
