"""Who plays under which name when players log in with keys (``serve ssh --auth keys``).

A name belongs to one key. The server's key list may name a key's player, on its
``authorized_keys`` line: ``environment="CARDARCADE_PLAYER=ada" ssh-ed25519 AAAA... ada@laptop``
(an option OpenSSH's own server also accepts, so the same file can serve both). Such a key plays
as that name only, and no other key may take the name; several lines may give one name (a
person's laptop and phone). The comment at the end of a line is never read as a name: ssh-keygen
writes ``user@host`` there.

A key the list does not name claims the first name it logs in under, and keeps it: one key, one
name. The claims are kept in ``player_names.json`` in the server's data folder, one entry per
name: the name as first spelled, the key's SHA256 fingerprint, and when. Names are compared
without regard to case (``Ada`` is ``ada``: they share one folder of saves). Whoever runs the
server may edit the file while it runs (it is read again when it changes); removing an entry
frees that name and that key. A file that cannot be read is reported, never overwritten: the
server will not start with it, and while serving it keeps the claims it had and records no new
ones until the file is mended.

Names ending in ``@web`` are the browser's (``serve ssh --web-port``): no key may take one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from datetime import datetime, UTC
from pathlib import Path
from collections.abc import Callable

import asyncssh

from cardarcade.store._files import write_atomically

try:
    import fcntl
except ImportError:  # Windows: one server per data folder there (no lock between processes)
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("cardarcade.server")

NAMES_FILE = "player_names.json"
PLAYER_VARIABLE = "CARDARCADE_PLAYER"  # environment="CARDARCADE_PLAYER=ada" names a key's player
BROWSER_MARK = "@web"  # ends every browser player's name when SSH players log in with keys
CANNOT_RECORD = "The arcade cannot record names right now; try again later."


class NameRefused(Exception):
    """Why a key may not play under the name it asked for: one line, said to the player."""


class NamesFileError(ValueError):
    """The names file cannot be used; the message says which file, why, and what to do."""


@dataclass(frozen=True)
class Claim:
    name: str  # as spelled by the key that claimed it
    key: str  # SHA256 fingerprint
    claimed: str  # when, ISO 8601 in UTC

    @property
    def day(self) -> str:
        return self.claimed[:10]


def fold(name: str) -> str:
    """The form names are compared in: the form the players' folders are named by."""
    return name.casefold()


def is_browser_name(name: str) -> bool:
    return fold(name).endswith(BROWSER_MARK)


def _options_and_key(line: str) -> tuple[list[str], str]:
    """Split an authorized_keys line into its options and the rest, the way OpenSSH (and
    asyncssh) read it: options run to the first space outside double quotes, separated by commas
    outside quotes; a backslash takes the next character as it is."""
    try:
        asyncssh.import_public_key(line)
        return [], line  # a key with no options before it
    except (asyncssh.KeyImportError, ValueError):
        pass
    options, option, quoted, escaped, end = [], "", False, False, len(line)
    for index, char in enumerate(line):
        if escaped:
            option += char
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif quoted:
            option += char
        elif char in " \t":
            end = index
            break
        elif char == ",":
            options.append(option)
            option = ""
        else:
            option += char
    options.append(option)
    return options, line[end:].strip()


def named_players(text: str, source: str) -> dict[str, str]:
    """The keys the list names a player for: {SHA256 fingerprint: name}. Raises ValueError, with
    the line, for a name that cannot be used or a key given two names."""
    from cardarcade.server.ssh import MAX_NAME, player_name

    named: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        options, rest = _options_and_key(line)
        given = []
        for option in options:
            kind, _, setting = option.partition("=")
            variable, _, value = setting.partition("=")
            if kind.lower() == "environment" and variable == PLAYER_VARIABLE:
                given.append(value)
        if not given:
            continue
        try:
            key = asyncssh.import_public_key(rest)
        except (asyncssh.KeyImportError, ValueError):
            continue  # not a plain key (asyncssh skips what it cannot read; certificates are not taken)
        where = f"{source}, line {number}"
        if len(set(given)) > 1:
            raise ValueError(f"{where} names two players ({', '.join(given)}): one key, one name")
        name = given[0]
        if player_name(name) != name:
            raise ValueError(
                f"{where}: {PLAYER_VARIABLE}={name!r} cannot be a player's name "
                f"(1 to {MAX_NAME} characters, no control characters, no spaces at either end)"
            )
        if is_browser_name(name):
            raise ValueError(f"{where}: {PLAYER_VARIABLE}={name}: names ending in {BROWSER_MARK} are the browser's")
        fingerprint = key.get_fingerprint()
        if fold(named.get(fingerprint, name)) != fold(name):
            raise ValueError(
                f"{where} names the key {fingerprint} {name}, and an earlier line "
                f"{named[fingerprint]}: one key, one name"
            )
        named[fingerprint] = name
    return named


class NameRegistry:
    """The names file, and the rules above. Asked on the server's loop, it answers from memory
    (a login costs a ``stat`` of the file, read again only when it changed); a new claim holds
    at once, in this process, and is written to the file by a thread of its own, since a write
    waits on the disk (a claim took 3 ms at the median and once 660 ms on a loaded machine).
    The write is atomic, readable by the owner only, under a lock other server processes
    sharing the folder take too, and checked against what the file holds then: a claim another
    process recorded first wins, and the session that lost is told (``on_lost``)."""

    def __init__(self, path: Path, named: dict[str, str] | None = None) -> None:
        self.path = path
        self.named = dict(named or {})  # fingerprint -> name, from the key list
        self._given = {fold(name) for name in self.named.values()}  # names no other key may take
        self._claims: dict[str, Claim] = {}  # fold(name) -> its claim, as the file was last read
        self._adding: dict[str, Claim] = {}  # claims made here and not yet written
        self._dropping: dict[str, Claim] = {}  # claims given up here and not yet written
        self._seen: tuple[int, int, int] | None = None  # (mtime_ns, size, inode) of what was read
        self._damage: str | None = None  # why the file cannot be used now (no claims are written)
        self._writer: ThreadPoolExecutor | None = None
        self._load(strict=True)

    @property
    def kept_in(self) -> str:
        """Where the claims are kept, as a person reads it (the file's path)."""
        return str(self.path)

    # ---- the one question

    def admit(self, asked: str, key: str, on_lost: Callable[[str], None] | None = None) -> str:
        """The name a key logs in under (the spelling of its claim), claiming ``asked`` if it is
        free. ``asked`` is already a player's name (``player_name``); ``key`` the fingerprint.
        Raises NameRefused with the line to say to the player. A new claim holds at once; if the
        file then cannot take it, ``on_lost`` is called on the loop with the line to say."""
        self._load()
        claims = self._current()
        own = next((claim for claim in claims.values() if claim.key == key), None)
        named = self.named.get(key)
        if named is not None:
            if fold(asked) != fold(named):
                raise NameRefused(f"This key plays as {named}: log in as {named}.")
            if own is not None:  # the list named the key after it had claimed a name itself
                self._release(own, f"the key list names its player {named}")
            return named
        if is_browser_name(asked):
            raise NameRefused(f"Names ending in {BROWSER_MARK} are the browser players': log in under another name.")
        if fold(asked) in self._given:
            if own is not None and fold(own.name) == fold(asked):
                self._release(own, "the key list gives the name to another key")
            raise NameRefused(f"The name {asked} belongs to another key: log in under another name.")
        if own is not None:
            if fold(own.name) != fold(asked):
                raise NameRefused(f"This key plays as {own.name} (its name since {own.day}): log in as {own.name}.")
            return own.name
        taken = claims.get(fold(asked))
        if taken is not None:
            raise NameRefused(
                f"The name {taken.name} belongs to another key (since {taken.day}): log in under another name."
            )
        if self._damage is not None:
            raise NameRefused(CANNOT_RECORD)  # (its claims stand; none is added to a file that cannot be read)
        claim = Claim(asked, key, datetime.now(UTC).isoformat(timespec="seconds"))
        self._adding[fold(asked)] = claim
        log.info("the name %s is claimed by the key %s", asked, key)
        self._save(claim, None, on_lost)
        return asked

    def _current(self) -> dict[str, Claim]:
        """The claims as they stand here: the file's, with what is on its way to it."""
        claims = {name: claim for name, claim in self._claims.items() if self._dropping.get(name) != claim}
        claims.update(self._adding)
        return claims

    def _release(self, claim: Claim, why: str) -> None:
        if self._damage is not None:
            return  # (tried again at the key's next login)
        log.warning("the name %s is no longer claimed by the key %s: %s", claim.name, claim.key, why)
        self._dropping[fold(claim.name)] = claim
        self._save(None, claim, None)

    def close(self) -> None:
        """Wait for the claims on their way to the file (it blocks: not on the loop)."""
        if self._writer is not None:
            self._writer.shutdown()

    # ---- writing

    def _save(self, adding: Claim | None, dropping: Claim | None, on_lost: Callable[[str], None] | None) -> None:
        """Write a change to the file: by the writer thread when on a loop, else at once (and
        a claim that cannot be written raises NameRefused)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # (a tool, or a test, with no loop)
            done: Future = Future()
            try:
                done.set_result(self._write(adding, dropping))
            except NameRefused as refusal:
                done.set_exception(refusal)
            self._saved(adding, dropping, None, done)
            if adding is not None and done.exception() is not None:
                raise done.exception()  # type: ignore[misc]  # noqa: B904 - the refusal itself, not a fault in handling it
            return
        if self._writer is None:  # (its thread ends with the process, once its writes are done)
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardarcade-names")
        future = self._writer.submit(self._write, adding, dropping)
        future.add_done_callback(lambda done: loop.call_soon_threadsafe(self._saved, adding, dropping, on_lost, done))

    def _saved(
        self, adding: Claim | None, dropping: Claim | None, on_lost: Callable[[str], None] | None, done: Future
    ) -> None:
        """A write ended (on the loop, in the order they were asked for)."""
        for waiting, change in ((self._adding, adding), (self._dropping, dropping)):
            if change is not None and waiting.get(fold(change.name)) == change:
                del waiting[fold(change.name)]
        try:
            self._claims, self._seen = done.result()
        except NameRefused as refusal:
            self._seen = None  # what the file holds is read again at the next login
            if adding is not None:
                log.warning("the key %s lost its claim to the name %s: %s", adding.key, adding.name, refusal)
                if on_lost is not None:
                    on_lost(str(refusal))

    def _write(self, adding: Claim | None, dropping: Claim | None) -> tuple[dict[str, Claim], tuple[int, int, int]]:
        """Apply one change to the claims as the file holds them now, and write the file, all
        under the lock (in the writer thread). Raises NameRefused with the line to say."""
        try:
            with _FileLock(self.path.with_name(self.path.name + ".lock")):
                try:
                    claims = self._parse(self.path.read_bytes())
                except FileNotFoundError:
                    claims = {}
                if dropping is not None and claims.get(fold(dropping.name)) == dropping:
                    del claims[fold(dropping.name)]
                if adding is not None:
                    for existing in claims.values():
                        if existing != adding and (
                            fold(existing.name) == fold(adding.name) or existing.key == adding.key
                        ):
                            raise NameRefused(
                                "Another server claimed that name, or a name for this key, a moment ago: log in again."
                            )
                    claims[fold(adding.name)] = adding
                document = {"names": [asdict(c) for c in sorted(claims.values(), key=lambda c: fold(c.name))]}
                # (a new file each time, made 0600 from its first byte)
                write_atomically(self.path, (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode())
                stat = self.path.stat()
                return claims, (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        except ValueError as exc:  # damaged since it was last read
            log.error(
                "the player names in %s cannot be used: %s; no new name is claimed until it is mended", self.path, exc
            )
        except OSError as exc:
            log.error("cannot write %s: %s", self.path, exc.strerror or exc)
        raise NameRefused(CANNOT_RECORD)

    # ---- reading

    def _load(self, strict: bool = False) -> None:
        """Read the file if it changed since it was last read. A damaged file raises
        NamesFileError when ``strict`` (at start); else it is logged, the claims already read
        stand, and no new claim is written until it is mended."""
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            self._claims, self._seen, self._damage = {}, None, None
            return
        except OSError as exc:
            self._damaged(f"cannot read it ({exc.strerror or exc})", strict)
            return
        seen = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        if seen == self._seen:
            return
        try:
            claims = self._parse(self.path.read_bytes())
        except OSError as exc:
            self._damaged(f"cannot read it ({exc.strerror or exc})", strict)
            return
        except ValueError as exc:
            self._damaged(str(exc), strict)
            self._seen = seen  # said once per version of the file
            return
        self._claims, self._seen, self._damage = claims, seen, None

    def _damaged(self, why: str, strict: bool) -> None:
        message = (
            f"the player names in {self.path} cannot be used: {why}. Mend the file or move it "
            "away (it is never overwritten while it cannot be read)"
        )
        if strict:
            raise NamesFileError(message)
        if self._damage != message:
            log.error("%s; until then no new name is claimed", message)
        self._damage = message

    @staticmethod
    def _parse(data: bytes) -> dict[str, Claim]:
        from cardarcade.server.ssh import player_name

        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"not JSON ({exc})") from None
        entries = document.get("names") if isinstance(document, dict) else None
        if not isinstance(entries, list):
            raise ValueError('no list of "names" in it')
        claims: dict[str, Claim] = {}
        keys: set[str] = set()
        for number, entry in enumerate(entries, 1):
            if not (isinstance(entry, dict) and all(isinstance(entry.get(f), str) for f in ("name", "key", "claimed"))):
                raise ValueError(f'entry {number} is not a "name", a "key" and a "claimed" date')
            claim = Claim(entry["name"], entry["key"], entry["claimed"])
            if player_name(claim.name) != claim.name:
                raise ValueError(f"entry {number}: {claim.name!r} cannot be a player's name")
            if fold(claim.name) in claims:
                raise ValueError(f"entry {number}: the name {claim.name} is listed twice")
            if claim.key in keys:
                raise ValueError(f"entry {number}: the key {claim.key} is listed twice (one key, one name)")
            claims[fold(claim.name)] = claim
            keys.add(claim.key)
        return claims


class _FileLock:
    """An exclusive lock on a file, between processes (``flock``). Waited for as long as it
    takes (another process holds it for one write): only the writer thread waits, never the loop."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    def __enter__(self) -> _FileLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        if fcntl is not None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX)
            except OSError:
                self.__exit__()
                raise
        return self

    def __exit__(self, *_: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # (closing lets go of the lock)
            self.fd = None
