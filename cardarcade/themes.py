"""Card-table themes: ``themes/*.toml`` files become Textual themes plus a card palette.

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
repository's top-level ``themes/`` folder; a user's own go in
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
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Iterable, Mapping

import textual.app
import textual.theme
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    model_validator,
)

from cardarcade.cards import SUITS, Suit

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


HexColor = Annotated[str, AfterValidator(_normalise_hex)]
OptionalHex = HexColor | None
GammaValue = Annotated[float, Field(strict=True, gt=0, le=10, allow_inf_nan=False)]


def _check_name(name: str) -> str:
    if not (_NAME.fullmatch(name) and len(name) <= 40):
        raise ValueError(
            f"{name!r} is not a theme id: use lower-case letters, digits and single dashes, "
            "at most 40 characters"
        )
    return name


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _ColorsFile(_Strict):
    primary: HexColor
    secondary: OptionalHex = None
    accent: OptionalHex = None
    background: OptionalHex = None
    surface: OptionalHex = None
    panel: OptionalHex = None
    foreground: OptionalHex = None
    warning: OptionalHex = None
    error: OptionalHex = None
    success: OptionalHex = None


_FOUR = ("clubs", "diamonds", "hearts", "spades")


class _CardsFile(_Strict):
    felt: HexColor
    face: HexColor
    back: HexColor
    back_pattern: HexColor
    edge: HexColor
    ink: HexColor
    highlight: HexColor
    red: OptionalHex = None
    black: OptionalHex = None
    clubs: OptionalHex = None
    diamonds: OptionalHex = None
    hearts: OptionalHex = None
    spades: OptionalHex = None

    @model_validator(mode="after")
    def _deck_colours(self) -> "_CardsFile":
        two = {k: getattr(self, k) for k in ("red", "black") if getattr(self, k) is not None}
        four = {k: getattr(self, k) for k in _FOUR if getattr(self, k) is not None}
        if two and four:
            raise ValueError(
                "give either red + black or clubs + diamonds + hearts + spades, not both"
            )
        if four:
            missing = [k for k in _FOUR if k not in four]
            if missing:
                raise ValueError(f"four-colour deck is missing {', '.join(missing)}")
            if len(set(four.values())) != 4:
                raise ValueError("the four suit colours must all differ")
        else:
            missing = [k for k in ("red", "black") if k not in two]
            if missing:
                raise ValueError(
                    f"missing {' and '.join(missing)} (or give clubs, diamonds, hearts, spades)"
                )
            if two["red"] == two["black"]:
                raise ValueError("red and black suits must have different colours")
        for suit, colour in self.suit_colours().items():
            if colour == self.face:
                raise ValueError(f"{suit.noun} colour is the same as the card face")
        return self

    def suit_colours(self) -> dict[Suit, str]:
        if self.clubs is not None:
            return {
                Suit.CLUBS: self.clubs,
                Suit.DIAMONDS: self.diamonds,
                Suit.HEARTS: self.hearts,
                Suit.SPADES: self.spades,
            }  # type: ignore[dict-item]
        return {s: (self.red if s.is_red else self.black) for s in SUITS}  # type: ignore[misc]


class _ThemeFile(_Strict):
    name: Annotated[str, AfterValidator(_check_name)]
    title: Annotated[str, Field(min_length=1, max_length=60)]
    dark: StrictBool = True
    gamma: GammaValue | None = None
    ascii_glyphs: StrictBool = False
    colors: _ColorsFile
    cards: _CardsFile


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


def _build(spec: _ThemeFile) -> CardTheme:
    gamma = float(spec.gamma) if spec.gamma is not None else None

    def fix(colour: str | None) -> str | None:
        if colour is None or gamma is None:
            return colour
        return gamma_correct(colour, gamma)

    cards = spec.cards
    palette = CardPalette(
        felt=fix(cards.felt),  # type: ignore[arg-type]
        face=fix(cards.face),  # type: ignore[arg-type]
        back=fix(cards.back),  # type: ignore[arg-type]
        back_pattern=fix(cards.back_pattern),  # type: ignore[arg-type]
        edge=fix(cards.edge),  # type: ignore[arg-type]
        ink=fix(cards.ink),  # type: ignore[arg-type]
        suits={suit: fix(c) for suit, c in cards.suit_colours().items()},  # type: ignore[misc]
        highlight=fix(cards.highlight),  # type: ignore[arg-type]
        ascii_glyphs=spec.ascii_glyphs,
    )
    colours = {key: fix(value) for key, value in spec.colors.model_dump().items()}
    theme = textual.theme.Theme(
        name=TEXTUAL_PREFIX + spec.name,
        dark=spec.dark,
        variables=_palette_variables(palette),
        **colours,
    )
    return CardTheme(name=spec.name, title=spec.title, palette=palette, textual=theme, gamma=gamma)


def _theme_from_data(data: Mapping[str, Any]) -> CardTheme:
    return _build(_ThemeFile.model_validate(data))


def _describe(error: ValidationError) -> str:
    """One line out of pydantic's multi-line report."""
    parts = []
    for err in error.errors():
        where = ".".join(str(p) for p in err["loc"])
        kind = err["type"]
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        if kind == "extra_forbidden":
            parts.append(f"unknown key '{where}'")
        elif kind == "missing":
            parts.append(f"missing key '{where}'")
        elif where:
            parts.append(f"{where}: {msg}")
        else:
            parts.append(msg)
    return "; ".join(parts)


# The built-in fallbacks. _FELT_DATA mirrors themes/felt.toml (a test keeps them equal).
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
    return CardTheme(
        name="monochrome", title="Monochrome (NO_COLOR)", palette=palette, textual=theme, gamma=None
    )


MONOCHROME: CardTheme = _make_monochrome()
"""Used when NO_COLOR is set: pure black and white, ASCII suit letters."""


# --------------------------------------------------------------------------- loading


def _shipped_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "themes"


def _user_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("cardarcade")) / "themes"


def _load_file(path: Path) -> tuple[CardTheme | None, str | None]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        return None, f"{path}: not valid TOML ({exc})"
    except UnicodeDecodeError as exc:
        return None, f"{path}: not valid UTF-8 ({exc.reason})"
    except OSError as exc:
        return None, f"{path}: cannot read ({exc.strerror or exc})"
    try:
        return _theme_from_data(data), None
    except ValidationError as exc:
        return None, f"{path}: {_describe(exc)}"
    except Exception as exc:  # never let one theme file take the app down
        return None, f"{path}: {type(exc).__name__}: {exc}"


def load_themes(
    directories: Iterable[Path] | None = None,
) -> tuple[dict[str, CardTheme], list[str]]:
    """Load ``*.toml`` themes from ``directories`` in order (default: the shipped ``themes/``
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
            files = sorted(p for p in directory.glob("*.toml") if p.is_file())
        except OSError as exc:
            warnings.append(f"{directory}: cannot list themes ({exc.strerror or exc})")
            continue
        seen_here: dict[str, Path] = {}
        for path in files:
            theme, warning = _load_file(path)
            if warning is not None:
                warnings.append(warning)
                continue
            assert theme is not None
            if theme.name in seen_here:
                warnings.append(
                    f"{path}: theme name '{theme.name}' is already used by "
                    f"{seen_here[theme.name].name}; skipped"
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
