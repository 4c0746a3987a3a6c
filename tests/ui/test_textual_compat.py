"""Textual's and Rich's private names the arcade relies on (cardarcade.ui.textual_compat) still do
what it relies on: a failure here after an upgrade names the hook to mend."""

from __future__ import annotations

import asyncio
import importlib
import io
import subprocess
import sys

import pytest
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import MONOKAI
from textual import events
from textual.app import App, ComposeResult
from textual.cache import LRUCache
from textual.content import Content
from textual.driver import Driver
from textual.filter import ANSIToTruecolor
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Static
from ui_helpers import wait_for

from cardarcade.ui import textual_compat as compat


class Shows(App):
    CSS = "Static { color: red; }"
    BINDINGS = [("x", "bell", "Ring")]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("hello there", id="words")
        yield Static("[b]plain[/b]", id="plain", markup=False)

    def on_key(self, event: events.Key) -> None:
        self.pressed.append(event.key)


class Over(ModalScreen):
    def compose(self) -> ComposeResult:
        yield Static("over")


class FailsToMount(App):
    def on_mount(self) -> None:
        raise ValueError("mount went wrong")


# ---- the app


async def test_the_registered_theme_is_the_apps_own():
    app = Shows()
    async with app.run_test():
        assert compat.registered_theme(app, app.theme) == app.get_theme(app.theme)
        assert compat.registered_theme(app, "no such theme") is None


async def test_an_app_is_exiting_once_exit_is_called():
    app = Shows()
    async with app.run_test() as pilot:
        assert not compat.is_exiting(app)
        app.exit()
        assert compat.is_exiting(app)
        await pilot.pause()


async def test_a_failed_app_returns_one_unless_it_had_a_code():
    app = Shows()
    compat.mark_failed(app)
    assert app.return_code == 1
    done = Shows()
    async with done.run_test():
        done.exit(return_code=3)
    compat.mark_failed(done)
    assert done.return_code == 3


async def test_the_error_that_ended_an_app_is_kept():
    app = FailsToMount()
    with pytest.raises(ValueError):
        async with app.run_test():
            pass
    assert isinstance(compat.app_error(app), ValueError)
    assert compat.app_error(Shows()) is None


async def test_the_screens_behind_a_dialog_and_the_loop_and_the_driver():
    app = Shows()
    async with app.run_test() as pilot:
        base = app.screen
        await app.push_screen(Over())
        await pilot.pause()
        assert base in compat.background_screens(app)
        assert compat.app_loop(app) is asyncio.get_running_loop()
        driver = compat.driver_of(app)
        assert isinstance(driver, Driver)
        for name in compat.DRIVER_ATTRIBUTES:  # what the arcade's own drivers read on themselves
            assert hasattr(driver, name), name
        compat.set_driver_size(app, (61, 21))
        assert driver._get_terminal_size() == (61, 21)  # (what the headless driver tells a resize)


async def test_a_key_handed_to_the_driver_reaches_the_app():
    app = Shows()
    async with app.run_test() as pilot:
        compat.driver_of(app).send_message(events.Key("z", "z"))
        await wait_for(pilot, lambda: app.pressed == ["z"])


async def test_the_colour_filters_are_the_ones_textual_draws_with():
    app = Shows()
    async with app.run_test():
        filters = compat.colour_filters(app)
        compat.refresh_truecolor_filter(app, MONOKAI)
        assert filters is compat.colour_filters(app)
        assert any(isinstance(f, ANSIToTruecolor) for f in filters)


async def test_an_app_ended_with_a_message_stops_and_prints_it(capsys):
    app = Shows()
    async with app.run_test():
        compat.exit_with_message(app, "goodbye for now")
    assert not app.is_running
    assert "goodbye for now" in capsys.readouterr().err


async def test_what_is_printed_while_the_app_runs_goes_where_it_is_told():
    app = Shows()
    out, err = io.StringIO(), io.StringIO()
    compat.capture_output(app, out, err)
    async with app.run_test() as pilot:
        app.call_later(print, "seen")
        await wait_for(pilot, lambda: "seen" in out.getvalue())


async def test_notifications_are_listed_and_withdrawn():
    app = Shows()
    async with app.run_test() as pilot:
        app.notify("first", title="one")
        app.notify("second")
        await wait_for(pilot, lambda: len(compat.notifications(app)) == 2)
        [first] = [n for n in compat.notifications(app) if n.title == "one"]
        compat.withdraw_notification(app, first)
        assert [n.message for n in compat.notifications(app)] == ["second"]


def test_text_area_is_found_once_imported():
    from textual.widgets import TextArea  # (its import is what makes it findable)

    assert compat.text_area_class() is TextArea


# ---- the stylesheet and Rich's console


async def test_the_parse_cache_given_is_the_one_filled():
    app = Shows()
    cache: dict = {}
    compat.share_parse_cache(app.stylesheet, cache)
    async with app.run_test():
        assert cache, "parsed rules went elsewhere"
        assert compat.stylesheet_variables(app.stylesheet) == app.get_css_variables()


def test_a_console_without_markup_prints_brackets_as_they_are():
    console = Console(file=io.StringIO(), color_system=None, width=40)
    compat.console_without_markup(console)
    console.print("[bold]x[/]")
    assert console.file.getvalue().strip() == "[bold]x[/]"


def test_a_consoles_colours_follow_what_it_is_given():
    console = Console(file=io.StringIO(), color_system="truecolor", force_terminal=True)
    compat.set_colour_system(console, ColorSystem.STANDARD)
    assert console.color_system == "standard"
    dumb = compat.terminal_console({"TERM": "dumb"}, io.StringIO(), "auto")
    rich = compat.terminal_console({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, io.StringIO(), "auto")
    assert (dumb.color_system, rich.color_system) == (None, "truecolor")


# ---- screens, widgets and strips


async def test_what_a_screen_and_its_widgets_say_of_themselves():
    app = Shows()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert compat.is_selecting(screen) is False
        assert any("x" in bindings.key_to_bindings for _, bindings in compat.modal_binding_chain(screen))
        words, plain = screen.query_one("#words", Static), screen.query_one("#plain", Static)
        assert compat.is_pruning(words) is False
        assert (compat.renders_markup(words), compat.renders_markup(plain)) == (True, False)
        assert callable(compat.style_getter(words))
        assert "hello there" in "\n".join(strip.text for strip in compat.rendered_strips(screen))
        assert compat.laid_out_size(screen) == app.size


async def test_a_dialog_is_drawn_over_the_screen_under_it_and_removed_once_closed():
    app = Shows()
    async with app.run_test() as pilot:
        over = Over()
        app.install_screen(over, "over")
        await app.push_screen(over)
        await pilot.pause()
        lines = compat.textual_backdrop_lines(over)  # (Textual's own: the screen under it, dimmed)
        assert len(lines) == app.size.height and "hello there" in "\n".join(strip.text for strip in lines)
        await app.pop_screen()
        app.uninstall_screen("over")
        await compat.remove_closed_screen(over)
        assert not over.is_attached


async def test_a_screen_says_it_has_changes_as_it_draws_them():
    seen: list[bool] = []
    drawn = compat.screen_compositor_refresh()

    def noting(screen) -> None:
        seen.append(compat.has_changes_to_draw(screen))
        drawn(screen)

    compat.replace_screen_compositor_refresh(noting)
    try:
        app = Shows()
        async with app.run_test() as pilot:
            await pilot.pause()
            seen.clear()
            app.query_one("#words", Static).update("changed")
            await pilot.pause()
    finally:
        compat.replace_screen_compositor_refresh(drawn)
    assert True in seen


def test_a_strip_gets_the_link_style_on_its_links_only():
    link = Style.from_meta({"@click": "app.bell"})
    strip = Strip([Segment("link", link), Segment(" text", Style())])
    styled = list(compat.with_link_style(strip, Style(bold=True)))
    assert [bool(s.style and s.style.bold) for s in styled] == [True, False]


def test_a_textual_cache_lists_its_entries():
    assert compat.lru_has_entries(LRUCache)
    cache: LRUCache = LRUCache(4)
    cache["a"], cache["b"] = 1, 2
    assert len(list(compat.lru_entries(cache))) == 2


# ---- the input parser


def test_the_parser_waits_after_a_lone_escape_by_its_own_clock():
    parser = compat.XTermParser()
    assert compat.parser_deadline(parser) is None
    list(parser.feed("\x1b"))
    assert compat.parser_deadline(parser) is not None
    assert compat.parser_clock_module().get_time is compat.get_time


def test_the_parsers_one_timed_read_is_the_wait_after_an_escape():
    # (SafeXTermParser puts its own wait in place of any timed read Textual's parser asks for)
    from textual import constants

    parser = compat.XTermParser()
    for text in ("a", "\x1b[A", "\x1b[<0;3;4M", "\x1b[200~pasted\x1b[201~"):
        list(parser.feed(text))
        assert compat.parser_deadline(parser) is None, text
    before = compat.get_time()
    list(parser.feed("\x1b"))
    deadline = compat.parser_deadline(parser)
    assert (
        deadline is not None
        and before + constants.ESCAPE_DELAY <= deadline <= compat.get_time() + constants.ESCAPE_DELAY
    )


def test_the_extended_key_reader_is_the_uncached_one():
    reader = compat.uncached_extended_key_parser()
    assert callable(reader) and not hasattr(reader, "cache_info")


# ---- process-wide replacements


def test_textuals_methods_the_arcade_overrides_are_still_there():
    for path, name in compat.OVERRIDDEN:
        module, _, cls = path.rpartition(".")
        assert callable(getattr(getattr(importlib.import_module(module), cls), name)), f"{path}.{name}"


def test_the_replaced_methods_are_found_and_put_back():
    divide, crop_extend = compat.strip_cuts()
    resume = compat.screen_resume_handler()
    replacing = compat.screen_replacing()
    try:
        compat.replace_strip_cuts(len, len)
        compat.replace_screen_resume_handler(len)
        compat.replace_screen_replacing(len)
        assert (Strip.divide, Strip.crop_extend) == (len, len)
        assert compat.screen_resume_handler() is len
        assert compat.screen_replacing() is len
    finally:
        compat.replace_strip_cuts(divide, crop_extend)
        compat.replace_screen_resume_handler(resume)
        compat.replace_screen_replacing(replacing)


def test_a_screens_refresh_is_every_widgets_until_replaced():
    from textual.screen import Screen
    from textual.widget import Widget

    refresh = Screen.__dict__.get("refresh")
    assert compat.widget_refresh() is Widget.refresh
    try:
        compat.replace_screen_refresh(len)
        assert Screen.refresh is len
    finally:
        if refresh is None:
            del Screen.refresh
        else:
            compat.replace_screen_refresh(refresh)


def test_the_frame_of_changes_and_the_colour_filtering_are_found_and_put_back():
    render, apply_filter = compat.compositor_partial_update(), compat.strip_filtering()
    try:
        compat.replace_compositor_partial_update(len)
        compat.replace_strip_filtering(len)
        assert (compat.compositor_partial_update(), compat.strip_filtering()) == (len, len)
    finally:
        compat.replace_compositor_partial_update(render)
        compat.replace_strip_filtering(apply_filter)


def test_a_frame_of_changes_is_made_of_the_regions_marked_as_textual_makes_it():
    from textual._compositor import ChopsUpdate, Compositor
    from textual.geometry import Region

    compositor = Compositor()
    compositor._dirty_regions.update({Region(2, 1, 3, 2), Region(4, 1, 4, 1)})
    regions = compat.take_changed_regions(compositor)
    assert sorted(regions) == [Region(2, 1, 3, 2), Region(4, 1, 4, 1)] and not compositor._dirty_regions
    spans = compat.changed_spans(regions)
    assert spans == [(1, 2, 8), (2, 2, 5)]  # (line, x1, x2): overlapping spans joined
    line = Strip([Segment("abcdef")])
    update = compat.changes_update([{}, {0: line}, {0: line}], spans, [[0, 80], [0, 6, 80], [0, 6, 80]])
    assert isinstance(update, ChopsUpdate)
    assert "abcdef" in update.render_segments(Console(file=io.StringIO()))


def test_a_strip_has_the_slots_and_caches_that_are_made_on_first_use():
    """An upgrade that gives Strip another slot, or its caches other sizes, fails here: the
    Strip.__init__ that makes no cache sets every other slot by name."""
    from cardarcade.ui import strips

    assert set(Strip.__slots__) == set(compat.STRIP_CACHE_SIZES) | set(compat.STRIP_OTHER_SLOTS)
    made_by_app = compat.strip_making()
    compat.replace_strip_making(*strips.TEXTUALS_MAKING)
    try:
        strip = Strip([])
        assert {name: getattr(strip, name)._maxsize for name in compat.STRIP_CACHE_SIZES} == compat.STRIP_CACHE_SIZES
    finally:
        compat.replace_strip_making(*made_by_app)


def test_content_drops_the_control_characters_it_is_told_to():
    import textual.content

    original = textual.content._strip_control_codes
    try:
        compat.replace_content_control_stripper(lambda text, *_: text.replace("\x1b", ""))
        assert Content("a\x1b[2Jb").plain == "a[2Jb"
    finally:
        compat.replace_content_control_stripper(original)


def test_importing_the_app_changes_nothing_until_an_app_is_made(tmp_path):
    """The process-wide fixes are the app's to install as it starts, not an import's side effect."""
    script = """
from textual.strip import Strip
import cardarcade.ui.app as app
from cardarcade.ui import strips
assert Strip.divide is not strips._divide_uncut, "installed by the import"
app.ArcadeApp(settings=app.UISettings())
assert Strip.divide is strips._divide_uncut, "not installed by the app"
"""
    env = {
        "XDG_DATA_HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": ":".join(sys.path),
    }
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# ---- a widget's changed lines drawn without its messages, its lines framed from a cache


async def test_a_widgets_lines_marked_changed_are_drawn_in_the_frame_they_are_included_in():
    from textual.geometry import Region

    app = Shows()
    async with app.run_test() as pilot:
        await pilot.pause()
        words = app.query_one("#words", Static)
        assert compat.repaints_quietly(words)
        words._Static__content = "quietly changed"  # (what an update sets, without its refresh)
        words._Static__visual = None
        compat.mark_lines_changed(words, [Region(0, 0, words.size.width, 1)])
        assert not words._repaint_required  # (nothing asked of Textual's messages)
        compat.include_in_frame(app.screen, [words])
        app.screen.refresh(Region(0, 0, 1, 1))  # (a frame, which now includes the widget's line)
        await pilot.pause()
        assert "quietly changed" in "\n".join(strip.text for strip in compat.rendered_strips(app.screen))
        words.refresh(layout=True)
        assert not compat.repaints_quietly(words)  # (waiting for a layout: Textual's way)


async def test_a_widget_frames_its_lines_through_the_cache_it_is_given():
    app = Shows()
    async with app.run_test() as pilot:
        await pilot.pause()
        words = app.query_one("#words", Static)
        framed: list[int] = []

        class Counting(compat.styles_cache_class()):  # type: ignore[misc]
            def render_line(self, styles, y, *rest):  # type: ignore[no-untyped-def]
                framed.append(y)
                return super().render_line(styles, y, *rest)

            def render_widget(self, widget, crop):  # type: ignore[no-untyped-def]
                return super().render_widget(widget, crop)

        compat.use_styles_cache(words, Counting())
        words.update("framed here")
        await pilot.pause()
        assert framed and "framed here" in "\n".join(strip.text for strip in compat.rendered_strips(app.screen))
