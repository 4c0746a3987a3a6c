"""The settings screen: theme, suit glyphs, pace, countdown, the hard bots' thinking time, and
whose profile this terminal plays as, saved in the settings file (``app.preferences.save_settings``).

A value out of bounds is named with its limits and nothing is saved. Theme, glyphs and pace can
be kept for the player's profile only (someone else at this terminal keeps their own). Saving
writes only what was changed here, so every other profile, and what another window saved
meanwhile, stays as it was.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Static, Switch

from cardarcade.rules.base import option_error
from cardarcade.store.look import MAX_NAME, login_name
from cardarcade.store.settings import PROFILE_ONLY, Profile, Settings
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.screens._kept import KeptScreen, scroll_home, update_changed
from cardarcade.ui.widgets.form import scrollbar_from_the_first_layout
from cardarcade.ui.widgets.dropdown import DropDown
from cardarcade.ui.widgets.keybar import KeyBar

THEME_DECIDES = "theme"  # the glyphs choice that leaves them to the theme (None in the file)
GLYPHS = [("Symbols ♠ ♥ ♦ ♣", "symbols"), ("Letters S H D C", "letters"), ("As the theme decides", THEME_DECIDES)]


def limits(name: str) -> str:
    """'0.1 to 5.0', from the Settings model's own bounds."""
    bounds = {type(m).__name__: m for m in Settings.model_fields[name].metadata}
    return f"{bounds['Ge'].ge} to {bounds['Le'].le}"


class SettingsScreen(KeptScreen):
    """Kept once shown (``_kept.py``): shown again as it is while the player left the form as it
    opened and the settings, the profile and the themes it was made from are the same."""

    DEFAULT_CSS = """
    SettingsScreen #settings-title { height: 1; padding: 0 1; }
    SettingsScreen #settings-warning { height: auto; padding: 0 1; color: $warning; }
    SettingsScreen #settings-message { height: auto; padding: 0 1; }
    SettingsScreen #settings-message.error { color: $error; text-style: bold; }
    SettingsScreen #settings-form { height: 1fr; background: $surface; }
    SettingsScreen #settings-buttons { height: 3; padding: 0 1; }
    SettingsScreen #settings-buttons Button { margin: 0 1 0 0; }
    """
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "back", "Back"),
    ]
    AUTO_FOCUS = "#theme"

    def __init__(self) -> None:
        super().__init__()
        self._shown: dict[str, Any] = {}  # the form as it opened: what "changed" is measured against
        self._warned_unsaved = False
        self._made_from: tuple | None = None  # what the form was made from (``_sources``)

    def compose(self) -> ComposeResult:
        app = self.app
        settings = app.preferences.user_settings  # read first: it sets app.preferences.warning
        profile = app.preferences.profile
        self._made_from = self._sources()
        yield Static(Text.assemble((" Settings ", "bold reverse"), f"  playing as {app.player}"), id="settings-title")
        warning = app.preferences.warning
        yield Static(
            Text(
                f"{warning}. Saving writes it as this form shows it; the old file is kept beside it "
                "as settings.toml.broken."
                if warning
                else ""
            ),
            id="settings-warning",
        )
        yield Static("", id="settings-message")
        theme = profile.theme or settings.theme
        if theme not in app.looks.card_themes:
            theme = app.looks.card_theme.name
        own = any(getattr(profile, name) is not None for name in PROFILE_ONLY)
        with VerticalScroll(id="settings-form"):
            yield from self._field(
                "Theme",
                DropDown([(Text(app.looks.card_themes[n].title), n) for n in app.looks.order], value=theme, id="theme"),
            )
            yield from self._field(
                "Suit glyphs",
                DropDown(GLYPHS, value=profile.glyphs or settings.glyphs or THEME_DECIDES, id="glyphs"),
            )
            yield from self._field(
                "Pace",
                Input(str(profile.pace or settings.pace), id="pace"),
                f"Seconds a bot takes for an ordinary move ({limits('pace')}).",
            )
            yield from self._field(
                "Countdown",
                Input(str(settings.countdown), id="countdown"),
                f'Seconds of "3, 2, 1, GO" before a reaction game ({limits("countdown")}; 0 for none).',
            )
            yield from self._field(
                "Hard bots' thinking time",
                Input(str(settings.hard_bot_seconds), id="hard_bot_seconds"),
                f"Seconds the hard bots of the card games may think on past their fixed share of work "
                f"({limits('hard_bot_seconds')}; a busy machine never cuts that share short).",
            )
            yield from self._field(
                "Replays kept",
                Input(str(settings.replays_kept), id="replays_kept"),
                f"Finished games kept as replays per profile, the newest ({limits('replays_kept')}).",
            )
            yield from self._field(
                "Play as profile",
                Input(
                    settings.profile or "",
                    placeholder=app.player,
                    max_length=MAX_NAME,
                    id="profile",
                    disabled=app.preferences.named_by_session,
                ),
                "Whose statistics and preferences this terminal uses; empty: your login name.",
            )
            yield from self._field(
                "Theme, glyphs, pace",
                Switch(value=own, id="profile-only"),
                f"On: kept for {app.player}'s profile only. Off: the same for everyone who plays at this terminal.",
            )
        with Horizontal(id="settings-buttons"):
            yield Button("Save", id="save", variant="primary")
            yield Button("Back", id="back")
        yield KeyBar()

    def _field(self, label: str, widget: Any, help: str = "") -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(label, classes="field-label")
            yield widget
        if help:
            yield Static(Text(help), classes="field-help")  # a player's name may hold [brackets]

    def on_mount(self) -> None:
        self.query_one("#settings-warning").display = self.app.preferences.warning is not None
        # (beside the form: at least the title, the buttons and the key bar)
        scrollbar_from_the_first_layout(self.query_one("#settings-form", VerticalScroll), beside=5)
        self._shown = self._form()

    def _sources(self) -> tuple:
        """What the form is made from."""
        app, preferences = self.app, self.app.preferences
        settings = preferences.user_settings  # (first: it sets the warning)
        return (
            settings,
            preferences.profile,
            preferences.warning,
            preferences.named_by_session,
            app.player,
            app.looks.card_theme.name,
            tuple(app.looks.order),
        )

    def fits(self) -> bool:
        return self._form() == self._shown and self._made_from == self._sources()

    def reopen(self) -> None:
        self._say("")
        self._warned_unsaved = False
        scroll_home(self.query_one("#settings-form"))

    def _form(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for widget in self.query("#settings-form DropDown, #settings-form Input, #settings-form Switch"):
            values[widget.id or ""] = widget.value  # type: ignore[attr-defined]
        return values

    def _say(self, message: str, error: bool = False) -> None:
        shown = self.query_one("#settings-message", Static)
        update_changed(shown, Text(message))
        shown.set_class(error, "error")

    # ---- building the settings from the form

    def build_settings(self) -> Settings:
        """The form as Settings (every other profile kept); ValueError with a message for the
        player when a value is not allowed."""
        app, form = self.app, self._form()
        current = app.preferences.user_settings
        profile_name = " ".join(str(form["profile"]).split()) or None
        if profile_name is not None and not profile_name.isprintable():  # (a paste can bring them)
            raise ValueError("A profile name cannot hold control characters. Nothing was saved.")
        glyphs = None if form["glyphs"] == THEME_DECIDES else form["glyphs"]
        theme = form["theme"]
        if theme == self._shown["theme"] and current.theme is None and app.preferences.profile.theme is None:
            theme = None  # left as it was: keep following the shipped default
        raw = {
            **current.model_dump(exclude={"profiles"}),
            "theme": theme,
            "glyphs": glyphs,
            "pace": str(form["pace"]).strip(),
            "countdown": str(form["countdown"]).strip(),
            "hard_bot_seconds": str(form["hard_bot_seconds"]).strip(),
            "replays_kept": str(form["replays_kept"]).strip(),
            "profile": profile_name,
        }
        for name in ("pace", "countdown", "hard_bot_seconds", "replays_kept"):
            if not raw[name]:
                raise ValueError(
                    f"{Settings.model_fields[name].title} needs a value ({limits(name)}). Nothing was saved."
                )
        try:
            checked = Settings.model_validate(raw)
        except ValidationError as exc:
            raise ValueError(f"{option_error(Settings, exc)}. Nothing was saved.") from None  # type: ignore[arg-type]
        # Whose profile: the SSH user over SSH (the settings cannot change it), else the one named here.
        player = app.player if app.preferences.named_by_session else login_name(checked.profile)
        mine = current.profile_of(player)
        chosen = {name: getattr(checked, name) for name in PROFILE_ONLY}
        if form["profile-only"]:
            mine = mine.model_copy(update=chosen)
            checked = checked.model_copy(update={name: getattr(current, name) for name in PROFILE_ONLY})
        else:
            mine = mine.model_copy(update=dict.fromkeys(PROFILE_ONLY))
        profiles = dict(current.profiles)
        if mine != Profile() or player in profiles:
            profiles[player] = mine
        return checked.model_copy(update={"profiles": profiles})

    # ---- actions

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_input_changed(self) -> None:
        self._warned_unsaved = False

    @only_on_top
    def action_save(self) -> None:
        try:
            settings = self.build_settings()
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        problem = self.app.preferences.save_settings(settings)
        if problem is not None:
            self._say(f"{problem}. They hold for this session.", error=True)
            self._shown = self._form()
            return
        self.app.notify("Settings saved.", timeout=2)
        self.app.pop_screen()

    @only_on_top
    def action_back(self) -> None:
        """Leave without saving; with unsaved changes, the first escape says so."""
        if self._form() != self._shown and not self._warned_unsaved:
            self._warned_unsaved = True
            self._say("Not saved. Escape again leaves without saving; ctrl+s saves.", error=True)
            return
        self.app.pop_screen()
