"""The repository's saves/: one real save per game, which every later version must still open."""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import pytest

from cardarcade.rules import GAMES
from cardarcade.table.simulate import play_randomly
from cardarcade.store.saves import SaveStore, decode

REPOSITORY = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPOSITORY / "saves").glob("*.json"))
MAKER = REPOSITORY / "tools" / "make_example_saves.py"


def test_every_game_has_an_example_save() -> None:
    """A new game adds its save: python tools/make_example_saves.py."""
    assert sorted(p.stem for p in EXAMPLES) == sorted(GAMES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_save_opens_and_plays_on_to_its_end(path) -> None:
    saved = decode(path.read_bytes())
    assert saved.setup.spec.id == path.stem and not saved.game.is_over
    assert saved.game.s.actions > 0  # saved partway, not at the deal
    play_randomly(saved.game, random.Random(path.stem))
    assert saved.game.is_over


def test_the_examples_are_listed_as_resumable() -> None:
    entries = SaveStore(REPOSITORY / "saves").entries()
    assert [e.problem for e in entries] == [None] * len(GAMES)
    assert all(e.players and e.summary for e in entries)


def test_the_tool_that_makes_them_keeps_them_and_adds_a_new_games(tmp_path, capsys) -> None:
    """The documented command (not shipped in the package: it writes into the source tree) keeps
    every save there is, and writes one where a game has none."""
    main = runpy.run_path(str(MAKER))["main"]
    for path in EXAMPLES:
        if path.stem != "chicago":
            (tmp_path / path.name).write_bytes(path.read_bytes())
    assert main([str(tmp_path)]) == 0
    assert [p.read_bytes() for p in sorted(tmp_path.glob("*.json")) if p.stem != "chicago"] == [
        p.read_bytes() for p in EXAMPLES if p.stem != "chicago"
    ]
    made = decode((tmp_path / "chicago.json").read_bytes())
    assert made.setup.spec.id == "chicago" and not made.game.is_over
