"""``cardarcade serve ssh`` as its operator meets it: arguments, the host key, start and stop."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import stat
import subprocess
import sys

import pytest

from cardarcade.cli import main
from cardarcade.server.keys import load_or_create_host_key
from ssh_helpers import connect, until


@pytest.mark.parametrize(
    "argv, message",
    [
        (["serve"], "say what to serve"),
        (["serve", "ssh", "--port", "x"], "--port: a whole number"),
        (["serve", "ssh", "--port", "70000"], "--port must be at most 65535"),
        (["serve", "ssh", "--max-sessions", "0"], "--max-sessions: must be at least 1"),
        (["serve", "ssh", "--auth", "everyone"], "invalid choice"),
        (["serve", "ssh", "--auth", "open", "--authorized-keys", "keys"], "goes with --auth keys"),
        (["serve", "ssh", "--authorized-keys", "/no/such/file"], "no authorized_keys file at /no/such/file"),
    ],
)
def test_a_bad_serve_command_gets_one_line_and_status_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_unreadable_players_keys_are_named(tmp_path, capsys):
    keys = tmp_path / "authorized_keys"
    keys.write_text("this is not a key\n")
    assert main(["serve", "ssh", "--authorized-keys", str(keys)]) == 2
    assert f"the players' keys in {keys} cannot be read" in capsys.readouterr().err


def test_the_menu_does_not_load_the_ssh_server():
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, cardarcade.cli, cardarcade.ui.app; "
            "print(sorted(m for m in sys.modules if 'asyncssh' in m or 'cryptography' in m))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert loaded.strip() == "[]"


def test_the_host_key_is_made_once_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "data" / "ssh_host_ed25519_key"
    first = load_or_create_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create_host_key(path).get_fingerprint() == first.get_fingerprint()


async def test_serve_ssh_serves_until_told_to_stop(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cardarcade.cli",
        "serve",
        "ssh",
        "--auth",
        "open",
        "--port",
        "0",
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stderr is not None
    try:
        line = (await asyncio.wait_for(process.stderr.readline(), 60)).decode()
        port = int(re.search(r"serving SSH on 127\.0\.0\.1:(\d+)", line).group(1))
        assert "anyone who can reach" in (await process.stderr.readline()).decode()
        key = tmp_path / "data" / "cardarcade" / "ssh_host_ed25519_key"
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
        client = await connect(port)
        await until(lambda: "· online (" in client.text(), "the lobby")
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(client.player.closed.wait(), 30)
        assert b"The server is shutting down." in client.player.received
        assert await asyncio.wait_for(process.wait(), 30) == 0
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
