"""The table's panels draw their parts the cheap way and still exactly as Textual would."""

from __future__ import annotations

import pytest
from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult

from cardarcade.cards import cards
from cardarcade.themes import load_themes
from cardarcade.ui.widgets.cards import Slot, render_row
from cardarcade.ui.widgets.lines import LinePanel

GREEN = Style(color="#f2efe4", bgcolor="#0b5d1e")


def samples() -> list[Text]:
    """Texts a table draws, and the awkward ones: centred, wrapped, cut short, blank lines, tabs."""
    styled = Text.assemble(("▶ You", "bold reverse"), "  ", ("26 cards", "dim"), " ", ("SLAP!", "bold blink"))
    ellipsis = Text("A name far too long for any narrow panel at all", no_wrap=True, overflow="ellipsis")
    row = render_row([Slot(back=True), *map(Slot, cards("Ks 2d"))], load_themes()[0]["felt"].palette, ascii_only=False)
    return [
        Text("Turn your cards!", style="bold", justify="center"),
        Text("Round 41", style="dim", justify="center"),
        Text("right", justify="right"),
        Text("plain"),
        Text("\n"),
        styled,
        ellipsis,
        Text("words that wrap over several lines of a narrow panel, " * 2, style="italic"),
        Text("full justified text over more than one line of a panel, " * 2, justify="full"),
        Text("a\ttab and\ttwo"),
        Text("ends with a newline\n", style=GREEN),
        Text("  trailing and leading  ", justify="center"),
        row,
        row.copy().append("\n"),
    ]


class PanelApp(App):
    def compose(self) -> ComposeResult:
        yield LinePanel(id="panel")


@pytest.mark.parametrize("width", [8, 34, 76])
async def test_a_text_in_a_group_is_drawn_as_textual_draws_it(width):
    app = PanelApp()
    async with app.run_test(size=(80, 24)):
        panel = app.query_one(LinePanel)
        style = panel.visual_style
        for text in samples():
            quick = panel._render_text_in_group(text, width, style)
            textuals = panel._render_part(panel._visual_of(text, True), width, style)
            assert quick is not None, text.plain
            assert [list(strip) for strip in quick] == [list(strip) for strip in textuals], (text.plain, width)


async def test_a_text_with_a_link_is_left_to_textual():
    app = PanelApp()
    async with app.run_test(size=(80, 24)):
        panel = app.query_one(LinePanel)
        linked = Text.assemble("see ", ("the rules", Style(link="https://example.org")))
        assert panel._render_text_in_group(linked, 40, panel.visual_style) is None
        assert panel._render_text_in_group(Text(""), 40, panel.visual_style) is None
        panel.update(Group(linked, Text("after")))
        await app.workers.wait_for_complete()
        assert "the rules" in str(panel.render_line(0).text)
