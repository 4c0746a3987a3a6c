"""``cardarcade serve ...`` for server_gc.py, from whichever checkout is first on ``sys.path``
(``--source DIR`` puts one there), saying on stderr what only the process can see:

- every 30 s, "bench: frozen N": how many objects the garbage-collection policy holds frozen;
- at the end, once the server has stopped (every session gone), "bench: leftover N objects, T ms":
  what one full collection then still finds to free, i.e. what the policy never freed.

With BENCH_GC_POLICY=old the collector keeps to its full collections (``reclaim=False``: what it
does where objects cannot be moved between generations, and what it did before reclaims). A
checkout without the loop watchdog gets this repository's, as in ``_watched_server.py``.

    PYTHONPATH=DIR python benchmarks/_gc_server.py serve ssh --auth open ...
"""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import inspect
import os
import sys
import time
from pathlib import Path

import cardarcade
from cardarcade.server import collector

print(f"bench: cardarcade from {Path(cardarcade.__file__).parent}", file=sys.stderr, flush=True)
if os.environ.get("BENCH_GC_POLICY") == "old":
    if "reclaim" not in inspect.signature(collector.Collector).parameters:
        print("bench: this checkout has no reclaims: its own policy runs", file=sys.stderr, flush=True)
    else:
        collector.Collector.__init__.__kwdefaults__["reclaim"] = False
        print("bench: reclaims off (full collections only)", file=sys.stderr, flush=True)

if importlib.util.find_spec("cardarcade.server.watchdog") is None:
    spec = importlib.util.spec_from_file_location(
        "_bench_watchdog", Path(__file__).resolve().parent.parent / "cardarcade" / "server" / "watchdog.py"
    )
    assert spec is not None and spec.loader is not None
    watchdog = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(watchdog)
else:
    watchdog = None

run = asyncio.run


async def _say_frozen() -> None:
    while True:
        await asyncio.sleep(30.0)
        started = time.perf_counter()
        frozen = gc.get_freeze_count()  # (a walk of them all: tens of milliseconds)
        print(f"bench: frozen {frozen} ({1000 * (time.perf_counter() - started):.0f} ms)", file=sys.stderr, flush=True)


def watched_run(main, **options):
    async def watched():
        sayer = asyncio.ensure_future(_say_frozen())
        dog = None
        if watchdog is not None:
            dog = watchdog.LoopWatchdog()
            dog.start()
        try:
            return await main
        finally:
            sayer.cancel()
            if dog is not None:
                dog.stop()

    return run(watched(), **options)


asyncio.run = watched_run

from cardarcade.cli import main  # noqa: E402

try:
    status = main(sys.argv[1:])
finally:
    gc.unfreeze()
    started = time.perf_counter()
    leftover = gc.collect()
    print(
        f"bench: leftover {leftover} objects, {1000 * (time.perf_counter() - started):.0f} ms",
        file=sys.stderr,
        flush=True,
    )
sys.exit(status)
