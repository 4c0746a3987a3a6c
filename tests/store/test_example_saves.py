"""The repository's saves/: one real save per game, which every later version must still open."""

from __future__ import annotations

import random

import pytest

from cardarcade.rules import GAMES
from cardarcade.store.make_examples import REPO_SAVES
from cardarcade.table.simulate import play_randomly
from cardarcade.store.saves import SaveStore, decode

EXAMPLES = sorted(REPO_SAVES.glob("*.json"))


def test_every_game_has_an_example_save() -> None:
    """A new game adds its save: python -m cardarcade.store.make_examples."""
    assert sorted(p.stem for p in EXAMPLES) == sorted(GAMES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_save_opens_and_plays_on_to_its_end(path) -> None:
    saved = decode(path.read_bytes())
    assert saved.setup.spec.id == path.stem and not saved.game.is_over
    assert saved.game.s.actions > 0  # saved partway, not at the deal
    play_randomly(saved.game, random.Random(path.stem))
    assert saved.game.is_over


def test_the_examples_are_listed_as_resumable() -> None:
    entries = SaveStore(REPO_SAVES).entries()
    assert [e.problem for e in entries] == [None] * len(GAMES)
    assert all(e.players and e.summary for e in entries)
