"""Time to save and to resume the largest game state, through the saved-games store.

    python benchmarks/store_saves.py [--quick] [--runs N] [--folder DIR]

The largest state: every game at its largest table, played with random legal moves over a few
seeds, and the moment whose save is longest kept (the engines' histories grow during play).
Then, alternating: ``SaveStore.save`` (encode, the check that the file it replaces is ours,
the atomic write with its two fsyncs) and ``SaveStore.load`` (read, envelope, the engine's own
checks, the GameSetup). ``--folder`` picks the file system (default: a temporary folder; fsync
costs what the disk under it costs). Wall-clock milliseconds, and the save's CPU time apart
(the rest is the disk's fsyncs). Target: under 20 ms each.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

from cardarcade.rules import GAMES  # noqa: E402
from cardarcade.seating import GameSetup  # noqa: E402
from cardarcade.store.saves import SaveStore, encode  # noqa: E402


def largest_state(seeds: int):
    """(setup, game, bytes) of the longest save seen in random play of every game."""
    best = None
    for game_id in GAMES:
        spec = GAMES[game_id]
        for seed in range(seeds):
            setup = GameSetup.solo(spec, players=spec.max_players, seed=seed)
            game = setup.new_game()
            rng = random.Random(seed)
            biggest, at = 0, 0
            while not game.is_over:  # find the longest moment, then replay to it
                size = len(game.to_json())
                if size > biggest:
                    biggest, at = size, game.s.actions
                seat = rng.choice(game.actors())
                game.apply(seat, rng.choice(game.legal_actions(seat)))
            if best is None or biggest > best[2]:
                game, rng = setup.new_game(), random.Random(seed)
                while game.s.actions < at:
                    seat = rng.choice(game.actors())
                    game.apply(seat, rng.choice(game.legal_actions(seat)))
                best = (setup, game, biggest)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a run of about 15 s")
    parser.add_argument("--runs", type=int, default=None, help="saves and loads each (default 300)")
    parser.add_argument("--folder", type=Path, default=None, help="where to write (default: a temporary folder)")
    args = parser.parse_args()
    runs = args.runs or (50 if args.quick else 300)
    setup, game, size = largest_state(2 if args.quick else 5)
    print(
        f"largest state: {setup.spec.id}, {len(setup.seats)} players, {game.s.actions} moves in; "
        f"engine save {size:,} bytes, file {len(encode('x', setup, game, 0.0)):,} bytes"
    )
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        store = SaveStore(Path(folder))
        store.save("largest", setup, game, 1.0)
        saves, save_cpu, loads = [], [], []
        for i in range(runs):
            start, cpu = time.perf_counter(), time.process_time()
            store.save("largest", setup, game, float(i))
            saves.append(time.perf_counter() - start)
            save_cpu.append(time.process_time() - cpu)
            start = time.perf_counter()
            loaded = store.load("largest")
            loads.append(time.perf_counter() - start)
        assert loaded.game.to_json() == game.to_json()
    figures = {
        "game": setup.spec.id,
        "players": len(setup.seats),
        "engine_save_bytes": size,
        "save_ms": _common.summary_ms(saves),
        "save_cpu_ms": _common.summary_ms(save_cpu),
        "load_ms": _common.summary_ms(loads),
        "target_ms": 20,
    }
    for name in ("save_ms", "save_cpu_ms", "load_ms"):
        f = figures[name]
        print(f"{name[:-3]:9} median {f['median']:.2f} ms  p90 {f['p90']:.2f} ms  max {f['max']:.2f} ms  (n={f['n']})")
    print(f"results: {_common.write_results('store_saves', figures)}")


if __name__ == "__main__":
    main()
