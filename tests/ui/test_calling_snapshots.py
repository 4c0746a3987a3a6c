"""What the calling games (Snap, Animals) look like at 80x24.

Only people press keys here; the one bot seat never gets to turn a card (the default pace keeps
it still), and no call is made, so every frame is the same on every run.
"""

from __future__ import annotations

from ui_helpers import make_clocked_app

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup


def test_snap_hotseat_a_few_cards_in(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["snap"], 2, seed=7, humans=2)
    assert snap_compare(app_factory(setup), press=["w", "o", "w", "o", "w"], terminal_size=(80, 24))


def test_snap_four_players_against_bots_at_the_start(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["snap"], 4, seed=3, level="hard")
    assert snap_compare(app_factory(setup), terminal_size=(80, 24))


async def bots_have_chosen(pilot) -> None:
    """The bots take their animals as the table's clock (moved here, not waited for) passes."""
    screen = pilot.app.screen
    for _ in range(100):
        view = screen.game.view(None)
        if all(view.animals[seat] for seat in range(len(view.animals)) if screen.setup.seats[seat].is_bot):
            break
        pilot.app.clock.advance(0.1)
        await pilot.pause()
    else:
        raise AssertionError("the bots never chose their animals")
    await pilot.pause(0.05)


def test_animals_choosing(snap_compare):
    setup = GameSetup.solo(GAMES["animals"], 4, seed=5, humans=2)
    assert snap_compare(make_clocked_app(setup), run_before=bots_have_chosen, press=["2"], terminal_size=(80, 24))


def test_animals_hotseat_after_the_first_cards(snap_compare):
    setup = GameSetup.solo(GAMES["animals"], 3, seed=5, humans=2)
    assert snap_compare(
        make_clocked_app(setup), run_before=bots_have_chosen, press=["2", "9", "w", "o"], terminal_size=(80, 24)
    )
