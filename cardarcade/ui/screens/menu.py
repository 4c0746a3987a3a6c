"""The main menu: every playable game with its family, player count and a one-line summary."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from cardarcade.rules import GAMES
from cardarcade.ui.screens import has_screen


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
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Static(id="about")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game", "Family", "Players")
        for spec in GAMES.values():
            if has_screen(spec.id):
                table.add_row(Text(spec.title, style="bold"), spec.family, spec.player_range, key=spec.id)
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # The whole summary of the game under the cursor: too long for a table column at 80x24.
        spec = GAMES.get(event.row_key.value or "")
        if spec is not None:
            self.query_one("#about", Static).update(Text.assemble((spec.title, "bold"), " — ", spec.summary))

    def _selected(self) -> str | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self._open(event.row_key.value)

    def action_choose(self) -> None:
        self._open(self._selected())

    def _open(self, game_id: str | None) -> None:
        if game_id is None:
            return
        from cardarcade.ui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(GAMES[game_id]))

    def action_rules(self) -> None:
        game_id = self._selected()
        if game_id is not None:
            from cardarcade.ui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(GAMES[game_id], None))
