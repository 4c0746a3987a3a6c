"""The Snap table: each player's stock and face-up pile, the snap pool, and the two call keys."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.ui.keymaps import FLIP, POOL, REACT, Keys
from cardarcade.ui.games._calling import CallingScreen
from cardarcade.ui.games._panels import fitted, panel_width, two_rows
from cardarcade.ui.widgets.cards import Slot


class SnapScreen(CallingScreen):
    KEYS = Keys(
        FLIP.worded("turn", footer="Turn card", listed="turn your card"),
        REACT.worded("snap", footer="Snap", listed="call Snap!"),
        POOL.worded("pool", footer="Snap pool", listed="call Snap pool!"),
    )
    CLAIM_VERBS = {"react": "snap", "pool": "pool"}

    def claim_for(self, seat: int, verb: str) -> tuple[str, int | None] | None:
        if verb == "pool" and self.game.view(seat).pool_top is None:
            return None  # no snap pool to call: "not now", and nothing is lost
        return super().claim_for(seat, verb)

    def claim_flash(self, kind: str, target: int | None) -> str:
        return "SNAP POOL!" if kind == "pool" else "SNAP!"

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, view.turn == seat and not self.game.is_over)
        if view.out[seat]:
            status = Text("eliminated", style="dim italic")
        else:
            status = self.stack_text(f"{view.counts[seat]} · pile {view.pile_sizes[seat]}")
        keys = self.hotseat_keys(seat) if self.viewer is None and not self.setup.seats[seat].is_bot else ""
        if two_rows(self):  # two lines a panel: the level or keys go beside the name
            return Group(fitted(width, header, keys or self.seat_level(seat)), fitted(width, status))
        extra = f"keys {keys}" if keys else self.seat_level(seat)
        return Group(fitted(width, header), fitted(width, status), Text(extra, style="dim"))

    def render_center(self) -> RenderableType:
        view = self.view
        pool = Slot(view.pool_top, caption=f"pool {view.pool_size}" if view.pool_size else "pool")
        status = self.status_line()
        return self.center_with(self.up_row([pool]), status)

    def turn_prompt(self) -> str:
        view = self.view
        if self.viewer is None:
            return f"Watching: {self.names[view.turn]} turns next."
        if view.out[self.viewer]:
            return "You are out of the game."
        calls = "space Snap! · p Snap pool!" if view.pool_top is not None else "space Snap!"
        if view.turn == self.viewer:
            return f"Your turn: enter turns your card · {calls}"
        return f"{calls} · {self.names[view.turn]} turns next"


SCREENS = {"snap": SnapScreen}
