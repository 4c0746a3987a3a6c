"""The rules of a game in our own words, the keys at this table, the house rules in force and,
when a house-rule book is in force, its name, the group's rulings (notes) and its dated history."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from markdown_it import MarkdownIt
from rich.console import Console
from rich.style import Style
from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.containers import VerticalScroll
from textual.strip import Strip
from textual.widget import Widget

from collections.abc import Sequence

from cardarcade.rules.base import GameSpec, Options
from cardarcade.ui.keymaps import HALVES, Keys, key_label
from cardarcade.ui.screens._dialog import Dialog
from cardarcade.ui.screens._kept import KeptScreen, scroll_home
from cardarcade.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from cardarcade.store.books import Book

# Characters Markdown would read as formatting: a group's notes are shown as they typed them.
_MARKDOWN_SIGNS = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~&])")


def rules_markdown(spec: GameSpec, options: Options | None, keys: str = "") -> str:
    """The rules text, the ``keys`` section (``keys_markdown``) and the house rules: the active
    ones, or the defaults with their choices."""
    lines = [spec.rules.rstrip(), ""]
    if keys:
        lines += [keys.rstrip(), ""]
    lines += ["## House rules" + (" in force" if options is not None else " (defaults)"), ""]
    opts = options if options is not None else spec.Options()
    for line in opts.describe():
        lines.append(f"- {line}")
    return "\n".join(lines) + "\n"


def keys_markdown(keys: Keys, people: Sequence[str] = ()) -> str:
    """The "Keys" section for the people at this keyboard: one person's keys (none named: before
    a game, or a seat at a shared table), or each hot-seat player's half of the keyboard."""

    def entry(keys_: list[str], words: str) -> str:
        return "- " + " ".join(f"`{key_label(k)}`" for k in keys_) + f" {plain(words)}"

    lines = ["## Keys", ""]
    if len(people) > 1 and keys.hotseat:
        for half, person in zip(range(len(HALVES)), people):
            lines += [f"{plain(person)} ({HALVES[half]} half of the keyboard):", ""]
            lines += [entry(k, w) for k, w in keys.entries(half)]
            lines.append("")
        shared = keys.shared_entries()
        if shared:
            lines += ["Either of you:", ""] + [entry(k, w) for k, w in shared] + [""]
    else:
        if len(people) > 1:
            lines += ["The keyboard passes to whoever is to move.", ""]
        lines += [entry(k, w) for k, w in keys.entries()]
        lines.append("")
    lines += [plain(note) + "\n" for note in keys.notes]
    return "\n".join(lines)


def keys_before_play(spec: GameSpec, options: Options | None) -> str:
    """The keys section before a game (from the menu or the set-up): one person's keys."""
    from cardarcade.ui.games import screen_class

    return keys_markdown(screen_class(spec.id).table_keys(options if options is not None else spec.Options()))


def plain(text: str) -> str:
    """``text`` as Markdown that shows it as it is: line by line, a blank line between paragraphs."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(
        "\\\n".join(_MARKDOWN_SIGNS.sub(r"\\\1", line.strip()) for line in p.split("\n")) for p in paragraphs
    )


def book_markdown(name: str, book: Book | None) -> str:
    """The book in force: its name, the group's rulings and the dated history of its changes."""
    if book is None:
        return f"\n## House-rule book: {plain(name)}\n\nThis book is no longer kept here; the house rules above are in force.\n"
    lines = [
        "",
        f"## House-rule book: {plain(book.name)}",
        "",
        "The house rules above are this book's.",
        "",
        "### The group's rulings",
        "",
    ]
    lines.append(plain(book.notes) if book.notes.strip() else "None written yet.")
    lines += ["", "### History", ""]
    lines += [f"- {plain(entry)}" for entry in book.history]
    return "\n".join(lines) + "\n"


# ---- the page: the text drawn once per text, width and look, shared by every session in the process


@dataclass(frozen=True)
class _Block:
    """One paragraph or heading of the page, with what Textual's Markdown widget puts around it."""

    text: Text
    indent: int = 0  # cells to the left of the text (a list item's bullet and its list's)
    bullet: str = ""  # drawn in the indent on the block's first line
    margin_top: int = 0
    margin_bottom: int = 0
    heading: int = 0  # 1-3 for a heading


BULLETS = ("• ", "▪ ", "‣ ", "⭑ ", "◦ ")
PAGE_PADDING = 2  # cells each side of the text, as Textual's Markdown widget pads it
# The look of each part (a page component class, and the style name its spans carry).
PAGE_PARTS = ("h1", "h2", "h3", "bullet", "code")


@lru_cache(maxsize=64)
def _page_blocks(markdown: str) -> tuple[_Block, ...]:
    """``markdown`` read into blocks: parsed once per text in the process (the rules of one game
    are the same text for every table and session that opens them)."""
    tokens = MarkdownIt("gfm-like").parse(markdown)
    blocks: list[_Block] = []
    lists: list[int] = []  # the open lists' indents
    bullet = ""  # the bullet the next paragraph is drawn with (its list item's first)
    heading_level = 0
    for token in tokens:
        if token.type in ("bullet_list_open", "ordered_list_open"):
            lists.append(len(lists))
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            if not lists and blocks:
                blocks[-1] = _with_margin_bottom(blocks[-1], 1)
        elif token.type == "list_item_open":
            # An ordered list's number, else the bullet of this depth, as Textual's widget draws them.
            bullet = f"{token.info}{token.markup} " if token.info else BULLETS[(len(lists) - 1) % len(BULLETS)]
        elif token.type == "heading_open":
            heading_level = int(token.tag[1:])
        elif token.type == "heading_close":
            heading_level = 0
        elif token.type == "inline":
            text = _inline_text(token)
            if heading_level:
                style = f"rules-page--h{min(heading_level, 3)}"
                text.stylize(style)
                top, bottom = (1, 1) if heading_level >= 3 else (2, 1)
                blocks.append(_Block(text, margin_top=top, margin_bottom=bottom, heading=heading_level))
            elif lists:
                indent = 2 * len(lists)
                blocks.append(_Block(text, indent=indent, bullet=bullet))
                bullet = ""
            else:
                blocks.append(_Block(text, margin_bottom=1))
        elif token.type in ("fence", "code_block"):
            blocks.append(
                _Block(Text(token.content.rstrip("\n"), style="rules-page--code"), margin_top=1, margin_bottom=1)
            )
    return tuple(blocks)


def _with_margin_bottom(block: _Block, margin: int) -> _Block:
    return replace(block, margin_bottom=max(block.margin_bottom, margin))


def _inline_text(token) -> Text:
    """A paragraph's or heading's words, styled as Textual's Markdown styles them."""
    text = Text()
    open_styles: list[tuple[str, int]] = []
    for child in token.children or ():
        kind = child.type
        if kind == "text":
            text.append(re.sub(r"\s+", " ", child.content))
        elif kind == "hardbreak":
            text.append("\n")
        elif kind == "softbreak":
            text.append(" ")
        elif kind == "code_inline":
            text.append(child.content, style="rules-page--code")
        elif kind in ("em_open", "strong_open", "s_open"):
            open_styles.append(({"em_open": "italic", "strong_open": "bold", "s_open": "strike"}[kind], len(text)))
        elif kind in ("em_close", "strong_close", "s_close") and open_styles:
            style, start = open_styles.pop()
            text.stylize(style, start, len(text))
        elif kind == "image":
            text.append(child.attrs.get("alt", "") or "")
        elif kind not in ("link_open", "link_close"):
            text.append(child.content)
    return text


_CONSOLE = Console(width=200, color_system=None, force_terminal=False, legacy_windows=False)


@lru_cache(maxsize=32)
def page_strips(markdown: str, width: int, looks: tuple[tuple[str, Style], ...]) -> tuple[Strip, ...]:
    """The page's lines at ``width`` cells, each part drawn in its look (``looks``: a part's style
    name -> its style): laid out once per text, width and theme in the process."""
    looked = dict(looks)
    strips: list[Strip] = []
    pending_margin = 0
    text_width = max(width - 2 * PAGE_PADDING, 1)
    for number, block in enumerate(_page_blocks(markdown)):
        gap = block.margin_top if number == 0 else max(pending_margin, block.margin_top)
        strips.extend(Strip.blank(width) for _ in range(gap))
        inner = max(text_width - block.indent, 1)
        text = _resolved(block.text, looked)
        lines = text.wrap(_CONSOLE, inner, justify="center" if block.heading == 1 else "left")
        for index, line in enumerate(lines):
            left = " " * PAGE_PADDING
            if block.indent:
                mark = block.bullet if index == 0 else ""
                lead = " " * (block.indent - 2) + (mark or "  ")
                segments = [Segment(left), Segment(lead[: -len(mark)] if mark else lead)]
                if mark:
                    segments.append(Segment(mark, looked.get("rules-page--bullet")))
            else:
                segments = [Segment(left)]
            segments.extend(line.render(_CONSOLE, end=""))
            strips.append(Strip(segments).extend_cell_length(width))
        pending_margin = block.margin_bottom
    strips.extend(Strip.blank(width) for _ in range(pending_margin))
    return tuple(strips)


def _resolved(text: Text, looks: dict[str, Style]) -> Text:
    """``text`` with its parts' style names replaced by their styles."""
    resolved = text.copy()
    resolved.spans = [
        span._replace(style=looks.get(span.style, span.style)) if isinstance(span.style, str) else span
        for span in text.spans
    ]
    return resolved


class RulesPage(Widget):
    """The rules as one page of lines drawn from ``page_strips``, in a scrolling box (no widget per
    block: laying out Textual's Markdown took most of a second on every opening). Its height is
    known as the box is laid out, so the page is drawn whole, scrollbar and all, in one frame."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"rules-page--{part}" for part in PAGE_PARTS}
    DEFAULT_CSS = """
    RulesPage {
        height: auto;
        & > .rules-page--h1 { color: $markdown-h1-color; background: $markdown-h1-background; text-style: $markdown-h1-text-style; }
        & > .rules-page--h2 { color: $markdown-h2-color; background: $markdown-h2-background; text-style: $markdown-h2-text-style; }
        & > .rules-page--h3 { color: $markdown-h3-color; background: $markdown-h3-background; text-style: $markdown-h3-text-style; }
        & > .rules-page--bullet { color: $text-primary; }
        &:light > .rules-page--bullet { color: $text-secondary; }
        &:dark > .rules-page--code { background: $warning 10%; color: $text-warning 95%; }
        &:light > .rules-page--code { background: $error 5%; color: $text-error 95%; }
        &:ansi > .rules-page--code { background: ansi_default; }
    }
    """

    def __init__(self, markdown: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.source = markdown  # the page as Markdown (what it says; tests read it)

    def lines(self, width: int) -> tuple[Strip, ...]:
        """The page laid out at ``width`` cells in this theme's looks (from the process's cache)."""
        looks = tuple(
            (f"rules-page--{part}", self.get_component_rich_style(f"rules-page--{part}", partial=part != "code"))
            for part in PAGE_PARTS
        )
        return page_strips(self.source, width, looks)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self.lines(width)
        base = self.rich_style
        if y >= len(lines):
            return Strip.blank(width, base)
        return lines[y].apply_style(base).crop_extend(0, width, base)


class RulesScreen(Dialog[None], KeptScreen):
    """The rules page over the table (or the menu, the set-up); a game keeps it once shown
    (``open_kept``), and it opens again at the top."""

    AUTO_FOCUS = "#rules-box"
    BINDINGS = [
        Binding("escape", "dismiss", "Back"),
        Binding("q", "dismiss", "Back", show=False),
        Binding("f1", "dismiss", "Back", show=False),
        Binding("question_mark", "dismiss", "Back", show=False),
    ]

    def __init__(self, spec: GameSpec, options: Options | None, book: str | None = None, keys: str = "") -> None:
        """``keys``: the keys section for this table (``keys_markdown``)."""
        super().__init__()
        self.spec = spec
        self.options = options
        self.book = book
        self.keys = keys

    def compose(self) -> ComposeResult:
        text = rules_markdown(self.spec, self.options, self.keys)
        if self.book is not None:
            text += book_markdown(self.book, self._load_book(self.book))
        with VerticalScroll(id="rules-box"):
            yield RulesPage(text)
        yield KeyBar()

    def reopen(self) -> None:
        for box in self.query("#rules-box"):
            scroll_home(box)

    def _load_book(self, name: str) -> Book | None:
        from cardarcade.store.books import BookError

        try:
            return self.app.store.books.get(self.spec.id, name)
        except (BookError, OSError):
            return None

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
