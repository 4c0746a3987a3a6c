"""The arcade's server under cProfile, for ``server_ssh.py --profile FILE``.

    python benchmarks/_profiled_server.py FILE serve ssh ...   (the arguments of ``cardarcade``)

Runs ``cardarcade`` as ``python -m cardarcade.cli`` would, profiling the event loop's thread
(every session's drawing happens there). SIGUSR2 starts afresh (what came before is dropped: the
sessions' start, the idle stretch); SIGUSR1 writes what was profiled since to FILE (pstats).
``PROFILE_CLOCK=cpu``: by the process's CPU time, not the wall clock (a loaded machine's waits for
a core then count nowhere; the loop's own waits neither).
"""

from __future__ import annotations

import cProfile
import os
import signal
import sys
import time


def _profiler() -> cProfile.Profile:
    if os.environ.get("PROFILE_CLOCK") == "cpu":
        return cProfile.Profile(time.process_time)
    return cProfile.Profile()  # (wall time: the loop waiting shows as select)


profile = _profiler()
out = ""  # where SIGUSR1 writes


def start_afresh(*_: object) -> None:
    global profile
    profile.disable()
    profile = _profiler()
    profile.enable()


def write(*_: object) -> None:
    profile.disable()
    profile.dump_stats(out)
    profile.enable()


if __name__ == "__main__":
    out, sys.argv = sys.argv[1], ["cardarcade", *sys.argv[2:]]
    signal.signal(signal.SIGUSR2, start_afresh)
    signal.signal(signal.SIGUSR1, write)
    from cardarcade.cli import main

    profile.enable()
    sys.exit(main())
