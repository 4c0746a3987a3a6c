"""The server's SSH host key, made on first start and kept in the user data folder, readable by
its owner only (anyone who could read it could pose as this server); and where the players'
public keys are listed by default."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import platformdirs

KEY_NAME = "ssh_host_ed25519_key"


def default_authorized_keys_path() -> Path:
    return Path(platformdirs.user_config_dir("cardarcade")) / "authorized_keys"


def default_host_key_path() -> Path:
    return Path(platformdirs.user_data_dir("cardarcade")) / KEY_NAME


def load_or_create_host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The key at ``path`` (default: the user data folder); made there first if there is none.
    Raises OSError or asyncssh.KeyImportError with a message fit for a person."""
    path = path or default_host_key_path()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        # O_EXCL: two servers starting at once do not mix their keys; 0600 from the first byte.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as out:
                out.write(key.export_private_key())
            return key
    return asyncssh.read_private_key(path)
