"""Broken theme files: the shipped themes mutated the ways a careless edit or a hostile file
would (lines dropped, swapped or duplicated, values of the wrong type, Rich markup and control
characters in every string, huge numbers, deep nesting, truncation, random bytes).

The loader must never raise: each file loads or is skipped with one warning line naming it, and
the default theme is always there. Then an arcade started with the broken folder must come up,
show its warnings as plain text (never as markup) and cycle through every theme that loaded.

``CASES`` files per shipped theme keep the suite quick; ``CARDARCADE_FUZZ_CASES=5000`` runs more.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from cardarcade.themes import DEFAULT_THEME, load_themes
from cardarcade.ui.app import ArcadeApp

SHIPPED = sorted((Path(__file__).parents[2] / "cardarcade" / "theme_files").glob("*.toml"))
CASES = int(os.environ.get("CARDARCADE_FUZZ_CASES", "150"))
NASTY_STRINGS = [
    '"[/]"',
    '"[bold]x"',
    '"[link=x]y[/link]"',
    '"\\u001b[31m"',
    '"\\u0000"',
    '"' + "x" * 5000 + '"',
    '"#fff"',
    '"#12345g"',
    '"red"',
    '""',
    '"\\ud7ff"',
    '"[red]"',
    '"$primary"',
    '"ç"',
]
NASTY_VALUES = [
    *NASTY_STRINGS,
    "0",
    "-1",
    "1e308",
    "inf",
    "nan",
    "true",
    "[]",
    "{}",
    "[[[[1]]]]",
    "9" * 5000,
    "9" * 4000,
    "[" * 3000 + "]" * 3000,
    "2.2",
    '"2.2"',
    "{ a = 1 }",
]


def mutate(text: str, rng: random.Random) -> bytes:
    lines = text.splitlines()
    kind = rng.randrange(7)
    if kind == 0 and lines:  # a value replaced
        i = rng.randrange(len(lines))
        if "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {rng.choice(NASTY_VALUES)}"
    elif kind == 1 and lines:  # a line dropped
        del lines[rng.randrange(len(lines))]
    elif kind == 2 and lines:  # a line duplicated somewhere else
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
    elif kind == 3 and len(lines) > 1:  # two lines swapped
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 4:  # a new key, known or not
        lines.insert(
            rng.randrange(len(lines) + 1),
            f"{rng.choice(['name', 'title', 'gamma', 'dark', 'x', 'red'])} = {rng.choice(NASTY_VALUES)}",
        )
    raw = "\n".join(lines).encode()
    if kind == 5:  # cut short
        raw = raw[: rng.randrange(len(raw) + 1)]
    elif kind == 6 and raw:  # bytes flipped
        raw = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        raw = bytes(raw)
    return raw


@pytest.mark.parametrize("shipped", SHIPPED, ids=lambda p: p.stem)
def test_a_broken_theme_file_loads_or_is_skipped_with_one_plain_line(shipped: Path, tmp_path: Path):
    rng = random.Random(shipped.stem)
    for case in range(CASES):
        raw = shipped.read_bytes()
        for _ in range(rng.randint(1, 3)):  # a few mutations on top of each other
            raw = mutate(raw.decode(errors="replace"), rng)
        path = tmp_path / "broken.toml"
        path.write_bytes(raw)
        themes, warnings = load_themes([tmp_path])
        assert DEFAULT_THEME in themes, case
        assert len(warnings) <= 1, (case, warnings)
        for warning in warnings:
            assert isinstance(warning, str) and "\n" not in warning and str(path) in warning, (case, warning)


async def test_an_arcade_with_a_folder_of_broken_themes_starts_and_cycles_through_them(tmp_path: Path):
    rng = random.Random(7)
    for i in range(40):
        shipped = rng.choice(SHIPPED)
        raw = mutate(shipped.read_text(), rng)
        if i % 4 == 0:  # markup where a title or colour is shown back to the player
            raw = raw.replace(b'title = "', b'title = "[/]').replace(b'red = "', b'red = "[bold]')
        (tmp_path / f"t{i}.toml").write_bytes(
            raw.replace(f'name = "{shipped.stem}"'.encode(), f'name = "t{i}"'.encode())
        )
    app = ArcadeApp(theme_dirs=[tmp_path])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        for _ in range(len(app.looks.order) + 1):
            await pilot.press("t")
        assert app.is_running
