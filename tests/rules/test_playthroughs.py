"""Every game's behaviour pinned by its golden playthrough (``tests/rules/playthroughs/<id>.txt``).

A change in what an engine does (a rule, an event's sentence, what a view shows) changes its
playthrough, and this test names the first line that differs. If the change is meant, regenerate
the files and review their diff with the change:

    python -m tests.rules.playthroughs --write [ids...]

How a playthrough is played and written: ``tests/rules/playthroughs/__init__.py``.
"""

from __future__ import annotations

import random

import pytest

from cardarcade.rules import GAMES, Outcome
from tests.rules.playthroughs import (
    FULL_STEPS,
    HERE,
    REGENERATE,
    choose,
    first_difference,
    path_of,
    playthrough,
    setup_of,
)

GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_engine_plays_its_playthrough(game_id: str) -> None:
    path = path_of(game_id)
    if not path.exists():
        pytest.fail(f"{game_id} has no playthrough: write it with {REGENERATE} {game_id}")
    difference = first_difference(path.read_text(encoding="utf-8"), playthrough(game_id))
    if difference is not None:
        pytest.fail(
            f"{game_id} no longer plays as {path.name} says: {difference}\n"
            f"Every step and view written out (run before and after the change, and diff): "
            f"python -m tests.rules.playthroughs --show {game_id} --views\n"
            f"If the change is meant: {REGENERATE} {game_id}, and review the diff.",
            pytrace=False,
        )


def test_there_is_a_playthrough_for_each_game_and_no_other() -> None:
    assert sorted(p.stem for p in HERE.glob("*.txt")) == GAME_IDS


def claim_outcomes(game_id: str) -> set[tuple[str, Outcome | None]]:
    """The kinds and outcomes of the events that answered claims in the written-out steps (each
    claim's first event naming its claimant: what came of it)."""
    spec = GAMES[game_id]
    setup = setup_of(game_id)
    game = spec.new(setup.players, seed=setup.seed)
    rng = random.Random(setup.seed)
    kinds: set[tuple[str, Outcome | None]] = set()
    for _ in range(FULL_STEPS):
        if game.is_over:
            break
        seat, action = choose(game, rng)
        events = game.apply(seat, action)
        if action.kind in spec.claim_kinds:
            kinds.add(next((event.kind, event.outcome) for event in events if event.seat == seat))
    return kinds


def missed(answer: tuple[str, Outcome | None]) -> bool:
    return answer[1] in (Outcome.FAULT, Outcome.LATE)


# A word said is never wrong, and a late one needs two people racing for one card: random play
# through the rules alone makes neither.
ONLY_COUNTING_CLAIMS = {"through-the-window"}


@pytest.mark.parametrize("game_id", [game_id for game_id in GAME_IDS if GAMES[game_id].claim_kinds])
def test_a_reaction_games_playthrough_shows_claims_that_count_and_claims_that_miss(game_id: str) -> None:
    """The seeds are chosen for it: a regenerated file must still show both sides of a race."""
    kinds = claim_outcomes(game_id)
    assert any(not missed(kind) for kind in kinds), kinds
    assert any(missed(kind) for kind in kinds) or game_id in ONLY_COUNTING_CLAIMS, kinds


def test_a_difference_is_shown_at_its_first_line_with_the_lines_around_it() -> None:
    old = "".join(f"line {n}\n" for n in range(1, 11))
    new = old.replace("line 6\n", "line six\n").replace("line 9\n", "line nine\n")
    shown = first_difference(old, new)
    assert shown is not None and shown.startswith("first difference at line 6\n")
    assert ">    6 line 6" in shown and ">    6 line six" in shown
    assert "     3 line 3" in shown and "     9 line 9" in shown and "line 2" not in shown
    assert "line 10" not in shown
    assert first_difference(old, old) is None
    shorter = first_difference(old, old + "line 11\n")
    assert shorter is not None and shorter.startswith("first difference at line 11\n")
