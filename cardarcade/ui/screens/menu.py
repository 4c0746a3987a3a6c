"""The main menu: every playable game with its family, player count and a one-line summary.

It is drawn from the catalog alone: no engine is imported until a game is chosen. Its widgets
draw from caches, so the menu adds little to the start-up of the arcade and to each key.
"""

from __future__ import annotations

import importlib
import sys
import threading
from time import monotonic
from typing import Any
from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual import events
from textual.widgets import Static

from cardarcade.catalog import CATALOG, GameInfo
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.screens._remade import RemadeScreen
from cardarcade.ui.widgets.keybar import KeyBar

TITLE_WIDTH = max(len(info.title) for info in CATALOG.values()) + 2
FAMILY_WIDTH = 12


def count_line(good: int, broken: int) -> str:
    """'9 saved games (13 cannot be opened)': the saves that open, and the files that do not."""
    return f"{good} saved game{'s' * (good != 1)}" + (f" ({broken} cannot be opened)" if broken else "")


def game_row(title: str | Text, family: str, players: str) -> Text:
    """One line of the list: the game, its family and how many play, in columns."""
    row = Text(no_wrap=True, overflow="ellipsis")
    row.append_text(title if isinstance(title, Text) else Text(title))
    row.pad_right(TITLE_WIDTH - row.cell_len)
    row.append(f"{family:<{FAMILY_WIDTH}}{players}")
    return row


# Each row as drawn, by its text, width and style, shared by every session of a server: the
# rows are the same for all, and drawing them afresh was a tenth of the CPU a session's menu took.
_DRAWN_ROWS: dict[tuple[str, int, Style], Strip] = {}
_DRAWN_ROWS_KEPT = 4096  # (a few widths and themes' worth; then drawn afresh)


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

    def __init__(
        self, rows: dict[str, Text], on_cursor: Callable[[], None], on_choose: Callable[[str], None], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.ids, self.rows = list(rows), list(rows.values())
        self._plains = [row.plain for row in self.rows]  # (the shared cache's keys, made once)
        self.on_cursor, self.on_choose = on_cursor, on_choose
        self.cursor = 0
        self.top = 0  # the first row shown

    @property
    def highlighted(self) -> str:
        return self.ids[self.cursor]

    def render_line(self, y: int) -> Strip:
        row, width, base = self.top + y, self.content_size.width, self.rich_style
        if row >= len(self.rows):
            return Strip.blank(width, base)
        style = base + self.get_component_rich_style("game-list--cursor") if row == self.cursor else base
        key = (self._plains[row], width, style)
        strip = _DRAWN_ROWS.get(key)
        if strip is None:
            segments = self.rows[row].render(self.app.console, end="")
            strip = Strip(segments).apply_style(style).crop(0, width).extend_cell_length(width, style)
            if len(_DRAWN_ROWS) >= _DRAWN_ROWS_KEPT:
                _DRAWN_ROWS.clear()
            _DRAWN_ROWS[key] = strip
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
            lines = [
                Strip(line.render(console, end="")).apply_style(style).extend_cell_length(width, style)
                for line in self.texts[self.game_id].wrap(console, width)
            ]
            self._lines[key] = lines
        return lines[y] if y < len(lines) else Strip.blank(width, style)


# What the screens opened from the menu import the first time (the engines' specs and pydantic,
# the set-up form's widgets, the statistics' charts): over half of the first set-up's opening.
# Also the engine of the game under the cursor (its house rules are pydantic models, built as it
# is imported: War's took 15 ms of the first set-up), again whenever the cursor rests on another.
# Imported once per process in a thread of its own, once the menu has been on top a moment with
# no key: on the loop, an import held it a tenth of a second or more, so the menu waited a second
# first, and a player who chose a game at once still paid for them all. A key meanwhile is
# answered (the thread gives the interpreter up every few ms); a screen that needs a module the
# thread is importing waits for that one module, no longer than importing it itself would take.
IMPORTED_AHEAD = (
    "cardarcade.rules",
    "cardarcade.ui.screens.setup",  # (the set-up first: the screen most often opened next)
    "cardarcade.store.stats",
    "cardarcade.ui.games.game",
    "cardarcade.ui.screens.stats",
    "cardarcade.ui.screens.saves",
    "cardarcade.ui.screens.settings",
    "cardarcade.ui.screens.rules",
)
IMPORT_AHEAD_IDLE = 0.25  # seconds of the menu on top with no key before the imports ahead begin
_importing_ahead = threading.Lock()  # (one thread a process: every session's menu imports the same)


def _not_imported(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name for name in names if name not in sys.modules)


def _imported_ahead(names: tuple[str, ...], parse_ahead: Callable[[list[type]], None]) -> None:
    try:
        for name in names:
            try:
                importlib.import_module(name)
            except Exception:  # (not ours to report: the screen that needs it imports it again, and says)
                pass
        try:
            parse_ahead(_styled_ahead())
        except Exception:  # (each screen parses what it needs as it opens, as before)
            pass
    finally:
        _importing_ahead.release()


def _styled_ahead() -> list[type]:
    """The widgets the set-up and settings forms mount that the menu has not: their default CSS
    parsed ahead (a tenth of the first set-up's opening)."""
    from textual.containers import Horizontal, VerticalScroll
    from textual.scrollbar import ScrollBar, ScrollBarCorner
    from textual.widgets import Button, Input, Label, Switch

    from cardarcade.ui.screens.house_rules import NotesArea
    from cardarcade.ui.widgets.dropdown import DropDown

    return [Button, Input, Label, Switch, NotesArea, DropDown, Horizontal, VerticalScroll, ScrollBar, ScrollBarCorner]


WIDE_MENU = 120  # from this width the summary stands beside the list, in the room it leaves


class MenuScreen(RemadeScreen):
    HOME = True  # where leaving a game comes back to (ArcadeApp.leave_game)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE_MENU, "-wide")]
    DEFAULT_CSS = """
    MenuScreen #games-header { height: 1; padding: 0 1; }
    MenuScreen #games { padding: 0 1; }
    """  # (a wide terminal's layout: arcade.tcss, whose rules outrank these)
    BINDINGS = [
        Binding("enter", "choose", "Play", show=True),
        Binding("c", "open_saves", "Continue"),
        Binding("r", "rules", "Rules"),
        Binding("f1", "rules", "Rules", show=False),
        Binding("question_mark", "rules", "Rules", show=False),
        Binding("t", "app.next_theme", "Theme"),
        Binding("g", "app.toggle_glyphs", "Suits"),
        Binding("s", "open('stats')", "Stats"),
        Binding("v", "open('replays')", "Replays", show=False),  # (on the statistics' bar: this one is full)
        Binding("o", "open('settings')", "Settings"),
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "back", "Quit", show=False),
    ]

    class SaveCounts(Message):
        """The saves counted by reading each one: (those that open, those that cannot); None if
        they could not be counted."""

        def __init__(self, counts: tuple[int, int] | None) -> None:
            super().__init__()
            self.counts = counts

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._save_counts: tuple[int, int] | None = None  # None until the saves have been read
        self._save_files = 0  # the save files the banner last counted
        self._counting = False
        self._cursor = (0, 0)  # the game list's cursor and first row shown, while its widgets are let go
        self._last_key = monotonic()  # when the player last pressed a key here (or the menu opened)
        self._ahead_due = False  # whether the imports ahead are to be looked at again (a timer is set)

    def compose(self) -> ComposeResult:
        self._count_files()
        yield Static(self._banner(), id="banner")
        with Horizontal(id="menu-body"):
            with Vertical(id="menu-list"):
                yield Static(game_row(Text("Game", style="bold"), "Family", "Players"), id="games-header")
                rows = {
                    info.id: game_row(Text(info.title, style="bold"), info.family, info.player_range)
                    for info in CATALOG.values()
                }
                yield GameList(rows, self.show_about, lambda game_id: self._open(CATALOG[game_id]), id="games")
            yield Summary(
                {info.id: Text.assemble((info.title, "bold"), " — ", info.summary) for info in CATALOG.values()},
                id="about",
            )
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(GameList).focus()
        self.call_after_refresh(self._count_saves)  # (after the first frame: it reads every save)
        self._import_ahead_in(IMPORT_AHEAD_IDLE)

    def on_key(self) -> None:
        self._last_key = monotonic()  # (the key goes on to its binding)

    def _import_ahead(self) -> None:
        """Import the modules the menu's screens will need, in a thread, once the menu has been on
        top and idle long enough (else look again later)."""
        self._ahead_due = False
        if not self.is_attached or self.app.screen is not self or self.widgets_let_go:
            return  # (looked at again as it shows again)
        idle = monotonic() - self._last_key
        if idle < IMPORT_AHEAD_IDLE:
            self._import_ahead_in(max(IMPORT_AHEAD_IDLE - idle, 0.1))
            return
        names = (*IMPORTED_AHEAD, f"cardarcade.rules.{self._selected().module}")
        names = _not_imported(names)
        if not names:
            return
        if _importing_ahead.acquire(blocking=False):
            from cardarcade.ui.shared_styles import parse_ahead_for

            ahead = (names, parse_ahead_for(self.app))
            threading.Thread(target=_imported_ahead, args=ahead, name="cardarcade-imports-ahead", daemon=True).start()
        else:  # (another session's menu is importing: this one's game may be next)
            self._import_ahead_in(IMPORT_AHEAD_IDLE)

    def _import_ahead_in(self, seconds: float) -> None:
        if not self._ahead_due:
            self._ahead_due = True
            self.set_timer(seconds, self._import_ahead)

    def _count_files(self) -> None:
        """How many saves there are, for the banner: this machine's files are listed at once (a
        folder's listing); a database's count is a round trip, asked of the store's worker, and
        the banner says it when it comes (never on the loop: on a server it is every session's)."""
        store = self.app.store
        if store.database is None:
            self._save_files = store.saved_game_count()
            return

        def counted(saved: int) -> None:
            from cardarcade.ui.screens._kept import update_changed

            self._save_files = saved
            if self.widgets_let_go:
                return
            update_changed(self.query_one("#banner", Static), self._banner())
            if self._save_counts is None or sum(self._save_counts) != saved:
                self._count_saves()

        self.app.store_writer.read(store.saved_game_count, counted, lambda exc: None, on=self)

    def _count_saves(self) -> None:
        """Read every save in a thread of its own (the engines' checks take a second or more), to
        count apart those that cannot be opened; the banner says so when they are counted. The
        thread only reads, and does not keep the arcade from ending."""
        if self._counting or not self._save_files:
            return
        self._counting = True
        store = self.app.store

        def count() -> None:
            try:
                counts = store.save_counts()
            except Exception:  # noqa: BLE001 - the banner keeps the files' count; the list says why
                counts = None
            try:
                self.post_message(self.SaveCounts(counts))
            except RuntimeError:
                pass  # the arcade has ended

        threading.Thread(target=count, name="cardarcade-save-count", daemon=True).start()

    def on_menu_screen_save_counts(self, message: SaveCounts) -> None:
        self._counting = False
        if message.counts is not None:
            self._save_counts = message.counts
            self.refresh_all()

    def _banner(self) -> Text:
        # Suit letters where symbols would not show (a terminal or an SSH client without UTF-8).
        suits = ("S H", "D C") if self.app.ascii_glyphs else ("♠ ♥", "♦ ♣")
        saved = self._save_files
        # The counts once every save has been read (and while they still add up to the files);
        # until then, the files.
        good, broken = (
            self._save_counts if self._save_counts is not None and sum(self._save_counts) == saved else (saved, 0)
        )
        # (on a line of its own when it says how many cannot be opened: one line would wrap)
        waiting = ("\n" if broken else "   ·   ") + f"{count_line(good, broken)}: c continues" if saved else ""
        # The count tells a newcomer that the list goes on below what fits on the screen.
        return Text.assemble(
            (f"{suits[0]}  cardarcade  {suits[1]}", "bold"),
            "\nPick a game and press enter.",
            f"   ·   {len(CATALOG)} games",
            (waiting, "bold"),
        )

    def refresh_all(self) -> None:
        """Drawn again after the glyphs or the theme change (``ArcadeApp.redraw``), and on coming
        back from a game (it may have been saved)."""
        if self.widgets_let_go:
            return  # (drawn afresh when it shows)
        from cardarcade.ui.screens._kept import update_changed

        self._count_files()
        update_changed(self.query_one("#banner", Static), self._banner())  # (coming back, it mostly says the same)
        if self._save_counts is None or sum(self._save_counts) != self._save_files:
            self._count_saves()  # (a save was written, deleted or set aside since they were counted)

    async def on_screen_resume(self) -> None:
        await self.make_widgets_again()
        if self.is_mounted:
            self.refresh_all()
            self._import_ahead_in(IMPORT_AHEAD_IDLE)

    def note_state(self) -> None:
        games = self.query_one(GameList)
        self._cursor = (games.cursor, games.top)

    def restore_state(self) -> None:
        games = self.query_one(GameList)
        games.cursor, games.top = self._cursor
        self.show_about()

    def _selected(self) -> GameInfo:
        return CATALOG[self.query_one(GameList).highlighted]

    def show_about(self) -> None:
        self.query_one(Summary).show(self._selected().id)
        self._import_ahead_in(IMPORT_AHEAD_IDLE)  # (the engine of the game the cursor rests on)

    def action_choose(self) -> None:
        self._open(self._selected())

    @only_on_top
    def _open(self, info: GameInfo) -> None:
        from cardarcade.rules import GAMES
        from cardarcade.ui.screens._kept import open_kept
        from cardarcade.ui.screens.setup import SetupScreen

        spec = GAMES[info.id]
        open_kept(self.app, SetupScreen, lambda: SetupScreen(spec), fits=lambda kept: kept.spec is spec and kept.fits())

    @only_on_top
    def action_back(self) -> None:
        """Escape: back to the lobby this menu was opened from (a server's session), else quit
        once the player says so (an escape too many, leaving a game, must not end the arcade)."""
        from cardarcade.ui.screens.pause import ConfirmScreen

        if self.app.lobby is not None and len(self.app.screen_stack) > 1:
            from cardarcade.ui.screens._kept import let_go

            self.app.pop_screen()
            let_go(self.app)
        else:
            self.app.push_screen(ConfirmScreen("Quit cardarcade?"), lambda yes: self.app.exit() if yes else None)

    @only_on_top
    def action_open_saves(self) -> None:
        from cardarcade.ui.screens._kept import open_kept
        from cardarcade.ui.screens.saves import ContinueScreen

        open_kept(self.app, ContinueScreen, ContinueScreen)

    @only_on_top
    def action_open(self, which: str) -> None:
        from cardarcade.ui.screens._kept import open_kept

        if which == "stats":
            from cardarcade.ui.screens.stats import StatsScreen

            open_kept(self.app, StatsScreen, StatsScreen)
        elif which == "replays":
            from cardarcade.ui.screens.replay import ReplaysScreen

            self.app.push_screen(ReplaysScreen())
        else:
            from cardarcade.ui.screens.settings import SettingsScreen

            open_kept(self.app, SettingsScreen, SettingsScreen)

    def action_rules(self) -> None:
        from cardarcade.rules import GAMES
        from cardarcade.ui.screens.rules import RulesScreen, keys_before_play

        spec = GAMES[self._selected().id]
        self.app.push_screen(RulesScreen(spec, None, keys=keys_before_play(spec, None)))
