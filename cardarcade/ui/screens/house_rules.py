"""The house rules part of the set-up screen: a control per rule, and the group's books of them."""

from __future__ import annotations

import typing
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static, Switch, TextArea

from cardarcade.rules.base import BadSetup, GameSpec, Options, option_label, option_value_label
from cardarcade.seating import GameSetup
from cardarcade.store.books import MAX_BOOK_NAME, Book, BookError
from cardarcade.ui.screens._kept import update_changed
from cardarcade.ui.textual_compat import stop_watching
from cardarcade.ui.widgets.dropdown import DropDown

NO_BOOK = ""  # the book choice for "no book" (a book's name is never empty)


def switch_words(on: bool) -> str:
    return "on: played at this table" if on else "off: not played"


def option_widget(name: str, info: Any, value: Any) -> DropDown | Switch | Input:
    """A form control for one house rule, chosen by the field's type."""
    annotation = info.annotation
    if annotation is bool:
        return Switch(value=value, id=f"opt-{name}")
    if typing.get_origin(annotation) is typing.Literal:
        choices = [(option_value_label(info, v), v) for v in typing.get_args(annotation)]
        return DropDown(choices, value=value, id=f"opt-{name}")
    return Input(str(value), type="integer" if annotation is int else "text", id=f"opt-{name}")


def show_error(screen: Screen, message: str) -> None:
    """Why the form cannot be used as it is, or what went wrong with a book, on the set-up screen."""
    update_changed(screen.query_one("#setup-error", Static), Text(message, style="bold"))


class NotesArea(TextArea):
    """The rulings' notes. Textual's text area watches the app's theme, and that watch kept every
    set-up's text area (and with it the form it was in) alive for the session, after the set-up
    was let go for a game: it stops as the area goes."""

    def on_unmount(self) -> None:
        stop_watching(self.app, self)


class HouseRulesForm:
    """The set-up screen's house rules and rules books: the controls, the book chosen (in force
    while the form's rules are still its own), saving a book and keeping the rulings written for
    it. Apart from the screen's seats and start because a book and the rules it sets change
    together and nothing else on the form changes them; the screen hands it its events."""

    def __init__(self, screen: Screen, spec: GameSpec) -> None:
        self._screen = screen
        self.spec = spec
        self.book: Book | None = None  # the book chosen in the form (in force while the rules are its own)

    def compose(self, last: GameSetup | None) -> ComposeResult:
        """The book's choice, each house rule's control and the rulings: as ``last`` (this
        session's last set-up of the game) had them, else the game's own rules."""
        spec = self.spec
        options = last.options if last else spec.Options()
        books, problems = self.books()
        if last is not None and last.book is not None:
            self.book = next((b for b in books if b.name == last.book), None)
        with Horizontal(classes="field"):
            yield Label("Rules book", classes="field-label")
            yield DropDown(self.book_choices(books), value=self.book.name if self.book else NO_BOOK, id="book")
        yield Static(
            "A group's own house rules, kept by name; choosing one sets the rules below.", classes="field-help"
        )
        problems_help = Static(Text("\n".join(problems)), id="book-problems", classes="field-help")
        problems_help.display = bool(problems)
        yield problems_help
        for name, info in spec.Options.model_fields.items():
            value = getattr(options, name)
            with Horizontal(classes="field"):
                yield Label(option_label(info, name), classes="field-label")
                yield option_widget(name, info, value)
                if info.annotation is bool:
                    yield Static(switch_words(value), id=f"opt-{name}-words", classes="switch-words")
            if info.description:
                yield Static(info.description, classes="field-help")
        with Horizontal(classes="field"):
            yield Label("Rulings (notes)", classes="field-label")
            yield NotesArea(
                self.book.notes if self.book else "",
                id="book-notes",
                placeholder="How the group settled what the rules leave open",
            )
        with Horizontal(classes="field"):
            yield Label("Save these rules as", classes="field-label")
            yield Input(
                self.book.name if self.book else "",
                placeholder="a name: Friday night",
                max_length=MAX_BOOK_NAME,
                id="book-name",
            )
            yield Button("Save", id="book-save")
        yield Static(
            "Keeps the house rules above and the rulings as a book (or updates the book of "
            "that name); the rulings of the chosen book are also kept when you start or go back.",
            classes="field-help",
        )

    # ---- the rules as the form has them

    def read_options(self) -> Options:
        """The form's house rules; BadSetup (or ValueError) with a message for the player."""
        raw: dict[str, Any] = {}
        for name, info in self.spec.Options.model_fields.items():
            widget = self._screen.query_one(f"#opt-{name}")
            value = widget.value  # type: ignore[attr-defined]
            if isinstance(widget, Input):
                if not value.strip():
                    raise BadSetup(f"{option_label(info, name)} needs a value.")
                value = int(value) if info.annotation is int else value
            raw[name] = value
        return self.spec.parse_options(raw)

    def form_options(self) -> Options | None:
        """The form's house rules, None while one of them needs fixing."""
        try:
            return self.read_options()
        except (BadSetup, ValueError):
            return None

    def switched(self, event: Switch.Changed) -> None:
        words = self._screen.query(f"#{event.switch.id}-words")
        if words:
            words.first(Static).update(switch_words(event.value))
        self.show()

    # ---- the books

    def books(self) -> tuple[list[Book], list[str]]:
        """This game's books, and why any book file cannot be used."""
        try:
            entries = self._screen.app.store.books.entries(self.spec.id)
        except OSError as exc:
            return [], [f"The books cannot be read ({exc.strerror or exc})."]
        return (
            [e.book for e in entries if e.book is not None],
            [f"Not usable: {e.problem}" for e in entries if e.problem is not None],
        )

    def bring_books_up_to_date(self) -> None:
        """With a database: this game's books on this machine brought up to date in the store's
        worker (never on the loop); the choice offers any another machine kept since."""
        app = self._screen.app
        if app.store.database is None:
            return
        books_store, game_id = app.store.books, self.spec.id

        def pulled(changed: int) -> None:
            if not changed or not self._screen.is_attached:
                return
            books, problems = self.books()
            select = self._screen.query_one("#book", DropDown)
            with select.prevent(DropDown.Changed):  # (the form keeps what it holds)
                select.set_choices(self.book_choices(books))
                select.value = self.book.name if self.book is not None else NO_BOOK
            help_line = self._screen.query_one("#book-problems", Static)
            help_line.update(Text("\n".join(problems)))
            help_line.display = bool(problems)

        app.store_writer.read(lambda: books_store.pull(game_id), pulled, lambda exc: None, on=self._screen)

    @staticmethod
    def book_choices(books: list[Book]) -> list[tuple[str | Text, str]]:
        # A name as Text: a book's name is whatever its group typed, never markup.
        return [("No book: the house rules below", NO_BOOK)] + [(Text(book.name), book.name) for book in books]

    def in_force(self) -> str | None:
        """The chosen book's name while the form's house rules are still the book's."""
        if self.book is None or self.form_options() != self.book.options:
            return None
        return self.book.name

    def choose(self, name: str) -> None:
        """Take a book's house rules and rulings into the form (or none: the form stays)."""
        screen = self._screen
        self.keep_rulings()  # those written for the book chosen before
        if name == NO_BOOK:
            self.book = None
            self.show()
            return
        try:
            self.book = screen.app.store.books.get(self.spec.id, name)
        except (BookError, OSError) as exc:
            self.book = None
            show_error(self._screen, f"The book {name!r} cannot be read: {exc}")
        if self.book is None:
            self.show()
            return
        for field, value in self.book.options:
            widget = screen.query_one(f"#opt-{field}")
            widget.value = str(value) if isinstance(widget, Input) else value  # type: ignore[union-attr]
        screen.query_one("#book-notes", TextArea).text = self.book.notes
        screen.query_one("#book-name", Input).value = self.book.name
        self.show()

    def show(self) -> None:
        """The book in force (if any) and the house rules, on the line above the form."""
        line = self._screen.query_one("#setup-book", Static)
        if self.book is None:
            book = Text.assemble(" Rules book: ", ("none", "bold"))
        elif self.in_force() is not None:
            book = Text.assemble(" Rules book in force: ", (self.book.name, "bold"))
        else:
            book = Text.assemble(
                " Rules changed from ", (self.book.name, "bold"), ": no book in force unless they are saved as one"
            )
        # (told again as the form's fields settle, the same: an update would lay the screen out again)
        update_changed(line, Text("\n").join([book, self._house_rules_line()]))

    def _house_rules_line(self) -> Text:
        """The house rules as the form has them, above the fold: a player who starts at once (enter
        on Start) sees what they start with, though the switches are further down."""
        options = self.form_options()
        if options is None:
            return Text(" House rules: one of them needs fixing below", style="bold")
        fields = type(options).model_fields
        if not fields:
            return Text(" House rules: none; the game as its rules describe it", style="dim")
        rules = Text(" House rules (set below): ", style="dim")
        for n, (name, info) in enumerate(fields.items()):
            if n:
                rules.append(" · ", style="dim")
            rules.append(f"{option_label(info, name)} ")
            rules.append(option_value_label(info, getattr(options, name)), style="bold")
        return rules

    def save_book(self) -> None:
        """Keep the form's house rules and rulings as the book named (a new one, or that one updated)."""
        screen = self._screen
        store = screen.app.store.books
        name = screen.query_one("#book-name", Input).value
        try:
            options = self.read_options()
            before = store.get(self.spec.id, name)
            book = store.save_book(self.spec.id, name, options, notes=screen.query_one("#book-notes", TextArea).text)
            books, _ = self.books()
        except (BadSetup, BookError, ValueError, OSError) as exc:
            show_error(self._screen, str(exc))
            return
        self.book = book
        select = screen.query_one("#book", DropDown)
        with select.prevent(DropDown.Changed):  # the form already holds the book's rules
            select.set_choices(self.book_choices(books))
            select.value = book.name
        screen.query_one("#book-name", Input).value = book.name
        screen.query_one("#setup-error", Static).update("")
        self.show()
        changed = [entry.split(" ", 2)[2] for entry in book.history[len(before.history) :]] if before else []
        if before is None:
            said = f"The book {book.name!r} is kept."
        elif changed:
            said = f"The book {book.name!r} is updated: {'; '.join(changed)}."
        else:
            said = f"The book {book.name!r} already holds these rules and rulings."
        screen.app.notify(said, timeout=4)

    def keep_rulings(self) -> None:
        """The chosen book's rulings as edited here, so a ruling written down is not lost."""
        if self.book is None:
            return
        screen = self._screen
        notes = screen.query_one("#book-notes", TextArea).text
        if notes == self.book.notes:
            return
        try:
            self.book = screen.app.store.books.save_book(self.spec.id, self.book.name, self.book.options, notes=notes)
        except (BookError, OSError) as exc:
            screen.app.notify(f"The rulings could not be kept: {exc}", severity="warning", timeout=6)
