"""Set up a game: how many players, who is a person (playing as which profile) and who a bot (and
how good), house rules (from a house-rule book, or saved as one, with the group's rulings), seed."""

from __future__ import annotations

import random
import typing
from collections import Counter
from time import monotonic
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Select, Static, Switch, TextArea

from cardarcade.bots import level_at, levels_for, newcomer_level
from cardarcade.rules.base import BadSetup, GameSpec, Options, option_label, option_value_label
from cardarcade.seating import GameSetup, Seat
from cardarcade.store.books import MAX_BOOK_NAME, Book, BookError
from cardarcade.store.look import MAX_NAME
from cardarcade.ui.games import screen_class
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.widgets.keybar import KeyBar

NO_BOOK = ""  # the book choice for "no book" (a book's name is never empty)


def seat_choices(spec: GameSpec, players: int) -> list[tuple[str, str]]:
    """A seat's choices at a table of ``players``."""
    return [("Person", "human")] + [(f"Bot · {lvl}", f"bot:{lvl}") for lvl in levels_for(spec, players)]


def seat_kind(seat: Seat) -> str:
    """A seat as the setup form's choice: 'human' or 'bot:easy'."""
    return f"bot:{seat.level}" if seat.is_bot else "human"


def switch_words(on: bool) -> str:
    return "on: played at this table" if on else "off: not played"


def option_widget(name: str, info: Any, value: Any) -> Select | Switch | Input:
    """A form control for one house rule, chosen by the field's type."""
    annotation = info.annotation
    if annotation is bool:
        return Switch(value=value, id=f"opt-{name}")
    if typing.get_origin(annotation) is typing.Literal:
        choices = [(option_value_label(info, v), v) for v in typing.get_args(annotation)]
        return Select(choices, value=value, allow_blank=False, id=f"opt-{name}")
    return Input(str(value), type="integer" if annotation is int else "text", id=f"opt-{name}")


def most_chosen(levels: list[str]) -> str | None:
    """The level most bots were given (the first chosen on a tie): what a profile remembers."""
    return Counter(levels).most_common(1)[0][0] if levels else None


class SetupScreen(Screen):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("f1", "rules", "Rules"),
        Binding("f5", "start", "Start"),
    ]
    AUTO_FOCUS = "#start"

    def __init__(self, spec: GameSpec) -> None:
        super().__init__()
        self.spec = spec
        self.book: Book | None = None  # the book chosen in the form (in force while the rules are its own)
        self._seat_choices: list[tuple[str, str]] = []  # what each seat offers now (for the table's size)

    def compose(self) -> ComposeResult:
        spec = self.spec
        yield Static(Text.assemble((f" {spec.title} ", "bold reverse"), f"  {spec.summary}"), id="setup-title")
        with Horizontal(id="setup-buttons"):
            yield Button("Start", id="start", variant="primary")
            yield Button("Rules", id="rules")
            yield Button("Back", id="back")
        yield Static("", id="setup-book")
        yield Static("", id="setup-error")
        # The last choices for this game in this session, else a person against bots of the level
        # the player last chose (a newcomer's if none).
        last = self.app.last_setups.get(spec.id)
        players = len(last.seats) if last else spec.default_players
        kinds = [seat_kind(seat) for seat in last.seats] if last else ["human"]
        profiles = [seat.profile or "" for seat in last.seats] if last else [""]
        options = last.options if last else spec.Options()
        new_bot = f"bot:{self._remembered_level(players) or newcomer_level(spec.realtime)}"
        self._seat_choices = seat_choices(spec, players)
        offered = {value for _label, value in self._seat_choices}
        kinds = [kind if kind in offered else new_bot for kind in kinds]
        books, problems = self._books()
        if last is not None and last.book is not None:
            self.book = next((b for b in books if b.name == last.book), None)
        known = self._known_profiles()
        with VerticalScroll(id="setup-form"):
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(spec.min_players, spec.max_players + 1)],
                    value=players,
                    allow_blank=False,
                    id="players",
                )
            for seat in range(spec.max_players):
                with Horizontal(classes="field seat-row", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field-label")
                    yield Select(
                        self._seat_choices,
                        value=kinds[seat] if seat < len(kinds) else new_bot,
                        allow_blank=False,
                        id=f"seat-{seat}",
                    )
                    yield Input(
                        profiles[seat] if seat < len(profiles) else "",
                        max_length=MAX_NAME,
                        suggester=SuggestFromList(known, case_sensitive=False),
                        id=f"profile-{seat}",
                        classes="seat-profile",
                    )
            yield Static(self._profiles_help(known), id="profiles-help", classes="field-help")
            yield Static(id="keyboard-note", classes="field-help")  # whose hands the people here see
            with Horizontal(classes="field"):
                yield Label("Rules book", classes="field-label")
                yield Select(
                    self._book_choices(books),
                    value=self.book.name if self.book else NO_BOOK,
                    allow_blank=False,
                    id="book",
                )
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
                yield TextArea(
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
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input(placeholder="random", type="integer", id="seed")
        yield KeyBar()

    def on_mount(self) -> None:
        self._shown_at: float | None = None  # when the form was first drawn
        self._show_seats()
        self._show_book()
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        if self._shown_at is None:
            self._shown_at = monotonic()

    @property
    def shown(self) -> bool:
        """Whether the form has been drawn (from then on, enter starts the game)."""
        return self._shown_at is not None

    def on_key(self, event: events.Key) -> None:
        # A key that would start the game, made before the form was shown (typed ahead while a
        # busy machine opened it), did not choose this set-up: nobody had seen it yet.
        if event.key in ("enter", "f5") and (self._shown_at is None or event.time < self._shown_at):
            event.stop()
            event.prevent_default()

    # ---- what the form offers

    def _remembered_level(self, players: int) -> str | None:
        """The bot level the player last chose for this game, if the game offers it at ``players``."""
        level = self.app.profile.bot_levels.get(self.spec.id)
        return level if level in levels_for(self.spec, players) else None

    def _books(self) -> tuple[list[Book], list[str]]:
        """This game's books, and why any book file cannot be used."""
        try:
            entries = self.app.store.books.entries(self.spec.id)
        except OSError as exc:
            return [], [f"The books cannot be read ({exc.strerror or exc})."]
        return (
            [e.book for e in entries if e.book is not None],
            [f"Not usable: {e.problem}" for e in entries if e.problem is not None],
        )

    @staticmethod
    def _book_choices(books: list[Book]) -> list[tuple[str | Text, str]]:
        # A name as Text: a Select reads a str as markup, and a book's name is whatever its group typed.
        return [("No book: the house rules below", NO_BOOK)] + [(Text(book.name), book.name) for book in books]

    def _known_profiles(self) -> list[str]:
        """Profiles with preferences or a record here, the player's own first."""
        from cardarcade.store.stats import StatsError

        names = [self.app.player, *self.app.user_settings.profiles]
        try:
            names += self.app.store.stats.profiles()
        except (StatsError, OSError):
            pass  # no statistics: the profiles with preferences still show
        return list(dict.fromkeys(n for n in names if n))

    @staticmethod
    def _profiles_help(known: list[str]) -> Text:
        # Text, not a str that Static would read as markup: a profile named "[/]x" ended every
        # session that opened a set-up screen.
        shown = ", ".join(known[:8]) + (", ..." if len(known) > 8 else "")
        # The names listed are the profiles known here, not the people seated: say so.
        return Text(f"Each person plays as a profile: type a new name, or → completes a known one ({shown}).")

    # ---- keeping the form's parts in step

    def on_switch_changed(self, event: Switch.Changed) -> None:
        words = self.query(f"#{event.switch.id}-words")
        if words:
            words.first(Static).update(switch_words(event.value))
        self._show_book()

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("opt-"):
            self._show_book()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "book-name":  # enter on the name saves, as the button beside it does
            event.stop()
            self.action_save_book()

    def on_select_changed(self, event: Select.Changed) -> None:
        wid = event.select.id or ""
        if wid == "players":
            self._offer_levels()
        if wid == "players" or wid.startswith("seat-"):
            self._show_seats()
        elif wid == "book":
            self._choose_book(str(event.value))
        elif wid.startswith("opt-"):
            self._show_book()
            self._show_keyboard_note()

    def _seat_count(self) -> int:
        players = self.query_one("#players", Select).value
        assert isinstance(players, int)
        return players

    def _offer_levels(self) -> None:
        """Each seat's levels for the table's size now: an expert that plays only heads-up is not
        offered at a larger table, and a seat given it becomes hard."""
        players = self._seat_count()
        choices = seat_choices(self.spec, players)
        if choices == self._seat_choices:
            return
        self._seat_choices = choices
        for seat in range(self.spec.max_players):
            select = self.query_one(f"#seat-{seat}", Select)
            kind = str(select.value)
            select.set_options(choices)
            select.value = kind if kind == "human" else f"bot:{level_at(self.spec, players, kind[len('bot:') :])}"

    def _show_seats(self) -> None:
        """Seats beyond the number of players hidden; a profile for each person, its default
        shown: the player's own alone at the keyboard, else Player 1, Player 2..."""
        players = self._seat_count()
        kinds = [str(self.query_one(f"#seat-{s}", Select).value) for s in range(players)]
        alone = kinds.count("human") == 1
        person = 0
        for seat in range(self.spec.max_players):
            self.query_one(f"#seat-row-{seat}").display = seat < players
            profile = self.query_one(f"#profile-{seat}", Input)
            profile.display = seat < players and kinds[seat] == "human"
            if profile.display:
                person += 1
                profile.placeholder = self.app.player if alone else f"Player {person}"
        self.query_one("#profiles-help").display = "human" in kinds
        self._show_keyboard_note()

    def _show_keyboard_note(self) -> None:
        """In a game that shows every person's hand, what the people at the keyboard see (and in
        Cash, whom they partner)."""
        kinds = [str(self.query_one(f"#seat-{s}", Select).value) for s in range(self._seat_count())]
        describe = getattr(screen_class(self.spec.id), "keyboard_note", None)
        note = describe(self._form_options(), kinds.count("human")) if describe else ""
        widget = self.query_one("#keyboard-note", Static)
        widget.update(Text(note, style="bold"))
        widget.display = bool(note)

    def _choose_book(self, name: str) -> None:
        """Take a book's house rules and rulings into the form (or none: the form stays)."""
        self._keep_rulings()  # those written for the book chosen before
        if name == NO_BOOK:
            self.book = None
            self._show_book()
            return
        try:
            self.book = self.app.store.books.get(self.spec.id, name)
        except (BookError, OSError) as exc:
            self.book = None
            self._error(f"The book {name!r} cannot be read: {exc}")
        if self.book is None:
            self._show_book()
            return
        for field, value in self.book.options:
            widget = self.query_one(f"#opt-{field}")
            widget.value = str(value) if isinstance(widget, Input) else value  # type: ignore[union-attr]
        self.query_one("#book-notes", TextArea).text = self.book.notes
        self.query_one("#book-name", Input).value = self.book.name
        self._show_book()

    def _form_options(self) -> Options | None:
        try:
            return self._read_options()
        except (BadSetup, ValueError):
            return None

    def _book_in_force(self) -> str | None:
        """The chosen book's name while the form's house rules are still the book's."""
        if self.book is None or self._form_options() != self.book.options:
            return None
        return self.book.name

    def _show_book(self) -> None:
        line = self.query_one("#setup-book", Static)
        if self.book is None:
            book = Text.assemble(" Rules book: ", ("none", "bold"))
        elif self._book_in_force() is not None:
            book = Text.assemble(" Rules book in force: ", (self.book.name, "bold"))
        else:
            book = Text.assemble(
                " Rules changed from ", (self.book.name, "bold"), ": no book in force unless they are saved as one"
            )
        line.update(Text("\n").join([book, self._house_rules_line()]))

    def _house_rules_line(self) -> Text:
        """The house rules as the form has them, above the fold: a player who starts at once (enter
        on Start) sees what they start with, though the switches are further down."""
        options = self._form_options()
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

    def _error(self, message: str) -> None:
        self.query_one("#setup-error", Static).update(Text(message, style="bold"))

    # ---- actions

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {
            "start": self.action_start,
            "rules": self.action_rules,
            "back": self.action_back,
            "book-save": self.action_save_book,
        }[event.button.id or "back"]()

    @only_on_top
    def action_back(self) -> None:
        self._keep_rulings()
        self.app.pop_screen()

    @only_on_top
    def action_rules(self) -> None:
        from cardarcade.ui.screens.rules import RulesScreen, keys_before_play

        book = self._book_in_force()
        keys = keys_before_play(self.spec, self._form_options())  # (a house rule may word a key: a gesture)
        self.app.push_screen(RulesScreen(self.spec, self._form_options() if book else None, book=book, keys=keys))

    def action_save_book(self) -> None:
        """Keep the form's house rules and rulings as the book named (a new one, or that one updated)."""
        store = self.app.store.books
        name = self.query_one("#book-name", Input).value
        try:
            options = self._read_options()
            before = store.get(self.spec.id, name)
            book = store.save_book(self.spec.id, name, options, notes=self.query_one("#book-notes", TextArea).text)
            books, _ = self._books()
        except (BadSetup, BookError, ValueError, OSError) as exc:
            self._error(str(exc))
            return
        self.book = book
        select = self.query_one("#book", Select)
        with select.prevent(Select.Changed):  # the form already holds the book's rules
            select.set_options(self._book_choices(books))
            select.value = book.name
        self.query_one("#book-name", Input).value = book.name
        self.query_one("#setup-error", Static).update("")
        self._show_book()
        changed = [entry.split(" ", 2)[2] for entry in book.history[len(before.history) :]] if before else []
        if before is None:
            said = f"The book {book.name!r} is kept."
        elif changed:
            said = f"The book {book.name!r} is updated: {'; '.join(changed)}."
        else:
            said = f"The book {book.name!r} already holds these rules and rulings."
        self.app.notify(said, timeout=4)

    def _keep_rulings(self) -> None:
        """The chosen book's rulings as edited here, so a ruling written down is not lost."""
        if self.book is None:
            return
        notes = self.query_one("#book-notes", TextArea).text
        if notes == self.book.notes:
            return
        try:
            self.book = self.app.store.books.save_book(self.spec.id, self.book.name, self.book.options, notes=notes)
        except (BookError, OSError) as exc:
            self.app.notify(f"The rulings could not be kept: {exc}", severity="warning", timeout=6)

    def _read_options(self) -> Options:
        raw: dict[str, Any] = {}
        for name, info in self.spec.Options.model_fields.items():
            widget = self.query_one(f"#opt-{name}")
            value = widget.value  # type: ignore[attr-defined]
            if isinstance(widget, Input):
                if not value.strip():
                    raise BadSetup(f"{option_label(info, name)} needs a value.")
                value = int(value) if info.annotation is int else value
            raw[name] = value
        return self.spec.parse_options(raw)

    def _people(self, kinds: list[str]) -> list[str]:
        """Each person's profile, in seat order; BadSetup if two people would share one."""
        alone = kinds.count("human") == 1
        profiles: list[str] = []
        for seat, kind in enumerate(kinds):
            if kind != "human":
                continue
            typed = " ".join(self.query_one(f"#profile-{seat}", Input).value.split())
            name = typed or (self.app.player if alone else f"Player {len(profiles) + 1}")
            if not name.isprintable():
                raise BadSetup(f"Seat {seat + 1}: a profile name cannot hold control characters.")
            twin = next((i for i, other in enumerate(profiles) if other.casefold() == name.casefold()), None)
            if twin is not None:
                first = [s for s, k in enumerate(kinds) if k == "human"][twin]
                raise BadSetup(
                    f"Seats {first + 1} and {seat + 1} both play as {name!r}: each person needs a profile of their own."
                )
            if not alone and (name.casefold() == "you" or name.casefold().startswith("bot ")):
                raise BadSetup(f"Seat {seat + 1}: {name!r} would read as a bot or as you; choose another name.")
            profiles.append(name)
        return profiles

    def build_setup(self) -> GameSetup:
        """The form as a GameSetup; raises BadSetup with a message for the player."""
        players = self._seat_count()
        kinds = [str(self.query_one(f"#seat-{s}", Select).value) for s in range(players)]
        humans = kinds.count("human")
        most = screen_class(self.spec.id).MAX_PEOPLE
        if most is not None and humans > most:
            raise BadSetup(f"At most {most} people can share one keyboard in this game; make the other seats bots.")
        profiles = iter(self._people(kinds))
        seats: list[Seat] = []
        bot = 0
        for kind in kinds:
            if kind == "human":
                profile = next(profiles)
                seats.append(Seat("You" if humans == 1 else profile, profile=profile))
            else:
                bot += 1
                seats.append(Seat(f"Bot {bot}", "bot", kind.split(":", 1)[1]))
        options = self._read_options()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.randrange(2**31)
        return GameSetup(self.spec, tuple(seats), options, seed, book=self._book_in_force())

    def _remember_bot_level(self, setup: GameSetup) -> None:
        """The level a solo player gave the bots, prefilled next time this game is set up."""
        people = [seat for seat in setup.seats if not seat.is_bot]
        level = most_chosen([seat.level for seat in setup.seats if seat.is_bot and seat.level])
        if len(people) != 1 or level is None or people[0].profile is None:
            return
        name = people[0].profile
        profile = self.app.user_settings.profile_of(name)
        if profile.bot_levels.get(self.spec.id) != level:
            self.app.save_profile(
                profile.model_copy(update={"bot_levels": {**profile.bot_levels, self.spec.id: level}}), name=name
            )

    @only_on_top
    def action_start(self) -> None:
        try:
            setup = self.build_setup()
        except (BadSetup, ValueError) as exc:
            self._error(str(exc))
            return
        from cardarcade.ui.games import screen_for

        self._keep_rulings()
        self._remember_bot_level(setup)
        self.app.last_setups[self.spec.id] = setup
        self.app.switch_screen(screen_for(setup))
