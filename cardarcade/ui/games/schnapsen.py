"""The Schnapsen table: the stock and the trump card, the trick, marriages shown and the hand's news."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import SCHNAPSEN, Card, Rank
from cardarcade.rules.base import Action
from cardarcade.rules.schnapsen import CLOSE, EXCHANGE, OUT, PASS
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._tricks import TrickScreen
from cardarcade.ui.games.turn import Command
from cardarcade.ui.widgets.cards import Slot, render_row


class SchnapsenScreen(TrickScreen):
    ORDER = SCHNAPSEN
    KEYS = TrickScreen.KEYS.with_(
        command(
            "marry",
            "m",
            "show a marriage",
            listed="show a marriage with the card under the cursor, and lead it",
            asks=Action("marry"),
        ),
        command("exchange", "x", "exchange the trump jack", asks=EXCHANGE),
        command("close", "c", "close the stock", asks=CLOSE),
        command("out", "o", "declare 66", asks=OUT),
        command("pass", "p", "let the hand end", listed="let the last hand end", asks=PASS),
    )

    def seat_grid(self) -> tuple[int, int]:
        return 1, 2  # a whole row each: the marriages shown need the room

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        line = self.seat_line(seat, view.dealer)
        line.append(f" {view.scores[seat]} of {view.target} game pts", style="bold")
        if view.points is not None:  # the house rule: running points shown
            line.append(f" · {view.points[seat]} in hand")
        if view.closed_by == seat:
            line.append(" · CLOSED", style="bold")
        shown = [m for m in view.marriages if m.seat == seat]
        for m in shown:
            line.append(" · ")
            line.append_text(self.card_label(Card.of(Rank.KING, m.suit)))
            line.append_text(self.card_label(Card.of(Rank.QUEEN, m.suit)))
            # shown, but counted only at its player's next trick won
            line.append(f" {m.points}" + ("" if m.scored else " pending"), style="" if m.scored else "dim")
        return line

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        if view.closed_by is not None:
            piles = [Slot(None, back=True, caption="closed")]
        elif view.upcard is not None:
            piles = [Slot(None, back=True, caption=f"stock {view.stock}"), Slot(view.upcard, caption="trumps")]
        else:
            piles = [Slot(None, caption="used up")]
        table = render_row(piles, palette, ascii_only=ascii_only)
        trick = self.trick_row(view.trick, view.leader, 2, waiting=view.turn is not None and not view.final)
        info = Text()
        info.append(f"Hand {view.hand_no}", style="bold")
        info.append(" · trumps ")
        info.append(view.trump.letter if ascii_only else view.trump.glyph, style="bold")
        info.append(f" · match to {view.target}\n")
        if view.strict:
            info.append("Strict: follow, beat it, else trump\n", style="bold")
        else:
            info.append("Stock open: any card may be played\n", style="dim")
        if view.last_winner is not None and view.last_trick:
            info.append_text(self.last_trick_line(view))
            info.append("\n")
        elif view.last_hand is not None:
            winner = 0 if view.last_hand[0] else 1
            n = view.last_hand[winner]
            info.append(f"Last hand: {self.names[winner]} +{n} game point{'s' if n > 1 else ''}\n")
        if view.final:
            info.append(f"Hands played out: {self.names[view.last_winner]} may declare 66\n")  # type: ignore[index]
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=16)
        grid.add_column(width=16)
        grid.add_column()
        grid.add_row(table, trick, info)
        return grid

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is None:
            return []
        legal = self.game.legal_actions(actor)
        out = []
        card = self.under_cursor()
        marriage = next((a for a in legal if a.kind == "marry" and a.cards[0] is card), None)
        if marriage is None:
            marriage = next((a for a in legal if a.kind == "marry"), None)
        if marriage is not None:
            out.append(self.command("marry", marriage, f"marriage, lead the {marriage.cards[0]}"))
        if EXCHANGE in legal:
            out.append(self.command("exchange", EXCHANGE, f"exchange for the {self.view.upcard}"))
        if CLOSE in legal:
            out.append(self.command("close", CLOSE, "close"))
        if OUT in legal:
            out.append(self.command("out", OUT))
        if PASS in legal:
            out.append(self.command("pass", PASS))
        return out

    def move_cursor(self, dx: int, dy: int) -> None:
        super().move_cursor(dx, dy)
        self.show("prompt", Text(self.prompt()))  # the marriage label names the card

    def why_not_card(self, card: Card) -> str:
        if self.view.final:  # (which keys end the hand: the engine knows no keys)
            return "The hands are played out: o declares 66, p lets the hand end"
        return super().why_not_card(card)

    def describe_action(self, action: Action) -> str:
        if action.kind == "marry":
            return f"Show the marriage and lead the {action.cards[0]}"
        return super().describe_action(action)

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None:
            return self.waiting_prompt(view.turn)
        if view.final:
            return "The last trick is yours"
        return super().turn_prompt()

    def render_final(self) -> RenderableType | None:
        view = self.view
        return Text(f"Match: {self.names[0]} {view.scores[0]}, {self.names[1]} {view.scores[1]} game points")


SCREENS = {"schnapsen": SchnapsenScreen}
