"""The speed family at the table: plays are claims settled by press time, the loser is told by
how much, and the table counts "3, 2, 1" before a counted move."""

from __future__ import annotations

import pytest

from cardarcade.cards import cards
from cardarcade.rules import GAMES, Action
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import ARBITRATION_WINDOW, COUNT_BEAT, COUNT_BEATS, Table
from tests.rules.test_speed import speed_deck


def speed_table(*deal: str, **named: str) -> tuple[Table, VirtualClock, list]:
    game = GAMES["speed"].new(2, seed=0, deck=speed_deck(*deal, **named))
    clock = VirtualClock(start=100.0)
    told: list = []
    table = Table(game, [Seat("Ann"), Seat("Bob")], clock, listener=lambda events, seat: told.append(events))
    table.start()
    return table, clock, told


def play(card: str, pile: int) -> Action:
    return Action("play", tuple(cards(card)), pile)


def test_the_earlier_press_on_a_pile_stands_even_when_it_is_processed_later():
    table, clock, _ = speed_table("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h 2s")
    clock.advance(0.5)
    table.submit(1, play("10d", 0), t=100.46)  # Bob's press arrives first ...
    table.submit(0, play("8c", 0), t=100.42)  # ... but Ann pressed 40 ms before him
    assert table.game.view(None).tops[0].code == "9h", "nothing is played before the window closes"
    clock.advance(ARBITRATION_WINDOW + 0.01)
    view = table.game.view(None)
    assert view.tops[0].code == "8c"
    assert "10d" in [c.code for c in table.game.view(1).hand], "Bob's card is back in his hand"
    lost = next(r for r in table.stats.reactions if r.seat == 1)
    assert lost.kind == "play_late" and lost.beaten_by == 0
    assert lost.margin == pytest.approx(0.04)


def test_a_play_beaten_by_a_play_applied_before_it_arrived_is_told_the_margin_too():
    table, clock, _ = speed_table("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h 2s")
    clock.advance(0.5)
    table.submit(0, play("8c", 0), t=100.5)
    clock.advance(0.1)  # Ann's card is down; Bob pressed while the 9 was still showing
    table.submit(1, play("10d", 0), t=100.52)
    clock.advance(ARBITRATION_WINDOW + 0.01)
    lost = next(r for r in table.stats.reactions if r.seat == 1)
    assert lost.kind == "play_late" and lost.beaten_by == 0 and lost.margin == pytest.approx(0.02)


def test_when_both_are_blocked_the_table_counts_then_flips():
    table, clock, told = speed_table("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "9h 9s", talon0="10s", talon1="7d")
    assert table.count_ends == pytest.approx(100.0 + COUNT_BEATS * COUNT_BEAT)
    assert [] in told, "the screen is told the count has begun"
    clock.advance(COUNT_BEATS * COUNT_BEAT - 0.05)
    assert table.game.s.flips == 0
    clock.advance(0.1)
    assert table.game.s.flips == 1 and [c.code for c in table.game.view(None).tops] == ["10s", "7d"]
    assert table.count_ends is None


def test_a_count_is_called_off_by_a_pause_and_starts_again_on_resume():
    table, clock, _ = speed_table("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "9h 9s", talon0="10s", talon1="7d")
    clock.advance(1.0)
    table.pause()
    clock.advance(10.0)
    assert table.game.s.flips == 0 and table.count_ends is None
    table.resume()
    clock.advance(COUNT_BEATS * COUNT_BEAT + 0.01)
    assert table.game.s.flips == 1


def test_bots_play_speed_to_the_end():
    from cardarcade.table.simulate import play_headless

    result, table = play_headless(GAMES["speed"], ["medium", "expert"], seed=4)
    assert result is not None and table.game.is_over
    assert table.stats.reactions, "their plays are timed like claims"


def test_two_covers_of_one_card_in_california_speed_the_earlier_press_stands():
    from tests.rules.test_california_speed import PAIR, packs_deck

    game = GAMES["california-speed"].new(2, seed=0, deck=packs_deck(*PAIR))
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat("Ann"), Seat("Bob")], clock)
    table.start()
    clock.advance(0.5)
    table.submit(0, Action("cover", target=4), t=100.47)  # arrives first, pressed second
    table.submit(1, Action("cover", target=4), t=100.45)
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert game.tops()[4].code == "Kd", "Bob's king covers the seven"
    assert game.view(None).pack_sizes == [22, 21]
    lost = next(r for r in table.stats.reactions if r.seat == 0)
    assert lost.kind == "play_late" and lost.beaten_by == 1 and lost.margin == pytest.approx(0.02)


def test_a_press_still_in_its_window_waits_out_a_pause_and_lands_on_resume():
    # A menu or "Leave this game?" covers the table just after a press: nothing moves behind it.
    table, clock, _ = speed_table("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h 2s")
    clock.advance(0.5)
    table.submit(1, play("10d", 0), t=100.5)
    table.pause()
    clock.advance(10.0)
    assert table.game.view(None).tops[0].code == "9h", "no card goes down while the dialog is up"
    table.resume()
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert table.game.view(None).tops[0].code == "10d"
