"""Card-table themes: ``theme_files/*.toml`` files become Textual themes plus a card palette.

A theme file looks like this (unknown keys are an error)::

    name = "felt"              # lower-case id: letters, digits and dashes
    title = "Green felt"
    dark = true                # optional, default true
    gamma = 1.0                # optional; every colour is corrected at load
    ascii_glyphs = false       # optional; S H D C instead of the suit symbols

    [colors]                   # Textual theme colours; only primary is required
    primary = "#e8c872"
    background = "#0b5d1e"
    # secondary, accent, surface, panel, foreground, warning, error, success

    [cards]
    felt = "#0b5d1e"
    face = "#f8f5ec"
    back = "#8b1e2d"
    back_pattern = "#e8c872"
    edge = "#3a3a3a"
    ink = "#f2efe4"
    highlight = "#ffd54a"
    red = "#c8102e"            # either red + black (two-colour deck) ...
    black = "#1a1a1a"
    # ... or clubs + diamonds + hearts + spades (four-colour deck)

Colours are ``#rrggbb`` (``#rgb`` is accepted and expanded). Shipped themes live in the
package, in ``cardarcade/theme_files/`` (package data: a wheel has them); a user's own go in
``platformdirs.user_config_dir("cardarcade")/themes`` and replace a shipped theme of the same
name. ``load_themes`` never raises for a bad file: it skips it with a one-line warning.

Each theme's Textual theme is named ``cardarcade-<name>`` and carries the card palette as CSS
variables (``$felt``, ``$card-face``, ``$card-back``, ``$card-back-pattern``, ``$card-edge``,
``$table-ink``, ``$card-highlight``, ``$suit-clubs``, ``$suit-diamonds``, ``$suit-hearts``,
``$suit-spades``). CSS that uses them fails to parse under a theme that lacks them, so an App
using them should return e.g. ``themes[DEFAULT_THEME].textual.variables`` from
``App.get_theme_variable_defaults``.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Mapping

import textual.app
import textual.theme

from cardarcade.cards import SUITS, Suit
from cardarcade.tomlfile import UnusableFile, read_toml

__all__ = [
    "CardPalette",
    "CardTheme",
    "DEFAULT_THEME",
    "MONOCHROME",
    "gamma_correct",
    "no_color",
    "load_themes",
    "register_themes",
]

DEFAULT_THEME = "felt"
TEXTUAL_PREFIX = "cardarcade-"

_HEX6 = re.compile(r"#[0-9a-fA-F]{6}")
_HEX3 = re.compile(r"#[0-9a-fA-F]{3}")
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


# --------------------------------------------------------------------------- palette & theme


@dataclass(frozen=True)
class CardPalette:
    """The colours a card table is drawn with, all lower-case ``#rrggbb``.

    Suit colours and the card edge are meant to be drawn on the card ``face`` (shipped themes
    keep them >= 4.5:1 against it; >= 7:1 in high-contrast); ``ink`` and ``highlight`` are
    meant for the ``felt``. To show a suit on the table (e.g. trumps), put it on a
    face-coloured chip: a black suit is not guaranteed to show on a dark felt.
    """

    felt: str  # table background
    face: str  # card face background
    back: str  # card back colour
    back_pattern: str  # colour of the back's pattern
    edge: str  # card border
    ink: str  # text on the table (names, counts)
    suits: dict[Suit, str] = field(hash=False)  # per suit (all four), drawn on the face
    highlight: str  # e.g. the card to slap / whose turn it is
    ascii_glyphs: bool = False  # S H D C instead of the suit symbols
    reverse_red: bool = False  # red suits' ranks and pips in reverse video: told apart without colour

    def suit_reversed(self, suit: Suit | None) -> bool:
        """Whether ``suit`` is drawn in reverse video (red suits, in a palette without colour)."""
        return self.reverse_red and suit is not None and Suit(suit).is_red

    def suit_color(self, suit: Suit | None) -> str:
        """The colour to draw ``suit`` in on a card face; a joker (None) uses the spades colour,
        which every shipped theme keeps in strong contrast with the face."""
        if suit is None:
            return self.suits[Suit.SPADES]
        return self.suits[Suit(suit)]


@dataclass(frozen=True)
class CardTheme:
    name: str  # id, e.g. "felt"
    title: str  # "Green felt"
    palette: CardPalette
    textual: textual.theme.Theme = field(hash=False)  # name == f"cardarcade-{name}"
    gamma: float | None


# --------------------------------------------------------------------------- colour helpers


def _normalise_hex(color: str) -> str:
    """``#rgb`` / ``#rrggbb`` (any case) -> lower-case ``#rrggbb``; ValueError otherwise."""
    if not isinstance(color, str):
        raise ValueError(f"expected a colour like '#1a2b3c', got {color!r}")
    text = color.strip()
    if _HEX6.fullmatch(text):
        return text.lower()
    if _HEX3.fullmatch(text):
        return "#" + "".join(ch * 2 for ch in text[1:]).lower()
    raise ValueError(f"expected a colour like '#1a2b3c', got {color!r}")


def gamma_correct(color: str, gamma: float) -> str:
    """Gamma-correct a ``#rrggbb`` colour: each channel becomes 255 * (c/255) ** (1/gamma),
    rounded to the nearest integer (halves away from zero) and clamped to 0..255.

    gamma > 1 lightens, gamma < 1 darkens; black and white never move.
    """
    if isinstance(gamma, bool) or not isinstance(gamma, (int, float)):
        raise TypeError(f"gamma must be a number, got {gamma!r}")
    if not math.isfinite(gamma) or gamma <= 0:
        raise ValueError(f"gamma must be a finite number above 0, got {gamma!r}")
    hex6 = _normalise_hex(color)
    out = []
    for i in (1, 3, 5):
        c = int(hex6[i : i + 2], 16)
        value = 255 * (c / 255) ** (1 / gamma)
        out.append(min(255, max(0, math.floor(value + 0.5))))
    return "#" + "".join(f"{c:02x}" for c in out)


def no_color(environ: Mapping[str, str] | None = None) -> bool:
    """True when NO_COLOR is set to a non-empty value (https://no-color.org).

    Note: Textual itself (App.__init__) switches to monochrome output whenever NO_COLOR is
    *present*, even if empty; this function follows the no-color.org wording.
    """
    env = os.environ if environ is None else environ
    return bool(env.get("NO_COLOR", ""))


# --------------------------------------------------------------------------- TOML schema
# Checked by hand rather than by a pydantic model: themes are loaded before the menu's first
# frame, and importing pydantic alone costs a fifth of a bare Textual app's start-up.


class ThemeError(ValueError):
    """A theme file breaks the schema; the message is one line for the player."""


_COLOR_KEYS = (
    "primary",
    "secondary",
    "accent",
    "background",
    "surface",
    "panel",
    "foreground",
    "warning",
    "error",
    "success",
)
_CARD_KEYS = ("felt", "face", "back", "back_pattern", "edge", "ink", "highlight")
_FOUR = ("clubs", "diamonds", "hearts", "spades")
_TOP_KEYS = ("name", "title", "dark", "gamma", "ascii_glyphs", "colors", "cards")


def _check_name(name: str) -> str:
    if not (_NAME.fullmatch(name) and len(name) <= 40):
        raise ThemeError(
            f"{name!r} is not a theme id: use lower-case letters, digits and single dashes, at most 40 characters"
        )
    return name


def _table(data: Any, where: str, known: Iterable[str], required: Iterable[str]) -> dict[str, Any]:
    """``data`` as a TOML table holding only ``known`` keys and every ``required`` one."""
    if not isinstance(data, dict):
        raise ThemeError(f"{where}: expected a table" if where else "expected a table")
    prefix = f"{where}." if where else ""
    unknown = [key for key in data if key not in known]
    if unknown:
        raise ThemeError(f"unknown key '{prefix}{unknown[0]}'")
    missing = [key for key in required if key not in data]
    if missing:
        raise ThemeError(f"missing key '{prefix}{missing[0]}'")
    return data


def _colours(table: dict[str, Any], where: str) -> dict[str, str]:
    out = {}
    for key, value in table.items():
        try:
            out[key] = _normalise_hex(value)
        except ValueError as exc:
            raise ThemeError(f"{where}.{key}: {exc}") from None
    return out


def _suit_colours(cards: dict[str, str]) -> dict[Suit, str]:
    """Each suit's colour from a two-colour (red, black) or a four-colour deck."""
    two = {k: cards[k] for k in ("red", "black") if k in cards}
    four = {k: cards[k] for k in _FOUR if k in cards}
    if two and four:
        raise ThemeError("cards: give either red + black or clubs + diamonds + hearts + spades, not both")
    if four:
        missing = [k for k in _FOUR if k not in four]
        if missing:
            raise ThemeError(f"cards: four-colour deck is missing {', '.join(missing)}")
        if len(set(four.values())) != 4:
            raise ThemeError("cards: the four suit colours must all differ")
        suits = {
            Suit.CLUBS: four["clubs"],
            Suit.DIAMONDS: four["diamonds"],
            Suit.HEARTS: four["hearts"],
            Suit.SPADES: four["spades"],
        }
    else:
        missing = [k for k in ("red", "black") if k not in two]
        if missing:
            raise ThemeError(f"cards: missing {' and '.join(missing)} (or give clubs, diamonds, hearts, spades)")
        if two["red"] == two["black"]:
            raise ThemeError("cards: red and black suits must have different colours")
        suits = {s: (two["red"] if s.is_red else two["black"]) for s in SUITS}
    for suit, colour in suits.items():
        if colour == cards["face"]:
            raise ThemeError(f"cards: {suit.noun} colour is the same as the card face")
    return suits


def _flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ThemeError(f"{key}: expected true or false, got {value!r}")
    return value


def _gamma(data: dict[str, Any]) -> float | None:
    value = data.get("gamma")
    if value is None:
        return None
    # (compared before any float(): a whole number of 4,000 digits overflows a float)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 0 < value <= 10
        or not math.isfinite(value)
    ):
        shown = repr(value) if len(repr(value)) <= 20 else repr(value)[:20] + "…"
        raise ThemeError(f"gamma: expected a number above 0 and at most 10, got {shown}")
    return float(value)


# --------------------------------------------------------------------------- building themes


def _palette_variables(palette: CardPalette) -> dict[str, str]:
    return {
        "felt": palette.felt,
        "card-face": palette.face,
        "card-back": palette.back,
        "card-back-pattern": palette.back_pattern,
        "card-edge": palette.edge,
        "table-ink": palette.ink,
        "card-highlight": palette.highlight,
        "suit-clubs": palette.suits[Suit.CLUBS],
        "suit-diamonds": palette.suits[Suit.DIAMONDS],
        "suit-hearts": palette.suits[Suit.HEARTS],
        "suit-spades": palette.suits[Suit.SPADES],
    }


def _theme_from_data(data: Mapping[str, Any]) -> CardTheme:
    """A theme from a parsed theme file; ThemeError (one line) if it breaks the schema."""
    top = _table(data, "", _TOP_KEYS, ("name", "title", "colors", "cards"))
    name, title = top["name"], top["title"]
    if not isinstance(name, str):
        raise ThemeError(f"name: expected a string, got {type(name).__name__}")
    _check_name(name)
    if not isinstance(title, str) or not 1 <= len(title) <= 60:
        raise ThemeError("title: expected a string of 1 to 60 characters")
    dark, ascii_glyphs, gamma = _flag(top, "dark", True), _flag(top, "ascii_glyphs", False), _gamma(top)
    colors = _colours(_table(top["colors"], "colors", _COLOR_KEYS, ("primary",)), "colors")
    cards = _colours(_table(top["cards"], "cards", (*_CARD_KEYS, "red", "black", *_FOUR), _CARD_KEYS), "cards")
    suits = _suit_colours(cards)

    def fix(colour: str) -> str:
        return colour if gamma is None else gamma_correct(colour, gamma)

    palette = CardPalette(
        felt=fix(cards["felt"]),
        face=fix(cards["face"]),
        back=fix(cards["back"]),
        back_pattern=fix(cards["back_pattern"]),
        edge=fix(cards["edge"]),
        ink=fix(cards["ink"]),
        suits={suit: fix(c) for suit, c in suits.items()},
        highlight=fix(cards["highlight"]),
        ascii_glyphs=ascii_glyphs,
    )
    colour_args: dict[str, Any] = {key: fix(value) for key, value in colors.items()}  # (Theme's colour names)
    theme = textual.theme.Theme(
        name=TEXTUAL_PREFIX + name,
        dark=dark,
        variables=_palette_variables(palette),
        **colour_args,
    )
    return CardTheme(name=name, title=title, palette=palette, textual=theme, gamma=gamma)


# The built-in fallbacks. _FELT_DATA mirrors theme_files/felt.toml (a test keeps them equal).
_FELT_DATA: dict[str, Any] = {
    "name": "felt",
    "title": "Green felt",
    "dark": True,
    "colors": {
        "primary": "#e8c872",
        "secondary": "#2e8b57",
        "accent": "#ffd54a",
        "background": "#0b5d1e",
        "surface": "#0f6b26",
        "panel": "#14532d",
        "foreground": "#f2efe4",
        "warning": "#ffb300",
        "error": "#ff6b6b",
        "success": "#7ddc8b",
    },
    "cards": {
        "felt": "#0b5d1e",
        "face": "#f8f5ec",
        "back": "#8b1e2d",
        "back_pattern": "#e8c872",
        "edge": "#3a3a3a",
        "ink": "#f2efe4",
        "highlight": "#ffd54a",
        "red": "#c8102e",
        "black": "#1a1a1a",
    },
}


def _make_monochrome() -> CardTheme:
    # Only the terminal's two colours, black and white: suits are black on the white face and
    # told apart by their letters; the UI shows the highlight by reverse/bold, not by hue.
    black, white = "#000000", "#ffffff"
    palette = CardPalette(
        felt=black,
        face=white,
        back=white,
        back_pattern=black,
        edge=black,
        ink=white,
        suits={suit: black for suit in SUITS},
        highlight=white,
        ascii_glyphs=True,
        reverse_red=True,  # (black suits black on white, red ones white on black)
    )
    theme = textual.theme.Theme(
        name=TEXTUAL_PREFIX + "monochrome",
        primary=white,
        secondary=white,
        accent=white,
        warning=white,
        error=white,
        success=white,
        foreground=white,
        background=black,
        surface=black,
        panel=black,
        dark=True,
        variables=_palette_variables(palette),
    )
    return CardTheme(name="monochrome", title="Monochrome (NO_COLOR)", palette=palette, textual=theme, gamma=None)


MONOCHROME: CardTheme = _make_monochrome()
"""Used when NO_COLOR is set: pure black and white, ASCII suit letters, red suits reversed."""


# --------------------------------------------------------------------------- loading


def _shipped_dir() -> Path:
    # Package data, so that a regular install (a wheel) has them too.
    return Path(__file__).parent / "theme_files"


def _user_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("cardarcade")) / "themes"


MAX_THEME_BYTES = 64 * 1024  # a theme is a few hundred bytes; a bigger file is not read
MAX_THEME_FILES = 64  # per folder: a folder of thousands must not hold up the first frame


def _load_file(path: Path) -> tuple[CardTheme | None, str | None]:
    try:
        data = read_toml(path, MAX_THEME_BYTES)
    except (UnusableFile, OSError) as exc:  # (OSError: gone since the folder was listed)
        return None, f"{path}: not a theme: {exc}"
    try:
        return _theme_from_data(data), None
    except ThemeError as exc:
        return None, f"{path}: {exc}"
    except Exception as exc:  # never let one theme file take the app down
        return None, f"{path}: {type(exc).__name__}: {exc}"


def load_themes(
    directories: Iterable[Path] | None = None,
) -> tuple[dict[str, CardTheme], list[str]]:
    """Load ``*.toml`` themes from ``directories`` in order (default: the shipped ``theme_files/``
    folder, then the user's config folder); a later theme replaces an earlier one of the same
    name. Missing folders are ignored. Returns (themes by name, one-line warnings).

    Never raises for a bad file: it is skipped with a warning naming the file and the problem.
    The result always holds ``DEFAULT_THEME`` (a built-in green felt if no file provides it).
    """
    if directories is None:
        directories = [_shipped_dir(), _user_dir()]
    themes: dict[str, CardTheme] = {}
    warnings: list[str] = []
    for directory in directories:
        directory = Path(directory)
        try:
            if not directory.is_dir():
                continue
            with os.scandir(directory) as entries:  # unlike glob, says when the folder cannot be read
                files = sorted(Path(e.path) for e in entries if e.name.endswith(".toml") and e.is_file())
        except OSError as exc:
            warnings.append(f"{directory}: cannot list themes ({exc.strerror or exc})")
            continue
        if len(files) > MAX_THEME_FILES:
            warnings.append(f"{directory}: {len(files)} theme files; only the first {MAX_THEME_FILES} are read")
            files = files[:MAX_THEME_FILES]
        seen_here: dict[str, Path] = {}
        for path in files:
            theme, warning = _load_file(path)
            if warning is not None:
                warnings.append(warning)
                continue
            assert theme is not None
            if theme.name in seen_here:
                warnings.append(
                    f"{path}: theme name '{theme.name}' is already used by {seen_here[theme.name].name}; skipped"
                )
                continue
            seen_here[theme.name] = path
            themes[theme.name] = theme
    if DEFAULT_THEME not in themes:
        themes[DEFAULT_THEME] = _theme_from_data(_FELT_DATA)
    return themes, warnings


def register_themes(app: textual.app.App, themes: dict[str, CardTheme]) -> None:
    """``app.register_theme`` each theme's Textual theme (``cardarcade-<name>``), plus
    MONOCHROME when ``themes`` has no theme of that name, so ``app.theme =
    MONOCHROME.textual.name`` always works after this call."""
    for theme in themes.values():
        app.register_theme(theme.textual)
    if MONOCHROME.name not in themes:
        app.register_theme(MONOCHROME.textual)
