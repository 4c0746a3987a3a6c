"""A table shared by people at different terminals: seats, bots in the open ones, a seat kept for
a player who left, races settled by arrival, and the lobby that lists the tables."""

from __future__ import annotations

import pytest

from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.server.lobby import CHAT_BURST, Lobby
from cardarcade.table.clock import VirtualClock
from cardarcade.table.shared import COUNTDOWN, HOLD_SECONDS, SeatTaken, SharedTable

FLIP = Action("flip")


def deck_starting(text: str) -> list:
    first = cards(text)
    return first + [c for c in standard_deck() if c not in first]


def table_of(
    game: str = "slapjack", people: int = 2, players: int = 2, clock: VirtualClock | None = None, **options
) -> SharedTable:
    return SharedTable(
        GAMES[game], people, players, "easy", clock or VirtualClock(start=50.0), creator="ada", **options
    )


class News:
    """What a screen attached to the table is told."""

    def __init__(self, table: SharedTable, seat: int | None) -> None:
        self.events: list = []
        self.reactions: list = []
        table.attach(seat, lambda events, s: self.events.extend(events), self.reactions.extend)


def test_people_sit_down_and_bots_take_the_seats_left_open_at_the_deal() -> None:
    table = table_of("war", people=3, players=3)
    assert table.sit("bob") == 1 and table.open_seats() == [2] and table.status() == "waiting for 1 more"
    with pytest.raises(SeatTaken, match="seat 1 is not free"):
        table.sit("eve", 0)
    table.deal()
    assert [s.name for s in table.setup.seats] == ["ada", "bob", "Bot 1"]
    assert [s.profile for s in table.setup.seats] == ["ada", "bob", None]
    assert table.table.started  # a turn-based game starts at once
    with pytest.raises(SeatTaken, match="watch"):
        table.sit("eve")


def test_when_the_creator_stands_up_before_the_deal_the_next_person_deals() -> None:
    table = table_of("war", people=3, players=3)
    table.sit("bob")
    table.stand("ada")
    assert table.creator == "bob" and table.open_seats() == [0, 2]


def test_a_reaction_race_between_people_goes_to_the_press_that_arrived_first() -> None:
    clock = VirtualClock(start=50.0)
    table = table_of(clock=clock, deck=deck_starting("Js 2h 3c 4d"))
    table.sit("bob")
    table.deal()
    news = News(table, None)
    assert table.starts_in() == COUNTDOWN and not table.table.started
    clock.advance(COUNTDOWN)
    table.submit(0, FLIP)  # the jack
    shown = clock.now()
    table.claim(1, "slap", shown + 0.30)  # bob's press arrived first...
    table.claim(0, "slap", shown + 0.25 + 0.10)  # ...though ada's came in with a tenth of a second's delay
    clock.advance(1.0)
    winner = next(r for r in news.reactions if r.kind == "slap_win")
    assert winner.seat == 1 and round(winner.seconds, 3) == 0.3


def jack_shown_to_a_far_player(ada_round_trip: float) -> tuple[SharedTable, News, VirtualClock]:
    """ada (seat 0, round trip as given) and bob (2 ms) at a Slapjack table allowing for round
    trips, the jack just turned up."""
    clock = VirtualClock(start=50.0)
    table = table_of(clock=clock, deck=deck_starting("Js 2h 3c 4d"), compensate_rtt=True)
    table.sit("bob")
    table.round_trips.update({"ada": ada_round_trip, "bob": 0.002})
    table.deal()
    news = News(table, 0)
    clock.advance(COUNTDOWN)
    table.submit(0, FLIP)
    return table, news, clock


def test_allowing_for_round_trips_moves_a_far_players_press_back_by_half_of_theirs() -> None:
    table, news, clock = jack_shown_to_a_far_player(0.200)  # ada is far away
    shown = clock.now()
    table.claim(1, "slap", shown + 0.30)
    table.claim(0, "slap", shown + 0.35)  # arrived later, but left ada's keyboard 100 ms before that
    clock.advance(1.0)
    assert next(r for r in news.reactions if r.kind == "slap_win").seat == 0


def test_allowing_for_round_trips_also_times_a_card_played_onto_a_pile() -> None:
    from tests.rules.test_speed import speed_deck

    clock = VirtualClock(start=50.0)
    table = table_of(
        "speed", clock=clock, deck=speed_deck("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h 2s"), compensate_rtt=True
    )
    table.sit("bob")
    table.round_trips.update({"ada": 0.200, "bob": 0.002})
    table.deal()
    clock.advance(COUNTDOWN + 0.5)
    shown = clock.now()
    table.submit(1, Action("play", tuple(cards("10d")), 0), shown + 0.30)
    table.submit(0, Action("play", tuple(cards("8c")), 0), shown + 0.35)  # left ada's keyboard 100 ms earlier
    clock.advance(1.0)
    assert table.table.game.view(None).tops[0].code == "8c"


def test_allowing_for_round_trips_holds_claims_until_a_far_players_earlier_press_can_arrive() -> None:
    table, news, clock = jack_shown_to_a_far_player(0.200)
    clock.advance(0.30)
    table.claim(1, "slap")  # bob's press arrives ...
    clock.advance(0.06)
    table.claim(0, "slap")  # ... and ada's 60 ms later, longer than the plain arbitration window,
    clock.advance(1.0)  # though it left her keyboard 40 ms before bob's
    assert next(r for r in news.reactions if r.kind == "slap_win").seat == 0


def test_a_press_is_moved_back_at_most_so_far_whatever_the_round_trip() -> None:
    table, news, clock = jack_shown_to_a_far_player(2.0)  # a very poor connection
    clock.advance(0.30)
    table.claim(1, "slap")
    clock.advance(0.20)
    table.claim(0, "slap")  # a second's allowance would make her first; the cap does not
    clock.advance(2.0)
    assert next(r for r in news.reactions if r.kind == "slap_win").seat == 1


def test_a_far_players_earlier_press_beats_a_claim_made_at_the_table_itself() -> None:
    # the first claim of the race is a bot's (made at the table, not through a person's press):
    # it is held as long as a person's would be
    table, news, clock = jack_shown_to_a_far_player(0.200)
    clock.advance(0.30)
    table.table.claim(1, "slap")
    clock.advance(0.06)
    table.claim(0, "slap")  # left ada's keyboard 40 ms before the claim at the table
    clock.advance(1.0)
    assert next(r for r in news.reactions if r.kind == "slap_win").seat == 0


def test_a_player_who_leaves_has_a_bot_play_the_seat_until_they_sit_down_again() -> None:
    clock = VirtualClock(start=50.0)
    table = table_of("war", clock=clock)
    table.sit("bob")
    table.deal()
    table.stand("bob")
    assert table.held_for("bob") == 1 and table.describe_seats() == ["ada", "bob (away: a bot plays)"]
    assert table.people_present == ["ada"]
    table.submit(0, FLIP)
    clock.advance(5.0)
    assert table.table.game.s.actions >= 2  # the stand-in turned bob's card
    assert table.sit("bob") == 1 and table.held_for("bob") is None
    played = table.table.game.s.actions
    table.submit(0, FLIP)
    clock.advance(5.0)
    assert table.table.game.s.actions == played + 1  # bob's card waits for bob again


def test_a_seat_nobody_comes_back_for_is_the_bots_for_good() -> None:
    clock = VirtualClock(start=50.0)
    table = table_of("war", clock=clock)
    table.sit("bob")
    table.deal()
    table.stand("bob")
    clock.advance(HOLD_SECONDS + 1)
    assert table.held_for("bob") is None and table.seat_of("bob") is None
    with pytest.raises(SeatTaken):
        table.sit("bob")


def test_the_lobby_lists_tables_and_lets_go_of_one_that_ended_or_that_everyone_left() -> None:
    clock = VirtualClock(start=50.0)
    done: list[SharedTable] = []
    lobby = Lobby(clock, on_table_done=done.append)
    first = lobby.create_table(GAMES["war"], creator="ada", players=2, people=2, level="easy")
    second = lobby.create_table(GAMES["war"], creator="ada", players=2, people=2, level="easy")
    assert list(lobby.tables) == [second.id]  # ada stood up from the first to set up the second
    second.sit("bob")
    second.deal()
    second.stand("ada")
    assert second.id in lobby.tables and not done  # bob plays on
    second.stand("bob")
    assert second.table.paused and second.id in lobby.tables  # nobody left: play holds for them
    assert second.sit("bob") == 1 and not second.table.paused  # and goes on when one comes back
    second.stand("bob")
    clock.advance(HOLD_SECONDS + 1)
    assert not lobby.tables and done == [second]  # no one came back: the server saves it
    assert first.seat_of("ada") is None


def test_the_chat_is_rate_limited_and_keeps_to_printable_words() -> None:
    now = [0.0]
    lobby = Lobby(VirtualClock(), now=lambda: now[0])
    for i in range(CHAT_BURST):
        assert lobby.say("ada", f"hello {i}\x1b[2J") is None
    assert "slow down" in lobby.say("ada", "one more")
    assert lobby.say("bob", "hi") is None  # each player has their own allowance
    now[0] += 11
    assert lobby.say("ada", "  again\n") is None
    assert [line.text for line in lobby.chat][-1] == "again" and "\x1b" not in lobby.chat[0].text
