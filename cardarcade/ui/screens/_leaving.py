"""A game screen's ways out: the menu, the rules and the log over the table, leaving, and the
hand-over to the result once the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from cardarcade.rules.base import Game, GameSpec
    from cardarcade.table.session import TableSurface
    from cardarcade.table.setup import GameSetup
    from cardarcade.table.table import Table


class GameMenus(Screen):
    """The menus and the leaving of a ``GameScreen`` (whose attributes these are)."""

    setup: GameSetup
    spec: GameSpec
    game: Game
    history: list[Text]
    names: list[str]
    people: list[int]
    viewer: int | None
    surface: TableSurface | None
    _result_waiting: bool

    if TYPE_CHECKING:
        @property
        def shared(self) -> bool: ...

        @property
        def table(self) -> Table | None: ...

        def game_title(self) -> str: ...

        def render_final(self) -> RenderableType | None: ...

    def action_pause(self) -> None:
        from cardarcade.ui.screens.pause import PauseScreen

        self.app.push_screen(PauseScreen(self.setup, self.history, shared=self.shared), self._after_pause)

    def _after_pause(self, choice: str | None) -> None:
        if choice == "restart":
            self.discard()
            self.replace_with(type(self)(self.setup.redeal()))  # type: ignore[call-arg]
        elif choice == "leave":
            self.save_and_leave()
        elif choice == "give_up":
            self.discard()
            self.app.leave_game()

    def discard(self) -> None:
        """Nothing of this game is to be kept: it was given up, or dealt again."""
        if self.surface is not None:
            self.surface.discard()

    def save_and_leave(self) -> None:
        """Back to the menu with the game saved, saying so (or why it could not be)."""
        if self.surface is not None and not self.game.is_over:
            self.surface.save_for_later()
        self.app.leave_game()

    def action_rules(self) -> None:
        from cardarcade.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.spec, self.setup.options, book=self.setup.book))

    def action_history(self) -> None:
        from cardarcade.ui.screens.pause import HistoryScreen

        self.app.push_screen(HistoryScreen(self.game_title(), self.history))

    def action_leave(self) -> None:
        from cardarcade.ui.screens.pause import ConfirmScreen

        if self.game.is_over:
            self.app.leave_game()
            return
        if self.shared:
            question = ("Stop watching?" if self.viewer is None else
                        "Leave the table? A bot plays your seat, kept for you for a few minutes: "
                        "sit down again from the lobby.")
            self.app.push_screen(ConfirmScreen(question), lambda yes: self.app.leave_game() if yes else None)
            return
        self.app.push_screen(ConfirmScreen("Leave this game? It is saved: c on the menu continues it."),
                             lambda yes: self.save_and_leave() if yes else None)

    def _show_result(self, _: object = None) -> None:
        """The result takes this screen's place, closing the turn's own prompts over it. A screen
        the player opened (the menu, the rules, the log) stays: the result waits until it closes."""
        from cardarcade.ui.screens.result import ResultScreen

        stack = self.app.screen_stack
        if self not in stack:
            return  # the player left or restarted first
        if any(not getattr(s, "CLOSES_WITH_THE_GAME", False) for s in stack[stack.index(self) + 1:]):
            if not self._result_waiting:
                self._result_waiting = True
                self.app.screen_change_signal.subscribe(self, self._show_result)
            return
        if self._result_waiting:
            self.app.screen_change_signal.unsubscribe(self)
        tuning = self.table.adaptive_summary() if self.table is not None else None
        reactions = {self.names[seat]: self.app.session_reactions(self.spec.id, self.names[seat]) for seat in self.people}
        self.replace_with(ResultScreen(self.setup, self.game, reactions, self.render_final(), tuning,
                                       again=not self.shared, people=self.people))

    def replace_with(self, screen: Screen) -> None:
        """Put ``screen`` in this one's place, closing whatever is open on top of it (a hot-seat
        cover, a dialog) without acting on it. Nothing, if this screen has gone already."""
        stack = self.app.screen_stack
        if self not in stack:
            return
        for _ in stack[stack.index(self) + 1:]:
            self.app.pop_screen()
        self.app.switch_screen(screen)
