"""A game screen's side of its session: the table it plays at (``open_surface``), pauses, the
menu, the rules and the log over the table, leaving (however it happens), and the hand-over to
the result once the game is over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from textual.screen import Screen

from cardarcade.table.session import LocalSession, TableSurface
from cardarcade.table.shared import SharedSeat
from cardarcade.table.thinking import live_thinker
from cardarcade.ui.records import StoreRecords

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cardarcade.ui.games._log import LogHistory

    from cardarcade.rules.base import Action, Game, GameSpec
    from cardarcade.store.saves import SavedGame
    from cardarcade.seating import GameSetup
    from cardarcade.table.shared import SharedTable
    from cardarcade.table.table import Table
    from cardarcade.ui.keymaps import Keys


class SessionSide(Screen):
    """The session side of a ``GameScreen`` (whose attributes these are)."""

    # A long stay: screens wholly under a table let go of their drawn lines (``ArcadeApp``).
    is_table = True

    setup: GameSetup
    spec: GameSpec
    game: Game
    history: LogHistory
    names: list[str]
    people: list[int]
    keys: Keys
    viewer: int | None
    surface: TableSurface | None
    shared_table: SharedTable | None
    saved: SavedGame | None
    _result_waiting: bool

    if TYPE_CHECKING:

        @property
        def shared(self) -> bool: ...

        @property
        def table(self) -> Table | None: ...

        def game_title(self) -> str: ...

        def render_final(self) -> RenderableType | None: ...

        def describe_action(self, action: Action) -> str: ...

        def transcript(self) -> tuple[list[str], dict[int, int]]: ...

    def open_surface(self) -> TableSurface:
        """The table this screen plays at: its seat at the shared table, or a session of its own."""
        records = StoreRecords(self.app)
        if self.shared_table is not None:
            return SharedSeat(
                self.shared_table, self.viewer, self.call_later, records, self._profiles(), holder=self.app.seat_holder
            )
        if len(self.people) == 1 and self.setup.seats[self.people[0]].profile is None:
            # One person with no profile named (``play`` from the command line) plays as this
            # terminal's player: their save says so, and is credited so when it is carried on.
            seat = self.people[0]
            seats = list(self.setup.seats)
            seats[seat] = replace(seats[seat], profile=self.app.player)
            self.setup = replace(self.setup, seats=tuple(seats))
        settings, saved = self.app.settings, self.saved
        return LocalSession(
            self.setup,
            self.game,
            self.app.table_clock(),
            records,
            people=self.people,
            profiles=self._profiles(),
            transcript=self.transcript,
            pace=settings.pace,
            autosave_delay=settings.autosave_delay,
            medians=self.app.memory.adaptive_medians,
            thinker=live_thinker(settings.hard_bot_seconds),
            think_seconds=settings.hard_bot_seconds,
            save_id=saved.save_id if saved else None,
            elapsed=saved.elapsed if saved else 0.0,
            log=saved.log if saved else (),
            moves=saved.moves if saved else (),
            hinted=saved.hinted if saved else False,
        )

    def _profiles(self) -> dict[int, str]:
        return {s: p for s in self.people if (p := self.profile_of(s)) is not None}

    def profile_of(self, seat: int) -> str | None:
        """The profile a person's seat plays as: the one chosen for it, else this terminal's
        player when one person plays; None for a bot or an unnamed hot-seat player."""
        info = self.setup.seats[seat]
        if info.is_bot:
            return None
        if info.profile is not None:
            return info.profile
        return self.app.player if len(self.people) == 1 else None

    def on_screen_suspend(self) -> None:
        if self.surface is not None:
            self.surface.pause()  # (a shared table plays on for the others)

    def on_screen_resume(self) -> None:
        if self.surface is not None:
            self.surface.resume()

    def on_unmount(self) -> None:
        # However the game is left (the menu, q, the terminal closing, SIGTERM), it is saved; a
        # shared table's seat is kept for its player and a bot plays it meanwhile.
        if self.surface is not None:
            self.surface.leave(lost=self.app.is_ending)
        self._let_kept_dialogs_go()

    def save_at_once(self) -> None:
        """Write the game now, in the calling thread: the terminal is gone and the process is
        about to end (``Ending.terminal_lost``)."""
        if self.surface is not None:
            self.surface.save_at_once()

    def action_pause(self) -> None:
        """The pause menu: made the first time, then kept for this game and shown again as it is,
        brought up to date (``open_kept``)."""
        from cardarcade.ui.screens._kept import open_kept
        from cardarcade.ui.screens.pause import PauseScreen

        keys = self.keys_section()
        open_kept(
            self.app,
            PauseScreen,
            lambda: PauseScreen(self.setup, self.history, shared=self.shared, keys=keys),
            reopen_with=(self.setup, self.history, keys),
            callback=self._after_pause,
            owner=self,
        )

    def _let_kept_dialogs_go(self) -> None:
        """The dialogs kept for this game (its pause menu, rules, log, choices) go with it."""
        from cardarcade.ui.screens._kept import let_go_of_owned

        let_go_of_owned(self.app, self)

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
        """The rules, kept for this game once shown (``open_kept``)."""
        from cardarcade.ui.screens._kept import open_kept
        from cardarcade.ui.screens.rules import RulesScreen

        keys = self.keys_section()
        open_kept(
            self.app,
            RulesScreen,
            lambda: RulesScreen(self.spec, self.setup.options, book=self.setup.book, keys=keys),
            fits=lambda kept: kept.keys == keys,
            owner=self,
        )

    def keys_section(self) -> str:
        """The rules' keys section for the people at this keyboard."""
        from cardarcade.ui.screens.rules import keys_markdown

        return keys_markdown(self.keys, [self.names[seat] for seat in self.people])

    def action_history(self) -> None:
        """The whole log, kept for this game once shown and brought up to date (``open_kept``)."""
        from cardarcade.ui.screens._kept import open_kept
        from cardarcade.ui.screens.pause import HistoryScreen

        title = self.game_title()
        open_kept(
            self.app,
            HistoryScreen,
            lambda: HistoryScreen(title, self.history),
            reopen_with=(title, self.history),
            owner=self,
        )

    def action_leave(self) -> None:
        from cardarcade.ui.screens.pause import ConfirmScreen

        if self.game.is_over:
            self.app.leave_game()
            return
        if self.shared:
            question = (
                "Stop watching?"
                if self.viewer is None
                else "Leave the table? A bot plays your seat, kept for you for a few minutes: "
                "sit down again from the lobby."
            )
            self.app.push_screen(ConfirmScreen(question), lambda yes: self.app.leave_game() if yes else None)
            return
        self.app.push_screen(
            ConfirmScreen("Leave this game? It is saved: c on the menu continues it."),
            lambda yes: self.save_and_leave() if yes else None,
        )

    def _show_result(self, _: object = None) -> None:
        """The result takes this screen's place, closing the turn's own prompts over it. A screen
        the player opened (the menu, the rules, the log) stays: the result waits until it closes."""
        from cardarcade.ui.screens.result import ResultScreen

        stack = self.app.screen_stack
        if self not in stack:
            return  # the player left or restarted first
        if any(not getattr(s, "CLOSES_WITH_THE_GAME", False) for s in stack[stack.index(self) + 1 :]):
            if not self._result_waiting:
                self._result_waiting = True
                self.app.screen_change_signal.subscribe(self, self._show_result)
            return
        if self._result_waiting:
            self.app.screen_change_signal.unsubscribe(self)
        tuning = self.table.adaptive_summary() if self.table is not None else None
        reactions = {
            self.names[seat]: self.app.memory.reactions(self.spec.id, self.names[seat]) for seat in self.people
        }
        self.replace_with(
            ResultScreen(
                self.setup,
                self.game,
                reactions,
                self.render_final(),
                tuning,
                again=not self.shared,
                people=self.people,
                unrated=self._unrated(),
                review=self._review(),
            )
        )

    def _review(self) -> Callable[[], Screen] | None:
        """The review of the people's moves in the game just finished (None: the game has no
        choices to review, or its moves were not all kept)."""
        from cardarcade.bots.coach import has_decisions

        table = self.table
        if table is None or not self.people or not has_decisions(self.spec) or not table.moves.whole:
            return None
        from datetime import UTC, datetime

        from cardarcade.replay import replay_of

        replay = replay_of("review", self.setup, self.game, tuple(table.moves.moves), 0.0, datetime.now(UTC))
        seats, thinker, describe = list(self.people), table.thinker, self.describe_action

        def review() -> Screen:
            from cardarcade.ui.screens.review import ReviewScreen

            return ReviewScreen(replay, seats, thinker, describe)

        return review

    def _unrated(self) -> str | None:
        """Why the people here are not rated for this game (None: they are, or nobody here has a
        profile to rate)."""
        from cardarcade.store.ratings import unrated_because

        profiles = self._profiles()
        if not profiles:
            return None
        surface = self.surface
        # (adaptive bots are offered only to a local game)
        adaptive_as = surface.adaptive_as() if isinstance(surface, LocalSession) else None
        return unrated_because(self.setup, profiles, surface.hinted, adaptive_as)

    def replace_with(self, screen: Screen) -> None:
        """Put ``screen`` in this one's place, closing whatever is open on top of it (a hot-seat
        cover, a dialog) without acting on it. Nothing, if this screen has gone already."""
        stack = self.app.screen_stack
        if self not in stack:
            return
        for _ in stack[stack.index(self) + 1 :]:
            self.app.pop_screen()
        self.app.switch_screen(screen)
