"""``cardarcade migrate``: a player's statistics file, saves, settings and books copied into the database that
``--database`` names, so that an arcade given it carries on where the files left off.

Each thing copied is marked where it came from (a game or a claim by a hash of its whole row, a
save by its id, a settings or book file by its name), so a second run copies nothing twice, and says so. The files are only read:
they stay as they are, for an arcade run without ``--database``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from cardarcade.store.documents import Mirror
from cardarcade.store.saves import DatabaseSaves
from cardarcade.store.ratings import Rating
from cardarcade.store.stats import RATINGS_SCHEMA, DatabaseStats, GameRow, RatingsTaken, Stats, StatsError
from cardarcade.store.user import UserStore

BATCH = 1_000  # claims sent in one statement


@dataclass
class Copied:
    """What one run copied, and what it found there already."""

    games: int = 0
    games_there: int = 0
    ratings: int = 0
    ratings_left: int = 0
    reactions: int = 0
    reactions_there: int = 0
    saves: int = 0
    saves_there: int = 0
    saves_unreadable: int = 0
    files: int = 0
    files_there: int = 0

    def lines(self) -> list[str]:
        return [
            f"games: {self.games} copied, {self.games_there} there already",
            f"ratings: {self.ratings} copied"
            + (
                f", {self.ratings_left} left out (the database rates those players in those games already)"
                if self.ratings_left
                else ""
            ),
            f"reaction times: {self.reactions} copied, {self.reactions_there} there already",
            f"saves: {self.saves} copied, {self.saves_there} there already"
            + (f", {self.saves_unreadable} that cannot be read left behind" if self.saves_unreadable else ""),
            f"settings and house-rule books: {self.files} copied, {self.files_there} there already",
        ]


def _origin(source: str, row: object) -> str:
    return f"{source}:{hashlib.sha256(json.dumps(row, sort_keys=True).encode()).hexdigest()}"


# The (profile, game) pairs the database rates from games of its own, not copied from a file: a
# rating is a chain of games, and a file's chain is not spliced into another.
_RATED_THERE = """
SELECT DISTINCT r.profile, r.game FROM ratings r JOIN games g ON g.id = r.game_id
WHERE g.origin IS NULL OR g.origin NOT LIKE 'game:%%'
"""


def copy_statistics(path: Path, target: DatabaseStats, copied: Copied) -> None:
    """Every game and claim of the statistics file ``path`` not copied before, each game with the
    ratings it moved. StatsError if the file cannot be read, or the database written."""
    with Stats(path, read_only=True) as stats:
        games = stats.finished_games()
        claims = stats.db.execute(
            "SELECT id, at, session, game, claim, outcome, fault, seconds, profile FROM reactions ORDER BY id"
        ).fetchall()
        moved: dict[int, list[Rating]] = {}
        if stats.schema >= RATINGS_SCHEMA:
            for game_id, *rating in stats.db.execute(
                "SELECT game_id, profile, game, mu, sigma, rated, before, at FROM ratings ORDER BY game_id, profile"
            ):
                moved.setdefault(game_id, []).append(Rating(*rating))
    rated_there = {tuple(pair) for pair in target.db.execute(_RATED_THERE).fetchall()}
    for record in games:
        row: GameRow = (
            record["game"],
            record["finished_at"],
            record["duration"],
            record["seed"],
            json.dumps(record["options"]) if not isinstance(record["options"], str) else record["options"],
            record["book"],
            json.dumps(record["winners"]) if not isinstance(record["winners"], str) else record["winners"],
            record["reason"],
            int(record["hinted"]),
        )
        seats = [
            (s["seat"], s["name"], s["kind"], s["level"], s["profile"], s["outcome"], s["score"])
            for s in record["seats"]
        ]
        origin = _origin("game", [row, seats])
        its = moved.get(record["id"], [])
        kept = [r for r in its if (r.profile, r.game) not in rated_there]
        try:
            game_id = target.insert_game(row, seats, origin, moved=kept)
        except RatingsTaken:  # (two machines' files rating one name: the first copied keeps its chain)
            game_id, kept = target.insert_game(row, seats, origin), []
        if game_id is None:
            copied.games_there += 1
            continue
        copied.games += 1
        copied.ratings += len(kept)
        copied.ratings_left += len(its) - len(kept)
    for start in range(0, len(claims), BATCH):
        rows = [(*claim[1:], _origin("claim", list(claim))) for claim in claims[start : start + BATCH]]
        new = target.insert_reactions(rows)
        copied.reactions += new
        copied.reactions_there += len(rows) - new


def copy_saves(folder: Path, target: DatabaseSaves, copied: Copied) -> None:
    """Every save file of ``folder`` that reads whole and is not in the database yet (a save of
    that id there already is kept: it may have been played on since)."""
    from cardarcade.store.saves import SaveStore

    files = SaveStore(folder)
    for entry in files.entries():
        if entry.problem is not None:
            copied.saves_unreadable += 1
            continue
        if target.add(entry.save_id, entry.path.read_bytes()):
            copied.saves += 1
        else:
            copied.saves_there += 1


def copy_documents(paths: list[Path], mirror: Mirror, copied: Copied) -> None:
    """The settings file and the book files, each unless the database has its own already."""
    for path in paths:
        if mirror.add(path):
            copied.files += 1
        else:
            copied.files_there += 1


def migrate(files: UserStore, target: UserStore) -> Copied:
    """Everything of ``files`` (a store of this machine's folders) into ``target`` (the same
    owner's in the database). StatsError, SaveFailed or OSError when something cannot be
    copied (what was copied before stays: run again for the rest)."""
    assert target.database is not None
    copied = Copied()
    stats_file = files.shared.data_dir / "stats.sqlite3"
    if stats_file.exists():
        copy_statistics(stats_file, DatabaseStats(target.database), copied)
    copy_saves(files.data_dir / "saves", DatabaseSaves(target.database, target.owner), copied)
    own = [files.settings_path] if files.settings_path.is_file() else []
    copy_documents(own, Mirror(target.database, target.owner, files.config_dir), copied)
    books = files.shared.config_dir / "books"
    shared = sorted(p for p in books.glob("*/*.toml") if not p.name.startswith(".")) if books.is_dir() else []
    copy_documents(shared, Mirror(target.database, target.shared.owner, files.shared.config_dir), copied)
    return copied


__all__ = ["Copied", "StatsError", "copy_saves", "copy_statistics", "migrate"]
