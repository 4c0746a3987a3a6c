"""The table: claims settled by press time, bots that act like people, pausing."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots.reaction import LEVELS, percentile
from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action, IllegalAction, Outcome
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.simulate import play_headless, simulate
from cardarcade.table.table import ARBITRATION_WINDOW, Race, Table

FLIP = Action("flip")


def deck_starting(text: str) -> list:
    first = cards(text)
    return first + [c for c in standard_deck() if c not in first]


def people(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def slapjack_table(deck: str, players: int = 3, seats=None) -> tuple[Table, VirtualClock]:
    game = GAMES["slapjack"].new(players, seed=1, deck=deck_starting(deck))
    clock = VirtualClock(start=100.0)
    table = Table(game, seats or people(players), clock)
    table.start()
    return table, clock


def test_earlier_press_wins_even_when_processed_later():
    table, clock = slapjack_table("Js 2h 3c")
    table.submit(0, FLIP)
    clock.advance(0.3)
    # Seat 2's press arrives first but was made later than seat 1's.
    table.claim(2, "slap", t=100.29)
    table.claim(1, "slap", t=100.28)
    clock.advance(ARBITRATION_WINDOW + 0.01)
    view = table.game.view(None)
    assert view.pile_size == 0
    assert view.counts[1] == 18 and view.counts[2] == 17  # 17 dealt + the jack for seat 1
    outcomes = {r.seat: r.kind for r in table.stats.reactions}
    assert outcomes[1] == "slap_win" and outcomes[2] == "late_slap"
    judged = {r.seat: r.outcome for r in table.stats.reactions}  # what statistics and adaptive bots go by
    assert judged == {1: Outcome.WON, 2: Outcome.LATE}


def test_a_slap_aimed_at_a_jack_counts_even_if_a_card_landed_before_it_was_processed():
    table, clock = slapjack_table("Js 2h 3c")
    table.submit(0, FLIP)  # the jack, at t=100.0
    clock.advance(0.25)
    table.submit(1, FLIP)  # covers it at t=100.25
    table.claim(2, "slap", t=100.2)  # pressed while the jack was still on top
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert table.game.view(None).counts[2] == 17 + 2


def test_reaction_time_is_measured_from_when_the_card_appeared():
    table, clock = slapjack_table("Js 2h 3c")
    clock.advance(1.0)
    table.submit(0, FLIP)
    clock.advance(0.5)
    table.claim(1, "slap", t=clock.now() - 0.1)
    clock.advance(0.1)
    (reaction,) = table.stats.reactions
    assert reaction.seat == 1 and reaction.seconds == pytest.approx(0.4)
    assert (reaction.claim, reaction.kind) == ("slap", "slap_win")  # what the statistics record


def test_bots_slap_a_jack_like_a_person():
    seats = [Seat("P1"), Seat("Bot", "bot", "expert")]
    table, clock = slapjack_table("Js 2h", players=2, seats=seats)
    table.submit(0, FLIP)
    assert table._plans[1], "the bot is about to slap"
    clock.advance(0.5)  # expert reflexes, but before its own turn comes round
    assert table.game.view(None).counts[1] == 27, "the bot took the jack"
    (reaction,) = table.stats.reactions
    assert 0.12 <= reaction.seconds <= 0.5


def test_a_bots_slap_is_dropped_when_a_new_card_covers_the_jack():
    seats = [Seat("P1"), Seat("P2"), Seat("Bot", "bot", "easy")]
    table, clock = slapjack_table("Js 2h 3c", players=3, seats=seats)
    table.submit(0, FLIP)
    assert ("slap", 1) in table._plans[2]
    clock.advance(0.13)  # faster than any person
    table.submit(1, FLIP)
    assert ("slap", 1) not in table._plans[2]
    clock.advance(2.0)
    assert not [r for r in table.stats.reactions if r.seat == 2 and r.stimulus == 1], "it never slapped the jack"


def test_illegal_moves_are_refused_and_change_nothing():
    table, _ = slapjack_table("Js 2h 3c")
    game = table.game
    before = game.to_json()
    with pytest.raises(IllegalAction):
        table.submit(0, Action("dance"))
    assert game.to_json() == before


def test_pause_stops_bots_and_resume_restarts_them():
    game = GAMES["war"].new(2, seed=3)
    clock = VirtualClock()
    table = Table(game, [Seat("Bot A", "bot", "medium"), Seat("Bot B", "bot", "medium")], clock, pace=0.5)
    table.start()
    table.pause()
    clock.advance(10)
    assert game.s.actions == 0
    table.resume()
    clock.advance(10)
    assert game.s.actions > 0


@pytest.mark.parametrize("level,target", [("easy", 0.62), ("medium", 0.40), ("hard", 0.31), ("expert", 0.225)])
def test_reaction_model_medians_match_the_levels(level, target):
    rng = random.Random(5)
    samples = [LEVELS[level].sample(rng) for _ in range(20000)]
    assert percentile(samples, 50) == pytest.approx(target, abs=0.02)
    assert min(samples) >= 0.12, "nobody reacts faster than the floor"


def test_hicks_law_makes_harder_choices_slower():
    rng1, rng2 = random.Random(9), random.Random(9)
    plain = [LEVELS["medium"].sample(rng1) for _ in range(5000)]
    four_way = [LEVELS["medium"].sample(rng2, alternatives=4) for _ in range(5000)]
    assert percentile(four_way, 50) > percentile(plain, 50) + 0.1


def test_bot_only_games_finish_and_the_better_bot_wins_more_slapjack():
    result, table = play_headless(GAMES["slapjack"], ["easy", "expert"], seed=2)
    assert result is not None and table.game.is_over
    summary = simulate(GAMES["slapjack"], ["easy", "expert"], games=30, seed=1)
    assert summary.wins[1] > summary.wins[0]
    medians = [r["median"] for r in summary.reaction_ms()]
    assert medians[1] < medians[0]


def test_a_race_is_won_by_the_first_right_claim_among_the_seats_in_play():
    table, clock = slapjack_table("Js 2h 3c")
    table.submit(0, FLIP)
    table.claim(1, "slap", t=100.3)
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert table.stats.races == [Race(1, True, (0, 1, 2))]
    assert table.stats.races[0].even_share == pytest.approx(1 / 3)


def test_a_salute_the_king_race_is_lost_by_the_last_to_answer():
    """The ace calls for gesture 1: two of three people answer, the third is last and loses the race."""
    first = cards("As")
    deck = first + [c for c in standard_deck() if c not in first and c.rank.label in ("4", "6", "8", "9")]
    deck += [c for c in standard_deck() if c not in deck]
    game = GAMES["salute-the-king"].new(3, seed=1, deck=deck)
    clock = VirtualClock(start=100.0)
    table = Table(game, people(3), clock)
    table.start()
    table.submit(0, FLIP)
    for seat, t in ((2, 100.4), (0, 100.5), (1, 100.9)):
        table.claim(seat, "gesture1", t=t)
        clock.advance(ARBITRATION_WINDOW + 0.01)
    assert table.stats.races == [Race(1, False, (0, 1, 2))]


def test_presses_far_apart_are_settled_as_races_of_their_own_however_late_the_loop_gets_to_them():
    """A loop too busy to settle in time (both presses queued before the window's timer fires)
    still tells them apart: each claimant's line shows the times of its own race."""
    first = cards("Ks")
    deck = first + [c for c in standard_deck() if c not in first and c.rank.label in ("4", "6", "8", "9")]
    deck += [c for c in standard_deck() if c not in deck]
    game = GAMES["salute-the-king"].new(3, seed=1, deck=deck)
    clock = VirtualClock(start=100.0)
    batches: list[list[int]] = []
    table = Table(game, people(3), clock, on_reactions=lambda batch: batches.append([r.seat for r in batch]))
    table.start()
    table.submit(0, FLIP)  # the king: everyone salutes
    clock.advance(0.6)
    table.claim(2, "gesture2", t=100.33)  # both arrive late, together
    table.claim(1, "gesture2", t=100.56)
    table.claim(0, "gesture2", t=100.57)  # ...with one 10 ms after the last: the same race
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert batches == [[2], [1, 0]]


@pytest.mark.parametrize("game_id,players", [("egyptian-ratscrew", 2), ("animals", 3)])
def test_bots_finishing_fast_end_a_long_reaction_game_in_a_few_seconds(game_id, players):
    from cardarcade.ui.games._prompt import FAST_PACE

    # seed 0: 758 moves of Egyptian Ratscrew; Animals runs to its 1500-card limit
    game = GAMES[game_id].new(players, seed=0)
    clock = VirtualClock(start=0.0)
    table = Table(game, [Seat(f"Bot {i + 1}", "bot", "medium") for i in range(players)], clock, pace=0.8, seed=0)
    table.start()
    table.hurry(FAST_PACE)  # the person is out and pressed ">"
    while not game.is_over and clock.now() < 60:
        clock.advance(0.1)
    assert game.is_over and clock.now() <= 8.0, f"the bots took {clock.now():.0f} s of table time"
