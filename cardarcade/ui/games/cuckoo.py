"""The Cuckoo table: up to twenty players, one line each, your own card at the bottom.

Seats are one-line rows in two or three columns (name, dealer mark, chips, what the player did
this hand, the card you know they hold), so a full table of twenty fits at 80x24. ``v`` switches
the rows to the cards shown at the end of the last hand.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import Card
from cardarcade.rules.base import Action
from cardarcade.rules.cuckoo import CHANGE, STAND, SWAP, CuckooMove
from cardarcade.ui.keymaps import Verb, command
from cardarcade.ui.games._turn_keys import TURN_KEYS
from cardarcade.ui.games.turn import Command, TurnScreen
from cardarcade.ui.widgets.cards import Slot, render_row

WIDE_ROWS = 5  # up to 10 players: two columns of at most five rows; more: three columns


def roster_shape(players: int) -> tuple[int, int]:
    """(columns, rows) of the seat rows."""
    columns = 2 if players <= 2 * WIDE_ROWS else 3
    return columns, -(-players // columns)


class CuckooScreen(TurnScreen):
    HIDDEN_HANDS = True
    # One card each: no cursor or marking to advertise; enter lists the moves.
    KEYS = TurnScreen.KEYS.with_(
        TURN_KEYS["left"].worded(footer=None),
        TURN_KEYS["play"].worded("list your moves", footer="Moves"),
        command("stand", "s", "stand"),
        command("change", "c", "change", listed="change with your left neighbour"),
        command("swap", "d", "swap with the deck", listed="swap with the deck (the dealer)"),
        Verb(
            "last_hand",
            "v",
            help="show the cards of the last hand",
            footer="Last hand",
            action="toggle_last",
            listed="switch the seat rows to the cards of the last hand shown",
        ),
    )

    # Scoped to this screen, and more specific than the shared stylesheet's rules it overrides.
    CSS = """
    CuckooScreen #center { min-height: 2; content-align: left top; padding: 0 1; }
    """

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.show_last = False

    # ---- layout: compact one-line rows instead of a panel per seat

    def seat_grid(self) -> tuple[int, int]:
        return roster_shape(self.game.players)

    def seat_style(self) -> str:
        return "line"

    # ---- seats

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        columns, _ = roster_shape(self.game.players)
        wide = columns == 2
        active = view.turn == seat
        name = self.names[seat]
        if wide and self.seat_level(seat):
            name += f" ({self.seat_level(seat)})"
        name_width = 16 if wide else 7
        # One column marks whose turn it is, or else the dealer (the centre names the dealer too).
        if active:
            line = Text("▶ ", style="bold")
        else:
            line = Text.assemble(("D", "bold reverse") if view.dealer == seat else " ", " ")
        line.append(fit_name(name, name_width).ljust(name_width), style="bold reverse" if active else "bold")
        if view.out[seat]:
            line.append(" out", style="dim italic")
            return line
        line.append(" ")
        line.append_text(self.chips_text(view.chips[seat], view.start_chips, 5 if wide else 3))
        if self.show_last and view.last is not None:
            status, card = self.last_status(seat)
        else:
            status, card = self.hand_status(seat), view.known[seat]
        line.append(f" {status:<7}", style="italic")
        if card is not None:
            line.append(" ")
            line.append_text(self.card_label(card))
        return line

    def chips_text(self, chips: int, start: int, room: int) -> Text:
        """Chips as dots (● left, ○ lost) when they fit in ``room`` columns, else a count."""
        if start <= room:
            return Text("●" * chips + "○" * (start - chips), style="bold")
        return Text(f"●{chips}".ljust(room), style="bold")

    def hand_status(self, seat: int) -> str:
        """What this player did this hand, in a word."""
        return move_word(
            next((m for m in self.view.moves if m.seat == seat), None),
            any(m.target == seat and m.kind == "blocked" for m in self.view.moves),
        )

    def last_status(self, seat: int) -> tuple[str, Card | None]:
        last = self.view.last
        assert last is not None
        if seat in last.payers:
            return "PAID", last.cards[seat]
        move = next((m for m in last.moves if m.seat == seat), None)
        return move_word(move, False), last.cards[seat]

    # ---- centre

    def render_center(self) -> RenderableType:
        view = self.view
        lines: list[RenderableType] = []
        if view.dealer is not None:
            aces = "aces high" if view.aces_high else "aces low"
            lines.append(
                Text(
                    f"Hand {view.hand} · dealer {self.names[view.dealer]} · pot {view.pot} · "
                    f"{view.stock} cards undealt · kings high, {aces}",
                    style="bold",
                )
            )
        if view.shown:
            kings = Text("Kings shown: ")
            for i, king in enumerate(view.shown):
                kings.append(", " if i else "")
                kings.append_text(self.card_label(king))
            lines.append(kings)
        if view.last is not None:
            lines.append(self.last_summary())
        else:
            lines.append(
                Text(
                    "The lowest card pays a chip. A king refuses a change. "
                    "A dealer who draws a king from the deck pays alone.",
                    style="dim",
                )
            )
        if self.show_last and view.last is not None:
            lines.append(
                Text(f"The rows show hand {view.last.hand} as it was turned up — v for this hand.", style="italic")
            )
        elif view.last is not None:
            # Every card of the last hand, if the centre has the lines for it (v shows them anyway).
            cards = self.last_cards()
            center = self.query_one("#center")
            needed = -(-cards.cell_len // max(center.size.width - 2, 20))
            if sum(1 for line in lines if isinstance(line, Text)) + needed <= center.size.height:
                lines.append(cards)
        return Group(*lines)

    def render_final(self) -> RenderableType | None:
        """The hand that ended the game stays on the result screen: who paid, and every card."""
        if self.view.last is None:
            return None
        return Group(self.last_summary(hint=False), self.last_cards())

    def last_summary(self, hint: bool = True) -> Text:
        last = self.view.last
        assert last is not None
        text = Text(f"Hand {last.hand}: ", style="dim")
        if last.dealer_king:
            text.append(f"{self.names[last.dealer]} drew a king from the deck and paid alone")
        elif not last.payers:
            text.append("every card was of one rank; nobody paid")
        else:
            payers = ", ".join(self.names[p] for p in last.payers)
            text.append(f"{payers} paid with the lowest card{'s' if len(last.payers) > 1 else ''}, ")
            for i, p in enumerate(last.payers):
                text.append(" " if i else "")
                text.append_text(self.card_label(last.cards[p]))
        if last.knocked_out:
            text.append(f"; out: {', '.join(self.names[p] for p in last.knocked_out)}")
        if hint and not self.show_last:
            text.append("  (v: every card)", style="dim")
        return text

    def last_cards(self) -> Text:
        """Every card of the last hand, in a line or two."""
        last = self.view.last
        assert last is not None
        text = Text("Shown: ", style="dim")
        first = True
        for seat, card in enumerate(last.cards):
            if card is None:
                continue
            text.append("" if first else " · ")
            first = False
            text.append(f"{self.names[seat]} ", style="bold" if seat in last.payers else "")
            text.append_text(self.card_label(card))
        return text

    # ---- your card

    def hand_cards(self) -> list[Card]:
        card = self.view.card
        return [card] if card is not None else []

    def render_hand(self, hand: list[Card]) -> RenderableType:
        if not hand:
            return Text("")
        caption = self.cursor_mark(True) if self.actor is not None else ""  # (one card: nothing to move ahead)
        card = render_row(
            [Slot(hand[0], highlight=self.actor is not None, caption=caption)],
            self.app.palette,
            ascii_only=self.app.ascii_glyphs,
        )
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=11)
        grid.add_column()
        grid.add_row(card, self.what_you_know())
        return grid

    def what_you_know(self) -> Text:
        """Where the cards you have held this hand are now (every exchange is public)."""
        view = self.view
        seat = view.seat
        if seat is None or view.card is None:
            return Text()
        text = Text("Your card\n", style="bold")
        for other, card in enumerate(view.known):
            if card is None or other == seat or card in view.shown:
                continue
            text.append(f"{self.names[other]} holds your old ")
            text.append_text(self.card_label(card))
            text.append("\n")
        if view.dealer == seat:
            text.append("You are the dealer: you act last, and may swap with the deck.\n", style="italic")
        order = view.order
        if seat in order and view.turn in order and order.index(view.turn) > order.index(seat):
            text.append("Your card is final for this hand.", style="dim")
        return text

    # ---- moves

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is None:
            return []
        legal = self.game.legal_actions(actor)
        return [self.command(a.kind, a) for a in legal]

    def describe_action(self, action: Action) -> str:
        view = self.view
        if action == STAND:
            return f"Stand: keep {view.card.label(self.app.ascii_glyphs)}" if view.card else "Stand"
        if action == CHANGE and view.seat in view.order:
            return f"Change cards with {self.names[self.left_neighbour(view.seat)]}"
        if action == SWAP:
            return "Swap with the deck (a king drawn costs you the chip)"
        return str(action)

    def confirm(self) -> None:
        actor = self.actor
        if actor is None:
            self.say(self.turn_prompt() or "Not your turn.")
            return
        self.choose(self.game.legal_actions(actor), "Your move")

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None or view.turn is None:
            return self.waiting_prompt(view.turn)
        if view.turn == view.dealer:
            return "Your deal, last to act"
        return f"Your turn (on your left: {self.names[self.left_neighbour(view.turn)]})"

    def left_neighbour(self, seat: int) -> int:
        """The next player in this hand after ``seat`` (who must change when asked)."""
        order = self.view.order
        return order[(order.index(seat) + 1) % len(order)]

    def action_toggle_last(self) -> None:
        if self.view.last is None:
            self.say("No hand has been shown yet.")
            return
        self.show_last = not self.show_last
        self.refresh_all()


def fit_name(name: str, width: int) -> str:
    """Shorten a name to ``width``, keeping a trailing number whole ("Player 12" -> "Play 12")."""
    if len(name) <= width:
        return name
    head, _, number = name.rpartition(" ")
    if head and number.isdigit() and len(number) < width - 1:
        return head[: width - len(number) - 1] + " " + number
    return name[:width]


def move_word(move: CuckooMove | None, showed_king: bool) -> str:
    """One word for a move: stood / changed / blocked (a king refused) / swapped (the deck)."""
    if move is None:
        return "K shown" if showed_king else ""
    return {"stand": "stood", "change": "changed", "blocked": "blocked", "swap": "swapped"}[move.kind]


SCREENS = {"cuckoo": CuckooScreen}
