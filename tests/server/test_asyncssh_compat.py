"""asyncssh's private names the arcade relies on (cardarcade.server.asyncssh_compat) still do what
it relies on: a failure here after an upgrade names the hook to mend."""

from __future__ import annotations

import asyncio

import asyncssh

from cardarcade.server.asyncssh_compat import keepalive_asker


class OpenDoor(asyncssh.SSHServer):
    """Lets anyone in, and hands its connection to the test."""

    def __init__(self, made: asyncio.Future) -> None:
        self.made = made

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        if not self.made.done():
            self.made.set_result(conn)

    def begin_auth(self, username: str) -> bool:
        return False


async def test_the_server_asks_a_client_for_a_keepalive_and_hears_its_reply(host_key):
    made: asyncio.Future = asyncio.get_running_loop().create_future()
    acceptor = await asyncssh.listen("127.0.0.1", 0, server_host_keys=[host_key], server_factory=lambda: OpenDoor(made))
    port = acceptor.sockets[0].getsockname()[1]
    try:
        async with asyncssh.connect("127.0.0.1", port, known_hosts=None, username="ada"):
            server_side = await asyncio.wait_for(made, 10)
            ask = keepalive_asker(server_side)
            assert ask is not None, "asyncssh no longer has the request that waits for a reply"
            await asyncio.wait_for(ask(), 10)  # (the client's reply came back)
    finally:
        acceptor.close()
        await acceptor.wait_closed()


def test_a_connection_without_the_hook_is_not_timed():
    assert keepalive_asker(object()) is None
