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
    if unrated_because(setup, profiles, hinted, adaptive_as) is not None:
        return
    game = setup.spec.id
    before: dict[int, Rating | None] = {seat: latest(db, profile, game) for seat, profile in profiles.items()}
    skills: list[Skill] = []
    for seat, s in enumerate(setup.seats):
        if seat in before:
            r = before[seat]
            skills.append(Skill(r.mu, r.sigma) if r is not None else Skill())
        elif s.is_bot:
            level = adaptive_as if s.level == ADAPTIVE else s.level
            skills.append(anchors().of(game, level or "") or Skill())
        else:
            skills.append(Skill())  # a person with no profile: a newcomer
    sides, ranks = places(result, len(setup.seats))
    after = rate([[skills[seat] for seat in side] for side in sides], ranks)
    moved = {seat: skill for side, skills_after in zip(sides, after) for seat, skill in zip(side, skills_after)}
    db.executemany(
        "INSERT INTO ratings (game_id, profile, game, at, before, mu, sigma, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                profile,
                game,
                at,
                None if (old := before[seat]) is None else old.mu,
                moved[seat].mu,
                moved[seat].sigma,
                1 if old is None else old.rated + 1,
            )
            for seat, profile in profiles.items()
        ],
    )


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
