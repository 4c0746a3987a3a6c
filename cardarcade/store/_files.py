"""The user's folders and the one way the store writes a file (atomically)."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from collections.abc import Iterator

try:
    import fcntl
except ImportError:  # (Windows: no lock; the write is atomic all the same)
    fcntl = None  # type: ignore[assignment]  # the module, or None without one

APP_NAME = "cardarcade"


class Changed(OSError):
    """A file kept in a database too (store/documents.py) that another machine changed since this
    machine's copy was read: the write refused, the message says so."""


def user_data_dir() -> Path:
    import platformdirs  # imported when a store is first opened, not at start-up

    return Path(platformdirs.user_data_dir(APP_NAME))


def user_config_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def safe_stem(name: str, fallback: str) -> str:
    """A file name (without its suffix) for any text a person chose: its letters and digits,
    nothing that climbs out of the folder, and a hash of the whole name, the same for names that
    differ only in case."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40] or fallback
    return f"{slug}-{hashlib.sha256(name.casefold().encode()).hexdigest()[:10]}"


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash at any moment leaves either the old file or
    the new one, never a mixture: a temporary file in the same folder (so the rename stays on one
    file system), flushed and fsynced, renamed over the old one, and the folder fsynced so the
    rename itself survives a power cut."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_folder(folder)


TEMP_SUFFIX = ".tmp"
LOCK_PATIENCE = 5.0  # seconds: another window reads and writes a small file in far less


@contextmanager
def held_lock(path: Path, patience: float = LOCK_PATIENCE) -> Iterator[None]:
    """Hold the lock file ``path`` (made if need be) for a read-modify-write of the file beside
    it: another window's write waits its turn instead of being undone. The lock is the
    process's, so it dies with it: a crashed window never holds it. OSError if it cannot be had
    within ``patience`` seconds."""
    if fcntl is None:
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        deadline = time.monotonic() + patience
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise OSError(errno.EAGAIN, f"another window keeps {path.name} locked") from None
                time.sleep(0.005)
        yield
    finally:
        os.close(fd)  # (and the lock with it)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # a platform that cannot open folders (Windows): the rename is all it offers
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
