"""Ratings: each profile's rating per game, moved after every finished game it sat in, kept
in the statistics file (``store/stats.py``) in a table of its own.

The model and the bots' fixed ratings are ``cardarcade.bots.anchors``'. A rating is
provisional for its first ``PROVISIONAL_GAMES`` games. A game is not rated when hints were
used, when an adaptive bot sat at the table (it follows the person: it has no rating), or when a
bot of a level never measured did. Every read and write of the table is here, on a connection
the caller holds (``Stats`` runs each inside its transaction or snapshot), so another back end
need only carry these few.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from cardarcade.bots.anchors import MU, Skill, anchors, places, rate
from cardarcade.bots.reaction import ADAPTIVE
from cardarcade.rules.base import Result
from cardarcade.seating import GameSetup

PROVISIONAL_GAMES = 10
HISTORY_GAMES = 60  # as many as a chart 80 columns wide shows


def create_v2(db: sqlite3.Connection) -> None:
    """The ratings, a row per profile per rated game (the latest is the rating now), and whether a
    game was played with hints."""
    db.execute("ALTER TABLE games ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0")
    db.execute(
        """CREATE TABLE ratings (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            profile TEXT NOT NULL,
            game TEXT NOT NULL,
            at REAL NOT NULL,                 -- Unix time
            before REAL,                      -- the rating before (NULL: the first game rated)
            mu REAL NOT NULL,                 -- the rating after
            sigma REAL NOT NULL,              -- how uncertain it is
            rated INTEGER NOT NULL,           -- the profile's rated games of this game, this one included
            PRIMARY KEY (game_id, profile)
        )"""
    )
    db.execute("CREATE INDEX ratings_by_profile ON ratings(profile, game, rated)")


@dataclass(frozen=True)
class Rating:
    """A profile's rating in a game after ``rated`` rated games (``before``: the one it had)."""

    profile: str
    game: str
    mu: float
    sigma: float
    rated: int
    before: float | None = None
    at: float = 0.0

    @property
    def provisional(self) -> bool:
        return self.rated <= PROVISIONAL_GAMES


def shown(mu: float) -> str:
    """A rating as players read it: a whole number, grouped ("1,512")."""
    return f"{round(mu):,}"


def provisional_note(rating: Rating) -> str:
    return f"provisional: game {rating.rated} of the first {PROVISIONAL_GAMES}"


def change_words(rating: Rating, arrow: str = "→") -> str:
    """How a game moved a rating ("1,512 → 1,538"), and whether it is still provisional."""
    before = shown(rating.before if rating.before is not None else MU)
    note = f" ({provisional_note(rating)})" if rating.provisional else ""
    return f"{before} {arrow} {shown(rating.mu)}{note}"


def unrated_because(
    setup: GameSetup, profiles: Mapping[int, str], hinted: bool = False, adaptive_as: str | None = None
) -> str | None:
    """Why this game will not be rated (None: it will be, for each profile at it). ``adaptive_as``:
    the fixed level adaptive bots are rated as, where they settled (None: they are not rated)."""
    if not profiles:
        return "nobody here plays as a profile"
    if hinted:
        return "hints were used"
    if len(set(profiles.values())) < len(profiles):
        return "one profile sat in two seats"
    for i, seat in enumerate(setup.seats):
        if not seat.is_bot or i in profiles:
            continue
        level = adaptive_as if seat.level == ADAPTIVE else seat.level
        if level is None:
            return "adaptive bots follow your play and have no rating: choose a level to be rated"
        if anchors().of(setup.spec.id, level) is None:
            return f"the {level} bot has no measured rating in this game"
    return None


@dataclass(frozen=True)
class Plan:
    """What a finished game does to the ratings, all but the profiles' ratings before it (read
    in the transaction that writes the new ones): plain data, so a game the database could not
    take yet is rated when it is sent."""

    game: str
    profiles: dict[int, str]  # the rated seats
    fixed: dict[int, tuple[float, float]]  # every other seat's (mu, sigma): a bot's anchor, a newcomer
    sides: list[list[int]]
    ranks: list[int]

    def as_data(self) -> dict:
        return {
            "game": self.game,
            "profiles": [[seat, profile] for seat, profile in self.profiles.items()],
            "fixed": [[seat, mu, sigma] for seat, (mu, sigma) in self.fixed.items()],
            "sides": self.sides,
            "ranks": self.ranks,
        }

    @classmethod
    def from_data(cls, data: dict) -> Plan:
        return cls(
            data["game"],
            {int(seat): str(profile) for seat, profile in data["profiles"]},
            {int(seat): (float(mu), float(sigma)) for seat, mu, sigma in data["fixed"]},
            [[int(seat) for seat in side] for side in data["sides"]],
            [int(rank) for rank in data["ranks"]],
        )

    def after(self, before: Mapping[str, Rating | None], at: float) -> list[Rating]:
        """Each profile's rating after the game, given its rating before (None: its first)."""
        skills: dict[int, Skill] = {seat: Skill(*skill) for seat, skill in self.fixed.items()}
        for seat, profile in self.profiles.items():
            old = before.get(profile)
            skills[seat] = Skill(old.mu, old.sigma) if old is not None else Skill()
        moved = rate([[skills[seat] for seat in side] for side in self.sides], self.ranks)
        by_seat = {seat: skill for side, after in zip(self.sides, moved) for seat, skill in zip(side, after)}
        return [
            Rating(
                profile,
                self.game,
                by_seat[seat].mu,
                by_seat[seat].sigma,
                1 if (old := before.get(profile)) is None else old.rated + 1,
                None if old is None else old.mu,
                at,
            )
            for seat, profile in self.profiles.items()
        ]


def plan(
    setup: GameSetup,
    result: Result,
    profiles: Mapping[int, str],
    hinted: bool = False,
    adaptive_as: str | None = None,
) -> Plan | None:
    """How to rate a finished game (None: it is not rated, ``unrated_because`` says why)."""
    if unrated_because(setup, profiles, hinted, adaptive_as) is not None:
        return None
    game = setup.spec.id
    fixed: dict[int, tuple[float, float]] = {}
    for seat, s in enumerate(setup.seats):
        if seat in profiles:
            continue
        skill = Skill()  # a person with no profile: a newcomer
        if s.is_bot:
            level = adaptive_as if s.level == ADAPTIVE else s.level
            skill = anchors().of(game, level or "") or Skill()
        fixed[seat] = (skill.mu, skill.sigma)
    sides, ranks = places(result, len(setup.seats))
    return Plan(game, dict(profiles), fixed, sides, ranks)


INSERT = "INSERT INTO ratings (game_id, profile, game, at, before, mu, sigma, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"


def rows(game_id: int, moved: list[Rating]) -> list[tuple]:
    """``INSERT``'s rows for a game's new ratings."""
    return [(game_id, r.profile, r.game, r.at, r.before, r.mu, r.sigma, r.rated) for r in moved]


def record(
    db: sqlite3.Connection,
    game_id: int,
    setup: GameSetup,
    result: Result,
    profiles: Mapping[int, str],
    at: float,
    hinted: bool = False,
    adaptive_as: str | None = None,
) -> None:
    """Rate a finished game (just recorded as ``game_id``) for each profile at it, inside the
    caller's write transaction: two windows finishing at once each read the other's latest."""
    how = plan(setup, result, profiles, hinted, adaptive_as)
    if how is None:
        return
    before = {profile: latest(db, profile, how.game) for profile in how.profiles.values()}
    db.executemany(INSERT, rows(game_id, how.after(before, at)))


_COLUMNS = "profile, game, mu, sigma, rated, before, at"


def latest(db: sqlite3.Connection, profile: str, game: str) -> Rating | None:
    row = db.execute(
        f"SELECT {_COLUMNS} FROM ratings WHERE profile = ? AND game = ? ORDER BY rated DESC LIMIT 1", (profile, game)
    ).fetchone()
    return Rating(*row) if row else None


def of_game(db: sqlite3.Connection, game_id: int) -> list[Rating]:
    """What one recorded game did to each profile's rating (none: it was not rated)."""
    rows = db.execute(f"SELECT {_COLUMNS} FROM ratings WHERE game_id = ? ORDER BY profile", (game_id,))
    return [Rating(*row) for row in rows]


def current(db: sqlite3.Connection, profile: str) -> list[Rating]:
    """The profile's rating now in each game it has one in (by game id)."""
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM ratings r WHERE profile = ? AND rated ="
        " (SELECT MAX(rated) FROM ratings WHERE profile = r.profile AND game = r.game) ORDER BY game",
        (profile,),
    )
    return [Rating(*row) for row in rows]


def history(db: sqlite3.Connection, profile: str, game: str, last: int = HISTORY_GAMES) -> list[Rating]:
    """The profile's rating after each of its ``last`` rated games of ``game``, oldest first."""
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM ratings WHERE profile = ? AND game = ? ORDER BY rated DESC LIMIT ?",
        (profile, game, last),
    ).fetchall()
    return [Rating(*row) for row in reversed(rows)]


def top(db: sqlite3.Connection, game: str, n: int) -> list[Rating]:
    """The ``n`` best ratings now in ``game``, one a profile, highest first (ties: more games first)."""
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM ratings r WHERE game = ? AND rated ="
        " (SELECT MAX(rated) FROM ratings WHERE profile = r.profile AND game = r.game)"
        " ORDER BY mu DESC, rated DESC, profile LIMIT ?",
        (game, n),
    )
    return [Rating(*row) for row in rows]
