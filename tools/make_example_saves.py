"""Write the repository's example saves: one per registered game, partway through a seeded game.

    python tools/make_example_saves.py [FOLDER] [--force]    (default: saves/ at the repository top)

(A tool of the repository's, not part of the package: it writes into the source tree.)

Each game is played with random legal moves from a fixed seed to its end, then again to half
that many moves, and saved there. The tests load every file and play it on to its end, so a
change that stops old saves from opening fails them; a new game adds its save by running this.
Existing files are rewritten only with ``--force`` (they are the old saves the tests guard).
"""

from __future__ import annotations

import argparse
import random
import sys
from datetime import datetime, UTC
from pathlib import Path

from cardarcade.rules import GAMES
from cardarcade.rules.base import Game, GameSpec
from cardarcade.seating import GameSetup
from cardarcade.store._files import write_atomically
from cardarcade.store.saves import encode
from cardarcade.table.simulate import play_randomly

REPO_SAVES = Path(__file__).resolve().parents[1] / "saves"
SEED = 11
SAVED_AT = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
SECONDS_PER_MOVE = 1.5  # the elapsed time recorded: a plausible pace, not measured


def example(spec: GameSpec) -> tuple[GameSetup, Game]:
    setup = GameSetup.solo(spec, seed=SEED, level="medium")
    length = play_randomly(setup.new_game(), random.Random(f"{spec.id}:{SEED}"))
    game = setup.new_game()
    play_randomly(game, random.Random(f"{spec.id}:{SEED}"), length // 2)
    return setup, game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/make_example_saves.py", description=__doc__.split("\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=REPO_SAVES)
    parser.add_argument("--force", action="store_true", help="rewrite saves that already exist")
    args = parser.parse_args(argv)
    for game_id in GAMES:
        path = args.folder / f"{game_id}.json"
        if path.exists() and not args.force:
            print(f"kept    {path}")
            continue
        setup, game = example(GAMES[game_id])
        write_atomically(path, encode(game_id, setup, game, game.s.actions * SECONDS_PER_MOVE, SAVED_AT))
        print(f"wrote   {path} ({game.s.actions} moves in)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
