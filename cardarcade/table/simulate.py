"""Headless play on virtual time, for ``cardarcade simulate``, the tests and the benchmarks: bots
only, or bots against a scripted person of a set reaction speed."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import NamedTuple
from collections.abc import Callable, Sequence

from cardarcade.bots import Bot, make_bot
from cardarcade.bots.reaction import ReactionProfile, exgauss_quantile, human_like, percentile, slips_at
from cardarcade.rules.base import Game, GameSpec, Options, Result
from cardarcade.seating import Seat, is_fault
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import Race, Table

# A bot-only game that has not ended after this much virtual time is abandoned as a draw
# (it cannot happen with the shipped games, whose turn caps end them far sooner).
MAX_VIRTUAL_SECONDS = 6 * 3600.0


def play_randomly(game: Game, rng: random.Random, moves: int | None = None) -> int:
    """Random legal moves by random seats that may move, until the game ends (or after ``moves``);
    returns how many were made. Saves and fuzz tests start from such states."""
    made = 0
    while not game.is_over and (moves is None or made < moves):
        seat = rng.choice(game.actors())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        made += 1
    return made


def bot_seats(levels: Sequence[str]) -> list[Seat]:
    return [Seat(f"Bot {i + 1} ({level})", "bot", level) for i, level in enumerate(levels)]


def play_headless(
    spec: GameSpec, levels: Sequence[str], seed: int, options: Options | dict | None = None, pace: float = 0.8
) -> tuple[Result | None, Table]:
    """Play one game with bots in every seat, as fast as the engine goes."""
    game = spec.new(len(levels), seed=seed, options=options)
    clock = VirtualClock()
    return _play_out(Table(game, bot_seats(levels), clock, pace=pace, seed=seed), clock)


def heavy_tailed(median: float, name: str = "person") -> ReactionProfile:
    """A person shaped unlike ``human_like``: most presses quick, a long tail of slow ones (the
    exponential part is 60% of the median, not 28%), and more cards missed the slower they are
    (up to twice ``human_like``'s rate at one second): someone whose attention wanders."""
    sigma, tau = 0.05 * median, 0.6 * median
    mu = median - exgauss_quantile(0.5, 0.0, sigma, tau)
    miss, false = slips_at(median)
    more = 1 + min(1.0, max(0.0, (median - 0.3) / 0.7))
    return ReactionProfile(
        name, mu=mu, sigma=sigma, tau=tau, miss_rate=min(0.5, miss * more), false_rate=false, hick=0.0
    )


# How a scripted person's times are drawn: the project's own person, and one shaped differently.
PEOPLE: dict[str, Callable[[float], ReactionProfile]] = {"exgauss": human_like, "heavy": heavy_tailed}


def scripted_person(game_id: str, seat: int, median: float, rng: random.Random, shape: str = "exgauss") -> Bot:
    """A stand-in for a person whose median reaction is ``median`` seconds: a medium bot's play
    with a person's reflexes at that speed (``PEOPLE[shape]``: misses and false claims grow with it)."""
    person = make_bot(game_id, seat, "medium", rng)
    person.profile = PEOPLE[shape](median)
    return person


def play_against_person(
    spec: GameSpec,
    median: float,
    levels: Sequence[str],
    seed: int,
    options: Options | dict | None = None,
    pace: float = 0.8,
    person_median: float | None = None,
    shape: str = "exgauss",
) -> tuple[Result | None, Table]:
    """Play one game with a scripted person of reaction median ``median`` (drawn as ``shape``) in
    seat 0 and bots of ``levels`` in the other seats. ``person_median`` is what the table is told
    of the person's history (adaptive bots start there)."""
    game = spec.new(len(levels) + 1, seed=seed, options=options)
    clock = VirtualClock()
    person = scripted_person(spec.id, 0, median, random.Random(f"{seed}:person"), shape)
    seats = [Seat("Person"), *bot_seats(levels)]
    table = Table(game, seats, clock, pace=pace, seed=seed, person_median=person_median, stand_ins={0: person})
    return _play_out(table, clock)


class Session(NamedTuple):
    races: list[Race]  # the races the person could enter (seat 0 among the contenders), in order
    bots_median: float | None  # where the adaptive bots ended (seconds)
    won: float  # games the person won (a shared win counts its share)


def person_session(spec: GameSpec, median: float, players: int, games: int, shape: str = "exgauss") -> Session:
    """A scripted person's session of ``games`` games (seeds 0, 1, ...) against adaptive bots in
    the other seats, each game starting the bots where the last left them, as the app does."""
    races: list[Race] = []
    carried: float | None = None
    won = 0.0
    for seed in range(games):
        result, table = play_against_person(
            spec, median, ["adaptive"] * (players - 1), seed, person_median=carried, shape=shape
        )
        races += [race for race in table.stats.races if 0 in race.contenders]
        carried = table.adaptive_median()
        won += person_share(result)
    return Session(races, carried, won)


def person_share(result: Result | None) -> float:
    """Seat 0's share of a game's win: 1 alone, a share of a shared one, 0 otherwise."""
    winners = [] if result is None or result.is_draw else list(result.winners)
    return 1 / len(winners) if 0 in winners else 0.0


def _play_out(table: Table, clock: VirtualClock) -> tuple[Result | None, Table]:
    game = table.game
    table.start()
    while not game.is_over and clock.now() < MAX_VIRTUAL_SECONDS:
        if not clock.run(until=clock.now() + 60.0) and clock.idle:
            break  # nobody has anything to do: a stuck game (a bug); stop rather than spin
    table.close()
    return game.result, table


@dataclass
class Summary:
    game: str
    games: int
    players: int
    bots: list[str]
    wins: list[int]
    draws: int
    actions: int
    seconds: float
    reactions: list[list[float]] | None = field(default=None, repr=False)

    @property
    def mean_actions(self) -> float:
        return self.actions / self.games if self.games else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def reaction_ms(self) -> list[dict[str, float | None]] | None:
        if self.reactions is None:
            return None
        return [
            {
                "median": round(percentile(r, 50) * 1000, 1) if r else None,
                "p90": round(percentile(r, 90) * 1000, 1) if r else None,
            }
            for r in self.reactions
        ]

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "bots": self.bots,
            "wins": self.wins,
            "draws": self.draws,
            "mean_actions": round(self.mean_actions, 2),
            "actions_per_second": round(self.actions_per_second, 1),
            "reaction_ms": self.reaction_ms(),
        }


def simulate(
    spec: GameSpec,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    options: Options | dict | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    players = len(levels)
    summary = Summary(
        spec.id,
        games,
        players,
        list(levels),
        [0] * players,
        0,
        0,
        0.0,
        [[] for _ in range(players)] if spec.realtime else None,
    )
    start = time.perf_counter()
    for i in range(games):
        result, table = play_headless(spec, levels, seed + i, options)
        summary.actions += table.stats.applied
        if result is None or result.is_draw:
            summary.draws += 1
        else:
            for winner in result.winners:  # (partners win together)
                summary.wins[winner] += 1
        if summary.reactions is not None:
            for r in table.stats.reactions:
                if not is_fault(r.outcome):
                    summary.reactions[r.seat].append(r.seconds)
        if progress is not None:
            progress(i + 1)
    summary.seconds = time.perf_counter() - start
    return summary
