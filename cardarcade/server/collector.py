"""The server's garbage-collection policy: no collection stops everyone for long.

CPython collects its oldest generation whenever that has grown by a quarter, and such a
collection visits every object in the process. A server's objects are mostly its sessions'
screens, which live as long as the sessions: with 120 sessions (1.7 million objects) each of
those collections stopped every session for 1 to 3 seconds, 40 times in a four-minute benchmark.

So while serving, the long-lived objects are frozen (``gc.freeze``: left out of collections) and
the automatic full collections are off. Instead, on a timer:

- sweeps: the objects made since the last freeze are collected (only they are visited) and the
  survivors frozen in turn: every 2 s, or sooner once CPython's young collections have moved a
  batch of objects into the old generation (a crowd of sessions starting makes tens of thousands
  a second: swept every 2 s, each sweep held the loop 100-300 ms); an idle server skips this;
- reclaims: objects frozen and then let go (an ended session's app and widgets, a screen that
  closed) are garbage no sweep visits. Where it comes from is known: every Textual app, screen
  and widget (a message pump) frozen by a sweep is remembered weakly, and one that has stopped
  yet is still there is probably such garbage. From those, the objects they lead to are gathered
  (``gc.get_referents``, a few milliseconds at a time, or a quarter of the time the loop gave
  everyone else when it is too busy to come back soon; stopping at modules, classes, the loop,
  the server and its lobby, and pumps still running: those belong to live sessions). Those that
  refer back to something gathered (a cycle may run through them) are moved out of the frozen
  generation into the youngest one (``PyObject_GC_UnTrack`` then ``PyObject_GC_Track``,
  CPython's own C API) right after a sweep, and collected on the next turn. CPython's own
  algorithm decides what is freed, counting any reference from outside what was moved as one
  that keeps it: the reclaim only chooses which objects it looks at, some ten thousand at a
  time. What survives (shared styles, rendered lines, cards, a screen something still holds) is
  frozen again; a stopped pump that survived is looked at again later, less often each time.
  Textual's LRUCache.clear, which lets go of a ring of entries that then holds what was cached
  (out of any reclaim's reach), is made to empty the entries first while this runs.

A full collection (everything unfrozen, collected once, frozen again: with a hundred sessions, a
pause of about a second) happens only:
- while no session is connected (nobody waits for it), at most every ``full_every`` seconds and
  only if sessions ended since the last one: it frees what no reclaim could reach;
- where objects cannot be moved between generations (not CPython, CPython without its GIL, no
  ctypes): there, as before reclaims existed, once enough sessions have ended or the frozen part
  has grown by half, at most every ``full_every`` seconds.

The young generations are still collected by CPython as usual (they are small and quick).

Memory freed is handed back to the system: C's allocator keeps what Python frees for its next
requests, and a server's sessions free much as they draw (a session's frames, a game's moves),
scattered between what lives on, so the process's resident size only grew. After a collection,
at most every ``TRIM_EVERY`` seconds, the C library is asked to give back its free pages
(glibc's ``malloc_trim``, in a thread: it takes a millisecond or two, and the loop goes on): a
third of what a session in a game made the server hold. Elsewhere (another C library) nothing
is asked.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import logging
import operator
import sys
import time
import types
import weakref
from collections import deque
from typing import Any
from collections.abc import Callable, Iterable

from cardarcade.server.quiet import LoopQuiet

log = logging.getLogger(__name__)

SWEEP_EVERY = 2.0  # seconds at most between collections of what was made since the last freeze
LOOK_EVERY = 0.02  # seconds between looks at how much has aged into the old generation
IDLE_LOOK_EVERY = 1.0  # the same while nobody is connected (little ages; nobody waits)
QUIET_LOOK_EVERY = 0.2  # at most, while people are connected but the loop is quiet (server/quiet.py)
# Young collections that moved survivors into the old generation since the last sweep (each at most
# a few thousand objects) that call for a sweep before SWEEP_EVERY is up: keeps each sweep short.
AGED_FOR_SWEEP = 1
FULL_EVERY = 600.0  # seconds at least between full collections
ENDED_FOR_FULL = 20  # (no reclaims) sessions ended since the last full collection that call for the next one
GROWTH_FOR_FULL = 0.5  # (no reclaims) or the frozen part grown by this much since
NO_AUTOMATIC_FULL = 1_000_000  # a third threshold CPython's counts never reach
REPORT_EVERY = 60.0  # seconds between the log's lines on what the collector did (if anything)
LONG_STEP = 0.05  # a step of the collector's this long is counted in the report: everyone waited for it

SEEK_EVERY = 5.0  # seconds at most between looks for stopped pumps...
SEEK_SETTLE = 1.0  # ...or this long after a session ended (its connection is still closing at first)
# A slice of a reclaim holds the loop SLICE_SECONDS, or, when the loop was busy with everyone else
# for long since the last slice, SLICE_SHARE of that time, at most SLICE_MOST.
SLICE_SECONDS, SLICE_SHARE, SLICE_MOST = 0.003, 0.25, 0.025
GATHER_BATCH, SORT_BATCH = 128, 256  # objects whose referents are asked for at once
# Objects a reclaim gathers (about half of them moved and collected): once this many are, no more
# stopped pumps are followed (an ended session's app and screens are 10-25 thousand); at the most,
# gathering stops even in the middle of what it was following.
REGION_ENOUGH, REGION_MOST = 20_000, 80_000
GATHER_PATIENCE = 30.0  # seconds a reclaim may take gathering on a loop too busy to give it slices
FORGET_SHARED = 600.0  # seconds after which what was learnt shared is looked at again
RETRY_FIRST, RETRY_MOST = 10.0, 1800.0  # seconds before a pump that survived is looked at again (doubling)


TRIM_EVERY = 5.0  # seconds at least between asking the C library to give back its free memory

FOLLOWED, SHARED, PUMP = 1, 2, 3  # what gathering does with an object of a class (see Collector._kind_of)


def stopped_pump(pump: Any) -> bool:
    """A Textual app, screen or widget whose messages have stopped (closed, or its task over,
    cancelled included) or never began (the stylesheet makes a node it never starts for each part
    of a widget it styles, anew each time it styles it): garbage, unless something still holds
    it. Without the attributes: no."""
    if getattr(pump, "_running", True):
        return False
    if getattr(pump, "_closed", False):
        return True
    task = getattr(pump, "_task", False)
    return task is None or (isinstance(task, asyncio.Future) and task.done())


def running_pump(pump: Any) -> bool:
    """A Textual app, screen or widget processing messages: a live session's, never followed.
    Without the attribute: running."""
    return bool(getattr(pump, "_running", True))


def free_memory_giver() -> Callable[[], object] | None:
    """What gives the C library's free memory back to the system (glibc's ``malloc_trim(0)``),
    None where there is no such call."""
    try:
        import ctypes

        trim = ctypes.CDLL(None).malloc_trim
    except (ImportError, OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return lambda: trim(0)


def _subclasses(roots: tuple[type, ...]) -> set[type]:
    found, to_look = set(roots), list(roots)
    while to_look:
        for cls in type.__subclasses__(to_look.pop()):
            if cls not in found:
                found.add(cls)
                to_look.append(cls)
    return found


def _textual_pumps() -> tuple[type, ...]:
    try:
        from textual.message_pump import MessagePump
    except ImportError:
        return ()
    return (MessagePump,)


def _textual_lru_clear() -> tuple[type, Callable[[Any], None]] | None:
    """Textual's LRUCache (widgets' query caches, cleared whenever their children change) keeps
    its entries in a ring of lists, and ``clear`` just lets the ring go: a cycle that nothing
    refers to but that refers to the widgets it cached. Frozen, only a full collection would find
    it, and until then it holds those widgets (a closed screen's, an ended session's) where no
    reclaim can free them. This ``clear`` empties each entry first: the ring is freed at once."""
    try:
        from textual.cache import LRUCache

        from cardarcade.ui.textual_compat import lru_entries, lru_has_entries
    except ImportError:
        return None
    textual_clear = LRUCache.__dict__.get("clear")
    if textual_clear is None or not lru_has_entries(LRUCache):
        return None

    def clear(cache: Any) -> None:
        for entry in lru_entries(cache):
            entry.clear()
        textual_clear(cache)

    return LRUCache, clear


def young_mover() -> Callable[[Iterable[Any]], None] | None:
    """A function that moves objects (from any generation, the frozen one too) into the youngest,
    or None where that cannot be done safely.

    Untracking and tracking an object again puts it at the end of the youngest generation's list;
    which generation an object is in changes nothing but which collections look at it. Tracking
    an object that is already tracked is a fatal error, so no Python code may run between the
    two calls (another thread could track a dict again by storing into it): each object is
    checked and moved within one C iteration (filter, map, ctypes' calls into CPython: no
    bytecode, so no thread switch, signal handler or finaliser; an audit hook written in Python
    would run inside ctypes' calls, and the server installs none) with automatic collection off
    (a collection could run finalisers)."""
    if sys.implementation.name != "cpython" or not hasattr(gc, "freeze"):
        return None
    if getattr(sys, "_is_gil_enabled", lambda: True)() is False:  # free-threaded: no generations
        return None
    call = getattr(operator, "call", None)  # (3.11)
    try:
        import ctypes

        signature = ctypes.PYFUNCTYPE(None, ctypes.py_object)  # a PyDLL call: the GIL stays held
        untrack = signature(("PyObject_GC_UnTrack", ctypes.pythonapi))
        track = signature(("PyObject_GC_Track", ctypes.pythonapi))
    except (ImportError, AttributeError, OSError, TypeError):
        return None
    if call is None:
        return None
    steps = (untrack, track)

    def move(objects: Iterable[Any]) -> None:
        automatic = gc.isenabled()
        gc.disable()
        try:
            twice = itertools.chain.from_iterable(
                map(itertools.repeat, filter(gc.is_tracked, objects), itertools.repeat(2))
            )
            deque(map(call, itertools.cycle(steps), twice), maxlen=0)
        finally:
            if automatic:
                gc.enable()

    return move


class _Region:
    """What one reclaim has gathered so far: strong references to every object followed
    (``objects``), so that none is freed, nor its id reused, before the collection."""

    def __init__(self) -> None:
        self.objects: list[Any] = []
        self.followed: set[int] = set()  # ids of what is held here
        self.passed: set[int] = set()  # ids of what was looked at and not followed
        self.to_follow: list[Any] = []
        self.pumps: list[weakref.ref] = []  # the stopped pumps met (to see which survived)
        self.looked = 0  # objects[:looked] have been looked at for moving...
        self.to_move: list[Any] = []  # ...and these of them picked
        self.moving = False  # all picked: swept, moved, then collected
        self.cut = False  # collected before all was followed (too much, or too long)
        self.slices = 0
        self.longest_slice = 0.0
        self.began = time.monotonic()

    def follow(self, obj: Any) -> None:
        self.followed.add(id(obj))
        self.to_follow.append(obj)

    def drop(self) -> None:
        for held in (self.objects, self.to_move, self.to_follow, self.followed, self.passed):
            held.clear()


class Tally:
    """What the log says, and the tests and benchmarks read: counts since the start, and the
    longest pauses since the last report. Both the collector and its reclaims add to it."""

    def __init__(self) -> None:
        self.full_collections = self.sweeps = self.reclaims = 0
        self.reclaimed = 0  # objects freed by reclaims
        self.long_steps = 0  # sweeps, slices, reclaims' and full collections longer than LONG_STEP
        self.forget_longest()

    def forget_longest(self) -> None:
        # (Seconds; with the CPU time the longest took: on a machine short of cores, the rest was
        # spent waiting for one.)
        self.longest_sweep = self.longest_sweep_cpu = 0.0
        self.longest_reclaim = self.longest_reclaim_cpu = 0.0  # a reclaim's collection
        self.longest_slice = 0.0  # one slice of gathering or moving
        self.longest_collection = 0.0  # any collection, CPython's own young ones included

    def step(self, spent: float) -> None:
        """A step of the collector's took ``spent`` seconds (everyone waited for it if long)."""
        self.long_steps += spent > LONG_STEP


class Collector:
    """When to collect: sweeps on a timer, reclaims (``Reclaimer``) when pumps have stopped, a
    full collection only while nobody waits for it (or where nothing can be reclaimed)."""

    def __init__(
        self,
        sessions_ended: Callable[[], int],
        *,
        sessions_live: Callable[[], int] | None = None,
        sweep_every: float = SWEEP_EVERY,
        full_every: float = FULL_EVERY,
        ended_for_full: int = ENDED_FOR_FULL,
        keep_out: Callable[[], Iterable[Any]] = tuple,
        pump_types: tuple[type, ...] | None = None,
        stopped: Callable[[Any], bool] = stopped_pump,
        running: Callable[[Any], bool] = running_pump,
        reclaim: bool = True,
        give_back: Callable[[], object] | None = None,
    ) -> None:
        """``sessions_ended``: how many sessions have ended so far (a running count);
        ``sessions_live``: how many are connected now (None: never a full collection while
        reclaiming). ``keep_out``: objects every session shares (the server, the lobby), where
        gathering stops. ``pump_types``: what is remembered at each freeze, gathered from once
        ``stopped``, and never followed while ``running`` (Textual's message pumps). ``reclaim``:
        False keeps to full collections (what happens anyway where objects cannot be moved).
        ``give_back``: what hands freed memory back to the system (``free_memory_giver``'s by default)."""
        self.sessions_ended = sessions_ended
        self.sessions_live = sessions_live
        self.sweep_every = sweep_every
        self.full_every = full_every
        self.ended_for_full = ended_for_full
        self.tally = Tally()
        pump_types = _textual_pumps() if pump_types is None else pump_types
        move = young_mover() if reclaim and pump_types else None
        self.reclaimer = (
            None
            if move is None
            else Reclaimer(
                move,
                pump_types,
                stopped=stopped,
                running=running,
                keep_out=lambda: (self, *keep_out()),
                tally=self.tally,
                sweep=self.sweep,
                swept=self._swept,
            )
        )
        self._thresholds: tuple[int, int, int] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._last_sweep = self._last_full = self._last_seek = self._last_report = self._growth_looked = 0.0
        self._ended_at_full = self._ended_at_seek = self._ended_noticed = 0
        self._ended_at = 0.0  # when the count of ended sessions last changed
        self._frozen_at_full = 0
        self._collection_began = 0.0
        self._unpatch: tuple[type, Any] | None = None
        self._reported = (0, 0, 0)  # sweeps, reclaims, objects reclaimed at the last report
        self._quiet = LoopQuiet()
        self._look_every = LOOK_EVERY  # up to QUIET_LOOK_EVERY while the loop is quiet
        self._idle_look = False  # whether the look scheduled last was the one while nobody is connected
        self._give_back = free_memory_giver() if give_back is None else give_back
        self._freed_since_given = False  # a collection since memory was last given back
        self._last_given = 0.0
        self._giving: asyncio.Future | None = None

    def start(self) -> None:
        """Freeze what exists now (modules, themes, the first screens) and take over."""
        self._thresholds = gc.get_threshold()
        gc.set_threshold(self._thresholds[0], self._thresholds[1], NO_AUTOMATIC_FULL)
        if self.reclaimer is not None:
            self.reclaimer.serving = True
            if (patch := _textual_lru_clear()) is not None:
                cache_type, clear = patch
                self._unpatch = (cache_type, cache_type.__dict__["clear"])
                cache_type.clear = clear
        self._full()
        gc.callbacks.append(self._timed)
        self._last_seek = self._last_report = time.monotonic()
        self._schedule()

    def stop(self) -> None:
        """Give the process back to CPython's own policy, with nothing left frozen."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        if self.reclaimer is not None:
            self.reclaimer.stop()
        if self._timed in gc.callbacks:
            gc.callbacks.remove(self._timed)
        if self._unpatch is not None:
            cache_type, clear = self._unpatch
            cache_type.clear = clear
            self._unpatch = None
        if self._thresholds is not None:
            self.report(force=True)
            gc.unfreeze()
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    def _timed(self, phase: str, info: dict) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._collection_began = now
        elif self._collection_began:
            self.tally.longest_collection = max(self.tally.longest_collection, now - self._collection_began)

    def _schedule(self) -> None:
        idle = self._idle_look = self.sessions_live is not None and self.sessions_live() == 0
        self._timer = asyncio.get_running_loop().call_later(
            min(IDLE_LOOK_EVERY if idle else self._look_every, self.sweep_every), self.tick
        )

    def tick(self) -> None:
        aged = gc.get_count()[2]  # young collections that aged objects since the last sweep (0: idle)
        reclaimer = self.reclaimer
        if reclaimer is not None and reclaimer.moving:
            pass  # a reclaim about to collect: a sweep now would freeze what it moved
        elif self.full_due():
            self._full()
        elif aged >= AGED_FOR_SWEEP or (aged and time.monotonic() - self._last_sweep >= self.sweep_every):
            self.sweep()
        if reclaimer is not None and not reclaimer.busy and self.seek_due():
            self.seek()
        if time.monotonic() - self._last_report >= REPORT_EVERY:
            self.report()
        self._give_back_due()
        # A quiet loop ages little: looked at less often (a sweep due waits QUIET_LOOK_EVERY at most).
        # After a stretch with nobody connected, the first look (someone has come) starts afresh.
        stepped = self._quiet.next_every(self._look_every, LOOK_EVERY, QUIET_LOOK_EVERY)
        self._look_every = LOOK_EVERY if aged or self._idle_look else stepped
        if self._thresholds is not None and self._timer is not None:
            self._schedule()

    def _give_back_due(self) -> None:
        """Hand the C library's free memory back to the system, in a thread, after a collection and
        at most every TRIM_EVERY seconds."""
        now = time.monotonic()
        if self._give_back is None or not self._freed_since_given or self._giving is not None:
            return
        if now - self._last_given < TRIM_EVERY:
            return
        self._freed_since_given, self._last_given = False, now
        self._giving = asyncio.get_running_loop().run_in_executor(None, self._give_back)
        self._giving.add_done_callback(self._given)

    def _given(self, done: asyncio.Future) -> None:
        self._giving = None
        if not done.cancelled() and done.exception() is not None:
            log.warning("giving free memory back failed: %s", done.exception())
            self._give_back = None

    def report(self, force: bool = False) -> None:
        """One line in the log on what was done since the last (if anything was)."""
        self._last_report = time.monotonic()
        tally = self.tally
        done = (tally.sweeps, tally.reclaims, tally.reclaimed)
        if done == self._reported and not force:
            return
        sweeps, reclaims, reclaimed = (now - then for now, then in zip(done, self._reported))
        self._reported = done
        # (Not how many objects are frozen: counting walks them all, tens of milliseconds.)
        log.info(
            "collector: since the last report %d sweeps (longest %.0f ms, %.0f ms of CPU), %d reclaims freeing "
            "%d objects (longest collection %.0f ms, %.0f ms of CPU; longest slice %.1f ms), longest "
            "collection of any kind %.0f ms, %d steps of the collector's over %.0f ms; %d full collections "
            "since the start",
            sweeps,
            1000 * tally.longest_sweep,
            1000 * tally.longest_sweep_cpu,
            reclaims,
            reclaimed,
            1000 * tally.longest_reclaim,
            1000 * tally.longest_reclaim_cpu,
            1000 * tally.longest_slice,
            1000 * tally.longest_collection,
            tally.long_steps,
            1000 * LONG_STEP,
            tally.full_collections,
        )
        tally.forget_longest()
        tally.long_steps = 0

    def sweep(self) -> None:
        """Collect what was made since the last freeze (only that is visited), freeze the rest."""
        started, cpu = time.perf_counter(), time.thread_time()
        gc.collect()
        self._freeze()
        self._last_sweep = time.monotonic()
        self._freed_since_given = True
        tally = self.tally
        tally.sweeps += 1
        spent = time.perf_counter() - started
        tally.step(spent)
        if spent > tally.longest_sweep:
            tally.longest_sweep, tally.longest_sweep_cpu = spent, time.thread_time() - cpu

    def _swept(self) -> None:
        """A reclaim's collection swept what was young too."""
        self._last_sweep = time.monotonic()
        self._freed_since_given = True

    def _freeze(self) -> None:
        if self.reclaimer is not None:
            self.reclaimer.freeze()
        else:
            gc.freeze()

    # ---- full collections: only where reclaims cannot be done

    def full_due(self) -> bool:
        reclaimer = self.reclaimer
        if (reclaimer is not None and reclaimer.busy) or time.monotonic() - self._last_full < self.full_every:
            return False
        ended = self.sessions_ended() - self._ended_at_full
        if reclaimer is not None:  # only what no reclaim could reach is left, freed while nobody waits
            return ended > 0 and self.sessions_live is not None and self.sessions_live() == 0
        if ended >= self.ended_for_full:
            return True
        # Counting the frozen objects walks them all (tens of milliseconds): once a minute at most.
        now = time.monotonic()
        if now - self._growth_looked < REPORT_EVERY:
            return False
        self._growth_looked = now
        return gc.get_freeze_count() - self._frozen_at_full >= GROWTH_FOR_FULL * max(self._frozen_at_full, 1)

    def _full(self) -> None:
        started = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        self._freeze()
        self._last_full = self._last_sweep = time.monotonic()
        self._freed_since_given = True
        self._ended_at_full = self.sessions_ended()
        self._frozen_at_full = gc.get_freeze_count()
        self.tally.full_collections += 1
        self.tally.step(time.perf_counter() - started)
        log.info(
            "full collection: %.0f ms, %d objects kept", 1000 * (time.perf_counter() - started), self._frozen_at_full
        )

    # ---- reclaims: when to look for what ended sessions and closed screens left frozen

    def seek_due(self) -> bool:
        now, ended = time.monotonic(), self.sessions_ended()
        if ended != self._ended_noticed:
            self._ended_noticed, self._ended_at = ended, now
        if ended != self._ended_at_seek and now - self._ended_at >= SEEK_SETTLE:
            return True
        return now - self._last_seek >= SEEK_EVERY

    def seek(self) -> None:
        """Look for frozen pumps that have stopped, and begin gathering from them."""
        now = time.monotonic()
        self._last_seek = now
        self._ended_at_seek = self.sessions_ended()
        if self.reclaimer is not None:
            self.reclaimer.seek(now)


class Reclaimer:
    """Reclaims: what ended sessions and closed screens left frozen, freed a slice at a time.

    The ``Collector`` decides when to look; this is how a reclaim is done (see the module's
    account), with what it learns along the way: every pump frozen so far, the classes it follows
    or not, what proved shared by live sessions, the pumps that survived and when to look at them
    again. It exists only where objects can be moved between generations (``move``)."""

    def __init__(
        self,
        move: Callable[[Iterable[Any]], None],
        pump_types: tuple[type, ...],
        *,
        stopped: Callable[[Any], bool],
        running: Callable[[Any], bool],
        keep_out: Callable[[], Iterable[Any]],
        tally: Tally,
        sweep: Callable[[], None],
        swept: Callable[[], None],
    ) -> None:
        """``sweep``: the collector's sweep, run before what was picked is moved; ``swept``: told
        when a reclaim's collection has swept what was young with it."""
        self.move = move
        self.pump_types = pump_types
        self.stopped = stopped
        self.running = running
        self.keep_out = keep_out
        self.tally = tally
        self._sweep, self._swept = sweep, swept
        self.serving = False  # between the collector's start and stop
        self._step: asyncio.Handle | None = None
        self._pumps: weakref.WeakSet[Any] = weakref.WeakSet()  # every pump frozen so far (and still there)
        self._kind: dict[type, int] = {}  # see _kind_of
        self._shared: dict[int, type] = {}  # ids (and classes) of what survived reclaims that freed all else
        self._shared_since = 0.0
        self._retry: weakref.WeakKeyDictionary[Any, tuple[float, float]] = weakref.WeakKeyDictionary()
        # Stopped pumps to gather from, weakly: a strong reference would keep what is gathered from them.
        self._waiting: list[weakref.ref] = []
        self._region: _Region | None = None
        self._keep_out: set[int] = set()
        self._slice_ended = 0.0

    @property
    def busy(self) -> bool:
        """A reclaim is under way."""
        return self._region is not None

    @property
    def moving(self) -> bool:
        """A reclaim has picked what to move and is about to collect it."""
        return self._region is not None and self._region.moving

    def stop(self) -> None:
        self.serving = False
        if self._step is not None:
            self._step.cancel()
        self._step = None
        if self._region is not None:
            self._region.drop()
            self._region = None
        self._waiting.clear()

    def freeze(self, learn_shared: set[int] | None = None) -> None:
        """Freeze what is not frozen (after a collection: only survivors), remembering its pumps,
        and which of ``learn_shared`` (ids) survived."""
        # Picked out in C (a loop in Python over a sweep's survivors took some 10 ms).
        classes = _subclasses(self.pump_types)
        survivors = gc.get_objects()
        for pump in itertools.compress(survivors, map(classes.__contains__, map(type, survivors))):
            try:
                self._pumps.add(pump)
            except TypeError:  # not weakly referable: it cannot be remembered
                pass
        if learn_shared:
            # By id, with the class as a check: an id freed and given to another object is
            # most often given to one of another class (and all is forgotten now and then).
            classes_by_id = dict(zip(map(id, survivors), map(type, survivors)))
            for key in classes_by_id.keys() & learn_shared:
                self._shared[key] = classes_by_id[key]
            del classes_by_id
        del survivors
        gc.freeze()

    def _kind_of(self, cls: type) -> int:
        """FOLLOWED, SHARED (classes, modules, loops: never followed) or PUMP, remembered by class:
        ``isinstance`` against Textual's classes (which have a metaclass) costs a call into Python's
        machinery each time, some tens of milliseconds over a sweep's survivors."""
        kind = self._kind.get(cls)
        if kind is None:
            if issubclass(cls, (type, types.ModuleType, asyncio.AbstractEventLoop)):
                kind = SHARED
            elif issubclass(cls, self.pump_types):
                kind = PUMP
            else:
                kind = FOLLOWED
            self._kind[cls] = kind
        return kind

    def seek(self, now: float) -> None:
        """Look for frozen pumps that have stopped, and begin gathering from them."""
        if now - self._shared_since >= FORGET_SHARED:
            self._shared.clear()
            self._kind.clear()  # (it holds classes: one made on the fly is let go)
            self._shared_since = now
        started = time.perf_counter()
        stopped, retry = self.stopped, self._retry
        self._waiting = [
            weakref.ref(pump) for pump in self._pumps if stopped(pump) and (pump not in retry or retry[pump][0] <= now)
        ]
        looked = time.perf_counter() - started  # (a look at every pump)
        self.tally.longest_slice = max(self.tally.longest_slice, looked)
        self.tally.step(looked)
        if self._waiting:
            self._begin()

    def _begin(self) -> None:
        self._region = _Region()
        self._keep_out = {id(obj) for obj in self.keep_out()}
        self._keep_out.update(id(vars(module)) for module in list(sys.modules.values()) if module is not None)
        self._keep_out.update((id(sys.modules), id(self), id(self._pumps), id(self._retry), id(self._waiting)))
        self._slice_ended = time.perf_counter()
        self._step = asyncio.get_running_loop().call_soon(self._gather)

    def _budget(self, started: float) -> float:
        """How long this slice may hold the loop: SLICE_SECONDS, or a share of the time the loop
        spent on everyone else since the last slice (on a loop too busy to come back soon,
        reclaims would otherwise fall behind the sessions ending, and memory grow)."""
        others = started - self._slice_ended
        return min(SLICE_MOST, max(SLICE_SECONDS, SLICE_SHARE * others))

    def _slice_begins(self) -> tuple[float, float]:
        """When a slice of a reclaim begins, and when it is to end."""
        started = time.perf_counter()
        return started, started + self._budget(started)

    def _gather(self) -> None:
        """One slice of following references. Sweeps go on meanwhile: nothing is moved until all
        is gathered. Referents are asked for in batches and sorted out in C (by id, against what
        was followed or passed, and by class); only classes, modules, pumps and what is kept out
        are looked at one by one."""
        self._step = None
        region = self._region
        if region is None:
            return
        started, deadline = self._slice_begins()
        objects, to_follow, _followed, _passed = region.objects, region.to_follow, region.followed, region.passed
        gathered = False
        while True:
            if not to_follow and (len(objects) >= REGION_ENOUGH or not self._next_pump(region)):
                gathered = True
                break
            batch = to_follow[-GATHER_BATCH:]
            del to_follow[-GATHER_BATCH:]
            objects += batch
            self._follow_from(region, batch)
            if len(objects) >= REGION_MOST or time.monotonic() - region.began > GATHER_PATIENCE:
                region.cut = gathered = True  # collected as far as gathered
                break
            if time.perf_counter() >= deadline:
                break
        self._slice_took(region, started)
        self._step = asyncio.get_running_loop().call_soon(self._sort_some if gathered else self._gather)

    def _follow_from(self, region: _Region, batch: list[Any]) -> None:
        found = list(filter(gc.is_tracked, gc.get_referents(*batch)))
        by_id = dict(zip(map(id, found), found))
        new_ids = by_id.keys() - region.followed - region.passed
        kept_out = new_ids & self._keep_out
        if self._shared:  # (by id, with the class as a check)
            kept_out.update(key for key in new_ids & self._shared.keys() if self._shared[key] is type(by_id[key]))
        if kept_out:
            region.passed |= kept_out
            new_ids -= kept_out
        new = list(map(by_id.__getitem__, new_ids))
        plain = list(map(operator.is_, map(self._kind.get, map(type, new)), itertools.repeat(FOLLOWED)))
        to_follow = list(itertools.compress(new, plain))
        if len(to_follow) < len(new):  # classes, modules, loops, pumps, and classes not seen before
            for ref in itertools.compress(new, map(operator.not_, plain)):
                ref_kind = self._kind_of(type(ref))
                if ref_kind is SHARED or (ref_kind is PUMP and self.running(ref)):
                    region.passed.add(id(ref))  # (a running pump is a live session's)
                    continue
                if ref_kind is PUMP and self.stopped(ref):
                    region.pumps.append(weakref.ref(ref))
                to_follow.append(ref)
        region.followed.update(map(id, to_follow))
        region.to_follow += to_follow

    def _sort_some(self) -> None:
        """One slice of picking what to move into the young generation: what refers to something
        gathered. Left where they are: objects that refer to nothing gathered (no cycle of what was
        gathered runs through them: about half of what a screen leaves, empty caches, sets and
        lists, sizes, colours), freed with whatever holds them."""
        self._step = None
        region = self._region
        if region is None:
            return
        started, deadline = self._slice_begins()
        while region.looked < len(region.objects) and time.perf_counter() < deadline:
            self._sort_batch(region)
        self._slice_took(region, started)
        self._step = asyncio.get_running_loop().call_soon(
            self._sort_some if region.looked < len(region.objects) else self._move_all
        )

    def _sort_batch(self, region: _Region) -> None:
        inward, referents = region.followed.__contains__, gc.get_referents
        batch = region.objects[region.looked : region.looked + SORT_BATCH]
        region.looked += len(batch)
        region.to_move += [obj for obj in batch if any(map(inward, map(id, referents(obj))))]

    def _move_all(self) -> None:
        """Moves what was picked (about a microsecond each), then collects it on the next turn.
        What is young when it is collected is collected with it: so it is swept first, on a turn
        of its own, and no sweep comes between (it would freeze what was moved)."""
        self._step = None
        region = self._region
        if region is None:
            return
        loop = asyncio.get_running_loop()
        if not region.moving:
            region.moving = True
            if gc.get_count()[2] or gc.get_count()[1]:
                self._sweep()
                self._step = loop.call_soon(self._move_all)
                return
        started = time.perf_counter()
        self.move(region.to_move)
        self._slice_took(region, started)
        self._step = loop.call_soon(self._collect)

    def _slice_took(self, region: _Region, started: float) -> None:
        self._slice_ended = time.perf_counter()
        spent = self._slice_ended - started
        region.slices += 1
        region.longest_slice = max(region.longest_slice, spent)
        self.tally.longest_slice = max(self.tally.longest_slice, spent)
        self.tally.step(spent)

    def _next_pump(self, region: _Region) -> bool:
        now = time.monotonic()
        while self._waiting:
            pump = self._waiting.pop()()
            if pump is None or id(pump) in region.followed or id(pump) in region.passed:
                continue
            if pump in self._retry and self._retry[pump][0] > now:
                continue
            region.pumps.append(weakref.ref(pump))
            region.follow(pump)
            return True
        return False

    def _collect(self) -> None:
        """Collect what was moved (and what is young), freeze what survived."""
        self._step = None
        region, self._region = self._region, None
        if region is None:
            return
        gathered, moved, pumps = len(region.objects), len(region.to_move), region.pumps
        moved_ids = set(map(id, region.to_move))
        region.drop()
        if not moved:
            return
        started, cpu = time.perf_counter(), time.thread_time()
        freed = gc.collect()
        still_held = [pump for pump in (ref() for ref in pumps) if pump is not None]
        # When every closed widget it was gathered from was freed, what survived is shared by
        # sessions still playing (styles, rendered lines, cards; nodes Textual never started
        # often belong to a live widget): later reclaims leave it where it is.
        whole = not region.cut and not any(getattr(pump, "_closed", True) for pump in still_held)
        self.freeze(learn_shared=moved_ids if whole else None)
        spent = time.perf_counter() - started
        self._swept()
        tally = self.tally
        tally.reclaims += 1
        tally.reclaimed += freed
        tally.step(spent)
        if spent > tally.longest_reclaim:
            tally.longest_reclaim, tally.longest_reclaim_cpu = spent, time.thread_time() - cpu
        now = time.monotonic()
        if any(pump in self._retry for pump in still_held):
            # Held again: what was learnt shared may be what holds it (a live session's object
            # learnt shared and now its garbage, or an id freed and given to a new object of the
            # same class): gathering stopped there, so its cycle stayed frozen. An ended session's
            # app stayed until everyone left (test_collector failed 1 in 40 under load); the next
            # look follows everything.
            self._shared.clear()
        for pump in still_held:
            # Something still holds it (often for a while: a timer of its session not yet due), or
            # the reclaim was cut short: looked at again later, less often each time it survives.
            wait = self._retry[pump][1] if pump in self._retry else RETRY_FIRST / 2
            wait = RETRY_FIRST if region.cut else min(RETRY_MOST, 2 * wait)
            self._retry[pump] = (now + wait, wait)
        held = len(still_held)
        del still_held
        log.info(
            "reclaim: %d objects freed of %d gathered (%d moved) from %d stopped widgets (%d still held)%s in "
            "%.0f ms; gathered and moved in %d slices of at most %.1f ms",
            freed,
            gathered,
            moved,
            len(pumps),
            held,
            " (cut short)" if region.cut else "",
            1000 * spent,
            region.slices,
            1000 * region.longest_slice,
        )
        if self._waiting and self.serving:
            self._begin()
