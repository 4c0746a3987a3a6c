"""A game screen's prompt line: what to do now, the count-in before play, a passing message
that holds the line a moment, and the offer to let the bots finish fast."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rich.text import Text
from textual.screen import Screen
from textual.timer import Timer

from cardarcade.table.session import BEAT_SLACK
from cardarcade.ui.widgets.cards import ascii_suits

if TYPE_CHECKING:
    from cardarcade.rules.base import Game, GameSpec
    from cardarcade.table.session import TableSurface
    from cardarcade.table.table import Table
    from cardarcade.ui.keymaps import Keymap

FAST_PACE = 0.003  # seconds a bot takes per move once the people are out and ask the bots to finish (a long
# reaction game runs to a thousand cards and more: "fast" is then a few seconds, not a minute)
# A passing message (a key refused, and why) holds the prompt line this long against the others'
# moves: in a game with no turns a bot's card can land a few ms after the key, and its redraw
# would wipe the answer before it could be read. The person's own next move ends it sooner. Past
# the hold it stays until something changes: where nothing moves it is there to read at leisure.
SAID_HOLD = 1.5


class PromptLine(Screen):
    """The prompt line of a ``GameScreen`` (whose attributes these are)."""

    if TYPE_CHECKING:
        game: Game
        spec: GameSpec
        names: list[str]
        people: list[int]
        keymap: Keymap
        resumed: bool
        surface: TableSurface | None

        @property
        def table(self) -> Table | None: ...

        def show(self, widget_id: str, renderable: object, *, answer: bool = False) -> None: ...

        def refresh_all(self) -> None: ...

        def _taken_down(self) -> bool: ...

    def __init__(self) -> None:
        super().__init__()
        self._counting = True  # play has not begun, as far as this screen has shown
        self._beaten = False  # a beat of the count-in was shown (play then begins with GO!)
        self._said: Timer | None = None  # a passing message holds the prompt line until this fires
        self._said_stale = False  # the table moved while the message held: its prompt is due at the end

    def prompt(self) -> str:
        """One line telling the viewer what to do now; in hot-seat, each player's keys."""
        if self.game.is_over:
            return "Game over."
        humans = self.people
        if len(humans) > 1:
            return "   ".join(f"{self.names[s]}: {self.keymap.describe(s)}" for s in humans)
        return self.turn_prompt()

    def turn_prompt(self) -> str:
        """The prompt for a solo player (or a spectator of bots)."""
        return ""

    def count_in(self) -> int:
        """Seconds of "Get ready" before play: a reaction game's countdown; always one when a saved
        game goes on (nobody is caught cold by a card turned at once); none for a new game whose
        first move is the table's own counted move, whose "3, 2, 1" is count enough."""
        if not self.spec.realtime:
            return 0
        if self.resumed:
            return self.app.settings.countdown or self.app.settings.resume_countdown
        if self.game.counted_move() is not None:
            return 0
        return self.app.settings.countdown

    def _tick(self) -> None:
        """The count-in as it stands (the table tells each second): its beat, or "GO!" once play is on."""
        table = self.table
        if not self._counting or table is None or self.surface is None:
            return
        if not table.started:
            if self._said is None:  # (a key answered in the count is read first: the next beat shows)
                beat = max(1, math.ceil(self.surface.starts_in() - BEAT_SLACK))
                self.show("prompt", Text(f"Get ready… {beat}", style="bold"))
            self._beaten = True
            return
        self._counting = False
        self._start_play()
        if not self._beaten:
            self.refresh_all()
            return
        self._end_said()  # ("wait for GO" is answered: running out later, it would take GO! down)
        self.show("prompt", Text.assemble(("GO! ", "bold reverse"), " ", self.prompt_line()))

    def _start_play(self) -> None:
        """Play has begun: what a game says or shows then."""

    def prompt_line(self) -> str:
        """The prompt, and once every person here is out, how to let the bots finish fast."""
        if not self.people_out():
            return self.prompt()
        # Nobody here has a move left, so their keys are not worth the room.
        who = "You are out" if len(self.people) == 1 else "Everyone at this keyboard is out"
        if self.table is not None and self.table.pace > FAST_PACE:
            return f"{who} — > lets the bots finish fast"
        return f"{who}; the bots are finishing fast"

    def people_out(self) -> bool:
        """Whether every person at this table is out of the game while bots play on."""
        humans = self.people
        return bool(humans) and not self.game.is_over and all(self.sitting_out(s) for s in humans)

    def sitting_out(self, seat: int) -> bool:
        """Whether a person has no move of their own left, so may let the bots finish fast (a
        game where one out may still win their way back in says so here)."""
        return self.game.is_out(seat)

    def action_fast_forward(self) -> None:
        if self.surface is not None and self.people_out():
            self.surface.hurry(FAST_PACE)
            self.show("prompt", Text(self.prompt_line()), answer=True)

    def say(self, text: str) -> None:
        """A passing message on the prompt line (until the next refresh), in the player's glyphs."""
        if self.app.ascii_glyphs:
            text = ascii_suits(text)
        self.show("prompt", Text(text, style="italic"), answer=True)
        self._end_said()
        self._said_stale = False
        self._said = self.set_timer(SAID_HOLD, self._said_over)

    def _end_said(self) -> None:
        if self._said is not None:
            self._said.stop()
            self._said = None

    def _said_over(self) -> None:
        self._said = None
        # at a hot-seat keyboard the prompt is the players' key line: it comes back even if nothing moved
        due = self._said_stale or len(self.people) > 1
        if due and not self._taken_down() and self.table is not None and self.table.started:
            self.show("prompt", Text(self.prompt_line()))
