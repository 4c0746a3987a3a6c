"""Bura's table: a line per seat with its tokens and its won cards face down (no total: counting
them is the game), the stock and the trump upcard, the pot, and the cards led and answered.
Several cards go out together: space marks them, enter plays them."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import BURA, Card
from cardarcade.rules.base import Action, fill
from cardarcade.rules.bura import CLAIM, COMBO_NAMES, DECLARE, DECLINE, PASS
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._turn_keys import MARK
from cardarcade.ui.games._tricks import TrickScreen
from cardarcade.ui.games.turn import Command, TurnScreen
from cardarcade.ui.widgets.cards import Slot, render_row


class BuraScreen(TrickScreen):
    ORDER = BURA
    KEYS = TrickScreen.KEYS.with_(
        MARK.worded(listed="mark cards for a lead or an answer of several"),
        command("declare", "d", "declare 31", asks=DECLARE),
        command("pass", "p", "let the hand end", listed="let a played-out hand end", asks=PASS),
        command("announce", "a", "announce a special lead"),
        command("quiet", "n", "let the lead stand", listed="keep a special lead quiet"),
    )

    def seat_grid(self) -> tuple[int, int]:
        return 1, 2

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        line = self.seat_line(seat, view.dealer)
        line.append(f" {view.bank[seat]:>3} tokens", style="bold")
        tricks = view.tricks_won[seat]
        line.append(f" · {tricks} trick{'s' if tricks != 1 else ''} face down" if tricks else " · no tricks")
        return line

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        if view.upcard is not None:
            piles = [Slot(None, back=True, caption=f"{view.stock + 1} left"), Slot(view.upcard, caption="trumps")]
        elif view.stock:
            piles = [Slot(None, back=True, caption=f"{view.stock} dead")]
        else:
            piles = [Slot(None, caption="used up")]
        table = render_row(piles, palette, ascii_only=ascii_only)
        trick = self.trick_cards()
        info = Text()
        info.append(f"Hand {view.hand_no}", style="bold")
        info.append(" · trumps ")
        info.append(view.trump.letter if ascii_only else view.trump.glyph, style="bold")
        info.append(f" · pot {view.pot}\n")
        if not view.drawing and view.turn is not None:
            info.append("No more drawing this hand\n", style="dim")
        if view.special:
            info.append(
                fill(f"{{seat}} [leads|lead] {COMBO_NAMES[view.special]} out of turn\n", self.names, view.leader, None),
                style="bold",
            )
        if view.last_winner is not None and view.last_trick:
            info.append_text(self.last_trick_line(view))
            info.append("\n")
        elif view.last_hand is not None:
            info.append("Last hand: " + fill(view.last_hand, self.names, view.last_hand_seat, None) + "\n")
        if view.final:
            info.append(f"Cards played out: {self.names[view.last_winner]} may declare 31\n")  # type: ignore[index]
        info.rstrip()
        cards = Table.grid(padding=(0, 2))
        cards.add_column(width=16)
        cards.add_column()
        cards.add_row(table, trick)
        stack = Table.grid()
        stack.add_row(info)
        stack.add_row(cards)
        return stack

    def trick_cards(self) -> Text:
        """The cards led, then an empty place for each card of the answer."""
        view = self.view
        if not view.led:
            return Text("")
        slots = [Slot(c, caption=self.short_name(view.leader)) for c in view.led]
        slots += [Slot(None, caption=self.short_name(1 - view.leader)) for _ in view.led]
        return render_row(slots, self.app.palette, ascii_only=self.app.ascii_glyphs)

    # ---- playing several cards

    def playable(self) -> set[Card]:
        view = self.view
        return set(view.hand) if self.actor is not None and not view.final and not view.offer else set()

    def render_hand(self, hand: list[Card]) -> RenderableType:
        return TurnScreen.render_hand(self, hand)  # every card may be played: show the marks instead

    def actions_for_selection(self, selected: list[Card]) -> list[Action]:
        return TurnScreen.actions_for_selection(self, selected)

    def confirm(self) -> None:
        view = self.view
        hand = self.hand_cards()
        if self.actor is not None and view.led and hand:
            picked = tuple(hand[i] for i in (self.marked or [self.cursor]))
            reason = self.engine_reason(Action("play", picked))
            if reason is not None:
                self.say(f"{reason}: mark them with space, then enter")
                return
        if self.actor is not None and view.special:
            self.submit(self.game.legal_actions(self.actor)[0])
            return
        if self.actor is not None and view.offer:
            self.say(self.prompt())
            return
        super().confirm()

    def why_not_card(self, card: Card) -> str:
        reason = self.engine_reason(Action("play", (card,)))
        if reason is None:
            return f"The {card} may not be played now"
        return f"{reason}: d declares 31, p lets the hand end"  # (the only reason a card is refused)

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is None:
            return []
        legal = self.game.legal_actions(actor)
        out = []
        if CLAIM in legal:
            out.append(self.command("announce", CLAIM, "lead it out of turn"))
            out.append(self.command("quiet", DECLINE, f"let {self.names[1 - actor]} lead"))
        if DECLARE in legal:
            out.append(self.command("declare", DECLARE))
        if PASS in legal:
            out.append(self.command("pass", PASS))
        return out

    def describe_action(self, action: Action) -> str:
        if action.kind == "play":
            return "Play " + " ".join(c.label(self.app.ascii_glyphs) for c in action.cards)
        return str(action)

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None:
            return self.waiting_prompt(view.turn)
        if view.final:
            return "The last trick is yours"
        if view.offer:
            return f"You hold {COMBO_NAMES[view.offer]}"  # (the keys follow: one line at 80 columns)
        if view.special:
            return f"You lead {COMBO_NAMES[view.special]}: enter"
        if view.led:
            n = len(view.led)
            return f"Answer {n}: space marks, enter" if n > 1 else "Answer: ←→ and enter"
        return "Your lead: space marks, enter"

    def render_final(self) -> RenderableType | None:
        view = self.view
        return Text(f"Tokens: {self.names[0]} {view.bank[0]}, {self.names[1]} {view.bank[1]}")


SCREENS = {"bura": BuraScreen}
