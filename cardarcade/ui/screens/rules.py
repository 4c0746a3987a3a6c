"""The rules of a game in our own words, with the house rules in force."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from cardarcade.rules.base import GameSpec, Options
from cardarcade.ui.screens._dialog import Dialog


def rules_markdown(spec: GameSpec, options: Options | None) -> str:
    """The rules text plus the house rules: the active ones, or the defaults with their choices."""
    lines = [spec.rules.rstrip(), "", "## House rules" + (" in force" if options is not None else " (defaults)"), ""]
    opts = options if options is not None else spec.Options()
    for line in opts.describe():
        lines.append(f"- {line}")
    return "\n".join(lines) + "\n"


class RulesScreen(Dialog[None]):
    AUTO_FOCUS = "#rules-box"
    BINDINGS = [
        Binding("escape", "dismiss", "Back"),
        Binding("q", "dismiss", "Back", show=False),
        Binding("f1", "dismiss", "Back", show=False),
        Binding("question_mark", "dismiss", "Back", show=False),
    ]

    def __init__(self, spec: GameSpec, options: Options | None) -> None:
        super().__init__()
        self.spec = spec
        self.options = options

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-box"):
            yield Markdown(rules_markdown(self.spec, self.options))
        yield Footer()

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
