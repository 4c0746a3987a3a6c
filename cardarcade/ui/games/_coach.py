"""A game screen's hint key: ``h`` asks the coach (``bots.coach``) for the person's move, worked
out where the bots' searches run (``table.coaching``), and shows its one line on the prompt when
it is ready; a turn game's screen also puts its hand cursor on the card advised. The person still
chooses. Asking sets the session's hinted flag: the game is then not rated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from cardarcade.bots.coach import Advice, has_decisions, nothing_to_advise
from cardarcade.rules.base import Action

if TYPE_CHECKING:
    from cardarcade.rules.base import Game, GameSpec
    from cardarcade.table.coaching import HintAsker
    from cardarcade.table.session import TableSurface
    from cardarcade.table.table import Table

HINT_WIDTH = 78  # the prompt line's room at 80 columns


class HintSide(Screen):
    """The hint key of a ``GameScreen`` (whose attributes these are)."""

    if TYPE_CHECKING:
        game: Game
        spec: GameSpec
        surface: TableSurface | None

        @property
        def table(self) -> Table | None: ...

        def say(self, text: str) -> None: ...

        def describe_action(self, action: Action) -> str: ...

    _hints: HintAsker | None = None
    _asked_before = False  # the first hint of a game says what it costs

    def hint_seat(self) -> int | None:
        """The person a hint would be for now (None: nobody here is to choose)."""
        return None

    def point_at(self, action: Action) -> None:
        """Show the advised move where the screen can (a turn game: the hand cursor on its card)."""

    def action_hint(self) -> None:
        if not has_decisions(self.spec):
            self.say(nothing_to_advise(self.spec.title, self.spec.realtime))
            return
        surface, table = self.surface, self.table
        if surface is None or table is None:
            return
        if not surface.hints_allowed:
            self.say("Hints are off at this table: its creator did not allow them.")
            return
        seat = self.hint_seat()
        if seat is None or self.game.is_over:
            self.say("h hint: not your move just now.")
            return
        if self._hints is None:
            from cardarcade.table.coaching import HintAsker

            self._hints = HintAsker(self.game, table.thinker, self.game.players, table.clock)
        if not self._hints.ask(seat, self._hinted):
            self.say("Still working out a hint…")
            return
        first = not self._asked_before
        self._asked_before = True
        surface.note_hint(seat)
        self.say(f"Asking the {self._hints.level} bot…" + (" (a game with a hint is not rated)" if first else ""))

    def _hinted(self, answer: Advice | BaseException) -> None:
        if not self.is_mounted:
            return
        if isinstance(answer, BaseException):
            self.say(f"No hint this time: {answer}")
            return
        if answer.action is not None:
            self.point_at(answer.action)  # (first: a game's cursor may word the prompt afresh)
        self.say(answer.line(self.describe_action, HINT_WIDTH))
