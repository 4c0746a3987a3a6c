"""What the web server's tests share: the arcade's web server on 127.0.0.1 (port 0) in the test's
own loop, and a tab: the websocket a page opens, with a terminal screen (pyte) of what it was sent.
Imported as ``from web_helpers import ...`` (as ssh_helpers is)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from typing import Any

import aiohttp
import pyte

from cardarcade.server.ssh import ArcadeServer
from cardarcade.server.web import WebServer

MENU = "Pick a game and press enter."
LOBBY = "· online ("  # the lobby's first line: a server session's first screen


async def start_web(host_key, *, max_message: int | None = None, **options: Any) -> tuple[WebServer, int]:
    """A web server (and the ArcadeServer it shares sessions with, not listening for SSH)."""
    arcade = ArcadeServer(auth="open", host_key=host_key, **options)
    web = WebServer(arcade, **({"max_message": max_message} if max_message else {}))
    return web, await web.start("127.0.0.1", 0)


class Tab:
    """A browser tab as the server meets it: its websocket, and a screen of what was drawn."""

    def __init__(
        self, http: aiohttp.ClientSession, socket: aiohttp.ClientWebSocketResponse, size: tuple[int, int]
    ) -> None:
        self.http, self.socket = http, socket
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.messages: list[Any] = []  # the text (JSON) messages
        self.closed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is aiohttp.WSMsgType.BINARY:
                self.received += message.data
                self.stream.feed(message.data)
            elif message.type is aiohttp.WSMsgType.TEXT:
                self.messages.append(json.loads(message.data))
        self.closed.set()

    def stop_reading(self) -> None:
        """From now on nothing is read: the server's messages pile up on the way."""
        self._reader.cancel()

    async def send(self, *envelope: Any) -> None:
        await self.socket.send_str(json.dumps(list(envelope)))

    async def press(self, keys: str) -> None:
        await self.send("stdin", keys)

    async def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        await self.send("resize", {"width": width, "height": height})

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def close(self) -> None:
        await self.socket.close()
        self._reader.cancel()
        await self.http.close()


async def open_tab(
    port: int, *, path: str = "/ws", size: tuple[int, int] = (80, 24), origin: str | None = None, compress: int = 0
) -> Tab:
    """Open a tab's websocket as the page's script does (the size in the query; ``compress``: the
    window bits of the compression offered, as a browser offers 15)."""
    http = aiohttp.ClientSession()
    headers = {"Origin": origin} if origin else {}
    try:
        socket = await http.ws_connect(
            f"http://127.0.0.1:{port}{path}?width={size[0]}&height={size[1]}", headers=headers, compress=compress
        )
    except BaseException:
        await http.close()
        raise
    return Tab(http, socket, size)


class DeafTab:
    """A tab that never reads what it is sent: a socket that spoke the websocket handshake and
    since only writes (with a small receive buffer, so the server finds out soon)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    async def resize(self, width: int, height: int) -> None:
        message = json.dumps(["resize", {"width": width, "height": height}])
        await asyncio.get_running_loop().sock_sendall(self.sock, client_frame(message))

    async def type(self, text: str) -> None:
        await asyncio.get_running_loop().sock_sendall(self.sock, client_frame(json.dumps(["stdin", text])))

    def close(self) -> None:
        self.sock.close()


async def open_deaf_tab(port: int, size: tuple[int, int] = (80, 24)) -> DeafTab:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(
        sock,
        (
            f"GET /ws?width={size[0]}&height={size[1]} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode(),
    )
    return DeafTab(sock)


def client_frame(text: str) -> bytes:
    """One text message as a browser sends it (masked, as a client's must be)."""
    payload, mask = text.encode(), os.urandom(4)
    if len(payload) < 126:
        length = bytes([0x80 | len(payload)])
    elif len(payload) < 1 << 16:
        length = bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    else:
        length = bytes([0x80 | 127]) + len(payload).to_bytes(8, "big")
    return b"\x81" + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


__all__ = ["LOBBY", "MENU", "DeafTab", "Tab", "open_deaf_tab", "open_tab", "start_web"]
