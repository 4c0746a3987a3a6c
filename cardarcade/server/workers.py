"""``serve ssh|web --workers N``: N server processes ("workers") on one address.

Each worker is a whole server (``cardarcade serve ... --redis URL``), started by this parent with
the same command line. The parent makes the listening socket (one for SSH, one for the browser
page), once, and every worker inherits it: one queue of new connections for all. Every worker is
woken when one waits; each reaches for it after a pause that grows with the people it serves
(``TakingTurns``), so the least loaded worker takes it, and one whose loop is busy or held takes
none. Measured with ``benchmarks/server_scale.py --only spread`` (30 people arriving at two idle
workers): ``SO_REUSEPORT``, a socket each and the kernel choosing by a hash of the addresses, put
18/12 and 16/14 one after another, 15/15 and 18/12 at once, and queued people behind a worker
whose loop was stopped (they never reached a lobby); one shared socket with asyncio's own server
10/20, 12/18, 20/10, 21/9 one after another and 27/3, 25/5, 19/11, 29/1 at once (whichever loop the
kernel woke first took everyone waiting); taking turns, 15/15 every time but once (16/14).
Chosen over a parent that accepts and hands each connection on too: still nothing sits between a
player and their worker (the connection accepted is the worker's own), and a worker that dies
takes no listening socket with it (the parent and the others hold it, and the one started in its
place inherits it). What the workers share is in Redis; the host key is made once, here, before
they start, so all of them show players the same one.

The parent serves nobody: it listens (and never accepts), starts the workers, starts another in
place of one that dies (a few times a minute at most), and on Ctrl+C or SIGTERM passes SIGTERM on
to each and waits.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from types import FrameType

log = logging.getLogger(__name__)

RESTARTS, RESTART_WINDOW = 5, 60.0  # workers started again in this many seconds before giving up
USAGE_ERROR = 2  # a worker that exits with it said why it cannot serve: the others would say it too
BACKLOG = 128  # connections the kernel holds, shared by every worker, until one accepts them


def listening_socket(host: str, port: int) -> socket.socket:
    """The socket every worker accepts on (the first address ``host`` names), inherited by each;
    OSError says why it cannot be made."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[
        0
    ]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def inherited_sockets(fds: str) -> list[socket.socket]:
    """In a worker: the listening sockets its parent made, from their descriptors ("5,6")."""
    return [socket.socket(fileno=int(fd)) for fd in fds.split(",")]


# Every worker is woken when a connection waits; each reaches for it after a pause of this much a
# person it serves (and a connection it took in the last RECENT seconds, still shaking hands), so
# the least loaded worker takes it, and one whose loop is busy later still. At most MOST_PAUSE.
PAUSE_A_PERSON = 0.001
MOST_PAUSE = 0.2
RECENT = 2.0
FULL_PAUSE = 1.0  # seconds without accepting after the process ran out of file descriptors


class TakingTurns:
    """A worker's side of the listening socket every worker shares: one connection taken at a
    time, each after a pause that grows with the people this worker serves (``people()``), and
    handed to ``take``. Asyncio's own server takes every connection waiting at once, so one
    worker took a crowd arriving together (27 of 30), and whichever loop the kernel woke first
    took the next person whatever it served (10/20, 12/18 for 30 one after another)."""

    def __init__(self, sock: socket.socket, take: Callable[[socket.socket], None], people: Callable[[], int]) -> None:
        self.sock, self._take, self._people = sock, take, people
        sock.setblocking(False)
        self._loop = asyncio.get_running_loop()
        self._taken: deque[float] = deque()  # when the recent connections were taken
        self._pause: asyncio.TimerHandle | None = None
        self._closed = False
        self._loop.add_reader(sock.fileno(), self._waiting)

    def _waiting(self) -> None:
        """A connection waits (for every worker): reach for it after this worker's pause."""
        self._loop.remove_reader(self.sock.fileno())
        now = self._loop.time()
        while self._taken and now - self._taken[0] > RECENT:
            self._taken.popleft()
        pause = min(MOST_PAUSE, PAUSE_A_PERSON * (self._people() + len(self._taken)))
        self._pause = self._loop.call_later(pause, self._accept)

    def _accept(self) -> None:
        self._pause = None
        again = 0.0
        try:
            conn, _ = self.sock.accept()
        except (BlockingIOError, InterruptedError, ConnectionAbortedError):
            pass  # (another worker took it first)
        except OSError as exc:  # out of file descriptors, or memory: the others take them meanwhile
            log.warning("cannot take a connection (%s): not trying for %g s", exc, FULL_PAUSE)
            again = FULL_PAUSE
        else:
            conn.setblocking(False)
            self._taken.append(self._loop.time())
            self._take(conn)
        if self._closed:
            return
        if again:
            self._pause = self._loop.call_later(again, self._listen)
        else:
            self._listen()

    def _listen(self) -> None:
        self._pause = None
        self._loop.add_reader(self.sock.fileno(), self._waiting)

    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    def close(self) -> None:
        """Take no more (this worker's copy of the socket closes; the others' stay open)."""
        if self._closed:
            return
        self._closed = True
        if self._pause is not None:
            self._pause.cancel()
        self._loop.remove_reader(self.sock.fileno())
        self.sock.close()


def run_workers(command: Sequence[str], count: int, sockets: Sequence[socket.socket]) -> int:
    """Run ``count`` workers of ``command`` until told to stop, each inheriting ``sockets`` (the
    command names them, ``inherited_sockets``); the exit status."""
    fds = [sock.fileno() for sock in sockets]

    def start() -> subprocess.Popen:
        return subprocess.Popen(list(command), pass_fds=fds)

    children: list[subprocess.Popen] = []
    stopping = False

    def stop(signum: int = signal.SIGTERM, frame: FrameType | None = None) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    children += [start() for _ in range(count)]
    print(
        f"cardarcade: {count} workers serving one address (pids {', '.join(str(c.pid) for c in children)}); "
        "Ctrl+C stops them all.",
        file=sys.stderr,
    )
    restarts: deque[float] = deque()
    status = 0
    while any(child.poll() is None for child in children) or not stopping:
        for index, child in enumerate(children):
            code = child.poll()
            if code is None or stopping:
                continue
            if code == USAGE_ERROR:
                status = USAGE_ERROR
                stop()
                break
            now = time.monotonic()
            while restarts and now - restarts[0] > RESTART_WINDOW:
                restarts.popleft()
            if len(restarts) >= RESTARTS:
                print(f"cardarcade: workers keep ending ({RESTARTS} in a minute): stopping", file=sys.stderr)
                status = 1
                stop()
                break
            restarts.append(now)
            children[index] = start()
            print(
                f"cardarcade: worker {child.pid} ended ({code}); worker {children[index].pid} started in its place",
                file=sys.stderr,
            )
        time.sleep(0.2)
    return status or max((c.returncode or 0 for c in children if c.returncode and c.returncode > 0), default=0)
