"""What the SSH tests share: an SSH server on 127.0.0.1 (port 0) in the test's own loop, and asyncssh
clients that keep a terminal screen (pyte) of what they were sent. Test files import it as
``from ssh_helpers import ...`` (importing from ``conftest`` breaks when another folder's conftest
was loaded first)."""

from __future__ import annotations

import asyncio
import time
import weakref
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

import asyncssh
import pyte

from cardarcade.server.ssh import ArcadeServer

DEADLINE = 30.0  # seconds a condition may take on a slow shared machine; never a measure


async def start_server(host_key, **options: Any) -> tuple[ArcadeServer, int]:
    options.setdefault("auth", "open")
    server = ArcadeServer(host_key=host_key, **options)
    port = await server.start("127.0.0.1", 0)
    return server, port


class SilentLink:
    """A TCP relay between a client and the server that can go silent: from then on nothing
    passes either way, and neither side is told (a cable pulled, a laptop lid closed)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.silent = False
        self.port = 0
        self._server: asyncio.base_events.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        self._writers += [writer, up_writer]
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(65536):
            if not self.silent:
                writer.write(data)

    def go_silent(self) -> None:
        self.silent = True

    def close(self) -> None:
        for writer in self._writers:
            writer.close()
        if self._server is not None:
            self._server.close()


class Player(asyncssh.SSHClientSession):
    """A client's terminal: everything received is drawn on a pyte screen."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.closed = asyncio.Event()
        self.exit_status: int | None = None
        self.reading = True

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.received += data
        self.stream.feed(data)

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)


@dataclass(eq=False)
class Client:
    conn: asyncssh.SSHClientConnection
    chan: asyncssh.SSHClientChannel
    player: Player
    extra: dict = field(default_factory=dict)

    def press(self, keys: str | bytes) -> None:
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)

    def resize(self, width: int, height: int) -> None:
        self.player.screen.resize(height, width)
        self.chan.change_terminal_size(width, height)

    def text(self) -> str:
        return self.player.text()

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def connect(
    port: int,
    *,
    size: tuple[int, int] = (80, 24),
    term: str | None = "xterm-256color",
    username: str = "ada",
    env: dict[str, str] | None = None,
    window: int | None = None,
    **options: Any,
) -> Client:
    """A session with a terminal; ``window``: the channel's receive window in bytes (small, so a
    client that stops reading fills it quickly)."""
    options.setdefault("client_keys", None)
    conn = await asyncssh.connect("127.0.0.1", port, username=username, known_hosts=None, encoding=None, **options)
    player = Player(*size)
    channel = {"window": window} if window else {}
    chan, _ = await conn.create_session(
        lambda: player, term_type=term, term_size=size, env=env or {}, encoding=None, **channel
    )
    client = Client(conn, chan, player)
    _OPEN.add(client)
    return client


# The clients still connected, so that a wait that times out can show what each one's screen
# held (the only clue a failure on a busy CI machine leaves).
_OPEN: weakref.WeakSet[Client] = weakref.WeakSet()


def screens_now() -> str:
    shown = [c for c in _OPEN if not c.player.closed.is_set()]
    return "".join(f"\n--- {c.conn.get_extra_info('username')}'s screen ---\n{c.text()}" for c in shown)


async def until(condition: Callable[[], Any], what: str, deadline: float = DEADLINE) -> Any:
    """Wait for ``condition()`` to be true (checked every few ms), failing after the deadline."""
    end = time.monotonic() + deadline
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}{screens_now()}")
        await asyncio.sleep(0.02)


__all__ = ["Client", "connect", "until", "start_server"]
