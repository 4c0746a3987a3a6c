"""Reading a TOML file a user may have written, edited or been sent (themes, settings): never
more than a bound, and every way it can be unusable is one short reason, never an exception of
the parser's own (a 5,000-deep array, a 5,000-digit number). And writing one (settings, books),
with tomli-w, the writer made to pair with ``tomllib``."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any
from collections.abc import Mapping

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


class UnusableFile(ValueError):
    """The file cannot be used; the message says why in a few words."""


def read_toml(path: Path, max_bytes: int) -> dict[str, Any]:
    """The file's data. Raises FileNotFoundError if it is not there, UnusableFile otherwise."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnusableFile(f"cannot read ({exc.strerror or exc})") from None
    if len(raw) > max_bytes:
        raise UnusableFile(f"larger than {max_bytes // 1024} KiB, not read")
    try:
        # (utf-8-sig: Notepad starts a file it saves as UTF-8 with a byte-order mark)
        return tomllib.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise UnusableFile(f"not UTF-8 text ({exc.reason})") from None
    except tomllib.TOMLDecodeError as exc:
        raise UnusableFile(f"not valid TOML ({exc})") from None
    except (RecursionError, ValueError, MemoryError):  # nested too deep, a number too long to read
        raise UnusableFile("nested too deep or a number too long") from None


def toml_text(data: Mapping[str, Any]) -> str:
    """``data`` as a TOML document; ``None`` values are left out (TOML has no null)."""
    import tomli_w  # (here: the first frame reads the settings file and needs no writer)

    return tomli_w.dumps(_without_none(data))


def _without_none(data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        key: _without_none(value) if isinstance(value, Mapping) else value
        for key, value in data.items()
        if value is not None
    }


def toml_key(key: str) -> str:
    """``key`` as a TOML document writes it: bare if it may be, else quoted."""
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, escaped as tomli-w escapes it."""
    return toml_text({"s": text})[len("s = ") : -1]
