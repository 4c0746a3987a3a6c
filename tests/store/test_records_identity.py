"""Which statistics a process records into (``UserStore.records_identity``): the same for every
process sharing a data folder or a database, different for two machines' folders, so a game
played across workers is recorded once into each set of statistics (server/ssh.py)."""

from __future__ import annotations

import threading
from pathlib import Path

from cardarcade.store.database import Database
from cardarcade.store.user import UserStore


def test_one_folder_is_one_set_of_statistics_and_two_folders_are_two(tmp_path: Path) -> None:
    made: list[str] = []
    start = threading.Barrier(4)

    def worker() -> None:  # (processes of one machine asking at once, the first time)
        start.wait()
        made.append(UserStore(tmp_path / "one" / "data", tmp_path / "one" / "config").records_identity())

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(made)) == 1 and made[0].startswith("folder ")
    assert UserStore(tmp_path / "one" / "data").records_identity() == made[0]  # (kept: asked again later)
    other = UserStore(tmp_path / "two" / "data", tmp_path / "two" / "config").records_identity()
    assert other != made[0]
    # a player's store records into the server's statistics
    assert UserStore(tmp_path / "one" / "data").for_player("ada").records_identity() == made[0]


def test_machines_sharing_a_database_share_one_set_of_statistics(postgres_url: str, tmp_path: Path) -> None:
    databases = [Database(postgres_url), Database(postgres_url)]
    try:
        a, b = (UserStore(tmp_path / n / "data", tmp_path / n / "config", database=d) for n, d in zip("ab", databases))
        assert a.records_identity() == b.records_identity() != UserStore(tmp_path / "a" / "data").records_identity()
        assert a.records_identity().startswith("database ")
    finally:
        for database in databases:
            database.close()
