"""The browser: the arcade in a web page, served from the same process (and loop) as SSH.

The page and its terminal script are the ones the ``textual-serve`` package ships (xterm.js), read
from the installed package; only its link to a web font elsewhere is replaced by the font file the
package carries, so no request leaves the machine. Each tab opens a websocket and plays one app in
this process: the websocket stands in for an SSH channel (``_TabChannel``) under the very session
class SSH uses (``ssh._Session``), so a browser player is admitted, limited, timed out when idle and
ended exactly like an SSH player, counts towards the same limits, and has their app made by the
same ``ArcadeServer.app_factory``.

What the page's script sends, as JSON text messages: ``["stdin", text]`` (keys, mouse and focus
reports, pastes: terminal input), ``["resize", {"width": w, "height": h}]``, ``["ping", stamp]``
(answered ``["pong", stamp]``), ``["focus"]`` and ``["blur"]`` (ignored: the terminal reports focus
itself). What it is sent: the app's output as binary messages, written into the terminal as is;
and websocket pings, whose pongs (the browser's own) time the player's round trip.

Refused: a websocket opened from a page of another origin (another site's page must not play, or
read the screen, in a visitor's name), a message over ``max_message`` bytes (the tab is closed),
and, when listening on a loopback address, any request naming another host (a DNS-rebinding site).
"""

from __future__ import annotations

import asyncio
import ipaddress
import itertools
import json
import logging
import re
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from aiohttp import WSMsgType, web

from cardarcade.server.ssh import MAX_NAME, ArcadeServer, _Session, player_name
from cardarcade.server.workers import TakingTurns

log = logging.getLogger("cardarcade.server")

MAX_MESSAGE = 64 * 1024  # bytes in one message from a page: a long paste fits, a flood does not
PAGE_TERMINAL = "xterm-256color"  # what xterm.js, the page's terminal, is
# xterm.js draws any colour and the page's text is UTF-8, whatever the server's locale.
PAGE_ENVIRON = {"COLORTERM": "truecolor", "LANG": "C.UTF-8"}
LOOPBACK_NAMES = ("localhost",)
_EXTERNAL_TAG = re.compile(r"<(?:link|script)\b[^>]*\b(?:href|src)\s*=\s*[\"']?(?:https?:)?//[^>]*>\s*", re.I)
# The font the page names, from the package's own file; and when a session ends, the box saying so
# sits at the foot without hiding the terminal, where the arcade said why (full, idle, shut down).
_PAGE_STYLE = """<style>
  @font-face { font-family: "Roboto Mono"; src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf"); }
  body.-closed .closed-dialog { align-items: flex-end; }
  body.-closed .closed-dialog .shade { display: none; }
</style>
"""
# The page may load and connect to this server only (its inline script and styles are the package's).
_CONTENT_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'"
)


def page_assets() -> tuple[Path, str]:
    """The folder of textual-serve's static files, and its page template with every link to
    another machine removed (the web font it names comes from the package's own file)."""
    import textual_serve  # its files only; its server (a subprocess per tab) is not used

    package = Path(textual_serve.__file__).parent
    template = (package / "templates" / "app_index.html").read_text(encoding="utf-8")
    template = _EXTERNAL_TAG.sub("", template)
    return package / "static", template.replace("</head>", _PAGE_STYLE + "</head>", 1)


def guest_name(number: int) -> str:
    return f"guest-{number}"


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _host_name(netloc: str) -> str:
    """'127.0.0.1:8080' -> '127.0.0.1', '[::1]:8080' -> '::1', in lower case."""
    return (urlsplit("//" + netloc).hostname or "").lower()


@dataclass
class _Visitor:
    """Who opened a tab: what ``_Session`` takes from an SSH connection."""

    name: str
    address: str
    conn: None = None  # no SSH connection to time keepalives on: _RoundTrip times the tab
    guest: bool = False  # a name handed out (guest-N): nothing of theirs outlives the tab
    mark: str = ""  # what ends the name (the server's name_mark): no key proves it


class _TabChannel:
    """A tab's websocket, seen by ``_Session`` as its SSH channel. What the app writes is gathered
    here and sent by one task, a message at a time; a tab that stops reading leaves it growing,
    which ``_Session.write`` measures (``get_write_buffer_size``) against the server's output cap."""

    def __init__(self, socket: web.WebSocketResponse, request: web.Request) -> None:
        self._socket = socket
        self._transport = request.transport
        self._out = bytearray()
        self._more = asyncio.Event()
        self._ending = False
        self.sender = asyncio.get_running_loop().create_task(self._send(), name="web tab output")

    # ---- what _Session asks of a channel

    def write(self, data: bytes) -> None:
        if not self._ending:
            self._out += data
            self._more.set()

    def get_write_buffer_size(self) -> int:
        held = self._transport.get_write_buffer_size() if self._transport is not None else 0
        return len(self._out) + held

    def get_environment(self) -> dict[str, str]:
        return dict(PAGE_ENVIRON)

    def exit(self, status: int) -> None:
        """The session is over: what is left is sent, then the websocket is closed."""
        self._ending = True
        self._more.set()

    def abort(self) -> None:
        """Dropped (not reading): what it holds is let go at once."""
        self._ending = True
        self._out.clear()
        self.sender.cancel()
        if self._transport is not None:
            self._transport.abort()

    # ----

    async def _send(self) -> None:
        try:
            while True:
                if self._out:
                    data = bytes(self._out)
                    self._out.clear()
                    await self._socket.send_bytes(data)
                    del data  # (else the last frame sent stays with the tab while it waits)
                elif self._ending:
                    break
                else:
                    self._more.clear()
                    await self._more.wait()
            await self._socket.close()
        except (ConnectionError, RuntimeError):  # the tab went first (aiohttp says so either way)
            pass


class _RoundTrip:
    """A tab's round trip, timed every few seconds on a websocket ping and the pong its browser
    sends back by itself: shown at shared tables, where a house rule allows for half of it (as
    SSH keepalives are timed for SSH players)."""

    def __init__(self, socket: web.WebSocketResponse, name: str, arcade: ArcadeServer) -> None:
        self._socket, self._name, self._arcade = socket, name, arcade
        self._stamp, self._sent = b"", 0.0
        self._task = asyncio.get_running_loop().create_task(self._ask(), name="web tab round trip")

    async def _ask(self) -> None:
        """As often as for SSH players (``Limits.round_trip_due``)."""
        loop, limits = asyncio.get_running_loop(), self._arcade.limits
        measured: float | None = None
        for number in itertools.count(1):
            lobby = self._arcade.lobby
            now = loop.time()
            seated = lobby is not None and lobby.seated(self._name)
            if limits.round_trip_due(measured, now, seated):
                measured = now
                self._stamp, self._sent = str(number).encode(), now
                try:
                    await self._socket.ping(self._stamp)
                except (ConnectionError, RuntimeError):  # closing
                    return
            await asyncio.sleep(limits.round_trip_pause(seated))

    def answered(self, stamp: bytes) -> None:
        if stamp and stamp == self._stamp and self._arcade.lobby is not None:
            self._arcade.lobby.note_round_trip(self._name, asyncio.get_running_loop().time() - self._sent)
            self._stamp = b""

    def stop(self) -> None:
        self._task.cancel()


class WebServer:
    """The arcade's web page and one app per tab, sharing ``arcade``'s sessions, limits and app
    factory (it need not be listening for SSH). ``max_message``: bytes in one message from a page.
    ``name_mark`` ends every browser player's name: a page proves no identity, so where SSH players
    prove theirs with keys, a browser player naming themselves after one must not get their saves,
    settings or seat (``serve ssh --auth keys --web-port`` marks them "@web")."""

    def __init__(self, arcade: ArcadeServer, *, max_message: int = MAX_MESSAGE, name_mark: str = "") -> None:
        if max_message < 1:
            raise ValueError("max_message must be at least 1")
        self.arcade = arcade
        self.max_message = max_message
        self.name_mark = name_mark
        self.static, template = page_assets()
        from jinja2 import Environment  # (textual-serve's own dependency)

        self._page = Environment(autoescape=True).from_string(template)
        self._guests = 0
        self._loopback_only = False
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._turns: TakingTurns | None = None  # (one of several workers: the shared socket)
        self.tabs: set[_Session] = set()

    def web_app(self) -> web.Application:
        app = web.Application(middlewares=[self._check_host])
        app.add_routes(
            [
                web.get("/", self._index),
                web.get("/ws", self._websocket),
                web.get("/ws/{name}", self._websocket),
                web.static("/static", self.static),
                web.get("/favicon.ico", self._no_icon),  # asked for by every browser; there is none
            ]
        )
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 8080, sock: socket.socket | None = None) -> int:
        """Listen (on ``sock``, a worker's listening socket, if given); returns the port (useful
        with port 0)."""
        self._loopback_only = _is_loopback(host)
        await self.arcade.open_shared()  # (one lobby for the process, whichever server starts first)
        # Stopping ends every tab first (close); the rest is given little time.
        self._runner = web.AppRunner(self.web_app(), access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        if sock is not None:  # one of several workers, taking turns at their shared socket (workers.py)
            loop, serve = asyncio.get_running_loop(), self._runner.server
            assert serve is not None
            self._turns = TakingTurns(
                sock,
                lambda conn: loop.create_task(loop.connect_accepted_socket(serve, conn)),
                lambda: len(self.arcade.sessions),
            )
            return self._turns.port()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        self._site = site
        return self._runner.addresses[0][1]

    async def close(self) -> None:
        """Stop listening, and end every tab (each is told why)."""
        if self._site is not None:
            await self._site.stop()  # no new tab meanwhile; the open ones are ended next
            self._site = None
        if self._turns is not None:
            self._turns.close()
        await self.arcade.hand_over_tables()
        self.arcade.save_tables_in_play()
        for session in list(self.tabs):
            session.end(self.arcade.farewell(session.name))
        tasks = [s.task for s in self.tabs if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=10)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ---- requests

    @web.middleware
    async def _check_host(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Serving on a loopback address, only pages that name it are served: another site's
        name that a rebinding DNS points here must not reach the arcade."""
        if self._loopback_only and not _is_loopback(_host_name(request.host)):
            raise web.HTTPMisdirectedRequest(text="This arcade answers to localhost only.")
        return await handler(request)

    async def _index(self, request: web.Request) -> web.Response:
        given = request.query.get("name", "")
        path = "/ws/" + quote(player_name(given), safe="") if given else "/ws"
        # Behind a proxy that serves https (README: workers behind one address) the page must name
        # a wss:// websocket, or the browser refuses it; the proxy says so in X-Forwarded-Proto.
        # (Only the asker's own page is shaped by it: nothing to gain by lying.)
        forwarded = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
        scheme = "wss" if request.secure or forwarded == "https" else "ws"
        html = self._page.render(
            config={"static": {"url": "/static/"}},
            application={"name": "cardarcade"},
            app_websocket_url=f"{scheme}://{request.host}{path}",
            font_size=_number(request.query.get("fontsize"), 16, 8, 48),
            ping_url="",
        )
        return web.Response(text=html, content_type="text/html", headers={"Content-Security-Policy": _CONTENT_POLICY})

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    def _same_origin(self, request: web.Request) -> bool:
        """A page's script always says where it comes from; programs other than browsers may not."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        if not self._same_origin(request):
            log.info("refused a websocket from %s: page from %s", request.remote, request.headers.get("Origin"))
            raise web.HTTPForbidden(text="This arcade is played from its own page only.")
        size = (_number(request.query.get("width"), 80, 1, 10_000), _number(request.query.get("height"), 24, 1, 10_000))
        limits = self.arcade.limits
        # Pings are answered here (autoping off) so that their pongs can be timed. Not compressed,
        # though every browser offers it: a compressor is kept per tab (about 260 KiB of zlib's
        # window and tables, most of what a tab held beyond an SSH session), and an 80x24 card
        # table's frames are a few KiB.
        socket = web.WebSocketResponse(
            max_msg_size=self.max_message, heartbeat=limits.keepalive_interval, autoping=False, compress=False
        )
        await socket.prepare(request)  # (a request that is no websocket is answered 400 here)
        name = request.match_info.get("name")
        guest = name is None
        if guest:
            self._guests += 1
            name = guest_name(self._guests)
        name = player_name(name)[: MAX_NAME - len(self.name_mark)] + self.name_mark
        channel = _TabChannel(socket, request)
        session = _Session(self.arcade, _Visitor(name, request.remote or "?", guest=guest, mark=self.name_mark))  # type: ignore[arg-type]
        session.connection_made(channel)  # type: ignore[arg-type]
        session.pty_requested(PAGE_TERMINAL, (*size, 0, 0), None)
        session.session_started()
        self.tabs.add(session)
        round_trip = _RoundTrip(socket, name, self.arcade)
        try:
            async for message in socket:  # ends when the tab closes, or sent too much at once
                if message.type is WSMsgType.TEXT:
                    await self._receive(message.data, session, socket)
                elif message.type is WSMsgType.PONG:
                    round_trip.answered(message.data)
                elif message.type is WSMsgType.PING:
                    await socket.pong(message.data)
        finally:
            round_trip.stop()
            session.connection_lost(None)  # its app ends (a game in play is saved)
            # (waited for, never cancelled: the app is left to save the game and end)
            await asyncio.wait([t for t in (session.task, channel.sender) if t is not None])
            self.tabs.discard(session)
        return socket

    async def _receive(self, text: str, session: _Session, socket: web.WebSocketResponse) -> None:
        """One message from the page's script; anything else is ignored (it is not a player's)."""
        try:
            envelope = json.loads(text)
        except ValueError:
            return
        if not isinstance(envelope, list) or len(envelope) < 2:
            return
        kind, data = envelope[0], envelope[1]
        if kind == "stdin" and isinstance(data, str):
            session.data_received(data.encode("utf-8", "replace"), None)
            # While the session's input is full, the next message is not read: the socket's own
            # buffer fills, then TCP slows the page (as an SSH channel's window does).
            await session.input_room()
        elif kind == "resize" and isinstance(data, dict):
            width, height = data.get("width"), data.get("height")
            if type(width) is int and type(height) is int:  # (the session coalesces and paces sizes)
                session.terminal_size_changed(width, height, 0, 0)
        elif kind == "ping" and isinstance(data, str):
            await socket.send_json(["pong", data[:32]])


def _number(text: str | None, default: int, low: int, high: int) -> int:
    try:
        return min(max(int(text or ""), low), high)
    except ValueError:
        return default
