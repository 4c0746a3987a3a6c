"""Themes: gamma correction, NO_COLOR, loading/validating theme TOML, Textual registration."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.color import Color
from textual.widgets import Static

from cardarcade import themes as themes_mod
from cardarcade.cards import SUITS, Suit
from cardarcade.themes import (
    DEFAULT_THEME,
    MONOCHROME,
    CardTheme,
    gamma_correct,
    load_themes,
    no_color,
    register_themes,
)
from tests.colours import contrast

SHIPPED = Path(__file__).resolve().parent.parent / "cardarcade" / "theme_files"
PALETTE_VARIABLES = {
    "felt": "felt",
    "card-face": "face",
    "card-back": "back",
    "card-back-pattern": "back_pattern",
    "card-edge": "edge",
    "table-ink": "ink",
    "card-highlight": "highlight",
}


@pytest.fixture(autouse=True)
def no_user_themes(tmp_path_factory, monkeypatch):
    """Never read the real user's config folder."""
    empty = tmp_path_factory.mktemp("user-config")
    monkeypatch.setattr(themes_mod, "_user_dir", lambda: empty / "themes")


def shipped():
    return load_themes([SHIPPED])


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def valid_toml(name: str = "custom", extra_top: str = "", extra_cards: str = "", **cards: str) -> str:
    colours = dict(themes_mod._FELT_DATA["cards"])  # a complete, valid set: the built-in felt's
    colours.update(cards)
    card_lines = "\n".join(f'{k} = "{v}"' for k, v in colours.items() if v)
    return (
        f'name = "{name}"\ntitle = "Custom"\n{extra_top}\n'
        f'[colors]\nprimary = "#e8c872"\nbackground = "#0b5d1e"\nforeground = "#f2efe4"\n\n'
        f"[cards]\n{card_lines}\n{extra_cards}\n"
    )


# ---------------------------------------------------------------- gamma_correct


@pytest.mark.parametrize("colour", ["#000000", "#ffffff", "#808080", "#0b5d1e", "#c8102e", "#123456"])
def test_gamma_one_leaves_colours_unchanged(colour):
    assert gamma_correct(colour, 1.0) == colour
    assert gamma_correct(colour, 1) == colour


def test_gamma_22_on_mid_grey():
    # 255 * (128/255) ** (1/2.2) = 186.415... -> 186 = 0xba
    assert gamma_correct("#808080", 2.2) == "#bababa"
    # 255 * (64/255) ** (1/2.2) = 136.03... -> 136 = 0x88
    assert gamma_correct("#404040", 2.2) == "#888888"


def test_gamma_below_one_darkens():
    # 255 * (128/255) ** 2 = 64.25 -> 64 = 0x40
    assert gamma_correct("#808080", 0.5) == "#404040"


def test_gamma_rounds_to_nearest():
    # 255 * (200/255) ** 2 = 40000/255 = 156.86 -> 157 = 0x9d (truncation would give 156)
    assert gamma_correct("#c8c8c8", 0.5) == "#9d9d9d"
    # 255 * (10/255) ** 2 = 100/255 = 0.39 -> 0
    assert gamma_correct("#0a0a0a", 0.5) == "#000000"


def test_gamma_works_per_channel():
    # 255 stays 255, 128 -> 186, 0 stays 0
    assert gamma_correct("#ff8000", 2.2) == "#ffba00"
    assert gamma_correct("#0080ff", 2.2) == "#00baff"


@pytest.mark.parametrize("gamma", [0.3, 0.5, 1.0, 1.6, 2.2, 10.0])
def test_black_and_white_are_fixed_points(gamma):
    assert gamma_correct("#000000", gamma) == "#000000"
    assert gamma_correct("#ffffff", gamma) == "#ffffff"


def test_gamma_accepts_short_and_upper_case_hex():
    assert gamma_correct("#FFF", 2.2) == "#ffffff"
    assert gamma_correct("#ABCDEF", 1.0) == "#abcdef"


@pytest.mark.parametrize("gamma", [0, -1.0, float("inf"), float("nan")])
def test_gamma_rejects_bad_gamma(gamma):
    with pytest.raises(ValueError):
        gamma_correct("#808080", gamma)


@pytest.mark.parametrize("colour", ["red", "#12345", "808080", "#gggggg", ""])
def test_gamma_rejects_bad_colour(colour):
    with pytest.raises(ValueError):
        gamma_correct(colour, 2.2)


# ---------------------------------------------------------------- no_color


def test_no_color_unset():
    assert no_color({}) is False
    assert no_color({"TERM": "xterm"}) is False


def test_no_color_empty_means_unset():
    assert no_color({"NO_COLOR": ""}) is False


@pytest.mark.parametrize("value", ["1", "0", "true", "anything"])
def test_no_color_set_to_anything(value):
    assert no_color({"NO_COLOR": value}) is True


def test_no_color_reads_the_process_environment(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert no_color() is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert no_color() is True
    monkeypatch.setenv("NO_COLOR", "")
    assert no_color() is False


# ---------------------------------------------------------------- shipped themes


def test_shipped_themes_load_without_warnings():
    themes, warnings = shipped()
    assert warnings == []
    assert {"felt", "high-contrast", "four-colour"} <= set(themes)
    assert len(themes) == len(list(SHIPPED.glob("*.toml")))
    for name, theme in themes.items():
        assert isinstance(theme, CardTheme)
        assert theme.name == name
        assert theme.title
        assert theme.textual.name == f"cardarcade-{name}"


def test_default_call_finds_the_shipped_folder():
    themes, warnings = load_themes()
    assert warnings == []
    assert DEFAULT_THEME == "felt"
    assert {"felt", "high-contrast", "four-colour"} <= set(themes)


def test_at_least_one_shipped_theme_sets_gamma():
    themes, _ = shipped()
    assert any(t.gamma is not None and t.gamma != 1.0 for t in themes.values())


def test_felt_is_a_classic_two_colour_deck():
    felt = shipped()[0]["felt"].palette
    assert felt.suits[Suit.HEARTS] == felt.suits[Suit.DIAMONDS]
    assert felt.suits[Suit.CLUBS] == felt.suits[Suit.SPADES]
    r, g, b = Color.parse(felt.suits[Suit.HEARTS]).rgb
    assert r > 150 and g < 60 and b < 60  # red
    assert Color.parse(felt.suits[Suit.SPADES]).brightness < 0.15  # black
    r, g, b = Color.parse(felt.felt).rgb
    assert g > r and g > b  # green felt


def test_four_colour_deck_has_four_distinct_suit_colours():
    palette = shipped()[0]["four-colour"].palette
    colours = {suit: palette.suit_color(suit) for suit in SUITS}
    assert len(set(colours.values())) == 4

    def dominant(colour: str) -> str:
        r, g, b = Color.parse(colour).rgb
        return "rgb"[max(range(3), key=lambda i: (r, g, b)[i])]

    assert Color.parse(colours[Suit.SPADES]).brightness < 0.15
    assert dominant(colours[Suit.HEARTS]) == "r"
    assert dominant(colours[Suit.DIAMONDS]) == "b"
    assert dominant(colours[Suit.CLUBS]) == "g"


def test_high_contrast_is_black_white_yellow():
    palette = shipped()[0]["high-contrast"].palette
    assert palette.felt == "#000000"
    assert palette.face == "#ffffff"
    assert palette.ink == "#ffffff"
    assert palette.highlight == "#ffff00"


def test_builtin_felt_matches_felt_toml():
    with (SHIPPED / "felt.toml").open("rb") as handle:
        assert tomllib.load(handle) == themes_mod._FELT_DATA


def distance(a: str, b: str) -> float:
    return sum((x - y) ** 2 for x, y in zip(Color.parse(a).rgb, Color.parse(b).rgb)) ** 0.5


def test_contrast_helper_is_sane():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["felt", "high-contrast", "four-colour", "midnight"])
def test_shipped_palettes_are_readable_and_suits_distinguishable(name):
    theme = shipped()[0][name]
    p = theme.palette
    text_min = 7.0 if name == "high-contrast" else 4.5
    # Suits and the edge are drawn on the card face.
    for suit in SUITS:
        assert contrast(p.suits[suit], p.face) >= text_min, (suit, p.suits[suit])
    assert contrast(p.edge, p.face) >= 3.0
    # Suits differ from each other where the deck says they should.
    for a, b in itertools.combinations(SUITS, 2):
        if p.suits[a] != p.suits[b]:
            assert distance(p.suits[a], p.suits[b]) >= 60, (a, b)
    assert p.suits[Suit.HEARTS] != p.suits[Suit.SPADES]
    # Suits stand apart from the felt: either by colour, or because the card face they sit
    # on stands out very strongly from the table (black suits on a black high-contrast felt).
    for suit in SUITS:
        assert distance(p.suits[suit], p.felt) >= 60 or contrast(p.face, p.felt) >= 7.0, suit
    # Table text and the highlight read on the felt; cards stand out from it.
    assert contrast(p.ink, p.felt) >= text_min
    assert contrast(p.highlight, p.felt) >= 3.0
    assert contrast(p.face, p.felt) >= 3.0
    assert distance(p.back, p.felt) >= 60
    assert contrast(p.back_pattern, p.back) >= 3.0
    # The Textual theme's own text is readable.
    assert contrast(theme.textual.foreground, theme.textual.background) >= text_min


# ---------------------------------------------------------------- palette, variables


def test_palette_variables_are_in_the_textual_theme():
    for theme in shipped()[0].values():
        variables = theme.textual.variables
        for variable, attribute in PALETTE_VARIABLES.items():
            assert variables[variable] == getattr(theme.palette, attribute)
        for suit in SUITS:
            assert variables[f"suit-{suit.noun}"] == theme.palette.suits[suit]


def test_suit_color_and_joker():
    palette = shipped()[0]["four-colour"].palette
    assert palette.suit_color(Suit.HEARTS) == palette.suits[Suit.HEARTS]
    assert palette.suit_color(Suit.CLUBS) == palette.suits[Suit.CLUBS]
    joker = palette.suit_color(None)
    assert joker.startswith("#") and len(joker) == 7
    assert contrast(joker, palette.face) >= 4.5


def test_palette_is_frozen_and_hashable():
    palette = shipped()[0]["felt"].palette
    with pytest.raises(AttributeError):
        palette.felt = "#000000"  # type: ignore[misc]
    hash(palette)


def test_monochrome_uses_only_black_and_white():
    p = MONOCHROME.palette
    used = {p.felt, p.face, p.back, p.back_pattern, p.edge, p.ink, p.highlight, *p.suits.values()}
    assert used <= {"#000000", "#ffffff"}
    assert p.ascii_glyphs is True
    t = MONOCHROME.textual
    theme_colours = {
        t.primary, t.secondary, t.accent, t.warning, t.error, t.success,
        t.foreground, t.background, t.surface, t.panel,
    }  # fmt: skip
    assert theme_colours <= {"#000000", "#ffffff"}
    assert set(t.variables.values()) <= {"#000000", "#ffffff"}
    assert t.name == "cardarcade-monochrome"
    assert contrast(p.suit_color(Suit.HEARTS), p.face) == pytest.approx(21.0)
    assert contrast(p.ink, p.felt) == pytest.approx(21.0)


# ---------------------------------------------------------------- broken files


def test_corrupt_toml_is_skipped_with_a_warning(tmp_path):
    write(tmp_path, "good.toml", valid_toml("good"))
    bad = write(tmp_path, "broken.toml", 'name = "broken"\ntitle = "Oops\n[colors\n')
    themes, warnings = load_themes([tmp_path])
    assert "good" in themes and "broken" not in themes
    assert len(warnings) == 1
    assert str(bad) in warnings[0]
    assert "TOML" in warnings[0]
    assert "\n" not in warnings[0]


def test_unknown_key_is_skipped_with_a_warning(tmp_path):
    write(tmp_path, "good.toml", valid_toml("good"))
    bad = write(tmp_path, "typo.toml", valid_toml("typo", extra_cards='sparkle = "#ffffff"'))
    themes, warnings = load_themes([tmp_path])
    assert set(themes) == {"good", "felt"}  # felt is the built-in fallback
    assert len(warnings) == 1
    assert str(bad) in warnings[0]
    assert "unknown key 'cards.sparkle'" in warnings[0]
    assert "\n" not in warnings[0]


def test_unknown_top_level_key_is_an_error(tmp_path):
    write(tmp_path, "x.toml", valid_toml("x", extra_top="gama = 1.6"))
    themes, warnings = load_themes([tmp_path])
    assert "x" not in themes
    assert "unknown key 'gama'" in warnings[0]


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        (valid_toml("a", felt="green"), "cards.felt: expected a colour"),
        (valid_toml("a", felt=""), "missing key 'cards.felt'"),
        (valid_toml("a", red=""), "missing red"),
        (valid_toml("a", extra_cards='clubs = "#00aa00"'), "not both"),
        (
            valid_toml("a", red="", black="", extra_cards='clubs = "#00aa00"\nhearts = "#cc0000"'),
            "missing diamonds, spades",
        ),
        (valid_toml("a", red="#f8f5ec"), "same as the card face"),
        (valid_toml("a", red="#111111", black="#111111"), "must have different colours"),
        (valid_toml("Not An Id"), "is not a theme id"),
        (valid_toml("a", extra_top="gamma = 0"), "gamma"),
        (valid_toml("a", extra_top='gamma = "2.2"'), "gamma"),
        # a whole number too big for a float: said as any bad gamma, not as an OverflowError
        (valid_toml("a", extra_top="gamma = " + "1" * 4000), "gamma: expected a number above 0 and at most 10"),
        (valid_toml("a", extra_top='dark = "yes"'), "dark"),
        ('title = "No name"\n[colors]\nprimary = "#ffffff"\n', "missing key 'name'"),
        ("", "missing key 'name'"),
    ],
)
def test_invalid_theme_files_are_skipped_with_a_clear_warning(tmp_path, toml, expected):
    path = write(tmp_path, "bad.toml", toml)
    themes, warnings = load_themes([tmp_path])
    assert set(themes) == {"felt"}
    assert len(warnings) == 1
    assert warnings[0].startswith(str(path))
    assert expected in warnings[0]
    assert "\n" not in warnings[0]


def test_a_theme_saved_with_a_byte_order_mark_loads(tmp_path):
    # Notepad starts a file it saves as UTF-8 with one.
    (tmp_path / "notepad.toml").write_bytes("\ufeff".encode() + valid_toml("notepad").encode())
    themes, warnings = load_themes([tmp_path])
    assert warnings == [] and "notepad" in themes


def test_unreadable_encoding_is_a_warning(tmp_path):
    (tmp_path / "latin1.toml").write_bytes(b'name = "caf\xe9"\n')
    themes, warnings = load_themes([tmp_path])
    assert set(themes) == {"felt"}
    assert len(warnings) == 1 and "latin1.toml" in warnings[0]


def test_nothing_loads_gives_builtin_felt(tmp_path):
    themes, warnings = load_themes([tmp_path / "does-not-exist", tmp_path])
    assert warnings == []
    assert list(themes) == ["felt"]
    felt = themes["felt"]
    assert felt.textual.name == "cardarcade-felt"
    assert felt.palette == shipped()[0]["felt"].palette


def test_later_directory_overrides_same_name(tmp_path):
    user = tmp_path / "user"
    user.mkdir()
    write(user, "felt.toml", valid_toml("felt", felt="#224422"))
    themes, warnings = load_themes([SHIPPED, user])
    assert warnings == []
    assert themes["felt"].palette.felt == "#224422"
    assert "high-contrast" in themes


def test_default_directories_include_the_user_folder(tmp_path, monkeypatch):
    user = tmp_path / "cfg" / "themes"
    user.mkdir(parents=True)
    write(user, "mine.toml", valid_toml("mine"))
    monkeypatch.setattr(themes_mod, "_user_dir", lambda: user)
    themes, warnings = load_themes()
    assert warnings == []
    assert "mine" in themes and "four-colour" in themes


def test_duplicate_name_in_one_folder_warns(tmp_path):
    write(tmp_path, "a.toml", valid_toml("same", felt="#224422"))
    write(tmp_path, "b.toml", valid_toml("same", felt="#442222"))
    themes, warnings = load_themes([tmp_path])
    assert themes["same"].palette.felt == "#224422"
    assert len(warnings) == 1 and "b.toml" in warnings[0] and "a.toml" in warnings[0]


def test_short_hex_is_expanded(tmp_path):
    write(tmp_path, "s.toml", valid_toml("s", felt="#0A0"))
    themes, warnings = load_themes([tmp_path])
    assert warnings == []
    assert themes["s"].palette.felt == "#00aa00"


def test_four_colour_file(tmp_path):
    toml = valid_toml(
        "quad",
        red="",
        black="",
        extra_cards='clubs = "#137a2a"\ndiamonds = "#1358c4"\nhearts = "#c8102e"\nspades = "#111111"',
    )
    write(tmp_path, "quad.toml", toml)
    themes, warnings = load_themes([tmp_path])
    assert warnings == []
    suits = themes["quad"].palette.suits
    assert suits == {
        Suit.CLUBS: "#137a2a",
        Suit.DIAMONDS: "#1358c4",
        Suit.HEARTS: "#c8102e",
        Suit.SPADES: "#111111",
    }


def test_ascii_glyphs_flag(tmp_path):
    write(tmp_path, "a.toml", valid_toml("a", extra_top="ascii_glyphs = true"))
    themes, _ = load_themes([tmp_path])
    assert themes["a"].palette.ascii_glyphs is True
    assert themes["felt"].palette.ascii_glyphs is False


# ---------------------------------------------------------------- gamma at load


def test_theme_with_gamma_has_corrected_colours(tmp_path):
    write(
        tmp_path,
        "g.toml",
        valid_toml("g", extra_top="gamma = 2.2", felt="#808080", face="#ffffff", black="#000000"),
    )
    themes, warnings = load_themes([tmp_path])
    assert warnings == []
    theme = themes["g"]
    assert theme.gamma == 2.2
    p = theme.palette
    assert p.felt == "#bababa"  # hand-computed above
    assert p.face == "#ffffff"
    assert p.suits[Suit.SPADES] == "#000000"
    assert p.suits[Suit.HEARTS] == gamma_correct("#c8102e", 2.2) != "#c8102e"
    assert p.highlight == gamma_correct("#ffd54a", 2.2)
    # the Textual colours and variables are corrected too
    assert theme.textual.background == gamma_correct("#0b5d1e", 2.2)
    assert theme.textual.primary == gamma_correct("#e8c872", 2.2)
    assert theme.textual.variables["felt"] == "#bababa"


def test_theme_without_gamma_is_uncorrected(tmp_path):
    write(tmp_path, "n.toml", valid_toml("n", felt="#808080"))
    theme = load_themes([tmp_path])[0]["n"]
    assert theme.gamma is None
    assert theme.palette.felt == "#808080"


def test_shipped_gamma_theme_matches_its_file():
    themes, _ = shipped()
    for path in SHIPPED.glob("*.toml"):
        with path.open("rb") as handle:
            raw = tomllib.load(handle)
        if "gamma" not in raw:
            continue
        theme = themes[raw["name"]]
        assert theme.gamma == raw["gamma"]
        for key in ("felt", "face", "back", "back_pattern", "edge", "ink", "highlight"):
            assert getattr(theme.palette, key) == gamma_correct(raw["cards"][key], raw["gamma"])
        assert theme.textual.background == gamma_correct(raw["colors"]["background"], raw["gamma"])
        assert theme.palette.felt != raw["cards"]["felt"]


# ---------------------------------------------------------------- Textual


def test_register_themes_on_an_app_that_is_not_running():
    app = App()
    themes, _ = shipped()
    register_themes(app, themes)
    available = app.available_themes
    for name in themes:
        assert f"cardarcade-{name}" in available
    assert "cardarcade-felt" in available
    assert MONOCHROME.textual.name in available
    assert available["cardarcade-felt"] is themes["felt"].textual


def test_app_without_registration_lacks_the_themes():
    assert "cardarcade-felt" not in App().available_themes


class TableApp(App):
    CSS = """
    Screen { background: $felt; color: $table-ink; }
    #card { background: $card-face; color: $suit-hearts; border: round $card-edge; }
    #back { background: $card-back; color: $card-back-pattern; }
    #hl { color: $card-highlight; background: $felt; }
    #suits { color: $suit-clubs; background: $card-face; }
    #more { color: $suit-diamonds; background: $card-face; }
    #last { color: $suit-spades; background: $card-face; }
    """

    def __init__(self, themes: dict[str, CardTheme], start: str) -> None:
        super().__init__()
        register_themes(self, themes)
        self.theme = start

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(themes_mod.load_themes([])[0][DEFAULT_THEME].textual.variables)

    def compose(self) -> ComposeResult:
        for id in ("card", "back", "hl", "suits", "more", "last"):
            yield Static("A♥", id=id)


async def test_css_variables_apply_in_a_running_app():
    themes, _ = shipped()
    app = TableApp(themes, "cardarcade-felt")
    async with app.run_test(size=(80, 24)) as pilot:
        felt = themes["felt"].palette
        assert app.screen.styles.background == Color.parse(felt.felt)
        card = app.query_one("#card")
        assert card.styles.background == Color.parse(felt.face)
        assert card.styles.color == Color.parse(felt.suits[Suit.HEARTS])

        app.theme = "cardarcade-four-colour"
        await pilot.pause()
        four = themes["four-colour"].palette
        assert app.screen.styles.background == Color.parse(four.felt)
        assert app.query_one("#suits").styles.color == Color.parse(four.suits[Suit.CLUBS])

        app.theme = MONOCHROME.textual.name
        await pilot.pause()
        assert app.screen.styles.background == Color.parse("#000000")


def test_the_shipped_themes_are_package_data_of_a_regular_install():
    # A wheel holds only the package and the package-data patterns of pyproject.toml: the
    # shipped themes must be found inside the package, and matched by a pattern there.
    import fnmatch
    import tomllib

    import cardarcade
    from cardarcade.themes import _shipped_dir

    package = Path(cardarcade.__file__).parent
    project = tomllib.loads((package.parent / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["cardarcade"]
    shipped = sorted(_shipped_dir().glob("*.toml"))
    assert {p.stem for p in shipped} == {"felt", "four-colour", "high-contrast", "midnight"}
    for path in shipped:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
    assert not _shipped_dir().is_symlink() and not (package.parent / "themes").exists()  # (one place for them)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", "not a theme"),
        (b"a = " + b"7" * 5000 + b"\n", "not a theme"),
        (b"# " + b"x" * (70 * 1024) + b"\n", "not read"),
    ],
)
def test_hostile_theme_files_are_refused_with_a_warning(tmp_path, raw, expected):
    (tmp_path / "evil.toml").write_bytes(raw)
    themes, warnings = load_themes([tmp_path])
    assert set(themes) == {"felt"}
    assert len(warnings) == 1 and expected in warnings[0] and "evil.toml" in warnings[0]


def test_a_folder_of_thousands_of_theme_files_is_read_only_in_part(tmp_path):
    for i in range(200):
        (tmp_path / f"t{i:03}.toml").write_text("broken")
    themes, warnings = load_themes([tmp_path])
    assert set(themes) == {"felt"}
    assert len(warnings) == 65 and "only the first 64" in warnings[0]


def test_an_unreadable_theme_folder_says_so(tmp_path, monkeypatch):
    # (root reads any folder, so the refusal is staged)
    def refuse(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("cardarcade.themes.os.scandir", refuse)
    _, warnings = load_themes([tmp_path])
    assert len(warnings) == 1 and "cannot list themes (Permission denied)" in warnings[0]


@pytest.mark.parametrize("name", ["felt", "high-contrast", "midnight"])
def test_red_suits_stand_apart_from_black_ones_by_brightness_too(name):
    # (two-colour decks: a hue alone is lost on a dim screen or to a colour-blind eye; midnight's
    # red was 1.95 times as bright as its black, hard to tell apart)
    p = shipped()[0][name].palette
    assert contrast(p.suits[Suit.HEARTS], p.suits[Suit.SPADES]) >= 2.5
    assert contrast(p.suits[Suit.DIAMONDS], p.suits[Suit.CLUBS]) >= 2.5
