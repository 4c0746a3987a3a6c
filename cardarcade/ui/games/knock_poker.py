"""The Knock Poker table: one line per seat, the stock and the discard in the middle, your hand
(with what it is worth) at the bottom.

Keys on your turn: ``d`` draws from the stock, ``p`` picks up the discard; then the cursor and
``enter`` discard a card, ``n`` discards it and knocks.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import Card
from cardarcade.poker import HandValue, best_of, evaluate
from cardarcade.rules.base import Action
from cardarcade.rules.knock_poker import DRAW, TAKE, KnockMove
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._turn_keys import TURN_KEYS
from cardarcade.ui.games.turn import Command, TurnScreen
from cardarcade.ui.widgets.cards import Slot, render_row


class KnockPokerScreen(TurnScreen):
    HIDDEN_HANDS = True
    KEYS = TurnScreen.KEYS.with_(
        TURN_KEYS["play"].worded(listed="discard the card under the cursor (it starts on the card you drew)"),
        command("draw", "d", "draw from the stock"),
        command("take", "p", "pick up the discard"),
        command("knock", "n", "discard and knock", listed="discard the card under the cursor and knock"),
        notes=["Your hand is shown high to low, with the new card at the right."],
    )

    # One line per seat: what does not fit its column ends in an ellipsis instead of wrapping.
    CSS = """
    KnockPokerScreen #seats { grid-gutter: 0 2; }
    KnockPokerScreen .seat { text-wrap: nowrap; text-overflow: ellipsis; }
    KnockPokerScreen #center { min-height: 7; content-align: left top; padding: 0 1; }
    """

    # ---- layout: a compact row per seat, two columns

    def seat_grid(self) -> tuple[int, int]:
        return 2, -(-self.game.players // 2)

    def seat_style(self) -> str:
        return "line"

    # ---- seats

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        active = view.turn == seat
        # one column marks whose turn it is, or else the dealer (as in Cuckoo; the centre names the dealer too)
        line = Text(no_wrap=True, overflow="ellipsis")
        if active or seat != view.dealer:
            line.append("▶ " if active else "  ", style="bold")
        else:
            line.append_text(Text.assemble(("D", "bold reverse"), " "))
        name = self.names[seat]
        level = self.seat_level(seat)
        if level:
            name += f" ({level})"
        line.append(name[:16].ljust(16), style="bold reverse" if active else "bold")
        if view.knocker == seat:
            line.append(" KNOCKED", style="bold")
        if view.shown is not None and view.values is not None:
            line.append(" " + HandValue(view.values[seat]).name, style="italic")
            return line
        moves = self.last_turn(seat)
        if view.knocker == seat:
            moves = moves[-1:]  # the knock itself says enough
        for i, move in enumerate(moves):
            line.append(" ")
            line.append_text(self.move_text(move, then=i + 1 < len(moves)))
        shown = {m.card for m in moves if m.kind == "take"}
        known = [c for c in view.known[seat] if c not in shown] if seat != view.seat else []
        if known:
            line.append(" · holds " if moves else " holds ", style="dim")  # ('drew · holds 2♣', not 'drew holds')
            for i, card in enumerate(known):
                line.append(" " if i else "")
                line.append_text(self.card_label(card))
        return line

    def last_turn(self, seat: int) -> list[KnockMove]:
        """The seat's latest turn as remembered: its draw, and its discard once made."""
        mine = [m for m in self.view.moves if m.seat == seat][-2:]
        if len(mine) == 2 and mine[1].kind in ("take", "draw"):
            return mine[1:]  # a new turn has begun: the draw alone
        return mine if mine and mine[0].kind in ("take", "draw") else mine[-1:]

    def move_text(self, move: KnockMove, then: bool = False) -> Text:
        if move.kind == "draw":
            return Text("drew," if then else "drew", style="italic")
        word = {"take": "took ", "discard": "threw ", "knock": "threw "}[move.kind]
        text = Text(word, style="italic")
        if move.card is not None:
            text.append_text(self.card_label(move.card))
        if then:
            text.append(",")
        return text

    # ---- centre: the stock, the discard, the knock, your hand's worth

    def render_center(self) -> RenderableType:
        view = self.view
        if view.shown is not None:
            return self.render_showdown()
        piles = render_row(
            [Slot(None, back=view.stock > 0, caption="stock"), Slot(view.discard_top, caption="discard")],
            self.app.palette,
            ascii_only=self.app.ascii_glyphs,
        )
        info = Text()
        info.append(f"Round {view.round} of at most {view.max_rounds}", style="bold")
        info.append(f" · {self.names[view.dealer]} dealt · {view.stock} in the stock")
        if view.reshuffles:
            info.append(f" (reshuffled {view.reshuffles}×)", style="dim")
        info.append("\n")
        if view.knocker is not None:
            who = self.names[view.knocker]
            info.append(f"{who} knocked: ", style="bold")
            left = view.turns_left
            info.append(f"{left} more turn{'s' if left != 1 else ''}, then the hands are shown\n")
        else:
            info.append("Nobody has knocked yet.\n", style="dim")
        worth = self.hand_worth()
        if worth:
            info.append("\n")
            info.append_text(worth)
        grid = Table.grid(padding=(0, 3))
        grid.add_column(width=15)
        grid.add_column()
        grid.add_row(piles, info)
        return grid

    def hand_worth(self) -> Text | None:
        """'Your hand: pair of kings' (with six cards, the best five of them)."""
        hand = self.view.hand
        if len(hand) < 5:
            return None
        if len(hand) == 5:
            return Text.assemble("Your hand: ", (evaluate(hand).name, "bold"))
        value, _ = best_of(hand)
        return Text.assemble("Best five of your six: ", (value.name, "bold"))

    def render_final(self) -> RenderableType | None:
        """The showdown stays on the result screen: every hand, face up, with its name."""
        if self.view.shown is None:
            return None
        why = Text(
            "The score beside each name: the share, in per cent, of all 2,598,960 five-card hands that the hand beats.",
            style="dim",
        )
        return Group(self.render_showdown(), why)

    def render_showdown(self) -> RenderableType:
        view = self.view
        assert view.shown is not None and view.values is not None
        best = max(view.values)
        lines: list[RenderableType] = [Text("The hands are shown:", style="bold")]
        for seat, hand in enumerate(view.shown):
            line = Text(
                ("★ " if view.values[seat] == best else "  ") + self.names[seat][:14].ljust(15),
                style="bold" if view.values[seat] == best else "",
            )
            for card in high_to_low(hand):
                line.append_text(self.card_label(card))
                line.append(" ")
            line.append(" " + HandValue(view.values[seat]).name, style="italic")
            lines.append(line)
        return Group(*lines)

    # ---- your hand

    def refresh_all(self) -> None:
        # A fresh draw puts the cursor on the new card, the one most often thrown straight back;
        # a picked-up discard that may not go back, on the lowest card held instead.
        drawn = self.view.drawn if self.view.seat is not None else None
        super().refresh_all()
        view = self.view
        if view.drawn is not None and view.drawn is not drawn:
            stuck = view.drawn_from == "discard" and not view.throw_back
            self.cursor = len(self.hand_cards()) - (2 if stuck else 1)
            self.show("hand", self.render_hand(self.hand_cards()))
            self.show("prompt", Text(self.prompt()))

    def hand_cards(self) -> list[Card]:
        """Your cards high to low, so pairs sit together; a card just drawn stays at the right."""
        drawn = self.view.drawn
        held = high_to_low(c for c in self.view.hand if c is not drawn)
        return held + [drawn] if drawn is not None else held

    def render_hand(self, hand: list[Card]) -> RenderableType:
        if not hand:
            return Text("")
        active = self.actor is not None
        drawn = self.view.drawn
        slots = []
        for i, card in enumerate(hand):
            caption = "new" if card is drawn else ""
            if i == self.cursor and self.view.phase == "discard":
                caption = self.cursor_mark(active) + caption
            slots.append(Slot(card, highlight=card is drawn, caption=caption))
        return render_row(slots, self.app.palette, ascii_only=self.app.ascii_glyphs)

    def under_cursor(self) -> Card | None:
        hand = self.hand_cards()
        return hand[self.cursor] if hand and self.cursor < len(hand) else None

    # ---- moves

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is None:
            return []
        legal = self.game.legal_actions(actor)
        view = self.view
        out = []
        if DRAW in legal:
            out.append(self.command("draw", DRAW))
        if TAKE in legal and view.discard_top is not None:
            out.append(self.command("take", TAKE, f"pick up the {view.discard_top}"))
        card = self.under_cursor()
        if view.phase == "discard" and card is not None:
            knock = Action("knock", (card,))
            if knock in legal:
                out.append(self.command("knock", knock, f"discard the {card} and knock"))
        return out

    def actions_for_selection(self, selected: list[Card]) -> list[Action]:
        actor = self.actor
        if actor is None or len(selected) != 1:
            return []
        action = Action("discard", (selected[0],))
        return [action] if action in self.game.legal_actions(actor) else []

    def confirm(self) -> None:
        if self.actor is not None and self.view.phase == "draw":
            self.say("First draw: d from the stock, p to pick up the discard")
            return
        if (
            self.actor is not None
            and self.view.drawn is not None
            and self.under_cursor() is self.view.drawn
            and self.view.drawn_from == "discard"
            and not self.view.throw_back
        ):
            self.say("You may not throw back the card you just picked up — choose another")
            return
        self.marked = []
        super().confirm()

    def toggle_mark(self) -> None:
        self.say("One card at a time: move to it and press enter (n: discard it and knock)")

    def move_cursor(self, dx: int, dy: int) -> None:
        super().move_cursor(dx, dy)
        self.show("prompt", Text(self.prompt()))  # the knock label names the card

    def describe_action(self, action: Action) -> str:
        if action == DRAW:
            return "Draw from the stock"
        if action == TAKE:
            return f"Pick up the {self.view.discard_top}"
        card = action.cards[0] if action.cards else None
        if action.kind == "knock":
            return f"Discard the {card} and knock"
        return f"Discard the {card}"

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None or view.turn is None:
            return self.waiting_prompt(view.turn)
        last = " (your last turn)" if view.knocker is not None else ""
        if view.phase == "draw":
            return f"Your turn{last}"
        return f"Discard a card: ←→ and enter{last}"


def high_to_low(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.suit.value), reverse=True)


SCREENS = {"knock-poker": KnockPokerScreen}
