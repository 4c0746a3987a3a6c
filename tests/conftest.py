"""Every test keeps the player's own folders out of reach: saves, settings, books and statistics
go to a fresh temporary home (platformdirs follows the XDG variables on Linux)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    return home
