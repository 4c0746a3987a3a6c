"""The Textual application: menu first, the screens' flow, and the pieces one session holds.

One ``ArcadeApp`` per player session; it holds all per-session state (no globals), so many can
run in one process (the SSH server). Its parts each have a module of their own: the looks
(``looks.py``), the player's settings (``preferences.py``), the store's writes
(``store_writer.py``), keys (``key_intake.py``), the terminal's size (``size_fit.py``), the end
by a signal or a crash (``ending.py``), what the session remembers (``session_memory.py``) and
the stylesheets shared by the apps of a process (``shared_styles.py``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Mapping

from textual import constants, events
from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from cardarcade.themes import DEFAULT_THEME, MONOCHROME, CardPalette, CardTheme, load_themes, register_themes
from cardarcade.ui import covered, frames, plain, showing, strips, truecolor, widget_colours
from cardarcade.ui.ending import Ending
from cardarcade.ui.key_intake import KeyIntake
from cardarcade.ui.looks import Looks
from cardarcade.ui.preferences import Preferences
from cardarcade.ui.session_memory import SessionMemory
from cardarcade.ui.shared_styles import shared_css_variables, start_in_theme
from cardarcade.ui.size_fit import TooSmallScreen, SizeFit
from cardarcade.ui.store_writer import StoreWriter
from cardarcade.ui.textual_compat import (
    console_without_markup,
    forget_drawn_lines,
    is_exiting,
    mark_failed,
    registered_theme,
    without_tooltips,
)

if TYPE_CHECKING:  # the table, the rules and pydantic load when a game is chosen, not before the menu
    from cardarcade.seating import GameSetup
    from cardarcade.store.user import UserStore
    from cardarcade.table.clock import Clock
    from cardarcade.table.shared import SeatHolder, SharedTable
    from cardarcade.ui.lobby_protocol import LobbyProtocol

MAX_WARNINGS_SHOWN = 3  # theme-file problems popped up at start; the rest are counted


@dataclass
class UISettings:
    pace: float = 0.8  # seconds a bot takes to turn a card
    countdown: int = 3  # "3, 2, 1, GO" before a reaction game; 0 for none
    resume_countdown: int = 3  # the countdown before a saved reaction game goes on, when `countdown` is 0
    result_delay: float = 1.5  # seconds the last move stays up before the result screen
    # seconds of pause before a press the result screen takes as "play again", or the hot-seat cover as
    # "ready" (a press in the rhythm of play is not)
    result_guard: float = 0.8
    ascii_glyphs: bool | None = None  # None: the theme decides
    # How long a searching bot may think, in a worker process; None: a fixed amount of work on the
    # event loop, so that tests repeat.
    hard_bot_seconds: float | None = 1.0
    autosave_delay: float = 1.0  # seconds from a move to the save that follows it (at most one write per this)
    replays_kept: int = 500  # finished games kept as replays, per profile


def install_process_fixes() -> None:
    """Textual and Rich changed for the whole process, before the first app draws (idempotent;
    every app calls it as it is made, so importing the arcade changes nothing)."""
    strips.install()  # Textual's strips would otherwise leave a cycle per line drawn
    plain.install()  # no control character in any text reaches a terminal
    showing.install()  # a screen is styled again as it shows only if it must be
    covered.install()  # a screen under an opaque one does not repaint it
    frames.install()  # a frame of changes renders the lines it writes, not the box around them
    truecolor.install()  # a line with only 24-bit colours skips the 24-bit colour filter
    widget_colours.install()  # a widget's drawn lines are not kept by a cache of its colours


class ArcadeApp(App):
    CSS_PATH = str(Path(__file__).with_name("arcade.tcss"))  # (absolute: a subclass elsewhere finds it too)
    TITLE = "cardarcade"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    @property
    def current_theme(self) -> Theme:
        # Textual asks for the theme for every line it draws, and its own lookup copies the dict of
        # every registered theme each time (about 8% of a game move's drawing on the SSH server).
        theme = registered_theme(self, self.theme)
        return theme if theme is not None else super().current_theme

    def __init__(
        self,
        start: GameSetup | None = None,
        settings: UISettings | None = None,
        theme_dirs: list[Path] | None = None,
        handle_signals: bool = False,
        environ: Mapping[str, str] | None = None,
        themes: tuple[dict[str, CardTheme], list[str]] | None = None,
        driver_class: Callable[..., Driver] | None = None,
        store: UserStore | None = None,
        player: str | None = None,
        lobby: LobbyProtocol | None = None,
        address: str = "",
    ) -> None:
        """``handle_signals``: SIGTERM and SIGHUP end the app the way ``q`` does, restoring the
        terminal; for the one app of a local process (the SSH server runs many in one process
        and handles signals itself).

        For a session of a server: ``environ``, the terminal's own variables (TERM, COLORTERM,
        NO_COLOR) that decide its colours instead of this process's; ``themes``, what
        ``load_themes`` gave once for the whole process; ``driver_class``, what draws on the
        session's terminal; ``player``, the session's user name (the default profile).

        ``store``: where saves, books, statistics and settings are kept (by default the user's
        folders). Without ``settings``, the settings file there decides pace, theme and glyphs.
        ``lobby``: a server's lobby, the first screen of its sessions (who is online, shared tables);
        ``address``: where the session connected from (told to a session whose seat this one takes)."""
        install_process_fixes()
        self.settings = settings or UISettings()
        # (before App.__init__, which asks for the theme variables: get_theme_variable_defaults)
        self.looks = Looks(self, self.settings, themes or load_themes(theme_dirs), environ)
        super().__init__(driver_class=driver_class)  # type: ignore[arg-type]  (a partial is fine)
        without_tooltips(self)
        # A str inside a Rich table or group is read as markup by the console that draws it: a
        # player's name in one would be (plain.py). Textual's console has no other way to say so.
        console_without_markup(self.console)
        if environ is not None:
            self.looks.take_terminal_environment(environ)
        if store is None:
            from cardarcade.store.user import UserStore

            store = UserStore()
        self.store = store
        self.store_writer = StoreWriter(self)
        if store.database is not None:  # (the books' round trips in the store's worker, not on the loop)
            books = store.books
            books.pull_on_read = False
            books.send = lambda work: self.store_writer.write(
                work, "A house-rule book could not be sent to the database"
            )
        self.preferences = Preferences(self, player)
        self.ending = Ending(self, handle_signals)
        self.key_intake = KeyIntake(self)
        self.size_fit = SizeFit(self)
        self.memory = SessionMemory()
        self.lobby = lobby
        # This session as the seats of shared tables know it (one name, one live seat).
        self.seat_holder: SeatHolder | None = None
        if lobby is not None:
            from cardarcade.table.shared import SeatHolder

            self.seat_holder = SeatHolder(address, self._seat_taken_over)
        self.start_setup = start
        register_themes(self, self.looks.card_themes)
        if settings is None and self.store.settings_file_exists():
            self.preferences.read_at_start(game_first=start is not None)
        self._first_theme(self.looks.card_theme.textual.name)

    def _first_theme(self, name: str) -> None:
        """Start in theme ``name`` as if ``self.theme = name`` had been set, for less (shared_styles.py)."""
        start_in_theme(self, name)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        # Plain text unless a caller asks for markup: what is shown comes from theme files, player
        # names and game events, and a "[/]" in any of them must read as itself, not crash.
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def get_css_variables(self) -> dict[str, str]:
        return shared_css_variables(self, super().get_css_variables)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # The CSS uses the card palette's variables; every theme must define them. (The looks are
        # made before App.__init__, which asks for these.)
        base = self.looks.card_themes.get(DEFAULT_THEME) or MONOCHROME
        return dict(base.textual.variables)

    # ---- what every screen reads

    @property
    def palette(self) -> CardPalette:
        return self.looks.palette

    @property
    def ascii_glyphs(self) -> bool:
        return self.looks.ascii_glyphs

    @property
    def console_glyphs(self) -> bool:
        """Whether the terminal's font is a console's (the drivers draw for it)."""
        return self.looks.console_glyphs

    @property
    def player(self) -> str:
        """Whose profile this terminal plays as (preferences.py)."""
        return self.preferences.player

    def redraw(self) -> None:
        """Draw every screen's table again (the theme, the glyphs or what is saved changed)."""
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_all", None)
            if refresh is not None and screen.is_mounted:
                refresh()

    def table_clock(self) -> Clock:
        """The clock a game's table runs on: the event loop's (a test may give one it drives)."""
        from cardarcade.table.clock import LoopClock  # (here: the menu's start loads nothing of the table)

        return LoopClock()

    # ---- the keys t and g

    def action_next_theme(self) -> None:
        name = self.looks.next_theme()
        self.notify(f"Theme: {self.looks.card_theme.title}", timeout=2)
        self.preferences.remember_look(theme=name)

    def action_toggle_glyphs(self) -> None:
        self.settings.ascii_glyphs = letters = not self.ascii_glyphs
        self.notify("Suit letters S H D C" if letters else "Suit symbols ♠ ♥ ♦ ♣", timeout=2)
        self.redraw()
        self.preferences.remember_look(glyphs="letters" if letters else "symbols")

    # ---- running in a terminal, and the end

    def get_driver_class(self) -> type[Driver]:
        if constants.DRIVER is None and sys.platform != "win32":
            from cardarcade.ui.terminal import ArcadeDriver  # input no byte sequence can crash

            return ArcadeDriver
        return super().get_driver_class()

    async def run_async(self, **kwargs: Any) -> Any:
        # Tests run the app through run_test, which does not come here: they keep their colours.
        self.looks.fit_colours_to_terminal()
        with self.ending.signals_heard():
            return await super().run_async(**kwargs)

    def on_unmount(self) -> None:
        if self.lobby is not None:
            self.lobby.depart(self.player)
        if self.store.throwaway is not None:  # a guest's store goes after its last write
            self.store_writer.write(self.store.discard, "")
        self.store_writer.close()

    async def on_event(self, event: events.Event) -> None:
        # Once the app is leaving, input still queued behind the key that made it leave is not
        # acted on: escape then ? on the menu opened the rules in a closing app, which crashed.
        # Nor is input that comes while no screen is up (typed ahead as the app starts, or as its
        # screens go at the end): there is nothing to take it, and Textual would fail looking.
        if isinstance(event, (events.InputEvent, events.Paste)) and (is_exiting(self) or not self.screen_stack):
            return
        if isinstance(event, events.Key) and not event.is_forwarded:  # (a key arriving, not bubbling back)
            if not self.key_intake.arrived(event):
                return
        await super().on_event(event)

    async def _on_key(self, event: events.Key) -> None:
        # Where the screens' bindings act (Textual's own handler runs next, unless prevented): a
        # key queued for a screen before another key changed the screen is looked at again here.
        if not self.key_intake.admit(event):
            event.prevent_default()

    def _screen_changed(self, screen: Screen) -> None:
        """A screen opened or closed: the key that did it, if one did, waits for it to be drawn;
        whatever shows now is laid out for the terminal's size."""
        self.key_intake.screen_changed(screen)
        self.size_fit.soon()
        self.call_after_refresh(self._let_go_of_hidden_lines)  # (once the screen on top is drawn)

    def _let_go_of_hidden_lines(self) -> None:
        """A screen wholly hidden under a game's table (the menu and a server's lobby) keeps none
        of its drawn lines: on a server, they were a tenth of a session's memory in a game, kept
        for nobody to see. It draws them again when it shows (once, on coming back). Under a
        short visit (statistics, settings over the menu) they are kept: the way back is drawn
        from them at once. Under a game, the menu and the lobby keep none of their widgets
        either (ui/screens/_remade.py)."""
        from cardarcade.ui.screens._remade import RemadeScreen

        stack = self.screen_stack
        for depth in range(len(stack) - 1, 0, -1):  # (the top one always shows)
            over = stack[depth]
            if getattr(over, "is_table", False) and over.styles.background.a == 1:  # (opaque: all hidden)
                for screen in stack[:depth]:
                    if isinstance(screen, RemadeScreen):
                        screen.let_go_of_widgets()
                    for widget in screen.walk_children(with_self=True):
                        forget_drawn_lines(widget)
                return

    def panic(self, *renderables: Any) -> None:
        # Textual ends the app on an unexpected error this way (an input thread that raised) with
        # return code 0; the command's exit status must say something went wrong.
        mark_failed(self)
        super().panic(*renderables)

    def _fatal_error(self) -> None:
        self.ending.crash()

    # ---- flow

    def get_default_screen(self) -> Screen:
        # The menu (a server's lobby) is the bottom of the stack: one screen to build before the
        # first frame, not two.
        if self.lobby is not None:
            from cardarcade.ui.screens.lobby import LobbyScreen

            return LobbyScreen()
        from cardarcade.ui.screens.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        from cardarcade.ui.games import screen_for

        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self.lobby is not None:
            self.lobby.arrive(self.player)

        shown = self.looks.warnings[:MAX_WARNINGS_SHOWN]
        for warning in shown:
            self.notify(warning, severity="warning", timeout=6)
        if len(self.looks.warnings) > len(shown):
            self.notify(
                f"... and {len(self.looks.warnings) - len(shown)} more problems with theme files",
                severity="warning",
                timeout=6,
            )
        if self.start_setup is not None:
            self.push_screen(screen_for(self.start_setup))
            self.preferences.say_warning()  # (read before the game started; the menu's is read after its first frame)
        if self.preferences.validation_due:
            self.call_after_refresh(self.preferences.after_first_frame)
        if self.store.database is not None:
            self.preferences.bring_up_to_date()
        self.call_after_refresh(self.size_fit.check_size)

    def on_resize(self, event: events.Resize) -> None:
        # This runs before Textual's own handler stores the new size: self.size is still the old one.
        self.size_fit.check_size(event.size)

    def push_screen(
        self, screen: Screen | str, callback: Any = None, wait_for_dismiss: bool = False, *, mode: str | None = None
    ) -> Any:
        # Play is held under the too-small notice, but a screen can still open meanwhile: a
        # hot-seat cover whose turn ended just before, a question a game asks on its own. It
        # goes under the notice, not over it: over it, it hid the notice, and once the terminal
        # grew the notice stayed (only the screen on top is taken off), answering nothing but q,
        # with the screens under it laid out for the small terminal. (The screen under the notice
        # is resumed and suspended again at once: a game's table is not let play meanwhile.)
        if (
            mode is None
            and self.screen_stack
            and isinstance(self.screen, TooSmallScreen)
            and not isinstance(screen, TooSmallScreen)
        ):
            self.pop_screen()
            pushed = super().push_screen(screen, callback, wait_for_dismiss)
            super().push_screen(TooSmallScreen())
            return pushed
        return super().push_screen(screen, callback, wait_for_dismiss, mode=mode)

    @property
    def is_ending(self) -> bool:
        """Whether the app is on its way out (the terminal closed, the session ended), not just
        a screen being left."""
        return is_exiting(self)

    def _seat_taken_over(self, table: SharedTable, by: SeatHolder) -> None:
        """Another session of this player sat down in this session's seat at ``table`` (called
        from that session's side: the rest happens on this app's own queue)."""
        self.call_later(self._leave_taken_seat, table, by)

    def _leave_taken_seat(self, table: SharedTable, by: SeatHolder) -> None:
        where = f" from {by.address}" if by.address else ""
        self.leave_table(table, f"This seat was taken over by a new session of {self.player}{where}.")

    def at_table(self, table: SharedTable) -> bool:
        """Whether a screen of this app is at ``table`` (waiting for its deal, playing, watching)."""
        return any(
            getattr(s, "shared_table", None) is table or getattr(s, "table", None) is table for s in self.screen_stack
        )

    def leave_table(self, table: SharedTable, said: str) -> None:
        """Back to the lobby from ``table`` (if a screen is at it), told why: ``said``."""
        if self.at_table(table):
            self.leave_game()  # (the screens at the table find the seat theirs no more: nothing is given up)
        home = next((s for s in reversed(self.screen_stack) if getattr(s, "HOME", False)), None)
        if home is not None and hasattr(home, "say"):
            home.say(said)  # (kept on the lobby's message line after the notice has gone)
        self.notify(said, severity="warning", timeout=15, markup=False)

    def leave_game(self) -> None:
        """Back to the main menu (or the lobby it was opened from) from anywhere in a game."""
        from cardarcade.ui.screens.menu import MenuScreen

        stack = self.screen_stack
        menu_at = max((i for i, s in enumerate(stack) if getattr(s, "HOME", False)), default=None)
        if menu_at is None:
            self.switch_screen(MenuScreen())
            return
        for _ in range(len(stack) - menu_at - 1):
            self.pop_screen()
