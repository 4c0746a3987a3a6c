"""The War table: each seat's pile and the cards it has laid this round."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.rules.base import Event
from cardarcade.ui.screens.game import GameScreen
from cardarcade.ui.widgets.cards import Slot, render_row


class WarScreen(GameScreen):
    VERBS = ["flip"]
    BINDINGS = [*GameScreen.BINDINGS, ("enter", "verb('flip')", "Turn card")]

    def __init__(self, setup) -> None:
        super().__init__(setup)
        self.headline = "Turn your cards!"

    def on_game_events(self, events_: list[Event]) -> None:
        for event in events_:
            if event.kind in ("take", "war", "game_over"):
                self.headline = self.words(event)

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        palette = self.app.palette
        ascii_only = self.app.ascii_glyphs
        waiting = seat in view.pending
        header = self.seat_header(seat, waiting)
        header.append(f"  {view.counts[seat]} cards")
        if self.seat_level(seat):
            header.append(f" · {self.seat_level(seat)}", style="dim")
        if view.out[seat]:
            return Group(header, Text("out of cards", style="dim italic"))
        slots = [Slot(back=view.counts[seat] > 0)]
        # Until this seat lays a card this round, show what it laid last round (dimmed; the winner's lit).
        laid = view.table[seat]
        previous = not laid and bool(view.last_table)
        if previous:
            laid = view.last_table[seat]
        downs = 0
        for card in laid:
            if card is None:
                downs += 1
                continue
            if downs:
                slots.append(Slot(back=True, caption=f"{downs} down"))
                downs = 0
            won = previous and view.last_taker == seat
            slots.append(Slot(card, highlight=won, dim=previous and not won))
        if downs:
            slots.append(Slot(back=True, caption=f"{downs} down"))
        width = max(20, (self.size.width // max(1, self.game.players)) - 4)
        overlap = 0 if len(slots) * 8 <= width else max(2, 7 - (width - 7) // max(1, len(slots) - 1))
        return Group(header, render_row(slots, palette, ascii_only=ascii_only, overlap=overlap))

    def render_center(self) -> RenderableType:
        view = self.view
        lines = [Text(self.headline, style="bold", justify="center")]
        if view.war_depth:
            kind = "Double war" if view.double else "War"
            lines.append(Text(f"{kind} in progress: the tied players lay cards down and one up", justify="center"))
        if view.spare:
            lines.append(Text("The spare card goes to the winner of the first war", style="italic", justify="center"))
        lines.append(Text(f"Round {view.rounds + 1} of at most {view.max_rounds}", style="dim", justify="center"))
        return Group(*lines)

    def turn_prompt(self) -> str:
        view = self.view
        if self.viewer is not None and self.viewer in view.pending:
            verb = "lay your war cards" if view.war_depth else "turn your card"
            return f"Press enter to {verb}."
        waiting = ", ".join(self.names[s] for s in view.pending)
        return f"Waiting for {waiting}…" if waiting else ""


SCREENS = {"war": WarScreen}
