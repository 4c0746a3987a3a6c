"""The Neosho Rapids table: enter plays the card under the cursor and the turn goes on, so a chain
is built one card at a time and shown in the middle in the order played; or mark several cards
with space (numbered in order) and enter plays them as a chain. ``d`` draws and ends the turn.
"""

from __future__ import annotations

from rich.text import Text

from cardarcade.cards import AROUND_THE_CORNER, RANKS, Card
from cardarcade.rules.base import Action
from cardarcade.rules.neosho_rapids import DRAW, fits
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._turn_keys import MARK, TURN_KEYS
from cardarcade.ui.games._shedding import SheddingScreen, a_or_an
from cardarcade.ui.games.turn import Command


class NeoshoRapidsScreen(SheddingScreen):
    KEYS = SheddingScreen.KEYS.with_(
        TURN_KEYS["play"].worded(
            listed="play the card under the cursor, or the marked cards as a chain (this turn's chain shows in the middle)"
        ),
        MARK.worded(listed="mark several cards, in the order of the chain"),
        command("draw", "d", "draw & end turn", footer="Draw", asks=DRAW),
    )

    def center_lines(self) -> list[Text]:
        view = self.view
        lines = [Text(f"Next card: {self.neighbours(view.upcard)}", style="bold")]
        if view.chain:
            chain = Text("This turn: ")
            chain.append_text(self.cards_text(view.chain, " → "))
            lines.append(chain)
        else:
            lines.append(Text("This turn: no card played yet", style="dim"))
        lines += self.drawn_lines("Your last draw")
        lines.append(Text("Aces go on kings and on 2s.", style="dim"))
        if self.marked and self.actor is not None:
            hand = self.hand_cards()
            marked = Text("Marked chain: ")
            marked.append_text(self.cards_text([hand[i] for i in self.marked], " → "))
            marked.append("  (enter plays it)", style="dim")
            lines.append(marked)
        return lines

    @staticmethod
    def neighbours(card: Card) -> str:
        ranks = [r for r in RANKS if AROUND_THE_CORNER.adjacent(r, card.rank)]
        return a_or_an(" or ".join(r.label for r in ranks))

    def commands(self) -> list[Command]:
        nothing = not self.game.can_draw()
        return self.command_for("draw", {"draw": "end turn" if nothing else "draw & end turn"})

    def describe_action(self, action: Action) -> str:
        if action.kind == "play":
            return f"Play {action.card.label(self.app.ascii_glyphs)}"
        return "Draw a card and end the turn"

    def turn_prompt(self) -> str:
        if self.actor is None:
            return self.waiting_prompt(self.view.turn)
        view = self.view
        up = view.upcard.label(self.app.ascii_glyphs)
        can_play = any(fits(c, view.upcard) for c in view.hand)
        if not can_play:
            return f"Nothing follows {up}"
        if DRAW not in self.game.legal_actions(self.actor):
            return f"Play {self.neighbours(view.upcard)} on {up} (enter)"
        return f"Go on from {up} (enter)"

    def toggle_mark(self) -> None:
        super().toggle_mark()
        self.show("center", self.render_center())

    def confirm(self) -> None:
        """Marked cards are played as a chain in the order they were marked."""
        if len(self.marked) < 2 or self.actor is None:
            super().confirm()
            return
        hand = self.hand_cards()
        chain = [hand[i] for i in self.marked]
        on = self.view.upcard
        for card in chain:
            if not fits(card, on):
                self.say(
                    f"{card.label(self.app.ascii_glyphs)} does not follow {on.label(self.app.ascii_glyphs)}: "
                    "each card must be one rank from the one before (space unmarks)"
                )
                return
            on = card
        for card in chain:
            self.submit(Action("play", (card,)))
            if self.game.is_over:
                break
        self.marked = []
        self.refresh_all()


SCREENS = {"neosho-rapids": NeoshoRapidsScreen}
