"""The one-pile slapping games' screen base, ``PileScreen`` (Slapjack, Egyptian Ratscrew)."""

from __future__ import annotations

from rich.text import Text

from cardarcade.ui.games._prompt import FAST_PACE
from cardarcade.ui.games.game import GameScreen


# (two log lines: a log line is cut at the terminal's width)
EARLY_CARD_NOTE = (
    "First game: turn a card only on your turn (▶ on your panel).",
    "A card turned early is dead: it stays on the pile, lost to you.",
)


class PileScreen(GameScreen):
    """What the one-pile slapping games' screens share (Slapjack, Egyptian Ratscrew)."""

    TURN_VERBS: frozenset[str] = frozenset({"flip"})  # keys the footer offers only on the player's own move
    _offered: bool | None = None  # whether the footer offers them now

    def acting(self) -> int:
        """The seat the table waits for."""
        return self.view.turn

    def own_move(self, verb: str) -> bool:
        """Whether the person here has ``verb`` to make now (their card to turn)."""
        view, me = self.view, self.viewer
        return me is not None and not self.game.is_over and view.turn == me and view.counts[me] > 0

    # ---- the footer: the turn key only on the player's turn (pressed early, the text's rule costs a card)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if (
            action == "verb"
            and parameters
            and parameters[0] in self.TURN_VERBS
            and not self.own_move(str(parameters[0]))
        ):
            return False
        return super().check_action(action, parameters)

    def refresh_all(self) -> None:
        super().refresh_all()
        offered = any(self.own_move(verb) for verb in self.TURN_VERBS)
        if offered != self._offered:
            self._offered = offered
            self.refresh_bindings()
        table = self.table
        if table is not None and table.pace == FAST_PACE and not self.shared and not self.people_out():
            table.steady(self.app.settings.pace)  # slapped back in after '>': play at the person's pace again

    # ---- out of cards, a person may still slap in, or let the bots finish fast ('>')

    def sitting_out(self, seat: int) -> bool:
        game = self.game
        return game.is_out(seat) or (not game.is_over and not game.s.stacks[seat] and seat != game.owed())

    def prompt_line(self) -> str:
        me, table = self.viewer, self.table
        if me is None or table is None or not self.people_out() or not self.game.may_slap(me):
            return super().prompt_line()
        fast = "> lets the bots finish fast" if table.pace > FAST_PACE else "the bots are finishing fast"
        return f"You are out: space slaps in · {fast}"

    # ---- a first game says once what an early card costs

    def _start_play(self) -> None:
        super()._start_play()
        if not self.shared and not self.game.s.options.forgive_early_flip and self._first_game():
            for line in EARLY_CARD_NOTE:
                self.add_log(Text(line, style="bold"))
            self.refresh_all()

    def _first_game(self) -> bool:
        """Whether the note has not yet been given to the people here (it is given now): by their
        profiles, or this terminal's player's for people at a hot-seat keyboard with none."""
        names = {name for seat in self.people if (name := self.profile_of(seat)) is not None} or {self.app.player}
        game_id, settings = self.spec.id, self.app.preferences.user_settings
        new = [name for name in names if not settings.profile_of(name).told.get(game_id)]
        for name in new:
            profile = self.app.preferences.user_settings.profile_of(name)
            self.app.preferences.save_profile(
                profile.model_copy(update={"told": {**profile.told, game_id: True}}), name
            )
        return bool(new)

    def notify_not_now(self, seat: int, verb: str) -> None:
        if verb == "flip" and self.view.counts[seat] and not self.game.in_turn(seat):
            # only refused under the beginners' rule; otherwise an early card is turned, dead
            self.say(
                f"{self.names[seat]}: not your turn, {self.names[self.acting()]} is next "
                "(early cards are refused at this table)"
            )
            return
        super().notify_not_now(seat, verb)
