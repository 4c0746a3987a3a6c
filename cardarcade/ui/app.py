"""The Textual application: menu first, themes, settings, and the session's reaction times.

One ``ArcadeApp`` per player session; it holds all per-session state (no globals), so many can
run in one process (the SSH server).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
import time
from collections import defaultdict
from time import monotonic
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Mapping

from rich.color import ColorSystem
from textual import constants, events
from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.filter import Monochrome, NoColor
from textual.geometry import Size
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.theme import Theme
from textual.timer import Timer
from textual.widgets import Input, Static

from cardarcade.store.look import first_look, login_name, look_of
from cardarcade.themes import DEFAULT_THEME, MONOCHROME, CardPalette, CardTheme, load_themes, no_color, register_themes
from cardarcade.ui.terminal import colourless_terminal, console_font_only
from cardarcade.ui import first_show, plain, strips
from cardarcade.ui.keyguard import KeyGuard
from cardarcade.ui.textual_compat import (
    app_error,
    app_loop,
    background_screens,
    colour_filters,
    console_without_markup,
    exit_with_message,
    is_exiting,
    mark_failed,
    refresh_truecolor_filter,
    registered_theme,
    set_colour_system,
    share_parse_cache,
    terminal_console,
    text_area_class,
)

if TYPE_CHECKING:  # the table, the rules and pydantic load when a game is chosen, not before the menu
    from cardarcade.rules.base import Outcome
    from cardarcade.seating import GameSetup
    from cardarcade.store.settings import Profile, Settings
    from cardarcade.store.user import UserStore
    from cardarcade.table.clock import Clock
    from cardarcade.table.shared import SeatHolder, SharedTable
    from cardarcade.ui.lobby_protocol import LobbyProtocol

MIN_WIDTH, MIN_HEIGHT = 80, 24
# Seconds from losing the terminal to the end of the process, whatever the shutdown does meanwhile.
TERMINAL_GONE_EXIT = 2.0
KEYS_SAID_AFTER = 0.6  # seconds after the last key let go in a storm that the storm is said to be over
MAX_WARNINGS_SHOWN = 3  # theme-file problems popped up at start; the rest are counted
# Parsed stylesheet rules per set of theme variables, shared by the apps of this process (they
# are never changed once parsed); see ArcadeApp._first_theme.
_PARSED_CSS: dict[tuple[tuple[str, str], ...], dict] = {}
_THEME_VARIABLES: dict[str, dict[str, str]] = {}  # by the theme and defaults' repr (ArcadeApp.get_css_variables)


class _SharedParses(dict):
    """One app's parsed stylesheets: it starts from what the apps with the same theme variables
    parsed, and adds what it parses to theirs, until its theme changes. Textual then clears the
    cache and parses again with the new theme's colours, which stay the app's own: had they gone
    into the shared rules, every session started later would show another theme's colours."""

    def __init__(self, shared: dict) -> None:
        super().__init__(shared)
        self._shared: dict | None = shared

    def __setitem__(self, key, rules) -> None:
        super().__setitem__(key, rules)
        if self._shared is not None:
            self._shared[key] = rules

    def clear(self) -> None:
        super().clear()
        self._shared = None


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


class TooSmallScreen(ModalScreen[None]):
    """Shown instead of a broken layout while the terminal is below 80x24. Play is held."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self):
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_notice(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self.update_notice(event.size)

    def update_notice(self, size: Size) -> None:
        w, h = size
        self.query_one("#too-small", Static).update(
            f"This terminal is {w}x{h}.\n\ncardarcade needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Enlarge the window (or make the font smaller) and the game comes back;\n"
            "play is paused until then.  q quits."
        )


def install_process_fixes() -> None:
    """Textual and Rich changed for the whole process, before the first app draws (idempotent;
    every app calls it as it is made, so importing the arcade changes nothing)."""
    strips.install()  # Textual's strips would otherwise leave a cycle per line drawn
    plain.install()  # no control character in any text reaches a terminal
    first_show.install()  # a new screen is not styled twice as it first shows


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
        loaded = themes or load_themes(theme_dirs)
        self.card_themes, self.theme_warnings = dict(loaded[0]), list(loaded[1])
        super().__init__(driver_class=driver_class)  # type: ignore[arg-type]  (a partial is fine)
        # A str inside a Rich table or group is read as markup by the console that draws it: a
        # player's name in one would be (plain.py). Textual's console has no other way to say so.
        console_without_markup(self.console)
        if environ is not None:
            self._take_terminal_environment(environ)
        self.handle_signals = handle_signals
        self.ended_by_signal: int | None = None  # the signal that ended the app, if one did
        self.monochrome = no_color(environ)
        # the terminal's type: whether it shows colours, and what its font holds (a session's own)
        self.terminal_type = (os.environ if environ is None else environ).get("TERM", "")
        self.console_glyphs = console_font_only(self.terminal_type)  # the driver draws for a console font
        self.settings = settings or UISettings()
        if store is None:
            from cardarcade.store.user import UserStore

            store = UserStore()
        self.store = store
        self._session_user = player
        self.lobby = lobby
        # This session as the seats of shared tables know it (one name, one live seat).
        self.seat_holder: SeatHolder | None = None
        if lobby is not None:
            from cardarcade.table.shared import SeatHolder

            self.seat_holder = SeatHolder(address, self._seat_taken_over)
        self._user_settings: Settings | None = None
        # Theme and glyphs chosen by a key, not yet written (_remember_look); the guard is shared
        # with the store's worker thread, which writes them.
        self._look_chosen: dict[str, str] = {}
        self._look_write_due = False
        self._look_guard = threading.Lock()
        self._store_worker: ThreadPoolExecutor | None = None
        self._last_write: Future | None = None
        self.settings_warning: str | None = None  # why the settings file could not be used
        self.start_setup = start
        self._reactions: dict[tuple[str, str], list[float]] = defaultdict(list)  # (game, person)
        # game id -> the median (seconds) adaptive bots last tuned themselves to: the next game
        # of the session starts them there, not at medium again
        self.adaptive_medians: dict[str, float] = {}
        self._keys = KeyGuard()  # a held key's repeats do not pile up (keyguard.py)
        self._last_key: str | None = None  # the last key to arrive: what changed the screen, if a key did
        self._keys_said: Timer | None = None
        self._fit_due = False  # the screens that show are to be checked against the terminal's size
        self._deadline: threading.Thread | None = None  # ends the process once the terminal is gone
        self._saving_at_end = threading.Lock()
        self._saved_at_end = False
        self.last_setups: dict[str, GameSetup] = {}  # game id -> the setup last started (the setup screen's memory)
        register_themes(self, self.card_themes)
        self.theme_order = sorted(self.card_themes, key=lambda n: (n != DEFAULT_THEME, n))
        self.card_theme: CardTheme = self.card_themes.get(DEFAULT_THEME) or next(iter(self.card_themes.values()))
        self._settings_due = False  # the settings file is validated once the menu's first frame is up
        self._unlooked = (self.card_theme.name, self.settings.ascii_glyphs)  # the look without the file
        if settings is None and self.store.settings_file_exists():
            if start is None:
                # The menu's frame needs only the theme and glyphs: a plain read, no pydantic (store.look).
                self._take_first_look(*first_look(self.store.settings_path, player))
                self._settings_due = True
            else:
                self._take_user_settings()  # a game first: its pace and countdown before it starts
        self._looked = (self.card_theme.name, self.settings.ascii_glyphs)
        self._first_theme(self.card_theme.textual.name)

    def _first_theme(self, name: str) -> None:
        """Start in theme ``name`` as if ``self.theme = name`` had been set, for less.

        Nothing is parsed yet, so the variables are set before the first parse, where setting
        ``theme`` would queue a second parse of every stylesheet; and the rules are taken from
        what earlier apps in this process parsed with the same variables (the SSH server runs
        many). Together that is over a third of the CPU one more session costs. A test keeps
        the result equal to setting ``theme``.
        """
        self.set_reactive(App.theme, name)
        theme = self.current_theme
        self.update_classes(
            {
                **{c: False for c in self.classes if c.startswith("-theme-")},
                f"-theme-{theme.name}": True,
                "-dark-mode": theme.dark,
                "-light-mode": not theme.dark,
            },
            update=False,
        )
        refresh_truecolor_filter(self, self.ansi_theme)
        variables = self.get_css_variables()
        self.stylesheet.set_variables(variables)
        shared = _PARSED_CSS.setdefault(tuple(sorted(variables.items())), {})
        share_parse_cache(self.stylesheet, _SharedParses(shared))

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
        # The same theme over the same defaults gives the same variables. Textual builds them
        # afresh (its colour system) at every ask: twice per SSH session, 4 ms each.
        key = repr((self.current_theme, self.get_theme_variable_defaults()))
        variables = _THEME_VARIABLES.get(key)
        if variables is None:
            variables = _THEME_VARIABLES[key] = super().get_css_variables()
        self.theme_variables = dict(variables)  # (as Textual's own sets it)
        return dict(variables)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # The CSS uses the card palette's variables; every theme must define them. (card_themes
        # is set before App.__init__, which asks for these.)
        base = self.card_themes.get(DEFAULT_THEME) or MONOCHROME
        return dict(base.textual.variables)

    # ---- looks

    @property
    def palette(self) -> CardPalette:
        return MONOCHROME.palette if self.monochrome else self.card_theme.palette

    def _take_terminal_environment(self, environ: Mapping[str, str]) -> None:
        """Colours as Textual would choose them for a terminal with these variables: its console
        made again as ``App.__init__`` makes it from ``os.environ``, its NO_COLOR filter likewise."""
        environ = dict(environ)
        self.no_color = environ.pop("NO_COLOR", None) is not None
        filters = colour_filters(self)
        filters[:] = [f for f in filters if not isinstance(f, (Monochrome, NoColor))]
        if self.no_color:
            filters.append(NoColor() if self.native_ansi_color else Monochrome())
        self.console = terminal_console(environ, self.console.file, constants.COLOR_SYSTEM)

    def _fit_colours_to_terminal(self) -> None:
        """Without colour, draw in the fewest: a terminal Rich finds no colours in (TERM=dumb),
        which Textual painted in 24-bit colour, and NO_COLOR, which Textual grey-scales but in
        256 or 24-bit greys, get the monochrome palette in black, white and their bright forms."""
        if self.console.color_system is not None and not self.no_color and not colourless_terminal(self.terminal_type):
            return
        set_colour_system(self.console, ColorSystem.STANDARD)  # what Textual renders strips with
        self.monochrome = True
        if not self.no_color:
            self.no_color = True
            colour_filters(self).append(Monochrome())

    @property
    def ascii_glyphs(self) -> bool:
        if self.settings.ascii_glyphs is not None:
            return self.settings.ascii_glyphs
        return self.palette.ascii_glyphs

    def use_theme(self, name: str) -> None:
        self.card_theme = self.card_themes[name]
        self.theme = self.card_theme.textual.name
        self.redraw()

    def action_next_theme(self) -> None:
        i = self.theme_order.index(self.card_theme.name) if self.card_theme.name in self.theme_order else -1
        name = self.theme_order[(i + 1) % len(self.theme_order)]
        self.use_theme(name)
        self.notify(f"Theme: {self.card_theme.title}", timeout=2)
        self._remember_look(theme=name)

    def action_toggle_glyphs(self) -> None:
        self.settings.ascii_glyphs = not self.ascii_glyphs
        self.notify("Suit letters S H D C" if self.settings.ascii_glyphs else "Suit symbols ♠ ♥ ♦ ♣", timeout=2)
        self.redraw()
        self._remember_look(glyphs="letters" if self.settings.ascii_glyphs else "symbols")

    def _remember_look(self, **look: str) -> None:
        """Keep a theme or glyphs chosen by a key (t, g: they were forgotten at exit) where the
        settings screen keeps them. The file is read, changed and written in the background (the
        first read costs a pydantic import: a quarter of a second on the loop); a held key's
        presses make one write."""
        if self._user_settings is not None:  # (the session's own view, once it has read the file)
            from cardarcade.store.settings import with_look

            self._user_settings = with_look(self._user_settings, self.player, look)
        with self._look_guard:
            self._look_chosen.update(look)
            if self._look_write_due:
                return
            self._look_write_due = True
        self.store_in_background(self._write_look, "The theme and glyphs could not be remembered")

    def _write_look(self) -> None:
        """(In the store's worker thread.) A file with settings it cannot use is left alone until
        the player saves settings."""
        with self._look_guard:
            look, self._look_chosen, self._look_write_due = self._look_chosen, {}, False
        self.store.settings_file.keep_look(look, self._session_user)

    def table_clock(self) -> Clock:
        """The clock a game's table runs on: the event loop's (a test may give one it drives)."""
        from cardarcade.table.clock import LoopClock  # (here: the menu's start loads nothing of the table)

        return LoopClock()

    def redraw(self) -> None:
        """Draw every screen's table again (the theme, the glyphs or what is saved changed)."""
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_all", None)
            if refresh is not None and screen.is_mounted:
                refresh()

    # ---- the player's settings and profile

    @property
    def user_settings(self) -> Settings:
        """What the settings file holds (the defaults if it is missing or broken); read on first use."""
        if self._user_settings is None:
            self._user_settings, self.settings_warning = self.store.settings_file.load()
        return self._user_settings

    @property
    def player(self) -> str:
        """Whose profile this terminal plays as: the SSH user over SSH, else the one chosen in
        settings, else the login name."""
        return login_name(self._session_user or self.user_settings.profile)

    @property
    def named_by_session(self) -> bool:
        """Whether a server named this session's player (their SSH user, a browser's name): the
        settings cannot change whose profile it plays as."""
        return self._session_user is not None

    @property
    def profile(self) -> Profile:
        return self.user_settings.profile_of(self.player)

    def _take_user_settings(self) -> None:
        """Pace, countdown, theme and glyphs from the settings file, the player's profile first."""
        settings, profile = self.user_settings, self.profile
        self.settings.pace = profile.pace or settings.pace
        self.settings.countdown = settings.countdown
        self.settings.hard_bot_seconds = settings.hard_bot_seconds
        theme, glyphs = look_of(settings.model_dump(), self.player)
        self.settings.ascii_glyphs = None if glyphs is None else glyphs == "letters"
        if theme is not None and theme in self.card_themes:
            self.card_theme = self.card_themes[theme]
        elif theme is not None:
            self.theme_warnings.append(f"settings: there is no theme {theme!r}; using {self.card_theme.title}")

    def _take_first_look(self, theme: str | None, glyphs: str | None) -> None:
        """The theme and glyphs of the settings file's first look, where they make sense (the
        validating read that follows says what is wrong with the rest)."""
        if glyphs in ("symbols", "letters"):
            self.settings.ascii_glyphs = glyphs == "letters"
        if theme in self.card_themes:
            self.card_theme = self.card_themes[theme]

    def _settings_after_first_frame(self) -> None:
        """The settings file, validated now that the menu shows: it wins over the first look,
        except for a theme or glyphs chosen since (``--theme``, ``--ascii``, a key)."""
        self._settings_due = False
        theme, glyphs = self.card_theme.name, self.settings.ascii_glyphs
        warnings = len(self.theme_warnings)
        self.card_theme, self.settings.ascii_glyphs = self.card_themes[self._unlooked[0]], self._unlooked[1]
        self._take_user_settings()  # (a file that cannot be used gives the look without it)
        if theme != self._looked[0]:
            self.card_theme = self.card_themes[theme]
        if glyphs != self._looked[1]:
            self.settings.ascii_glyphs = glyphs
        for warning in self.theme_warnings[warnings:]:
            self.notify(warning, severity="warning", timeout=6)
        self._say_settings_warning()
        if self.card_theme.name != theme:
            self.use_theme(self.card_theme.name)
        elif self.settings.ascii_glyphs != glyphs:
            self.redraw()

    def _say_settings_warning(self) -> None:
        """A settings file with something it cannot use is said on the first screen (it was said
        only on the settings screen, and the wrong player's games were recorded meanwhile)."""
        if self.settings_warning is not None:
            self.notify(self.settings_warning, severity="warning", timeout=12)

    def save_settings(self, settings: Settings) -> str | None:
        """Keep ``settings`` (the player saved them) and play by them now; a message if the file
        could not be written (they still apply to this session). Only what changed is written,
        into the file as it is now: what another window saved meanwhile stays."""
        from cardarcade.store.settings import changes_between

        changes = changes_between(self.user_settings, settings)
        self._user_settings, self.settings_warning = settings, None
        theme = self.card_theme.name
        self._take_user_settings()
        if self.card_theme.name != theme:
            self.use_theme(self.card_theme.name)
        else:
            self.redraw()
        try:
            self.store.settings_file.update(changes, repair=True)
        except OSError as exc:
            return f"The settings could not be saved in {self.store.settings_file.path} ({exc.strerror or exc})"
        return None

    def save_profile(self, profile: Profile, name: str | None = None) -> None:
        """Remember a player's preferences (the bot levels last chosen...). Written to the settings
        file (only that, into the file as it is now) unless the file holds something it cannot use:
        it is then left alone until the player saves settings."""
        from cardarcade.store.settings import changes_between

        before = self.user_settings
        self._user_settings = before.with_profile(name or self.player, profile)
        if self.settings_warning is None:
            try:
                self.store.settings_file.update(changes_between(before, self._user_settings))
            except OSError:
                pass  # a preference is not worth interrupting play for; it holds for this session

    def store_in_background(
        self, work: Callable[[], object], failed: str, done: Callable[[], None] | None = None
    ) -> None:
        """Run a store's write (a save, the statistics) in this session's one worker thread: a slow
        disk or a statistics file busy with another arcade never holds up play, and the writes
        happen in the order asked (a finished game's save is removed after its last autosave).
        A failure is a warning starting with ``failed``; ``done`` runs on success."""
        if self._store_worker is None:
            self._store_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardarcade-store")
        self._last_write = self._store_worker.submit(work)
        future = asyncio.wrap_future(self._last_write)

        def finished(f: asyncio.Future) -> None:
            if f.cancelled() or not self.is_running:
                return
            if f.exception() is not None:
                self.notify(f"{failed}: {f.exception()}", severity="warning", timeout=8)
            elif done is not None:
                done()

        future.add_done_callback(finished)

    def finish_writes(self, patience: float = 10.0) -> bool:
        """Wait (at most ``patience`` seconds) for the writes still queued, as a process about to
        end must; whether they all finished."""
        if self._last_write is None:
            return True
        try:
            self._last_write.result(timeout=patience)  # the queue is first in, first out: the rest are done
        except TimeoutError:
            return False
        except Exception:  # that write failed (it said so); it is over all the same
            pass
        return True

    def on_unmount(self) -> None:
        if self.lobby is not None:
            self.lobby.depart(self.player)
        if self.store.throwaway is not None:  # a guest's store goes after its last write
            self.store_in_background(self.store.discard, "")
        # Writes still queued run to their end (the interpreter waits for them at exit; a server
        # goes on serving meanwhile).
        if self._store_worker is not None:
            self._store_worker.shutdown(wait=False)

    # ---- running in a terminal

    def get_driver_class(self) -> type[Driver]:
        if constants.DRIVER is None and sys.platform != "win32":
            from cardarcade.ui.terminal import ArcadeDriver  # input no byte sequence can crash

            return ArcadeDriver
        return super().get_driver_class()

    async def run_async(self, **kwargs: Any) -> Any:
        # Tests run the app through run_test, which does not come here: they keep their colours.
        self._fit_colours_to_terminal()
        if not self.handle_signals:
            return await super().run_async(**kwargs)
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, self._end_by_signal, signal.SIGTERM)
        # A hang-up is heard outside the loop: a loop blocked for good (a driver writing to the
        # terminal that is gone) would never run a handler of the loop's (terminal_lost).
        before = signal.signal(signal.SIGHUP, self._hung_up)
        try:
            return await super().run_async(**kwargs)
        finally:
            loop.remove_signal_handler(signal.SIGTERM)
            if signal.getsignal(signal.SIGHUP) == self._hung_up:
                signal.signal(signal.SIGHUP, before)

    def _hung_up(self, signum: int, frame: object) -> None:
        """SIGHUP, in the main thread between two steps of whatever it was doing (even waiting on
        a lock): the deadline starts here, and the loop is asked to leave (if it still can)."""
        signal.signal(signum, signal.SIG_DFL)  # a second one ends the process at once
        if self.ended_by_signal is None:
            self.ended_by_signal = signum
        self._start_deadline(signum)
        loop = app_loop(self)
        if loop is not None:
            loop.call_soon_threadsafe(self.terminal_lost, signum)

    def terminal_lost(self, signum: int | None = None) -> None:
        """The terminal is gone (hung up, its input at an end or failing). Every game in play is
        saved at once, and the process ends within ``TERMINAL_GONE_EXIT`` seconds however the
        shutdown goes (the terminal is still given back if it is there after all)."""
        self._save_games_now()
        self._start_deadline(signum)
        if self.ended_by_signal is None and signum is not None:
            self.ended_by_signal = signum
        self.exit(return_code=128 + (signum or signal.SIGHUP))

    def _save_games_now(self) -> None:
        """Every game on the stack written now, in this thread (once, whoever asks first)."""
        with self._saving_at_end:
            if self._saved_at_end:
                return
            self._saved_at_end = True
            for screen in list(self.screen_stack):
                save = getattr(screen, "save_at_once", None)
                if save is not None:
                    save()

    def _start_deadline(self, signum: int | None) -> None:
        """For the one app of a local process: end the process ``TERMINAL_GONE_EXIT`` seconds
        from now if it has not ended by then (a server's sessions end on their own)."""
        if not self.handle_signals or self._deadline is not None:
            return
        self._deadline = threading.Thread(
            target=self._end_process_later, args=(signum,), daemon=True, name="cardarcade-deadline"
        )
        self._deadline.start()

    def _end_process_later(self, signum: int | None) -> None:
        time.sleep(TERMINAL_GONE_EXIT / 2)
        self._save_games_now()  # (if the loop never got to it: it is stuck, so nothing moves meanwhile)
        self.finish_writes(TERMINAL_GONE_EXIT / 2 - 0.2)
        if signum is not None:  # ended by the signal it was sent, as a shell expects
            signal.pthread_kill(threading.main_thread().ident, signum)  # (its handler is the default by now)
            time.sleep(0.1)
        os._exit(128 + (signum or signal.SIGHUP))

    async def on_event(self, event: events.Event) -> None:
        # Once the app is leaving, input still queued behind the key that made it leave is not
        # acted on: escape then ? on the menu opened the rules in a closing app, which crashed.
        # Nor is input that comes while no screen is up (typed ahead as the app starts, or as its
        # screens go at the end): there is nothing to take it, and Textual would fail looking.
        if isinstance(event, (events.InputEvent, events.Paste)) and (is_exiting(self) or not self.screen_stack):
            return
        if isinstance(event, events.Key) and not event.is_forwarded:  # (a key arriving, not bubbling back)
            self._keys.made(event.key, event.time)
            self._last_key = event.key
            if not self._admit_key(event):
                return
        await super().on_event(event)

    async def _on_key(self, event: events.Key) -> None:
        # Where the screens' bindings act (Textual's own handler runs next, unless prevented): a
        # key queued for a screen before another key changed the screen is looked at again here.
        if not self._admit_key(event):
            event.prevent_default()

    def _admit_key(self, event: events.Key) -> bool:
        if self._keys.admit(event.key, event.time, monotonic(), typing=self._typing()):
            return True
        self._said_later()
        return False

    def let_key_go(self) -> None:
        """A key a screen would not act on (it was covered before the key's turn came): counted
        with those the key guard drops, and said with them."""
        self._keys.dropped += 1
        self._said_later()

    def _said_later(self) -> None:
        # Said once the storm is over, not once a key.
        if self._keys_said is None:
            self._keys_said = self.set_timer(KEYS_SAID_AFTER, self._say_keys_dropped)
        else:
            self._keys_said.reset()

    def _typing(self) -> bool:
        """Whether a text field has the focus (TextArea looked up only once something imported it:
        importing it costs the start-up a tenth of a second)."""
        focused = self.focused
        text_area = text_area_class()
        return isinstance(focused, Input) or (text_area is not None and isinstance(focused, text_area))

    def _say_keys_dropped(self) -> None:
        self._keys_said = None
        dropped, self._keys.dropped = self._keys.dropped, 0
        if dropped:
            self.notify(
                f"{dropped} keys came faster than they could be answered and were let go.",
                severity="warning",
                timeout=4,
                markup=False,
            )

    def _screen_changed(self, screen: Screen) -> None:
        """A screen opened or closed; the key that did it, if one did, waits for it to be drawn.
        Whatever shows now is laid out for the terminal's size."""
        now = monotonic()
        if self._last_key is not None:
            self._keys.screen_changed(self._last_key, now)
            screen.call_after_refresh(lambda: self._keys.settled(monotonic()))
        if not self._fit_due:
            self._fit_due = True
            self.call_later(self._fit_screens)  # (once the stack has settled: pop, pop, push)

    def _fit_screens(self) -> None:
        """After the stack changed: the too-small notice is on top if and only if the terminal is
        too small, and each screen that shows is laid out for the terminal's size."""
        self._fit_due = False
        if not self.screen_stack or is_exiting(self):
            return
        # A screen that closed everything over a game (leaving it, a seat taken over) took the
        # notice with it, and play went on in a terminal still too small.
        self._check_size()
        # Textual tells a resize to the screen on top and those behind it down to the first
        # opaque one, and lays out again a screen that comes back on top, but not one that only
        # comes to be behind the top again. With the game's menu over a hot-seat cover, a resize
        # reached the menu and the cover, not the game under the cover; once the menu closed, the
        # game was behind the cover (drawn under it each frame) laid out for the old size.
        size = self.size
        for shown in (self.screen, *background_screens(self)):
            if shown.is_mounted and shown.outer_size != size:
                shown.post_message(events.Resize(size, size))

    def panic(self, *renderables: Any) -> None:
        # Textual ends the app on an unexpected error this way (an input thread that raised) with
        # return code 0; the command's exit status must say something went wrong.
        mark_failed(self)
        super().panic(*renderables)

    def _fatal_error(self) -> None:
        """An error in our own code: the player gets a short apology and where the details went,
        not a screenful of traceback (written to a crash file for whoever fixes it)."""
        import time
        import traceback

        error = sys.exc_info()[1] or app_error(self)
        details = "".join(traceback.format_exception(error)) if error is not None else "(no exception recorded)\n"
        path = Path(self.store.data_dir) / "crashes" / time.strftime("crash-%Y%m%d-%H%M%S.txt")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(details, encoding="utf-8")
            where = f"The details are in {path}; please send them to us."
        except OSError:
            where = "The details could not be written down:\n" + details
        self.bell()
        exit_with_message(
            self,
            "cardarcade hit an error of its own and had to stop. Games are saved as they "
            f"go: c on the menu carries yours on. {where}",
        )

    def _end_by_signal(self, signum: int) -> None:
        """Leave as ``q`` would: the screens close (bots and timers with them) and the driver
        gives the terminal back. A second such signal is not caught: it ends the process. (A
        hang-up leaves no terminal to give back: _hung_up.)"""
        asyncio.get_running_loop().remove_signal_handler(signum)
        if self.ended_by_signal is None:
            self.ended_by_signal = signum
        self.exit(return_code=128 + signum)

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

        shown = self.theme_warnings[:MAX_WARNINGS_SHOWN]
        for warning in shown:
            self.notify(warning, severity="warning", timeout=6)
        if len(self.theme_warnings) > len(shown):
            self.notify(
                f"... and {len(self.theme_warnings) - len(shown)} more problems with theme files",
                severity="warning",
                timeout=6,
            )
        if self.start_setup is not None:
            self.push_screen(screen_for(self.start_setup))
            self._say_settings_warning()  # (read before the game started; the menu's is read after its first frame)
        if self._settings_due:
            self.call_after_refresh(self._settings_after_first_frame)
        self.call_after_refresh(self._check_size)

    def on_resize(self, event: events.Resize) -> None:
        # This runs before Textual's own handler stores the new size: self.size is still the old one.
        self._check_size(event.size)

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

    def _check_size(self, size: Size | None = None) -> None:
        size = size or self.size
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

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
        said = f"This seat was taken over by a new session of {self.player}{where}."
        if any(
            getattr(s, "shared_table", None) is table or getattr(s, "table", None) is table for s in self.screen_stack
        ):
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

    # ---- the session's reaction times (shown on the result screen)

    def record_reaction(self, game_id: str, who: str, seconds: float, outcome: Outcome) -> None:
        """One of ``who``'s reaction times (a person at this terminal, by name: at a hot-seat
        keyboard each has their own)."""
        from cardarcade.seating import is_fault

        if not is_fault(outcome):
            self._reactions[game_id, who].append(seconds)

    def session_reactions(self, game_id: str, who: str | None = None) -> list[float]:
        """``who``'s reaction times in ``game_id`` this session (None: everyone's here)."""
        return [
            t
            for (game, name), times in self._reactions.items()
            if game == game_id and who in (None, name)
            for t in times
        ]
