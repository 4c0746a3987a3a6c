"""One player session's stores: where its saves, books, statistics and settings live.

An app holds one ``UserStore``. The local arcade uses the user's own folders; a test or a
server points it at other ones. Each store is opened the first time it is used, so the menu
does not wait for SQLite or pydantic.
"""

from __future__ import annotations

import shutil
import tempfile
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from cardarcade.store._files import safe_stem, user_config_dir, user_data_dir

if TYPE_CHECKING:
    from cardarcade.store.books import BookStore
    from cardarcade.store.database import Database
    from cardarcade.store.documents import Mirror
    from cardarcade.store.saves import SaveStore
    from cardarcade.store.settings import SettingsFile
    from cardarcade.store.stats import StatsStore

IDENTITY_FILE = ".records-id"  # (in the data folder, or a document of the database's)


class UserStore:
    def __init__(
        self,
        data_dir: Path | None = None,
        config_dir: Path | None = None,
        shared: UserStore | None = None,
        database: Database | None = None,
        owner: str = "",
    ) -> None:
        """``shared``: the store whose statistics and house-rule books this one uses (a server's
        players each have their own saves and settings, and share those). ``database``: where
        the statistics, saves, settings and books are kept instead of the folders (``--database``:
        shared by every process and machine using it), ``owner`` naming whose they are there."""
        self.data_dir = data_dir if data_dir is not None else user_data_dir()
        self.config_dir = config_dir if config_dir is not None else user_config_dir()
        self.shared = shared or self
        self.database = database
        self.owner = owner
        self.throwaway: Path | None = None  # a guest's temporary folder (for_guest)

    def for_guest(self) -> UserStore:
        """A store for someone the server named (guest-3): their saves and settings in a temporary
        folder that ``discard`` removes, so the next guest-3 finds nothing of theirs."""
        folder = Path(tempfile.mkdtemp(prefix="cardarcade-guest-"))
        store = UserStore(folder / "data", folder / "config", shared=self.shared)  # (files: thrown away after)
        store.throwaway = folder
        return store

    def discard(self) -> None:
        """Remove a guest's store (nothing else is ever removed)."""
        if self.throwaway is not None:
            shutil.rmtree(self.throwaway, ignore_errors=True)

    def for_player(self, name: str) -> UserStore:
        """A server's player's own store: saves and settings in a folder of their own under this
        store's ``players``, statistics and books this store's."""
        stem = safe_stem(name, "player")
        return UserStore(
            self.data_dir / "players" / stem,
            self.config_dir / "players" / stem,
            shared=self.shared,
            database=self.database,
            owner=f"players/{stem}",
        )

    @cached_property
    def saves(self) -> SaveStore:
        from cardarcade.store.saves import DatabaseSaves, SaveStore

        if self.database is not None:
            return DatabaseSaves(self.database, self.owner, fallback=self.data_dir / "saves")
        saves = SaveStore(self.data_dir / "saves")
        saves.clear_leftovers()  # temporary files of writes a killed process never finished (an hour old)
        return saves

    @cached_property
    def stats(self) -> StatsStore:
        """Opened on first use; raises StatsError when the file cannot be used."""
        from cardarcade.store.stats import DatabaseStats, Stats

        if self.shared is not self:
            return self.shared.stats
        if self.database is not None:
            return DatabaseStats(self.database, waiting=self.data_dir / "stats-waiting.jsonl")
        return Stats(self.data_dir / "stats.sqlite3")

    @cached_property
    def settings_file(self) -> SettingsFile:
        from cardarcade.store.settings import SettingsFile

        return SettingsFile(self.settings_path, self._mirror())

    @cached_property
    def books(self) -> BookStore:
        from cardarcade.store.books import BookStore

        return BookStore(self.shared.config_dir / "books", mirror=self.shared._mirror())

    def _mirror(self) -> Mirror | None:
        """With a database: this store's config folder as a copy of its documents there."""
        if self.database is None:
            return None
        from cardarcade.store.documents import Mirror

        return Mirror(self.database, self.owner, self.config_dir)

    def records_identity(self) -> str:
        """Which statistics these are, the same for every process and machine that shares them
        (one data folder, or one database) and different otherwise: a token kept with them,
        made the first time it is asked for (file or database work: off the loop)."""
        shared = self.shared
        if shared.database is not None:
            from secrets import token_hex

            from cardarcade.store.database import DatabaseError

            try:
                rows = shared.database.query(
                    "WITH made AS (INSERT INTO documents (owner, name, data) VALUES ('', %s, %s)"
                    " ON CONFLICT DO NOTHING RETURNING data)"
                    " SELECT data FROM made UNION ALL SELECT data FROM documents WHERE owner = '' AND name = %s",
                    (IDENTITY_FILE, token_hex(16).encode(), IDENTITY_FILE),
                )
            except DatabaseError:
                return f"database {shared.database.describe()}"  # (the next best: its address)
            return f"database {bytes(rows[0][0]).decode()}"
        path = shared.data_dir / IDENTITY_FILE
        if not path.exists():
            import os
            from secrets import token_hex

            made = path.with_name(f"{IDENTITY_FILE}.{token_hex(4)}")
            path.parent.mkdir(parents=True, exist_ok=True)
            made.write_text(token_hex(16))
            try:
                os.link(made, path)  # (whole, and only the first of processes making it at once)
            except FileExistsError:
                pass
            finally:
                made.unlink()
        return f"folder {path.read_text().strip()}"

    def saved_game_count(self) -> int:
        """How many saves there are, by their files alone (the menu's count: nothing is opened)."""
        if self.database is not None:
            return self.saves.count()  # (one short read: no file to count)
        try:
            return sum(1 for p in (self.data_dir / "saves").glob("*.json") if not p.name.startswith("."))
        except OSError:
            return 0

    def save_counts(self) -> tuple[int, int]:
        """(saves that open, files that cannot be opened), each save read whole: slow (pydantic and
        the engines), for a thread of its own. Read by a store of its own, which holds nothing."""
        from cardarcade.store.saves import SaveStore

        if self.database is not None:
            return self.saves.counts()
        return SaveStore(self.data_dir / "saves").counts()

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.toml"

    def settings_file_exists(self) -> bool:
        """Whether this machine has a settings file (with a database: its copy, as last brought
        up to date; the app does that in its store worker, ``Preferences.bring_up_to_date``)."""
        return self.settings_path.exists()

    def close(self) -> None:
        stats = self.__dict__.pop("stats", None)
        if stats is not None and self.shared is self:
            stats.close()
