"""Screens for the shedding games, Neosho Rapids and Dig: the stock and the upcard in the
middle, each player's card count around, your hand at the bottom.

Neosho Rapids: enter plays the card under the cursor and the turn goes on, so a chain is built
one card at a time and shown in the middle in the order played; or mark several cards with
space (numbered in order) and enter plays them as a chain. ``d`` draws and ends the turn.
Dig: enter plays the card under the cursor; an eight opens a dialog to name a suit or a rank;
``d`` digs (or passes when there is nothing left to dig).
"""

from __future__ import annotations


from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import AROUND_THE_CORNER, Card, Suit
from cardarcade.ui.games.turn import Command, TurnScreen
from cardarcade.ui.widgets.cards import Slot, render_row

DRAWN_SHOWN = 8  # the latest cards of a long dig that fit on one line


def a_or_an(label: str) -> str:
    return ("an " if label[0] in "8A" else "a ") + label


class SheddingScreen(TurnScreen):
    HIDDEN_HANDS = True
    # ---- what every shedding table shows

    def hand_cards(self) -> list[Card]:
        """The hand in a steady order, so a drawn card finds its place among its fellows."""
        return sorted(self.view.hand, key=self.hand_order)

    @staticmethod
    def hand_order(card: Card) -> tuple:
        return (AROUND_THE_CORNER.value(card), card.suit.value)

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        header = self.seat_header(seat, view.turn == seat)
        level = self.seat_level(seat)
        if level:
            header.append(f" {level}", style="dim")
        header.no_wrap, header.overflow = True, "ellipsis"  # four panels in a row: 14 columns
        count = view.hand_sizes[seat]
        line = Text(f"{count} card{'s' if count != 1 else ''}")
        return Group(header, line, self.seat_note(seat))

    def seat_note(self, seat: int) -> Text:
        """The player's last turn in short: '10♣ 9♣, drew', 'dug 2, 4♥', '8♣→♠'."""
        history = [m for m in self.view.history if m.kind != "rebuild"]
        last = next((m for m in reversed(history) if m.seat == seat), None)
        if last is None:
            return Text("")
        # narrow panels (three or four players) skip the label
        note = Text("last: " if self.game.players == 2 else "", style="dim", no_wrap=True, overflow="ellipsis")
        turn = [m for m in history if m.seat == seat and m.turn == last.turn]
        played = Text(" ").join(
            self.card_label(m.card) + (f"→{self.named_short(m.named)}" if m.named else "")
            for m in turn
            if m.kind == "play" and m.card is not None
        )
        digs = sum(1 for m in turn if m.kind == "dig")
        parts = [Text(f"dug {digs}")] if digs else []
        parts += [played] if played else []
        parts += [Text({"draw": "drew", "pass": "passed"}[m.kind]) for m in turn if m.kind in ("draw", "pass")]
        note.append_text(Text(", ").join(parts))
        return note

    def named_short(self, named: str) -> str:
        """What a wild card named, in a glyph or two (Dig)."""
        return named

    def render_center(self) -> RenderableType:
        view = self.view
        stock = Slot(None, back=view.stock > 0, caption=f"{view.stock} left")
        up = Slot(view.upcard, highlight=True, caption="upcard")
        cards = render_row([stock, up], self.app.palette, ascii_only=self.app.ascii_glyphs, gap=2)
        grid = Table.grid(padding=(0, 3))
        grid.add_row(cards, Group(*self.center_lines()))
        return grid

    def center_lines(self) -> list[Text]:
        return []

    def drawn_lines(self, what: str) -> list[Text]:
        """The viewer's own latest draw (private: only ever from the viewer's view), until their
        next move answers it (a draw left on screen after it read as the draw just made)."""
        own = [m for m in self.view.history if m.seat == self.viewer and m.kind != "rebuild"]
        if not self.view.drawn or (own and own[-1].kind not in ("draw", "dig")):
            return []
        drawn = self.view.drawn
        line = Text(f"{what}: " + ("… " if len(drawn) > DRAWN_SHOWN else ""), style="dim")
        line.append_text(self.cards_text(drawn[-DRAWN_SHOWN:]))
        return [line]

    def suit_mark(self, suit: Suit) -> str:
        return suit.letter if self.app.ascii_glyphs else suit.glyph

    def cards_text(self, cards: list[Card], joiner: str = " ") -> Text:
        return Text(joiner).join(self.card_label(c) for c in cards)

    def command_for(self, verb: str, labels: dict[str, str]) -> list[Command]:
        """The actor's legal card-less moves by ``verb``'s key, labelled by kind."""
        if self.actor is None:
            return []
        return [self.command(verb, a, labels[a.kind]) for a in self.game.legal_actions(self.actor) if a.kind in labels]

    def why_not(self, key: str) -> str:
        """The engine's reason, said short: "d: you dig only when nothing fits — <the prompt>"."""
        reason = self.refusal(key)
        return f"{key}: {reason} — {self.prompt()}" if reason is not None else super().why_not(key)
