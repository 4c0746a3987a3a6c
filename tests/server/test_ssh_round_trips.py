"""How often a player's round trip is timed: often at a shared table, where it is shown and a
house rule allows for it; seldom elsewhere, where only the server would pay for it."""

from __future__ import annotations

import asyncio

from cardarcade.rules import GAMES
from cardarcade.server.ssh import Limits
from ssh_helpers import connect, until


async def test_a_round_trip_is_timed_often_only_while_the_player_has_a_seat_at_a_table(serve):
    server, port = await serve(limits=Limits(round_trip_every=0.05, round_trip_away_every=3600))
    ada = await connect(port, username="ada")
    trips = server.lobby.round_trips
    await until(lambda: "ada" in trips, "ada's first round trip")
    first = trips["ada"]
    await asyncio.sleep(0.5)  # ten turns of the short interval
    assert trips["ada"] == first, "timed again while ada sat at no table"
    server.lobby.create_table(GAMES["war"], creator="ada", players=2, people=1, level="easy")
    await until(lambda: trips["ada"] != first, "ada timed again once seated")
    await ada.close()
