"""The Dig table: enter plays the card under the cursor; an eight opens a dialog to name a suit
or a rank; ``d`` digs (or passes when there is nothing left to dig).
"""

from __future__ import annotations

from rich.text import Text

from cardarcade.cards import AROUND_THE_CORNER, Card, Suit
from cardarcade.rules.base import Action
from cardarcade.rules.dig import DIG, SUIT_NAMES, WILD, name_text
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._turn_keys import TURN_KEYS
from cardarcade.ui.games._shedding import SheddingScreen, a_or_an
from cardarcade.ui.games.turn import Command


class DigScreen(SheddingScreen):
    KEYS = SheddingScreen.KEYS.with_(
        TURN_KEYS["play"].worded(listed="play the card under the cursor (an eight then asks what to name)"),
        command(
            "dig",
            "d",
            "dig until a card fits",
            footer="Dig/pass",
            listed="dig until a card fits (or pass when there is nothing left to dig)",
            asks=DIG,
        ),
    )

    @staticmethod
    def hand_order(card: Card) -> tuple:
        """By suit, eights (wild) last."""
        return (card.rank is WILD, card.suit.value, AROUND_THE_CORNER.value(card))

    def refresh_all(self) -> None:
        """A card just dug goes under the cursor: it is the one to look at, and to play if it fits."""
        before = list(self.view.drawn)
        super().refresh_all()
        drawn, hand = self.view.drawn, self.hand_cards()
        if drawn and drawn != before and self.actor is not None and drawn[-1] in hand:
            self.cursor = hand.index(drawn[-1])
            self.show("hand", self.render_hand(hand))

    def center_lines(self) -> list[Text]:
        view = self.view
        lines = []
        if view.named:
            lines.append(Text(f"An eight named {name_text(view.named)}", style="bold"))
        lines.append(self.match_line())
        if view.dug:
            lines.append(
                Text(
                    f"{self.names[view.turn]} dug {view.dug} card{'s' if view.dug != 1 else ''} this turn"
                    if view.turn is not None
                    else ""
                )
            )
        lines += self.drawn_lines("Your last dig")
        lines.append(
            Text(
                "Eights are wild: they name a suit or a rank."
                if view.eight_names == "suit_or_rank"
                else "Eights are wild: they name a suit.",
                style="dim",
            )
        )
        return lines

    def match_line(self) -> Text:
        """'Play: a ♥ or a 9, or any eight', until the game is over."""
        if self.game.is_over:
            return Text("Game over", style="bold")
        match = Text("Play: ", style="bold")
        match.append(self.requirement())
        if not self.eights_required():
            match.append(", or any eight")
        return match

    def named_short(self, named: str) -> str:
        return self.suit_mark(Suit(named)) if named in SUIT_NAMES else named

    def eights_required(self) -> bool:
        """Whether the requirement names the eights already ('a ♠ or an 8' on an eight turned
        up), so 'or an eight' would name them twice."""
        named, up = self.view.named, self.view.upcard
        return named == WILD.label if named is not None else up.rank is WILD

    def requirement(self) -> str:
        """What the next card must be: 'a ♥ or a 9', 'a ♠', 'a Q'."""
        named, up = self.view.named, self.view.upcard
        if named is None:
            return f"a {self.suit_mark(up.suit)} or {a_or_an(up.rank.label)}"
        return f"a {self.named_short(named)}" if named in SUIT_NAMES else a_or_an(named)

    def commands(self) -> list[Command]:
        return self.command_for("dig", {"dig": "dig until a card fits", "pass": "pass"})

    def submit(self, action: Action) -> None:
        """The text digs on until a card fits: one key does it all (each card dug is logged)."""
        super().submit(action)
        while action == DIG and self.actor is not None and self.game.legal_actions(self.actor) == [DIG]:
            super().submit(DIG)

    def describe_action(self, action: Action) -> str:
        if action.kind == "play" and action.value:
            named = str(action.value)
            mark = f" {self.named_short(named)}" if named in SUIT_NAMES else ""
            return f"Name {name_text(named)}{mark}"
        if action.kind == "play":
            return f"Play {action.card.label(self.app.ascii_glyphs)}"
        return "Dig a card" if action == DIG else "Pass"

    def turn_prompt(self) -> str:
        if self.actor is None:
            return self.waiting_prompt(self.view.turn)
        if self.commands():
            return "Nothing fits"
        eights = "" if self.eights_required() else " or an eight"
        return f"Play {self.requirement()}{eights} (enter)"

    def confirm(self) -> None:
        """An eight asks what to name; other cards play at once."""
        hand = self.hand_cards()
        if self.actor is None or not hand or self.marked:
            super().confirm()
            return
        card = hand[self.cursor]
        if card.rank is not WILD:
            super().confirm()
            return
        actions = [a for a in self.game.legal_actions(self.actor) if a.card == card]
        what = "a suit or a rank" if self.view.eight_names == "suit_or_rank" else "a suit"
        self.choose(actions, f"{card.label(self.app.ascii_glyphs)} is wild: name {what}")


SCREENS = {"dig": DigScreen}
