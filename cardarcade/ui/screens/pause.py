"""The pause menu, the game's whole log, and a yes/no question."""

from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from cardarcade.table.table import how_many
from cardarcade.ui.screens._dialog import Dialog, only_on_top
from cardarcade.ui.screens._kept import KeptScreen, update_changed
from cardarcade.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:  # (the menu asks its yes/no questions without loading the engines)
    from cardarcade.seating import GameSetup

# Up and down move between a dialog's buttons (tab and shift+tab still do too).
BUTTON_ARROWS = [
    Binding("down", "app.focus_next", "Next", show=False),
    Binding("up", "app.focus_previous", "Previous", show=False),
]


class PauseScreen(Dialog[str | None], KeptScreen):
    """Resume, rules, the log, theme, restart, save and leave, or give up. Play is held while this is open."""

    BINDINGS = [
        Binding("escape,p", "choose('resume')", "Resume"),  # (p: the menu's key at most tables)
        Binding("f1", "rules", "Rules"),
        Binding("f2", "history", "Log"),
        Binding("t", "app.next_theme", "Theme"),
        *BUTTON_ARROWS,
    ]

    def __init__(self, setup: GameSetup, history: Sequence[Text] = (), shared: bool = False, keys: str = "") -> None:
        """``shared``: a table people play from other terminals: it plays on meanwhile, and cannot
        be dealt again, saved or given up from here. ``keys``: the rules' keys section for this table."""
        super().__init__()
        self.setup = setup
        self.history = history
        self.shared = shared
        self.keys = keys

    def reopen(self, setup: GameSetup, history: Sequence[Text], keys: str) -> None:  # type: ignore[override]
        """Shown again by the game that kept it (``open_kept``, which puts the focus back on
        Resume): what its rules and log show is the game's as it is now."""
        self.setup, self.history, self.keys = setup, history, keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                Text(f"{self.setup.spec.title} — " + ("the others play on" if self.shared else "paused")),
                classes="dialog-title",
            )
            # One line each (compact), so that all seven fit in 24 lines.
            yield Button("Resume", id="resume", variant="primary", compact=True)
            yield Button("Rules", id="rules", compact=True)
            yield Button("The whole log", id="history", compact=True)
            yield Button("Next theme", id="theme", compact=True)
            if self.shared:
                yield Button("Leave the table", id="leave", variant="error", compact=True)
            else:
                yield Button("Restart with a new deal", id="restart", compact=True)
                yield Button("Save and leave", id="leave", compact=True)
                yield Button("Give up this game", id="give_up", variant="error", compact=True)
        yield KeyBar()

    @only_on_top  # a click queued behind the key that closed this menu opens nothing over the game
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "rules":
            self.action_rules()
        elif event.button.id == "history":
            self.action_history()
        elif event.button.id == "theme":
            self.app.action_next_theme()
        elif event.button.id == "give_up":
            self.app.push_screen(ConfirmScreen("Give up this game? It is not saved."), self._give_up)
        else:
            self.dismiss(event.button.id)

    def _give_up(self, yes: bool | None) -> None:
        if yes:
            self.dismiss("give_up")

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.setup.spec.title, self.history))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_rules(self) -> None:
        from cardarcade.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.setup.spec, self.setup.options, book=self.setup.book, keys=self.keys))


class HistoryScreen(Dialog[None], KeptScreen):
    """Every line of the game's log so far, newest at the bottom, to scroll through. A game keeps
    it once shown and brings it up to date as it shows it again (``reopen``)."""

    AUTO_FOCUS = "#history-scroll"
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("f2", "close", "Back", show=False),
        Binding("q", "close", "Back", show=False),
    ]

    def __init__(self, title: str, lines: Sequence[Text]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static(self._title(), id="history-title")
            with VerticalScroll(id="history-scroll"):
                yield Static(self._lines(), id="history-lines")
        yield KeyBar()

    def _title(self) -> Text:
        return Text(
            f"{self.title_text} — the whole log ({how_many(len(self.lines), 'line')})  ·  ↑↓ PgUp PgDn scroll",
            style="bold",
        )

    def _lines(self) -> Text:
        return Text("\n").join(self.lines) if self.lines else Text("Nothing has happened yet.", style="italic")

    def reopen(self, title: str, lines: Sequence[Text]) -> None:  # type: ignore[override]
        """Shown again: the log as it is now, at its newest line, as a new one opens."""
        if title != self.title_text or list(lines) != self.lines:
            self.title_text, self.lines = title, list(lines)
            update_changed(self.query_one("#history-title", Static), self._title())
            update_changed(self.query_one("#history-lines", Static), self._lines())
        self.query_one("#history-scroll").anchor()

    def on_mount(self) -> None:
        for scroll in self.query("#history-scroll"):  # none if closed before it was up (Dialog)
            # At the end from the first frame (laid out there), not scrolled there in a second one.
            scroll.anchor()

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Dialog[bool]):
    AUTO_FOCUS = "#no"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
        *BUTTON_ARROWS,
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")  # it may name players, saves
            yield Button("Yes (y)", id="yes", variant="error")
            yield Button("No (n)", id="no", variant="primary")
        yield KeyBar()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
