"""The hub in Redis (``serve ssh|web --redis URL``): what every server process sharing one Redis
shares, mirrored in each process's memory.

Each process is a *worker* with an id of its own. What it contributes lives under keys of its
own that expire unless its heartbeat renews them, so a worker that dies (``kill -9``, a machine
gone) leaves no ghosts: the others notice its heartbeat key gone, delete what remains of it and
tell everyone. Keys, under a prefix (``cardarcade:`` unless given):

- ``workers``: the set of worker ids; ``alive:W``: W's heartbeat (expires after ``ttl``);
- ``online:W``: name -> sessions open under it on W; ``sessions:W``: ``*`` -> W's sessions,
  ``a:ADDRESS`` -> those from one address (``--max-sessions`` and ``--per-address`` count every
  worker's, in one script, so two workers cannot both admit the last place);
- ``tables:W``: table id -> its listing (JSON), for the tables W hosts (kept seats with them);
- ``chat``: the last lines (JSON); ``said:NAME``: when NAME's recent lines were said (the rate
  holds across workers, checked in the script that adds a line);
- ``names``: folded name -> claim (JSON), ``keys``: key fingerprint -> folded name (for good:
  no TTL);
- ``board:GAME``: name -> that person's rating in GAME now (JSON, leaderboard.py), for good;
  ``recent``: the last games finished (JSON, newest first, recent.py), and ``replay:ID`` the
  replay of each, packed, deleted as its game leaves the list (and expiring after a week anyway);
- the channel ``news``: every change, as JSON with the worker it came from.

A worker writes in the order things happened, through one task, without making a session wait;
its lobby reads the mirror. If Redis goes away the worker says so (log and lobby), goes on with
its own people and tables, and when Redis is back writes all it holds again and reads the rest.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from cardarcade.rules import GAMES
from cardarcade.server.hub import (
    CHAT_BURST,
    CHAT_LINES,
    CHAT_WINDOW,
    ChatLine,
    Hub,
    HubUnavailable,
    TableListing,
    add_count,
    chat_text,
)
from cardarcade.server.leaderboard import Standing
from cardarcade.server.names import CANNOT_RECORD, Claim, NameRefused, NameRegistry, fold
from cardarcade.server.recent import RECENT_GAMES, REPLAY_TTL, FinishedGame

if TYPE_CHECKING:
    from cardarcade.server.lobby import Lobby
    from cardarcade.server.table_links import TableLinks

log = logging.getLogger("cardarcade.server")

HEARTBEAT = 2.0  # seconds between a worker's heartbeats...
WORKER_TTL = 6.0  # ...and how long its keys outlive the last one
CALL_TIMEOUT = 2.0  # seconds a Redis call may take before Redis counts as gone
RETRY = 1.0  # seconds between tries to reach Redis again
MAX_WAITING_WRITES = 10_000  # writes queued while Redis is slow; beyond, they are dropped (all is written again later)
DEFAULT_PREFIX = "cardarcade:"

# Admit a session if every live worker's sessions leave room (KEYS: the workers set;
# ARGV: prefix, this worker, address, max sessions, per address, ttl in ms). 0 admitted,
# 1 full, 2 too many from the address.
ADMIT = """
local prefix, me, address = ARGV[1], ARGV[2], ARGV[3]
local total, from_address = 0, 0
for _, worker in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', prefix .. 'alive:' .. worker) == 1 then
    local sessions = prefix .. 'sessions:' .. worker
    total = total + tonumber(redis.call('HGET', sessions, '*') or '0')
    from_address = from_address + tonumber(redis.call('HGET', sessions, 'a:' .. address) or '0')
  end
end
if total >= tonumber(ARGV[4]) then return 1 end
if from_address >= tonumber(ARGV[5]) then return 2 end
local mine = prefix .. 'sessions:' .. me
redis.call('HINCRBY', mine, '*', 1)
redis.call('HINCRBY', mine, 'a:' .. address, 1)
redis.call('PEXPIRE', mine, ARGV[6])
return 0
"""

# Add a chat line unless its sayer said too much lately (KEYS: chat, said:NAME, news;
# ARGV: the line's JSON, the burst, the window in ms, lines kept, the news message). 1 added.
SAY = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ms - tonumber(ARGV[3]))
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[2], ms, ms .. ':' .. redis.call('INCR', KEYS[2] .. ':n'))
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[2] .. ':n', ARGV[3])
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[4]), -1)
redis.call('PUBLISH', KEYS[3], ARGV[5])
return 1
"""

# Record a claim unless its name or its key is claimed already (KEYS: names, keys, news;
# ARGV: folded name, key, claim JSON, news message). 1 recorded (or already so).
CLAIM = """
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held == ARGV[3] then return 1 end
if held or redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
redis.call('PUBLISH', KEYS[3], ARGV[4])
return 1
"""

# Give up a claim if it is still the one given (KEYS: names, keys, news; ARGV: folded name, key,
# claim JSON, news message).
RELEASE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[3] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[2])
  redis.call('PUBLISH', KEYS[3], ARGV[4])
end
return 1
"""

# Keep a person's rating unless Redis holds a later one of theirs (more games rated: two workers
# recording the same person's games, or a worker seeding from an older statistics file).
# KEYS: board:GAME, news; ARGV: name, standing JSON, rated, at, news message. 1 kept.
RATE = """
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held then
  local ok, old = pcall(cjson.decode, held)
  if ok and type(old) == 'table' and tonumber(old.rated) and tonumber(old.at) then
    local rated, at = tonumber(ARGV[3]), tonumber(ARGV[4])
    if tonumber(old.rated) > rated or (tonumber(old.rated) == rated and tonumber(old.at) >= at) then return 0 end
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], ARGV[5])
return 1
"""

# List a finished game first and keep its replay; the games beyond the list's length leave it,
# their replays with them (KEYS: recent, news, replay:ID; ARGV: the game's JSON, the replay packed
# ('': none kept), games listed, seconds a replay lives at most, the replay keys' prefix, news).
FINISH = """
redis.call('LPUSH', KEYS[1], ARGV[1])
if ARGV[2] ~= '' then redis.call('SET', KEYS[3], ARGV[2], 'EX', tonumber(ARGV[4])) end
for _, text in ipairs(redis.call('LRANGE', KEYS[1], tonumber(ARGV[3]), -1)) do
  local ok, old = pcall(cjson.decode, text)
  if ok and type(old) == 'table' and type(old.id) == 'string' then redis.call('DEL', ARGV[5] .. old.id) end
end
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[3]) - 1)
redis.call('PUBLISH', KEYS[2], ARGV[6])
return 1
"""


def shown_url(url: str) -> str:
    """``url`` with any password in it hidden."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = f"{parts.username}:" if parts.username else ":"
    return urlunsplit(parts._replace(netloc=f"{user}***@{parts.netloc.rpartition('@')[2]}"))


def worker_id() -> str:
    """This process's id among the workers: readable in a log, never the same twice."""
    return f"{socket.gethostname()[:20]}-{os.getpid()}-{secrets.token_hex(2)}"


def _claim_json(claim: Claim) -> str:
    return json.dumps({"name": claim.name, "key": claim.key, "claimed": claim.claimed}, ensure_ascii=False)


def _claim_of(text: Any) -> Claim | None:
    try:
        data = json.loads(text)
        return Claim(str(data["name"]), str(data["key"]), str(data["claimed"]))
    except (TypeError, ValueError, KeyError):
        return None


class RedisHub(Hub):
    """The shared state in Redis, mirrored here (see the module's notes)."""

    def __init__(
        self,
        url: str,
        *,
        prefix: str = DEFAULT_PREFIX,
        worker: str | None = None,
        now: Callable[[], float] = time.monotonic,
        heartbeat: float = HEARTBEAT,
        ttl: float = WORKER_TTL,
    ) -> None:
        super().__init__(now)
        self.url = url
        self.where = shown_url(url)  # (what a log or a message shows: never a password)
        self.prefix = prefix
        self.worker = worker or worker_id()
        self.heartbeat, self.ttl = heartbeat, ttl
        try:
            self.redis = aioredis.Redis.from_url(
                url, socket_timeout=CALL_TIMEOUT, socket_connect_timeout=CALL_TIMEOUT, decode_responses=True
            )
        except ValueError as exc:
            raise HubUnavailable(f"{self.where} is not a Redis URL ({exc}): redis://HOST:PORT/DB, say") from None
        self.round_trips = 0  # Redis calls made (a pipeline or a script counts once): for the benchmarks
        self.names: RedisNames | None = None
        self._here: dict[str, int] = {}  # this worker's people: name -> sessions
        self._theirs: dict[str, dict[str, int]] = {}  # another worker -> its people
        self._tables_here: dict[str, TableListing] = {}
        self._sessions_here: dict[str, int] = {}  # this worker's sessions: "*" and "a:ADDRESS" -> count
        self._writes: asyncio.Queue[Callable[[], Awaitable[object]]] | None = None
        self._tasks: list[asyncio.Task] = []
        self._lost = False  # Redis could not be reached: all is written and read again once it answers
        self._closing = False
        self._connected = False
        self._scripts: dict[str, Any] = {}
        # Recorded while Redis was gone, shared once it is back: each person's latest rating per
        # game, and the last games (older ones would leave the list at once).
        self._unsent_ratings: dict[tuple[str, str], Standing] = {}
        self._unsent_games: deque[tuple[FinishedGame, str | None]] = deque(maxlen=RECENT_GAMES)
        self.on_orphans: Callable[[str], None] = lambda worker: None  # a worker's tables need a host (table_links)

    def key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    @property
    def channel(self) -> str:
        return self.key("news")

    # ---- life

    async def connect(self) -> None:
        """Reach Redis, take this worker's place and read what the others share."""
        if self._connected:
            return
        try:
            self.round_trips += 1
            await asyncio.wait_for(self.redis.ping(), CALL_TIMEOUT * 2)
            await self._announce()
            await self._read_all()
            if self.names is not None:
                await self.names.read_all()
        except (RedisError, OSError, TimeoutError) as exc:
            raise HubUnavailable(f"cannot reach Redis at {self.where} ({exc or 'no answer'})") from None
        self._connected = True

    def begin(self) -> None:
        if self._tasks:
            return
        self._writes = asyncio.Queue()
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._write_in_order(), name="redis hub writes"),
            loop.create_task(self._follow(), name="redis hub news"),
            loop.create_task(self._beat(), name="redis hub heartbeat"),
        ]

    async def close(self) -> None:
        """Take back what this worker shared (its people, sessions and tables) and tell the others."""
        if self._closing:
            return
        self._closing = True
        if self._writes is not None:
            try:  # what is queued goes first, for a moment at most
                await asyncio.wait_for(self._writes.join(), CALL_TIMEOUT)
            except TimeoutError:
                pass
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        try:
            await asyncio.wait_for(self._forget_worker(self.worker), CALL_TIMEOUT)
        except (RedisError, OSError, TimeoutError):
            pass  # (its keys expire on their own)
        await self.redis.aclose()

    def name_registry(self, path: Path, named: dict[str, str]) -> NameRegistry:
        if self.names is None:
            self.names = RedisNames(self, named)
        return self.names

    # ---- writing, in order, off the sessions' path

    def _write(self, work: Callable[[], Awaitable[object]]) -> None:
        """Queue a write to Redis (none while Redis is gone: all is written again on its return)."""
        if self._writes is None or self._lost:
            return
        if self._writes.qsize() >= MAX_WAITING_WRITES:
            self._gone(TimeoutError(f"{MAX_WAITING_WRITES} writes waiting"))
            return
        self._writes.put_nowait(work)

    async def _write_in_order(self) -> None:
        assert self._writes is not None
        while True:
            work = await self._writes.get()
            try:
                if not self._lost:
                    self.round_trips += 1
                    await work()
            except (RedisError, OSError) as exc:
                self._gone(exc)
            finally:
                self._writes.task_done()

    def _news(self, kind: str, **what: Any) -> str:
        return json.dumps({"w": self.worker, "k": kind, **what}, ensure_ascii=False)

    async def _script(self, name: str, source: str, keys: list[str], args: list[Any], client: Any = None) -> Any:
        script = self._scripts.get(name)
        if script is None:
            script = self._scripts[name] = self.redis.register_script(source)
        return await script(keys=keys, args=args, client=client)

    # ---- losing Redis and finding it again

    def _gone(self, exc: BaseException) -> None:
        if self._closing:
            return
        if not self._lost or self.trouble is None:
            log.warning(
                "lost Redis at %s (%s): serving this process's people and tables alone until it is back",
                self.where,
                exc,
            )
        self._lost = True
        self.trouble = "Cut off from the other server processes: only this one's people and tables."
        self._theirs.clear()
        self.elsewhere.clear()
        self._recount()
        self.on_news()

    async def _found_again(self) -> None:
        """Redis answers again: write all this worker holds, read the rest."""
        await self._announce()
        await self._read_all()
        if self.names is not None:
            await self.names.read_all()
        self._lost = False
        if self.trouble is not None:
            log.warning("Redis at %s is back: the lobby is shared again", self.where)
        self.trouble = None
        self.on_news()

    async def _announce(self) -> None:
        """Write this worker's place and all it holds, and tell the others to read it."""
        me = self.worker
        pipe = self.redis.pipeline(transaction=True)
        pipe.sadd(self.key("workers"), me)
        pipe.set(self.key("alive", me), "1", px=int(self.ttl * 1000))
        for kind, values in (
            ("online", self._here),
            ("sessions", self._sessions_here),
            ("tables", {i: json.dumps(t.to_dict(), ensure_ascii=False) for i, t in self._tables_here.items()}),
        ):
            pipe.delete(self.key(kind, me))
            if values:
                pipe.hset(self.key(kind, me), mapping=values)
                pipe.pexpire(self.key(kind, me), int(self.ttl * 1000))
        pipe.publish(self.channel, self._news("hello"))
        self.round_trips += 1
        await pipe.execute()

    async def _read_all(self) -> None:
        """Read every other live worker's people and tables, and the chat."""
        self.round_trips += 2
        workers = [w for w in await self.redis.smembers(self.key("workers")) if w != self.worker]
        pipe = self.redis.pipeline(transaction=False)
        for worker in workers:
            pipe.exists(self.key("alive", worker))
            pipe.hgetall(self.key("online", worker))
            pipe.hgetall(self.key("tables", worker))
        pipe.lrange(self.key("chat"), 0, -1)
        answers = await pipe.execute()
        self._theirs.clear()
        self.elsewhere.clear()
        for index, worker in enumerate(workers):
            alive, online, tables = answers[3 * index : 3 * index + 3]
            if alive:
                self._take_worker(worker, online, tables)
        self.chat.clear()
        for text in answers[-1]:
            self._heard_from_redis(text, said_now=False)
        self._recount()
        await self._read_board()

    def _take_worker(self, worker: str, online: dict[str, str], tables: dict[str, str]) -> None:
        self._theirs[worker] = {name: int(n) for name, n in online.items() if n.lstrip("-").isdigit() and int(n) > 0}
        for table_id in [i for i, t in self.elsewhere.items() if t.worker == worker]:
            del self.elsewhere[table_id]
        for text in tables.values():
            self._list(text)

    def _list(self, data: Any) -> None:
        try:
            listing = TableListing.from_dict(json.loads(data) if isinstance(data, str) else data)
        except ValueError:
            listing = None
        if listing is not None and listing.worker != self.worker:
            self.elsewhere[listing.id] = listing

    def _heard_from_redis(self, text: str, said_now: bool = True) -> None:
        """A line another worker added (``said_now``: it counts against its sayer here too)."""
        try:
            data = json.loads(text)
            line = ChatLine(self.now(), str(data["name"]), chat_text(str(data["text"])))
        except (TypeError, ValueError, KeyError):
            return
        if said_now:
            self._heard(line)
        else:
            self.chat.append(line)

    def _recount(self) -> None:
        """The people online in every worker, from this worker's and the mirror of the others'."""
        online = dict(self._here)
        for people in self._theirs.values():
            for name, count in people.items():
                online[name] = online.get(name, 0) + count
        self.online.clear()
        self.online.update(online)

    # ---- following the others

    async def _follow(self) -> None:
        """Read the news channel; after a loss, read all again once subscribed."""
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                self.round_trips += 1
                await pubsub.subscribe(self.channel)
                if first and not self._lost:  # (what changed between connect and now is read)
                    await self._read_all()
                    self.on_news()
                else:
                    await self._found_again()
                first = False
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is not None and message.get("type") == "message":
                        self._heard_news(message["data"])
                        await asyncio.sleep(0)  # (a burst, a start's ratings say, never holds the loop)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                self._gone(exc)
                first = False
            finally:
                try:
                    await pubsub.aclose()
                except (RedisError, OSError):
                    pass
            await asyncio.sleep(RETRY)

    def _heard_news(self, text: str) -> None:
        try:
            news = json.loads(text)
            worker, kind = str(news["w"]), str(news["k"])
        except (TypeError, ValueError, KeyError):
            return
        if worker == self.worker:
            if kind == "finished" and (game := FinishedGame.from_dict(news.get("g"))) is not None:
                self._list_finished(game)  # (as a chat line: in Redis's order)
                self.on_news()
            if kind == "chat":  # (a line said here shows once Redis has it: in Redis's order, as everywhere)
                self._heard_from_redis(json.dumps(news.get("line")), said_now=False)
                self.on_news()
            return
        if kind == "online":
            people = self._theirs.setdefault(worker, {})
            people.pop(str(news.get("name")), None)
            if isinstance(news.get("n"), int) and news["n"] > 0:
                people[str(news["name"])] = news["n"]
            self._recount()
        elif kind == "table":
            if news.get("t") is None:
                listing = self.elsewhere.get(str(news.get("id")))
                if listing is not None and listing.worker == worker:
                    del self.elsewhere[listing.id]
            else:
                self._list(news["t"])
        elif kind == "chat":
            self._heard_from_redis(json.dumps(news.get("line")))
        elif kind == "name":
            if self.names is not None:
                self.names.heard(news)
            return
        elif kind == "rated":
            if (standing := Standing.from_dict(news.get("s"))) is not None:
                self.board.record(standing)
        elif kind == "finished":
            if (game := FinishedGame.from_dict(news.get("g"))) is not None:
                self._list_finished(game)
        elif kind == "handover":
            self.on_orphans(worker)
            return
        elif kind == "hello":
            self._write(lambda: self._read_worker(worker))
            return
        elif kind == "gone":
            self._drop_worker(worker)
            self.on_orphans(worker)
        else:
            return
        self.on_news()

    async def _read_worker(self, worker: str) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(self.key("online", worker))
        pipe.hgetall(self.key("tables", worker))
        online, tables = await pipe.execute()
        self._take_worker(worker, online, tables)
        self._recount()
        self.on_news()

    def _drop_worker(self, worker: str) -> None:
        self._theirs.pop(worker, None)
        for table_id in [i for i, t in self.elsewhere.items() if t.worker == worker]:
            del self.elsewhere[table_id]
        self._recount()

    # ---- the heartbeat, and clearing away workers that died

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            try:
                if self._lost:  # (the news task tries too, once it can subscribe again)
                    await asyncio.wait_for(self._found_again(), CALL_TIMEOUT * 2)
                else:
                    await asyncio.wait_for(self._renew_and_reap(), CALL_TIMEOUT * 2)
            except (RedisError, OSError, TimeoutError) as exc:
                self._gone(exc)

    async def _renew_and_reap(self) -> None:
        me, ms = self.worker, int(self.ttl * 1000)
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(self.key("alive", me), "1", px=ms, xx=True)  # (None: Redis forgot this worker)
        for kind in ("online", "sessions", "tables"):
            pipe.pexpire(self.key(kind, me), ms)
        pipe.smembers(self.key("workers"))
        self.round_trips += 1
        answers = await pipe.execute()
        if not answers[0]:
            log.warning("Redis at %s had forgotten this worker (restarted?): writing all it holds again", self.where)
            await self._announce()
        others = [w for w in answers[-1] if w != me]
        if not others:
            return
        pipe = self.redis.pipeline(transaction=False)
        for worker in others:
            pipe.exists(self.key("alive", worker))
        self.round_trips += 1
        dead = [w for w, alive in zip(others, await pipe.execute()) if not alive]
        for worker in dead:
            log.info("worker %s stopped answering: its people and tables leave the lobby", worker)
            await self._forget_worker(worker)
            self._drop_worker(worker)
        if dead:
            self.on_news()

    async def _forget_worker(self, worker: str) -> None:
        pipe = self.redis.pipeline(transaction=True)
        pipe.srem(self.key("workers"), worker)
        for kind in ("alive", "online", "sessions", "tables"):
            pipe.delete(self.key(kind, worker))
        pipe.publish(self.channel, json.dumps({"w": worker, "k": "gone"}))
        self.round_trips += 1
        await pipe.execute()

    # ---- who is online

    def arrive(self, name: str) -> None:
        self._online_changed(name, 1)

    def depart(self, name: str) -> None:
        self._online_changed(name, -1)

    def _online_changed(self, name: str, step: int) -> None:
        count = add_count(self._here, name, step)
        self._recount()
        key, news, ms = self.key("online", self.worker), self._news("online", name=name, n=count), int(self.ttl * 1000)

        async def write() -> None:
            pipe = self.redis.pipeline(transaction=True)
            if count:
                pipe.hset(key, name, count)
                pipe.pexpire(key, ms)
            else:
                pipe.hdel(key, name)
            pipe.publish(self.channel, news)
            await pipe.execute()

        self._write(write)

    # ---- sessions, against every worker's

    async def admit(self, address: str, max_sessions: int, per_address: int) -> str | None:
        if not self._lost:
            try:
                self.round_trips += 1
                verdict = await asyncio.wait_for(
                    self._script(
                        "admit",
                        ADMIT,
                        [self.key("workers")],
                        [self.prefix, self.worker, address, max_sessions, per_address, int(self.ttl * 1000)],
                    ),
                    CALL_TIMEOUT,
                )
            except (RedisError, OSError, TimeoutError) as exc:
                self._gone(exc)
            else:
                if verdict == 1:
                    return f"The arcade is full ({max_sessions} players); try again later."
                if verdict == 2:
                    return f"Too many sessions from {address} ({per_address}); close one first."
                add_count(self._sessions_here, "*", 1)
                add_count(self._sessions_here, "a:" + address, 1)
                return None
        # Without Redis, this worker's own limits (checked by the server) are all there is.
        add_count(self._sessions_here, "*", 1)
        add_count(self._sessions_here, "a:" + address, 1)
        return None

    def release(self, address: str) -> None:
        total = add_count(self._sessions_here, "*", -1)
        here = add_count(self._sessions_here, "a:" + address, -1)
        key = self.key("sessions", self.worker)

        async def write() -> None:
            pipe = self.redis.pipeline(transaction=True)
            for field, count in (("*", total), ("a:" + address, here)):
                if count:
                    pipe.hset(key, field, count)
                else:
                    pipe.hdel(key, field)
            await pipe.execute()

        self._write(write)

    # ---- chat

    def say(self, name: str, text: str) -> str | None:
        """As the one-process hub says, but the line shows when Redis sends it back (so every
        worker shows the lines in one order); without Redis, at once."""
        if self._lost or self._writes is None:
            return super().say(name, text)
        text = chat_text(text)
        if not text:
            return "nothing to say"
        if not self._may_say(name):
            return f"slow down: at most {CHAT_BURST} lines in {CHAT_WINDOW:.0f} seconds"
        line = ChatLine(self.now(), name, text)
        self._said.setdefault(name, deque()).append(line.at)
        self._sent(line)
        return None

    def _sent(self, line: ChatLine) -> None:
        data = json.dumps({"name": line.name, "text": line.text}, ensure_ascii=False)
        news = self._news("chat", line={"name": line.name, "text": line.text})

        async def write() -> None:
            added = await self._script(
                "say",
                SAY,
                [self.key("chat"), self.key("said", fold(line.name)), self.channel],
                [data, CHAT_BURST, int(CHAT_WINDOW * 1000), CHAT_LINES, news],
            )
            if not added:  # said from another worker too, at the same moment: the rate holds
                log.info("%s: a chat line over the rate, said from two workers at once, was dropped", line.name)

        self._write(write)

    # ---- the tables this worker hosts

    def table_listed(self, table: Any) -> None:
        listing = TableListing.of(table, self.worker)
        if self._tables_here.get(listing.id) == listing:
            return  # (nothing the others show changed)
        self._tables_here[listing.id] = listing
        data = listing.to_dict()
        self._table_write(listing.id, json.dumps(data, ensure_ascii=False), self._news("table", id=listing.id, t=data))

    def table_gone(self, table_id: str) -> None:
        if self._tables_here.pop(table_id, None) is not None:
            self._table_write(table_id, None, self._news("table", id=table_id, t=None))

    def _table_write(self, table_id: str, data: str | None, news: str) -> None:
        key, ms = self.key("tables", self.worker), int(self.ttl * 1000)

        async def write() -> None:
            pipe = self.redis.pipeline(transaction=True)
            if data is None:
                pipe.hdel(key, table_id)
            else:
                pipe.hset(key, table_id, data)
                pipe.pexpire(key, ms)
            pipe.publish(self.channel, news)
            await pipe.execute()

        self._write(write)

    # ---- tables across workers

    def table_links(self, lobby: Lobby) -> TableLinks:
        from cardarcade.server.table_links import TableLinks

        return TableLinks(self, lobby)

    # ---- the leaderboard and the last games finished (leaderboard.py, recent.py)

    def rated(self, standings: Any) -> bool:
        standings = list(standings)
        changed = super().rated(standings)
        if self._lost or self._writes is None:
            for standing in standings:
                if standing.newer_than(self._unsent_ratings.get((standing.game, standing.name))):
                    self._unsent_ratings[standing.game, standing.name] = standing
        else:
            self._write(lambda: self._share(standings))
        return changed

    def finished(self, game: FinishedGame, packed: str | None) -> None:
        """As the one-process hub does, but the game is listed when Redis tells it back (so every
        worker lists the games in one order); without Redis, at once."""
        if self._lost or self._writes is None:
            self._list_finished(game)
            self._replays[game.id] = packed or ""  # (kept here until Redis is back: this worker shows it)
            self._unsent_games.append((game, packed))
        else:
            self._write(lambda: self._share([(game, packed)]))

    async def _share(self, records: list[Standing | tuple[FinishedGame, str | None]]) -> None:
        """Ratings and finished games into Redis, each told to every worker: one script call, or
        a pipeline of them (which first asks whether Redis has the scripts: two round trips)."""
        pipe = self.redis.pipeline(transaction=False) if len(records) > 1 else None
        for record in records:
            if isinstance(record, Standing):
                data = record.to_dict()
                await self._script(
                    "rate",
                    RATE,
                    [self.key("board", record.game), self.channel],
                    [
                        record.name,
                        json.dumps(data, ensure_ascii=False),
                        record.rated,
                        record.at,
                        self._news("rated", s=data),
                    ],
                    client=pipe,
                )
            else:
                game, packed = record
                data = game.to_dict()
                await self._script(
                    "finish",
                    FINISH,
                    [self.key("recent"), self.channel, self.key("replay", game.id)],
                    [
                        json.dumps(data, ensure_ascii=False),
                        packed or "",
                        RECENT_GAMES,
                        REPLAY_TTL,
                        self.key("replay", ""),
                        self._news("finished", g=data),
                    ],
                    client=pipe,
                )
        if pipe is not None:
            await pipe.execute()

    async def _read_board(self) -> None:
        """What was recorded while Redis was gone goes first; then every game's board and the list."""
        unsent: list[Standing | tuple[FinishedGame, str | None]] = [*self._unsent_ratings.values(), *self._unsent_games]
        if unsent:
            self._unsent_ratings.clear()
            self._unsent_games.clear()
            self.round_trips += 1
            await self._share(unsent)
            self._replays.clear()
        pipe = self.redis.pipeline(transaction=False)
        for game_id in GAMES:
            pipe.hgetall(self.key("board", game_id))
        pipe.lrange(self.key("recent"), 0, RECENT_GAMES - 1)
        self.round_trips += 1
        *boards, recent = await pipe.execute()
        for people in boards:
            self.board.record_all(s for text in people.values() if (s := _standing_of(text)) is not None)
        self.recent.clear()
        for text in reversed(recent):
            try:
                game = FinishedGame.from_dict(json.loads(text))
            except ValueError:
                game = None
            if game is not None:
                self._list_finished(game)

    async def packed_replay(self, replay_id: str) -> str | None:
        if replay_id in self._replays or self._lost:
            return self._replays.get(replay_id) or None
        try:
            self.round_trips += 1
            packed = await asyncio.wait_for(self.redis.get(self.key("replay", replay_id)), CALL_TIMEOUT)
        except (RedisError, OSError, TimeoutError) as exc:
            self._gone(exc)
            return None
        return packed if isinstance(packed, str) else None


def _standing_of(text: Any) -> Standing | None:
    try:
        return Standing.from_dict(json.loads(text))
    except ValueError:
        return None


class RedisNames(NameRegistry):
    """The names bound to keys, in Redis for every worker (the file's rules, names.py): asked on
    the loop, it answers from the mirror; a new claim holds at once here and is recorded by a
    script that refuses it if another worker recorded the name, or a name for the key, first (the
    session that lost is told, as with the file)."""

    def __init__(self, hub: RedisHub, named: dict[str, str]) -> None:
        self.hub = hub
        super().__init__(Path(f"{hub.where} ({hub.key('names')})"), named)

    @property
    def kept_in(self) -> str:
        # (as a Path, a URL's "//" reads "redis:/host")
        return f"{self.hub.where} ({self.hub.key('names')})"

    def _load(self, strict: bool = False) -> None:
        """(The mirror is kept by the news; nothing to read at each login.)"""

    async def read_all(self) -> None:
        self.hub.round_trips += 1
        stored = await self.hub.redis.hgetall(self.hub.key("names"))
        claims = {}
        for folded, text in stored.items():
            claim = _claim_of(text)
            if claim is not None and fold(claim.name) == folded:
                claims[folded] = claim
        self._claims = claims

    def heard(self, news: dict[str, Any]) -> None:
        """Another worker recorded or gave up a claim."""
        claim = _claim_of(json.dumps(news.get("claim")))
        if claim is None:
            return
        if news.get("gone"):
            if self._claims.get(fold(claim.name)) == claim:
                del self._claims[fold(claim.name)]
        else:
            self._claims[fold(claim.name)] = claim

    def close(self) -> None:
        """(The hub's writes are waited for when it closes.)"""

    def _save(self, adding: Claim | None, dropping: Claim | None, on_lost: Callable[[str], None] | None) -> None:
        hub = self.hub
        keys = [hub.key("names"), hub.key("keys"), hub.channel]
        change = adding or dropping
        assert change is not None
        text = _claim_json(change)

        async def write() -> None:
            refusal: str | None = None
            try:
                if adding is not None:
                    news = hub._news("name", claim=json.loads(text))
                    if not await hub._script("claim", CLAIM, keys, [fold(adding.name), adding.key, text, news]):
                        refusal = (
                            "Another server claimed that name, or a name for this key, a moment ago: log in again."
                        )
                else:
                    news = hub._news("name", claim=json.loads(text), gone=True)
                    await hub._script("release", RELEASE, keys, [fold(change.name), change.key, text, news])
            except (RedisError, OSError):
                refusal = CANNOT_RECORD
                raise
            finally:
                self._settled(adding, dropping, on_lost, refusal)

        if hub._writes is None or hub._lost:
            self._settled(adding, dropping, on_lost, CANNOT_RECORD)
            if adding is not None:
                raise NameRefused(CANNOT_RECORD)
            return
        hub._write(write)

    def _settled(
        self, adding: Claim | None, dropping: Claim | None, on_lost: Callable[[str], None] | None, refusal: str | None
    ) -> None:
        for waiting, change in ((self._adding, adding), (self._dropping, dropping)):
            if change is not None and waiting.get(fold(change.name)) == change:
                del waiting[fold(change.name)]
        if refusal is None:
            if adding is not None:
                self._claims[fold(adding.name)] = adding
            if dropping is not None and self._claims.get(fold(dropping.name)) == dropping:
                del self._claims[fold(dropping.name)]
        elif adding is not None:
            log.warning("the key %s lost its claim to the name %s: %s", adding.key, adding.name, refusal)
            if on_lost is not None:
                on_lost(refusal)
