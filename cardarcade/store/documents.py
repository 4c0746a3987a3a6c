"""Small files kept in the database too (``--database``): the settings and the house-rule books.

Those stores read and write TOML files with all their checks (a setting that cannot be used
falls back alone, a damaged book is listed with the reason); with a database the same files are
a copy of this machine's, and the database holds the truth: ``pull`` brings the copies up to date
before a read, ``push`` sends a file after it is written, and ``locked`` makes a read-modify-write
one machine's at a time. So two machines with nothing shared but the database see one settings
file and one shelf of books.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path, PurePosixPath

from cardarcade.store._files import Changed, write_atomically
from cardarcade.store.database import Database, DatabaseError, lock_key


class Mirror:
    """The files under ``folder`` of one ``owner`` ('' the arcade's own, or a server's player),
    as documents named by their path under ``folder``."""

    def __init__(self, database: Database, owner: str, folder: Path) -> None:
        self.database, self.owner, self.folder = database, owner, folder

    def name_of(self, path: Path) -> str:
        return path.relative_to(self.folder).as_posix()

    def pull(self, under: str) -> int:
        """Every document whose name starts with ``under`` written over this machine's copy
        where they differ; how many were. A database that cannot be reached leaves the copies as
        they are (the last ones seen): OSError only if a copy cannot be written."""
        try:
            rows = self.database.query(
                "SELECT name, data FROM documents WHERE owner = %s AND starts_with(name, %s)", (self.owner, under)
            )
        except DatabaseError:
            return 0
        changed = 0
        for name, data in rows:
            parts = PurePosixPath(name).parts
            if not parts or any(part in ("", ".", "..") for part in parts):
                continue  # (never a path out of the folder, whoever wrote the row)
            path = self.folder.joinpath(*parts)
            data = bytes(data)
            try:
                if path.read_bytes() == data:
                    continue
            except OSError:
                pass
            write_atomically(path, data)
            path.chmod(0o600)
            changed += 1
        return changed

    def push(self, path: Path) -> None:
        """The file at ``path`` (just written) into the database; OSError saying why not."""
        try:
            self.database.query(
                "INSERT INTO documents (owner, name, data) VALUES (%s, %s, %s) ON CONFLICT (owner, name)"
                " DO UPDATE SET data = excluded.data, updated_at = now()",
                (self.owner, self.name_of(path), path.read_bytes()),
            )
        except DatabaseError as exc:
            raise OSError(f"kept on this machine only: {exc}") from None

    def push_over(self, path: Path, base: bytes | None, what: str) -> None:
        """The file at ``path`` (just written) into the database, if the document there is still
        ``base``, the copy it was made from (None: there was none). If another machine has
        changed it since, its version is kept (and becomes this machine's copy again) and
        ``Changed`` says so of ``what`` (the thing the file holds: "the book 'Fast'"): never one
        of two saves lost without a word. OSError if the database cannot be reached."""
        data, name = path.read_bytes(), self.name_of(path)
        try:
            if base is not None:
                done = self.database.query(
                    "UPDATE documents SET data = %s, updated_at = now() WHERE owner = %s AND name = %s AND data = %s"
                    " RETURNING 1",
                    (data, self.owner, name, base),
                )
                if done:
                    return
            if self.database.query(
                "INSERT INTO documents (owner, name, data) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING RETURNING 1",
                (self.owner, name, data),
            ):
                return  # (new, or this machine's copy was never sent)
            rows = self.database.query("SELECT data FROM documents WHERE owner = %s AND name = %s", (self.owner, name))
        except DatabaseError as exc:
            raise OSError(f"kept on this machine only: {exc}") from None
        if rows and bytes(rows[0][0]) == data:
            return  # (the same change made twice)
        if rows:
            write_atomically(path, bytes(rows[0][0]))
            path.chmod(0o600)
        raise Changed(
            f"{what} was changed on another machine since it was read here: that version is kept; "
            "this change was not saved (open it again to make the change)"
        )

    def add(self, path: Path) -> bool:
        """The file at ``path`` copied in (``cardarcade migrate``) unless a document of its name
        is there already (it may have been changed since): whether it was. OSError if not."""
        try:
            return bool(
                self.database.query(
                    "INSERT INTO documents (owner, name, data) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING RETURNING 1",
                    (self.owner, self.name_of(path), path.read_bytes()),
                )
            )
        except DatabaseError as exc:
            raise OSError(f"{path.name} could not be copied: {exc}") from None

    @contextmanager
    def locked(self, path: Path) -> Iterator[None]:
        """The document at ``path`` for this block alone, on every machine (another waits its
        turn); a database that cannot be reached holds nothing up (the file's own lock holds)."""
        with ExitStack() as stack:
            try:
                stack.enter_context(self.database.locked(lock_key("document", self.owner, self.name_of(path))))
            except DatabaseError:
                pass
            yield
