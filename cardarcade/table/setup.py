"""What a game is started with: the game, its seats, house rules and seed."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from cardarcade.cards import Card
from cardarcade.rules.base import Game, GameSpec, Options
from cardarcade.table.table import Seat


@dataclass(frozen=True)
class GameSetup:
    spec: GameSpec
    seats: tuple[Seat, ...]
    options: Options
    seed: int
    deck: tuple[Card, ...] | None = None  # an exact deal (tests, replays); None = shuffle by seed
    passes: int = 0  # how often the deal has passed to the left since these players sat down
    book: str | None = None  # the house-rule book the options came from, by name (None: none)

    @classmethod
    def solo(cls, spec: GameSpec, players: int | None = None, level: str = "medium", seed: int | None = None,
             options: Options | dict | None = None, humans: int = 1, levels: list[str] | None = None,
             deck: list[Card] | None = None) -> "GameSetup":
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

    def again(self) -> "GameSetup":
        """The next game at this table: the deal passes to the left, as the texts have it. Seats
        are numbered from the dealer's left, so everyone moves one seat on: the player who sat
        first (left of the dealer) now deals, in the last seat."""
        return replace(self, seats=self.seats[1:] + self.seats[:1], seed=(self.seed + 1) % 2**31, deck=None,
                       passes=self.passes + 1)

    def redeal(self) -> "GameSetup":
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
