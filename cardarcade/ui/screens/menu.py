"""The main menu: every playable game with its family, player count and a one-line summary.

It is drawn from the catalog alone: no engine is imported until a game is chosen.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Static

from cardarcade.catalog import CATALOG, GameInfo
from cardarcade.ui.widgets.keybar import KeyBar


class GameList(DataTable):
    """The list of games; ``on_cursor`` runs as soon as the cursor moves."""

    # Home and End go to the first and last game (a DataTable scrolls sideways on them).
    BINDINGS = [Binding("home", "scroll_top", show=False), Binding("end", "scroll_bottom", show=False)]

    def __init__(self, on_cursor: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_cursor = on_cursor

    def watch_cursor_coordinate(self, old: Coordinate, new: Coordinate) -> None:
        super().watch_cursor_coordinate(old, new)
        # Called here, not on the RowHighlighted message, so that what follows the cursor (the
        # summary below) is drawn in the same frame as the list: the message would arrive
        # after the list had already been redrawn.
        if self.is_mounted:
            self.on_cursor()


class MenuScreen(Screen):
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
        table = GameList(self.show_about, id="games", cursor_type="row", zebra_stripes=True)
        table.add_columns("Game", "Family", "Players")
        for info in CATALOG.values():
            table.add_row(Text(info.title, style="bold"), info.family, info.player_range, key=info.id)
        yield table
        yield Static(self._about_text(), id="about")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(GameList).focus()

    def _selected(self) -> GameInfo | None:
        table = self.query_one(GameList)
        if table.row_count == 0:
            return None
        return CATALOG.get(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value or "")

    def _about_text(self, info: GameInfo | None = None) -> Text:
        # The whole summary of the game under the cursor: too long for a table column at 80x24.
        info = info or next(iter(CATALOG.values()))
        return Text.assemble((info.title, "bold"), " — ", info.summary)

    def show_about(self) -> None:
        info = self._selected()
        if info is not None:
            self.query_one("#about", Static).update(self._about_text(info))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self._open(CATALOG.get(event.row_key.value or ""))

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
