"""Reading a TOML file a user may have written, edited or been sent (themes, settings): never
more than a bound, and every way it can be unusable is one short reason, never an exception of
the parser's own (a 5,000-deep array, a 5,000-digit number)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


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
