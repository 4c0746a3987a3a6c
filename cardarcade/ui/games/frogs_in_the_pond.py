"""Frogs in the Pond's table: a line per seat with its side, tricks and frogs taken and the score;
the trick in the middle (in the order the players sit), who partners whom, the pond, and the
viewer's own frogs (nobody else's: not even a partner's). A card that does not follow suit
when the player could asks first: a revoke costs points and must never happen by accident."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from cardarcade.cards import ACES_HIGH, Card
from cardarcade.rules._tricks import PlayedCard, play
from cardarcade.table.table import how_many
from cardarcade.ui.games._tricks import TrickScreen
from cardarcade.ui.games.turn import ChoiceScreen
from cardarcade.ui.widgets.cards import Slot, render_row
from cardarcade.ui.widgets.lines import packed

SIDE_MARKS = "AB"  # the two sides of partners at four


class FrogsScreen(TrickScreen):
    ORDER = ACES_HIGH
    KEYS = TrickScreen.KEYS.with_(
        notes=[
            "Cards that follow suit are bright; a card that does not follow when you could asks you to confirm the revoke first."
        ]
    )

    # ---- seats

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        line = self.seat_line(seat, view.dealer)
        if view.partnership:
            line.append(f" {SIDE_MARKS[view.side[seat]]}", style="bold")
        line.append(self.points_words(view.scores[view.side[seat]], width=3), style="bold")
        # one frog comes with every trick: the count says both
        tricks = view.tricks_won[seat]
        line.append(f" {tricks} trick{'' if tricks == 1 else 's'}", style="dim")
        return line

    # ---- the middle

    def trick_row(self, trick: list[PlayedCard], leader: int, players: int, waiting: bool = True) -> Text:
        """The trick with an empty place for each player still to play, in the order they sit."""
        slots = [Slot(t.card, caption=self.short_name(t.seat)) for t in trick]
        if waiting:
            ring = self.view.ring
            start = ring.index(leader)
            for i in range(len(trick), players):
                slots.append(Slot(None, caption=self.short_name(ring[(start + i) % players])))
        return render_row(slots, self.app.palette, ascii_only=self.app.ascii_glyphs)

    def partners_line(self) -> str:
        """'You & Bot 2 (red) v Bot 1 & Bot 3 (black)': the colours each side drew, or '(chosen)'."""
        view = self.view
        groups = []
        for side in range(max(view.side) + 1):
            members = [p for p in range(view.players) if view.side[p] == side]
            group = " & ".join(self.names[p] for p in members)
            if view.drawn:
                group += " (red)" if view.drawn[members[0]].is_red else " (black)"
            groups.append(group)
        return " v ".join(groups) + ("" if view.drawn else " (chosen)")

    def render_center(self) -> RenderableType:
        view = self.view
        info = Text()
        info.append(f"Hand {view.hand_no}", style="bold")
        info.append(f" · to {view.target} · pond: {how_many(view.pond, 'frog')}\n")
        if view.partnership:
            info.append(self.partners_line() + "\n")
        info.append("10s 10, 5s 5, A 4, K 3, Q 2, J 1" + (", J♠ -10" if view.tadpole else "") + "\n", style="dim")
        if view.seat is not None:
            info.append("Your frogs: ")
            if view.my_frogs:
                for card in view.my_frogs:
                    info.append_text(self.card_label(card))
                    info.append(" ")
            else:
                info.append("none", style="dim")
            info.append("\n")
        if view.last_winner is not None and view.last_trick:
            info.append_text(self.last_trick_line(view))
            info.append("\n")
        elif view.last_hand is not None:
            info.append("Last hand: " + self.side_points(view.last_hand) + "\n")
        if view.turn is None:
            return info
        trick = self.trick_row(view.trick, view.leader, view.players)
        return self.beside(trick, info, 8 * view.players)

    def side_points(self, points: list[int]) -> str:
        view = self.view
        parts = []
        for side, n in enumerate(points):
            members = [self.names[p] for p in view.ring if view.side[p] == side]
            parts.append(f"{' & '.join(members)} {n}")
        return ", ".join(parts)

    def render_final(self) -> RenderableType | None:
        view = self.view
        result = self.game.result
        text = Text()
        if result is not None and result.partners_won:
            # the standings list the partners as two winners: say plainly that they won together
            names = " and ".join(self.names[p] for p in result.winners)
            text.append(f"{names} win together as partners.\n", style="bold")
        width = max(40, self.app.size.width - 4)  # (the result's padding)
        text.append_text(
            Text("\n").join(
                packed(
                    Text("Final scores: ", style="bold"),
                    [Text(part) for part in self.side_points(view.scores).split(", ")],
                    width,
                    sep=", ",
                )
            )
        )
        if view.last_frogs is not None:
            frogs = [
                Text(f"{self.names[seat]} ") + Text(" ").join(map(self.card_label, view.last_frogs[seat]))
                for seat in view.ring
                if view.last_frogs[seat]
            ]
            text.append("\n")
            text.append_text(Text("\n").join(packed(Text("Frogs of the last hand: "), frogs, width)))
        return text

    # ---- playing, and the revoke asked for

    def confirm(self) -> None:
        card = self.under_cursor()
        view = self.view
        if self.actor is not None and card is not None and card in view.revoking and not self.marked:
            self.ask_revoke(card)
            return
        super().confirm()

    def ask_revoke(self, card: Card) -> None:
        led = self.view.trick[0].card.suit
        title = (
            f"The {card.label(self.app.ascii_glyphs)} does not follow suit, and you hold "
            f"{led.noun}. A revoke costs {self.view.revoke_penalty} points."
        )
        labels = ["Take it back and follow suit", f"Revoke: play the {card.label(self.app.ascii_glyphs)} anyway"]

        def chosen(index: int | None) -> None:
            if index == 1:
                self.call_after_refresh(self.submit, play(card))

        ChoiceScreen.ask(self, title, labels, chosen)

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None:
            return self.waiting_prompt(view.turn)
        if not view.trick:
            return "Your lead: ←→ and enter"
        return "Your turn: ←→ and enter (bright cards follow suit)"


SCREENS = {"frogs-in-the-pond": FrogsScreen}
