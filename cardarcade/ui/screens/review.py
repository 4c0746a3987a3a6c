"""The review after a game: the three moves where the person's choice and the strong bot's
differed most, by the bot's own figures, each opening the replay at that move.

The moves are judged one at a time where the bots' searches run (``table.coaching.Review``), so
the screen says how far it has got as it goes, and stops after a bounded time (the moves not
reached are said to be)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardarcade.bots.coach import Miss
from cardarcade.replay import Replay
from cardarcade.rules.base import Action
from cardarcade.table.coaching import Review
from cardarcade.table.thinking import Thinker
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.widgets.keybar import KeyBar


def miss_text(miss: Miss, level: str, describe: Callable[[Action], str], many: bool, names: Sequence[str]) -> Text:
    """Two lines: the move, who chose what; the bot's reason (and the cost it sees)."""
    who = f"{names[miss.seat]}: " if many else "You: "
    yours = f"; yours {miss.yours}" if miss.yours is not None else ""
    return Text.assemble(
        (f"Move {miss.at + 1}  ", "bold"),
        who,
        describe(miss.played),
        "\n",
        (f"  {level.capitalize()} bot: {describe(miss.advised)} — {miss.why}{yours}", "dim"),
    )


class ReviewScreen(Screen):
    """The review of ``replay`` for the people in ``seats``, worked out through ``thinker``;
    ``describe`` words a move as the game's screen does."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("enter", "open", "Open the replay there"),
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]
    DEFAULT_CSS = """
    ReviewScreen #review-title { height: auto; padding: 0 1; }
    ReviewScreen #review-status { height: auto; padding: 0 1; }
    ReviewScreen #misses { height: 1fr; }
    """
    AUTO_FOCUS = "#misses"

    def __init__(
        self, replay: Replay, seats: Sequence[int], thinker: Thinker, describe: Callable[[Action], str]
    ) -> None:
        super().__init__()
        self.replay, self.seats, self.describe = replay, list(seats), describe
        self.review = Review(replay, seats, thinker, self._progress, self._finished)
        self.misses: list[Miss] = []
        self.done = False

    def compose(self) -> ComposeResult:
        title = Text.assemble((f" Review: {self.replay.title} ", "bold reverse"))
        title.append(f"\nYour moves beside the {self.review.level} bot's: where you differed most, by its own figures.")
        yield Static(title, id="review-title")
        yield Static(Text("Looking at your moves…", style="italic"), id="review-status")
        yield OptionList(id="misses")
        yield KeyBar()

    def on_mount(self) -> None:
        self.review.start()

    def on_unmount(self) -> None:
        self.review.stop()

    def _status(self, text: str) -> None:
        if self.is_mounted:
            self.query_one("#review-status", Static).update(Text(text, style="italic"))

    def _progress(self, done: int, total: int) -> None:
        self._status(f"Looking at your moves with the {self.review.level} bot… {done} of {total}")

    def _finished(self, misses: list[Miss], judged: int, total: int) -> None:
        self.misses, self.done = misses, True
        if not self.is_mounted:
            return
        left = f" ({total - judged} not reached in the time allowed)" if judged < total else ""
        if not misses:
            self._status(f"The {self.review.level} bot would have made each of your {judged} moves the same way{left}.")
            return
        self._status(
            f"{len(misses)} of your {judged} moves differed from the bot's{left} · enter opens the replay there"
        )
        many = len(self.seats) > 1
        names = self.replay.setup.names
        options = self.query_one("#misses", OptionList)
        options.add_options(
            [Option(miss_text(m, self.review.level, self.describe, many, names), id=str(m.at)) for m in misses]
        )
        options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    @only_on_top
    def action_open(self) -> None:
        from cardarcade.ui.screens.replay import ReplayScreen

        index = self.query_one("#misses", OptionList).highlighted
        if index is None or index >= len(self.misses):
            return
        # At the moment of the choice: the move itself is the next step (→).
        self.app.push_screen(ReplayScreen(self.replay, at_move=self.misses[index].at))

    @only_on_top
    def action_back(self) -> None:
        self.app.pop_screen()
