"""``serve ssh|web --workers N``: N server processes ("workers") on one address.

Each worker is a whole server (``cardarcade serve ... --redis URL``), started by this parent with
the same command line. The parent makes the listening socket (one for SSH, one for the browser
page), once, and every worker inherits it and accepts on it: one queue of new connections, and the
worker that takes the next one is the first whose loop is free to, so a busy worker takes fewer
and a stalled one none. Chosen over ``SO_REUSEPORT`` (a socket each, the kernel choosing one per
connection by a hash of its addresses, not by load: 30 people landed 8/14, 10/12, 7/15, and a
worker with its loop held still had its share queued behind it) and over a parent that accepts
and hands each connection on (a process between every player and their worker). Still nothing
sits between a player and their worker: the connection accepted is the worker's own. And a worker
that dies takes no listening socket with it: the parent and the others hold it, and the one
started in its place inherits it too. What the workers share is in Redis; the host key is made
once, here, before they start, so all of them show players the same one.

The parent serves nobody: it listens (without ever accepting), starts the workers, starts another
in place of one that dies (a few times a minute at most), and on Ctrl+C or SIGTERM passes SIGTERM
on to each and waits.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Sequence
from types import FrameType

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
