"""Writing TOML (Python reads it with ``tomllib`` but has no writer): the small subset our
settings and house-rule books use, tables of strings, numbers, booleans and lists of them."""

from __future__ import annotations

import math
import re
from typing import Any, Mapping

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# Characters a TOML basic string may not hold as they are: controls (tab aside), DEL, " and \.
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')


def dumps(data: Mapping[str, Any]) -> str:
    """``data`` as a TOML document; ``None`` values are left out (TOML has no null)."""
    lines: list[str] = []
    _table(data, (), lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _table(data: Mapping[str, Any], path: tuple[str, ...], lines: list[str]) -> None:
    subtables = []
    for key, value in data.items():
        if value is None:
            continue
        if isinstance(value, Mapping):
            subtables.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in subtables:
        has_values = any(v is not None and not isinstance(v, Mapping) for v in value.values())
        if has_values or not value:  # a table holding only tables needs no header of its own
            lines.append("")
            lines.append("[" + ".".join(_key(k) for k in (*path, key)) + "]")
        _table(value, (*path, key), lines)


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    return '"' + _NEEDS_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), text) + '"'


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return repr(value)  # 0.8, 1e-05, inf, -inf: all TOML floats
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"TOML cannot hold {type(value).__name__}")
