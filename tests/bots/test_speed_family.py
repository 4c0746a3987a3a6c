"""The speed family (Speed, California Speed, Aggravation) at a table: a hand on its way is not
pushed back by changes elsewhere, every play is a race the adaptive bots can follow, and the
levels are people of set speeds that scripted people of other speeds can tell apart."""

from __future__ import annotations

import random
import statistics
from types import SimpleNamespace

import pytest

from cardarcade.bots import Moment, make_bot
from cardarcade.cards import cards
from cardarcade.rules import GAMES, Action
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.simulate import person_session, person_share, play_against_person
from cardarcade.table.table import ARBITRATION_WINDOW, Race, Table
from tests.rules.test_california_speed import TWO_PAIRS, packs_deck
from tests.rules.test_speed import speed_deck


def speed_table(hand1: str) -> tuple[Table, VirtualClock]:
    """Two people at Speed: seat 0 holds an 8 for the 9 on the left pile."""
    game = GAMES["speed"].new(2, seed=0, deck=speed_deck("8c 2c 3c 4c 5c", hand1, "9h Js"))
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat("P1"), Seat("P2")], clock)
    table.start()
    return table, clock


def speed_race(hand1: str) -> list[Race]:
    """The races recorded after seat 0 puts its 8 on the 9, with seat 1 holding ``hand1``."""
    table, clock = speed_table(hand1)
    table.submit(0, Action("play", tuple(cards("8c")), 0), t=100.4)
    clock.advance(ARBITRATION_WINDOW + 0.01)
    return table.stats.races


def test_a_speed_play_both_could_make_is_a_race_won_by_the_quicker():
    assert speed_race("10d Kh Ks 6d 7d") == [Race(0, True, (0, 1))]  # the 10 would go on the 9 or the J
    assert speed_race("Kd Kh Ks 5d 4d") == [], "nothing of seat 1's fits: a play nobody else could make races nobody"


def test_a_california_speed_cover_is_a_race():
    game = GAMES["california-speed"].new(2, seed=0, deck=packs_deck(*TWO_PAIRS))
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat("P1"), Seat("P2")], clock)
    table.start()
    table.submit(1, Action("cover", target=0), t=100.5)
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert table.stats.races == [Race(1, True, (0, 1))]


def test_a_speed_hand_on_its_way_goes_on_when_the_other_pile_changes():
    """The other player's card on the right pile does not send the bot's 8 for the left pile back
    to a fresh search: it lands when it would have."""
    game = GAMES["speed"].new(2, seed=0, deck=speed_deck("8c 2c 3c 4c 5c", "Qd Kh Ks 6d 7d", "9h Js"))
    bot = make_bot("speed", 0, "medium", random.Random(3))
    (aimed,) = bot.plans(game.view(0), Moment(now=0.0, stimulus_time=0.0, pace=1.0))
    assert aimed.action.target == 0
    game.apply(1, Action("play", tuple(cards("Qd")), 1, game.s.stimulus))  # the Q on the J
    later = Moment(now=aimed.at / 2, stimulus_time=aimed.at / 2, pace=1.0)
    assert bot.plans(game.view(0), later) == [aimed]


def test_a_california_speed_hand_on_its_way_goes_on_when_another_stack_is_covered():
    game = GAMES["california-speed"].new(2, seed=0, deck=packs_deck(*TWO_PAIRS))
    bot = make_bot("california-speed", 0, "hard", random.Random(2))
    (aimed,) = bot.plans(game.view(0), Moment(now=0.0, stimulus_time=0.0, pace=1.0))
    other = 1 if aimed.action.target in (4, 0) else 0  # a stack of the other pair
    game.apply(1, Action("cover", target=other, value=game.s.stimulus))
    later = Moment(now=aimed.at / 2, stimulus_time=aimed.at / 2, pace=1.0)
    assert bot.plans(game.view(0), later) == [aimed]


def wins(game_id: str, median: float, level: str, games: int = 8) -> float:
    return sum(person_share(play_against_person(GAMES[game_id], median, [level], seed)[0]) for seed in range(games))


@pytest.mark.parametrize("game_id", ["speed", "california-speed", "aggravation"])
def test_a_quick_person_beats_medium_and_meets_their_match_in_expert(game_id):
    """Seeded games on virtual time: a 300 ms person wins most games against medium, some against
    hard and few against expert, and a typical 500 ms person wins most against easy: the levels
    are felt apart."""
    assert wins(game_id, 0.3, "medium") >= 6
    assert wins(game_id, 0.3, "hard") >= 2, "hard is a quick person's match, not out of reach"
    assert wins(game_id, 0.3, "expert") <= 2
    assert wins(game_id, 0.5, "easy") >= 6


def following(game_id: str, seconds: float):
    """An adaptive bot of ``game_id`` that has seen a person play at ``seconds`` a play."""
    bot = make_bot(game_id, 1, "adaptive", random.Random(5))
    for _ in range(15):
        bot.profile.observe_person(seconds)
    return bot


def test_an_adaptive_bot_eases_off_while_ahead_in_cards_and_hurries_while_behind():
    bot = following("aggravation", 1.0)
    ahead, level, behind = (SimpleNamespace(pack_sizes=sizes) for sizes in ([20, 12], [15, 15], [12, 20]))
    assert bot.easing(ahead) > 1.2 and bot.easing(level) == 1.0 and bot.easing(behind) < 0.8


def test_an_adaptive_bot_plays_in_the_persons_time_once_it_knows_them():
    """The person's play times hold their search, their second looks and their slips: a bot
    following a 1.2 s player plays at about 1.2 s, not 1.2 s and a one-second person's slips."""
    game = GAMES["speed"].new(2, seed=0, deck=speed_deck("8c 2c 3c 4c 5c", "10d Kh Ks 6d 7d", "9h Js"))
    view = game.view(1)
    times = []
    for seed in range(300):
        bot = following("speed", 1.2)
        bot.rng = random.Random(seed)
        times.append(bot._decide(view, 0.0)[1])
    assert abs(statistics.median(times) - 1.2) < 0.08


@pytest.mark.parametrize("game_id", ["speed", "california-speed", "aggravation"])
@pytest.mark.parametrize("median, shape", [(0.25, "exgauss"), (1.0, "exgauss"), (1.0, "heavy")])
def test_people_of_any_speed_and_shape_take_an_even_share_of_the_races(game_id, median, shape):
    """Seeded sessions on virtual time against an adaptive bot: a quick person, a slow one and a
    slow one with a heavy tail each take 0.8-1.2 times their even share of the plays both could
    make, and win some games but not all."""
    races, _, won = person_session(GAMES[game_id], median, 2, games=4, shape=shape)
    share = sum(r.seat == 0 for r in races) / len(races)
    even = sum(r.even_share for r in races) / len(races)
    assert 0.8 * even <= share <= 1.2 * even
    assert 0 < won < 4


def test_an_adaptive_bot_takes_longer_over_a_grid_grown_longer_than_it_usually_was():
    """The person's times were taken over the grid as it was: at the end of an Aggravation game,
    with twice the cards to look over, the person is slower, and so is the bot that follows them."""
    bot = following("aggravation", 1.0)
    for _ in range(30):
        usual = bot.crowding(SimpleNamespace(tops=[None] * 12))
    assert usual == pytest.approx(1.0, abs=0.01)
    assert bot.crowding(SimpleNamespace(tops=[None] * 24)) > 1.3


def test_cash_bots_that_follow_a_person_play_on():
    """Cash's swaps are timed by the same base, though Cash is no race to be out of cards: its
    adaptive bots follow the person without easing off, and the game goes on to its end."""
    races, bots, _ = person_session(GAMES["cash"], 0.4, 4, games=1)
    assert races and bots is not None
