"""Every test keeps the player's own folders out of reach: saves, settings, books and statistics
go to a fresh temporary home (platformdirs follows the XDG variables on Linux)."""

from __future__ import annotations

import os

import pytest

WORKERS_A_CORE = 2  # UI tests wait on their event loop much of the time: two workers keep a core busy


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto`` (pyproject's default): two workers for each core this process may run on.
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still sets the number outright."""
    if "PYTEST_XDIST_AUTO_NUM_WORKERS" in os.environ:
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    return WORKERS_A_CORE * len(os.sched_getaffinity(0))


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    return home


# The private services the tests start (session-wide, one per xdist worker): tests/services/.
from services.postgres_server import postgres_server, postgres_url  # noqa: E402, F401
from services.redis_server import redis_service, redis_url  # noqa: E402, F401
