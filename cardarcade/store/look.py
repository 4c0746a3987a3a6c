"""What the menu's first frame needs from the settings file, read without pydantic.

A player who has ever chosen a bot level has a settings file, and validating it (``settings.py``)
costs a pydantic import of about 50 ms: over a third of the bare Textual app's whole start. The
menu's first frame needs only the theme and the glyphs, so it takes them from a plain read of
the file (``first_look``); the whole file is validated as soon as that frame is up, and wins
where the two differ (a broken file gives the defaults). The name rules and the size limit live
here too, so both readers agree.
"""

from __future__ import annotations

import getpass
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardarcade.tomlfile import UnusableFile, read_toml

MAX_SETTINGS_BYTES = 256 * 1024  # a settings file is a few hundred bytes
MAX_NAME = 40
MAX_THEME_NAME = 64
GLYPH_CHOICES = ("symbols", "letters")


def login_name(session_user: str | None = None) -> str:
    """The default profile name: the SSH user for a session over SSH, else the login name."""
    name = session_user
    if not name:
        try:
            name = getpass.getuser()
        except (KeyError, OSError, ImportError):  # no login name in the environment nor the password file
            name = None
    name = " ".join((name or "").split())[:MAX_NAME]
    return name or "Player"


def look_of(data: Mapping[str, Any], player: str) -> tuple[str | None, str | None]:
    """The theme and glyphs ``player`` plays with by these settings (as plain data): their own
    profile's first, then the arcade's. A value left out, empty or one the validating read
    (settings.py) would set aside counts as not set, so both reads agree."""
    profiles = data.get("profiles")
    own = profiles.get(player) if isinstance(profiles, Mapping) else None
    places = [own, data] if isinstance(own, Mapping) else [data]
    theme = next(
        (v for place in places if isinstance(v := place.get("theme"), str) and 0 < len(v) <= MAX_THEME_NAME), None
    )
    glyphs = next((v for place in places if (v := place.get("glyphs")) in GLYPH_CHOICES), None)
    return theme, glyphs


def profile_named(data: Mapping[str, Any]) -> str | None:
    """The profile the settings name, if it is one the validating read keeps."""
    profile = data.get("profile")
    return profile if isinstance(profile, str) and 0 < len(profile) <= MAX_NAME else None


def first_look(path: Path, session_user: str | None) -> tuple[str | None, str | None]:
    """The theme and glyphs the settings file at ``path`` gives this session's player, unvalidated
    (nothing if the file cannot be read: the validating read says why)."""
    try:
        data = read_toml(path, MAX_SETTINGS_BYTES)
    except (FileNotFoundError, UnusableFile):
        return None, None
    return look_of(data, login_name(session_user or profile_named(data)))
