"""A game screen's log: every line since the deal, the newest few shown, the claims' times, a
costly move called out, and what a save keeps of it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar, overload

from rich.text import Text
from textual.screen import Screen

from cardarcade.rules.base import Event, Outcome
from cardarcade.seating import Reaction, is_fault, is_win
from cardarcade.ui.textual_compat import notifications, withdraw_notification
from cardarcade.ui.widgets.cards import ascii_suits
from cardarcade.ui.widgets.lines import LinePanel

COST_TITLE = "That cost you"  # the pop-up over a move that cost the person playing
_PLAIN = Text()  # what a line made from a str has beside its text


def _kept(line: Text) -> str | Text:
    """A line as the history keeps it: its str where it has no style (as most lines have)."""
    if (
        line.spans
        or line.style
        or (line.justify, line.overflow, line.no_wrap, line.end, line.tab_size)
        != (
            _PLAIN.justify,
            _PLAIN.overflow,
            _PLAIN.no_wrap,
            _PLAIN.end,
            _PLAIN.tab_size,
        )
    ):
        return line.copy()  # (its own: the history's lines do not change)
    return line.plain


def _shown(kept: str | Text) -> Text:
    """A kept line as a ``Text`` of the reader's own (to cut or restyle without touching the history)."""
    return Text(kept) if isinstance(kept, str) else kept.copy()


class LogHistory(Sequence[Text]):
    """Every line of a game's log since the deal, read as ``Text`` lines; a line without a style
    (most of them) is kept as its ``str``. A ``Text`` is four objects and some 350 bytes more
    than its words, and a long game's log runs to thousands of lines, kept by every session in
    a game on a server."""

    __slots__ = ("_lines",)

    def __init__(self, lines: Iterable[Text] = ()) -> None:
        self._lines: list[str | Text] = list(map(_kept, lines))

    def append(self, line: Text) -> None:
        self._lines.append(_kept(line))

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> Text: ...

    @overload
    def __getitem__(self, index: slice) -> list[Text]: ...

    def __getitem__(self, index: int | slice) -> Text | list[Text]:
        if isinstance(index, slice):
            return list(map(_shown, self._lines[index]))
        return _shown(self._lines[index])

    def __setitem__(self, index: slice, lines: Iterable[Text]) -> None:
        self._lines[index] = list(map(_kept, lines))

    def __iter__(self) -> Iterator[Text]:
        return map(_shown, self._lines)

    def plain(self) -> list[str]:
        """Every line's words, no ``Text`` made."""
        return [line if isinstance(line, str) else line.plain for line in self._lines]


class GameLog(Screen):
    """The log of a ``GameScreen`` (whose attributes these are)."""

    LOG_LINES: ClassVar[int] = 4  # the height of #log in arcade.tcss (a tall terminal's log grows)

    if TYPE_CHECKING:
        names: list[str]
        people: list[int]

    def __init__(self) -> None:
        super().__init__()
        # every line of the log since the deal (the log shows the last few)
        self.history = LogHistory()

    def words(self, event: Event) -> str:
        """An event as a sentence for this table: names filled in, suits as letters in ascii mode."""
        text = event.describe(self.names)
        return ascii_suits(text) if self.app.ascii_glyphs else text

    def add_log(self, text: str | Text) -> None:
        self.history.append(text if isinstance(text, Text) else Text(text))

    @property
    def log_lines(self) -> list[Text]:
        """The lines the log shows: the newest few of the history, a row each (a line that wrapped
        would push the newest out of the log's rows; the whole log, f2, keeps them in full)."""
        width = max(20, self.app.size.width - 2)
        lines = []
        for line in self.history[-self.log_rows() :]:  # (fresh lines: the history keeps its own)
            if line.cell_len > width:
                line.truncate(width, overflow="ellipsis")
            lines.append(line)
        return lines

    def log_rows(self) -> int:
        """The log's height: a tall terminal gives it more rows than ``LOG_LINES``."""
        if self._log_panel is None:  # (looked up once: the log is drawn after every move)
            found = self.query("#log")
            self._log_panel = found.first() if found else None
        return max(self.LOG_LINES, self._log_panel.size.height if self._log_panel is not None else 0)

    _log_panel: LinePanel | None = None

    def transcript(self) -> tuple[list[str], dict[int, int]]:
        """The log as plain lines and how much of it each person had seen, kept with a save."""
        return self.history.plain(), self.log_seen()

    def log_seen(self) -> dict[int, int]:
        """How many lines of the log each person had seen, where the table hides it from them
        between turns (a hot-seat cover); kept with the save."""
        return {}

    def call_out_cost(self, said: str) -> None:
        """A move that cost the one person here, said where it cannot be missed: a pop-up (the
        latest only; they came three deep). At a hot-seat keyboard nobody in particular is
        looking, and "you" would speak to whoever is: the log line names them (and so does a
        hand-over cover's list)."""
        if len(self.people) != 1:
            return
        for note in [n for n in notifications(self.app) if n.title == COST_TITLE]:
            withdraw_notification(self.app, note)
        self.app.notify(said, title=COST_TITLE, severity="warning", timeout=4)

    def reaction_note(self, batch: list[Reaction]) -> Text | None:
        """The log's line on claims just settled (None: none): every claimant's time, the
        winner's first."""
        ordered = sorted(batch, key=lambda r: (not is_win(r.outcome), r.seconds))
        parts = []
        for r in ordered:
            note = (
                " wins"
                if is_win(r.outcome)
                else " (wrong)"
                if is_fault(r.outcome)
                else " (late)"
                if r.outcome is Outcome.LATE
                else ""
            )
            parts.append(f"{self.names[r.seat]} {r.seconds * 1000:.0f} ms{note}")
        humans = [s for s in self.people if self.raced(s)]
        if humans and not any(r.seat in humans for r in batch) and any(is_win(r.outcome) for r in batch):
            # (said as of now: a press still on its way is settled next, and logged as late)
            parts.append("you had not pressed yet" if len(humans) == 1 else "no one at the keyboard had pressed yet")
        return Text("⏱ " + " · ".join(parts), style="italic")

    def raced(self, seat: int) -> bool:
        """Whether ``seat`` could have won the claim just settled (in most games anyone could)."""
        return True
