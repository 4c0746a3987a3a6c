"""House-rule books: a group's official rules for one game, kept by name ("Friday night").

A book is the house-rule values the group plays by, the group's rulings on situations the rules
left open (notes), and a dated history of every change. Each book is one TOML file in the
user config folder, ``books/<game>/<name>-<hash>.toml``, and the same text is what
``cardarcade rules export`` prints and ``rules import`` reads::

    format = "cardarcade-book"
    version = 1
    game = "slapjack"
    name = "Friday night"
    notes = \"\"\"
    A jack slapped at the same moment by two players: the hand underneath wins.
    \"\"\"
    history = [
        "2026-11-22 20:01 created",
        "2026-11-22 20:05 Packs: one pack (52 cards) -> two packs (104 cards)",
    ]

    [options]
    decks = 2

A book's house rules are checked by its game on every read, so a file edited by hand or sent
by a friend is used whole or not at all: the reason (with the line, for an import) is given
instead. A file that cannot be read is listed with the reason and never overwritten.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardarcade.rules import GAMES
from cardarcade.rules.base import GameSpec, Options, option_error, option_label, option_value_label
from cardarcade.store._files import Changed, safe_stem, user_config_dir, write_atomically
from cardarcade.tomlfile import UnusableFile, read_toml, toml_text

if TYPE_CHECKING:
    from cardarcade.store.documents import Mirror

BOOK_FORMAT = "cardarcade-book"
BOOK_VERSION = 1
MAX_BOOK_NAME = 60
MAX_NOTES = 20_000  # characters: pages of rulings, far more than a group writes
MAX_HISTORY = 1_000  # entries kept; the oldest go first
# A book is a few hundred bytes; the notes and a long history stay far below this.
MAX_BOOK_BYTES = 256 * 1024


class BookError(ValueError):
    """A book cannot be read, imported or saved; the message says why in the player's words."""


@dataclass(frozen=True)
class Book:
    game_id: str
    name: str
    options: Options
    notes: str = ""
    history: tuple[str, ...] = ()

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game_id]


@dataclass(frozen=True)
class BookEntry:
    """A book file of one game; ``problem`` says why it cannot be used (then ``book`` is None)."""

    path: Path
    book: Book | None
    problem: str | None = None


class _BookFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    format: Literal["cardarcade-book"]
    version: int
    game: str
    name: str = Field(min_length=1, max_length=MAX_BOOK_NAME)
    notes: str = Field("", max_length=MAX_NOTES)
    history: list[str] = Field([], max_length=MAX_HISTORY)
    options: dict[str, Any] = {}


def check_name(name: str) -> str:
    """The book name as kept (spaces at the ends dropped); BookError if it cannot be one."""
    name = name.strip()
    if not name:
        raise BookError("A book needs a name.")
    if len(name) > MAX_BOOK_NAME:
        raise BookError(f"A book's name is at most {MAX_BOOK_NAME} characters (this one has {len(name)}).")
    if not name.isprintable():
        raise BookError("A book's name cannot hold tabs, line breaks or other control characters.")
    return name


def file_name(name: str) -> str:
    """A safe file name for a book: the name's letters and digits (nothing that climbs out of the
    folder) and a hash of the whole name, the same for names differing only in case."""
    return safe_stem(name, "book") + ".toml"


def stamp(now: datetime | None = None) -> str:
    return f"{(now or datetime.now()):%Y-%m-%d %H:%M}"


_STAMP = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")


def merged_history(ours: tuple[str, ...], theirs: tuple[str, ...]) -> list[str]:
    """Two histories of one book (this computer's and an imported copy's) as one, in date order.
    What both hold (the past they share, when one was exported from the other) is kept once; an
    undated entry (a file edited by hand) stays after the dated entry it followed; on the same
    minute, this computer's entries come first."""
    shared = Counter(ours)
    only_theirs = []
    for entry in theirs:
        if shared[entry]:
            shared[entry] -= 1
        else:
            only_theirs.append(entry)

    def dated(entries: tuple[str, ...] | list[str]) -> list[tuple[str, str]]:
        when, out = "", []
        for entry in entries:
            found = _STAMP.match(entry)
            when = found.group() if found else when
            out.append((when, entry))
        return out

    return [entry for _, entry in sorted(dated(ours) + dated(only_theirs), key=lambda pair: pair[0])]


def changes(spec: GameSpec, before: Options, after: Options) -> list[str]:
    """'Packs: one pack (52 cards) -> two packs (104 cards)', one line per house rule that differs."""
    lines = []
    for name, info in spec.Options.model_fields.items():
        old, new = getattr(before, name), getattr(after, name)
        if old != new:
            lines.append(
                f"{option_label(info, name)}: {option_value_label(info, old)} -> {option_value_label(info, new)}"
            )
    return lines


# ---------------------------------------------------------------- the text of a book


def book_text(book: Book) -> str:
    """The book as TOML (its file, and what export prints)."""
    head = toml_text({"format": BOOK_FORMAT, "version": BOOK_VERSION, "game": book.game_id, "name": book.name})
    options = toml_text({"options": book.options.model_dump(mode="json")})
    history = toml_text({"history": list(book.history)})
    return (
        f"# A cardarcade house-rule book for {book.spec.title}. "
        f"Share it; add it with: cardarcade rules import FILE\n"
        f"{head}notes = {_multiline(book.notes)}\n{history}\n{options}"
    )


def _multiline(text: str) -> str:
    """A TOML multi-line basic string: the notes read as the group wrote them, line by line."""
    if not text:
        return '""'
    escaped = re.sub(
        r'["\\\x00-\x08\x0b-\x1f\x7f]',
        lambda m: {'"': '\\"', "\\": "\\\\"}.get(m.group(), f"\\u{ord(m.group()):04x}"),
        text,
    )
    return f'"""\n{escaped}"""' if escaped.endswith("\n") else f'"""\n{escaped}\\\n"""'


def parse_book(text: str, source: str) -> Book:
    """A book from TOML text, checked whole; BookError names ``source``, the line and the reason."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        reason = re.sub(r"\s*\(at line.*\)$", "", str(exc))
        where = f"line {found.group(1)}: " if found else ""
        raise BookError(f"{source}: {where}not valid TOML ({reason[0].lower() + reason[1:]})") from None
    except (RecursionError, ValueError, MemoryError):  # nested too deep, a number too long to read
        raise BookError(f"{source}: nested too deep or a number too long") from None
    return book_from_data(data, source, text)


def book_from_data(data: dict[str, Any], source: str, text: str | None = None) -> Book:
    """A book from parsed TOML; with ``text`` a fault is given with its line."""

    def fail(reason: str, key: str | None = None, table: str | None = None) -> BookError:
        line = _line_of(text, key, table) if text is not None and key is not None else None
        return BookError(f"{source}: " + (f"line {line}: " if line else "") + reason)

    if data.get("format") != BOOK_FORMAT:
        raise fail(f'not a cardarcade house-rule book (it needs format = "{BOOK_FORMAT}")', "format")
    version = data.get("version")
    if type(version) is int and version > BOOK_VERSION:
        raise fail(
            f"written by a newer cardarcade (book version {version}; this one reads up to {BOOK_VERSION})", "version"
        )
    try:
        raw = _BookFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = str(err["loc"][0]) if err.get("loc") else None
        if err.get("type") == "extra_forbidden":
            raise fail(
                f"a book has no {key!r} (it holds format, version, game, name, notes, history and [options])", key
            ) from None
        if err.get("type") == "missing":
            raise fail(f"the book has no {key} = ...") from None
        raise fail(f"{key}: {str(err.get('msg', 'invalid')).lower()}", key) from None
    if raw.version != BOOK_VERSION:
        raise fail(f"not a book version this cardarcade reads ({raw.version})", "version")
    spec = GAMES.get(raw.game)
    if spec is None:
        raise fail(f"a game this version of cardarcade does not have: {raw.game!r}", "game")
    try:
        name = check_name(raw.name)
    except BookError as exc:
        raise fail(str(exc), "name") from None
    if not raw.notes.replace("\n", "").replace("\t", "").isprintable():
        raise fail("the notes hold control characters (only text, tabs and line breaks)", "notes")
    if not all(entry.isprintable() for entry in raw.history):
        raise fail("a history entry holds control characters or a line break", "history")
    fields = spec.Options.model_fields
    for key in raw.options:
        if key not in fields:
            raise fail(
                f"no house rule {key!r} in {spec.title} (its house rules: {', '.join(fields) or 'none'})",
                key,
                "options",
            )
    try:
        options = spec.Options.model_validate(raw.options)
    except ValidationError as exc:
        loc = exc.errors()[0].get("loc") or ()
        raise fail(option_error(spec.Options, exc), str(loc[0]) if loc else None, "options") from None
    return Book(spec.id, name, options, raw.notes, tuple(raw.history))


def _line_of(text: str, key: str, table: str | None) -> int | None:
    """The line (from 1) where ``key`` is set in ``[table]`` (None: at the top); failing that,
    the first line setting a key of that name anywhere (a dotted key, an inline table)."""
    key_re = rf"""(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')\s*="""
    current: str | None = None
    fallback = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        header = re.fullmatch(r"\[\s*([^\[\]]+?)\s*\]\s*(#.*)?", stripped)
        if header:
            current = header.group(1).strip("\"'")
            if table is None and current.split(".")[0] == key:  # the key is a table: [extras]
                return number
            continue
        if current == table and re.match(key_re, stripped):
            return number
        if fallback is None and re.search(rf"(^|[\s{{,.]){key_re}", stripped):
            fallback = number
    return fallback


# ---------------------------------------------------------------- the store


class BookStore:
    """The house-rule books kept in one folder (by default the user config folder's ``books``)."""

    def __init__(
        self, folder: Path | None = None, clock: Callable[[], datetime] | None = None, mirror: Mirror | None = None
    ) -> None:
        """``mirror``: the database the books are copies of (``--database``: store/documents.py)."""
        self.folder = folder if folder is not None else user_config_dir() / "books"
        self._clock = clock or datetime.now
        self.mirror = mirror
        # With a mirror: whether a read brings this machine's copies up to date first (a round
        # trip), and how a written book is sent to the database (None: at once). An app reads
        # the copies alone on its loop and sends through its store's worker, which also ``pull``s.
        self.pull_on_read = True
        self.send: Callable[[Callable[[], None]], None] | None = None

    def pull(self, game_id: str) -> int:
        """With a database: the game's books on this machine brought up to date; how many changed."""
        if self.mirror is None:
            return 0
        return self.mirror.pull(f"{self.mirror.name_of(self._game_folder(game_id))}/")

    def _game_folder(self, game_id: str) -> Path:
        if game_id not in GAMES:  # also what keeps a game id from naming another folder
            raise BookError(f"there is no game {game_id!r}")
        return self.folder / game_id

    def entries(self, game_id: str) -> list[BookEntry]:
        """Every book file of a game, by name; those that cannot be used say why."""
        folder = self._game_folder(game_id)
        if self.pull_on_read:
            try:
                self.pull(game_id)
            except OSError:
                pass  # (the copies there are read)
        if not folder.is_dir():
            return []
        found = []
        for path in sorted(folder.glob("*.toml")):
            if path.name.startswith(".") or not path.is_file():
                continue
            found.append(self._read(path, game_id))
        return sorted(found, key=lambda e: (e.book is None, e.book.name.casefold() if e.book else e.path.name))

    def _read(self, path: Path, game_id: str) -> BookEntry:
        try:
            book = book_from_data(read_toml(path, MAX_BOOK_BYTES), path.name)
        except (UnusableFile, OSError) as exc:
            return BookEntry(path, None, f"{path.name}: {exc}")
        except BookError as exc:
            return BookEntry(path, None, str(exc))
        if book.game_id != game_id:
            return BookEntry(
                path, None, f"{path.name}: a book for {book.spec.title}, in {GAMES[game_id].title}'s folder"
            )
        return BookEntry(path, book)

    def damaged(self, game_id: str, name: str) -> BookEntry | None:
        """The file a book of that name is kept in, when it is there but cannot be used (edited
        by hand, written by a newer version, cut short): its entry says why. None otherwise."""
        try:
            path = self._game_folder(game_id) / file_name(check_name(name))
        except BookError:
            return None
        if not path.is_file():
            return None
        entry = self._read(path, game_id)
        return entry if entry.book is None else None

    def names(self, game_id: str) -> list[str]:
        """The names of the game's books that can be used, in order."""
        return [e.book.name for e in self.entries(game_id) if e.book is not None]

    def problems(self, game_id: str) -> list[str]:
        """Why each of the game's unusable book files cannot be used."""
        return [e.problem for e in self.entries(game_id) if e.problem is not None]

    def _find(self, game_id: str, name: str) -> BookEntry | None:
        wanted = name.strip().casefold()
        return next((e for e in self.entries(game_id) if e.book is not None and e.book.name.casefold() == wanted), None)

    def get(self, game_id: str, name: str) -> Book | None:
        """The book of that name (names differing only in case are the same book), or None."""
        if game_id not in GAMES:
            return None
        entry = self._find(game_id, name)
        return entry.book if entry else None

    def save_book(self, game_id: str, name: str, options: Options, notes: str | None = None) -> Book:
        """Create the book, or update the one of that name; the history records what changed.
        ``notes`` None keeps the notes as they are. BookError says why it could not be saved."""
        spec = GAMES.get(game_id)
        if spec is None:
            raise BookError(f"there is no game {game_id!r}")
        name = check_name(name)
        options = spec.parse_options(options)
        if notes is not None:
            notes = notes.replace("\r\n", "\n")
            if len(notes) > MAX_NOTES:
                raise BookError(f"The notes are at most {MAX_NOTES:,} characters (these have {len(notes):,}).")
            if not notes.replace("\n", "").replace("\t", "").isprintable():
                raise BookError("The notes cannot hold control characters (only text, tabs and line breaks).")
        entry = self._find(game_id, name)
        now = stamp(self._clock())
        if entry is None:
            book = Book(game_id, name, options, notes or "", (f"{now} created",))
        else:
            old = entry.book
            assert old is not None
            new_notes = old.notes if notes is None else notes
            history = [f"{now} {line}" for line in changes(spec, old.options, options)]
            if new_notes != old.notes:
                history.append(f"{now} notes changed")
            if not history:
                return old
            book = Book(game_id, old.name, options, new_notes, old.history + tuple(history))
        return self._write(book, entry)

    def _write(self, book: Book, entry: BookEntry | None) -> Book:
        """Write the book where it was read from (or a new file); a file of that name that is not
        this book (a broken one, another name's) is left alone."""
        book = Book(book.game_id, book.name, book.options, book.notes, book.history[-MAX_HISTORY:])
        path = entry.path if entry is not None else self._game_folder(book.game_id) / file_name(book.name)
        if entry is None and path.exists():
            other = self._read(path, book.game_id)
            raise BookError(
                f"{path} is kept as it is ({other.problem or 'it holds another book'}); "
                "choose another name, or move that file away"
            )
        try:
            base = path.read_bytes() if entry is not None else None  # (the copy this change was made from)
            write_atomically(path, book_text(book).encode())
            if self.mirror is not None:  # (refused if another machine changed the book meanwhile)
                mirror, what = self.mirror, f"the book {book.name!r}"
                if self.send is not None:
                    self.send(lambda: mirror.push_over(path, base, what))
                else:
                    mirror.push_over(path, base, what)
        except Changed as exc:
            raise BookError(f"{str(exc)[0].upper()}{str(exc)[1:]}.") from None
        except OSError as exc:
            raise BookError(f"the book could not be saved in {path.parent} ({exc.strerror or exc})") from None
        return book

    def export_text(self, game_id: str, name: str) -> str:
        """The book as TOML, to share; BookError if there is no such book."""
        book = self.get(game_id, name)
        if book is None:
            title = GAMES[game_id].title if game_id in GAMES else game_id
            known = ", ".join(repr(n) for n in self.names(game_id)) if game_id in GAMES else ""
            raise BookError(
                f"there is no book {name!r} for {title}" + (f" (books: {known})" if known else " (none saved)")
            )
        return book_text(book)

    def import_text(self, text: str, source_name: str, replace: bool = False) -> Book:
        """Add the book in ``text`` (from the file ``source_name``). One of that name already here
        is refused unless ``replace``: then the imported one takes its place, and its history says
        so, after both histories (this computer's and the imported copy's) in date order.
        BookError gives the line and the reason for a text that is not a usable book."""
        book = parse_book(text, source_name)
        entry = self._find(book.game_id, book.name)
        if entry is not None and not replace:
            raise BookError(
                f"there is already a book {entry.book.name!r} for {book.spec.title}; "  # type: ignore[union-attr]  # _find: with a book
                "import with --replace to take the imported one instead"
            )
        now = stamp(self._clock())
        history = list(book.history)
        if entry is not None:
            old = entry.book
            assert old is not None
            history = merged_history(old.history, book.history)
            replaced = changes(book.spec, old.options, book.options) + (["notes"] if old.notes != book.notes else [])
            history.append(
                f"{now} imported from {source_name}, replacing this computer's copy"
                + (f" ({'; '.join(replaced)})" if replaced else " (no change)")
            )
        else:
            history.append(f"{now} imported from {source_name}")
        book = Book(
            book.game_id,
            entry.book.name if entry and entry.book else book.name,
            book.options,
            book.notes,
            tuple(history),
        )
        return self._write(book, entry)
