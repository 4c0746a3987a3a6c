"""A game finished at a shared table is kept as a replay in each person's own folder."""

from __future__ import annotations

from dataclasses import dataclass

import asyncssh

from cardarcade.replay import state_digest
from cardarcade.rules import GAMES
from cardarcade.server.ssh import ArcadeServer
from cardarcade.store.replays import ReplayStore
from cardarcade.store.user import UserStore
from cardarcade.table.simulate import bot_seats, play_headless
from cardarcade.seating import GameSetup, Seat


@dataclass
class Finished:
    """What the server reads of a shared table that ended."""

    setup: GameSetup
    table: object
    id: str = "t1"
    creator: str = "ada"
    hinted: frozenset[int] = frozenset()  # (the seats that asked the coach)

    def elapsed(self) -> float:
        return 42.0


def test_a_shared_game_finished_is_kept_for_each_person(tmp_path):
    spec = GAMES["snap"]
    _, table = play_headless(spec, ["easy", "easy", "easy"], seed=2)
    seats = list(bot_seats(["easy"] * 3))
    seats[0], seats[2] = Seat("ada", profile="ada"), Seat("[b]bea[/]", profile="[b]bea[/]")
    setup = GameSetup(spec, tuple(seats), table.game.options, 2)
    store = UserStore(tmp_path / "data", tmp_path / "config")
    server = ArcadeServer(auth="open", host_key=asyncssh.generate_private_key("ssh-ed25519"), store=store)
    server.table_done(Finished(setup, table))  # type: ignore[arg-type]
    server._writer.shutdown(wait=True)
    for name in ("ada", "[b]bea[/]"):
        [entry] = ReplayStore.of(store.for_player(name).data_dir, name).entries()
        replay = ReplayStore.of(store.for_player(name).data_dir, name).load(entry.replay_id)
        assert replay.end == state_digest(table.game) and replay.setup == setup
