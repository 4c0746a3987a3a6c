"""The California Speed table: the box of eight in two rows, and a key for each place."""

from __future__ import annotations

from rich.console import Group, RenderableType

from cardarcade.rules.base import Action, Event
from cardarcade.rules.california_speed import PLACES, SIDE, matched
from cardarcade.ui.keymaps import DIGITS, LEFT_BOTTOM, LEFT_HOME, RIGHT_BOTTOM, RIGHT_HOME, Keys, numbered
from cardarcade.ui.games._panels import fitted, panel_width, table_size
from cardarcade.ui.games._speedplay import SpeedFamilyScreen, possessive
from cardarcade.ui.widgets.cards import Slot, centred_row

# The box of eight: the upper row on the digits 1-4 (hot-seat: the home row), the lower on 5-8 (the bottom row).
SPOTS = numbered(
    "spot",
    DIGITS[:PLACES],
    (*LEFT_HOME[:SIDE], *LEFT_BOTTOM),
    (*RIGHT_HOME[1 : SIDE + 1], *RIGHT_BOTTOM),
    "box {n}",
    "cover the card in that place of the box (its key is under it)",
)
SPOT_VERBS = [verb.name for verb in SPOTS]
WAITS_FOR = "new box when all 8 ranks differ"  # what play waits for, on the status line


class CaliforniaSpeedScreen(SpeedFamilyScreen):
    """The box of eight in two rows, Player 1's side above; one key covers a card."""

    KEYS = Keys(
        *SPOTS,
        notes=[
            "A • under a card marks one left over from a match partly covered: it may still be covered while another match shows."
        ],
    )

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        if not self.in_play(seat):
            return
        view = self.game.view(seat)
        if view.stuck:
            self.say(f"{self.names[seat]}: eight different ranks; a new box comes on the count")
            return
        place = SPOT_VERBS.index(verb)
        seen = self.seen_view(t)
        if not seen.open[place]:
            card = seen.tops[place].label(self.app.ascii_glyphs)
            self.say(f"{self.names[seat]}: the {card} matches nothing in the box")
            return
        self.send_play(seat, Action("cover", target=place), t)

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, False)
        side = sum(view.stack_sizes[seat * SIDE : (seat + 1) * SIDE])
        status = self.stack_text(
            f"pack {view.pack_sizes[seat]} · {side} on {'your' if seat == self.viewer else 'their'} side"
        )
        keys = ""
        if len(self.people) > 1 and seat in self.people:
            keys = f"keys {self.key_row(seat, SPOT_VERBS[:SIDE])} / {self.key_row(seat, SPOT_VERBS[SIDE:])}"
        return Group(fitted(width, header, keys or self.seat_level(seat)), fitted(width, status))

    def spot_caption(self, place: int) -> str:
        return self.key_caption(SPOT_VERBS[place], str(place + 1))

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        left_over = self.left_over()
        up = self.face_up()
        rows = []
        for side in range(2):
            slots = [
                Slot(
                    view.tops[p] if up else None,
                    back=not up,
                    caption=self.spot_caption(p) + (" •" if up and left_over[p] else ""),
                )
                for p in range(side * SIDE, (side + 1) * SIDE)
            ]
            rows.append(centred_row(slots, palette, ascii_only=ascii_only, gap=2, size=table_size(self)))
        deals = f"box {view.deals + 1}"
        above, below = (possessive(name) for name in self.names)
        sides = f"{above} side above, {below.lower() if below == 'Your' else below} below"
        # what play waits for comes before the count of boxes, which goes when the line is full
        room = self.query_one("#center").content_size.width or 76
        idle = f"{sides} · {WAITS_FOR}"
        if len(idle) + len(deals) + 3 <= room:
            idle += f" · {deals}"
        status = self.status_line("Eight different ranks: {count} a new box", idle)
        return Group(status, *rows)

    def left_over(self) -> list[bool]:
        """Which places hold a card left over from a match partly covered. It stays open: everyone
        saw its match a moment ago, so it is marked • (a match still showing is for the players to spot)."""
        view = self.view
        showing = set(matched(view.tops))
        return [is_open and p not in showing for p, is_open in enumerate(view.open)]

    def seat_keys(self, seat: int) -> str:
        return f"{self.key_row(seat, SPOT_VERBS)} cover"

    def turn_prompt(self) -> str:
        if self.viewer is None:
            return "Watching: both cover matches at once."
        marked = " (• still open)" if self.face_up() and any(self.left_over()) else ""  # explained only when shown
        return f"Cover each card of a pair: 1-4 upper row, 5-8 lower row{marked}"

    def on_game_events(self, events_: list[Event]) -> None:
        if any(event.kind == "deal" for event in events_):
            self.headline = ""


SCREENS = {"california-speed": CaliforniaSpeedScreen}
