"""Set up a game: how many players, who is a person and who a bot (and how good), house rules, seed."""

from __future__ import annotations

import random
import typing
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from cardarcade.bots import levels_for, newcomer_level
from cardarcade.rules.base import BadSetup, GameSpec, option_label, option_value_label
from cardarcade.table.setup import GameSetup
from cardarcade.table.table import Seat
from cardarcade.ui.screens import screen_class
from cardarcade.ui.screens._dialog import only_on_top


def seat_choices(spec: GameSpec) -> list[tuple[str, str]]:
    return [("Person", "human")] + [(f"Bot · {lvl}", f"bot:{lvl}") for lvl in levels_for(spec.realtime)]


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

    def compose(self) -> ComposeResult:
        spec = self.spec
        yield Static(Text.assemble((f" {spec.title} ", "bold reverse"), f"  {spec.summary}"), id="setup-title")
        with Horizontal(id="setup-buttons"):
            yield Button("Start", id="start", variant="primary")
            yield Button("Rules", id="rules")
            yield Button("Back", id="back")
        yield Static("", id="setup-error")
        # The last choices for this game in this session, else a person against a newcomer's bots.
        last = self.app.last_setups.get(spec.id)
        players = len(last.seats) if last else spec.default_players
        kinds = [seat_kind(seat) for seat in last.seats] if last else ["human"]
        options = last.options if last else spec.Options()
        new_bot = f"bot:{newcomer_level(spec.realtime)}"
        with VerticalScroll(id="setup-form"):
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield Select([(str(n), n) for n in range(spec.min_players, spec.max_players + 1)],
                             value=players, allow_blank=False, id="players")
            for seat in range(spec.max_players):
                with Horizontal(classes="field seat-row", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field-label")
                    yield Select(seat_choices(spec), value=kinds[seat] if seat < len(kinds) else new_bot,
                                 allow_blank=False, id=f"seat-{seat}")
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
                yield Label("Seed", classes="field-label")
                yield Input(placeholder="random", type="integer", id="seed")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.query_one("#players", Select).value)  # type: ignore[arg-type]

    def on_switch_changed(self, event: Switch.Changed) -> None:
        words = self.query(f"#{event.switch.id}-words")
        if words:
            words.first(Static).update(switch_words(event.value))

    def _show_seats(self, players: int) -> None:
        for seat in range(self.spec.max_players):
            self.query_one(f"#seat-row-{seat}").display = seat < players

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"start": self.action_start, "rules": self.action_rules, "back": self.action_back}[event.button.id or "back"]()

    @only_on_top
    def action_back(self) -> None:
        self.app.pop_screen()

    @only_on_top
    def action_rules(self) -> None:
        from cardarcade.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.spec, None))

    def build_setup(self) -> GameSetup:
        """The form as a GameSetup; raises BadSetup with a message for the player."""
        players = self.query_one("#players", Select).value
        assert isinstance(players, int)
        kinds = [str(self.query_one(f"#seat-{s}", Select).value) for s in range(players)]
        humans = kinds.count("human")
        most = screen_class(self.spec.id).MAX_PEOPLE
        if most is not None and humans > most:
            raise BadSetup(f"At most {most} people can share one keyboard in this game; make the other seats bots.")
        seats: list[Seat] = []
        person = bot = 0
        for kind in kinds:
            if kind == "human":
                person += 1
                seats.append(Seat("You" if humans == 1 else f"Player {person}"))
            else:
                bot += 1
                seats.append(Seat(f"Bot {bot}", "bot", kind.split(":", 1)[1]))
        raw: dict[str, Any] = {}
        for name, info in self.spec.Options.model_fields.items():
            widget = self.query_one(f"#opt-{name}")
            value = widget.value
            if isinstance(widget, Input):
                if not value.strip():
                    raise BadSetup(f"{option_label(info, name)} needs a value.")
                value = int(value) if info.annotation is int else value
            raw[name] = value
        options = self.spec.parse_options(raw)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.randrange(2**31)
        return GameSetup(self.spec, tuple(seats), options, seed)

    @only_on_top
    def action_start(self) -> None:
        try:
            setup = self.build_setup()
        except (BadSetup, ValueError) as exc:
            self.query_one("#setup-error", Static).update(Text(str(exc), style="bold"))
            return
        from cardarcade.ui.screens import screen_for

        self.app.last_setups[self.spec.id] = setup
        self.app.switch_screen(screen_for(setup))
