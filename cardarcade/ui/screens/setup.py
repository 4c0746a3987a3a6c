"""Set up a game: how many players, who is a person (playing as which profile) and who a bot (and
how good), house rules (from a house-rule book, or saved as one, with the group's rulings: the
form's part in house_rules.py), seed."""

from __future__ import annotations

import random
from collections import Counter
from time import monotonic

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Region
from textual.strip import Strip
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Static, Switch, TextArea

from cardarcade.bots import level_at, levels_for, newcomer_level
from cardarcade.rules.base import BadSetup, GameSpec
from cardarcade.seating import GameSetup, Seat
from cardarcade.store.look import MAX_NAME
from cardarcade.ui.games import screen_class
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.screens._kept import KeptScreen, leave_for, scroll_home, update_changed
from cardarcade.ui.screens.house_rules import HouseRulesForm, show_error
from cardarcade.ui.widgets.dropdown import DropDown
from cardarcade.ui.widgets.form import scrollbar_from_the_first_layout
from cardarcade.ui.widgets.keybar import KeyBar


def seat_choices(spec: GameSpec, players: int) -> list[tuple[str, str]]:
    """A seat's choices at a table of ``players``."""
    return [("Person", "human")] + [(f"Bot · {lvl}", f"bot:{lvl}") for lvl in levels_for(spec, players)]


def seat_kind(seat: Seat) -> str:
    """A seat as the setup form's choice: 'human' or 'bot:easy'."""
    return f"bot:{seat.level}" if seat.is_bot else "human"


def most_chosen(levels: list[str]) -> str | None:
    """The level most bots were given (the first chosen on a tie): what a profile remembers."""
    return Counter(levels).most_common(1)[0][0] if levels else None


class SetupScreen(KeptScreen):
    """Kept once shown (``_kept.py``): shown again as it is while the player left the form as it
    opened and nothing it was made from changed (the set-up last started, the bot level
    remembered, the profiles and the books known)."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("f1", "rules", "Rules"),
        Binding("f5", "start", "Start"),
    ]
    AUTO_FOCUS = "#start"

    def __init__(self, spec: GameSpec) -> None:
        super().__init__()
        self.spec = spec
        self.house_rules = HouseRulesForm(self, spec)
        self._seat_choices: list[tuple[str, str]] = []  # what each seat offers now (for the table's size)
        self._made_from: tuple | None = None  # what the form was made from (``_sources``)
        self._opened_as: list | None = None  # the form's values as it opened
        # What a seat's row starts with (the seats' kinds and profiles, a new bot, the profiles
        # known), and how many seats have a row yet.
        self._new_seats: tuple[list[str], list[str], str, list[str]] = ([], [], "", [])
        # Each seat's row made so far, its choice (a person or a bot) and its profile's field, by
        # seat (a row mounted as the table grows is not found by a query until it has composed).
        self._rows: list[Horizontal] = []
        self._kinds: list[DropDown] = []
        self._profiles: list[Input] = []
        self._shown_at: float | None = None  # when the form was first drawn

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
        last = self.app.memory.last_setups.get(spec.id)
        players = len(last.seats) if last else spec.default_players
        kinds = [seat_kind(seat) for seat in last.seats] if last else ["human"]
        profiles = [seat.profile or "" for seat in last.seats] if last else [""]
        new_bot = f"bot:{self._remembered_level(players) or newcomer_level(spec.realtime)}"
        self._seat_choices = seat_choices(spec, players)
        offered = {value for _label, value in self._seat_choices}
        kinds = [kind if kind in offered else new_bot for kind in kinds]
        known = self._known_profiles()
        self._made_from = self._sources(known)
        self._new_seats = (kinds, profiles, new_bot, known)
        with VerticalScroll(id="setup-form"):
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield DropDown(
                    [(str(n), n) for n in range(spec.min_players, spec.max_players + 1)], value=players, id="players"
                )
            for seat in range(players):  # (the rows of more seats are made when the table grows)
                yield self._seat_row(seat, players)
            yield Static(self._profiles_help(known), id="profiles-help", classes="field-help")
            yield Static(id="keyboard-note", classes="field-help")  # whose hands the people here see
            yield from self.house_rules.compose(last)
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input(placeholder="random", type="integer", id="seed")
        yield KeyBar()

    def _seat_row(self, seat: int, players: int) -> Horizontal:
        """The row of seat ``seat`` (0 up) at a table of ``players``, as the form opens: made for the seats at the table as
        it opens, and for more seats as the table grows to them (made for every seat the game
        allows, the form of a game of twenty was three times the widgets to open)."""
        kinds, profiles, new_bot, known = self._new_seats
        kind = kinds[seat] if seat < len(kinds) else new_bot
        if kind != "human":  # (what a seat would have become as the table grew: a level offered there)
            kind = f"bot:{level_at(self.spec, players, kind[len('bot:') :])}"
        select = DropDown(self._seat_choices, value=kind, id=f"seat-{seat}")
        profile = Input(
            profiles[seat] if seat < len(profiles) else "",
            max_length=MAX_NAME,
            suggester=SuggestFromList(known, case_sensitive=False),
            id=f"profile-{seat}",
            classes="seat-profile",
        )
        row = Horizontal(
            Label(f"Seat {seat + 1}", classes="field-label"),
            select,
            profile,
            classes="field seat-row",
            id=f"seat-row-{seat}",
        )
        self._rows.append(row)
        self._kinds.append(select)
        self._profiles.append(profile)
        return row

    def on_mount(self) -> None:
        self._show_seats()
        self.house_rules.show()
        # (beside the form: at least the title, the buttons and the key bar)
        scrollbar_from_the_first_layout(self.query_one("#setup-form", VerticalScroll), beside=5)
        self._opened_as = self._form_values()
        self.call_after_refresh(self._drawn)
        self._read_profiles()
        self.house_rules.bring_books_up_to_date()

    # ---- kept and shown again

    def _sources(self, known: list[str]) -> tuple:
        """What the form is made from besides its game."""
        app = self.app
        return (
            app.player,
            app.memory.last_setups.get(self.spec.id),
            app.preferences.profile.bot_levels.get(self.spec.id),
            known,
            self.house_rules.books(),
        )

    def _form_values(self) -> list:
        values: list = [(widget.id, widget.value) for widget in self.query("DropDown, Input, Switch")]
        return values + [self.query_one("#book-notes", TextArea).text]

    def fits(self) -> bool:
        return self._opened_as == self._form_values() and self._made_from == self._sources(self._known_profiles())

    def reopen(self) -> None:
        show_error(self, "")
        scroll_home(self.query_one("#setup-form"))
        self._shown_at = None  # (a key typed ahead of the form drawn again did not choose it)
        self.call_after_refresh(self._drawn)
        self._read_profiles()
        self.house_rules.bring_books_up_to_date()

    def _drawn(self) -> None:
        if self._shown_at is None:
            self._shown_at = monotonic()

    def render_lines(self, crop: Region) -> list[Strip]:
        # Painted now and written to the terminal at once: from here a person can see the form.
        # (The after-refresh call waits for the screen's queue to empty, on a busy server after
        # the key of someone who saw it; a key is dated when it arrives.)
        self._drawn()
        return super().render_lines(crop)

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
        level = self.app.preferences.profile.bot_levels.get(self.spec.id)
        return level if level in levels_for(self.spec, players) else None

    def _known_profiles(self) -> list[str]:
        """Profiles with preferences or a record here (as last read), the player's own first."""
        names = [self.app.player, *self.app.preferences.user_settings.profiles, *self.app.memory.stats_profiles]
        return list(dict.fromkeys(n for n in names if n))

    def _read_profiles(self) -> None:
        """The statistics' profiles read again in the store's worker (with ``--database`` a round
        trip: never on the loop); offered once they come, if they changed."""
        store, memory = self.app.store, self.app.memory

        def arrived(profiles: list[str]) -> None:
            if profiles == memory.stats_profiles:
                return
            memory.stats_profiles = profiles
            known = self._known_profiles()
            update_changed(self.query_one("#profiles-help", Static), self._profiles_help(known))
            for field in self.query(".seat-profile").results(Input):
                field.suggester = SuggestFromList(known, case_sensitive=False)
            self._made_from = self._sources(known)

        # (no statistics, or a store that fails: the profiles with preferences still show)
        self.app.store_writer.read(lambda: store.stats.profiles(), arrived, lambda exc: None, on=self)

    @staticmethod
    def _profiles_help(known: list[str]) -> Text:
        # Text, not a str that Static would read as markup: a profile named "[/]x" ended every
        # session that opened a set-up screen.
        shown = ", ".join(known[:8]) + (", ..." if len(known) > 8 else "")
        # The names listed are the profiles known here, not the people seated: say so.
        return Text(f"Each person plays as a profile: type a new name, or → completes a known one ({shown}).")

    # ---- keeping the form's parts in step

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.house_rules.switched(event)

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("opt-"):
            self.house_rules.show()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "book-name":  # enter on the name saves, as the button beside it does
            event.stop()
            self.house_rules.save_book()

    async def on_drop_down_changed(self, event: DropDown.Changed) -> None:
        wid = event.drop_down.id or ""
        if wid == "players":
            await self._make_seat_rows()
            self._offer_levels()
        if wid == "players" or wid.startswith("seat-"):
            self._show_seats()
        elif wid == "book":
            self.house_rules.choose(str(event.value))
        elif wid.startswith("opt-"):
            self.house_rules.show()
            self._show_keyboard_note()

    def _seat_count(self) -> int:
        players = self.query_one("#players", DropDown).value
        assert isinstance(players, int)
        return players

    async def _make_seat_rows(self) -> None:
        """A row for each seat at the table, made for the seats it has grown to (mounted before
        anything else asks them for their choices)."""
        players = self._seat_count()
        if players > len(self._rows):
            rows = [self._seat_row(seat, players) for seat in range(len(self._rows), players)]
            await self.query_one("#setup-form").mount(*rows, before="#profiles-help")

    def _offer_levels(self) -> None:
        """Each seat's levels for the table's size now: an expert that plays only heads-up is not
        offered at a larger table, and a seat given it becomes hard."""
        players = self._seat_count()
        choices = seat_choices(self.spec, players)
        if choices == self._seat_choices:
            return
        self._seat_choices = choices
        for select in self._kinds:
            kind = str(select.value)
            select.set_choices(choices)
            select.value = kind if kind == "human" else f"bot:{level_at(self.spec, players, kind[len('bot:') :])}"

    def _show_seats(self) -> None:
        """Seats beyond the number of players hidden; a profile for each person, its default
        shown: the player's own alone at the keyboard, else Player 1, Player 2..."""
        players = self._seat_count()
        kinds = [str(select.value) for select in self._kinds[:players]]
        alone = kinds.count("human") == 1
        person = 0
        for seat, (row, profile) in enumerate(zip(self._rows, self._profiles)):
            row.display = seat < players
            profile.display = seat < players and kinds[seat] == "human"
            if profile.display:
                person += 1
                profile.placeholder = self.app.player if alone else f"Player {person}"
        self.query_one("#profiles-help").display = "human" in kinds
        self._show_keyboard_note()

    def _show_keyboard_note(self) -> None:
        """In a game that shows every person's hand, what the people at the keyboard see (and in
        Cash, whom they partner)."""
        kinds = [str(select.value) for select in self._kinds[: self._seat_count()]]
        people = kinds.count("human")
        # (one person has no one to share the keyboard with: the table's screen, costly to
        # import the first time, is not looked at for a note it would not give)
        describe = getattr(screen_class(self.spec.id), "keyboard_note", None) if people > 1 else None
        note = describe(self.house_rules.form_options(), people) if describe else ""
        widget = self.query_one("#keyboard-note", Static)
        widget.update(Text(note, style="bold"))
        widget.display = bool(note)

    # ---- actions

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {
            "start": self.action_start,
            "rules": self.action_rules,
            "back": self.action_back,
            "book-save": self.house_rules.save_book,
        }[event.button.id or "back"]()

    @only_on_top
    def action_back(self) -> None:
        self.house_rules.keep_rulings()
        self.app.pop_screen()

    @only_on_top
    def action_rules(self) -> None:
        from cardarcade.ui.screens.rules import RulesScreen, keys_before_play

        book = self.house_rules.in_force()
        options = self.house_rules.form_options()
        keys = keys_before_play(self.spec, options)  # (a house rule may word a key: a gesture)
        self.app.push_screen(RulesScreen(self.spec, options if book else None, book=book, keys=keys))

    def _people(self, kinds: list[str]) -> list[str]:
        """Each person's profile, in seat order; BadSetup if two people would share one."""
        alone = kinds.count("human") == 1
        profiles: list[str] = []
        for seat, kind in enumerate(kinds):
            if kind != "human":
                continue
            typed = " ".join(self._profiles[seat].value.split())
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
        kinds = [str(select.value) for select in self._kinds[:players]]
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
        options = self.house_rules.read_options()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.randrange(2**31)
        return GameSetup(self.spec, tuple(seats), options, seed, book=self.house_rules.in_force())

    def _remember_bot_level(self, setup: GameSetup) -> None:
        """The level a solo player gave the bots, prefilled next time this game is set up."""
        people = [seat for seat in setup.seats if not seat.is_bot]
        level = most_chosen([seat.level for seat in setup.seats if seat.is_bot and seat.level])
        if len(people) != 1 or level is None or people[0].profile is None:
            return
        name = people[0].profile
        profile = self.app.preferences.user_settings.profile_of(name)
        if profile.bot_levels.get(self.spec.id) != level:
            self.app.preferences.save_profile(
                profile.model_copy(update={"bot_levels": {**profile.bot_levels, self.spec.id: level}}), name=name
            )

    @only_on_top
    def action_start(self) -> None:
        try:
            setup = self.build_setup()
        except (BadSetup, ValueError) as exc:
            show_error(self, str(exc))
            return
        from cardarcade.ui.games import screen_for

        self.house_rules.keep_rulings()
        self._remember_bot_level(setup)
        self.app.memory.last_setups[self.spec.id] = setup
        leave_for(self, screen_for(setup))
