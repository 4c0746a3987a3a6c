"""Mutated saves of every registered game: each loads exactly or is a BadSave, never anything else.

Saves are taken at several points of seeded random play, then mutated the ways a damaged disk, a
careless hand edit or a hostile client would: keys and list items deleted, duplicated or swapped,
values of the wrong type, huge or negative numbers, deep nesting, cards moved between zones (which
keeps the pack whole, so only the game's own checks can catch it), truncated text and random bytes.
A save that loads must save back to the same text and play on to its end, through its own
legal-move API, without any exception.

A fixed seed and ``CASES`` per game keep the run short; ``CARDARCADE_FUZZ_CASES=20000`` runs many
more by hand (a failure names the game, the case and the mutation, to replay it).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any
from collections.abc import Callable

import pytest

from cardarcade.rules import GAMES, BadSave
from cardarcade.rules.base import Game, GameSpec
from cardarcade.table.simulate import play_randomly

CASES = int(os.environ.get("CARDARCADE_FUZZ_CASES", "120"))
# Far above any game's own turn cap: a loaded game still running after this many actions never ends.
MAX_ACTIONS = 200_000
DEEP = 5_000

Json = Any
Path = tuple


# ---------------------------------------------------------------- saves to mutate


def base_saves(spec: GameSpec, seed: int) -> list[str]:
    """Saves of seeded games at the start, early, mid-game and at the end, at two player counts."""
    saves = []
    for players in sorted({spec.min_players, min(spec.max_players, spec.min_players + 2)}):
        for stop in (0, 5, 40, MAX_ACTIONS):
            game = spec.new(players, seed=seed + players + stop)
            play_randomly(game, random.Random(seed + stop), stop)
            saves.append(game.to_json())
    return saves


# ---------------------------------------------------------------- the tree of a save


def nodes(value: Json, path: Path = ()) -> list[Path]:
    """Every position in a JSON value, the root included."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += nodes(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += nodes(item, path + (i,))
    return out


def get(root: Json, path: Path) -> Json:
    for key in path:
        root = root[key]
    return root


def put(root: Json, path: Path, new: Json) -> Json:
    if not path:
        return new
    get(root, path[:-1])[path[-1]] = new
    return root


def containers(root: Json, kind: type) -> list[Path]:
    return [p for p in nodes(root) if isinstance(get(root, p), kind) and get(root, p)]


def card_leaves(root: Json, codes: set[str]) -> list[Path]:
    return [p for p in nodes(root) if isinstance(get(root, p), str) and get(root, p) in codes and p]


# ---------------------------------------------------------------- mutations
# Each takes the parsed save, the random source and the pack's card codes; it returns the new
# text and a short description, or None when it does not apply to this save.

Mutation = Callable[[Json, random.Random, set[str]], "tuple[str, str] | None"]

ODD_VALUES: list[Json] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    1.0,
    0.5,
    -0.0,
    2**31,
    2**63,
    2**64,
    -(2**64),
    "",
    "1",
    "As",
    "Jk",
    "x",
    [],
    [None],
    [[]],
    {},
    {"a": 1},
    [0, 1],
    [-1],
    ["As", "As"],
]


def _dump(root: Json) -> str:
    return json.dumps(root, separators=(",", ":"))


def delete_item(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    choices = containers(root, dict) + containers(root, list)
    path = rng.choice(choices)
    box = get(root, path)
    key = rng.choice(list(box)) if isinstance(box, dict) else rng.randrange(len(box))
    del box[key]
    return _dump(root), f"delete {path + (key,)}"


def duplicate_item(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    choices = containers(root, list)
    if not choices:
        return None
    path = rng.choice(choices)
    box = get(root, path)
    i = rng.randrange(len(box))
    box.insert(rng.randrange(len(box) + 1), json.loads(json.dumps(box[i])))
    return _dump(root), f"duplicate {path + (i,)}"


def swap_items(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    """Two items of one list, or the values of two keys of one object."""
    choices = [p for p in containers(root, dict) + containers(root, list) if len(get(root, p)) >= 2]
    if not choices:
        return None
    path = rng.choice(choices)
    box = get(root, path)
    a, b = rng.sample(list(box) if isinstance(box, dict) else range(len(box)), 2)
    box[a], box[b] = box[b], box[a]
    return _dump(root), f"swap {path + (a,)} and {path + (b,)}"


def retype(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    path = rng.choice(nodes(root))
    value = rng.choice(ODD_VALUES)
    return _dump(put(root, path, json.loads(json.dumps(value)))), f"set {path} to {value!r}"


def nudge_number(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    """An integer a little or a lot off: the kind of value that passes a type check."""
    paths = [p for p in nodes(root) if type(get(root, p)) is int]
    if not paths:
        return None
    path = rng.choice(paths)
    old = get(root, path)
    players = root["state"].get("players") if isinstance(root.get("state"), dict) else None
    players = players if type(players) is int else 2
    new = rng.choice([old + 1, old - 1, -old - 1, 0, players, players + 1, 2**64, -(2**63), old * 1000 + 7])
    return _dump(put(root, path, new)), f"set {path} from {old} to {new}"


def long_number(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    """A number with thousands of digits, written into the text (json.dumps would refuse it)."""
    path = rng.choice(nodes(root)[1:])
    marker = '"@@LONG@@"'
    text = _dump(put(root, path, "@@LONG@@"))
    digits = rng.choice(["9" * 5000, "-" + "1" * 4301, "1e999999", "1" * 400 + ".5e-99999", "NaN", "-Infinity"])
    return text.replace(marker, digits, 1), f"set {path} to a {len(digits)}-character number"


def nest(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    path = rng.choice(nodes(root))
    marker = '"@@DEEP@@"'
    text = _dump(put(root, path, "@@DEEP@@"))
    depth = rng.choice([50, DEEP, 100_000])
    deep = "[" * depth + "]" * depth if rng.random() < 0.5 else '{"a":' * depth + "1" + "}" * depth
    return text.replace(marker, deep, 1), f"nest {depth} deep at {path}"


def move_card(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    """Move a card into another zone, or swap two cards: the pack stays whole."""
    leaves = card_leaves(root, codes)
    if len(leaves) < 2:
        return None
    a, b = rng.sample(leaves, 2)
    if rng.random() < 0.5:  # swap two cards wherever they are
        ca, cb = get(root, a), get(root, b)
        put(root, a, cb)
        put(root, b, ca)
        return _dump(root), f"swap cards at {a} and {b}"
    # move a card from one list into another list that holds cards (or an empty list)
    if not isinstance(get(root, a[:-1]), list):
        return None
    card = get(root, a[:-1]).pop(a[-1])
    lists = [
        p
        for p in nodes(root)
        if isinstance(get(root, p), list) and all(isinstance(x, str) and x in codes for x in get(root, p))
    ]
    target = rng.choice(lists)
    box = get(root, target)
    box.insert(rng.randrange(len(box) + 1), card)
    return _dump(root), f"move card {card} from {a} to {target}"


def everything_to_one(root: Json, rng: random.Random, codes: set[str]) -> tuple[str, str] | None:
    """All the cards of a list of card lists (the players' stacks, hands...) given to one of them."""
    groups = [
        p
        for p in nodes(root)
        if isinstance(get(root, p), list)
        and len(get(root, p)) >= 2
        and all(isinstance(x, list) and all(isinstance(c, str) and c in codes for c in x) for x in get(root, p))
    ]
    if not groups:
        return None
    path = rng.choice(groups)
    box = get(root, path)
    lucky = rng.randrange(len(box))
    put(root, path, [[c for x in box for c in x] if i == lucky else [] for i in range(len(box))])
    return _dump(root), f"every card of {path} to item {lucky}"


def truncate(text: str, rng: random.Random) -> tuple[str | bytes, str]:
    cut = rng.randrange(len(text))
    return text[:cut], f"truncate at {cut}"


def random_bytes(text: str, rng: random.Random) -> tuple[str | bytes, str]:
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data), "random bytes changed"


TREE_MUTATIONS: list[Mutation] = [
    delete_item,
    duplicate_item,
    swap_items,
    retype,
    nudge_number,
    nudge_number,
    long_number,
    nest,
    move_card,
    move_card,
    move_card,
    everything_to_one,
]
TEXT_MUTATIONS = [truncate, random_bytes]


def mutate(text: str, rng: random.Random, codes: set[str]) -> tuple[str | bytes, str]:
    """One or more mutations of a save (mostly of its state; now and then of its envelope)."""
    if rng.random() < 0.1:
        return rng.choice(TEXT_MUTATIONS)(text, rng)
    steps = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        try:
            root = json.loads(text)
        except (ValueError, RecursionError):  # a long number or deep nesting went in: stop there
            break
        if not isinstance(root, dict) or not isinstance(root.get("state"), dict):
            break
        out = None
        while out is None:
            out = rng.choice(TREE_MUTATIONS)(root, rng, codes)
            if out is None:
                root = json.loads(text)
        text, what = out
        steps.append(what)
    return text, "; ".join(steps)


# ---------------------------------------------------------------- judging a mutated save


def play_on(game: Game, rng: random.Random) -> None:
    """Random legal moves, from the game's own API, until it ends; the pack stays whole."""
    pack = sorted(c.code for c in game.cards())
    for _ in range(MAX_ACTIONS):
        actors = game.actors()
        if not actors:
            assert game.is_over, "nobody may act in a game that is not over"
            return
        seat = rng.choice(actors)
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is an actor without a legal move"
        game.apply(seat, rng.choice(legal))
        assert sorted(c.code for c in game.cards()) == pack, "the cards changed"
    raise AssertionError(f"still running after {MAX_ACTIONS} actions")


def judge(spec: GameSpec, data: str | bytes, rng: random.Random) -> tuple[str | None, bool]:
    """What went wrong (None if the save is refused with BadSave or loads as a working game), and
    whether it loaded."""
    try:
        game = spec.from_json(data)
    except BadSave as exc:
        return ("BadSave without a reason" if not str(exc) else None), False
    except Exception as exc:  # noqa: BLE001 - any other exception is the fault looked for
        return f"from_json raised {type(exc).__name__}: {str(exc)[:200]}", False
    return played_on(spec, game, data, rng), True


def played_on(spec: GameSpec, game: Game, data: str | bytes, rng: random.Random) -> str | None:
    """What went wrong with a loaded save, or None."""
    version = json.loads(data)["version"]
    if type(version) is not int:
        return f"loaded with version {version!r}"
    try:
        text = game.to_json()
        again = spec.from_json(text).to_json()
        if again != text:
            return "a loaded save does not save back to the same text"
        for seat in [*range(game.players), None]:
            game.view(seat).model_dump_json()
        play_on(game, rng)
        game.to_json()
    except Exception as exc:  # noqa: BLE001
        return f"the loaded game failed: {type(exc).__name__}: {str(exc)[:200]}"
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_mutated_save_loads_exactly_or_is_a_bad_save(game_id: str) -> None:
    spec = GAMES[game_id]
    rng = random.Random(f"saves:{game_id}")
    saves = base_saves(spec, seed=9)
    codes = {c.code for save in saves for c in spec.from_json(save).cards()}  # (jokers vary with players)
    failures, loaded = [], 0
    for case in range(CASES):
        data, what = mutate(rng.choice(saves), rng, codes)
        problem, ok = judge(spec, data, random.Random(case))
        if problem is not None:
            failures.append(f"case {case} ({what}): {problem}")
        loaded += ok
    print(f"{game_id}: {CASES} mutated saves, {loaded} loaded and played to the end, {len(failures)} failed")
    assert not failures, f"{len(failures)} of {CASES} mutated {game_id} saves:\n" + "\n".join(failures[:15])
