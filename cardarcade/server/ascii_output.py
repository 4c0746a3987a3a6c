"""A screen for a client whose locale is not UTF-8 (``LANG=C``): what the app draws, in ASCII.

Each character becomes ASCII taking as many cells as it did, so nothing after it on the line
moves: the lines and corners of boxes become ``-``, ``|`` and ``+``, blocks ``#`` (or ``_``,
``-``, ``|`` for the thin ones), a middle dot ``.``, an ellipsis ``.`` (three dots would push the
rest of the line two cells right), arrows ``< > ^ v``, an accented letter its letter; anything
else one ``?`` per cell it took.
"""

from __future__ import annotations

import codecs
import unicodedata

from rich.cells import cell_len

_LOOKALIKES = {
    "·": ".",
    "•": "*",
    "…": ".",
    "‥": ".",
    "—": "-",
    "–": "-",
    "―": "-",
    "‐": "-",
    "−": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "‹": "<",
    "›": ">",
    "«": "<",
    "»": ">",
    "←": "<",
    "→": ">",
    "↑": "^",
    "↓": "v",
    "↔": "-",
    "↕": "|",
    "⏎": "<",
    "⌫": "<",
    "◀": "<",
    "▶": ">",
    "◄": "<",
    "►": ">",
    "◂": "<",
    "▸": ">",
    "▲": "^",
    "▼": "v",
    "△": "^",
    "▽": "v",
    "▴": "^",
    "▾": "v",
    "●": "o",
    "○": "o",
    "◆": "*",
    "◇": "*",
    "★": "*",
    "☆": "*",
    "■": "#",
    "□": "#",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "×": "x",
    "÷": "/",
    "≤": "<",
    "≥": ">",
    "≠": "#",
    "±": "+",
    "°": "o",
    "\u00a0": " ",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}


def _box_drawing(char: str) -> str:
    """U+2500-U+257F by what the name says it draws."""
    name = unicodedata.name(char, "")
    if "DIAGONAL CROSS" in name:
        return "X"
    if "DIAGONAL UPPER RIGHT" in name:
        return "/"
    if "DIAGONAL UPPER LEFT" in name:
        return "\\"
    directions = {word for word in name.split() if word in ("LEFT", "RIGHT", "UP", "DOWN", "HORIZONTAL", "VERTICAL")}
    if directions and directions <= {"LEFT", "RIGHT", "HORIZONTAL"}:
        return "-"
    if directions and directions <= {"UP", "DOWN", "VERTICAL"}:
        return "|"
    return "+"


def _block(char: str) -> str:
    """U+2580-U+259F: a thin block is a line, a thick one ``#``."""
    name = unicodedata.name(char, "")
    if name in ("LOWER ONE EIGHTH BLOCK", "LOWER ONE QUARTER BLOCK", "LOWER THREE EIGHTHS BLOCK"):
        return "_"
    if name in ("UPPER ONE EIGHTH BLOCK", "UPPER HALF BLOCK"):
        return "-"
    if name in (
        "LEFT ONE EIGHTH BLOCK",
        "LEFT ONE QUARTER BLOCK",
        "LEFT THREE EIGHTHS BLOCK",
        "RIGHT ONE EIGHTH BLOCK",
    ):
        return "|"
    return "#"


TABLE = str.maketrans(
    {
        **{chr(c): _box_drawing(chr(c)) for c in range(0x2500, 0x2580)},
        **{chr(c): _block(chr(c)) for c in range(0x2580, 0x25A0)},
        **_LOOKALIKES,
    }
)


def _lookalike(char: str) -> str:
    """For what the table does not hold: an accented letter's letter, else ``?`` for each cell
    (a wide character two; a combining mark, none)."""
    width = cell_len(char)
    base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return base if len(base) == width == 1 else "?" * width


def _replace(error: UnicodeError) -> tuple[str, int]:
    """What ``encode`` puts for a run of characters that are not ASCII."""
    assert isinstance(error, UnicodeEncodeError)
    run = error.object[error.start : error.end].translate(TABLE)
    if not run.isascii():
        run = "".join(char if char.isascii() else _lookalike(char) for char in run)
    return run, error.end


codecs.register_error("cardarcade-ascii", _replace)


def to_ascii(text: str) -> bytes:
    # The encoder passes over ASCII (most of a frame: escape sequences, letters, spaces) at C
    # speed and hands each run of anything else to _replace: translating whole frames cost 12
    # times as much (290 ms against 24 ms for a session's first 17 frames at 1000x500, up to
    # 37 ms for one frame of 560,000 characters, all on the loop).
    return text.encode("ascii", "cardarcade-ascii")
