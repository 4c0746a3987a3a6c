"""The SSH server: many people play the arcade from their own ``ssh`` client.

One ``ArcadeServer`` per process holds the sessions and the limits; asyncssh makes one
``_Connection`` per client connection and one ``_Session`` per session channel it opens, and a
session with a terminal runs one app (``ArcadeServer.app_factory``: the hook a lobby plugs into)
through ``TerminalDriver``. An error in one session ends that session only.

Refused: exec, subsystems (sftp, and scp with them), port and agent forwarding, X11. A shell
request gets the arcade, never a shell; without a terminal (``ssh -T``) it gets one line saying
so.

Textual's habits that assume one app per process, and what is done about them here:
- each app redirects ``sys.stdout``/``sys.stderr`` to its own capture while it runs, restoring
  what it found when it ends; apps that end in another order than they began would leave a
  dead app's capture in place. Every session's app captures into the streams the server found
  at its start, so each redirection puts back the same objects (and a ``print`` goes to the
  server's log, never onto a player's screen).
- ``App.__init__`` takes colours (TERM, COLORTERM, NO_COLOR) from ``os.environ``: a session's app
  gets its client's instead (``ArcadeApp(environ=...)``).
- ``active_app``: Textual finds "the current app" through a context variable; each session runs
  in its own task, so each has its own.
- Textual's constants (TEXTUAL_PRESS, TEXTUAL_SCREENSHOT, TEXTUAL_DRIVER, ...) come from the
  server's environment once, at import, and would act in every session: ``refuse_textual_variables``.
- ``App.run`` / signal handlers / the Linux driver's threads and termios are never used.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import socket
import sys
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import asyncssh
from rich.console import Console
from textual.app import App

from cardarcade.server.asyncssh_compat import keepalive_asker
from cardarcade.server.driver import INPUT_BUFFER, TerminalDriver
from cardarcade.server.hub import Hub
from cardarcade.server.lobby import Lobby
from cardarcade.server.names import NAMES_FILE, NameRefused, named_players
from cardarcade.server.workers import TakingTurns
from cardarcade.table.clock import LoopClock
from cardarcade.table.shared import SharedTable
from cardarcade.store.user import UserStore
from cardarcade.ui.terminal import bounded_size
from cardarcade.ui.textual_compat import app_error, capture_output

if TYPE_CHECKING:
    from cardarcade.server.remote_table import RemoteTable
    from cardarcade.store.ratings import Rating

log = logging.getLogger("cardarcade.server")

DEFAULT_SIZE = (80, 24)  # when a client claims a terminal of no size
MAX_NAME = 24  # characters of the name a player logs in under
# A session's first screen costs the loop tens of milliseconds, in pieces of up to a few dozen
# each; a key of someone playing waits for the pieces run before each of its own steps. So a
# new session starts once the loop has been on time QUIET_PROBES times running: a sleep of
# PROBE_SLEEP woken no more than BUSY_LATE after it was due.
PROBE_SLEEP, QUIET_PROBES, BUSY_LATE = 0.005, 3, 0.008
BUSY_NOTICE = 0.5  # seconds of waiting to start after which the player is told why
# The client variables a session's looks come from; the rest of what a client sends is ignored.
LOOKS_VARIABLES = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")
# Textual reads these from the environment once per process; a server must not apply them to
# every player (keys pressed for them, screenshots written, another driver).
TEXTUAL_PROCESS_VARIABLES = ("TEXTUAL_PRESS", "TEXTUAL_SCREENSHOT", "TEXTUAL_DRIVER", "TEXTUAL_SHOW_RETURN")


SERVER_AUTOSAVE_DELAY = 5.0  # seconds from a move to its save, in a server's sessions
SEED_BATCH = 300  # ratings put on the leaderboard at once at a start (about 3 ms of the loop)
LOST_NAME_AGAIN = 2.0  # seconds after a lost name's sessions are ended before any still running are ended again


@dataclass
class Limits:
    max_sessions: int = 100  # sessions in the whole server
    per_address: int = 8  # sessions from one address
    max_starting: int = 1  # sessions building their first screen at once; later ones wait their turn
    # ...and then until the loop answers promptly (the people playing come first), for at most this long
    start_patience: float = 1.0
    login_grace: float = 60.0  # seconds to log in
    idle_timeout: float = 30 * 60.0  # seconds without a key press before a session ends
    idle_warning: float = 60.0  # the player is told this long before
    # Seconds between keepalives (only while a client sends nothing: any data resets the clock)...
    keepalive_interval: float = 30.0
    # ...and how many may go unanswered before the client counts as gone. (Every 15 s, they
    # were half of what 100 idle sessions cost the server.)
    keepalive_count: int = 2
    round_trip_every: float = 5.0  # seconds between measurements of a player's round trip at a shared table
    round_trip_away_every: float = 600.0  # ...and while not at one (only a table shows it and allows for it)
    max_output: int = 8 * 1024 * 1024  # bytes held for a client not reading; beyond it, it is dropped

    def round_trip_due(self, last: float | None, now: float, seated: bool) -> bool:
        """Whether a player's round trip is to be timed now: at first, every few seconds while
        they have a seat at a shared table (shown there, and a house rule allows for half of it),
        else every ten minutes (a hundred idle sessions timed every few seconds were half of an
        idle server's CPU)."""
        return last is None or seated or now - last >= self.round_trip_away_every

    def round_trip_pause(self, seated: bool) -> float:
        """Seconds until the next look: away from a table, whether the player has sat down is
        looked at every half minute (the last figure stands until then; a hundred idle sessions
        waking every few seconds were a tenth of an idle server's CPU)."""
        return self.round_trip_every * (1 if seated else 6)

    def problems(self) -> list[str]:
        out = [
            f"{name} must be at least 1"
            for name in ("max_sessions", "per_address", "max_starting", "max_output")
            if getattr(self, name) < 1
        ]
        out += [
            f"{name} must be more than 0"
            for name in ("login_grace", "idle_timeout", "keepalive_interval")
            if getattr(self, name) <= 0
        ]
        if self.start_patience < 0:
            out.append("start_patience must be at least 0")
        if not 0 < self.idle_warning < self.idle_timeout:
            out.append("idle_warning must be more than 0 and less than idle_timeout")
        if self.keepalive_count < 1:
            out.append("keepalive_count must be at least 1")
        return out


@dataclass
class SessionInfo:
    """What a session's app is made from: who connected, from where, and their terminal."""

    name: str
    address: str
    size: tuple[int, int]
    environ: dict[str, str] = field(default_factory=dict)  # TERM and the LOOKS_VARIABLES the client sent
    guest: bool = False  # a name the server handed out: the player's saves and settings end with the session

    @property
    def utf8(self) -> bool:
        return locale_is_utf8(self.environ)


def locale_is_utf8(environ: dict[str, str]) -> bool:
    """Whether a client's locale is UTF-8; a client that sends none is taken to be."""
    locale = next((environ[k] for k in ("LC_ALL", "LC_CTYPE", "LANG") if environ.get(k)), "")
    return not locale or "utf-8" in locale.lower() or "utf8" in locale.lower()


# Makes a session's app: given the session and the driver class to hand to the app.
AppFactory = Callable[[SessionInfo, Callable[..., TerminalDriver]], App]


def duration(seconds: float) -> str:
    """'30 minutes', '1 minute', '45 seconds'."""
    amount, unit = (seconds / 60, "minute") if seconds >= 60 else (seconds, "second")
    return f"{amount:g} {unit}{'' if amount == 1 else 's'}"


def refuse_textual_variables(environ: dict[str, str] | os._Environ) -> str | None:
    found = [name for name in TEXTUAL_PROCESS_VARIABLES if environ.get(name)]
    if found:
        return (
            f"{', '.join(found)} would act in every player's session: unset "
            f"{'it' if len(found) == 1 else 'them'} to serve"
        )
    return None


def player_name(username: str) -> str:
    """The name a player gave, safe to show to others: no control characters, bounded."""
    kept = "".join(c for c in username if unicodedata.category(c)[0] not in "CZ" or c == " ").strip()
    return kept[:MAX_NAME] or "player"


def read_authorized_keys(path: Path | None) -> tuple[asyncssh.SSHAuthorizedKeys, dict[str, str]]:
    """The players' keys, and the players the list names ({fingerprint: name}, see names.py);
    read once: a change to the file counts from the next start. Raises ValueError with a message
    fit for a person."""
    if path is None:
        raise ValueError("auth by keys needs an authorized_keys file")
    try:
        text = path.read_text(encoding="utf-8")
        return asyncssh.import_authorized_keys(text), named_players(text, str(path))
    except OSError as exc:
        raise ValueError(f"cannot read the players' keys from {path} ({exc.strerror or exc})") from None
    except ValueError as exc:  # asyncssh's KeyImportError too, and a name that cannot be used
        raise ValueError(f"the players' keys in {path} cannot be read: {exc}") from None


def key_of(connection: Any) -> str:
    """What the log says of the key a session logged in with: ' (key SHA256:...)', or ''."""
    key = getattr(connection, "key", None)  # (a browser's visitor has none)
    return f" (key {key})" if key else ""


class ArcadeServer:
    """One per process: the listening socket, the sessions, their limits, and how a session's
    app is made. ``auth`` is "keys" (the public keys in ``authorized_keys``) or "open"."""

    def __init__(
        self,
        *,
        auth: str = "keys",
        authorized_keys: Path | None = None,
        host_key: asyncssh.SSHKey | None = None,
        limits: Limits | None = None,
        app_factory: AppFactory | None = None,
        store: UserStore | None = None,
        hub: Hub | None = None,
    ) -> None:
        """``hub``: what is shared with the other server processes (``RedisHub``); none: this
        process alone."""
        from cardarcade.server.keys import load_or_create_host_key
        from cardarcade.themes import load_themes

        if auth not in ("keys", "open"):
            raise ValueError(f"auth is keys or open, not {auth!r}")
        self.auth = auth
        self.authorized_keys, named = read_authorized_keys(authorized_keys) if auth == "keys" else (None, {})
        self.host_key = host_key or load_or_create_host_key()
        self.limits = limits or Limits()
        if problems := self.limits.problems():
            raise ValueError("; ".join(problems))
        self.app_factory: AppFactory = app_factory or self.arcade_app
        self.themes = load_themes()  # once per process, for every session
        self.store = store or UserStore()
        self.hub = hub if hub is not None else Hub()
        # Which key may play under which name (keys mode); a names file that cannot be read stops the start.
        self.names = self.hub.name_registry(self.store.data_dir / NAMES_FILE, named) if auth == "keys" else None
        self.lobby: Lobby | None = None  # made on start, on the loop that runs it
        # The shared tables' records and saves are written here, off the loop, in order.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardarcade-server-store")
        self.sessions: set[_Session] = set()
        self.sessions_ended = 0  # a running count (the garbage collector's policy follows it)
        self.connections: dict[str, int] = {}  # address -> open connections
        self.starting = asyncio.Semaphore(self.limits.max_starting)
        # Where every session's app sends what is printed (see the module's notes).
        self.output = (sys.stdout, sys.stderr)
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._turns: TakingTurns | None = None  # (one of several workers: the shared socket)
        self._handshakes: set[asyncio.Task] = set()
        self._stop_words: dict[str, str] | None = None  # name -> what they are told at a stop (once stopping)
        self._stopped_tables: list[SharedTable] = []  # saved at a stop, closed once their screens are gone
        self._handed: dict[str, str] | None = None  # name -> what they are told: their table went on elsewhere
        self._identity: str | None = None  # which statistics these are (``_records_identity``)

    def arcade_app(self, info: SessionInfo, driver_class: Callable[..., TerminalDriver]) -> App:
        from cardarcade.ui.app import ArcadeApp

        # Each player keeps their own saves and settings (a guest's last as long as the session);
        # the statistics and the books are the server's, shared (one SQLite file for every session).
        store = self.store.for_guest() if info.guest else self.store.for_player(info.name)
        app = ArcadeApp(
            environ=info.environ,
            themes=self.themes,
            driver_class=driver_class,
            store=store,
            player=info.name,
            lobby=self.lobby,
            address=info.address,
        )
        if not info.utf8:
            app.settings.ascii_glyphs = True
        # A hundred sessions' autosaves share one process and one disk: each writes at most every
        # few seconds (every second, they were some 6% of a core with 20 people playing).
        app.settings.autosave_delay = SERVER_AUTOSAVE_DELAY
        return app

    async def loop_on_time(self) -> None:
        """Until the loop has kept time for a few short sleeps running (see QUIET_PROBES), or
        ``start_patience`` has passed: a crowd arriving at once starts one by one, each while
        the people already playing are being answered promptly, not all over them."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.limits.start_patience
        quiet = 0
        while quiet < QUIET_PROBES and loop.time() < give_up:
            due = loop.time() + PROBE_SLEEP
            await asyncio.sleep(PROBE_SLEEP)
            quiet = quiet + 1 if loop.time() - due <= BUSY_LATE else 0

    def open_lobby(self) -> None:
        """The lobby every session of this process shares (SSH and browser), on the running loop."""
        if self.lobby is None:
            self.lobby = Lobby(LoopClock(), on_table_done=self.table_done, hub=self.hub)
            if self.lobby.links is not None:  # (tables followed from other workers: as a table here does)
                self.lobby.links.on_mirror_rated = self._mirror_rated
                self.lobby.links.on_mirror_lost = self._mirror_lost
            self.hub.begin()
            self.seed_board()

    async def open_shared(self) -> None:
        """Reach what is shared with the other server processes (HubUnavailable says why it
        cannot be), then open the lobby."""
        await self.hub.connect()
        self.open_lobby()

    async def start(self, host: str = "127.0.0.1", port: int = 2222, sock: socket.socket | None = None) -> int:
        """Listen; returns the port (useful with port 0). ``sock``: one of several workers, taking
        turns at the listening socket their parent made (server/workers.py)."""
        await self.open_shared()
        limits = self.limits
        options: dict[str, Any] = dict(
            server_host_keys=[self.host_key],  # (the players' keys are checked by _Connection)
            login_timeout=limits.login_grace,
            keepalive_interval=limits.keepalive_interval,
            keepalive_count_max=limits.keepalive_count,
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
        )
        if sock is not None:
            made = await asyncssh.SSHServerConnectionOptions.construct(
                server_factory=lambda: _Connection(self), **options
            )
            self._turns = TakingTurns(sock, partial(self._shake_hands, made), lambda: len(self.sessions))
            return self._turns.port()
        self._acceptor = await asyncssh.create_server(lambda: _Connection(self), host, port, **options)
        return self._acceptor.sockets[0].getsockname()[1]

    def _shake_hands(self, options: asyncssh.SSHServerConnectionOptions, conn: socket.socket) -> None:
        """A connection this worker took from the shared socket: SSH on it, as a listener would."""

        async def shake() -> None:
            try:
                await asyncssh.run_server(conn, options=options)
            except Exception as exc:  # (a client gone or failing its key exchange: dropped, as a listener drops it)
                log.debug("a connection ended before its login: %s", exc)

        task = asyncio.get_running_loop().create_task(shake(), name="ssh handshake")
        self._handshakes.add(task)
        task.add_done_callback(self._handshakes.discard)

    def table_done(self, table: SharedTable) -> None:
        """A shared table ended: a finished game goes into the statistics (once, with every
        person's profile); one its last person left is saved for its creator to carry on."""
        setup, game = table.setup, table.table.game if table.table is not None else None
        if setup is None or game is None:
            return
        if game.is_over:
            profiles = {i: seat.profile for i, seat in enumerate(setup.seats) if seat.profile}
            store, told = self.store, self._to_lobby()
            hinted = bool(table.hinted)  # (the coach was asked: not rated)

            def work() -> None:
                stats = store.stats  # (opened here, off the loop, the first time)
                rated = stats.record_rated_game(setup, game, table.elapsed(), profiles, hinted=hinted)
                told(lambda lobby: self._rated(lobby, game, rated))
                if self.lobby is not None and self.lobby.links is not None:  # (people elsewhere: their worker is told)
                    identity = self._records_identity()
                    told(lambda lobby: self._rated_elsewhere(lobby, table.id, rated, identity))

            self._keep_replay(table, profiles)
        else:
            from cardarcade.store.saves import encode, new_save_id

            save_id = new_save_id(setup.spec.id)
            data = encode(save_id, setup, game, table.elapsed())
            store, creator = self.store, table.creator

            def work() -> None:
                store.for_player(creator).saves.write(save_id, data)

        future = self._writer.submit(work)
        future.add_done_callback(lambda f: f.exception() and log.warning("table %s: %s", table.id, f.exception()))

    def _keep_replay(self, table: SharedTable, profiles: dict[int, str]) -> None:
        """A shared game's replay, kept for each person in their own folder, and first in every
        lobby's last games."""
        work = self._replay_work(table, profiles)
        if work is not None:
            future = self._writer.submit(work)
            future.add_done_callback(lambda f: f.exception() and log.warning("table %s: %s", table.id, f.exception()))

    def _replay_work(
        self, table: SharedTable, profiles: dict[int, str], listed: bool = True
    ) -> Callable[[], None] | None:
        """Keeping a shared game's replay for each person in their own folder (the moves as its
        table noted them, timed from the table's making): for the store's thread (None: nothing
        to keep). ``listed``: and first in every lobby's last games (its host's word: a table
        followed from another worker is listed there)."""
        from cardarcade.replay import replay_of
        from cardarcade.store.replays import keep_for_each, new_replay_id, now

        setup, played = table.setup, table.table
        if setup is None or played is None or not played.moves.whole or not profiles:
            return None
        when = now()
        moves = tuple(played.moves.moves)
        replay = replay_of(new_replay_id(setup.spec.id, when), setup, played.game, moves, table.elapsed(), when)
        folders = {p: self.store.for_player(p).data_dir for p in set(profiles.values())}
        told, game, hinted = self._to_lobby(), played.game, bool(table.hinted)

        def work() -> None:
            from cardarcade.server.recent import shared_record

            keep_for_each(replay, folders)
            if listed:
                record = shared_record(replay, game, hinted)
                told(lambda lobby: lobby.finished(*record))

        return work

    def _rated(self, lobby: Lobby, game: object, rated: list[Rating]) -> None:
        """A shared table's game recorded: its ratings go on the board, and to the screens of the
        people here who played it (their result shows each one's own change, as a game played
        alone does, whether the result is up yet or still to come)."""
        lobby.rated(rated)
        self._tell_rated(game, rated)

    def _tell_rated(self, game: object, rated: list[Rating]) -> None:
        """How a shared game moved the ratings, to the screens here showing it."""
        from cardarcade.ui.screens.result import ResultScreen

        for session in self.sessions:
            app = session.app
            if app is None or not any(getattr(screen, "game", None) is game for screen in app.screen_stack):
                continue
            app.memory.rated = (game, rated)  # type: ignore[attr-defined]
            for screen in app.screen_stack:
                if isinstance(screen, ResultScreen):
                    screen.ratings_arrived(game, rated)

    def _records_identity(self) -> str:
        """Which statistics this process records into (``UserStore.records_identity``): for the
        store's thread (read there once)."""
        if self._identity is None:
            try:
                self._identity = self.store.records_identity()
            except OSError as exc:
                log.warning("the statistics' identity cannot be kept: %s", exc)
                return ""
        return self._identity

    def _rated_elsewhere(self, lobby: Lobby, table_id: str, rated: list[Rating], records: str) -> None:
        """A game hosted here recorded: how it moved the ratings, and into which statistics, to
        the workers its people elsewhere played it from (``_mirror_rated``)."""
        from cardarcade.server.remote_table import ratings_data

        if lobby.links is not None:
            lobby.links.tell_rated(table_id, {"store": records, "ratings": ratings_data(rated)})

    def _mirror_rated(self, mirror: RemoteTable, record: dict[str, Any]) -> None:
        """A game played here at a table another worker hosted is recorded there. The people who
        played it from here see how it moved their ratings, as at a table hosted here; and if
        this worker keeps statistics of its own (another machine's folder, no shared database),
        the game goes into them and into their replays too, for those people alone."""
        from cardarcade.server.remote_table import ratings_from_data

        setup, played = mirror.setup, mirror.table
        if setup is None or played is None or not played.game.is_over:
            return
        try:
            theirs = ratings_from_data(record.get("ratings") or ())
        except (TypeError, ValueError):
            theirs = []
        game, elapsed, hinted = played.game, mirror.elapsed(), bool(mirror.hinted)
        profiles = {i: setup.seats[i].profile or "" for i in mirror.here if setup.seats[i].profile}
        recorded_there, store, told = str(record.get("store") or ""), self.store, self._to_lobby()
        own = recorded_there != "" and bool(profiles)  # (else nothing to decide: the host's word stands)
        keep_replay = self._replay_work(mirror, profiles, listed=False) if own else None

        def work() -> None:
            rated = theirs
            if own and self._records_identity() != recorded_there:
                stats = store.stats
                rated = stats.record_rated_game(setup, game, elapsed, profiles, hinted=hinted)
                if keep_replay is not None:
                    keep_replay()
            told(lambda lobby: self._tell_rated(game, rated))

        future = self._writer.submit(work)
        future.add_done_callback(lambda f: f.exception() and log.warning("table %s: %s", mirror.id, f.exception()))

    def _mirror_lost(self, mirror: RemoteTable, saving: bool) -> None:
        """A table followed here lost its host and no worker carried it on: whoever is at it here
        is told so and goes back to the lobby; a game in play is saved for its creator (by one
        worker: ``saving``), as a stop saves it."""
        title, creator = mirror.spec.title, mirror.creator
        in_play = mirror.dealt and not mirror.over
        gone = f"The server process hosting this table of {title} stopped, and no other could carry it on"
        mirror.lost_host(f"{gone}.")
        if in_play and saving:
            self.table_done(mirror)  # (saved for its creator: the game is not over)
        for session in self.sessions:
            app = session.app
            if app is None or not app.at_table(mirror):  # type: ignore[attr-defined]
                continue
            name = getattr(app, "player", "")
            if in_play and mirror.seat_of(name) is None:  # (watching)
                said = f"{gone}. The game is saved for {creator}."
            elif in_play:
                whose = "you" if name == creator else creator
                said = f"{gone}. Your game is saved for {whose}: it carries on from the saved games (c on the menu)."
            else:
                said = f"{gone}: the table is gone."
            app.call_later(app.leave_table, mirror, said)  # type: ignore[attr-defined]

    def _to_lobby(self) -> Callable[[Callable[[Lobby], None]], None]:
        """For the store's thread: what to tell the lobby, told on its loop (nothing without one)."""
        lobby = self.lobby
        if lobby is None:
            return lambda tell: None
        loop = asyncio.get_running_loop()

        def told(tell: Callable[[Lobby], None]) -> None:
            loop.call_soon_threadsafe(tell, lobby)

        return told

    def seed_board(self) -> None:
        """The leaderboard from what this server's statistics know, read on the store's thread
        (a query per person: some 10 ms of CPU for a thousand) and told to the lobby a few hundred
        at a time (each a few milliseconds of the loop)."""
        store, told = self.store, self._to_lobby()

        def work() -> None:
            stats = store.stats
            rated = [r for profile in stats.profiles() for r in stats.current_ratings(profile)]
            for start in range(0, len(rated), SEED_BATCH):
                some = rated[start : start + SEED_BATCH]
                told(partial(Lobby.rated, ratings=some))

        future = self._writer.submit(work)
        future.add_done_callback(lambda f: f.exception() and log.warning("the leaderboard: %s", f.exception()))

    def save_tables_in_play(self) -> None:
        """Before a stop: every shared table in play is saved for its creator to carry on (as a
        table everyone left is), and what each of its players is told on the way out is kept
        (``farewell``). Once; the tables leave the lobby, so nothing records them twice."""
        if self.lobby is None or self._stop_words is not None:
            return
        self._stop_words = {}
        for table in list(self.lobby.tables.values()):
            if not table.dealt or table.over:
                continue
            self.lobby.take_out(table)
            self.table_done(table)
            for name in {p.player for p in table.places if p.player is not None}:
                whose = "for you" if name == table.creator else f"for {table.creator}"
                self._stop_words[name] = (
                    f"The server is shutting down. Your game of {table.spec.title} is saved "
                    f"{whose}: it carries on from the saved games (c on the menu)."
                )
            self._stopped_tables.append(table)
        if self._stop_words:
            log.info("stopping: %d shared table(s) in play saved for their creators", len(self._stopped_tables))

    async def hand_over_tables(self) -> None:
        """Before a stop, with other server processes sharing Redis: the tables in play here go on
        there at once (``table_links``), and their players are told where to find them. Once."""
        if self._handed is None:
            links = self.lobby.links if self.lobby is not None else None
            self._handed = await links.hand_over() if links is not None else {}

    def farewell(self, name: str) -> str:
        """What a session of ``name`` is told when the server stops."""
        if name in (self._handed or {}):
            return (self._handed or {})[name]
        return (self._stop_words or {}).get(name, "The server is shutting down.")

    async def close(self) -> None:
        """Stop listening and end every session (each player sees their terminal restored); the
        shared tables in play are saved first."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        if self._turns is not None:
            self._turns.close()
        await self.hand_over_tables()
        self.save_tables_in_play()
        for session in list(self.sessions):
            session.end(self.farewell(session.name))
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:  # each app closes its screens; a few seconds at most
            await asyncio.wait(tasks, timeout=10)
        if self.lobby is not None and self.lobby.links is not None:
            await self.lobby.links.finish()  # (the tables still here end with this process)
        if self.lobby is not None:
            self.lobby.close()
        for table in self._stopped_tables:
            table.close()
        await asyncio.get_running_loop().run_in_executor(None, self._writer.shutdown)
        if self.names is not None:  # the names claimed, on their way to the file
            await asyncio.get_running_loop().run_in_executor(None, self.names.close)
        await self.hub.close()  # (what this process shared leaves the others' lobbies)

    # ---- admission

    def admit_connection(self, address: str) -> bool:
        """Connections are bounded before anyone has logged in, at twice the sessions: room for
        those turned away to be told why (admit_session), and no more."""
        total = sum(self.connections.values())
        if total >= 2 * self.limits.max_sessions or self.connections.get(address, 0) >= 2 * self.limits.per_address:
            return False
        self.connections[address] = self.connections.get(address, 0) + 1
        return True

    def release_connection(self, address: str) -> None:
        left = self.connections.get(address, 0) - 1
        if left > 0:
            self.connections[address] = left
        else:
            self.connections.pop(address, None)

    def admit_session(self, session: _Session) -> str | None:
        """None if the session may start (it is then counted), else why not."""
        if len(self.sessions) >= self.limits.max_sessions:
            return f"The arcade is full ({self.limits.max_sessions} players); try again later."
        if sum(s.address == session.address for s in self.sessions) >= self.limits.per_address:
            return f"Too many sessions from {session.address} ({self.limits.per_address}); close one first."
        self.sessions.add(session)
        return None

    async def admit_shared(self, session: _Session) -> str | None:
        """Past this process's limits (admit_session), those of every process sharing the hub:
        None if the session may start, else why not (it is then no longer counted here)."""
        asking = asyncio.ensure_future(
            self.hub.admit(session.address, self.limits.max_sessions, self.limits.per_address)
        )
        try:
            refusal = await asyncio.shield(asking)  # (an answer on its way is taken, even by a session gone)
        except asyncio.CancelledError:  # the client left while asked about: its place, if given, is freed
            self.sessions.discard(session)
            asking.add_done_callback(
                lambda done: (
                    done.cancelled()
                    or done.exception() is not None
                    or done.result() is not None
                    or self.hub.release(session.address)
                )
            )
            raise
        if refusal is not None:
            self.sessions.discard(session)
        return refusal


class _Connection(asyncssh.SSHServer):
    """One client connection: who it is, and what it may ask for."""

    def __init__(self, server: ArcadeServer) -> None:
        self.server = server
        self.address = "?"
        self.name = "player"
        self.conn: asyncssh.SSHServerConnection | None = None
        self.admitted = False
        self.guest = False  # SSH users name themselves (a browser's guest-N is the web's)
        self.key: str | None = None  # the fingerprint of the key it logged in with (keys mode)
        self.refusal: str | None = None  # why its sessions may not start: the name is not this key's
        self.sessions: list[_Session] = []  # (a client may open several on one connection)

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.admitted = self.server.admit_connection(self.address)
        if not self.admitted:
            log.info("refused a connection from %s: too many connections", self.address)
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.server.release_connection(self.address)
            self.admitted = False

    def begin_auth(self, username: str) -> bool:
        self.name = player_name(username)
        return self.server.auth == "keys"  # open: no authentication at all

    def public_key_auth_supported(self) -> bool:
        return self.server.auth == "keys"

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Whether ``key`` is in the players' list (its ``from=``, if any, allowing this address).
        asyncssh asks for every key a client offers, with or without proof that the client holds
        it, so the key is only noted here; it is the key that logged in when auth_completed comes,
        as nothing pauses between a signed request's check here, its signature's and that call,
        and a new request cancels one under way."""
        assert self.server.authorized_keys is not None
        try:
            listed = self.server.authorized_keys.validate(key, self.address, self.address) is not None
        except ValueError:  # an address a from= pattern cannot be matched against
            listed = False
        self.key = key.get_fingerprint() if listed else None
        return listed

    def auth_completed(self) -> None:
        """In keys mode, the name is the key's (names.py): its sessions play under the name as
        the key claimed it, or are told why they cannot."""
        if self.server.names is None:
            return
        if self.key is None:  # (keys are the only way in; said here so it stays so)
            self.refusal = "This server lets in listed keys only."
            return
        try:
            self.name = self.server.names.admit(self.name, self.key, on_lost=self._name_lost)
        except NameRefused as refusal:
            self.refusal = str(refusal)
            log.info("%s@%s refused%s: %s", self.name, self.address, key_of(self), refusal)

    def _name_lost(self, line: str) -> None:
        """The name's claim could not be written (another server took it first, a disk that
        failed): this connection's sessions end, saying why."""
        self.refusal = line
        for session in self.sessions:
            session.end(line)
        # An app told to end before it was running goes on (Textual drops the word): told again.
        asyncio.get_running_loop().call_later(LOST_NAME_AGAIN, self._end_sessions_again, line)

    def _end_sessions_again(self, line: str) -> None:
        for session in self.sessions:
            if session.task is not None and not session.task.done():
                session.end(line)

    def session_requested(self) -> _Session | _Refusal:
        if self.refusal is not None:
            return _Refusal(self.refusal)
        session = _Session(self.server, self)
        self.sessions.append(session)
        return session

    # Everything but a session is refused (asyncssh's defaults do too; said here so it stays so).
    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class _Refusal(asyncssh.SSHServerSession):
    """A session that may not start: the person is told why in one line (an SSH login refused
    can carry no text to them)."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.chan: asyncssh.SSHServerChannel | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, *args: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def session_started(self) -> None:
        assert self.chan is not None
        self.chan.write((self.line + "\r\n").encode("utf-8", "replace"))
        self.chan.exit(1)


class _Session(asyncssh.SSHServerSession):
    """One session channel: a terminal, an app drawn on it, and its limits."""

    def __init__(self, server: ArcadeServer, connection: _Connection) -> None:
        self.server = server
        self.connection = connection
        self.name = connection.name
        self.address = connection.address
        self.chan: asyncssh.SSHServerChannel | None = None
        self.app: App | None = None
        self.driver: TerminalDriver | None = None
        self.term_type: str | None = None
        self.size = DEFAULT_SIZE
        self._pending = bytearray()  # input that came before the app could take it
        self._input_held = False  # the client is not read: its input is full (input_full)
        self._input_room = asyncio.Event()  # set while it is read
        self._input_room.set()
        self._closed = False  # the channel is gone: nothing more is written
        self._farewell = ""  # said after the app has given the terminal back
        self._slot = False  # holding one of the server's start-up slots
        self._shared_place = False  # counted against the limits of every process sharing the hub
        self._last_input = 0.0
        self._warned = False
        self._idle_timer: asyncio.TimerHandle | None = None
        self.task: asyncio.Task | None = None

    # ---- asyncssh's calls

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term_type = term_type
        self.size = self._claimed_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"ssh session {self.name}")

    def data_received(self, data: bytes, datatype: Any) -> None:
        self._last_input = asyncio.get_running_loop().time()
        if self._warned:
            self._warned = False
            if self.app is not None:
                self.app.clear_notifications()
        # The driver takes it a slice at a time, pausing the client while its input is full
        # (input_full); before there is a driver, the same cap holds.
        if self.driver is not None:
            self.driver.feed(data)
        else:
            self._pending += data
            if len(self._pending) >= INPUT_BUFFER:
                self.input_full(True)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = self._claimed_size(width, height)
        if self.driver is not None:  # (it coalesces a flood of sizes and paces the redraws)
            self.driver.resize(*self.size)

    def eof_received(self) -> bool:
        if self.driver is not None:
            self.driver.end_of_input()
        return True  # our side stays open: the app still restores the terminal, and says why it ended

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self.end()

    # ---- the terminal the driver draws on

    def write(self, data: bytes) -> None:
        if self._closed or self.chan is None:
            return
        try:
            self.chan.write(data)
        except OSError:  # the client closed the channel first; connection_lost follows
            self._closed = True
            return
        if self.chan.get_write_buffer_size() > self.server.limits.max_output:
            log.info("%s@%s dropped: not reading its output", self.name, self.address)
            self._closed = True
            self.chan.abort()  # what it held is let go now
            self.end()

    def first_frame(self) -> None:
        self._release_slot()

    def input_full(self, full: bool) -> None:
        """While the client's input is full it is not read: an SSH channel's window then closes
        and TCP slows the client; a browser's socket waits (``input_room``)."""
        if full == self._input_held:
            return
        self._input_held = full
        if full:
            self._input_room.clear()
        else:
            self._input_room.set()
        pause_or_resume = getattr(self.chan, "pause_reading" if full else "resume_reading", None)
        if pause_or_resume is not None:
            pause_or_resume()

    def input_flood(self) -> None:
        log.info(
            "%s@%s dropped: its input kept coming faster than it was served%s",
            self.name,
            self.address,
            key_of(self.connection),
        )
        self.end("This session was ended: its keys kept coming faster than the arcade could take them.")

    async def input_room(self) -> None:
        """Until the client's input may be read again, or the session is over."""
        if not self._input_held or self.task is None or self.task.done():
            return
        room = asyncio.ensure_future(self._input_room.wait())
        try:
            await asyncio.wait([room, self.task], return_when=asyncio.FIRST_COMPLETED)
        finally:
            room.cancel()

    # ---- running the app

    @staticmethod
    def _claimed_size(width: int, height: int) -> tuple[int, int]:
        return bounded_size(width, height) if width > 0 and height > 0 else DEFAULT_SIZE

    def _say(self, text: str) -> None:
        self.write(text.replace("\n", "\r\n").encode("utf-8", "replace"))

    def end(self, farewell: str = "") -> None:
        """End the session as ``q`` would; ``farewell`` is said once the terminal is restored."""
        if farewell and not self._farewell:
            self._farewell = farewell
        if self.app is not None:
            self.app.exit()
        elif self.task is not None:
            self.task.cancel()  # still waiting for its turn to start

    async def _run(self) -> None:
        assert self.chan is not None
        status = 1
        # (a name's claim lost between the request for this session and its start ends it here)
        refusal = getattr(self.connection, "refusal", None) or self.server.admit_session(self)  # (a tab has none)
        if refusal is None:
            try:
                refusal = await self.server.admit_shared(self)
            except asyncio.CancelledError:  # ended while asked about (the client left, the name was lost)
                if self._farewell:
                    self._say(self._farewell + "\n")
                self._finish(1)
                return
            self._shared_place = refusal is None
        if refusal is not None:
            log.info("%s@%s refused%s: %s", self.name, self.address, key_of(self.connection), refusal)
            self._say(refusal + "\n")
            self._finish(1)
            return
        try:
            if self.term_type is None:
                self._say("cardarcade needs a terminal: connect with ssh -t (or without -T).\n")
                return
            status = await self._play()
        except asyncio.CancelledError:
            pass
        except Exception:  # a fault in the server's own code for this session: this session only
            log.exception("%s@%s: session failed", self.name, self.address)
            self._farewell = "Sorry: the arcade hit an error, and this session has ended."
        finally:
            self._release_slot()
            self._stop_idle_watch()
            self.server.sessions.discard(self)
            if self._shared_place:
                self._shared_place = False
                self.server.hub.release(self.address)
            self.server.sessions_ended += 1
            self.app = self.driver = None
            if self._farewell:
                self._say("\n" + self._farewell + "\n")
            self._finish(status)

    async def _play(self) -> int:
        notice = asyncio.get_running_loop().call_later(
            BUSY_NOTICE, self._say, "The arcade is busy: your session starts in a moment...\n"
        )
        try:
            await self.server.starting.acquire()
            self._slot = True
            await self.server.loop_on_time()
        finally:
            notice.cancel()
        renamed_from = self._take_free_name()
        info = SessionInfo(
            name=self.name, address=self.address, size=self.size, environ=self._looks(), guest=self.connection.guest
        )
        app = self.server.app_factory(info, self._make_driver)
        # See the module's notes: every app restores the same streams, whatever order apps end in.
        capture_output(app, *self.server.output)
        # What Textual prints when an app fails is meant for a person at the server's terminal;
        # here the log gets the traceback (below) and the player the farewell.
        app.error_console = Console(quiet=True)
        self.app = app
        if renamed_from is not None:
            app.call_later(
                app.notify,
                f"{renamed_from} is playing here from another address, so you play as {self.name}.",
                severity="warning",
                timeout=15,
                markup=False,
            )
        self._last_input = asyncio.get_running_loop().time()
        self._watch_idle()
        log.info("%s@%s: session started%s", self.name, self.address, key_of(self.connection))
        timing = asyncio.create_task(self._measure_round_trips())
        try:
            await app.run_async()
        finally:
            timing.cancel()
        error = app_error(app)
        if error is not None:
            log.error("%s@%s: session failed%s", self.name, self.address, key_of(self.connection), exc_info=error)
        if app.return_code and not self._farewell:
            self._farewell = "Sorry: the arcade hit an error, and this session has ended."
        log.info("%s@%s: session ended (%s)%s", self.name, self.address, app.return_code or 0, key_of(self.connection))
        return app.return_code or 0

    def _take_free_name(self) -> str | None:
        """A name no key proves (open mode, a browser's) is not handed to a second address while
        a session from another address plays under it: this one becomes name-2 (or -3, ...).
        Returns the name asked for if it was changed. (Called once the start slot is held, so two
        sessions starting together cannot both take the same name.)"""
        mark = getattr(self.connection, "mark", "")
        if self.server.auth == "keys" and not mark:
            return None  # a key holds the name: a second session of it is the same person
        others = [s for s in self.server.sessions if s is not self and s.app is not None]
        if not any(s.name == self.name and s.address != self.address for s in others):
            return None
        stem = self.name[: len(self.name) - len(mark)] if mark and self.name.endswith(mark) else self.name
        taken = {s.name for s in others}
        for number in itertools.count(2):
            suffix = f"-{number}"
            name = stem[: MAX_NAME - len(suffix) - len(mark)] + suffix + mark
            if name not in taken:
                break
        asked, self.name = self.name, name
        log.info("%s@%s: the name is in use from another address; playing as %s", asked, self.address, name)
        return asked

    async def _measure_round_trips(self) -> None:
        """The player's round trip, timed on an SSH keepalive request and its reply, as often as
        ``Limits.round_trip_due`` says."""
        conn, lobby = self.connection.conn, self.server.lobby
        ask = keepalive_asker(conn)
        if ask is None or lobby is None:
            return
        limits, loop = self.server.limits, asyncio.get_running_loop()
        measured: float | None = None
        while True:
            sent = loop.time()
            if limits.round_trip_due(measured, sent, lobby.seated(self.name)):
                measured = sent
                try:
                    await asyncio.wait_for(ask(), limits.round_trip_every * 4)
                except (TimeoutError, asyncssh.Error, OSError):
                    pass  # no reply: the keepalives reap a client that is gone
                else:
                    lobby.note_round_trip(self.name, loop.time() - sent)
            await asyncio.sleep(limits.round_trip_pause(lobby.seated(self.name)))

    def _make_driver(self, app: App, **options: Any) -> TerminalDriver:
        """What Textual calls as the app's driver class (with its own idea of the size: unknown)."""
        options.pop("size", None)
        driver = TerminalDriver(
            app, terminal=self, size=self.size, ascii_only=not locale_is_utf8(self._looks()), **options
        )
        self.driver = driver
        if self._pending:  # held by the driver until application mode, then taken as any input
            pending, self._pending = bytes(self._pending), bytearray()
            driver.feed(pending)
        return driver

    def _looks(self) -> dict[str, str]:
        assert self.chan is not None
        sent = self.chan.get_environment()
        environ = {k: str(sent[k])[:100] for k in LOOKS_VARIABLES if k in sent}
        environ["TERM"] = (self.term_type or "dumb")[:100]
        return environ

    def _release_slot(self) -> None:
        if self._slot:
            self._slot = False
            self.server.starting.release()

    def _finish(self, status: int) -> None:
        if self.chan is not None:
            self._closed = True
            self.chan.exit(status)  # (nothing is sent if the channel is already closing)

    # ---- idle time

    def _watch_idle(self) -> None:
        """Checked when something may be due, not on every key: a key only moves _last_input."""
        limits = self.server.limits
        quiet = asyncio.get_running_loop().time() - self._last_input
        warn_at = limits.idle_timeout - limits.idle_warning
        if quiet >= limits.idle_timeout:
            self.end(f"Closed after {duration(limits.idle_timeout)} without a key press.")
            return
        if quiet >= warn_at and not self._warned and self.app is not None:
            self._warned = True
            self.app.notify(
                f"No key pressed for a while: this session ends in {duration(limits.idle_warning)} "
                "unless a key is pressed.",
                severity="warning",
                timeout=limits.idle_warning,
            )
        due = (warn_at if quiet < warn_at else limits.idle_timeout) - quiet
        self._idle_timer = asyncio.get_running_loop().call_later(max(due, 0.01), self._watch_idle)

    def _stop_idle_watch(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
