"""War's bots turn with the people ("the players simultaneously flip over one card each"): a bot's
card is turned with the last person's, and the table tells both in one batch (one frame)."""

from __future__ import annotations

import random

from cardarcade.bots import make_bot
from cardarcade.rules import GAMES
from cardarcade.rules.base import Event
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import Table
from tests.rules.test_war import deal
from tests.table.test_table import FLIP

LONG = 30.0  # seconds: far longer than any bot's pace


def war_table(*seats: Seat, deck=None) -> tuple[Table, VirtualClock, list[tuple[list[Event], int | None]]]:
    told: list[tuple[list[Event], int | None]] = []
    game = GAMES["war"].new(len(seats), seed=3, deck=deck)
    clock = VirtualClock(start=100.0)
    table = Table(game, list(seats), clock, listener=lambda events, seat: told.append((events, seat)))
    table.start()
    told.clear()
    return table, clock, told


def bot(level: str = "medium") -> Seat:
    return Seat("Bot", kind="bot", level=level)


def kinds(events: list[Event]) -> list[tuple[str, int | None]]:
    return [(e.kind, e.seat) for e in events]


def test_a_bot_never_turns_before_the_person_and_turns_with_them_in_one_batch():
    table, clock, told = war_table(Seat("ada"), bot(), bot("hard"), deck=deal("Ks", "2h", "5d", spare="Ah"))
    clock.advance(LONG)
    assert not told and table.game.actors() == [0, 1, 2], "the bots waited for the person"
    events = table.submit(0, FLIP)
    assert len(told) == 1 and told[0][1] == 0, "the person's card, the bots' and the take told at once"
    assert kinds(events) == [("flip", 0), ("flip", 1), ("flip", 2), ("take", 0)]
    assert table.game.s.rounds == 1 and table.game.actors() == [0, 1, 2]
    assert [move.seat for move in table.moves.moves] == [0, 1, 2], "each move is in the replay's record"


def test_in_a_war_the_bot_lays_its_war_cards_with_the_persons():
    table, clock, told = war_table(Seat("ada"), bot(), deck=deal("3s * Ks", "3c * 2d"))
    table.submit(0, FLIP)
    assert kinds(told[-1][0])[-1] == ("war", None) and table.game.s.war_depth == 1
    clock.advance(LONG)
    assert table.game.s.war_depth == 1 and table.game.actors() == [0, 1], "no war card laid before the person's"
    events = table.submit(0, FLIP)
    assert kinds(events) == [("flip", 0), ("flip", 1), ("take", 0)] and "K♠ beats 2♦" in events[-1].text


def test_at_a_table_of_two_people_the_first_card_waits_for_the_second_person_and_the_bot_turns_with_them():
    table, clock, told = war_table(Seat("ada"), Seat("bob"), bot(), deck=deal("Ks", "2h", "5d", spare="Ah"))
    table.submit(0, FLIP)
    clock.advance(LONG)
    assert kinds(told[-1][0]) == [("flip", 0)] and table.game.actors() == [1, 2], "bob's 'ready' still shows"
    table.submit(1, FLIP)
    assert kinds(told[-1][0]) == [("flip", 1), ("flip", 2), ("take", 0)]


def test_bots_play_on_by_themselves_where_no_person_turns():
    # A person gone (a stand-in plays their seat): the bots do not wait for them.
    table, clock, _told = war_table(Seat("ada"), bot(), deck=deal("Ks Qs Js", "2h 3h 4h"))
    table.set_stand_in(0, make_bot("war", 0, "medium", random.Random(1)))
    clock.advance(LONG)
    assert table.game.s.rounds >= 3
    # Bots alone, a card every third of the pace: they keep to it.
    alone = GAMES["war"].new(2, seed=3)
    clock = VirtualClock(start=0.0)
    bots_only = Table(alone, [bot(), bot()], clock, pace=0.8)
    bots_only.start()
    clock.advance(2.0)
    assert 2 <= alone.s.rounds <= 6, alone.s.rounds
