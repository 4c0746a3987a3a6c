"""Trick-taking tables: one line per seat, the trick on the table in the middle, your hand at the
bottom with the cards you may not play now dimmed.

``TrickScreen`` holds what the games share (the seat line, the trick as a row of cards with
who played each, playing a card by the cursor and enter); each game adds its own centre notes
and moves.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import POLIGNAC, Card
from cardarcade.rules._tricks import PlayedCard
from cardarcade.rules.base import Action
from cardarcade.ui.games.turn import TurnScreen
from cardarcade.ui.widgets.cards import Slot, render_row

CAPTION = 7  # a card's width: a name under a card is cut to it


class TrickScreen(TurnScreen):
    HIDDEN_HANDS = True
    SUIT_ORDER = "sdch"  # hands are sorted by suit in this order (alternating colours), then rank
    ORDER = POLIGNAC  # the game's rank order, high cards to the right within a suit

    CSS = """
    TrickScreen #seats { grid-gutter: 0 2; }
    TrickScreen .seat { text-wrap: nowrap; text-overflow: ellipsis; }
    TrickScreen #center { min-height: 7; content-align: left top; padding: 0 1; }
    """

    def seat_grid(self) -> tuple[int, int]:
        return 2, -(-self.game.players // 2)

    def seat_style(self) -> str:
        return "line"

    # ---- seats

    @staticmethod
    def points_words(points: int, width: int = 2) -> str:
        """A seat's points for its line, right-aligned: ' 1 pt', ' 12 pts'."""
        return f" {points:>{width}} {'pt' if abs(points) == 1 else 'pts'}"

    def seat_line(self, seat: int, dealer: int | None = None) -> Text:
        """'▶ Ann (hard)' padded to a column: the turn marker, or the dealer's D."""
        view = self.view
        active = view.turn == seat
        line = Text(no_wrap=True, overflow="ellipsis")
        if active or seat != dealer:
            line.append("▶ " if active else "  ", style="bold")
        else:
            line.append_text(Text.assemble(("D", "bold reverse"), " "))
        name = self.names[seat]
        level = self.seat_level(seat)
        if level:
            name += f" ({level})"
        line.append(name[:16].ljust(16), style="bold reverse" if active else "bold")
        return line

    # ---- the trick

    def last_trick_line(self, view) -> Text:
        """'Ann took the last trick: 9♠ K♠ ', from a view with ``last_winner`` and ``last_trick``."""
        return self.cards_after(
            f"{self.names[view.last_winner]} took the last trick: ", (t.card for t in view.last_trick)
        )

    def trick_row(self, trick: list[PlayedCard], leader: int, players: int, waiting: bool = True) -> Text:
        """The cards on the table in the order played, each captioned with its player; with
        ``waiting``, an empty place for each player still to play."""
        slots = [Slot(t.card, caption=self.short_name(t.seat)) for t in trick]
        if waiting:
            for i in range(len(trick), players):
                seat = (leader + i) % players
                slots.append(Slot(None, caption=self.short_name(seat)))
        return render_row(slots, self.app.palette, ascii_only=self.app.ascii_glyphs)

    def short_name(self, seat: int) -> str:
        """A name short enough to caption a card. Names that would cut to the same caption
        ('Player 1', 'Player 2') lose their spaces and keep their last letter instead."""
        name = self.names[seat]
        if self.view.seat == seat and name == "You":
            return "you"
        if len(name) <= CAPTION:
            return name
        last = name.rsplit(" ", 1)[-1]
        if " " in name and last.isdigit():  # "Player 2": its number tells it apart, so it stays
            squeezed = name.replace(" ", "")
            return squeezed if len(squeezed) <= CAPTION else squeezed[: CAPTION - len(last) - 1] + "…" + last
        others = {other[:CAPTION] for p, other in enumerate(self.names) if p != seat}
        if name[:CAPTION] not in others:
            return name[:CAPTION]
        squeezed = name.replace(" ", "")
        return squeezed if len(squeezed) <= CAPTION else squeezed[: CAPTION - 2] + "…" + squeezed[-1]

    def beside(self, left: RenderableType, right: RenderableType, width: int) -> Table:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=width)
        grid.add_column()
        grid.add_row(left, right)
        return grid

    # ---- your hand

    def hand_cards(self) -> list[Card]:
        order = self.ORDER
        return sorted(self.view.hand, key=lambda c: (self.SUIT_ORDER.index(c.suit.value), order.value(c)))

    def playable(self) -> set[Card]:
        return set(getattr(self.view, "playable", []) or [])

    def render_hand(self, hand: list[Card]) -> RenderableType:
        if not hand:
            return Text("")
        active = self.actor is not None
        ok = self.playable()

        def slot(i: int) -> Slot:
            caption = self.cursor_mark(active) if i == self.cursor else ""
            return Slot(hand[i], dim=active and hand[i] not in ok, caption=caption)

        return self.hand_row(len(hand), slot)

    def refresh_all(self) -> None:
        super().refresh_all()
        # On your turn the cursor starts on a card you may play.
        card = self.under_cursor()
        ok = self.playable()
        if self.actor is not None and card is not None and ok and card not in ok:
            hand = self.hand_cards()
            self.cursor = next(i for i, c in enumerate(hand) if c in ok)
            if self.HAND_ROW:
                self.show("hand", self.render_hand(hand))

    def under_cursor(self) -> Card | None:
        hand = self.hand_cards()
        return hand[self.cursor] if hand and self.cursor < len(hand) else None

    def actions_for_selection(self, selected: list[Card]) -> list[Action]:
        actor = self.actor
        if actor is None or len(selected) != 1:
            return []
        return [a for a in self.game.legal_actions(actor) if a.kind == "play" and a.cards == (selected[0],)]

    def confirm(self) -> None:
        card = self.under_cursor()
        if self.actor is not None and card is not None and card not in self.playable():
            self.say(self.why_not_card(card))
            return
        super().confirm()

    def why_not_card(self, card: Card) -> str:
        reason = self.engine_reason(Action("play", (card,)))
        return f"{reason} (the bright cards)" if reason is not None else f"The {card} may not be played now"

    def describe_action(self, action: Action) -> str:
        return f"Play the {action.cards[0]}" if action.cards else str(action)

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None:
            return self.waiting_prompt(view.turn)
        return "Your lead: ←→ and enter" if not view.trick else "Your turn: ←→ and enter"
