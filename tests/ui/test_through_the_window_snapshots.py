"""What Through the Window looks like at 80x24: a card up, its letter, and a word half typed.
The dealer's card is turned at once instead of after the count, and the bots are easy ones, who
take seconds to think of a word, so the frame repeats."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from tests.rules.test_through_the_window import deck


async def turn_now(pilot) -> None:
    table = pilot.app.screen.table
    table._cancel_count()
    table._make_counted()  # the count's end, now
    await pilot.press(*"tig")


def test_through_the_window_solo_a_word_being_typed(snap_compare, app_factory):
    setup = GameSetup.solo(GAMES["through-the-window"], 4, seed=1, level="easy", deck=deck("8d", "Kc", "Qs", "10h"))
    assert snap_compare(app_factory(setup), run_before=turn_now, terminal_size=(80, 24))
