"""The main menu: every playable game with its family, player count and a one-line summary.

It is drawn from the catalog alone: no engine is imported until a game is chosen. Its widgets
are ones Textual has loaded anyway (an OptionList, Statics), so the menu adds little to the
start-up of the arcade.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardarcade.catalog import CATALOG, GameInfo
from cardarcade.ui.widgets.keybar import KeyBar

TITLE_WIDTH = max(len(info.title) for info in CATALOG.values()) + 2
FAMILY_WIDTH = 12


def game_row(title: str | Text, family: str, players: str) -> Text:
    """One line of the list: the game, its family and how many play, in columns."""
    row = Text(no_wrap=True, overflow="ellipsis")
    row.append_text(title if isinstance(title, Text) else Text(title))
    row.pad_right(TITLE_WIDTH - row.cell_len)
    row.append(f"{family:<{FAMILY_WIDTH}}{players}")
    return row


class GameList(OptionList):
    """The list of games; ``on_cursor`` runs as soon as the highlight moves."""

    def __init__(self, on_cursor: Callable[[], None], *options: Option, **kwargs: Any) -> None:
        super().__init__(*options, **kwargs)
        self.on_cursor = on_cursor

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        # Called here, not on the OptionHighlighted message, so that what follows the cursor
        # (the summary below) is drawn in the same frame as the list: the message would arrive
        # after the list had already been redrawn.
        if self.is_mounted:
            self.on_cursor()


class MenuScreen(Screen):
    DEFAULT_CSS = """
    MenuScreen #games-header { height: 1; padding: 0 1; }
    MenuScreen #games { padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter", "choose", "Play", show=True),
        Binding("r", "rules", "Rules"),
        Binding("f1", "rules", "Rules", show=False),
        Binding("question_mark", "rules", "Rules", show=False),
        Binding("t", "app.next_theme", "Theme"),
        Binding("g", "app.toggle_glyphs", "Glyphs"),
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "app.quit", "Quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("♠ ♥  cardarcade  ♦ ♣", "bold"), "\nPick a game and press enter."), id="banner")
        yield Static(game_row(Text("Game", style="bold"), "Family", "Players"), id="games-header")
        yield GameList(self.show_about, *(
            Option(game_row(Text(info.title, style="bold"), info.family, info.player_range), id=info.id)
            for info in CATALOG.values()), id="games", compact=True)
        yield Static(self._about_text(), id="about")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(GameList).focus()

    def _selected(self) -> GameInfo | None:
        option = self.query_one(GameList).highlighted_option
        return CATALOG.get(option.id or "") if option is not None else None

    def _about_text(self, info: GameInfo | None = None) -> Text:
        # The whole summary of the game under the cursor: too long for a column at 80x24.
        info = info or next(iter(CATALOG.values()))
        return Text.assemble((info.title, "bold"), " — ", info.summary)

    def show_about(self) -> None:
        info = self._selected()
        if info is not None:
            self.query_one("#about", Static).update(self._about_text(info))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(CATALOG.get(event.option.id or ""))

    def action_choose(self) -> None:
        self._open(self._selected())

    def _open(self, info: GameInfo | None) -> None:
        if info is None:
            return
        from cardarcade.rules import GAMES
        from cardarcade.ui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(GAMES[info.id]))

    def action_rules(self) -> None:
        info = self._selected()
        if info is not None:
            from cardarcade.rules import GAMES
            from cardarcade.ui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(GAMES[info.id], None))
