"""The invariants every registered game keeps (DESIGN.md, "The rules contract").

Runs over every game in ``cardarcade.rules.GAMES`` and over each game's player counts from its
minimum to at most three more, and its maximum (where a second pack or a crowded table changes the
deal), so a new game is checked just by being registered.

Random play: a random seat among ``actors()``, a random action from ``legal_actions(seat)``.
Only enumerated actions count as legal here (some games' ``is_legal`` accepts more, e.g. a
Slapjack slap aimed at an earlier card); illegal actions are built so no game may accept them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from cardarcade.rules import GAMES, Action, BadSave, BadSetup, Event, IllegalAction, Result
from cardarcade.rules.base import Game, GameSpec

# Steps checked in full per playout; the termination test plays on to the end regardless.
CHECKED_STEPS = 200
# Far above any game's own turn cap: a game still running after this many actions never ends.
MAX_ACTIONS = 200_000


def player_counts(spec: GameSpec) -> list[int]:
    """The smallest tables, and the largest: a second pack or a crowded deal comes only near the top."""
    return sorted({*range(spec.min_players, min(spec.max_players, spec.min_players + 3) + 1), spec.max_players})


CASES = [(game_id, players) for game_id in sorted(GAMES) for players in player_counts(GAMES[game_id])]
CASE_IDS = [f"{game_id}-{players}p" for game_id, players in CASES]
GAME_IDS = sorted(GAMES)

SEEDS = st.integers(0, 2**31 - 1)
# Examples per case shrink as games are registered, so the whole file keeps to a fixed budget
# (about a minute on two cores); each case still gets a floor of examples (three: with 117 cases,
# five took two minutes of the suite). Hypothesis draws new seeds every run, so the runs together
# cover far more than one run does.
EXAMPLES = max(3, min(40, 240 // len(CASES)))
PLAYOUTS = max(3, min(10, 60 // len(CASES)))
PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

BOGUS = Action("no-such-move")


# ---------------------------------------------------------------- helpers


def multiset(game: Game) -> list[str]:
    return sorted(c.code for c in game.cards())


def choose(game: Game, rng: random.Random) -> tuple[int, Action]:
    seat = rng.choice(game.actors())
    return seat, rng.choice(game.legal_actions(seat))


def step(game: Game, rng: random.Random) -> tuple[int, Action, list[Event]]:
    seat, action = choose(game, rng)
    events = game.apply(seat, action)
    assert isinstance(events, list) and all(isinstance(e, Event) for e in events), events
    return seat, action, events


def check_actors(game: Game) -> None:
    """actors() is empty exactly when the game is over; actors are exactly the seats with a legal action."""
    actors = game.actors()
    n = game.players
    assert len(set(actors)) == len(actors) and all(0 <= a < n for a in actors), actors
    assert (not actors) == game.is_over, (actors, game.is_over)
    for seat in range(n):
        legal = game.legal_actions(seat)
        assert isinstance(legal, list) and all(isinstance(a, Action) for a in legal)
        assert bool(legal) == (seat in actors), (seat, actors, legal)
        for action in legal:
            assert game.is_legal(seat, action), (seat, action)
        # A seat that is out takes no further part (its person may let the bots finish fast).
        assert not (game.is_out(seat) and seat in actors), (seat, actors)
    if game.is_over:
        check_result(game.result, n)
    else:
        assert game.result is None


def check_result(result: Result | None, players: int) -> None:
    assert isinstance(result, Result)
    assert len(set(result.winners)) == len(result.winners)
    assert all(0 <= w < players for w in result.winners), result
    assert all(0 <= r < players for r in result.ranking) and len(set(result.ranking)) == len(result.ranking)
    assert result.scores is None or len(result.scores) == players


def check_views(game: Game) -> None:
    for seat in [*range(game.players), None]:
        view = game.view(seat)
        assert isinstance(view, BaseModel), type(view)
        text = view.model_dump_json()
        assert isinstance(json.loads(text), dict)


def illegal_moves(game: Game) -> list[tuple[int, Action]]:
    """Moves no game may accept now, built from the enumerated legal actions."""
    n = game.players
    legal = {seat: game.legal_actions(seat) for seat in range(n)}
    every = list(dict.fromkeys(a for acts in legal.values() for a in acts)) or [Action("flip")]
    # (sets: a list looked through for each of every seat's moves was 40% of this file's time)
    legal_sets = {seat: set(acts) for seat, acts in legal.items()}
    moves: list[tuple[int, Action]] = []
    actors = set(game.actors())
    for seat in range(n):
        if game.is_over or seat not in actors:
            moves += [(seat, a) for a in every]
        else:
            moves += [(seat, a) for a in every if a not in legal_sets[seat]]
        moves.append((seat, BOGUS))
    for seat in (-1, n, n + 7):
        moves += [(seat, a) for a in every] + [(seat, BOGUS)]
    return moves


def check_illegal(game: Game, rng: random.Random | None = None, limit: int = 12) -> None:
    moves = illegal_moves(game)
    if rng is not None and len(moves) > limit:
        moves = rng.sample(moves, limit)
    before = game.to_json()
    for seat, action in moves:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
        assert game.to_json() == before, f"illegal {action} by seat {seat} changed the game"
    assert issubclass(IllegalAction, ValueError)


def check_round_trip(spec: GameSpec, game: Game) -> Game:
    text = game.to_json()
    copy = spec.from_json(text)
    assert type(copy) is type(game)
    assert copy.to_json() == text
    return copy


def play_to_end(game: Game, rng: random.Random) -> int:
    """Random play until the game ends; the card multiset is checked after every action."""
    initial = multiset(game)
    for count in range(MAX_ACTIONS):
        if game.is_over:
            return count
        step(game, rng)
        assert multiset(game) == initial, f"cards changed at action {count + 1}"
    raise AssertionError(f"{game.spec.id} did not end within {MAX_ACTIONS} actions")


# ---------------------------------------------------------------- properties under random play


def per_case(examples: int) -> Callable[[Callable[..., None]], Callable[[str, int], None]]:
    """``body(game_id, players, seed, data)`` as a property test per case: ``examples`` runs, and
    half as many at a largest table above the small ones (checking thirteen seats at every step
    is slow, and what is new there is the deal, which a few runs see)."""

    def decorate(body: Callable[..., None]) -> Callable[[str, int], None]:
        @pytest.mark.parametrize("game_id, players", CASES, ids=CASE_IDS)
        def test(game_id: str, players: int) -> None:
            large = players > GAMES[game_id].min_players + 3  # (only a game's maximum is)
            runs = max(2, examples // 2) if large else examples

            @settings(PROPERTY, max_examples=runs)
            @given(seed=SEEDS, data=st.data())
            def run(seed: int, data: st.DataObject) -> None:
                body(game_id, players, seed, data)

            run()

        test.__name__, test.__doc__ = body.__name__, body.__doc__
        return test

    return decorate


@per_case(EXAMPLES)
def test_random_play_keeps_the_invariants(game_id: str, players: int, seed: int, data: st.DataObject) -> None:
    """Cards conserved after every action; actors/legal/result consistent; illegal actions change nothing."""
    spec = GAMES[game_id]
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="choices"))
    game = spec.new(players, seed=seed)
    assert game.players == players and game.spec is spec
    initial = multiset(game)
    assert initial, "a game without cards"
    check_actors(game)
    check_illegal(game, rng)
    check_views(game)
    out: set[int] = set()
    for _ in range(CHECKED_STEPS):
        if game.is_over:
            break
        step(game, rng)
        assert multiset(game) == initial
        check_actors(game)
        if not game.is_over:  # once out, out for good
            now_out = {seat for seat in range(players) if game.is_out(seat)}
            assert out <= now_out, (out, now_out)
            out = now_out
        if rng.random() < 0.1:
            check_illegal(game, rng)
        if rng.random() < 0.1:
            check_views(game)
    if game.is_over:
        check_illegal(game)
        check_views(game)


@per_case(EXAMPLES)
def test_save_load_round_trip_and_continue(game_id: str, players: int, seed: int, data: st.DataObject) -> None:
    """to_json round-trips at any point, and a loaded copy continues exactly like the original."""
    spec = GAMES[game_id]
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="choices"))
    stop = data.draw(st.integers(0, CHECKED_STEPS), label="save after")
    game = spec.new(players, seed=seed)
    for _ in range(stop):
        if game.is_over:
            break
        if rng.random() < 0.05:
            check_round_trip(spec, game)
        step(game, rng)
    copy = check_round_trip(spec, game)
    assert multiset(copy) == multiset(game)
    clone = game.clone()
    assert clone.to_json() == game.to_json()
    if not clone.is_over:  # a clone is independent of its original
        text = game.to_json()
        step(clone, random.Random(1))
        assert game.to_json() == text
    assert copy.actors() == game.actors() and copy.is_over == game.is_over
    for seat in range(players):
        assert copy.legal_actions(seat) == game.legal_actions(seat)
        assert copy.view(seat) == game.view(seat)
    for _ in range(60):
        if game.is_over:
            break
        seat, action = choose(game, rng)
        assert copy.apply(seat, action) == game.apply(seat, action)
        assert copy.to_json() == game.to_json()
    assert copy.result == game.result


@per_case(EXAMPLES)
def test_same_seed_and_choices_give_the_same_game(game_id: str, players: int, seed: int, data: st.DataObject) -> None:
    spec = GAMES[game_id]
    choices = data.draw(st.integers(0, 2**32 - 1), label="choices")

    def run() -> tuple[list[str], list[list[Event]]]:
        rng = random.Random(choices)
        game = spec.new(players, seed=seed)
        texts, events = [game.to_json()], []
        for _ in range(CHECKED_STEPS):
            if game.is_over:
                break
            events.append(step(game, rng)[2])
            texts.append(game.to_json())
        return texts, events

    first, second = run(), run()
    assert first[0] == second[0]
    assert first[1] == second[1]


@per_case(PLAYOUTS)
def test_random_play_ends(game_id: str, players: int, seed: int, data: st.DataObject) -> None:
    """Every game ends (turn caps) with a sensible result, after which nothing is legal."""
    spec = GAMES[game_id]
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="choices"))
    game = spec.new(players, seed=seed)
    initial = multiset(game)
    play_to_end(game, rng)
    assert game.is_over and game.actors() == []
    check_actors(game)
    assert multiset(game) == initial
    check_illegal(game)
    check_views(game)
    copy = check_round_trip(spec, game)
    assert copy.is_over and copy.result == game.result and copy.actors() == []


# ---------------------------------------------------------------- determinism across processes

_REPLAY = """
import hashlib, json, random, sys
from cardarcade.rules import GAMES
steps = int(sys.argv[1])
digests = {}
for game_id, players in json.loads(sys.argv[2]):
    game = GAMES[game_id].new(players, seed=12345)
    rng = random.Random(12345)
    digest = hashlib.sha256(game.to_json().encode())
    for _ in range(steps):
        if game.is_over:
            break
        seat = rng.choice(game.actors())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        digest.update(game.to_json().encode())
    digests[game_id] = digest.hexdigest()
print(json.dumps(digests))
"""
REPLAY_STEPS = 400


def _replay_digest(game_id: str, players: int, seed: int, steps: int) -> str:
    game = GAMES[game_id].new(players, seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256(game.to_json().encode())
    for _ in range(steps):
        if game.is_over:
            break
        step(game, rng)
        digest.update(game.to_json().encode())
    return digest.hexdigest()


@functools.cache
def _digests_in_another_process(hash_seed: str) -> dict[str, str]:
    """Every game replayed in one fresh interpreter with this hash seed (one start-up for all games)."""
    games = [(game_id, GAMES[game_id].min_players) for game_id in GAME_IDS]
    out = subprocess.run(
        [sys.executable, "-c", _REPLAY, str(REPLAY_STEPS), json.dumps(games)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        timeout=300,
        check=True,
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_game_in_another_process(game_id: str) -> None:
    """Determinism does not hang on Python's per-process hash seed (set or dict-of-card order)."""
    expected = _replay_digest(game_id, GAMES[game_id].min_players, 12345, REPLAY_STEPS)
    for hash_seed in ("1", "2"):
        assert _digests_in_another_process(hash_seed)[game_id] == expected


# ---------------------------------------------------------------- setup and saves (per game)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_spec_is_complete(game_id: str) -> None:
    spec = GAMES[game_id]
    assert spec.id == game_id and spec.game.spec is spec
    assert spec.title and spec.summary and spec.rules and spec.family
    assert 1 <= spec.min_players <= spec.default_players <= spec.max_players
    options = spec.Options()  # the defaults are the seed text's rules
    assert isinstance(options.describe(), list)
    game = spec.new(seed=3)
    assert game.players == spec.default_players
    assert spec.new(seed=3).to_json() == game.to_json()
    assert spec.new(seed=3, options=options).to_json() == game.to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_rejects_bad_player_counts(game_id: str) -> None:
    spec = GAMES[game_id]
    for players in {0, spec.min_players - 1, spec.max_players + 1, spec.max_players + 10}:
        if players < 0:
            continue
        with pytest.raises(BadSetup):
            spec.new(players, seed=1)
    for players in (spec.min_players, spec.max_players):
        assert spec.new(players, seed=1).players == players


def test_spoons_seats_twelve_on_two_packs_and_refuses_a_thirteenth():
    spec = GAMES["spoons"]
    game = spec.new(12, seed=1)
    assert game.players == 12 and len(game.cards()) == 104 and game.view(None).spoons == 11
    with pytest.raises(BadSetup, match="Spoons takes 3-12 players, not 13"):
        spec.new(13, seed=1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_rejects_unknown_options(game_id: str) -> None:
    with pytest.raises(BadSetup):
        GAMES[game_id].new(seed=1, options={"no_such_house_rule": 1})


def _sample_save(spec: GameSpec) -> str:
    game = spec.new(seed=11)
    rng = random.Random(11)
    for _ in range(15):
        if game.is_over:
            break
        step(game, rng)
    return game.to_json()


def _other_game_id(game_id: str) -> str:
    others = [g for g in GAME_IDS if g != game_id]
    return others[0] if others else "no-such-game"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_from_json_rejects_garbage(game_id: str) -> None:
    spec = GAMES[game_id]
    good = _sample_save(spec)
    assert spec.from_json(good).to_json() == good
    assert spec.from_json(good.encode()).to_json() == good
    envelope = json.loads(good)
    garbage: list[Any] = [
        "not json",
        "",
        "{}",
        "[]",
        "null",
        "42",
        '"text"',
        '{"format": 1}',
        b"\xff\xfe\x00",
        json.dumps({**envelope, "game": _other_game_id(game_id)}),
        json.dumps({**envelope, "game": "no-such-game"}),
        json.dumps({**envelope, "version": 999}),
        json.dumps({**envelope, "format": "something-else"}),
        json.dumps({k: v for k, v in envelope.items() if k != "state"}),
        json.dumps({**envelope, "state": "x"}),
        json.dumps({**envelope, "state": []}),
        json.dumps({**envelope, "state": {}}),
        json.dumps({**envelope, "state": {**envelope["state"], "no_such_field": 1}}),
        json.dumps({**envelope, "state": {**envelope["state"], "players": 99}}),
        json.dumps({**envelope, "state": {**envelope["state"], "players": "two"}}),
    ]
    # a save of another registered game, read as this one
    for other in GAME_IDS:
        if other != game_id:
            garbage.append(_sample_save(GAMES[other]))
    # truncated saves
    garbage += [good[:cut] for cut in range(0, len(good) - 1, max(1, len(good) // 200))]
    garbage.append(good[:-1])
    for text in garbage:
        with pytest.raises(BadSave):
            spec.from_json(text)
    assert issubclass(BadSave, ValueError)


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, path + (k,))] or [path]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _leaves(v, path + (i,))] or [path]
    return [path]


def _set(root: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    parent = root
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return root


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_holding_a_card_twice_is_refused(game_id: str) -> None:
    """Every card of the pack must be in play exactly once: a save where one card has become a
    copy of another (a duplicated ace, a lost two) is a BadSave, whichever zone holds it."""
    spec = GAMES[game_id]
    game = spec.new(seed=5)
    envelope = json.loads(game.to_json())
    codes = {c.code for c in game.cards()}
    in_zones = [
        path
        for path in _leaves(envelope["state"])
        if isinstance(_get(envelope["state"], path), str) and _get(envelope["state"], path) in codes
    ]
    assert in_zones, "no card found in the saved state"
    path = in_zones[0]
    other = next(c for c in sorted(codes) if c != _get(envelope["state"], path))
    tampered = {**envelope, "state": _set(envelope["state"], path, other)}
    with pytest.raises(BadSave):
        spec.from_json(json.dumps(tampered))


def _get(root: Any, path: tuple) -> Any:
    for key in path:
        root = root[key]
    return root


JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 200),
    st.sampled_from(["", "As", "Jk", "10h", "x", "flip"]),
    st.lists(st.integers(-1, 9), max_size=3),
    st.just({}),
    st.just([[]]),
)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=EXAMPLES * 2, deadline=None)
@given(data=st.data())
def test_from_json_of_a_tampered_save_is_bad_save_or_a_working_game(game_id: str, data: st.DataObject) -> None:
    """A save with one value changed either loads as a working game or fails with BadSave, never otherwise."""
    spec = GAMES[game_id]
    players = data.draw(st.sampled_from(player_counts(spec)), label="players")
    game = spec.new(players, seed=data.draw(SEEDS, label="seed"))
    rng = random.Random(0)
    for _ in range(data.draw(st.sampled_from([0, 3, 20, 100, MAX_ACTIONS]), label="steps before saving")):
        if game.is_over:
            break
        step(game, rng)
    envelope = json.loads(game.to_json())
    leaves = _leaves(envelope["state"])
    path = data.draw(st.sampled_from(leaves), label="path")
    value = data.draw(JSON_VALUES, label="value")
    tampered = {**envelope, "state": _set(envelope["state"], path, value)}
    try:
        game = spec.from_json(json.dumps(tampered))
    except BadSave:
        return
    # it loaded: then it must behave like any game
    check_round_trip(spec, game)
    check_actors(game)
    check_views(game)
    rng = random.Random(1)
    initial = multiset(game)
    for _ in range(30):
        if game.is_over:
            break
        step(game, rng)
        assert multiset(game) == initial
        check_actors(game)


def malformed(seat: int, action: Action) -> list[tuple[object, object]]:
    """Wrongly typed versions of a legal move, as a careless or hostile client could send them."""
    fields = dict(kind=action.kind, cards=action.cards, target=action.target, value=action.value)
    out: list[tuple[object, object]] = [
        (float(seat), action),
        (str(seat), action),
        (None, action),
        (seat == 1, action),
        (seat + 2**64, action),
        (seat, None),
        (seat, action.kind),
        (seat, (action.kind,)),
        (seat, Action(None)),  # type: ignore[arg-type]
        (seat, Action(**{**fields, "cards": list(action.cards)})),  # type: ignore[arg-type]
    ]
    if action.cards:
        out.append((seat, Action(**{**fields, "cards": tuple(c.code for c in action.cards)})))  # type: ignore[arg-type]
    if action.target is not None:
        out.append((seat, Action(**{**fields, "target": float(action.target)})))
    if isinstance(action.value, int):
        out += [
            (seat, Action(**{**fields, "value": float(action.value)})),
            (seat, Action(**{**fields, "value": action.value == 1})),
        ]
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_malformed_move_is_illegal_and_changes_nothing(game_id: str) -> None:
    spec = GAMES[game_id]
    rng = random.Random(5)
    game = spec.new(spec.min_players + 1 if spec.max_players > spec.min_players else spec.min_players, seed=5)
    for _ in range(30):  # several moments of the game, each with every malformed move
        if game.is_over:
            break
        seat, action = choose(game, rng)
        before = game.to_json()
        for bad_seat, bad_action in malformed(seat, action):
            with pytest.raises(IllegalAction):
                game.apply(bad_seat, bad_action)  # type: ignore[arg-type]
            assert game.to_json() == before, (bad_seat, bad_action)
        game.apply(seat, action)
