"""The README's table of games and house rules says what the option models say: every game, its
players, every option by its name, and the choices of an option with a fixed set of them."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from cardarcade.rules import GAMES

README = Path(__file__).resolve().parents[1] / "README.md"
ROW = re.compile(r"^\| `(?P<id>[a-z-]+)` \| (?P<title>[^|]+) \| (?P<players>[0-9-]+) \| (?P<options>.*) \|$")
OPTION = re.compile(r"`(?P<name>\w+)`(?:-`(?P<last>\w+)`)?(?: \((?P<values>[^)]*)\))?")


def table_rows(text: str) -> dict[str, re.Match]:
    return {row["id"]: row for line in text.splitlines() if (row := ROW.match(line))}


def named_options(cell: str) -> dict[str, str | None]:
    """Option name -> its choices as written (None if none are): ``gesture1``-``gesture4``
    names four options."""
    options: dict[str, str | None] = {}
    for match in OPTION.finditer(cell):
        first, last = match["name"], match["last"] or match["name"]
        stem = first.rstrip("0123456789")
        numbers = range(int(first[len(stem) :] or 0), int(last[len(stem) :] or 0) + 1) if last != first else [None]
        for number in numbers:
            options[first if number is None else f"{stem}{number}"] = match["values"]
    return options


def written_choices(values: str) -> set[str] | None:
    """The choices as written, or None where they are abridged ("A, K, ..., 2") or a range
    ("1-5", "0-4")."""
    choices = set()
    for value in (v.strip() for v in values.split(",")):
        if value == "..." or re.fullmatch(r"\d+-\d+", value):
            return None
        choices.add(value.split(" = ")[0])  # ("0 = by players")
    return choices


def model_choices(annotation: object) -> set[str] | None:
    if annotation is bool:
        return {"true/false"}
    if typing.get_origin(annotation) is typing.Literal:
        return {str(value) for value in typing.get_args(annotation)}
    return None


def mismatches(text: str) -> list[str]:
    rows, found = table_rows(text), []
    if list(rows) != list(GAMES):
        found.append(f"games {list(rows)} are not the registry's {list(GAMES)}")
    for game_id, row in rows.items():
        spec = GAMES.get(game_id)
        if spec is None:
            continue
        players = (
            str(spec.min_players) if spec.min_players == spec.max_players else f"{spec.min_players}-{spec.max_players}"
        )
        if row["players"] != players:
            found.append(f"{game_id}: players {row['players']}, the game says {players}")
        if row["title"].split(" (")[0] != spec.title.split(" (")[0]:
            found.append(f"{game_id}: named {row['title']!r}, the game is {spec.title!r}")
        written, fields = named_options(row["options"]), spec.Options.model_fields
        if set(written) != set(fields):
            found.append(f"{game_id}: options {sorted(written)}, the model has {sorted(fields)}")
        for name, values in written.items():
            choices = written_choices(values) if values and name in fields else None
            expected = model_choices(fields[name].annotation) if choices is not None else None
            if expected is not None and choices != expected:
                found.append(f"{game_id}: {name} ({values}), the model has {sorted(expected)}")
    return found


def test_the_readme_table_matches_the_option_models():
    assert mismatches(README.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("`max_rounds` |", "|"),  # an option left out
        ("(standard, one_down, three_down, by_rank)", "(standard, one_down)"),  # a choice left out
        ("| `snap` | Snap | 2-6 |", "| `snap` | Snap | 2-5 |"),  # the players
    ],
)
def test_a_table_out_of_date_is_caught(before, after):
    text = README.read_text(encoding="utf-8")
    assert before in text
    assert mismatches(text.replace(before, after, 1))
