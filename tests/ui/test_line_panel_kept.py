"""What a LinePanel keeps of the parts it draws (cardarcade.ui.widgets.lines): the parts every
session draws alike in the process's cache, a log's lines in a smaller cache of their own."""

from __future__ import annotations

import pytest
from rich.console import Group
from rich.text import Text
from textual.app import App, ComposeResult

from cardarcade.ui.widgets import lines
from cardarcade.ui.widgets.lines import LinePanel, Lines


class TwoPanels(App):
    def compose(self) -> ComposeResult:
        yield LinePanel(id="one")
        yield LinePanel(id="two")


@pytest.fixture
def parts_rendered(monkeypatch) -> list[str]:
    """The plain text of every part rendered afresh (not taken from a cache)."""
    rendered: list[str] = []
    render_part = LinePanel._render_part

    def counted(panel, visual, width, style):
        strips = render_part(panel, visual, width, style)
        rendered.append("".join(strip.text for strip in strips).rstrip())
        return strips

    monkeypatch.setattr(LinePanel, "_render_part", counted)
    return rendered


async def test_a_logs_lines_are_rendered_once_and_kept_apart_from_the_tables_parts(parts_rendered):
    app = TwoPanels()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one("#one", LinePanel)
        first, second, third = Text("log line one"), Text("log line two"), Text("log line three")
        log.update(Lines([first, second]))
        await pilot.pause()
        log.update(Lines([second, third]), layout=False)  # one line in, the oldest out
        await pilot.pause()
        assert parts_rendered == ["log line one", "log line two", "log line three"]
        # in a cache of their own: a log's lines do not push out the parts every table draws
        assert not [key for key in lines._drawn if "log line" in key[1][0]]
        assert len([key for key in lines._logged if "log line" in key[1][0]]) == 3
        # another session's log showing the same line: drawn from that cache, not afresh
        app.query_one("#two", LinePanel).update(Lines([third]))
        await pilot.pause()
        assert parts_rendered.count("log line three") == 1


async def test_the_logs_cache_keeps_the_most_recent_lines(parts_rendered, monkeypatch):
    monkeypatch.setattr(lines, "LOGGED_SIZE", 3)
    app = TwoPanels()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one("#one", LinePanel)
        for n in range(6):
            log.update(Lines([Text(f"kept line {n}")]), layout=False)
            await pilot.pause()
        assert len(lines._logged) <= 3
        log.update(Lines([Text("kept line 0")]), layout=False)  # (gone from the cache: rendered again)
        await pilot.pause()
        assert parts_rendered.count("kept line 0") == 2


async def test_parts_every_session_draws_are_shared(parts_rendered):
    app = TwoPanels()
    async with app.run_test(size=(40, 12)) as pilot:
        header, cards = Text("a seat panel's header"), Text("its row of cards")
        for panel in app.query(LinePanel):
            panel.update(Group(header, cards))
            await pilot.pause()
        assert parts_rendered.count("a seat panel's header") <= 1  # (none: already drawn earlier in the process)
        assert [key for key in lines._drawn if key[1][0] == "a seat panel's header"]
