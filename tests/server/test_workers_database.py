"""``serve ssh|web --workers N --database URL``: the parent reaches the database once before it
starts any worker, so a bad URL or a database that is down is said once, not once a worker."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from services.redis_server import _free_port


@pytest.mark.parametrize(
    ("command", "url", "said"),
    [
        ("ssh", "postgresql://nobody@127.0.0.1:{port}/cardarcade", "cannot be reached"),
        ("web", "mysql://nobody@127.0.0.1/cardarcade", "not a PostgreSQL URL"),
    ],
    ids=["down", "not postgresql"],
)
def test_a_bad_database_for_several_workers_is_said_once_before_any_worker_starts(tmp_path, command, url, said):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    run = subprocess.run(
        [sys.executable, "-m", "cardarcade.cli", "serve", command]
        + (["--auth", "open"] if command == "ssh" else [])
        + ["--port", str(_free_port()), "--workers", "3", "--redis", "redis://127.0.0.1:1/0"]
        + ["--database", url.format(port=_free_port())],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr.count(said) == 1, run.stderr  # (each of 3 workers said it before)
    assert "workers serving one address" not in run.stderr  # none was started
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith(f"cardarcade serve {command}: ")
