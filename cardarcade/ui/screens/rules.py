"""The rules of a game in our own words, the keys at this table, the house rules in force and,
when a house-rule book is in force, its name, the group's rulings (notes) and its dated history."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from collections.abc import Sequence

from cardarcade.rules.base import GameSpec, Options
from cardarcade.ui.keymaps import HALVES, Keys, key_label
from cardarcade.ui.screens._dialog import Dialog
from cardarcade.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from cardarcade.store.books import Book

# Characters Markdown would read as formatting: a group's notes are shown as they typed them.
_MARKDOWN_SIGNS = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~&])")


def rules_markdown(spec: GameSpec, options: Options | None, keys: str = "") -> str:
    """The rules text, the ``keys`` section (``keys_markdown``) and the house rules: the active
    ones, or the defaults with their choices."""
    lines = [spec.rules.rstrip(), ""]
    if keys:
        lines += [keys.rstrip(), ""]
    lines += ["## House rules" + (" in force" if options is not None else " (defaults)"), ""]
    opts = options if options is not None else spec.Options()
    for line in opts.describe():
        lines.append(f"- {line}")
    return "\n".join(lines) + "\n"


def keys_markdown(keys: Keys, people: Sequence[str] = ()) -> str:
    """The "Keys" section for the people at this keyboard: one person's keys (none named: before
    a game, or a seat at a shared table), or each hot-seat player's half of the keyboard."""

    def entry(keys_: list[str], words: str) -> str:
        return "- " + " ".join(f"`{key_label(k)}`" for k in keys_) + f" {plain(words)}"

    lines = ["## Keys", ""]
    if len(people) > 1 and keys.hotseat:
        for half, person in zip(range(len(HALVES)), people):
            lines += [f"{plain(person)} ({HALVES[half]} half of the keyboard):", ""]
            lines += [entry(k, w) for k, w in keys.entries(half)]
            lines.append("")
        shared = keys.shared_entries()
        if shared:
            lines += ["Either of you:", ""] + [entry(k, w) for k, w in shared] + [""]
    else:
        if len(people) > 1:
            lines += ["The keyboard passes to whoever is to move.", ""]
        lines += [entry(k, w) for k, w in keys.entries()]
        lines.append("")
    lines += [plain(note) + "\n" for note in keys.notes]
    return "\n".join(lines)


def keys_before_play(spec: GameSpec, options: Options | None) -> str:
    """The keys section before a game (from the menu or the set-up): one person's keys."""
    from cardarcade.ui.games import screen_class

    return keys_markdown(screen_class(spec.id).table_keys(options if options is not None else spec.Options()))


def plain(text: str) -> str:
    """``text`` as Markdown that shows it as it is: line by line, a blank line between paragraphs."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(
        "\\\n".join(_MARKDOWN_SIGNS.sub(r"\\\1", line.strip()) for line in p.split("\n")) for p in paragraphs
    )


def book_markdown(name: str, book: Book | None) -> str:
    """The book in force: its name, the group's rulings and the dated history of its changes."""
    if book is None:
        return f"\n## House-rule book: {plain(name)}\n\nThis book is no longer kept here; the house rules above are in force.\n"
    lines = [
        "",
        f"## House-rule book: {plain(book.name)}",
        "",
        "The house rules above are this book's.",
        "",
        "### The group's rulings",
        "",
    ]
    lines.append(plain(book.notes) if book.notes.strip() else "None written yet.")
    lines += ["", "### History", ""]
    lines += [f"- {plain(entry)}" for entry in book.history]
    return "\n".join(lines) + "\n"


class RulesScreen(Dialog[None]):
    AUTO_FOCUS = "#rules-box"
    BINDINGS = [
        Binding("escape", "dismiss", "Back"),
        Binding("q", "dismiss", "Back", show=False),
        Binding("f1", "dismiss", "Back", show=False),
        Binding("question_mark", "dismiss", "Back", show=False),
    ]

    def __init__(self, spec: GameSpec, options: Options | None, book: str | None = None, keys: str = "") -> None:
        """``keys``: the keys section for this table (``keys_markdown``)."""
        super().__init__()
        self.spec = spec
        self.options = options
        self.book = book
        self.keys = keys

    def compose(self) -> ComposeResult:
        text = rules_markdown(self.spec, self.options, self.keys)
        if self.book is not None:
            text += book_markdown(self.book, self._load_book(self.book))
        with VerticalScroll(id="rules-box"):
            yield Markdown(text)
        yield KeyBar()

    def _load_book(self, name: str) -> Book | None:
        from cardarcade.store.books import BookError

        try:
            return self.app.store.books.get(self.spec.id, name)
        except (BookError, OSError):
            return None

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
