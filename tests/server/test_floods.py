"""Hostile clients against the one loop every player shares: floods of keys over SSH and the
websocket, sent before a session's app is up and after, and a terminal flapping its size. A
bystander must still be answered while the flood is under way, the flooder is ended and told why,
and a flood of sizes is taken a few at a time, the last one winning."""

from __future__ import annotations

import asyncio

import pytest
from textual import events

import cardarcade.server.driver as driver_module
from cardarcade.server.driver import DRAW_CREDIT, DRAW_PER_SECOND, RESIZE_CHARGE
from ssh_helpers import connect, until
from web_helpers import LOBBY, MENU, open_tab, start_web

FLOOD_TOLD = "its keys kept coming faster than the arcade could take them"


@pytest.fixture
def short_patience(monkeypatch):
    """A flooder is ended after 2 s of keeping its input full, not 10 (the test is about the
    ending and what it says, not the wait)."""
    monkeypatch.setattr(driver_module, "FLOOD_PATIENCE", 2.0)


@pytest.fixture
async def serve_web(host_key):
    servers = []

    async def make(**options):
        web, port = await start_web(host_key, **options)
        servers.append(web)
        return web, port

    yield make
    for web in servers:
        await web.close()
        await web.arcade.close()


async def in_the_lobby(client) -> None:
    await until(lambda: LOBBY in client.text(), f"the lobby of {client.conn.get_extra_info('username')}")


async def test_keys_sent_before_the_app_is_up_are_taken_a_slice_at_a_time(serve):
    """20 KB of keys wait while the flooder's app is not up (here: no start slot); once it is, a
    bystander is still answered before the flood's last key (m, the menu) is reached."""
    server, port = await serve()
    bystander = await connect(port, username="bystander")
    await in_the_lobby(bystander)
    await server.starting.acquire()  # the next session waits for its turn to start
    flooder = await connect(port, username="flooder")
    await until(lambda: any(s.name == "flooder" for s in server.sessions), "the flooder's session")
    (session,) = [s for s in server.sessions if s.name == "flooder"]
    flooder.press(b"z" * 20_000 + b"m")
    await until(lambda: len(session._pending) > 20_000, "the flood held before the app is up")
    server.starting.release()
    await until(lambda: LOBBY in flooder.text() or MENU in flooder.text(), "the flooder's first screen")
    bystander.press("m")
    await until(lambda: MENU in bystander.text(), "the bystander's menu")
    assert MENU not in flooder.text()  # the flood is still being taken, and the bystander was answered
    await bystander.close()
    await flooder.close()


async def test_a_flood_of_keys_leaves_a_bystander_answered_and_ends_the_flooder_saying_why(serve, short_patience):
    server, port = await serve()
    bystander = await connect(port, username="bystander")
    flooder = await connect(port, username="flooder")
    await in_the_lobby(bystander)
    await in_the_lobby(flooder)
    flooder.press(b"z" * (2 * 1024 * 1024) + b"m")  # two megabytes, then a key that would show
    bystander.press("m")
    await until(lambda: MENU in bystander.text(), "the bystander's menu")
    assert not flooder.player.closed.is_set()  # answered while the flood was under way
    await asyncio.wait_for(flooder.player.closed.wait(), 30)
    assert FLOOD_TOLD in flooder.player.received.decode("utf-8", "replace")
    assert MENU not in flooder.text()  # the rest of the flood was never taken
    bystander.press("\x1b[B")  # and the bystander still plays
    await until(lambda: "Slapjack —" in bystander.text(), "the bystander's second game chosen")
    await bystander.close()


async def test_a_websocket_flood_leaves_a_bystander_answered_and_ends_the_tab_saying_why(serve_web, short_patience):
    web, port = await serve_web()
    bystander = await open_tab(port, path="/ws/bystander")
    flooder = await open_tab(port, path="/ws/flooder")
    await until(lambda: LOBBY in bystander.text() and LOBBY in flooder.text(), "both lobbies")
    sent = [0]
    sending = asyncio.ensure_future(flood_tab(flooder, sent))
    await until(lambda: sent[0] >= 3, "the flood under way")
    await bystander.press("m")
    await until(lambda: MENU in bystander.text(), "the bystander's menu")
    assert not flooder.closed.is_set()  # answered while the flood was under way
    await asyncio.wait_for(flooder.closed.wait(), 30)
    assert FLOOD_TOLD in flooder.received.decode("utf-8", "replace")
    assert MENU not in flooder.text()
    sending.cancel()
    await bystander.close()
    await flooder.close()


async def flood_tab(tab, sent: list[int]) -> None:
    """30 messages of 60 KB of keys, as fast as the server reads them, then m (the menu)."""
    try:
        for _ in range(30):
            await tab.press("z" * 60_000)
            sent[0] += 1
        await tab.press("m")
    except (ConnectionError, RuntimeError):  # closed by the server
        pass


async def test_a_key_cut_between_two_slices_stays_one_key_however_long_the_wait(serve, monkeypatch):
    """One key a slice (as on a busy loop), each followed by a rest of 0.2 s: longer than a lone
    ESC waits for what follows it."""
    monkeypatch.setattr(driver_module, "MOST_EVENTS", 1)
    monkeypatch.setattr(driver_module, "REST", 1000)
    monkeypatch.setattr(driver_module, "MOST_REST", 0.2)
    _, port = await serve()
    client = await connect(port)
    await in_the_lobby(client)
    client.press("m")
    await until(lambda: MENU in client.text(), "the menu")
    # Decoded 8 bytes at a time: the down arrow's ESC is the 8th byte, and its "[B" is decoded
    # once the seven keys before it have been handed over, one a slice.
    client.press(b"z" * 7 + b"\x1b[B")
    await until(lambda: "Slapjack —" in client.text(), "the second game chosen")
    assert MENU in client.text()  # (an ESC on its own would have left the menu)
    await client.close()


async def at_the_chat_line(serve):
    """A server, and ada in its lobby with the chat line focused."""
    server, port = await serve()
    ada = await connect(port)
    await in_the_lobby(ada)
    ada.press("c")
    [app] = [s.app for s in server.sessions]
    await until(lambda: app.focused is not None and app.focused.id == "lobby-say", "the chat line focused")
    return server, ada


async def test_lines_typed_ahead_in_one_write_are_each_sent_whole(serve):
    """Each enter is answered (the chat line sent and emptied) before the keys after it are
    handed over: none of them runs ahead of it into the line it sends."""
    server, ada = await at_the_chat_line(serve)
    ada.press("first line\rsecond line\rthird\r")
    await until(lambda: len(server.lobby.chat) == 3, "three lines sent")
    assert [line.text for line in server.lobby.chat] == ["first line", "second line", "third"]
    await ada.close()


async def test_a_line_typed_while_the_enter_before_it_is_on_its_way_waits_for_it(serve, monkeypatch):
    """An enter goes down to the chat line and back up through the screen to the bindings that
    send the line; the next keys must not overtake it, however slowly the screen passes it on
    (a busy server) and though the app's own queue is empty meanwhile."""
    from cardarcade.ui.screens.lobby import LobbyScreen

    async def slow_to_pass_keys_on(self, event: events.Key) -> None:
        await asyncio.sleep(0.05)

    monkeypatch.setattr(LobbyScreen, "on_key", slow_to_pass_keys_on, raising=False)
    server, ada = await at_the_chat_line(serve)
    for line in ("first", "second", "third"):
        ada.press(f"{line}\r")
        await asyncio.sleep(0.01)  # (each its own write: typed, not pasted)
    await until(lambda: len(server.lobby.chat) == 3, "three lines sent")
    assert [line.text for line in server.lobby.chat] == ["first", "second", "third"]
    await ada.close()


async def test_a_flood_of_sizes_is_coalesced_and_the_last_size_wins(serve):
    server, port = await serve()
    handed: list[tuple[int, int]] = []  # the sizes the app was given

    def counting(info, driver_class):
        app = server.arcade_app(info, driver_class)
        post = app.post_message

        def post_counted(message):
            if isinstance(message, events.Resize):
                handed.append(tuple(message.size))
            return post(message)

        app.post_message = post_counted
        return app

    server.app_factory = counting
    client = await connect(port, size=(120, 40))
    await in_the_lobby(client)
    loop = asyncio.get_running_loop()
    start, given = loop.time(), len(handed)
    sizes = [(120 + n % 7, 40 + n % 5) for n in range(1, 301)]
    for width, height in sizes:
        client.resize(width, height)
        await asyncio.sleep(0.005)
    (session,) = server.sessions
    await until(lambda: session.app.size == sizes[-1], "the last size taken")
    took = len(handed) - given
    # No more than the drawing credit paid for over the time it took (each new size is charged
    # at least RESIZE_CHARGE): on a quick machine far fewer than were sent (without the credit,
    # every one); on a crowded one, sending them took longer and the credit grew with it.
    allowed = (DRAW_CREDIT + DRAW_PER_SECOND * (loop.time() - start)) / RESIZE_CHARGE + 1
    assert took <= allowed
    assert handed[-1] == sizes[-1]
    await client.close()
