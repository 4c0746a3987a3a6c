"""Fixtures of the SSH tests: servers and silent links closed at the end of each test."""

from __future__ import annotations

from typing import Any

import asyncssh
import pytest

from cardarcade.server.ssh import ArcadeServer
from ssh_helpers import SilentLink, start_server


@pytest.fixture(scope="session")
def host_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture(scope="session")
def client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
async def serve(host_key):
    """serve(**options) -> (server, port); every server is closed at the end."""
    servers: list[ArcadeServer] = []

    async def make(**options: Any) -> tuple[ArcadeServer, int]:
        server, port = await start_server(host_key, **options)
        servers.append(server)
        return server, port

    yield make
    for server in servers:
        await server.close()


@pytest.fixture
async def silent_link():
    links: list[SilentLink] = []

    async def make(port: int) -> SilentLink:
        link = SilentLink(port)
        await link.start()
        links.append(link)
        return link

    yield make
    for link in links:
        link.close()
