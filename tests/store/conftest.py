"""The stores' behaviour tests run against both back ends where they apply: the files of one
machine, and PostgreSQL (``--database``, the private server of tests/services)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardarcade.store.database import Database
from cardarcade.store.saves import DatabaseSaves, SaveStore
from cardarcade.store.stats import DatabaseStats, Stats, StatsStore


class Backend:
    """Where the stores of a test keep things: ``database`` None for the files."""

    def __init__(self, folder: Path, database: Database | None) -> None:
        self.folder, self.database = folder, database

    def stats(self, session: str | None = None) -> StatsStore:
        if self.database is not None:
            return DatabaseStats(self.database, session=session)
        return Stats(self.folder / "stats.sqlite3", session=session)

    def saves(self, owner: str = "") -> SaveStore:
        if self.database is not None:
            return DatabaseSaves(self.database, owner)
        return SaveStore(self.folder / owner / "saves")

    @property
    def where(self) -> str:
        """The saves' place for another process: the folder, or the database's URL."""
        return self.database.url if self.database is not None else str(self.folder / "saves")


def saves_at(where: str) -> SaveStore:
    """``Backend.where``'s saves, in another process."""
    if where.startswith("postgresql://"):
        return DatabaseSaves(Database(where), "")
    return SaveStore(Path(where))


@pytest.fixture(params=["files", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    if request.param == "files":
        yield Backend(tmp_path, None)
        return
    database = Database(request.getfixturevalue("postgres_url"))
    yield Backend(tmp_path, database)
    database.close()


@pytest.fixture
def open_stats(backend: Backend) -> Callable[..., StatsStore]:
    return backend.stats
