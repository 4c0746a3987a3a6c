"""Every number of a save at a huge or negative value, read under a memory cap.

A save is a few KB a person can edit, and the "Continue" list reads every save at start: no
number in one may make the app allocate or loop by it (Cash and Frogs in the Pond once built a
list per side up to the largest side number, 38 GB for ``side = [10**9, ...]``). Each number of
the app's save and of the engine's state in it (seats, counts, scores, rounds, seeds...) is set
in turn to each of ``VALUES``, and the save is read as the list reads it, its views drawn, and
the game played on for a few moves, in a child process whose address space is capped a little
above what it holds already. Each case must be refused as a bad save with a reason, or load and
play; a MemoryError (raised, or turned into a "bad save") or any other exception fails it.

``CARDARCADE_NUMBER_MOVES`` sets the moves played after a load (default 10), and
``CARDARCADE_NUMBER_CASES`` the cases a game at most (default 400: every number near the top of the
state, which is where sizes and seat lists live, then a seeded sample of the deeper ones; 0 runs
every case, some 34,000 in all).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

VALUES = (10**9, 10**18, -1)
HEADROOM = 512 << 20  # bytes the child may allocate beyond what it holds once the saves are made
MOVES = int(os.environ.get("CARDARCADE_NUMBER_MOVES", "10"))
MOST_CASES = int(os.environ.get("CARDARCADE_NUMBER_CASES", "400"))
STOPS = (0, 5, 40, None)  # moves played before a save is taken (None: to the end)
# Not a speed limit: what turns a load that loops by a number into a failure instead of a hang.
HANG_GUARD = 120


def numeric_paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Where every int and float is in a JSON value (booleans are not numbers here)."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in numeric_paths(item, path + (key,))]
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in numeric_paths(item, path + (i,))]
    return [path] if type(value) in (int, float) else []


def base_saves(game_id: str) -> list[dict]:
    """The app's saves of seeded random games at two player counts, at the start, early, mid-game
    and finished (a crafted save may hold a result)."""
    from cardarcade.rules import GAMES
    from cardarcade.seating import GameSetup
    from cardarcade.store.saves import encode
    from cardarcade.table.simulate import play_randomly

    spec = GAMES[game_id]
    saves = []
    for players in sorted({spec.min_players, min(spec.max_players, spec.min_players + 2)}):
        for stop in STOPS:
            game = spec.new(players, seed=9 + players + (stop or 0))
            play_randomly(game, random.Random(f"{game_id}:{stop}"), stop)
            setup = GameSetup.solo(
                spec, players, level="medium" if spec.realtime else "easy", seed=game.s.seed, options=game.options
            )
            saves.append(json.loads(encode("fuzz-1", setup, game, 12.5)))
    return saves


class _Hung(Exception):
    pass


def _hung(signum: int, frame: object) -> None:
    raise _Hung


def _address_space() -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))


def probe(game_id: str) -> dict:
    """Every case of one game, in this (child) process under the memory cap; what went wrong."""
    import resource

    from cardarcade.rules import BadSave
    from cardarcade.store.saves import decode, encode, progress
    from cardarcade.table.simulate import play_randomly

    saves = base_saves(game_id)
    cap = _address_space() + HEADROOM
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    signal.signal(signal.SIGALRM, _hung)
    cases = refused = loaded = 0
    failures = []
    every = [
        (index, base, path, value)
        for index, base in enumerate(saves)
        for path in numeric_paths(base)
        for value in VALUES
    ]
    if MOST_CASES and len(every) > MOST_CASES:
        near = [case for case in every if len(case[2]) <= 3]
        deep = [case for case in every if len(case[2]) > 3]
        every = near + random.Random(game_id).sample(deep, max(0, min(len(deep), MOST_CASES - len(near))))
    for index, base, path, value in every:
        root = json.loads(json.dumps(base))
        box = root
        for key in path[:-1]:
            box = box[key]
        box[path[-1]] = value
        data = json.dumps(root).encode()
        what = f"save {index}, {'.'.join(map(str, path))} = {value}"
        cases += 1
        signal.alarm(HANG_GUARD)
        try:
            saved = decode(data)
            progress(saved.game, tuple(saved.setup.names))  # the Continue list's line
            for seat in [*range(saved.game.players), None]:
                saved.game.view(seat)
            play_randomly(saved.game, random.Random(cases), MOVES)
            encode(saved.save_id, saved.setup, saved.game, saved.elapsed)
            loaded += 1
        except BadSave as exc:
            refused += 1
            if not str(exc) or "MemoryError" in str(exc):
                failures.append(f"{what}: refused as {str(exc)!r}")
        except _Hung:
            failures.append(f"{what}: still working after {HANG_GUARD} s")
        except MemoryError:
            failures.append(f"{what}: MemoryError")
        except Exception as exc:  # noqa: BLE001 - any other exception is a fault
            failures.append(f"{what}: {type(exc).__name__}: {str(exc)[:160]}")
        finally:
            signal.alarm(0)
    return {"cases": cases, "refused": refused, "loaded": loaded, "failures": failures}


def _games() -> list[str]:
    from cardarcade.rules import GAMES

    return sorted(GAMES)


@pytest.mark.skipif(sys.platform != "linux", reason="the memory cap (RLIMIT_AS, /proc) is Linux's")
@pytest.mark.parametrize("game_id", _games())
def test_every_number_of_a_save_at_a_huge_value_is_refused_or_harmless(game_id: str) -> None:
    child = subprocess.run(
        [sys.executable, __file__, game_id], capture_output=True, text=True, cwd=Path(__file__).parent
    )
    assert child.returncode == 0, f"the child process failed:\n{child.stderr[-3000:]}"
    report = json.loads(child.stdout.strip().splitlines()[-1])
    print(f"{game_id}: {report['cases']} cases, {report['refused']} refused, {report['loaded']} loaded and played")
    assert report["cases"] > 0
    failures = report["failures"]
    assert not failures, f"{len(failures)} of {report['cases']} {game_id} cases:\n" + "\n".join(failures[:20])


if __name__ == "__main__":
    print(json.dumps(probe(sys.argv[1])))
