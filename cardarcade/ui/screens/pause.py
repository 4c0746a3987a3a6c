"""The pause menu and a yes/no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from cardarcade.ui.setup import GameSetup


class PauseScreen(ModalScreen[str | None]):
    """Resume, rules, theme, restart or leave. Play is held while this is open."""

    BINDINGS = [
        Binding("escape", "choose('resume')", "Resume"),
        Binding("f1", "rules", "Rules"),
        Binding("t", "app.next_theme", "Theme"),
    ]

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"{self.setup.spec.title} — paused", classes="dialog-title")
            yield Button("Resume", id="resume", variant="primary")
            yield Button("Rules", id="rules")
            yield Button("Next theme", id="theme")
            yield Button("Restart with a new deal", id="restart")
            yield Button("Leave to the menu", id="leave", variant="error")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "rules":
            self.action_rules()
        elif event.button.id == "theme":
            self.app.action_next_theme()
        else:
            self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_rules(self) -> None:
        from cardarcade.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.setup.spec, self.setup.options))


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            yield Button("Yes (y)", id="yes", variant="error")
            yield Button("No (n)", id="no", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
