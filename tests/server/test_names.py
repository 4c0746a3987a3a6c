"""With keys, a name belongs to one key (issue 24, item 1); and three faults of a server's own:
refusals unlogged, a LANG=C client sent UTF-8, a session's crash text printed by the server."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import stat
import subprocess
import sys
import time

import asyncssh
import pytest

from cardarcade.server.names import NAMES_FILE, NameRefused, NameRegistry, named_players
from cardarcade.server.ssh import ArcadeServer, Limits
from cardarcade.server.web import WebServer
from cardarcade.store.user import UserStore
from app_helpers import FAULT, faulty_for
from ssh_helpers import connect, until
from web_helpers import open_tab

LOBBY = " online ("  # the lobby's first line (after "·", or "." in ASCII)


@pytest.fixture(scope="session")
def second_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def key_list(tmp_path, *lines: str):
    path = tmp_path / "authorized_keys"
    path.write_text("".join(line + "\n" for line in lines))
    return path


def public(key: asyncssh.SSHKey, comment: str = "") -> str:
    return key.export_public_key().decode().strip() + (f" {comment}" if comment else "")


async def plays(port: int, key: asyncssh.SSHKey, name: str):
    client = await connect(port, username=name, client_keys=[key])
    await until(lambda: LOBBY in client.text(), f"{name}'s lobby")
    return client


async def refused(port: int, key: asyncssh.SSHKey, name: str) -> str:
    """What a refused session is told (one line), once it has ended."""
    client = await connect(port, username=name, client_keys=[key])
    await asyncio.wait_for(client.player.closed.wait(), 30)
    assert client.player.exit_status == 1 and LOBBY not in client.text()
    said = client.player.received.decode()
    assert said.count("\n") == 1, said
    await client.close()
    return said.strip()


async def test_a_second_key_asking_for_a_taken_name_is_refused_and_the_first_gets_back_in(
    serve, tmp_path, client_key, second_key
):
    server, port = await serve(auth="keys", authorized_keys=key_list(tmp_path, public(client_key), public(second_key)))
    ada = await plays(port, client_key, "ada")
    # while she plays, and after: neither her seat nor her folder goes to another key
    assert (await refused(port, second_key, "ada")).startswith("The name ada belongs to another key")
    assert (await refused(port, second_key, "ADA")).startswith("The name ada belongs to another key")
    assert [s.name for s in server.sessions] == ["ada"]
    await ada.close()
    assert (await refused(port, second_key, "ada")).startswith("The name ada belongs to another key")
    again = await plays(port, client_key, "Ada")  # (names are the same whatever their case: one folder)
    assert [s.name for s in server.sessions] == ["ada"]
    await again.close()


async def test_a_key_plays_under_one_name(serve, tmp_path, client_key):
    _, port = await serve(auth="keys", authorized_keys=key_list(tmp_path, public(client_key)))
    await (await plays(port, client_key, "ada")).close()
    said = await refused(port, client_key, "bob")
    assert re.fullmatch(r"This key plays as ada \(its name since 20\d\d-\d\d-\d\d\): log in as ada\.", said), said


async def test_the_names_outlive_a_restart_in_a_file_of_the_owners(serve, tmp_path, client_key, second_key):
    keys = key_list(tmp_path, public(client_key), public(second_key))
    first, port = await serve(auth="keys", authorized_keys=keys)
    await (await plays(port, client_key, "ada")).close()
    await first.close()
    _, port = await serve(auth="keys", authorized_keys=keys)  # the same data folder
    assert (await refused(port, second_key, "ada")).startswith("The name ada belongs to another key")
    await (await plays(port, client_key, "ada")).close()
    path = UserStore().data_dir / NAMES_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    (entry,) = json.loads(path.read_text())["names"]
    assert entry["name"] == "ada" and entry["key"] == client_key.get_fingerprint() and entry["claimed"][:2] == "20"


async def test_a_key_list_line_may_name_its_player_and_the_comment_never_does(serve, tmp_path, client_key, second_key):
    keys = key_list(
        tmp_path, public(client_key, "bob@laptop"), f'environment="CARDARCADE_PLAYER=bob" {public(second_key, "carol")}'
    )
    _, port = await serve(auth="keys", authorized_keys=keys)
    # bob's name is his key's before it ever logged in; the first key's comment names no one
    assert (await refused(port, client_key, "bob")).startswith("The name bob belongs to another key")
    assert await refused(port, second_key, "carol") == "This key plays as bob: log in as bob."
    await (await plays(port, client_key, "carol")).close()
    await (await plays(port, second_key, "bob")).close()


async def test_a_key_list_line_with_options_still_applies_them(serve, tmp_path, client_key):
    _, port = await serve(auth="keys", authorized_keys=key_list(tmp_path, f'from="10.0.0.0/8" {public(client_key)}'))
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, client_keys=[client_key])


def test_the_key_list_may_give_one_name_to_several_keys(client_key, second_key):
    text = "".join(f'environment="CARDARCADE_PLAYER=ada" {public(key)}\n' for key in (client_key, second_key))
    assert named_players(text, "keys") == {client_key.get_fingerprint(): "ada", second_key.get_fingerprint(): "ada"}
    registry = NameRegistry(UserStore().data_dir / NAMES_FILE, named_players(text, "keys"))
    assert [registry.admit("ada", key.get_fingerprint()) for key in (client_key, second_key)] == ["ada", "ada"]


def test_a_name_the_key_list_cannot_give_stops_the_start(tmp_path, client_key, host_key):
    for line, why in [
        (f'environment="CARDARCADE_PLAYER=\x1b[31m" {public(client_key)}', "cannot be a player's name"),
        (f'environment="CARDARCADE_PLAYER=ada@web" {public(client_key)}', "are the browser's"),
        (
            f'environment="CARDARCADE_PLAYER=ada" {public(client_key)}\n'
            f'environment="CARDARCADE_PLAYER=bob" {public(client_key)}',
            "one key, one name",
        ),
    ]:
        with pytest.raises(ValueError, match=why):
            ArcadeServer(auth="keys", authorized_keys=key_list(tmp_path, line), host_key=host_key)


def test_a_damaged_names_file_stops_the_start_and_is_left_as_it_is(tmp_path, client_key, host_key):
    path = UserStore().data_dir / NAMES_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"names": [{"name": "ada"')
    with pytest.raises(ValueError, match=f"the player names in {path} cannot be used: not JSON"):
        ArcadeServer(auth="keys", authorized_keys=key_list(tmp_path, public(client_key)), host_key=host_key)
    assert path.read_text() == '{"names": [{"name": "ada"'


def test_a_names_file_damaged_while_serving_keeps_the_claims_and_takes_no_new_one(tmp_path, caplog):
    registry = NameRegistry(tmp_path / NAMES_FILE)
    assert registry.admit("ada", "SHA256:ada") == "ada"
    (tmp_path / NAMES_FILE).write_text("{")
    assert registry.admit("ada", "SHA256:ada") == "ada"
    with pytest.raises(NameRefused, match="cannot record names right now"):
        registry.admit("bob", "SHA256:bob")
    assert (tmp_path / NAMES_FILE).read_text() == "{"
    assert "cannot be used: not JSON" in caplog.text


async def test_a_claim_another_server_wrote_first_is_lost_and_its_session_told(tmp_path):
    here, there = NameRegistry(tmp_path / NAMES_FILE), NameRegistry(tmp_path / NAMES_FILE)
    there.admit("ada", "SHA256:theirs")
    there.close()  # (its write done)
    here._seen = (here.path.stat().st_mtime_ns, here.path.stat().st_size, here.path.stat().st_ino)  # not read yet
    told: list[str] = []
    assert here.admit("Ada", "SHA256:ours", on_lost=told.append) == "Ada"  # held at once, in this process
    await until(lambda: told, "the claim found taken when written")
    assert told == ["Another server claimed that name, or a name for this key, a moment ago: log in again."]
    with pytest.raises(NameRefused, match="The name ada belongs to another key"):
        here.admit("ada", "SHA256:ours")
    assert [e["key"] for e in json.loads(here.path.read_text())["names"]] == ["SHA256:theirs"]
    here.close()


CLAIMER = """
import sys, time
from pathlib import Path
from cardarcade.server.names import NameRegistry
path, first, start = Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
registry = NameRegistry(path)
time.sleep(max(0.0, start - time.time()))
for number in range(first, first + 40):
    registry.admit(f"p{number}", f"SHA256:{number}")
"""


def test_two_servers_claiming_at_once_lose_no_claim(tmp_path):
    path = tmp_path / NAMES_FILE
    start = time.time() + 3  # both claim at once, once both have started
    workers = [
        subprocess.Popen([sys.executable, "-c", CLAIMER, str(path), str(first), str(start)]) for first in (0, 100)
    ]
    assert [worker.wait(60) for worker in workers] == [0, 0]
    names = {entry["name"] for entry in json.loads(path.read_text())["names"]}
    assert names == {f"p{n}" for n in [*range(40), *range(100, 140)]}


async def test_a_browser_player_cannot_take_a_keys_name(serve, tmp_path, client_key):
    server, port = await serve(auth="keys", authorized_keys=key_list(tmp_path, public(client_key)))
    web = WebServer(server, name_mark="@web")  # as serve ssh --auth keys --web-port makes it
    web_port = await web.start("127.0.0.1", 0)
    try:
        assert (await refused(port, client_key, "ada@web")).startswith("Names ending in @web are the browser")
        tab = await open_tab(web_port, path="/ws/ada")
        await until(lambda: LOBBY in tab.text(), "the tab's lobby")
        ada = await plays(port, client_key, "ada")
        assert sorted(s.name for s in server.sessions) == ["ada", "ada@web"]
        await tab.close()
        await ada.close()
    finally:
        await web.close()


async def test_the_log_names_the_key_of_every_session(serve, tmp_path, client_key, second_key, caplog):
    caplog.set_level(logging.INFO, logger="cardarcade.server")
    server, port = await serve(auth="keys", authorized_keys=key_list(tmp_path, public(client_key), public(second_key)))
    await (await plays(port, client_key, "ada")).close()
    await until(lambda: not server.sessions, "the session ended")
    await refused(port, second_key, "ada")
    lines = [r.getMessage() for r in caplog.records]
    ada, other = client_key.get_fingerprint(), second_key.get_fingerprint()
    assert any("session started" in line and ada in line for line in lines)
    assert any("session ended" in line and ada in line for line in lines)
    assert any("refused" in line and other in line and "belongs to another key" in line for line in lines)


async def test_a_client_not_in_utf8_is_sent_ascii_only(serve):
    _, port = await serve()
    client = await connect(port, env={"LANG": "C"})
    await until(lambda: LOBBY in client.text(), "the lobby")
    client.press("m")  # the menu: a table with lines, dots and dashes
    await until(lambda: "Pick a game" in client.text(), "the menu")
    assert client.player.received.isascii(), sorted({chr(b) for b in client.player.received if b > 127})
    await client.close()


async def test_refusals_for_the_limits_are_logged(serve, caplog):
    caplog.set_level(logging.INFO, logger="cardarcade.server")
    server, port = await serve(limits=Limits(per_address=1))
    first = await connect(port, username="ada")
    await until(lambda: LOBBY in first.text(), "the lobby")
    second = await connect(port, username="bob")
    await asyncio.wait_for(second.player.closed.wait(), 30)
    assert any(
        "bob@127.0.0.1 refused" in r.getMessage() and "Too many sessions from 127.0.0.1" in r.getMessage()
        for r in caplog.records
    )
    await first.close()


async def test_a_session_that_fails_gives_the_log_its_traceback_and_prints_nothing(serve, caplog, capfd):
    server, port = await serve(app_factory=faulty_for("faulty"))
    faulty = await connect(port, username="faulty")
    await until(lambda: "Pick a game" in faulty.text(), "the menu")
    faulty.press("x")
    await asyncio.wait_for(faulty.player.closed.wait(), 30)
    await until(lambda: not server.sessions, "the session ended")
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1 and "faulty@127.0.0.1: session failed" in failures[0].getMessage()
    assert failures[0].exc_info is not None and str(failures[0].exc_info[1]) == FAULT
    printed = capfd.readouterr()
    assert printed.out == "" and FAULT not in printed.err and "hit an error" not in printed.err, printed
