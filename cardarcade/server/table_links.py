"""Tables across server processes sharing one Redis (``serve --redis``): a seat at a table another
process hosts, and no table lost when its process dies.

Each table has two Redis streams (under the hub's prefix):

- ``t:ID:log``, written by the host only: the game's record once dealt (its setup; after a trim,
  the game so far), then every move applied and what else its screens are told, the seats after
  every change, and the answers to requests. Every process that shows the table reads it from
  the start (``RemoteTable``, a mirror whose engine applies the same moves), and it is all another
  process needs to carry the table on: bounded, since after ``SNAPSHOT_EVERY`` records the host
  writes the game so far and trims what came before. After a finished game's end, one more: how
  it moved the ratings, and into which statistics (the mirrors' people see their change, and a
  process keeping statistics of its own records the game for them too).
- ``t:ID:asks``: the requests of people elsewhere (a seat, a move, a claim, standing up, dealing),
  read by the host, which decides and applies each as it would a local seat's. A press is dated
  at its arrival less how long it waited on its own process and the hop between the processes,
  measured (each process times its writes to Redis: half of each round trip is one way there).

``hosted`` (a hash: table id -> host worker) says who hosts each table. When a worker's heartbeat
lapses the hub says so (``RedisHub.on_orphans``); every other worker then tries to take each of
its tables with one script that hands a table to the first to ask, and the winner makes it again
from its stream and hosts it from then on, writing to the same stream: mirrors elsewhere go on as
if nothing had happened (a table still waiting for its players too). A mirror whose host is gone
and that no worker carries on within ``NEW_HOST_WAIT`` ends, its people told. A worker told to
stop (SIGTERM) hands its tables over at once: it marks them free, and says so.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError

from cardarcade.bots import make_bot
from cardarcade.replay import Move
from cardarcade.rules import GAMES
from cardarcade.rules.base import Event, IllegalAction
from cardarcade.seating import Reaction
from cardarcade.server.remote_table import (
    RemoteHolder,
    RemoteTable,
    action_from_data,
    places_data,
    reaction_data,
    setup_data,
    setup_from_data,
)
from cardarcade.store.replays import move_data, move_from_data
from cardarcade.table.shared import MOST_ALLOWED, Place, Resumed, SeatHolder, SeatTaken, SharedTable

if TYPE_CHECKING:
    from cardarcade.server.lobby import Lobby
    from cardarcade.server.redis_hub import RedisHub

log = logging.getLogger("cardarcade.server")

BLOCK_MS = 1000  # a blocking read waits this long at most (the hub's calls time out after 2 s)
READ_COUNT = 64  # entries taken in one read; the loop is let go between reads
REPLAY_SLICE = 50  # moves replayed at a time when a table is made again from its stream
SNAPSHOT_EVERY = 1000  # records in a stream before the host writes the game so far and trims it
KEPT_AFTER_END = 600  # seconds a table's stream stays once it has left the lobby
ASKS_KEPT = 1000  # requests kept in a table's request stream
ANSWER_WAIT = 5.0  # seconds a person waits for the host to answer before being told
RATE, BURST = 30, 60  # requests a second one person elsewhere may make at a table, and at once
MOST_AGE = 1.0  # seconds a press may have waited on its own process (more: a stalled process)
RATED_WAIT = 30.0  # seconds a mirror of a finished game waits for the host to say how it was rated
NEW_HOST_WAIT = 10.0  # seconds after its host is gone that a mirror waits for another to carry it on

# Give a table to this worker if its host is still the one named (KEYS: hosted; ARGV: id, host
# named, this worker). 1: it is this worker's now.
CLAIM_TABLE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
  return 1
end
return 0
"""


def _json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


class TableLinks:
    """This worker's side of every table shared across workers: the tables it hosts
    (``HostLink``), the mirrors of others' tables its sessions sit at or watch, and taking over
    the tables of a worker gone."""

    def __init__(self, hub: RedisHub, lobby: Lobby) -> None:
        self.hub, self.lobby = hub, lobby
        self.redis = hub.redis
        self.hosts: dict[str, HostLink] = {}
        self.mirrors: dict[str, RemoteTable] = {}
        self.rtt = 0.0  # seconds: this worker's latest round trip to Redis, as its writes time it
        self.taken_over = 0  # tables this worker carried on after their host went (for tests and logs)
        self.round_trips = 0  # writes to the streams and reads that brought something (the benchmarks count them)
        self._ready: dict[str, asyncio.Future[None]] = {}  # a mirror has read its stream to the end
        self._asks: list[tuple[str, dict[str, Any]]] = []  # requests on their way to hosts
        self._asks_wake = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()
        self._ended: dict[str, asyncio.Task] = {}  # the writers of tables just ended, until all is written
        self._closing = False
        self._stopping = False  # this worker is handing its tables over: it takes none
        # What the server does when the host of a table followed here has recorded its game (the
        # record says how, and in which statistics), and when it is gone with nobody to carry the
        # table on (``saving``: this process saves the game for its creator, no other does).
        self.on_mirror_rated: Callable[[RemoteTable, dict[str, Any]], None] = lambda mirror, record: None
        self.on_mirror_lost: Callable[[RemoteTable, bool], None] = lambda mirror, saving: None
        hub.on_orphans = self.orphaned
        self._spawn(self._send_asks(), "requests to hosts")

    def key(self, table_id: str, kind: str) -> str:
        return self.hub.key("t", table_id, kind)

    @property
    def hosted_key(self) -> str:
        return self.hub.key("hosted")

    def _spawn(self, work: Coroutine[Any, Any, object], name: str) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(work, name=f"table links: {name}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def timed(self, seconds: float) -> None:
        """A write to Redis took ``seconds``: the hop is half of it."""
        self.round_trips += 1
        self.rtt = seconds if self.rtt == 0.0 else 0.8 * self.rtt + 0.2 * seconds

    async def finish(self) -> None:
        """This worker stops: the tables still hosted here end with it (not taken over)."""
        for table_id in list(self.hosts):
            self.unhost(table_id)
        forgetting = [t for t in self._tasks if t.get_name().startswith("table links: forgetting")]
        if forgetting:
            await asyncio.wait(forgetting, timeout=5.0)
        self.close()

    def close(self) -> None:
        self._closing = True
        for link in list(self.hosts.values()):
            link.stop()
        for mirror in self.mirrors.values():
            mirror.close()
        for task in list(self._tasks):
            task.cancel()

    # ---- hosting

    def host(
        self, table: SharedTable, asks_from: str | None = None, recorded: bool = False, registered: bool | None = None
    ) -> HostLink:
        """``table`` is hosted here from now on; ``recorded``: its stream has its game already (a
        table taken over), and requests are read from ``asks_from``; ``registered``: its stream
        is the table's already (a table taken over; by default, one with its game recorded)."""
        registered = recorded if registered is None else registered
        link = self.hosts[table.id] = HostLink(self, table, asks_from, recorded, registered)
        return link

    def unhost(self, table_id: str) -> None:
        """The table has left the lobby: its stream says so, and goes after a while."""
        link = self.hosts.pop(table_id, None)
        if link is not None:
            link.end()
            self._ended[table_id] = link._writer
            link._writer.add_done_callback(lambda _: self._ended.pop(table_id, None))

    # ---- mirrors

    async def join(
        self, table_id: str, game: str, player: str, holder: SeatHolder | None, sit: bool
    ) -> tuple[RemoteTable, int | None]:
        """A seat for ``player`` (or a chair to watch from, ``sit`` False) at a table another worker
        hosts; SeatTaken says why not."""
        mirror = self.mirrors.get(table_id)
        if mirror is None or mirror.ended:
            if game not in GAMES:
                raise SeatTaken("that table plays a game this server does not have")
            mirror = RemoteTable(table_id, game, self.lobby.clock, lambda request: self._ask(table_id, request))
            mirror.on_change = lambda _: self._mirror_changed(table_id)
            mirror.on_rated = lambda mirror, record: self.on_mirror_rated(mirror, record)
            listing = self.lobby.elsewhere.get(table_id)
            mirror.host = listing.worker if listing is not None else ""
            mirror.round_trips = self.lobby.round_trips
            self.mirrors[table_id] = mirror
            self._ready[table_id] = asyncio.get_running_loop().create_future()
            self._spawn(self._follow(mirror), f"following table {table_id}")
        try:
            await asyncio.wait_for(asyncio.shield(self._ready[table_id]), ANSWER_WAIT)
        except TimeoutError:
            raise SeatTaken("the server process hosting that table does not answer; try again") from None
        for _ in range(int(ANSWER_WAIT / 0.05)):  # (a table just made: listed before its stream is written)
            if mirror.places or mirror.ended:
                break
            await asyncio.sleep(0.05)
        if not mirror.places or mirror.ended:
            raise SeatTaken("that table has gone")
        if not sit:
            if not mirror.dealt:
                raise SeatTaken("only a table in play can be watched")
            return mirror, None
        answer: asyncio.Future[tuple[int | None, str | None]] = asyncio.get_running_loop().create_future()
        mirror.ask_sit(player, holder, lambda seat, why: answer.done() or answer.set_result((seat, why)))
        try:
            seat, why = await asyncio.wait_for(answer, ANSWER_WAIT)
        except TimeoutError:
            raise SeatTaken("the server process hosting that table does not answer; try again") from None
        if why is not None or seat is None:
            raise SeatTaken(why or "no seat")
        return mirror, int(seat)

    def _mirror_changed(self, table_id: str) -> None:
        mirror = self.mirrors.get(table_id)
        if mirror is not None and mirror.ended and not mirror.watchers:
            del self.mirrors[table_id]
            mirror.close()
        self.lobby.told_of_mirror()

    def _ask(self, table_id: str, request: dict[str, Any]) -> None:
        if self._closing:
            return
        self._asks.append((table_id, request))
        self._asks_wake.set()

    async def _send_asks(self) -> None:
        """Requests to hosts, in order; each says how long its press has waited here, and the hop."""
        clock = self.lobby.clock
        while True:
            await self._asks_wake.wait()
            self._asks_wake.clear()
            while self._asks:
                batch, self._asks = self._asks[:READ_COUNT], self._asks[READ_COUNT:]
                pipe = self.redis.pipeline(transaction=False)
                now = clock.now()
                for table_id, request in batch:
                    t = request.pop("t", None)
                    if t is not None:
                        request["age"] = max(0.0, now - t)
                    request["hop"] = self.rtt / 2
                    request["w"] = self.hub.worker
                    pipe.xadd(self.key(table_id, "asks"), {"r": _json(request)}, maxlen=ASKS_KEPT, approximate=True)
                started = time.perf_counter()
                try:
                    await pipe.execute()
                except (RedisError, OSError) as exc:
                    log.warning("requests to other server processes' tables lost: %s", exc)
                    continue
                self.timed(time.perf_counter() - started)
                await asyncio.sleep(0)

    async def _follow(self, mirror: RemoteTable) -> None:
        """Read a table's stream from its start, in slices, then as it grows."""
        key, ready = self.key(mirror.id, "log"), self._ready[mirror.id]
        last = "0-0"
        rated_by: float | None = None  # a finished game's rating is awaited until then
        try:
            newest = await self.redis.xrevrange(key, count=1)
            end = newest[0][0] if newest else "0-0"
            while True:
                if mirror.ended:  # (a finished game's record comes after the end: the host rates it then)
                    if not mirror.over or mirror.rated:
                        break
                    rated_by = rated_by or time.monotonic() + RATED_WAIT
                    if time.monotonic() > rated_by:
                        break
                if not ready.done() and _id(last) >= _id(end):
                    ready.set_result(None)
                block = BLOCK_MS if ready.done() else None
                read = await self.redis.xread({key: last}, count=READ_COUNT, block=block)
                self.round_trips += bool(read)
                for _, entries in read or ():
                    for entry_id, fields in entries:
                        last = entry_id
                        try:
                            mirror.heard(json.loads(fields["r"]))
                        except (KeyError, TypeError, ValueError) as exc:
                            log.warning("table %s: a record not understood (%s)", mirror.id, exc)
                if not read and not ready.done():
                    ready.set_result(None)  # (trimmed since: what is there has been read)
                await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except (RedisError, OSError) as exc:
            log.warning("table %s: lost its stream (%s)", mirror.id, exc)
            mirror.heard({"k": "end"})
        finally:
            if not ready.done():
                ready.set_result(None)

    # ---- taking over

    def orphaned(self, worker: str) -> None:
        """``worker`` is gone, or has handed its tables over: its people at the tables here are
        away (their seats kept), and its tables are taken if nobody else takes them."""
        if self._closing or self._stopping:
            return
        for link in list(self.hosts.values()):
            link.lost_worker(worker)
        self._spawn(self._take_over(worker), f"taking over from {worker}")
        for mirror in list(self.mirrors.values()):
            if mirror.host == worker and not mirror.ended:
                self._spawn(self._await_new_host(mirror, worker), f"a new host for table {mirror.id}")

    async def _await_new_host(self, mirror: RemoteTable, gone: str) -> None:
        """A table followed here lost its host: if no other worker carries it on in time, its
        people here are told so (never a table frozen), and one worker saves its game for its
        creator, as a stop does."""
        await asyncio.sleep(NEW_HOST_WAIT)
        if mirror.ended or mirror.host != gone or self._closing:
            return
        if mirror.over:  # (its result is up: nothing to tell, nothing to save)
            mirror.ended = True
            self._mirror_changed(mirror.id)
            return
        saving = False
        if mirror.dealt and not mirror.over:
            try:  # (one save, whoever else follows the table)
                saving = bool(await self.redis.set(self.key(mirror.id, "saved"), self.hub.worker, nx=True, ex=3600))
            except (RedisError, OSError):
                saving = True
        log.warning("table %s: its host %s is gone and no server process carried it on", mirror.id, gone)
        self.on_mirror_lost(mirror, saving)

    def tell_rated(self, table_id: str, record: dict[str, Any]) -> None:
        """A game hosted here is recorded: how it moved the ratings goes on its stream (after its
        end: the mirrors wait for it), for the people who played it from other workers."""
        if table_id in self.hosts or self._closing:
            return  # (still hosted: a table record is only written after its end)
        key = self.key(table_id, "log")

        writer = self._ended.get(table_id)

        async def write() -> None:
            if writer is not None:  # (after the game's last records)
                await asyncio.wait([writer], timeout=5.0)
            pipe = self.redis.pipeline(transaction=False)
            pipe.xadd(key, {"r": _json({"k": "rated", **record})})
            pipe.expire(key, KEPT_AFTER_END)
            try:
                await pipe.execute()
            except (RedisError, OSError) as exc:
                log.warning("table %s: its ratings could not be told to the other workers (%s)", table_id, exc)

        self._spawn(write(), f"ratings of table {table_id}")

    async def _take_over(self, worker: str) -> None:
        try:
            hosted = await self.redis.hgetall(self.hosted_key)
            script = self.redis.register_script(CLAIM_TABLE)
            for table_id, host in hosted.items():
                if host not in (worker, ""):
                    continue
                if await script(keys=[self.hosted_key], args=[table_id, host, self.hub.worker]):
                    await self._resume(table_id, host)
        except (RedisError, OSError) as exc:
            if not self._closing:
                log.warning("could not take over the tables of %s: %s", worker, exc)

    async def _resume(self, table_id: str, gone: str) -> None:
        """Make the table again from its stream and host it here."""
        key = self.key(table_id, "log")
        records: list[dict[str, Any]] = []
        last = "-"
        while True:
            entries = await self.redis.xrange(key, min=last, count=READ_COUNT * 2)
            if last != "-":
                entries = entries[1:]
            if not entries:
                break
            for entry_id, fields in entries:
                last = entry_id
                try:
                    records.append(json.loads(fields["r"]))
                except (KeyError, ValueError):
                    continue
            await asyncio.sleep(0)
        newest = await self.redis.xrevrange(self.key(table_id, "asks"), count=1)
        asks_from = newest[0][0] if newest else "0-0"
        starts = [i for i, r in enumerate(records) if r.get("k") == "game"]
        seats = next((r for r in reversed(records) if r.get("k") == "seats"), None)
        if seats is None or any(r.get("k") == "end" for r in records):
            await self.redis.hdel(self.hosted_key, table_id)
            return
        if not starts:  # a table still waiting for its players waits on here
            if not self._resume_waiting(table_id, seats, gone, asks_from):
                await self.redis.hdel(self.hosted_key, table_id)
            return
        first = records[starts[-1]]
        setup = setup_from_data(first["setup"])
        game = setup.spec.from_json(first["game"]) if first.get("game") else setup.new_game()
        moves = [move_from_data(m) for m in first.get("moves", ())]
        for n, record in enumerate(records[starts[-1] + 1 :]):
            if record.get("k") == "move":
                move = move_from_data(record["m"])
                game.apply(move.seat, move.action)
                moves.append(move)
                if n % REPLAY_SLICE == REPLAY_SLICE - 1:
                    await asyncio.sleep(0)  # (a long stream is replayed in slices)
        if game.is_over:
            await self.redis.hdel(self.hosted_key, table_id)
            return
        lobby = self.lobby
        places = seats["places"]
        table = SharedTable(
            setup.spec,
            1,
            len(places),
            str(seats["level"]),
            lobby.clock,
            options=setup.options,
            creator=str(seats["creator"]),
            compensate_rtt=bool(seats.get("rtt_rule")),
            seed=setup.seed,
            deck=setup.deck,
            table_id=table_id,
            hints=bool(seats.get("hints")),
        )
        table.hinted = {int(s) for s in seats.get("hinted") or ()}
        table.places = [Place(person=bool(p["person"]), player=p["p"]) for p in places]
        played = moves[-1].at if moves else 0.0
        table.deal(Resumed(setup, game, moves, played))
        lobby.adopt(table)
        link = self.host(table, asks_from, recorded=True)
        assert table.table is not None
        for seat, (place, was) in enumerate(zip(table.places, places)):
            at = str(was.get("at") or "")
            if place.player is None:
                if not setup.seats[seat].is_bot:  # a seat given up for good: its bot plays on
                    bot = make_bot(setup.spec.id, seat, table.level, random.Random(f"{setup.seed}:stand-in:{seat}"))
                    table.table.set_stand_in(seat, bot)
            elif "/" in at and not at.startswith(gone + "/"):
                worker, token = at.split("/", 1)
                place.holder = link.holder(worker, token)
            else:  # the person was on the worker gone: their seat is kept for them
                table.stand(place.player, why="lost the connection (their server process stopped)")
        self.taken_over += 1
        log.info(
            "table %s (%s) carried on here after %s, %d moves in",
            table_id,
            setup.spec.title,
            gone or "a hand-over",
            len(moves),
        )
        link.changed()

    def _resume_waiting(self, table_id: str, seats: dict[str, Any], gone: str, asks_from: str) -> bool:
        """A table not dealt yet, as its last seats record left it, hosted here from now on: the
        people who were on the worker gone have left it (as anyone whose connection drops before
        the deal does: their seat is free, and the next seated deals if its creator was one of
        them). False: the record is not one this worker can carry on (a table not taken)."""
        spec = GAMES.get(str(seats.get("game")))
        places = seats["places"]
        if spec is None:
            return False
        try:
            table = SharedTable(
                spec,
                sum(bool(p["person"]) for p in places),
                len(places),
                str(seats["level"]),
                self.lobby.clock,
                options=spec.parse_options(seats.get("options")),
                creator=str(seats["creator"]),
                compensate_rtt=bool(seats.get("rtt_rule")),
                table_id=table_id,
                hints=bool(seats.get("hints")),
            )
        except (SeatTaken, ValueError) as exc:
            log.warning("table %s could not be carried on: %s", table_id, exc)
            return False
        table.places = [Place(person=bool(p["person"]), player=p["p"]) for p in places]
        self.lobby.adopt(table)
        link = self.host(table, asks_from, recorded=False, registered=True)
        for place, was in zip(table.places, places):
            at = str(was.get("at") or "")
            if place.player is not None and "/" in at and not at.startswith(gone + "/"):
                worker, token = at.split("/", 1)
                place.holder = link.holder(worker, token)
        for place, was in zip(list(table.places), places):
            at = str(was.get("at") or "")
            if place.player is not None and ("/" not in at or at.startswith(gone + "/")):
                table.stand(place.player, why="lost the connection (their server process stopped)")
        self.taken_over += 1
        log.info("table %s (%s), not dealt yet, carried on here after %s", table_id, spec.title, gone or "a hand-over")
        link.changed()
        return True

    async def hand_over(self) -> dict[str, str]:
        """This worker stops: its tables in play go on at another worker, at once. Only to a
        worker that is not stopping too (all the workers of ``--workers N`` stop together), and
        only once one has taken each: a table nobody takes stays here, and is saved for its
        creator as a lone server saves it. What each player of a table gone on elsewhere is told
        on the way out (name -> words)."""
        told: dict[str, str] = {}
        self._stopping = True  # (a table handed over by another stopping worker is not taken here)
        hub = self.hub
        try:
            await self.redis.set(hub.key("stopping", hub.worker), "1", px=int(hub.ttl * 1000))
            others = [w for w in await self.redis.smembers(hub.key("workers")) if w != hub.worker]
            pipe = self.redis.pipeline(transaction=False)
            for worker in others:
                pipe.exists(hub.key("alive", worker))
                pipe.exists(hub.key("stopping", worker))
            answers = await pipe.execute()
        except (RedisError, OSError):
            return told
        if not any(answers[i] and not answers[i + 1] for i in range(0, len(answers), 2)):
            return told  # (nobody to carry them on)
        handed = [link for link in self.hosts.values() if link.table.dealt and not link.table.over]
        handed += [link for link in self.hosts.values() if not link.table.dealt and link.elsewhere()]
        for link in handed:
            if link.table.table is not None:
                link.table.table.pause()  # (nothing more happens here: the stream is the table now)
            await link.release()
        try:
            await self.redis.publish(hub.channel, hub._news("handover"))
            taken = await self._taken_by_others([link.table.id for link in handed])
        except (RedisError, OSError):
            taken = set()
        for link in handed:
            table = link.table
            if table.id not in taken:  # (nobody took it: it stays, to be saved here)
                if table.table is not None:
                    table.table.resume()
                continue
            del self.hosts[table.id]
            self.lobby.take_out(table)
            table.close()
            for place in table.places:
                if place.player is not None and table.dealt:
                    told[place.player] = (
                        f"This server process is stopping; your game of {table.spec.title} carries on on another: "
                        "connect again to sit back down."
                    )
                elif place.player is not None:
                    told[place.player] = (
                        f"This server process is stopping; your table of {table.spec.title} waits for its players "
                        "on another: connect again to sit down at it."
                    )
        for mirror in self.mirrors.values():
            mirror.close()
        return told

    async def _taken_by_others(self, table_ids: list[str], wait: float = 3.0) -> set[str]:
        """The tables of these another worker has taken within ``wait`` seconds; those it has not
        are taken back (so that nobody takes them later)."""
        script = self.redis.register_script(CLAIM_TABLE)
        give_up = time.monotonic() + wait
        while True:
            hosts = await self.redis.hmget(self.hosted_key, table_ids) if table_ids else []
            if all(host for host in hosts) or time.monotonic() > give_up:
                break
            await asyncio.sleep(0.05)
        taken = set()
        for table_id, host in zip(table_ids, hosts):
            if host or not await script(keys=[self.hosted_key], args=[table_id, "", self.hub.worker]):
                taken.add(table_id)
        return taken


def _id(entry_id: str) -> tuple[int, int]:
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq or 0)


class HostLink:
    """A table hosted here, as the other workers see it: what happens is written to its stream,
    and the requests of people elsewhere are read and applied (see the module's notes)."""

    def __init__(
        self, links: TableLinks, table: SharedTable, asks_from: str | None, recorded: bool, registered: bool
    ) -> None:
        self.links, self.table = links, table
        self.redis = links.redis
        self.log_key, self.asks_key = links.key(table.id, "log"), links.key(table.id, "asks")
        self.worker = links.hub.worker
        self._out: list[str] = []
        self._wake = asyncio.Event()
        self._holders: dict[str, RemoteHolder] = {}  # token -> a session elsewhere, as the seats know it
        self._recorded = recorded  # the stream has the game's record
        self._move_made = False  # the next batch of events is a move's own (the mirrors make them)
        self._since_record = 0  # records since the game's record
        self._seats_said: str | None = None
        self._budgets: dict[str, tuple[float, float]] = {}  # player -> (requests left, when counted)
        self._said_flood = False
        self.longest_read = 0.0  # CPU seconds: the most one read of requests held the loop
        self._trim_at: int | None = None  # the game's record is this one of the next batch: trim there
        self._stopped = False
        table.on_move = self._moved
        self._watcher = table.attach(None, self._events, self._reactions)
        told = table.on_change

        def on_change(changed: SharedTable) -> None:
            self.changed()  # (the seats go to the stream first: the lobby may close the table next)
            if told is not None:
                told(changed)

        table.on_change = on_change
        self._registered = registered  # "hosted" names this worker for the table (written with the first records)
        self._writer = links._spawn(self._write(), f"writing table {table.id}")
        self._reader = links._spawn(self._read(asks_from), f"requests for table {table.id}")
        if not recorded:
            self.changed()

    # ---- what happens here, to the stream

    def _put(self, record: dict[str, Any]) -> None:
        if self._stopped:
            return
        self._out.append(_json(record))
        self._since_record += 1
        self._wake.set()

    def _record_game(self, whole: bool = False) -> None:
        """The game's record: its setup (and, ``whole``, the game so far and its moves)."""
        table, played = self.table, self.table.table
        assert table.setup is not None and played is not None
        record: dict[str, Any] = {
            "k": "game",
            "setup": setup_data(table.setup),
            "played": table.elapsed(),
            "started": played.started,
            "starts_in": table.starts_in(),
        }
        if whole:
            record["game"] = played.game.to_json()
            record["moves"] = [move_data(m) for m in played.moves.moves] if played.moves.whole else []
        self._recorded = True
        self._put(record)
        self._since_record = 0

    def _ready(self) -> None:
        if not self._recorded and self.table.dealt:
            self._record_game()

    def _moved(self, seat: int, action: Any, t: float | None) -> None:
        self._ready()
        self._move_made = True
        self._put({"k": "move", "m": move_data(Move(seat, action, self.table.elapsed()))})

    def _events(self, events: list[Event], seat: int | None) -> None:
        self._ready()
        if self._move_made:
            self._move_made = False
            return
        played = self.table.table
        if not events and played is not None:
            count = played.count_ends - self.table.clock.now() if played.count_ends is not None else None
            self._put({"k": "tick", "thinking": sorted(played.thinking), "count": count, "started": played.started})
        for event in events:
            if event.kind == "seat_notice":
                self._put({"k": "notice", "seat": event.seat, "text": event.text})

    def _reactions(self, batch: list[Reaction]) -> None:
        self._put({"k": "reactions", "r": [reaction_data(r) for r in batch]})

    def changed(self) -> None:
        """The seats (or play) changed: the seats as they are now, if they differ."""
        self._ready()
        table = self.table
        seated = {p.player for p in table.places if p.player is not None}
        record = {
            "k": "seats",
            "host": self.worker,
            "game": table.spec.id,
            "creator": table.creator,
            "level": table.level,
            "rtt_rule": table.compensate_rtt,
            "hints": table.hints,
            "hinted": sorted(table.hinted),  # (a taken-over game stays unrated)
            "options": table.options.model_dump(mode="json"),
            "places": places_data(table, self._where),
            "trips": {name: s for name, s in table.round_trips.items() if name in seated},
        }
        text = _json(record)
        if text != self._seats_said:
            self._seats_said = text
            self._put(record)

    def _where(self, holder: SeatHolder | None) -> str:
        if isinstance(holder, RemoteHolder):
            return f"{holder.worker}/{holder.token}"
        return self.worker if holder is not None else ""

    def holder(self, worker: str, token: str) -> RemoteHolder:
        """The session ``token`` on ``worker``, as this table's seats know it (one object each)."""
        found = self._holders.get(token)
        if found is None:
            found = self._holders[token] = RemoteHolder(
                f"server process {worker}",
                lambda table, by, token=token: self._put({"k": "taken", "token": token}),
                worker=worker,
                token=token,
            )
        return found

    def elsewhere(self) -> bool:
        """Whether someone at the table plays from another worker."""
        return any(isinstance(place.holder, RemoteHolder) for place in self.table.places)

    def lost_worker(self, worker: str) -> None:
        """The sessions on ``worker`` are gone: their seats are kept for them, as for anyone who
        lost their connection."""
        for place in self.table.places:
            holder = place.holder
            if isinstance(holder, RemoteHolder) and holder.worker == worker and place.player is not None:
                self.table.stand(place.player, holder, "lost the connection (their server process stopped)")

    async def _write(self) -> None:
        while not self._stopped or self._out:
            await self._wake.wait()
            self._wake.clear()
            while self._out:
                batch, self._out = self._out, []
                pipe = self.redis.pipeline(transaction=False)
                first = 0 if self._registered else 2
                if not self._registered:  # (a table id made again starts a stream of its own)
                    pipe.delete(self.log_key, self.asks_key)
                    pipe.hset(self.links.hosted_key, self.table.id, self.worker)
                for text in batch:
                    pipe.xadd(self.log_key, {"r": text})
                started = time.perf_counter()
                try:
                    ids = (await pipe.execute())[first:]
                    self._registered = True
                except (RedisError, OSError) as exc:
                    log.warning("table %s: its stream could not be written (%s)", self.table.id, exc)
                    await asyncio.sleep(1.0)
                    self._out[:0] = batch
                    if self._stopped:
                        return
                    continue
                self.links.timed(time.perf_counter() - started)
                if self._trim_at is not None:  # (the game so far is in Redis: what came before goes)
                    await self._trim(ids[self._trim_at])
                    self._trim_at = None
                if self._since_record >= SNAPSHOT_EVERY and self.table.dealt and not self.table.over:
                    self._trim_at = len(self._out)
                    self._record_game(whole=True)
                    self._seats_said = None  # (what came before goes: the seats are written again)
                    self.changed()

    async def _trim(self, entry_id: str) -> None:
        try:
            await self.redis.xtrim(self.log_key, minid=entry_id)
        except (RedisError, OSError):
            pass

    # ---- requests from elsewhere

    async def _read(self, since: str | None) -> None:
        last = since
        if last is None:
            newest = await self.redis.xrevrange(self.asks_key, count=1)
            last = newest[0][0] if newest else "0-0"
        while not self._stopped:
            try:
                read = await self.redis.xread({self.asks_key: last}, count=READ_COUNT, block=BLOCK_MS)
            except (RedisError, OSError) as exc:
                log.warning("table %s: requests cannot be read (%s)", self.table.id, exc)
                await asyncio.sleep(1.0)
                continue
            arrived = self.table.clock.now()
            self.links.round_trips += bool(read)
            cpu = time.thread_time()
            for _, entries in read or ():
                for entry_id, fields in entries:
                    last = entry_id
                    try:
                        self.asked(json.loads(fields["r"]), arrived)
                    except (KeyError, TypeError, ValueError) as exc:
                        log.warning("table %s: a request not understood (%s)", self.table.id, exc)
            self.longest_read = max(self.longest_read, time.thread_time() - cpu)
            await asyncio.sleep(0)  # (a flood of requests is taken a read at a time)

    def _in_rate(self, player: str, now: float) -> bool:
        """Whether one more request of ``player``'s is taken now: ``RATE`` a second, in bursts of
        ``BURST`` at most (more is no person at a keyboard: it is dropped)."""
        left, then = self._budgets.get(player, (BURST, now))
        left = min(BURST, left + (now - then) * RATE)
        if left < 1.0:
            self._budgets[player] = (left, now)
            if not self._said_flood:
                self._said_flood = True
                log.warning("table %s: requests from %s past %d a second dropped", self.table.id, player, RATE)
            return False
        self._budgets[player] = (left - 1.0, now)
        return True

    def asked(self, request: dict[str, Any], arrived: float) -> None:
        """One request from a session elsewhere, applied as a local seat's would be."""
        table, kind = self.table, str(request["k"])
        player, token = str(request.get("player") or ""), str(request.get("token") or "")
        if not self._in_rate(player, arrived):
            return
        holder = self.holder(str(request.get("w")), token) if token else None
        if kind == "sit":
            trip = request.get("trip")
            if isinstance(trip, (int, float)):
                table.round_trips[player] = float(trip)
            try:
                seat: int | None = table.sit(player, holder=holder)
                why = None
            except SeatTaken as exc:
                seat, why = None, str(exc)
            self._put({"k": "answer", "to": request.get("id"), "seat": seat, "error": why})
        elif kind == "stand":
            table.stand(player, holder, str(request.get("why") or "left the table"))
        elif kind == "deal":
            if player == table.creator and table.seat_of(player) is not None:
                table.deal()
        elif kind == "trip":
            seconds = request.get("seconds")
            if isinstance(seconds, (int, float)) and table.seat_of(player) is not None:
                table.round_trips[player] = float(seconds)
                self.changed()
        elif kind == "hint":
            seat = int(request["seat"])
            if table.hints and table.seat_of(player) == seat:
                table.note_hint(seat)
        elif kind in ("submit", "claim"):
            seat = int(request["seat"])
            if table.table is None or table.seat_of(player) != seat or table.places[seat].held is not None:
                return
            if holder is not None and not table.holds(seat, holder):
                return
            hop = float(request.get("hop") or 0.0) + self.links.rtt / 2
            table.hops[player] = min(max(hop, 0.0), MOST_ALLOWED)
            t = arrived - min(max(float(request.get("age") or 0.0), 0.0), MOST_AGE)
            try:
                if kind == "claim":
                    target = request.get("target")
                    table.claim(seat, str(request["kind"]), t, int(target) if target is not None else None)
                else:
                    table.submit(seat, action_from_data(request["action"]), t)
            except IllegalAction as exc:
                self._put({"k": "refused", "seat": seat, "why": str(exc)})

    # ---- the end, or a hand-over

    def stop(self) -> None:
        self._stopped = True
        self._wake.set()
        self.table.on_move = None
        self.table.detach(self._watcher)
        self._reader.cancel()

    def end(self) -> None:
        """The table has left the lobby: the stream says so and goes after a while."""
        self._put({"k": "end"})
        self.stop()
        self.links._spawn(self._forget(), f"forgetting table {self.table.id}")

    async def _forget(self) -> None:
        try:
            await asyncio.wait_for(self._writer, 5.0)
            pipe = self.redis.pipeline(transaction=False)
            pipe.expire(self.log_key, KEPT_AFTER_END)
            pipe.delete(self.asks_key)
            pipe.hdel(self.links.hosted_key, self.table.id)
            await pipe.execute()
        except (RedisError, OSError, TimeoutError):
            pass

    async def release(self) -> None:
        """Hand the table over: everything written, then marked free for another worker."""
        self.changed()
        self.stop()
        try:
            await asyncio.wait_for(self._writer, 5.0)
            await self.redis.hset(self.links.hosted_key, self.table.id, "")
        except (RedisError, OSError, TimeoutError) as exc:
            log.warning("table %s could not be handed over: %s", self.table.id, exc)
