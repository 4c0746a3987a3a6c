"""Every private name of Textual (and of Rich, which draws for it) that the arcade relies on, in
one file: checked against Textual 8.2.8 and Rich 15.0.0.

Textual keeps no promise about its underscored names, and the arcade needs a few of them for
what it has no public way to do (speed on the SSH server, plain text, a clean exit, tests that
stand in for a terminal). Each use is a small named function here, and each has a test in
``tests/ui/test_textual_compat.py`` that fails if an upgrade removes or renames what it reaches
for: after an upgrade, that test file is the audit, and this file is the only one to mend.

Names that the arcade's own subclasses override or read on themselves (a handler Textual calls by
name, a driver's attributes) cannot move here; ``OVERRIDDEN`` and ``DRIVER_ATTRIBUTES`` list
them for the same test.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import IO, TYPE_CHECKING, Any
from collections.abc import Mapping

from rich.color import ColorSystem
from rich.console import Console, RenderableType
from rich.style import Style

# What Textual writes around a frame in synchronized output (mode 2026): server/driver.py sends the three as one.
from textual._ansi_sequences import SYNC_END, SYNC_START

# Textual's input parser: the arcade's reader (ui/terminal.py) wraps it, token for token.
from textual._parser import ParseEOF, ParseError, ParseTimeout, Peek1, Read1
from textual._time import get_time
from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser

if TYPE_CHECKING:
    import asyncio

    from rich.terminal_theme import TerminalTheme
    from textual.app import App
    from textual.await_remove import AwaitRemove
    from textual.css.stylesheet import Stylesheet
    from textual.driver import Driver
    from textual.filter import LineFilter
    from textual.geometry import Region, Size
    from textual.notifications import Notification
    from textual.screen import Screen
    from textual.strip import Strip
    from textual.theme import Theme
    from textual.widget import Widget

__all__ = [
    "BRACKETED_PASTE_END",
    "BRACKETED_PASTE_START",
    "ParseEOF",
    "ParseError",
    "ParseTimeout",
    "Peek1",
    "Read1",
    "SYNC_END",
    "SYNC_START",
    "XTermParser",
    "get_time",
]

# Textual's methods the arcade's classes override by name: (class path, name).
OVERRIDDEN = (
    ("textual.app.App", "_on_key"),
    ("textual.app.App", "_fatal_error"),
    ("textual.screen.Screen", "_on_screen_resume"),
    ("textual.screen.Screen", "_on_screen_suspend"),  # (KeptScreen)
    ("textual.screen.Screen", "_on_resize"),  # (Dialog)
)
# What a Driver subclass (ui/terminal.py, server/driver.py) reads on itself, set by Driver.__init__.
DRIVER_ATTRIBUTES = ("_app", "_debug", "_loop")


# ---- the input parser


def parser_deadline(parser: XTermParser) -> float | None:
    """When (by ``get_time``) the parser stops waiting for the rest of a sequence, if it waits."""
    return parser._timeout_time


def parser_clock_module() -> ModuleType:
    """The module whose ``get_time`` Textual's parser reads the time from (a test moves it by hand)."""
    import textual._parser

    return textual._parser


def uncached_extended_key_parser() -> Callable[..., Any]:
    """``XTermParser``'s reader of an extended key sequence, without the lru_cache on it."""
    method = XTermParser._parse_extended_key
    return getattr(method, "__wrapped__", method)


# ---- the app


def registered_theme(app: App, name: str) -> Theme | None:
    """The theme registered as ``name``, without the copy of every theme ``App.get_theme`` makes."""
    return app._registered_themes.get(name)


def is_exiting(app: App) -> bool:
    """Whether ``App.exit`` has been called: the app is on its way out."""
    return app._exit


def mark_failed(app: App) -> None:
    """The app ends with return code 1 unless a code was already set."""
    if app._return_code is None:
        app._return_code = 1


def app_error(app: App) -> BaseException | None:
    """The unexpected error that ended the app, if one did (Textual keeps the first)."""
    return app._exception


def background_screens(app: App) -> list[Screen]:
    """The screens drawn under the one on top (down to the first opaque one)."""
    return app._background_screens


def app_loop(app: App) -> asyncio.AbstractEventLoop | None:
    """The loop the app runs on, once it runs."""
    return app._loop


def colour_filters(app: App) -> list[LineFilter]:
    """The app's line filters (NO_COLOR's monochrome among them), to change in place."""
    return app._filters


def refresh_truecolor_filter(app: App, theme: TerminalTheme) -> None:
    """Set the 24-bit colour filter for ``theme`` as a theme change does."""
    app._refresh_truecolor_filter(theme)


def exit_with_message(app: App, message: RenderableType) -> None:
    """End the app at once, printing ``message`` once the terminal is given back."""
    app._exit_renderables.append(message)
    app._close_messages_no_wait()


def capture_output(app: App, stdout: Any, stderr: Any) -> None:
    """What the app puts in place of sys.stdout and sys.stderr while it runs (and restores)."""
    app._capture_stdout, app._capture_stderr = stdout, stderr


def notifications(app: App) -> list[Notification]:
    """The notifications (toasts) still current."""
    return list(app._notifications)


def withdraw_notification(app: App, notification: Notification) -> None:
    """Take one notification away (no refresh: the next frame shows it gone)."""
    app._unnotify(notification, refresh=False)


def driver_of(app: App) -> Driver:
    """The app's driver: a test hands it messages as a terminal would."""
    driver = app._driver
    assert driver is not None, "the app is not running"
    return driver


def set_driver_size(app: App, size: tuple[int, int]) -> None:
    """Make a headless driver report ``size`` as the terminal's."""
    driver_of(app)._size = size  # type: ignore[attr-defined]


def text_area_class() -> type | None:
    """``TextArea``, if something has imported it (importing it costs a tenth of a second); None
    while the menu's imports ahead, in their thread, are still part-way through its module."""
    module = sys.modules.get("textual.widgets._text_area")
    return getattr(module, "TextArea", None)


# ---- the stylesheet


def share_parse_cache(stylesheet: Stylesheet, cache: dict) -> None:
    """Give ``stylesheet`` the dict its parsed rules are cached in."""
    stylesheet._parse_cache = cache  # type: ignore[assignment]


def share_variable_tokens(stylesheet: Stylesheet, tokens: dict) -> None:
    """Give ``stylesheet`` its variables already read as CSS tokens (what it parses with, and what
    Textual's markup reads ``$names`` from), until its variables change."""
    stylesheet._Stylesheet__variable_tokens = tokens  # type: ignore[attr-defined]


def variable_tokens(variables: dict[str, str]) -> dict:
    """``variables`` read as CSS tokens, as a stylesheet reads them."""
    from textual.css.tokenize import tokenize_values

    return tokenize_values(variables)


def default_css_of(widget_class: type) -> list[tuple[tuple[str, str], str, int, str]]:
    """The default CSS a widget of ``widget_class`` adds to its app's stylesheet as it is mounted:
    (where it is read from, the CSS, its tie breaker, its scope), its bases' included."""
    return widget_class._get_default_css(object.__new__(widget_class))


def parsed_default_css(variables: dict[str, str], tokens: dict, widget_classes: Iterable[type]) -> dict[tuple, list]:
    """The parsed rules of the widget classes' default CSS, under the theme ``variables`` (read as
    ``tokens``), by the keys a stylesheet caches them under."""
    from textual.css.stylesheet import Stylesheet

    sheet = Stylesheet(variables=variables)
    share_variable_tokens(sheet, tokens)
    sheet._parse_cache = {}  # type: ignore[assignment]
    for widget_class in widget_classes:
        for read_from, css, tie_breaker, scope in default_css_of(widget_class):
            sheet.add_source(css, read_from=read_from, is_default_css=True, tie_breaker=tie_breaker, scope=scope)
    sheet.parse()
    return dict(sheet._parse_cache)


def stylesheet_variables(stylesheet: Stylesheet) -> dict[str, str]:
    """The variables the stylesheet's rules are parsed with."""
    return dict(stylesheet._variables)


# ---- Rich's console


def console_without_markup(console: Console) -> None:
    """The console reads a str inside a Rich table or group as itself, never as markup."""
    console._markup = False


def set_colour_system(console: Console, system: ColorSystem) -> None:
    """Draw in ``system``'s colours whatever the console found in the terminal."""
    console._color_system = system


def terminal_console(environ: Mapping[str, str], file: IO[str], color_system: str | None) -> Console:
    """A console as Textual makes its own, choosing colours from ``environ`` instead of this
    process's environment."""
    return Console(
        color_system=color_system,
        file=file,
        markup=False,  # type: ignore[arg-type]
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=environ,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )


# ---- screens, widgets and strips


def is_selecting(screen: Screen) -> bool:
    """Whether the mouse is selecting text on ``screen``."""
    return screen._selecting


def modal_binding_chain(screen: Screen) -> list[tuple[Any, Any]]:
    """The (node, bindings) that a key on ``screen`` is looked up in, focused widget first."""
    return screen._modal_binding_chain


def is_pruning(widget: Widget) -> bool:
    """Whether ``widget`` is being removed with its children."""
    return widget._pruning


def renders_markup(widget: Widget) -> bool:
    """Whether ``widget`` reads its content as markup (its ``markup=`` argument)."""
    return widget._render_markup


def style_getter(widget: Widget) -> Callable[[Any], Any]:
    """What a visual asks for a named style while it renders for ``widget``."""
    return widget._get_style


def with_link_style(strip: Strip, link_style: Style) -> Strip:
    """``strip`` with ``link_style`` over its links, as Textual's own widgets draw them."""
    return strip._apply_link_style(link_style)


def forget_drawn_lines(widget: Widget) -> None:
    """Let go of the lines ``widget`` keeps as it last drew them: it draws them again when next
    painted."""
    widget._styles_cache.clear()


def drawn_lines_kept(widget: Widget) -> int:
    """How many of its lines ``widget`` keeps drawn."""
    return len(widget._styles_cache._cache)


def forget_removed_children(screen: Screen) -> None:
    """Let go of what still holds the widgets just removed from ``screen``: its last layout (as
    Textual does when a screen closes: it is laid out afresh when it next shows) and its cache of
    the widgets its queries found, its arrangement and its list of children shown (Textual clears
    these only when the screen itself is removed, or when they are next asked for)."""
    screen._compositor.clear()
    screen._query_one_cache.clear()
    screen._dirty_widgets.clear()
    screen._arrangement_cache.clear()
    screen._nodes._displayed_nodes = screen._nodes._displayed_visible_nodes = (-1, [])


def replace_inner_outer(inner_outer: Callable[..., tuple[Any, Any]]) -> None:
    """Make ``inner_outer`` what every widget's ``StylesCache`` asks for its background's styles
    (Textual's caches them keyed by the ``StylesCache`` too: ui/widget_colours.py)."""
    from textual._styles_cache import StylesCache

    StylesCache.get_inner_outer = inner_outer  # type: ignore[method-assign]


def stop_watching(watched: object, node: object) -> None:
    """Drop ``node``'s watches of ``watched``'s reactives (``DOMNode.watch``): Textual drops a
    closed node's only when the value next changes, and until then the watch keeps the node (and
    all it holds) alive."""
    for watches in getattr(watched, "__watchers", {}).values():
        watches[:] = [(watcher, callback) for watcher, callback in watches if watcher is not node]


def without_tooltips(app: App) -> None:
    """No screen of ``app`` gets Textual's tooltip widget (one per screen, with its task, queue and
    styles: ~10 KiB a screen on a server; no widget here has a tooltip to show)."""
    app._disable_tooltips = True


def every_child(screen: Screen) -> list[Widget]:
    """All of ``screen``'s children, Textual's own too (its notifications' rack, its tooltip),
    which a removal by selector (``"*"``) leaves."""
    return list(screen._nodes)


async def compose_again(screen: Screen) -> None:
    """Compose ``screen``'s widgets again after all its children were removed (``every_child``),
    with Textual's own (its notifications' rack, ...) as a new screen gets them, and show the
    notifications on it if it is on top."""
    from textual.compose import compose

    async with screen.batch():
        widgets = compose(screen)
        screen._extend_compose(widgets)
        await screen.mount_all(widgets)
    if screen.is_attached and screen.app.screen is screen:
        screen.app._refresh_notifications()


def remove_closed_screen(screen: Screen) -> AwaitRemove:
    """Remove ``screen``, closed already, as ``Widget.remove`` does but for what Textual does once
    it is gone: lay out the app's screen on top again (nothing of it changed)."""
    return screen.app._prune(screen, parent=None)


def textual_backdrop_lines(screen: Screen) -> list[Strip]:
    """The lines Textual's own ``Screen.render`` gives a translucent ``screen`` on top (the
    screens under it, dimmed), as ``Widget.render_line`` would draw them: what
    ``backdrop.SeeThrough`` must draw too."""
    from textual._context import visible_screen_stack
    from textual.visual import Visual, visualize

    visible_screen_stack.set(list(screen.app._background_screens))
    width, height = screen.size
    visual = visualize(screen, screen.render(), markup=screen._render_markup)
    return Visual.to_strips(screen, visual, width, height, screen.visual_style)


def rendered_strips(screen: Screen) -> list[Strip]:
    """The screen's lines as the compositor drew them last."""
    return screen._compositor.render_strips()


def laid_out_size(screen: Screen) -> Size:
    """The size ``screen`` was last laid out for."""
    return screen._compositor.size


def lru_entries(cache: Any) -> Iterable[Any]:
    """The linked entries of a Textual ``LRUCache``."""
    return cache._cache.values()


def lru_has_entries(cache_class: type) -> bool:
    """Whether ``cache_class`` keeps its entries where ``lru_entries`` looks."""
    return "_cache" in getattr(cache_class, "__slots__", ())


# ---- process-wide replacements (installed by the app as it starts: install_process_fixes in app.py)


def strip_cuts() -> tuple[Callable[..., Sequence[Strip]], Callable[..., Strip]]:
    """Textual's own ``Strip.divide`` and ``Strip.crop_extend``."""
    from textual.strip import Strip

    return Strip.divide, Strip.crop_extend


def replace_strip_cuts(divide: Callable[..., Sequence[Strip]], crop_extend: Callable[..., Strip]) -> None:
    from textual.strip import Strip

    Strip.divide = divide  # type: ignore[method-assign]
    Strip.crop_extend = crop_extend  # type: ignore[method-assign]


# The caches every Textual Strip makes for itself as it is made (Strip.__init__), and their sizes.
STRIP_CACHE_SIZES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}
# The rest of a Strip's slots, as Strip.__init__ sets them.
STRIP_OTHER_SLOTS = ("_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count")


class _CacheOnFirstUse:
    """One of a Strip's caches, made the first time the strip looks in it (kept in the slot
    Textual declared for it)."""

    __slots__ = ("_slot", "_size")

    def __init__(self, slot: Any, size: int) -> None:
        self._slot, self._size = slot, size

    def __get__(self, strip: Any, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self._slot.__get__(strip, owner)
        except AttributeError:
            from textual.cache import FIFOCache

            cache = FIFOCache(self._size)
            self._slot.__set__(strip, cache)
            return cache

    def __set__(self, strip: Any, value: Any) -> None:
        self._slot.__set__(strip, value)


def _strip_made_without_caches(self: Strip, segments: Iterable[Any], cell_length: int | None = None) -> None:
    """Strip.__init__ but for its caches (each is made when first used)."""
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def strip_making() -> tuple[Callable[..., None], dict[str, Any]]:
    """How Strips are made now: ``Strip.__init__`` and what its caches' names lead to."""
    from textual.strip import Strip

    return Strip.__init__, {name: Strip.__dict__[name] for name in STRIP_CACHE_SIZES}


def strips_with_caches_on_first_use() -> tuple[Callable[..., None], dict[str, Any]]:
    """A ``Strip.__init__`` that makes no cache, and the caches' slots made on first use (for
    ``replace_strip_making``)."""
    from textual.strip import Strip

    slots = {name: Strip.__dict__[name] for name in STRIP_CACHE_SIZES}
    slots = {name: getattr(slot, "_slot", slot) for name, slot in slots.items()}  # (Textual's own, once replaced)
    return _strip_made_without_caches, {
        name: _CacheOnFirstUse(slots[name], size) for name, size in STRIP_CACHE_SIZES.items()
    }


def replace_strip_making(init: Callable[..., None], caches: Mapping[str, Any]) -> None:
    from textual.strip import Strip

    Strip.__init__ = init  # type: ignore[method-assign]
    for name, cache in caches.items():
        setattr(Strip, name, cache)


def screen_resume_handler() -> Callable[..., None]:
    """Textual's own handler of a screen coming on top (``events.ScreenResume``)."""
    from textual.screen import Screen

    return Screen._on_screen_resume


def screen_compositor_refresh() -> Callable[..., None]:
    """Textual's own way a screen draws its changes (the top one), or passes them to the top one
    (a screen showing through it)."""
    from textual.screen import Screen

    return Screen._compositor_refresh


def replace_screen_compositor_refresh(handler: Callable[..., None]) -> None:
    from textual.screen import Screen

    Screen._compositor_refresh = handler  # type: ignore[method-assign]


def set_aside_screen_changes(screen: Screen) -> None:
    """Drop what ``screen`` would pass to the screen over it: the changed widgets keep their own
    marks, and are drawn when the screen is repainted whole as it comes back on top."""
    screen._compositor._dirty_regions.clear()
    screen._dirty_widgets.clear()


def has_changes_to_draw(screen: Screen) -> bool:
    """Whether ``screen`` has changed regions to draw (or to pass to the screen over it)."""
    return bool(screen._compositor._dirty_regions)


def draws_whole(screen: Screen) -> bool:
    """Whether the frame ``screen`` is about to draw is the whole screen (as Textual decides it)."""
    compositor = screen._compositor
    return compositor.size.region in compositor._dirty_regions


def forget_asked_repaints(screen: Screen) -> None:
    """The widgets showing on ``screen`` that asked to be repainted no longer ask: neither those
    that have yet to tell the screen (they do when next idle) nor those that told it and wait for
    its next frame (the regions they marked are dropped, so that frame draws nothing of them)."""
    for widget in screen._compositor.visible_widgets:
        widget._repaint_required = False
        widget._repaint_regions.clear()


def css_generation(app: App) -> int:
    """A count Textual raises whenever the app's styles must be worked out again (a new theme)."""
    return app._css_update_count


def replace_screen_resume_handler(handler: Callable[..., None]) -> None:
    from textual.screen import Screen

    Screen._on_screen_resume = handler  # type: ignore[method-assign]


def widget_refresh() -> Callable[..., Any]:
    """Textual's own ``Widget.refresh`` (what a screen asks to draw itself again, and to be laid out)."""
    from textual.widget import Widget

    return Widget.refresh


def replace_screen_refresh(refresh: Callable[..., Any]) -> None:
    """A screen's own ``refresh`` (Textual's screens use the one every widget has)."""
    from textual.screen import Screen

    Screen.refresh = refresh  # type: ignore[method-assign]


def screen_replacing() -> Callable[..., Any]:
    """Textual's last step of showing a screen in another's place (a switch, a pop): the screen on
    top asked to draw itself, the one it replaced let go."""
    from textual.app import App

    return App._replace_screen


def replace_screen_replacing(replacing: Callable[..., Any]) -> None:
    from textual.app import App

    App._replace_screen = replacing  # type: ignore[method-assign]


def forget_own_repaint(screen: Screen) -> None:
    """``screen`` no longer asks to be drawn whole (what its widgets ask stays asked)."""
    screen._repaint_required = False
    screen._repaint_regions.clear()


def replace_content_control_stripper(strip: Callable[..., str]) -> None:
    """What Textual's ``Content`` calls (by its module's name) to drop control characters."""
    import textual.content

    textual.content._strip_control_codes = strip  # type: ignore[assignment]


# ---- a frame of changes (ui/frames.py)


def compositor_partial_update() -> Callable[..., Any]:
    """Textual's own way a compositor draws the changed parts of a screen (not a whole frame)."""
    from textual._compositor import Compositor

    return Compositor.render_partial_update


def replace_compositor_partial_update(render: Callable[..., Any]) -> None:
    from textual._compositor import Compositor

    Compositor.render_partial_update = render  # type: ignore[method-assign]


def take_changed_regions(compositor: Any) -> list[Any]:
    """The screen regions marked to draw since the last frame (the marks cleared)."""
    regions = list(compositor._dirty_regions)
    compositor._dirty_regions.clear()
    return regions


def changed_spans(regions: Iterable[Any]) -> list[tuple[int, int, int]]:
    """The regions as non-overlapping (line, x1, x2) spans, in line order: what a frame writes."""
    from textual._compositor import Compositor

    return list(Compositor._regions_to_spans(regions))


def changes_update(chops: Sequence[Mapping[int, Any]], spans: list[tuple[int, int, int]], cuts: list[list[int]]) -> Any:
    """Textual's renderable of a frame of changes: each line's pieces (``chops``, by the cut they
    start at) within ``spans``."""
    from textual._compositor import ChopsUpdate

    return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in cuts])


# ---- the 24-bit colour filter where it changes something (ui/truecolor.py)


def strip_filtering() -> Callable[..., Any]:
    """Textual's own ``Strip.apply_filter``."""
    from textual.strip import Strip

    return Strip.apply_filter


def replace_strip_filtering(apply_filter: Callable[..., Any]) -> None:
    from textual.strip import Strip

    Strip.apply_filter = apply_filter  # type: ignore[method-assign]


# ---- a widget's changed lines drawn without its messages (ui/covered.py, ui/widgets/lines.py)


def repaints_quietly(widget: Widget) -> bool:
    """Whether ``widget`` may have lines marked changed without Textual's messages: mounted and
    shown, not closing, and not already waiting for a layout or a whole repaint."""
    return not (
        not widget._is_mounted
        or widget._closing
        or widget._parent is None
        or widget._layout_required
        or widget._repaint_required
        or not widget.display
    )


def mark_lines_changed(widget: Widget, regions: Sequence[Region]) -> None:
    """What ``refresh(*regions)`` does to ``widget`` itself, without telling its screen: those
    lines drawn again at the screen's next frame that includes the widget."""
    widget._layout_cache.clear()
    widget._set_dirty(*regions)
    widget.clear_cached_dimensions()
    widget._rich_style_cache.clear()


def include_in_frame(screen: Screen, widgets: Iterable[Widget]) -> None:
    """Make the frame ``screen`` is about to draw include ``widgets``' changed lines (as their
    update messages would have: ``Screen._on_update``, then ``_on_timer_update``)."""
    if screen in screen._compositor:
        screen._compositor.update_widgets(set(widgets))


def styles_cache_class() -> type:
    """Textual's per-widget cache of its lines as drawn with their frame (border, padding,
    background): what ``render_lines`` hands the compositor; ``render_widget(widget, crop)`` and
    ``render_line(styles, y, size, content_size, padding, base_background, background,
    render_content_line, border_title, border_subtitle, opacity, ansi_theme, native_ansi)``."""
    from textual._styles_cache import StylesCache

    return StylesCache


def use_styles_cache(widget: Widget, cache: Any) -> None:
    """Draw ``widget``'s framed lines through ``cache`` (a ``styles_cache_class()`` instance)."""
    widget._styles_cache = cache
