"""The main menu: every playable game with its family, player count and a one-line summary.

It is drawn from the catalog alone: no engine is imported until a game is chosen. Its widgets
draw from caches, so the menu adds little to the start-up of the arcade and to each key.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual import events
from textual.widgets import Static

from cardarcade.catalog import CATALOG, GameInfo
from cardarcade.ui.screens._dialog import only_on_top
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


class GameList(Widget, can_focus=True):
    """The games, one per line, with a cursor. A move repaints the two lines that changed and
    nothing else: an OptionList repainted all of them, and took twice a bare Textual app's CPU
    per key. ``on_cursor`` runs as soon as the cursor moves, so what follows it is drawn in the
    same frame; ``on_choose`` runs on a click on the row under the cursor (enter is the screen's).
    """

    COMPONENT_CLASSES = {"game-list--cursor"}
    DEFAULT_CSS = """
    GameList { height: 1fr; }
    GameList > .game-list--cursor { background: $block-cursor-blurred-background; }
    GameList:focus > .game-list--cursor {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    """
    BINDINGS = [
        Binding("up,k", "move(-1)", show=False),
        Binding("down,j", "move(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "go(0)", show=False),
        Binding("end", "go(-1)", show=False),
    ]

    def __init__(self, rows: dict[str, Text], on_cursor: Callable[[], None], on_choose: Callable[[str], None],
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ids, self.rows = list(rows), list(rows.values())
        self.on_cursor, self.on_choose = on_cursor, on_choose
        self.cursor = 0
        self.top = 0  # the first row shown
        self._strips: dict[tuple, Strip] = {}

    @property
    def highlighted(self) -> str:
        return self.ids[self.cursor]

    def render_line(self, y: int) -> Strip:
        row, width, base = self.top + y, self.content_size.width, self.rich_style
        if row >= len(self.rows):
            return Strip.blank(width, base)
        style = base + self.get_component_rich_style("game-list--cursor") if row == self.cursor else base
        key = (row, width, style)
        strip = self._strips.get(key)
        if strip is None:
            segments = self.rows[row].render(self.app.console, end="")
            strip = Strip(segments).apply_style(style).crop(0, width).extend_cell_length(width, style)
            self._strips[key] = strip
        return strip

    def on_resize(self) -> None:
        self._scroll_to_cursor()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def _scroll_to_cursor(self) -> bool:
        """Move the window so the cursor is in it; whether it moved."""
        height = self.size.height or len(self.rows)
        top = min(max(self.top, self.cursor - height + 1), self.cursor)
        moved, self.top = top != self.top, top
        return moved

    def action_move(self, step: int) -> None:
        self.go_to(self.cursor + step)

    def action_page(self, direction: int) -> None:
        self.go_to(self.cursor + direction * max(self.size.height - 1, 1))

    def action_go(self, row: int) -> None:
        self.go_to(row % len(self.rows))

    def go_to(self, row: int) -> None:
        row = min(max(row, 0), len(self.rows) - 1)
        if row == self.cursor:
            return
        old, self.cursor = self.cursor, row
        if self._scroll_to_cursor():
            self.refresh()
        else:
            width = self.content_size.width
            self.refresh(Region(0, old - self.top, width, 1), Region(0, row - self.top, width, 1))
        self.on_cursor()

    def on_click(self, event: events.Click) -> None:
        row = self.top + event.y
        if row == self.cursor:
            self.on_choose(self.highlighted)
        elif 0 <= row < len(self.rows):
            self.go_to(row)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.go_to(self.cursor + 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.go_to(self.cursor - 1)


class Summary(Widget):
    """The summary of the game under the cursor. Each game's lines are wrapped and rendered once,
    then drawn from a cache: a key's answer is the list's two lines and these."""

    def __init__(self, texts: dict[str, Text], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.texts = texts
        self.game_id = next(iter(texts))
        self._lines: dict[tuple, list[Strip]] = {}

    def show(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.game_id = game_id
            self.refresh()

    def render_line(self, y: int) -> Strip:
        width, style = self.content_size.width, self.rich_style
        key = (self.game_id, width, style)
        lines = self._lines.get(key)
        if lines is None:
            console = self.app.console
            lines = [Strip(line.render(console, end="")).apply_style(style).extend_cell_length(width, style)
                     for line in self.texts[self.game_id].wrap(console, width)]
            self._lines[key] = lines
        return lines[y] if y < len(lines) else Strip.blank(width, style)


class MenuScreen(Screen):
    HOME = True  # where leaving a game comes back to (ArcadeApp.leave_game)
    DEFAULT_CSS = """
    MenuScreen #games-header { height: 1; padding: 0 1; }
    MenuScreen #games { padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter", "choose", "Play", show=True),
        Binding("c", "open_saves", "Continue"),
        Binding("r", "rules", "Rules"),
        Binding("f1", "rules", "Rules", show=False),
        Binding("question_mark", "rules", "Rules", show=False),
        Binding("t", "app.next_theme", "Theme"),
        Binding("g", "app.toggle_glyphs", "Glyphs", show=False),  # (the bar is full: settings show it)
        Binding("s", "open('stats')", "Stats"),
        Binding("o", "open('settings')", "Settings"),
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "back", "Quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(self._banner(), id="banner")
        yield Static(game_row(Text("Game", style="bold"), "Family", "Players"), id="games-header")
        rows = {info.id: game_row(Text(info.title, style="bold"), info.family, info.player_range)
                for info in CATALOG.values()}
        yield GameList(rows, self.show_about, lambda game_id: self._open(CATALOG[game_id]), id="games")
        yield Summary({info.id: Text.assemble((info.title, "bold"), " — ", info.summary)
                       for info in CATALOG.values()}, id="about")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(GameList).focus()

    def _banner(self) -> Text:
        # Suit letters where symbols would not show (a terminal or an SSH client without UTF-8).
        suits = ("S H", "D C") if self.app.ascii_glyphs else ("♠ ♥", "♦ ♣")
        saved = self.app.store.saved_game_count()
        waiting = f"   ·   {saved} saved game{'s' * (saved != 1)}: c continues" if saved else ""
        # The count tells a newcomer that the list goes on below what fits on the screen.
        return Text.assemble((f"{suits[0]}  cardarcade  {suits[1]}", "bold"), "\nPick a game and press enter.",
                             f"   ·   {len(CATALOG)} games", (waiting, "bold"))

    def refresh_all(self) -> None:
        """Drawn again after the glyphs or the theme change (``ArcadeApp._redraw``), and on coming
        back from a game (it may have been saved)."""
        self.query_one("#banner", Static).update(self._banner())

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.refresh_all()

    def _selected(self) -> GameInfo:
        return CATALOG[self.query_one(GameList).highlighted]

    def show_about(self) -> None:
        self.query_one(Summary).show(self._selected().id)

    def action_choose(self) -> None:
        self._open(self._selected())

    @only_on_top
    def _open(self, info: GameInfo) -> None:
        from cardarcade.rules import GAMES
        from cardarcade.ui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(GAMES[info.id]))

    def action_back(self) -> None:
        """Escape: back to the lobby this menu was opened from (a server's session), else quit."""
        if self.app.lobby is not None and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()

    @only_on_top
    def action_open_saves(self) -> None:
        from cardarcade.ui.screens.saves import ContinueScreen

        self.app.push_screen(ContinueScreen())

    @only_on_top
    def action_open(self, which: str) -> None:
        if which == "stats":
            from cardarcade.ui.screens.stats import StatsScreen

            self.app.push_screen(StatsScreen())
        else:
            from cardarcade.ui.screens.settings import SettingsScreen

            self.app.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        from cardarcade.rules import GAMES
        from cardarcade.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(GAMES[self._selected().id], None))
