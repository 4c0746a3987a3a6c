"""The rules page: laid out once per text, width and theme in a process, and reading line for line
as Textual's Markdown widget laid the same text out."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Markdown

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games import screen_class
from cardarcade.ui.screens.rules import (
    RulesPage,
    RulesScreen,
    _page_blocks,
    book_markdown,
    keys_markdown,
    page_strips,
    rules_markdown,
)
from cardarcade.store.books import Book

from ui_helpers import screen_text

WIDTH = 72  # the rules box's text width at any terminal size (76 less its border and scrollbar)


def hot_seat_rules(game_id: str) -> str:
    spec = GAMES[game_id]
    keys = screen_class(game_id).table_keys(spec.Options())
    return rules_markdown(spec, spec.Options(), keys_markdown(keys, ["Ann [b]x[/b]", "Bob"]))


def a_book() -> str:
    book = Book(
        game_id="war",
        name="Friday *night* [red]x[/]",
        options=GAMES["war"].Options(),
        notes="Two hands on a jack: the lower **wins**.\n\n# not a heading\n- nor a list\n`a key`, [link](x)",
        history=("2026-01-01 made", "changed *this*"),
    )
    return rules_markdown(GAMES["war"], None) + book_markdown(book.name, book)


class MarkdownApp(App):
    CSS = f"Markdown {{ width: {WIDTH}; height: auto; }} Screen {{ overflow-y: auto; }}"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Markdown(self.text)


async def markdown_lines(text: str) -> list[str]:
    app = MarkdownApp(text)
    async with app.run_test(size=(WIDTH, 300)) as pilot:
        await pilot.pause()
        height = app.query_one(Markdown).size.height
        return [line.rstrip() for line in screen_text(app).split("\n")[:height]]


async def test_the_page_reads_line_for_line_as_textuals_markdown_laid_it_out():
    for text in (hot_seat_rules("schnapsen"), hot_seat_rules("slapjack"), a_book()):
        page = ["".join(segment.text for segment in strip).rstrip() for strip in page_strips(text, WIDTH, ())]
        assert page == await markdown_lines(text)


async def test_a_games_rules_are_parsed_and_laid_out_once_however_often_they_are_opened(app_factory):
    _page_blocks.cache_clear()
    page_strips.cache_clear()
    app = app_factory(GameSetup.solo(GAMES["bura"], 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert "Bura" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, RulesScreen)
    assert _page_blocks.cache_info().misses == 1
    assert page_strips.cache_info().misses <= 2  # (the width without a scrollbar, then beside it)
    assert page_strips.cache_info().hits >= 2


async def test_the_page_scrolls_to_its_end_by_keys_and_shows_the_house_rules(app_factory):
    app = app_factory(GameSetup.solo(GAMES["schnapsen"], 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        box = app.screen.query_one("#rules-box")
        assert app.focused is box and isinstance(box.children[0], RulesPage)
        assert "House rules in force" not in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y > 0
        assert "House rules in force" in screen_text(app)
