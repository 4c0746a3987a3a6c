"""Golden playthroughs: one file per game (``<id>.txt`` beside this module) that pins what its
engine does, move by move, from one seed, in the spirit of OpenSpiel's playthrough files.

A playthrough is played through the rules contract alone (no table, no clock, no bots, so a
bot's change never shows here): a seeded chooser takes a seat among ``actors()`` and an action
among its ``legal_actions``, as the invariant tests do. Claims (slaps, calls, plays in the speed
family) are among the legal actions, aimed at the newest stimulus; now and then the chooser aims
one at the stimulus before (a press the table timestamped just before another card landed), so
the file pins late claims too. Each step records the acting seat and action, every event's kind
and the sentence a player reads, and a digest of each seat's view and the spectator's after it.
Long games are written in full for their first ``FULL_STEPS`` steps; the rest is finished by the
same chooser and pinned by one digest of the lines it would have written. A digest is SHA-256 of
the view's JSON, never ``hash()``: the files hold in any process, whatever its hash seed.

Regenerate after a deliberate change of behaviour, and review the diff:

    python -m tests.rules.playthroughs --write [ids...]

``--show ID`` prints a whole game, every step written out, to see where a tail digest differs;
``--show ID --views`` adds every view's JSON under its digest: run it before and after a change
and diff the two to see what a player's view gained or lost.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cardarcade.rules import GAMES, Action
from cardarcade.rules.base import Game, GameSpec

HERE = Path(__file__).parent
REGENERATE = "python -m tests.rules.playthroughs --write"
FULL_STEPS = 70  # steps written out in full; a file stays a few hundred lines
LATE_CLAIMS = 0.25  # share of claims aimed at the stimulus before the newest
DIGEST_CHARS = 8


@dataclass(frozen=True)
class Setup:
    players: int | None = None  # None: the game's default table
    seed: int = 1


# Seeds chosen so that each reaction game's written-out steps hold a claim that counts and one
# that misses (wrong or late: Speed's and California Speed's plays are never wrong, only late),
# and the games random play ends fast (a knock, a wrong cash) run longer than most seeds make
# them. Spoons needs a deal where random grabs meet four of a kind: one seed in about a thousand.
SETUPS: dict[str, Setup] = {
    "aggravation": Setup(seed=24),
    "animals": Setup(seed=2),
    "bura": Setup(seed=26),
    "cash": Setup(seed=5),
    "egyptian-ratscrew": Setup(seed=42),
    "knock-poker": Setup(seed=28),
    "schnapsen": Setup(seed=11),
    "snap": Setup(seed=5),
    "spoons": Setup(seed=1482),
}


def setup_of(game_id: str) -> Setup:
    return SETUPS.get(game_id, Setup())


def path_of(game_id: str) -> Path:
    return HERE / f"{game_id}.txt"


def digest(text: str) -> str:
    """A short digest that is the same in every process (``hash()`` is salted per process)."""
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_CHARS]


def names(players: int) -> list[str]:
    return [f"P{seat}" for seat in range(players)]


def one_line(text: str) -> str:
    return " / ".join(text.splitlines())


def choose(game: Game, rng: random.Random) -> tuple[int, Action]:
    """A seat that may act, and one of its legal actions; a claim is sometimes aimed late."""
    seat = rng.choice(game.actors())
    action = rng.choice(game.legal_actions(seat))
    if action.kind in game.spec.claim_kinds and type(action.value) is int and rng.random() < LATE_CLAIMS:
        late = Action(action.kind, action.cards, action.target, action.value - 1)
        if game.is_legal(seat, late):
            return seat, late
    return seat, action


def action_text(action: Action) -> str:
    """The action's fields as they are ('play 7♣ target 1 value 3'), whatever ``Action.__str__``
    shows a person."""
    parts = [action.kind, *map(str, action.cards)]
    parts += [] if action.target is None else [f"target {action.target}"]
    parts += [] if action.value is None else [f"value {action.value!r}"]
    return " ".join(parts)


def views_lines(game: Game, who: list[str], whole: bool = False) -> list[str]:
    """The digest of each player's view and the spectator's; ``whole``: each view's JSON below."""
    views = [(who[seat], game.view(seat).model_dump_json()) for seat in range(game.players)]
    views.append(("sp", game.view(None).model_dump_json()))
    lines = ["views: " + "  ".join(f"{name} {digest(text)}" for name, text in views)]
    return lines + ([f"    {name} {text}" for name, text in views] if whole else [])


def steps(game: Game, rng: random.Random, whole_views: bool = False) -> Iterator[list[str]]:
    """Play ``game`` to its end; each step's lines: the move, its events, the views after it."""
    who = names(game.players)
    number = 0
    while not game.is_over:
        number += 1
        seat, action = choose(game, rng)
        events = game.apply(seat, action)
        lines = [f"{number} {who[seat]} {action_text(action)}"]
        lines += [f"  {event.kind}: {one_line(event.describe(who))}" for event in events]
        lines += ["  " + line for line in views_lines(game, who, whole_views)]
        yield lines


def header(spec: GameSpec, game: Game, setup: Setup, whole_views: bool) -> list[str]:
    return [
        f"# Golden playthrough of {spec.title}: what the engine does from one seed, step by step.",
        f"# Regenerate after a deliberate change (and review the diff): {REGENERATE} {spec.id}",
        "# A step: its number, the player, the action; each event as 'kind: what a player reads';",
        "# then a digest of the view of each player and of a spectator (sp) after it.",
        f"game: {spec.id}",
        f"players: {game.players}",
        f"seed: {setup.seed}",
        f"chooser: random.Random({setup.seed}), late claims {LATE_CLAIMS}",
        f"options: {game.options.model_dump_json()}",
    ] + ["start " + line for line in views_lines(game, names(game.players), whole_views)]


def footer(game: Game) -> list[str]:
    result = game.result
    assert result is not None
    return [f"result: {result.model_dump_json()}", f"result text: {one_line(result.describe(names(game.players)))}"]


def playthrough(game_id: str, full: int | None = FULL_STEPS, whole_views: bool = False) -> str:
    """The playthrough of ``game_id`` as its file holds it (``full=None``: every step written out;
    ``whole_views``: every view's JSON under its digest, to compare where a digest differs)."""
    spec = GAMES[game_id]
    setup = setup_of(game_id)
    game = spec.new(setup.players, seed=setup.seed)
    lines = header(spec, game, setup, whole_views)
    tail = hashlib.sha256()
    first_hidden = count = 0
    for count, step_lines in enumerate(steps(game, random.Random(setup.seed), whole_views), start=1):
        if full is None or count <= full:
            lines += step_lines
        else:
            first_hidden = first_hidden or count
            tail.update("\n".join(step_lines).encode() + b"\n")
    if first_hidden:
        lines.append(
            f"steps {first_hidden}-{count} (the same chooser to the end; --show {game_id} writes them "
            f"out): digest {tail.hexdigest()[:DIGEST_CHARS]}"
        )
    lines += footer(game)
    return "\n".join(lines) + "\n"


def first_difference(expected: str, actual: str, context: int = 3) -> str | None:
    """None if the texts are equal; else where they first differ, with a few lines around it."""
    old, new = expected.splitlines(), actual.splitlines()
    at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    if old == new:
        return None
    start = max(0, at - context)

    def excerpt(lines: list[str]) -> str:
        shown = lines[start : at + context + 1]
        return "\n".join(f"{'>' if start + i == at else ' '} {start + i + 1:4} {line}" for i, line in enumerate(shown))

    return (
        f"first difference at line {at + 1}\n--- the file holds:\n{excerpt(old)}\n"
        f"--- the engine now gives:\n{excerpt(new)}"
    )
