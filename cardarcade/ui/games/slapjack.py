"""The Slapjack table: everyone's stack, the centre pile, and a slap key."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.ui.keymaps import FLIP, REACT, Keys
from cardarcade.ui.games._panels import fitted, longest_fitting, panel_width, table_size, two_rows
from cardarcade.ui.games._piles import PileScreen
from cardarcade.ui.widgets.cards import Slot, centred_row


class SlapjackScreen(PileScreen):
    KEYS = Keys(FLIP.worded(footer="Turn card"), REACT.worded(footer="Slap"))
    CLAIM_VERBS = {"react": "slap"}

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
