"""How the arcade looks at one terminal: the card themes and the one in use, suit symbols or
letters, and the colours the terminal can show."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.color import ColorSystem
from textual import constants
from textual.filter import Monochrome, NoColor

from cardarcade.themes import DEFAULT_THEME, MONOCHROME, CardPalette, CardTheme, no_color
from cardarcade.ui.terminal import colourless_terminal, console_font_only
from cardarcade.ui.textual_compat import colour_filters, set_colour_system, terminal_console

if TYPE_CHECKING:
    from cardarcade.ui.app import ArcadeApp, UISettings


class Looks:
    """One app's looks. They stand apart from the app because many things decide them (the
    command line, the settings file, the keys t and g, the terminal's own variables) and every
    screen that draws a card reads them; the app's part is to tell Textual the theme."""

    def __init__(
        self,
        app: ArcadeApp,
        settings: UISettings,
        themes: tuple[dict[str, CardTheme], list[str]],
        environ: Mapping[str, str] | None,
    ) -> None:
        self._app = app
        self._settings = settings  # (its ascii_glyphs: letters or symbols as chosen; None lets the theme decide)
        self.card_themes, self.warnings = dict(themes[0]), list(themes[1])  # (warnings: shown as the app starts)
        self.order = sorted(self.card_themes, key=lambda n: (n != DEFAULT_THEME, n))  # the order t goes through
        self.card_theme: CardTheme = self.card_themes.get(DEFAULT_THEME) or next(iter(self.card_themes.values()))
        self.monochrome = no_color(environ)
        # the terminal's type: whether it shows colours, and what its font holds (a session's own)
        self.terminal_type = (os.environ if environ is None else environ).get("TERM", "")
        self.console_glyphs = console_font_only(self.terminal_type)  # the driver draws for a console font

    @property
    def palette(self) -> CardPalette:
        return MONOCHROME.palette if self.monochrome else self.card_theme.palette

    @property
    def ascii_glyphs(self) -> bool:
        if self._settings.ascii_glyphs is not None:
            return self._settings.ascii_glyphs
        return self.palette.ascii_glyphs

    def use(self, name: str) -> None:
        """Show every screen in the card theme ``name`` from now on."""
        self.card_theme = self.card_themes[name]
        self._app.theme = self.card_theme.textual.name
        self._app.redraw()

    def next_theme(self) -> str:
        """Go on to the next theme in the order (the key t); its name."""
        order = self.order
        i = order.index(self.card_theme.name) if self.card_theme.name in order else -1
        name = order[(i + 1) % len(order)]
        self.use(name)
        return name

    def take_terminal_environment(self, environ: Mapping[str, str]) -> None:
        """Colours as Textual would choose them for a terminal with these variables: the app's
        console made again as ``App.__init__`` makes it from ``os.environ``, its NO_COLOR filter
        likewise (a server's session has its client's variables, not the process's)."""
        app, environ = self._app, dict(environ)
        app.no_color = environ.pop("NO_COLOR", None) is not None
        filters = colour_filters(app)
        filters[:] = [f for f in filters if not isinstance(f, (Monochrome, NoColor))]
        if app.no_color:
            filters.append(NoColor() if app.native_ansi_color else Monochrome())
        app.console = terminal_console(environ, app.console.file, constants.COLOR_SYSTEM)

    def fit_colours_to_terminal(self) -> None:
        """Without colour, draw in the fewest: a terminal Rich finds no colours in (TERM=dumb),
        which Textual painted in 24-bit colour, and NO_COLOR, which Textual grey-scales but in
        256 or 24-bit greys, get the monochrome palette in black, white and their bright forms."""
        app = self._app
        if app.console.color_system is not None and not app.no_color and not colourless_terminal(self.terminal_type):
            return
        set_colour_system(app.console, ColorSystem.STANDARD)  # what Textual renders strips with
        self.monochrome = True
        if not app.no_color:
            app.no_color = True
            colour_filters(app).append(Monochrome())
