"""``cardarcade serve ...`` from whichever checkout is first on ``sys.path`` (server_hostile.py's
``--source DIR`` puts one there), with a loop watchdog: the checkout's own if it has one (``serve``
starts it), else this repository's ``cardarcade/server/watchdog.py`` started on the server's loop,
so that an older checkout's pauses are logged in the same words.

    PYTHONPATH=DIR python benchmarks/_watched_server.py serve ssh --auth open ...
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import cardarcade

print(f"bench: cardarcade from {Path(cardarcade.__file__).parent}", file=sys.stderr, flush=True)
if importlib.util.find_spec("cardarcade.server.watchdog") is None:
    spec = importlib.util.spec_from_file_location(
        "_bench_watchdog", Path(__file__).resolve().parent.parent / "cardarcade" / "server" / "watchdog.py"
    )
    assert spec is not None and spec.loader is not None
    watchdog = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(watchdog)
    run = asyncio.run

    def watched_run(main, **options):
        async def watched():
            dog = watchdog.LoopWatchdog()
            dog.start()
            try:
                return await main
            finally:
                dog.stop()

        return run(watched(), **options)

    asyncio.run = watched_run
    print("bench: this checkout has no watchdog; the benchmark's is started", file=sys.stderr, flush=True)

from cardarcade.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
