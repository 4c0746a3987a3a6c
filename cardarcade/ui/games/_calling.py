"""The calling games' screen base, ``CallingScreen`` (Snap, Animals)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.rules.base import Event, Outcome, fill
from cardarcade.ui.games._panels import table_size
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.widgets.cards import CardBlock, Slot, centred_row

HEADLINE_EVENTS = ("out", "game_over")
HEADLINE_OUTCOMES = (Outcome.WON, Outcome.FAULT)  # a call that took cards or cost them


def caption(name: str) -> str:
    """A name short enough to sit under a card: "Player 1" becomes "Player1"."""
    return name if len(name) <= 7 else name.replace(" ", "")[:7]


class CallingScreen(GameScreen):
    """What the calling games' screens share: the row of up cards and a headline of the last call."""

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.headline = ""

    def on_game_events(self, events_: list[Event]) -> None:
        for event in events_:
            if event.kind in HEADLINE_EVENTS or event.outcome in HEADLINE_OUTCOMES:
                self.headline = self.words(event)

    def up_row(self, extra: list[Slot] | None = None) -> CardBlock:
        """Every seat's up card, captioned with its name (an empty place where it has none), in
        the panels' order: after "play again" a pile stays under its person as the panels do."""
        view = self.view
        slots = [
            Slot(view.tops[seat], dim=view.out[seat], caption=caption(self.names[seat])) for seat in self.panel_order()
        ]
        return centred_row(
            slots + (extra or []), self.app.palette, ascii_only=self.app.ascii_glyphs, size=table_size(self)
        )

    def center_with(self, row: CardBlock, status: str) -> RenderableType:
        headline = self.headline or status
        lines: list[RenderableType] = [Text(headline, style="bold", justify="center"), row]
        if self.headline:
            lines.append(Text(status, style="dim", justify="center"))
        return Group(*lines)

    def status_line(self) -> str:
        view = self.view
        turn = "Game over" if self.game.is_over else fill("{seat} [turns|turn] next", self.names, view.turn, None)
        return f"{turn} · {view.flips} of at most {view.max_flips} cards turned"

    def hotseat_keys(self, seat: int) -> str:
        """The keys a hot-seat player owns, for their panel."""
        return " ".join(k for verb in self.keys.names if (k := self.keymap.key_label(seat, verb)))
