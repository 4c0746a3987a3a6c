"""The Old Man's Bundle table: both bundles and the table cards in the centre, your hand below."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import Card
from cardarcade.rules.base import Action
from cardarcade.rules.old_mans_bundle import trail
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._turn_keys import TURN_KEYS
from cardarcade.ui.games.turn import Command, TurnScreen
from cardarcade.ui.widgets.cards import CARD_WIDTH, Slot, render_row

TABLE_WIDTH = 56  # columns for the table cards between the two bundles
BUNDLE_WIDTH = 9
MIN_VISIBLE = 5  # a fanned card shows its corner ("10") and edge; narrower, the suits would be hidden


class OldMansBundleScreen(TurnScreen):
    KEYS = TurnScreen.KEYS.with_(
        TURN_KEYS["play"].worded(
            listed="play the card under the cursor: with one capture it takes at once, with several you pick from a"
            " list (trailing is on the list too), and a card that can capture nothing is trailed"
        ),
        command(
            "trail",
            "x",
            "trail this card",
            footer="Trail",
            listed="trail the card under the cursor even when it could capture",
        ),
    )
    HIDDEN_HANDS = True

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.headline = "The dealer's opponent plays first."

    def on_game_events(self, events_) -> None:
        for event in events_:
            if event.kind in ("take", "steal", "trail", "deal", "game_over"):
                self.headline = self.words(event)

    # ---- drawing

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        header = self.seat_header(seat, view.current == seat)
        if self.seat_level(seat):
            header.append(f" · {self.seat_level(seat)}", style="dim")
        line = Text(f"{view.hand_counts[seat]} in hand · bundle {view.bundle_sizes[seat]}")
        top = view.bundle_tops[seat]
        if top is not None:
            line.append(" top ")
            line.append_text(self.card_label(top))
        return Group(header, line)

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=BUNDLE_WIDTH, justify="center")
        grid.add_column(width=TABLE_WIDTH, justify="center")
        grid.add_column(width=BUNDLE_WIDTH, justify="center")
        left, right = (1, 0) if self.viewer == 0 else (0, 1)  # your own bundle on the right
        names = [Text(self.names[s][:BUNDLE_WIDTH], style="bold") for s in (left, right)]
        grid.add_row(names[0], Text(self.headline, style="bold", overflow="ellipsis", no_wrap=True), names[1])
        bundles = [
            Group(
                render_row([Slot(view.bundle_tops[s])], palette, ascii_only=ascii_only),
                Text(f"{view.bundle_sizes[s]} cards", justify="center"),
            )
            for s in (left, right)
        ]
        pack = f"pack: {view.stock} cards" if view.stock else "the pack is used up: last hands"
        middle = Group(self._table_cards(), Text(pack, style="dim", justify="center"))
        grid.add_row(bundles[0], middle, bundles[1])
        return grid

    def _table_cards(self) -> RenderableType:
        table = self.view.table
        if not table:
            return Text("\n\nno cards on the table\n\n", style="dim italic", justify="center")
        # from one card's left edge to the next: a column between them, none, or fanned over each other
        step = min(CARD_WIDTH + 1, (TABLE_WIDTH - CARD_WIDTH) // max(len(table) - 1, 1))
        if step >= MIN_VISIBLE:
            return render_row(
                [Slot(c) for c in table],
                self.app.palette,
                ascii_only=self.app.ascii_glyphs,
                overlap=max(CARD_WIDTH - step, 0),
                gap=max(step - CARD_WIDTH, 0),
            )
        # too many to fan: labels, sorted by rank so matches stand out
        text = Text("\n", justify="center")
        for i, card in enumerate(sorted(table, key=lambda c: (c.rank, c.suit.value))):
            if i:
                text.append(" ")
            text.append_text(self.card_label(card))
        return text

    def describe_action(self, action: Action) -> str:
        card = action.cards[0].label(self.app.ascii_glyphs)
        if action.kind == "take":
            taken = ", ".join(c.label(self.app.ascii_glyphs) for c in action.cards[1:])
            return f"Take {taken} with {card}"
        if action.kind == "steal":
            target = action.target or 0
            return f"Steal {self.names[target]}'s bundle ({self.view.bundle_sizes[target]} cards) with {card}"
        return f"Trail {card} to the table"

    # ---- playing a card

    def actions_for_selection(self, selected: list[Card]) -> list[Action]:
        """One card: its single capture at once; several captures to choose from (or trailing);
        a card that captures nothing is trailed."""
        if self.actor is None or len(selected) != 1:
            return []
        moves = [a for a in self.game.legal_actions(self.actor) if a.cards[0] == selected[0]]
        captures = [a for a in moves if a.kind != "trail"]
        if len(captures) == 1:
            return captures
        return captures + [a for a in moves if a.kind == "trail"]

    def commands(self) -> list[Command]:
        hand = self.hand_cards()
        if self.actor is None or not hand:
            return []
        return [self.command("trail", trail(hand[min(self.cursor, len(hand) - 1)]))]

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None:
            return self.waiting_prompt(view.current)
        return "Your turn: ←→ pick a card, enter plays it"


SCREENS = {"old-mans-bundle": OldMansBundleScreen}
