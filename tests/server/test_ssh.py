"""The SSH server as players meet it: asyncssh's own client, a terminal screen of what it drew."""

from __future__ import annotations

import asyncio
import sys
import time

import asyncssh
import pytest

from cardarcade.server.driver import DRAWN_COLUMNS, DRAWN_LINES
from cardarcade.server.ssh import Limits, SessionInfo
from cardarcade.ui.textual_compat import notifications
from app_helpers import FAULT, faulty_for
from ssh_helpers import connect, until

MENU = "Pick a game and press enter."
LOBBY = " online ("  # the lobby's first line: a server session's first screen (after "·", "." in ASCII)
DOWN, ESCAPE = "\x1b[B", "\x1b"


async def open_menu(client) -> None:
    """From the lobby, where a session starts, to the menu of games to play alone."""
    await until(lambda: LOBBY in client.text() or MENU in client.text(), "the lobby")
    if MENU not in client.text():
        client.press("m")
        await until(lambda: MENU in client.text(), "the menu")


def summary_line(text: str) -> str:
    """The menu's line describing the chosen game."""
    return next(line.strip() for line in text.splitlines() if " — " in line)


async def test_a_player_sees_the_menu_moves_in_it_and_leaves_with_q(serve):
    _, port = await serve()
    client = await connect(port)
    await open_menu(client)
    assert summary_line(client.text()).startswith("War")
    client.press(DOWN)
    await until(lambda: summary_line(client.text()).startswith("Slapjack"), "the second game chosen")
    client.press("q")
    await asyncio.wait_for(client.player.closed.wait(), 30)
    assert client.player.exit_status == 0
    assert client.player.received.endswith(b"\x1b[?1049l\x1b[?25h\x1b[?1004l")  # the terminal given back


async def test_a_client_whose_input_ends_gets_its_terminal_back(serve):
    _, port = await serve()
    client = await connect(port)
    await open_menu(client)
    client.chan.write_eof()  # as ssh does when its own input ends (ssh -T </dev/null sends it at once)
    await asyncio.wait_for(client.player.closed.wait(), 30)
    assert client.player.exit_status == 0
    assert client.player.received.endswith(b"\x1b[?1049l\x1b[?25h\x1b[?1004l")


async def test_a_window_change_lays_the_screen_out_again(serve):
    _, port = await serve()
    client = await connect(port, size=(80, 24))
    await open_menu(client)
    client.resize(120, 30)
    await until(
        lambda: client.text().splitlines()[0].strip() and client.text().splitlines()[0].index("♠") > 45,
        "the banner centred in 120 columns",
    )
    client.resize(60, 20)
    await until(lambda: "This terminal is 60x20" in client.text(), "the too-small notice")
    client.resize(80, 24)
    await until(lambda: MENU in client.text(), "the menu again")


async def test_a_lone_escape_is_the_escape_key(serve):
    _, port = await serve()
    client = await connect(port)
    await open_menu(client)
    client.press("\r")  # War's setup screen
    await until(lambda: MENU not in client.text(), "the setup screen")
    client.press(ESCAPE)  # nothing follows it: it must count on its own, back to the menu
    await until(lambda: MENU in client.text(), "the menu after escape")


async def test_a_game_against_bots_is_played_over_ssh(serve):
    _, port = await serve()
    client = await connect(port)
    await open_menu(client)
    client.press("\r")
    await until(lambda: "Start" in client.text(), "the setup screen")
    client.press("\x1b[15~")  # f5: start
    await until(
        lambda: "War" in client.text() and MENU not in client.text() and "Start" not in client.text(), "the game"
    )
    client.press("q")  # asks first
    await until(lambda: "Leave" in client.text() or "leave" in client.text(), "the question")
    await client.close()


async def test_a_game_left_over_ssh_waits_for_that_player_alone(serve):
    _, port = await serve()
    client = await connect(port, username="ada")
    await open_menu(client)
    client.press("\r")
    await until(lambda: "Start" in client.text(), "the setup screen")
    client.press("\x1b[15~")  # f5: start
    await until(lambda: "seed" in client.text(), "the game")
    await client.close()  # the connection dropped mid-game: the game is saved
    again = await connect(port, username="ada")
    await open_menu(again)
    await until(lambda: "1 saved game: c continues" in again.text(), "ada's saved game on her menu")
    again.press("c")
    await until(lambda: "War" in again.text() and "You (ada), Bot 1" in again.text(), "the saved War listed")
    other = await connect(port, username="bob")
    await open_menu(other)
    assert "saved game" not in other.text()
    await again.close()
    await other.close()


async def test_shell_exec_sftp_and_forwarding_are_refused(serve):
    _, port = await serve()
    async with asyncssh.connect("127.0.0.1", port, username="eve", known_hosts=None, client_keys=None) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", port)  # ssh -L
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.create_server(lambda *a: None, "127.0.0.1", 0)  # ssh -R
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd")  # exec
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", x11_forwarding=True)
        result = await conn.run(encoding=None)  # a shell without a terminal: one line, never a shell
        assert result.exit_status == 1 and b"needs a terminal" in result.stdout


async def test_keys_auth_refuses_an_unknown_key_and_takes_a_listed_one(serve, tmp_path, client_key):
    listed = tmp_path / "authorized_keys"
    listed.write_text(client_key.export_public_key().decode())
    _, port = await serve(auth="keys", authorized_keys=listed)
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, client_keys=[stranger])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, password="guess")
    client = await connect(port, client_keys=[client_key])
    await open_menu(client)
    await client.close()


async def test_an_idle_session_is_warned_then_ended(serve):
    _, port = await serve(limits=Limits(idle_timeout=4, idle_warning=3))
    client = await connect(port)
    await open_menu(client)
    await until(lambda: "No key pressed for a while" in client.text(), "the warning")
    await asyncio.wait_for(client.player.closed.wait(), 30)
    assert b"without a key press" in client.player.received


async def test_keys_keep_an_idle_session_open(serve):
    # warned after 2 s, ended after 8: the key has 6 s to arrive, even on a loaded machine
    _, port = await serve(limits=Limits(idle_timeout=8, idle_warning=6))
    client = await connect(port)
    await open_menu(client)
    await until(lambda: "No key pressed for a while" in client.text(), "the warning")
    client.press(DOWN)
    await until(lambda: "No key pressed for a while" not in client.text(), "the warning taken away")
    # counted again from the key: a second warning, a whole quiet stretch later
    await until(lambda: "No key pressed for a while" in client.text(), "a second warning")
    assert not client.player.closed.is_set()


async def test_a_claimed_size_is_capped_at_what_the_server_draws_and_the_player_is_told(serve):
    server, port = await serve()
    client = await connect(port, size=(80, 24))
    await open_menu(client)
    client.chan.change_terminal_size(100_000, 100_000)
    (session,) = server.sessions
    await until(
        lambda: session.app is not None and tuple(session.app.size) == (DRAWN_COLUMNS, DRAWN_LINES), "the capped size"
    )
    told = f"at most {DRAWN_COLUMNS}x{DRAWN_LINES} of a terminal here; yours is "
    await until(lambda: [n for n in notifications(session.app) if told in n.message], "the player told")
    big = await connect(port, size=(50_000, 7))
    await until(lambda: len(server.sessions) == 2, "the second session")
    other = next(s for s in server.sessions if s is not session)
    await until(lambda: other.app is not None and tuple(other.app.size) == (DRAWN_COLUMNS, 7), "a capped first size")
    await client.close()
    await big.close()


async def test_a_client_that_stops_reading_is_dropped(serve):
    limit = 64 * 1024
    server, port = await serve(limits=Limits(max_output=limit))
    client = await connect(port, size=(120, 40), window=32 * 1024)
    await open_menu(client)
    client.chan.pause_reading()  # its window fills, then the server holds what it cannot send
    (session,) = server.sessions
    most_held = 0
    for _ in range(2000):  # a theme redraws every cell: over and over
        most_held = max(most_held, session.chan.get_write_buffer_size())
        try:
            client.press("t")
        except BrokenPipeError:  # the server has closed the channel
            break
        await asyncio.sleep(0.01)
    await until(lambda: not server.sessions, "the session dropped")
    assert most_held <= 2 * limit  # the limit and at most one frame past it
    assert session.chan.get_write_buffer_size() == 0  # and what it held is let go
    await client.close()


async def test_a_client_that_vanishes_is_reaped(serve, silent_link):
    server, port = await serve(limits=Limits(keepalive_interval=0.5, keepalive_count=2))
    link = await silent_link(port)
    client = await connect(link.port)
    await open_menu(client)
    link.go_silent()  # the network drops everything, and no one says goodbye
    await until(lambda: not server.sessions, "the vanished client's session reaped")
    client.conn.abort()


async def test_one_session_failing_leaves_the_others_playing(serve):
    server, port = await serve(app_factory=faulty_for("faulty"))
    faulty = await connect(port, username="faulty")
    steady = await connect(port, username="steady")
    await until(lambda: MENU in faulty.text() and MENU in steady.text(), "both menus")
    faulty.press("x")
    await asyncio.wait_for(faulty.player.closed.wait(), 30)
    assert faulty.player.exit_status == 1
    assert b"Traceback" not in faulty.player.received and FAULT.encode() not in faulty.player.received
    assert b"the arcade hit an error" in faulty.player.received
    steady.press(DOWN)
    await until(lambda: summary_line(steady.text()).startswith("Slapjack"), "the other session still answering")
    assert [s.name for s in server.sessions] == ["steady"]
    await steady.close()


async def test_sessions_over_the_limits_are_told_so(serve):
    server, port = await serve(limits=Limits(max_sessions=2, per_address=8))
    first, second = await connect(port), await connect(port)
    await until(lambda: len(server.sessions) == 2, "two sessions")
    third = await connect(port)
    await asyncio.wait_for(third.player.closed.wait(), 30)
    assert b"The arcade is full" in third.player.received and third.player.exit_status == 1
    await first.close()
    await until(lambda: len(server.sessions) == 1, "a place free")
    fourth = await connect(port)
    await open_menu(fourth)
    for client in (second, fourth):
        await client.close()


async def test_each_session_has_its_own_looks(serve, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # the server's own: no session may take it
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.setenv("LANG", "C")
    server, port = await serve()
    clients = [
        await connect(port, username="dumb", term="dumb", env={"LANG": "en_GB.UTF-8"}),
        await connect(port, username="truecolor", env={"COLORTERM": "truecolor", "LANG": "en_GB.UTF-8"}),
        await connect(port, username="256", env={}),
        await connect(port, username="latin", env={"LANG": "fr_FR.ISO-8859-1"}),
        await connect(port, username="no colour", env={"NO_COLOR": "1"}),
    ]
    for client in clients:
        await open_menu(client)
    looks = {s.name: (s.app.console.color_system, s.app.looks.monochrome, s.app.ascii_glyphs) for s in server.sessions}
    # (without colour, the monochrome palette's suit letters, as in a local terminal)
    assert looks == {
        "dumb": ("standard", True, True),  # TERM=dumb: no colour
        "truecolor": ("truecolor", False, False),
        "256": ("256", False, False),  # what ssh sends by default: TERM only
        "latin": ("256", False, True),  # not UTF-8: suit letters
        "no colour": ("standard", True, True),
    }
    for client in clients:
        await client.close()


async def test_sessions_ending_in_any_order_leave_the_servers_output_in_place(serve):
    """Each app points sys.stdout at its own capture while it runs and puts back what it found;
    apps ending out of order would leave a finished session's capture as the process's stdout."""
    before = sys.stdout, sys.stderr
    server, port = await serve()
    first = await connect(port)
    await open_menu(first)
    second = await connect(port)
    await open_menu(second)
    first.press("q")  # the first to start ends first
    await until(lambda: len(server.sessions) == 1, "the first session ended")
    second.press("q")
    await until(lambda: not server.sessions, "the second session ended")
    assert (sys.stdout, sys.stderr) == before


async def test_a_crowd_arriving_starts_a_few_at_a_time(serve):
    starting_at_once: list[int] = []

    def make(info: SessionInfo, driver_class):
        starting_at_once.append(sum(s._slot for s in server.sessions))
        return server.arcade_app(info, driver_class)

    server, port = await serve(limits=Limits(max_starting=2), app_factory=make)
    crowd = await asyncio.gather(*(connect(port, username=f"p{i}") for i in range(6)))
    for client in crowd:
        await open_menu(client)
    assert len(starting_at_once) == 6 and max(starting_at_once) <= 2
    for client in crowd:
        await client.close()


def busy_while_starting(server, seconds: float) -> dict[str, float]:
    """Make the server's loop late for ``seconds`` from the moment a session asks to start, as
    twenty tables being played would: pieces of 20 ms back to back. Returns {"until": when}."""
    loop = asyncio.get_running_loop()
    busy: dict[str, float] = {}
    on_time = server.loop_on_time

    async def work() -> None:
        while loop.time() < busy["until"]:
            time.sleep(0.02)  # noqa: ASYNC251 (the point: a piece of work that holds the loop)
            await asyncio.sleep(0)

    async def busy_then_on_time() -> None:
        busy["until"] = loop.time() + seconds
        busy["work"] = asyncio.ensure_future(work())
        await on_time()

    server.loop_on_time = busy_then_on_time
    return busy


async def serve_timing_starts(serve, patience: float):
    """(server, port, the loop times at which sessions' apps were made)."""
    made_at: list[float] = []

    def make(info: SessionInfo, driver_class):
        made_at.append(asyncio.get_running_loop().time())
        return server.arcade_app(info, driver_class)

    server, port = await serve(limits=Limits(start_patience=patience), app_factory=make)
    return server, port, made_at


async def test_a_session_starts_once_the_people_playing_are_answered_on_time_and_is_told_why_it_waits(serve):
    server, port, made_at = await serve_timing_starts(serve, patience=30.0)
    busy = busy_while_starting(server, 1.5)
    client = await connect(port)
    await until(lambda: "The arcade is busy" in client.text(), "told why it waits")
    await open_menu(client)
    assert made_at and made_at[0] >= busy["until"]


async def test_a_session_waits_no_longer_than_the_start_patience(serve):
    server, port, made_at = await serve_timing_starts(serve, patience=0.3)
    busy = busy_while_starting(server, 3.0)
    client = await connect(port)
    await until(lambda: made_at, "the session started")
    assert made_at[0] < busy["until"] - 1.0
    await busy["work"]
    await open_menu(client)


async def test_sessions_from_one_address_are_limited(serve):
    server, port = await serve(limits=Limits(per_address=1))
    first = await connect(port)
    await open_menu(first)
    second = await connect(port, env={})
    await asyncio.wait_for(second.player.closed.wait(), 30)
    assert b"Too many sessions from 127.0.0.1" in second.player.received
    await first.close()


async def test_a_connection_that_never_logs_in_is_closed(serve):
    _, port = await serve(limits=Limits(login_grace=0.5))
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    assert (await reader.readline()).startswith(b"SSH-2.0-")  # the server's greeting; we say nothing
    assert await asyncio.wait_for(reader.read(), 30) == b""  # closed by the server
    writer.close()


async def test_a_flood_of_keys_is_cut_short_and_the_session_still_answers(serve):
    server, port = await serve()
    client = await connect(port)
    await open_menu(client)
    (session,) = server.sessions
    client.press(b"z" * (1024 * 1024))  # a key with no meaning, a megabyte of it at once
    most_queued = 0
    while client.chan.get_write_buffer_size() or session.app.message_queue_size:
        most_queued = max(most_queued, session.app.message_queue_size)
        await asyncio.sleep(0)
    assert most_queued < 5_000  # a thousand and a slice, not the megabyte
    for _ in range(150):  # (a q landing while the queue is full is dropped with the rest)
        if client.player.closed.is_set():
            break
        try:
            client.press("q")
        except BrokenPipeError:
            break
        await asyncio.sleep(0.2)
    await asyncio.wait_for(client.player.closed.wait(), 30)
    assert client.player.exit_status == 0
