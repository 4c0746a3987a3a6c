"""The War table: each seat's pile and the cards it has laid this round."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.rules._calling import count_cards as cards_word
from cardarcade.rules.base import Event
from cardarcade.ui.keymaps import FLIP, Keys
from cardarcade.ui.games._panels import fitted, panel_width, table_size
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.widgets.cards import Slot, render_row

MIN_VISIBLE = 3  # columns of a fanned card left in view: enough for its rank (a 10 too)


DECIDING = frozenset({"take", "war", "game_over"})  # events that settle a step of a round
READY = "{seat} [is|are] ready"  # a card turned, kept face down until everyone has turned
NEAR_LIMIT = 50  # rounds before the round limit from which the status counts down to it


def round_words(round_: int, limit: int) -> str:
    """'Round 14'; near the house rule's limit, what happens there."""
    left = limit - round_
    if left >= NEAR_LIMIT:
        return f"Round {round_}"
    if left <= 0:  # (once the game has ended at the limit, the count stands one past it)
        return f"Round {min(round_, limit)}, the last: then the most cards wins"
    return f"Round {round_}: {left} more before the round limit, then the most cards wins"


class WarScreen(GameScreen):
    KEYS = Keys(FLIP.worded(footer="Turn card"))
    # One key, named for what it does now: in a war it lays the war cards, as the prompt says.
    BINDINGS = [("enter", "lay_war", "Lay war cards")]

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.headline = "Turn your cards!"
        self._at_war = bool(self.game.view(None).war_depth)  # whether the footer's enter lays war cards

    def _on_table(self, events_: list[Event], seat: int | None) -> None:
        # A card turned for a round not yet decided is not shown, so the log does not name it either
        # (the round's take names the cards that decided it).
        if self.game.view(None).war_depth == 0 and not any(e.kind in DECIDING for e in events_):
            events_ = [replace(e, text=READY) if e.kind == "flip" else e for e in events_]
        events_ = [self.with_tied_cards(e) if e.kind == "war" else e for e in events_]
        super()._on_table(events_, seat)

    def with_tied_cards(self, event: Event) -> Event:
        """'War! Tied 5s (Bot 1 5♣, You 5♦)': a card turned while it waited was logged only as 'ready'."""
        view = self.game.view(None)
        tied = [f"{self.names[p]} {view.table[p][-1]}" for p in event.data.get("seats", []) if view.table[p]]
        said = ", ".join(tied).replace("{", "{{").replace("}", "}}")  # (names are plain text, not templates)
        return replace(event, text=f"{event.text} ({said})") if tied else event

    def on_game_events(self, events_: list[Event]) -> None:
        for event in events_:
            if event.kind in DECIDING:
                self.headline = self.words(event)
        at_war = bool(self.game.view(None).war_depth)
        if at_war != self._at_war:  # (not every round: the footer's keys are worked out again each time)
            self._at_war = at_war
            self.refresh_bindings()  # a war begun or ended renames the enter key

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("verb", "lay_war") and (action == "lay_war") != bool(self.game.view(None).war_depth):
            return False
        return super().check_action("verb" if action == "lay_war" else action, parameters)  # (hot-seat rules alike)

    def action_lay_war(self) -> None:
        self.action_verb("flip")

    def showing_last_round(self) -> bool:
        """Whether the table shows the round last decided rather than the one under way. Everyone
        turns at the same moment, so until a new round is decided its cards are not shown (a bot's
        new card beside your old one looked like a round of its own); a war shows as it is laid."""
        return self.view.war_depth == 0

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        waiting = seat in view.pending
        previous = self.showing_last_round()
        ready = "ready" if previous and view.table[seat] else None  # turned for a round not yet decided
        header = fitted(
            width, self.seat_header(seat, waiting), ready, cards_word(view.counts[seat]), self.seat_level(seat)
        )
        last = view.last_table[seat] if view.last_table else []
        if view.out[seat] and not (previous and last):
            return Group(header, Text("out of cards", style="dim italic"))
        laid = last if previous else view.table[seat]
        won = previous and view.last_taker == seat  # the last round's cards dimmed, the winner's lit
        return Group(
            header, self.laid_row(laid, width, back=view.counts[seat] > 0, dim=previous and not won, highlight=won)
        )

    def laid_row(self, laid: list, width: int, back: bool, dim: bool, highlight: bool) -> Text:
        """The pile and the cards laid (None: face down), fanned to fit ``width``: face-down cards
        of a war show as one back captioned with their number, and if even a tight fan is too
        wide, the oldest cards give way to the newest."""
        groups: list[tuple[int, object]] = []  # (face-down cards before it, the up card)
        downs = 0
        for card in laid:
            if card is None:
                downs += 1
            else:
                groups.append((downs, card))
                downs = 0
        slots = [Slot(back=back)]
        for down, card in groups:
            if down:
                slots.append(Slot(back=True, caption=f"{down} down"))
            slots.append(Slot(card, highlight=highlight, dim=dim))
        if downs:
            slots.append(Slot(back=True, caption=f"{downs} down"))
        size = table_size(self)
        card_width = size.width
        most = max(1, (width - card_width) // MIN_VISIBLE + 1)  # cards a tightest fan holds
        if len(slots) > most:
            slots = slots[:1] + slots[len(slots) - most + 1 :]
        visible = card_width + 1 if len(slots) == 1 else min(card_width + 1, (width - card_width) // (len(slots) - 1))
        if visible <= card_width:  # fanned: a short caption fits the narrow strip left of each card
            slots = [replace(slot, caption=slot.caption.replace(" down", "↓")) for slot in slots]
        overlap = 0 if visible > card_width else card_width - visible
        row = render_row(slots, self.app.palette, ascii_only=self.app.ascii_glyphs, overlap=overlap, size=size)
        if not any(slot.caption for slot in slots):
            # The caption line is kept when there is none: a war's "2 down" then does not change the
            # panel's height, which would re-lay the whole screen (the costliest redraw of a turn).
            row.append("\n")
        return row

    def render_center(self) -> RenderableType:
        view = self.view
        lines = [Text(self.headline, style="bold", justify="center")]
        if view.war_depth:
            kind = "Double war" if view.double else "War"
            lines.append(Text(f"{kind} in progress: the tied players lay cards down and one up", justify="center"))
        if view.spare:
            lines.append(Text("The spare card goes to the winner of the first war", style="italic", justify="center"))
        lines.append(Text(round_words(view.rounds + 1, view.max_rounds), style="dim", justify="center"))
        return Group(*lines)

    def turn_prompt(self) -> str:
        view = self.view
        if self.viewer is not None and self.viewer in view.pending:
            verb = "lay your war cards" if view.war_depth else "turn your card"
            return f"Press enter to {verb}."
        waiting = ", ".join(self.names[s] for s in view.pending)
        return f"Waiting for {waiting}…" if waiting else ""


SCREENS = {"war": WarScreen}
