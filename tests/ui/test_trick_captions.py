"""A hot-seat name under a trick card keeps its number: "Player2", never "Player"."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup, Seat

SPEC = GAMES["frogs-in-the-pond"]


async def test_a_hot_seat_name_cut_to_a_card_keeps_its_number(app_factory):
    seats = (Seat("root", profile="root"), Seat("Player 2", profile="Player 2"), Seat("Bot 1", "bot", "easy"))
    app = app_factory(GameSetup(SPEC, seats, SPEC.Options(), 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen.owner if hasattr(app.screen, "owner") else app.screen
        assert [screen.short_name(seat) for seat in range(3)] == ["root", "Player2", "Bot 1"]
