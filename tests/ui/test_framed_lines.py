"""A table's panels hand the compositor their lines framed (border, padding, background) from a
cache, exactly as Textual frames them, and their changed lines join one frame without a message
each (ui/widgets/lines.py ``_FramedLines``, ui/covered.py ``join_next_frame``)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import Static

from cardarcade.cards import cards
from cardarcade.themes import load_themes
from cardarcade.ui.app import install_process_fixes
from cardarcade.ui.textual_compat import styles_cache_class
from cardarcade.ui.widgets.cards import Slot, render_row
from cardarcade.ui.widgets.lines import LinePanel, Lines
from test_frames import SIZE, on_terminal, same_as_whole

PANELS = """
#seat { border: round $accent; padding: 0 1; height: 9; }
#log { padding: 0 1; height: 4; background: $panel; }
#centre { content-align: center middle; padding: 0 2; height: 4; }
#faded { border: round $accent; opacity: 0.5; tint: red 20%; height: 5; }
#hatched { hatch: cross $accent; text-opacity: 0.7; height: 4; }
"""
IDS = ("seat", "log", "centre", "faded", "hatched")


class Panels(App):
    CSS = PANELS

    def compose(self) -> ComposeResult:
        for widget_id in IDS:
            yield LinePanel(id=widget_id)


def seat(up: str, count: int) -> Group:
    palette = load_themes()[0]["felt"].palette
    header = Text.assemble(("▶ You", "bold reverse"), f"  {count} cards")
    return Group(header, render_row([Slot(back=True), *map(Slot, cards(up))], palette, ascii_only=False))


def contents(turn: int) -> list:
    """What each panel shows at a turn: the same few card rows and log lines come back."""
    up = ("Ks", "2d", "Ks", "9h")[turn % 4]
    log = Lines([Text(f"Bot turns up {card}") for card in ("4h 6h 9c Ks 2d".split()[turn % 3 :][:3])])
    centre = Group(
        Text("Turn your cards!", style="bold", justify="center"), Text(f"Round {turn % 3}", justify="center")
    )
    return [seat(up, 26 + turn % 2), log, centre, seat(up, 20), Group(Text(f"hatched {turn % 2}"))]


def textuals_lines(panel: LinePanel) -> list[list]:
    """The panel's lines as Textual frames them, afresh (its own StylesCache, nothing kept)."""
    region = Region(0, 0, *panel.outer_size)
    return [list(strip) for strip in styles_cache_class()().render_widget(panel, region)]


def panel_lines(panel: LinePanel) -> list[list]:
    return [list(strip) for strip in panel.render_lines(Region(0, 0, *panel.outer_size))]


async def test_framed_lines_are_textuals_own_through_turns_a_theme_and_a_resize(monkeypatch):
    framed = []
    cache_class = styles_cache_class()
    textual_render_line = cache_class.render_line

    def counted(self, *args):
        framed.append(type(self).__name__)
        return textual_render_line(self, *args)

    monkeypatch.setattr(cache_class, "render_line", counted)
    app = Panels()
    async with app.run_test(size=(60, 40)) as pilot:
        panels = [app.query_one(f"#{widget_id}", LinePanel) for widget_id in IDS]
        for step in range(12):
            if step == 6:
                app.theme = "textual-light" if app.theme != "textual-light" else "nord"  # every background changes
            if step == 9:
                await pilot.resize_terminal(44, 40)  # every width
            for panel, content in zip(panels, contents(step)):
                panel.update(content, layout=False)
            await pilot.pause()
            for panel in panels:
                framed.clear()
                mine = panel_lines(panel)
                assert mine == textuals_lines(panel), (panel.id, step)
        # Framed once, a content line is found again, not framed by Textual again.
        seat_panel = panels[0]
        for _ in range(2):
            seat_panel._styles_cache.clear()  # (Textual's own kept lines let go: each line framed again, or found)
            framed.clear()
            assert panel_lines(seat_panel) == textuals_lines(seat_panel)
        # 9 lines: the border's two and the blank line under the 6 of content framed by Textual, the 6 found
        assert framed.count("_FramedLines") == 3
        assert framed.count("StylesCache") == 9  # (Textual's own framing, to compare)


async def test_a_faded_or_hatched_panel_is_framed_by_textual_each_time(monkeypatch):
    app = Panels()
    async with app.run_test(size=(60, 40)) as pilot:
        faded = app.query_one("#faded", LinePanel)
        hatched = app.query_one("#hatched", LinePanel)
        for step in range(3):
            for panel, content in ((faded, contents(0)[3]), (hatched, contents(step)[4])):
                panel.update(content, layout=False)
            await pilot.pause()
            for panel in (faded, hatched):
                panel._styles_cache.clear()
                assert panel_lines(panel) == textuals_lines(panel)


class Board(Screen):
    """A Static and three panels, all changed by one key."""

    CSS = "LinePanel { height: 4; border: round $accent; }"

    turn = 0

    def compose(self) -> ComposeResult:
        yield Static("turn 0", id="title")
        for n in range(3):
            yield LinePanel(Lines([Text(f"panel {n} line {i}") for i in range(2)]), id=f"p{n}")

    def on_key(self) -> None:
        self.turn += 1
        self.query_one("#title", Static).update(f"turn {self.turn}")  # (refreshed Textual's way)
        self.change_panels()

    def change_panels(self) -> None:
        for n in range(3):
            lines = [Text(f"panel {n} line {i} at turn {self.turn}") for i in range(2)]
            self.query_one(f"#p{n}", LinePanel).update(Lines(lines), layout=False)


class Opaque(Screen):
    def compose(self) -> ComposeResult:
        yield Static("over the board")


class BoardApp(App):
    def on_mount(self) -> None:
        self.push_screen(Board())


async def test_panels_changed_with_another_widget_are_drawn_in_one_frame_with_fewer_messages(monkeypatch):
    install_process_fixes()  # (as every arcade app does)
    updates = []
    dispatch = MessagePump._dispatch_message

    async def counting(self, message):
        if type(message).__name__ == "Update":
            updates.append(message)
        return await dispatch(self, message)

    monkeypatch.setattr(MessagePump, "_dispatch_message", counting)
    app = BoardApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        terminal = on_terminal(app)
        app.screen.refresh()
        await same_as_whole(pilot, terminal)
        for _ in range(5):
            frames = terminal.frames
            updates.clear()
            await pilot.press("x")
            await same_as_whole(pilot, terminal)
            assert terminal.frames - frames == 1
            assert len(updates) <= 2  # (the title's and the first panel's; Textual's way: four)


async def test_panels_changed_under_an_opaque_screen_show_when_it_goes():
    install_process_fixes()
    app = BoardApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        terminal = on_terminal(app)
        app.screen.refresh()
        board = app.screen
        assert isinstance(board, Board)
        await pilot.press("x")
        await same_as_whole(pilot, terminal)
        app.push_screen(Opaque())
        await pilot.pause()
        for _ in range(3):
            board.turn += 1
            board.change_panels()
            await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        await same_as_whole(pilot, terminal)
        assert "turn 4" in "".join(c[0] for c in terminal.cells()[2])
