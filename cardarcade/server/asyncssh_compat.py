"""Every private name of asyncssh that the arcade relies on, in one file: checked against
asyncssh 2.24.1. Each has a test in ``tests/server/test_asyncssh_compat.py`` that fails if an
upgrade removes or renames it: after an upgrade, that test file is the audit, and this file is
the only one to mend.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

# What an SSH client answers at once, and keeps a session alive with (OpenSSH's own keepalive).
KEEPALIVE_REQUEST = b"keepalive@openssh.com"


def keepalive_asker(conn: Any) -> Callable[[], Awaitable[object]] | None:
    """A function that sends the client a keepalive request and waits for its reply (a round
    trip), or None if this connection cannot. asyncssh sends its own keepalives without waiting
    for the reply; its private ``_make_global_request`` is the way to ask and wait."""
    ask = getattr(conn, "_make_global_request", None)
    if ask is None:
        return None
    return lambda: ask(KEEPALIVE_REQUEST)
