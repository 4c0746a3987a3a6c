"""The Slapjack table: everyone's stack, the centre pile, and a slap key."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.ui.screens._panels import fitted, longest_fitting, panel_width, table_size, two_rows
from cardarcade.ui.screens._prompt import FAST_PACE
from cardarcade.ui.screens.game import GameScreen
from cardarcade.ui.widgets.cards import Slot, centred_row

PILE_SHOWN = 4  # cards of the pile drawn, newest on top


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
        game_id, settings = self.spec.id, self.app.user_settings
        new = [name for name in names if not settings.profile_of(name).told.get(game_id)]
        for name in new:
            profile = self.app.user_settings.profile_of(name)
            self.app.save_profile(profile.model_copy(update={"told": {**profile.told, game_id: True}}), name)
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


class SlapjackScreen(PileScreen):
    VERBS = ["flip", "react"]
    CLAIM_VERBS = {"react": "slap"}
    BINDINGS = [*GameScreen.BINDINGS, ("enter", "verb('flip')", "Turn card"), ("space", "verb('react')", "Slap")]

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, view.turn == seat and not self.game.is_over)
        if view.shut[seat]:
            status = Text("shut out", style="dim italic")
        elif view.out[seat]:
            status = Text(
                longest_fitting(width, "out: slap a jack to get back in", "out: slap in a jack", "out: slap in"),
                style="italic",
            )
        else:
            status = self.stack_text(f"{view.counts[seat]} cards")
        level = self.seat_level(seat)
        if two_rows(self):  # two lines a panel: the level goes beside the name, if it fits
            return Group(fitted(width, header, level), fitted(width, status))
        return Group(fitted(width, header), fitted(width, status), Text(level, style="dim"))

    def render_center(self) -> RenderableType:
        view = self.view
        palette = self.app.palette
        if not view.recent:
            return Group(
                Text("The pile is empty", style="dim", justify="center"),
                centred_row([Slot()], palette, ascii_only=self.app.ascii_glyphs, size=table_size(self)),
            )
        slots = [Slot(card, dim=dead) for card, dead in zip(view.recent, view.recent_dead)]
        by = self.names[view.top_by] if view.top_by is not None else ""
        caption = f"{view.pile_size} in the pile · top card from {by}" + (" (dead card)" if view.top_dead else "")
        return Group(
            centred_row(slots, palette, ascii_only=self.app.ascii_glyphs, overlap=3, size=table_size(self)),
            Text(caption, style="dim", justify="center"),
        )

    def turn_prompt(self) -> str:
        view = self.view
        if self.viewer is None:
            return f"Watching: {self.names[view.turn]} turns next."
        if view.turn == self.viewer and view.counts[self.viewer]:
            return "Your turn: enter turns your card · space slaps a jack"
        if not view.can_slap:
            return "You are out of the game." if view.shut[self.viewer] else f"{self.names[view.turn]} turns next."
        return f"space slaps a jack · {self.names[view.turn]} turns next"


SCREENS = {"slapjack": SlapjackScreen}
