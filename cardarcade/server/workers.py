"""``serve ssh|web --workers N``: N server processes ("workers") on one address.

Each worker is a whole server (``cardarcade serve ... --redis URL``), started by this parent with
the same command line; they all listen on the same address with ``SO_REUSEPORT``, and the
kernel spreads new connections among them. Chosen over a parent that accepts and hands each
socket over: nothing sits between a player and their worker (no process to pass through or to
fail), a worker that dies takes no listening socket with it, and asyncssh and aiohttp take
``reuse_port`` as it is. (Linux and the BSDs; the kernel balances by each connection's
addresses, not by load.) What the workers share is in Redis; the host key is made once, here,
before they start, so all of them show players the same one.

The parent serves nobody: it starts the workers, starts another in place of one that dies (a
few times a minute at most), and on Ctrl+C or SIGTERM passes SIGTERM on to each and waits.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Sequence
from types import FrameType

RESTARTS, RESTART_WINDOW = 5, 60.0  # workers started again in this many seconds before giving up
USAGE_ERROR = 2  # a worker that exits with it said why it cannot serve: the others would say it too


def run_workers(command: Sequence[str], count: int) -> int:
    """Run ``count`` workers of ``command`` until told to stop; the exit status."""
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
    children += [subprocess.Popen(list(command)) for _ in range(count)]
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
            children[index] = subprocess.Popen(list(command))
            print(
                f"cardarcade: worker {child.pid} ended ({code}); worker {children[index].pid} started in its place",
                file=sys.stderr,
            )
        time.sleep(0.2)
    return status or max((c.returncode or 0 for c in children if c.returncode and c.returncode > 0), default=0)
