"""A game's log keeps its lines compactly (a line without style as its words) and gives every
line back as it was logged: the log's rows, the whole log (f2), a save's transcript."""

from __future__ import annotations

import sys

from rich.text import Text

from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.games._log import LogHistory
from cardarcade.ui.games.war import WarScreen
from cardarcade.ui.screens.pause import HistoryScreen
from ui_helpers import wait_for


def test_every_line_comes_back_as_logged_styled_or_not():
    logged = [
        Text("You turn up 4♥"),
        Text("The game carries on from where it was saved.", style="italic"),
        Text.assemble(("War!", "bold red"), " three cards down each"),
        Text("[bold]not markup[/]"),
        Text("x" * 200),
    ]
    history = LogHistory()
    for line in logged:
        history.append(line)
    assert list(history) == logged
    assert [line.style for line in history] == [line.style for line in logged]
    assert history[1:3] == logged[1:3] and history[-1] == logged[-1]
    assert history.plain() == [line.plain for line in logged]
    history[0].stylize("bold")  # (a line read and changed is not the line kept)
    assert history[0] == logged[0]
    history[:] = [Text("a"), Text("b")]
    assert [line.plain for line in history] == ["a", "b"]


def test_a_plain_line_costs_its_words_not_a_text():
    lines = [Text(f"Bot {n} turns up 7♣ and takes 2 cards") for n in range(1000)]
    history = LogHistory(lines)
    kept = sum(sys.getsizeof(line) for line in history._lines) + sys.getsizeof(history._lines)
    as_texts = sum(
        sys.getsizeof(line)
        + sys.getsizeof(line._text)
        + sum(map(sys.getsizeof, line._text))
        + sys.getsizeof(line.spans)
        for line in lines
    )
    assert kept < as_texts / 2


async def test_the_whole_log_and_the_save_show_every_line_of_a_war():
    app = ArcadeApp(settings=UISettings(pace=1000.0, countdown=0, hard_bot_seconds=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "f5")
        await wait_for(pilot, lambda: isinstance(app.screen, WarScreen))
        screen = app.screen
        for _ in range(6):
            await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.history) >= 6)
        logged = [line.plain for line in screen.history]
        assert screen.transcript()[0] == logged
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert [line.plain for line in app.screen.lines] == logged
