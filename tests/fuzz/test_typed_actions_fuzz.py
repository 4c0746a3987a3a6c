"""Wrongly typed and out-of-range moves against every registered game, at random points of play.

A client (a key handler, a bot, one day a stranger over SSH) may send any seat and any object as
a move. Whatever it is, ``apply`` raises IllegalAction and the game is exactly as it was. The moves
are built from the game's own legal moves with one part broken: the seat or a field of the wrong
type, a seat, target or value no game has, a card of a pack not in play, or something that is not
an Action at all. Games are seeded and played with random legal moves between the checks.

``CASES`` bad moves per game by default; ``CARDARCADE_FUZZ_CASES=100000`` runs many more by hand.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from cardarcade.cards import Card, Rank
from cardarcade.rules import GAMES, Action, IllegalAction
from cardarcade.rules.base import Game
from cardarcade.table.simulate import play_randomly

CASES = int(os.environ.get("CARDARCADE_FUZZ_CASES", "300"))
PER_POINT = 8  # bad moves tried at each point of a game before it plays on


def bad_seats(players: int) -> list[object]:
    return [
        "0",
        "1",
        None,
        0.0,
        1.0,
        True,
        False,
        -1,
        -players,
        players,
        players + 1,
        2**64,
        -(2**64),
        [],
        [0],
        (0,),
        {},
        b"0",
        0j,
        object(),
    ]


# A card no game here deals: no game plays with two packs of jokers.
STRAY_CARD = Card.of(Rank.JOKER, back=1)


def broken_actions(action: Action, players: int) -> list[object]:
    """``action`` with one part broken, and things that are not an Action at all."""
    out: list[object] = [
        None,
        action.kind,
        (action.kind,),
        {"kind": action.kind},
        0,
        Action(None),
        Action(0),  # type: ignore[arg-type]
        Action(action.kind.encode()),
        replace(action, kind=action.kind + "\x00"),  # type: ignore[arg-type]
        replace(action, cards=list(action.cards)),
        replace(action, cards=(None,)),  # type: ignore[arg-type]
        replace(action, cards="As"),
        replace(action, cards=action.cards + (STRAY_CARD,)),  # type: ignore[arg-type]
        replace(action, cards=tuple(c.code for c in action.cards) or ("As",)),  # type: ignore[arg-type]
    ]
    for field in ("target", "value"):
        old = getattr(action, field)
        wrong_types: list[object] = [0.0, 1.0, True, False, "0", [0], b"1", 2.5]
        if isinstance(old, int):
            wrong_types += [float(old), str(old), old == 1]
        out += [replace(action, **{field: bad}) for bad in wrong_types]
        out += [
            replace(action, **{field: bad})
            for bad in (-1, -players, players if field == "target" else 2**64, 2**64, -(2**64))
        ]
    return out


def bad_moves(game: Game, rng: random.Random) -> list[tuple[object, object]]:
    """Bad moves for the game as it stands: each is malformed or out of range, so never legal."""
    n = game.players
    legal = [(seat, a) for seat in range(n) for a in game.legal_actions(seat)] or [(0, Action("flip"))]
    moves: list[tuple[object, object]] = []
    for _ in range(PER_POINT):
        seat, action = rng.choice(legal)
        if rng.random() < 0.4:
            moves.append((rng.choice(bad_seats(n)), action))
        else:
            moves.append((seat, rng.choice(broken_actions(action, n))))
    return moves


def is_well_typed_but_legal(game: Game, seat: object, action: object) -> bool:
    """A broken target or value can still be a legal move where a game reads it loosely (a claim
    on any earlier card): only a move its own legal list holds counts."""
    return type(seat) is int and isinstance(action, Action) and action in game.legal_actions(seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_wrongly_typed_move_is_illegal_and_changes_nothing(game_id: str) -> None:
    spec = GAMES[game_id]
    rng = random.Random(f"typed:{game_id}")
    failures: list[str] = []
    tried = games = 0
    while tried < CASES:
        games += 1
        players = rng.randint(spec.min_players, min(spec.max_players, spec.min_players + 3))
        game = spec.new(players, seed=rng.randrange(2**31))
        while tried < CASES:
            for seat, action in bad_moves(game, rng):
                if is_well_typed_but_legal(game, seat, action):
                    continue
                tried += 1
                before = game.to_json()
                try:
                    game.apply(seat, action)  # type: ignore[arg-type]
                    failures.append(f"accepted seat {seat!r}, {action!r}")
                except IllegalAction:
                    pass
                except Exception as exc:  # noqa: BLE001 - any other exception is the fault looked for
                    failures.append(f"seat {seat!r}, {action!r}: {type(exc).__name__}: {exc}")
                if game.to_json() != before:
                    failures.append(f"seat {seat!r}, {action!r} changed the game")
                    game = spec.from_json(before)
            if game.is_over:
                break
            play_randomly(game, rng, rng.choice([1, 1, 3, 10, 50]))
    print(f"{game_id}: {tried} bad moves in {games} games, {len(failures)} failed")
    assert not failures, f"{len(failures)} of {tried} bad moves against {game_id}:\n" + "\n".join(failures[:15])
