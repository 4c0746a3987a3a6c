"""Who sits at a table and what came of their claims: the data the table plays with and the
store keeps (saves, statistics), so neither layer imports the other for it.

- ``Seat``: a person here or a bot of a level.
- ``GameSetup``: what a game is started with: the game, its seats, house rules and seed.
- ``Reaction``: one claim as the table reports it; ``is_fault`` and ``is_win`` read its outcome.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Literal

from cardarcade.cards import Card
from cardarcade.rules.base import Game, GameSpec, Options, Outcome


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person (with the profile they play as) or a bot of a level."""

    name: str
    kind: Literal["human", "bot"] = "human"
    level: str | None = None  # bots only
    profile: str | None = None  # people only: whose profile (statistics, preferences) this seat plays as

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass(frozen=True, slots=True)
class Reaction:
    """One claim: who, how long after the card appeared, and what came of it."""

    seat: int
    seconds: float
    kind: str  # the event kind the engine answered with: slap_win, late_slap, false_slap, ... (statistics keep it)
    stimulus: int
    claim: str = ""  # the claim made: the action kind (slap, snap, salute...), for the statistics
    beaten_by: int | None = None  # the seat whose earlier move this claim lost to, if the engine says
    margin: float = 0.0  # how much earlier (seconds) that seat pressed
    outcome: Outcome = Outcome.OK  # the engine's judgement of the claim (OK: taken, nothing more to say)


def is_fault(outcome: Outcome | None) -> bool:
    """Whether a claim's outcome was a mistake (a false slap, a wrong call): not a real reaction
    to a card that deserved one, so it is left out of reaction-time figures."""
    return outcome is Outcome.FAULT


def is_win(outcome: Outcome | None) -> bool:
    """Whether the claim won its race (a slap that took the pile, the first right call...)."""
    return outcome is Outcome.WON


@dataclass(frozen=True)
class GameSetup:
    """What a game is started with: the game, its seats, house rules and seed."""

    spec: GameSpec
    seats: tuple[Seat, ...]
    options: Options
    seed: int
    deck: tuple[Card, ...] | None = None  # an exact deal (tests, replays); None = shuffle by seed
    passes: int = 0  # how often the deal has passed to the left since these players sat down
    book: str | None = None  # the house-rule book the options came from, by name (None: none)

    @classmethod
    def solo(
        cls,
        spec: GameSpec,
        players: int | None = None,
        level: str = "medium",
        seed: int | None = None,
        options: Options | dict | None = None,
        humans: int = 1,
        levels: list[str] | None = None,
        deck: list[Card] | None = None,
    ) -> GameSetup:
        """``humans`` people (seats 0..humans-1) and bots in the other seats."""
        players = players or spec.default_players
        bot_levels = levels or [level]
        seats = []
        for i in range(players):
            if i < humans:
                seats.append(Seat("You" if humans == 1 else f"Player {i + 1}"))
            else:
                lvl = bot_levels[(i - humans) % len(bot_levels)] if len(bot_levels) > 1 else bot_levels[0]
                seats.append(Seat(f"Bot {i - humans + 1}", "bot", lvl))
        seed = random.randrange(2**31) if seed is None else seed
        return cls(spec, tuple(seats), spec.parse_options(options), seed, tuple(deck) if deck else None)

    def new_game(self) -> Game:
        return self.spec.new(len(self.seats), seed=self.seed, options=self.options, deck=self.deck)

    def again(self) -> GameSetup:
        """The next game at this table: the deal passes to the left, as the texts have it. Seats
        are numbered from the dealer's left, so everyone moves one seat on: the player who sat
        first (left of the dealer) now deals, in the last seat."""
        return replace(
            self, seats=self.seats[1:] + self.seats[:1], seed=(self.seed + 1) % 2**31, deck=None, passes=self.passes + 1
        )

    def redeal(self) -> GameSetup:
        """The same game started over with a new deal: nobody moves."""
        return replace(self, seed=(self.seed + 1) % 2**31, deck=None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        """The people's seats, in the order they first sat down: a hot-seat keyboard half and
        its place on the prompt line stay with the person when the deal moves them."""
        n = len(self.seats)
        return sorted((i for i, s in enumerate(self.seats) if not s.is_bot), key=lambda i: (i + self.passes) % n)
