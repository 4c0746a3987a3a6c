"""``cardarcade migrate``: a player's statistics file and saves copied into the database that
``--database`` names, so that an arcade given it carries on where the files left off.

Each thing copied is marked where it came from (a game or a claim by a hash of its whole row, a
save by its id), so a second run copies nothing twice, and says so. The files are only read:
they stay as they are, for an arcade run without ``--database``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from cardarcade.store.saves import DatabaseSaves
from cardarcade.store.stats import DatabaseStats, Stats, StatsError

BATCH = 1_000  # claims sent in one statement


@dataclass
class Copied:
    """What one run copied, and what it found there already."""

    games: int = 0
    games_there: int = 0
    reactions: int = 0
    reactions_there: int = 0
    saves: int = 0
    saves_there: int = 0
    saves_unreadable: int = 0

    def lines(self) -> list[str]:
        return [
            f"games: {self.games} copied, {self.games_there} there already",
            f"reaction times: {self.reactions} copied, {self.reactions_there} there already",
            f"saves: {self.saves} copied, {self.saves_there} there already"
            + (f", {self.saves_unreadable} that cannot be read left behind" if self.saves_unreadable else ""),
        ]


def _origin(source: str, row: object) -> str:
    return f"{source}:{hashlib.sha256(json.dumps(row, sort_keys=True).encode()).hexdigest()}"


def copy_statistics(path: Path, target: DatabaseStats, copied: Copied) -> None:
    """Every game and claim of the statistics file ``path`` not copied before. StatsError if the
    file cannot be read, or the database written."""
    with Stats(path, read_only=True) as stats:
        games = stats.finished_games()
        claims = stats.db.execute(
            "SELECT id, at, session, game, claim, outcome, fault, seconds, profile FROM reactions ORDER BY id"
        ).fetchall()
    for record in games:
        row = (
            record["game"],
            record["finished_at"],
            record["duration"],
            record["seed"],
            json.dumps(record["options"]) if not isinstance(record["options"], str) else record["options"],
            record["book"],
            json.dumps(record["winners"]) if not isinstance(record["winners"], str) else record["winners"],
            record["reason"],
        )
        seats = [
            (s["seat"], s["name"], s["kind"], s["level"], s["profile"], s["outcome"], s["score"])
            for s in record["seats"]
        ]
        if target.insert_game(row, seats, origin=_origin("game", [row, seats])) is None:
            copied.games_there += 1
        else:
            copied.games += 1
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


def migrate(files_stats: Path, files_saves: Path, stats: DatabaseStats, saves: DatabaseSaves) -> Copied:
    copied = Copied()
    if files_stats.exists():
        copy_statistics(files_stats, stats, copied)
    copy_saves(files_saves, saves, copied)
    return copied


__all__ = ["Copied", "StatsError", "copy_saves", "copy_statistics", "migrate"]
