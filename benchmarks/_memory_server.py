"""``cardarcade serve ...`` that says, on SIGUSR1, where the memory of the sessions opened since
goes (for server_memory.py).

The first SIGUSR1 marks the start: a full collection, every object there kept (so that no id is
given to a new one) and, unless MEMORY_TRACE=0, ``tracemalloc`` from there on, so that only what
is made afterwards is traced ("bench: marked" on stderr). The second writes the
breakdown as JSON to ``MEMORY_OUT`` ("bench: written"): the resident set per session since the
mark (after a full collection), and what is still held of all that was made since, grouped:

- (traced only) by where it was allocated: the innermost line of our own code on the allocation's stack, and
  the innermost line of any code;
- by who holds it: every session started since the mark is walked object by object
  (``gc.get_referents``) from its screens (top of the stack first), its app, its driver and its
  connection, each object counted once, under the first of those that reaches it and the
  attribute of the nearest Textual node (app, screen, widget) it hangs from; the walk stops at
  what was allocated before the mark (shared with every session), at modules and classes, and at
  other sessions;
- by type: the objects each session holds, counted and sized.

    MEMORY_OUT=FILE python benchmarks/_memory_server.py serve ssh --auth open --port 0
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import sys
import tracemalloc
import types
from collections import Counter
from pathlib import Path
from typing import Any

FRAMES = 25  # of each allocation's stack: enough to reach our own code from inside Textual and Rich
OUR_CODE = os.sep + "cardarcade" + os.sep
TOP = 25  # rows kept of each grouping


def _where(filename: str, lineno: int) -> str:
    for marker in (OUR_CODE, os.sep + "site-packages" + os.sep, os.sep + "lib" + os.sep + "python"):
        at = filename.rfind(marker)
        if at >= 0:
            filename = filename[at + len(marker) :]
            break
    return f"{filename}:{lineno}"


def by_allocation(snapshot: tracemalloc.Snapshot, sessions: int) -> dict:
    """KiB per session held, by the innermost line of our code that allocated it (or led to it),
    and by the innermost line of all."""
    ours: Counter[str] = Counter()
    innermost: Counter[str] = Counter()
    files: Counter[str] = Counter()
    total = 0
    for trace in snapshot.traces:
        frames = trace.traceback  # oldest first
        total += trace.size
        last = frames[-1]
        innermost[_where(last.filename, last.lineno)] += trace.size
        files[_where(last.filename, 0).rsplit(":", 1)[0]] += trace.size
        mine = next((f for f in reversed(frames) if OUR_CODE in f.filename and not f.filename.endswith("cli.py")), None)
        ours[_where(mine.filename, mine.lineno) if mine else f"(none of ours) {_where(last.filename, 0)[:-2]}"] += (
            trace.size
        )

    def top(counter: Counter[str]) -> list[tuple[str, float]]:
        return [(where, round(size / 1024 / sessions, 1)) for where, size in counter.most_common(TOP)]

    return {
        "traced_kib_per_session": round(total / 1024 / sessions, 1),
        "by_our_line": top(ours),
        "by_line": top(innermost),
        "by_file": top(files),
    }


class Walk:
    """Every object one session holds, once, by who holds it."""

    def __init__(self, claimed: set[int], other_roots: set[int], old: set[int]) -> None:
        from textual.dom import DOMNode
        from textual.message_pump import MessagePump

        self.claimed = claimed  # ids of objects counted already (this session's, or another's)
        self.stop = other_roots  # ids of every session's roots: each is walked on its own
        self.old = old  # ids of the objects there at the mark (kept alive: no id is reused)
        self.pump_types = (MessagePump, DOMNode)
        self.by_holder: Counter[tuple[str, str]] = Counter()
        self.by_type: Counter[str] = Counter()
        self.count_by_type: Counter[str] = Counter()

    def counts(self, obj: Any) -> bool:
        if id(obj) in self.claimed or id(obj) in self.stop or id(obj) in self.old:
            return False
        return not isinstance(obj, (type, types.ModuleType, types.FunctionType, types.CodeType))

    def walk(self, root_name: str, root: Any, even_old: bool = False) -> None:
        """What ``root`` holds that was made since the mark (with ``root`` itself, unless it is
        older and not ``even_old``)."""
        if root is None or id(root) in self.claimed or (id(root) in self.old and not even_old):
            return
        self.claimed.add(id(root))
        todo: list[tuple[Any, str]] = [(root, "")]
        while todo:
            obj, hung_from = todo.pop()
            size = sys.getsizeof(obj)
            kind = type(obj).__qualname__
            self.count_by_type[kind] += 1
            self.by_type[kind] += size
            if isinstance(obj, self.pump_types):
                self.by_holder[root_name, f"{kind} (the object)"] += size
                children = []
                attributes = getattr(obj, "__dict__", None)
                if attributes is not None:
                    if self.counts(attributes):
                        self.claimed.add(id(attributes))
                        self.by_holder[root_name, f"{kind} (its attributes' dict)"] += sys.getsizeof(attributes)
                    children = [(value, f".{name}") for name, value in attributes.items()]
                for slot in getattr(type(obj), "__slots__", ()):
                    if hasattr(obj, slot):
                        children.append((getattr(obj, slot), f".{slot}"))
            else:
                self.by_holder[root_name, hung_from or kind] += size
                children = [(child, hung_from) for child in gc.get_referents(obj)]
            for child, label in children:
                if self.counts(child):
                    self.claimed.add(id(child))
                    todo.append((child, label))


def by_holder(sessions: list[Any], old: set[int]) -> dict:
    """KiB per session, by who holds it (see the module's text)."""
    roots_of: list[list[tuple[str, Any]]] = []
    for session in sessions:
        app = session.app
        roots: list[tuple[str, Any]] = []
        if app is not None:
            stack = list(getattr(app, "screen_stack", []))
            for depth, screen in enumerate(reversed(stack)):
                roots.append((f"screen {depth}: {type(screen).__name__}", screen))
            for name, screen in getattr(app, "_installed_screens", {}).items():
                roots.append((f"installed screen {name}", screen))
            roots.append(("app (apart from its screens)", app))
        roots.append(("driver", getattr(session, "driver", None)))
        roots.append(("connection (session, channel, buffers)", session))
        roots_of.append(roots)
    every_root = {id(root) for roots in roots_of for _, root in roots}
    claimed: set[int] = set()
    totals = Walk(claimed, set(), old)
    for roots in roots_of:
        walk = Walk(claimed, every_root, old)
        for name, root in roots:
            walk.walk(name, root)
        totals.by_holder.update(walk.by_holder)
        totals.by_type.update(walk.by_type)
        totals.count_by_type.update(walk.count_by_type)
    count = max(1, len(sessions))
    unclaimed: Counter[str] = Counter()
    unclaimed_count: Counter[str] = Counter()
    unclaimed_objects = []
    everything = gc.get_objects()
    for obj in everything:
        # (no generator here: one would keep ``obj`` in a cell, which the chains below would name)
        if (
            id(obj) not in old
            and id(obj) not in claimed
            and obj is not state["old"]
            and obj is not old
            and obj is not claimed
        ):
            unclaimed[type(obj).__qualname__] += sys.getsizeof(obj)
            unclaimed_count[type(obj).__qualname__] += 1
            unclaimed_objects.append(obj)
    # Who holds the biggest of those: the holders' types, up to three steps out, for a sample of each type
    holders: Counter[str] = Counter()
    unclaimed_ids = set(map(id, unclaimed_objects))
    kinds = {kind for kind, _ in unclaimed.most_common(6)}
    sample: Counter[str] = Counter()
    for obj in unclaimed_objects:
        kind = type(obj).__qualname__
        if kind not in kinds or sample[kind] >= 30:
            continue
        sample[kind] += 1
        chain, at = [kind], obj
        for _ in range(6):
            held_by = next(
                (
                    r
                    for r in gc.get_referrers(at)
                    if r is not unclaimed_objects and r is not everything and not isinstance(r, types.FrameType)
                ),
                None,
            )
            if held_by is None:
                break
            at = held_by
            label = type(at).__qualname__
            if isinstance(at, list):
                label += f"[{len(at)}]"
            if id(at) in old:
                label += "(old)"
            elif id(at) in claimed:
                label += "(a session's)"
            elif id(at) not in unclaimed_ids and id(at) != id(chain):
                label += "(?)"
            chain.append(label)
            if id(at) not in unclaimed_ids:
                break
        holders[" <- ".join(chain)] += 1
    del unclaimed_objects, everything
    per_root: Counter[str] = Counter()
    for (root, _), size in totals.by_holder.items():
        per_root[root] += size
    return {
        "walked_kib_per_session": round(sum(totals.by_holder.values()) / 1024 / count, 1),
        "by_root": [(root, round(size / 1024 / count, 1)) for root, size in per_root.most_common()],
        "by_holder": [
            (f"{root} / {held}", round(size / 1024 / count, 1))
            for (root, held), size in totals.by_holder.most_common(60)
        ],
        "stacks": [[type(screen).__name__ for screen in session.app.screen_stack] for session in sessions],
        "unclaimed_held_by": holders.most_common(30),
        "unclaimed_by_type": [
            (kind, round(size / 1024 / count, 1), round(unclaimed_count[kind] / count))
            for kind, size in unclaimed.most_common(25)
        ],
        "by_type": [
            (kind, round(size / 1024 / count, 1), round(totals.count_by_type[kind] / count))
            for kind, size in totals.by_type.most_common(40)
        ],
    }


def _step_name(holder: Any, held: Any) -> str:
    """How ``holder`` holds ``held``: an attribute's or a key's name where it has one."""
    if isinstance(holder, dict):
        for key, value in holder.items():
            if value is held:
                return f"[{key!r}]"[:60]
    attributes = getattr(holder, "__dict__", None)
    if isinstance(attributes, dict):
        for key, value in attributes.items():
            if value is held:
                return f"{type(holder).__name__}.{key}"
    return type(holder).__name__


def screens_held_apart(sessions: list[Any], old: set[int]) -> list[str]:
    """Screens a session's app still holds that are not in its stack, and how it holds them."""
    from textual.screen import Screen

    found: list[str] = []
    for session in sessions:
        app = session.app
        stack = {id(screen) for screen in app.screen_stack}
        parent: dict[int, Any] = {id(app): None}
        todo = [app]
        while todo:
            obj = todo.pop()
            for child in gc.get_referents(obj):
                if id(child) in parent or id(child) in old or id(child) in stack:
                    continue
                if isinstance(child, (type, types.ModuleType)):
                    continue
                parent[id(child)] = obj
                if isinstance(child, Screen):
                    chain, at = [], child
                    while parent[id(at)] is not None:
                        chain.append(_step_name(parent[id(at)], at))
                        at = parent[id(at)]
                    found.append(f"{type(child).__name__}: " + " <- ".join(chain[:12]))
                    continue
                todo.append(child)
    return found


def process_caches(old: set[int], sessions: int) -> list[tuple[str, int, float]]:
    """The process's own caches of drawn lines (shared by every session, bounded): entries, and
    KiB per session of what they hold that was made since the mark."""
    import functools

    from cardarcade.ui.widgets import cards, lines

    caches: dict[str, Any] = {"ui/widgets/lines.py _drawn": lines._drawn}
    for name in dir(cards):
        cached = getattr(cards, name)
        if isinstance(cached, functools._lru_cache_wrapper):
            caches[f"ui/widgets/cards.py {name}"] = cached
    found = []
    seen: set[int] = set()
    for name, cache in caches.items():
        size, todo = 0, [cache]
        while todo:
            obj = todo.pop()
            for child in gc.get_referents(obj):
                if id(child) in seen or isinstance(child, (type, types.ModuleType, types.FunctionType)):
                    continue
                new = id(child) not in old
                if new or isinstance(child, (dict, list, tuple)):  # (the caches' own containers are older)
                    seen.add(id(child))
                    size += sys.getsizeof(child) if new else 0
                    todo.append(child)
        entries = len(cache) if hasattr(cache, "__len__") else cache.cache_info().currsize
        found.append((name, entries, round(size / 1024 / sessions, 1)))
    return found


def new_sessions(old: set[int]) -> list[Any]:
    from cardarcade.server.ssh import _Session

    found = [o for o in gc.get_objects() if isinstance(o, _Session) and id(o) not in old]
    return [s for s in found if getattr(s, "app", None) is not None]


def full_collection() -> None:
    """Everything collected, and the memory freed given back to the system as the server's
    collector does after its collections (where the checkout measured does so)."""
    gc.unfreeze()  # (the server's collector keeps most objects frozen: gc.get_objects() misses those)
    gc.collect()
    try:
        from cardarcade.server.collector import free_memory_giver
    except ImportError:  # (a checkout from before the collector gave memory back)
        return
    give_back = free_memory_giver()
    if give_back is not None:
        give_back()


def _rss_kib() -> int:
    status = Path("/proc/self/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0])


def _pymalloc_kib() -> dict[str, int]:
    """Python's own allocator (objects up to 512 bytes): its arenas, and the bytes of the blocks in
    use in them (``sys._debugmallocstats``, written to the C stderr)."""
    import tempfile

    with tempfile.TemporaryFile() as written:
        saved = os.dup(2)
        try:
            sys.stderr.flush()
            os.dup2(written.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        written.seek(0)
        text = written.read().decode(errors="replace")
    found = {}
    for line in text.splitlines():
        cells = line.split()
        if len(cells) == 5 and all(cell.isdigit() for cell in cells):  # a size class: in use, free
            size = int(cells[1])
            found[f"pymalloc {size} B: in use"] = int(cells[3]) * size // 1024
            found[f"pymalloc {size} B: free"] = int(cells[4]) * size // 1024
        if "bytes/arena" in line:
            found["pymalloc arenas"] = int(line.split("=")[1].replace(",", "")) // 1024
        elif line.startswith("# bytes in allocated blocks"):
            found["pymalloc blocks in use"] = int(line.split("=")[1].replace(",", "")) // 1024
        elif line.startswith("# bytes in available blocks"):  # (free in pools partly used)
            found["pymalloc blocks free"] = int(line.split("=")[1].replace(",", "")) // 1024
        elif "unused pools *" in line:  # (pools wholly free, in arenas not wholly free)
            found["pymalloc pools free"] = int(line.split("=")[1].replace(",", "")) // 1024
    return found


def _malloc_kib() -> dict[str, int]:
    """glibc's allocator (everything bigger, and C's own): in use, and free but kept."""
    try:
        import ctypes

        class Info(ctypes.Structure):
            _fields_ = [
                (name, ctypes.c_size_t)
                for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks")
                + ("uordblks", "fordblks", "keepcost")
            ]

        mallinfo2 = ctypes.CDLL(None).mallinfo2
        mallinfo2.restype = Info
        info = mallinfo2()
    except (ImportError, OSError, AttributeError):
        return {}
    return {
        "malloc in use (with pymalloc's arenas)": (info.uordblks + info.hblkhd) // 1024,
        "malloc free, kept": info.fordblks // 1024,
    }


def _mapped_kib() -> dict[str, int]:
    """The resident set by kind of mapping: the main heap, other anonymous memory (pymalloc's
    arenas, threads' malloc arenas, big blocks), threads' stacks, files."""
    parts: Counter[str] = Counter()
    kind = "files"
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()
        if head and "-" in head[0] and len(head) >= 5 and ":" not in head[0]:
            name = head[5] if len(head) > 5 else ""
            kind = (
                "heap"
                if name == "[heap]"
                else "stack"
                if name.startswith("[stack")
                else "files"
                if name
                else "anonymous"
            )
        elif head and head[0] == "Rss:":
            parts[f"resident: {kind}"] += int(head[1])
    return dict(parts)


def memory_parts() -> dict[str, int]:
    return {**_mapped_kib(), **_malloc_kib(), **_pymalloc_kib()}


state: dict[str, Any] = {"marked": False, "rss_before": 0, "parts_before": {}, "old": [], "old_ids": set()}


def keep_what_is_there() -> None:
    """Every object there now and what each refers to, kept (so that none is freed and its id
    taken by a new one), and their ids."""
    there = gc.get_objects()
    referred = [child for obj in there for child in gc.get_referents(obj)]
    state["old"] = there + referred
    state["old_ids"] = set(map(id, state["old"]))


def on_signal() -> None:
    tracing = os.environ.get("MEMORY_TRACE", "1") != "0"
    if not state["marked"]:
        state["marked"] = True
        full_collection()
        keep_what_is_there()
        gc.freeze()
        state["rss_before"] = _rss_kib()
        state["parts_before"] = memory_parts()
        if tracing:
            tracemalloc.start(FRAMES)
        print("bench: marked", file=sys.stderr, flush=True)
        return
    full_collection()
    rss = _rss_kib()
    old = state["old_ids"]
    sessions = new_sessions(old)
    count = max(1, len(sessions))
    report: dict[str, Any] = {
        "sessions": len(sessions),
        "traced": tracing,
        "rss_kib_per_session": round((rss - state["rss_before"]) / count),
        "memory_parts": {
            name: round((kib - state["parts_before"].get(name, 0)) / count) for name, kib in memory_parts().items()
        },
    }
    if tracing:
        snapshot = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, __file__)]
        )
        report["allocated"] = by_allocation(snapshot, count)
        del snapshot
    report["held"] = by_holder(sessions, old)
    report["screens_held_apart"] = screens_held_apart(sessions, old)
    report["process_caches"] = process_caches(old, count)
    gc.freeze()
    Path(os.environ["MEMORY_OUT"]).write_text(json.dumps(report, indent=1))
    print("bench: written", file=sys.stderr, flush=True)


_run = asyncio.run


def probed_run(main: Any, **options: Any) -> Any:
    async def probed() -> Any:
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, on_signal)
        return await main

    return _run(probed(), **options)


if __name__ == "__main__":
    asyncio.run = probed_run
    from cardarcade.cli import main

    sys.exit(main(sys.argv[1:]))
