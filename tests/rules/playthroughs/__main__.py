"""python -m tests.rules.playthroughs --write [ids...] | --show ID [--views]: see the package's docstring."""

from __future__ import annotations

import argparse
import sys

from cardarcade.rules import GAMES
from tests.rules.playthroughs import path_of, playthrough


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.rules.playthroughs",
        description="Write the golden playthrough files, or show one game in full.",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", nargs="*", metavar="ID", help="rewrite these games' files (none named: every game's)")
    mode.add_argument("--show", metavar="ID", help="print one game's playthrough with every step written out")
    parser.add_argument("--views", action="store_true", help="with --show: every view's JSON under its digest")
    args = parser.parse_args(argv)
    wanted = [args.show] if args.show else args.write or list(GAMES)
    unknown = [game_id for game_id in wanted if game_id not in GAMES]
    if unknown:
        parser.error(f"unknown game ids: {', '.join(unknown)}")
    if args.show:
        sys.stdout.write(playthrough(args.show, full=None, whole_views=args.views))
        return 0
    for game_id in wanted:
        path = path_of(game_id)
        text = playthrough(game_id)
        changed = not path.exists() or path.read_text(encoding="utf-8") != text
        path.write_text(text, encoding="utf-8")
        print(f"{'wrote' if changed else 'unchanged'} {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
