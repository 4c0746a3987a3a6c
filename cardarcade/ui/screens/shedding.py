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

from cardarcade.cards import AROUND_THE_CORNER, RANKS, Card, Suit
from cardarcade.rules.base import Action
from cardarcade.rules.dig import DIG, SUIT_NAMES, WILD, name_text
from cardarcade.rules.neosho_rapids import DRAW, fits
from cardarcade.ui.screens.turn import Command, TurnScreen, command_binding
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

    def command_for(self, key: str, labels: dict[str, str]) -> list[Command]:
        """The actor's legal card-less moves on ``key``, labelled by kind."""
        if self.actor is None:
            return []
        return [Command(key, labels[a.kind], a) for a in self.game.legal_actions(self.actor) if a.kind in labels]

    def why_not(self, key: str) -> str:
        """The engine's reason, said short: "d: you dig only when nothing fits — <the prompt>"."""
        reason = self.refusal(key)
        return f"{key}: {reason} — {self.prompt()}" if reason is not None else super().why_not(key)


class NeoshoRapidsScreen(SheddingScreen):
    MARKING = True  # a chain of cards marked in order
    BINDINGS = [command_binding("d", "Draw")]
    COMMAND_KEYS = {"d": "draw & end turn"}
    KEY_ACTIONS = {"d": DRAW}

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
        return self.command_for("d", {"draw": "end turn" if nothing else "draw & end turn"})

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


class DigScreen(SheddingScreen):
    BINDINGS = [command_binding("d", "Dig/pass")]

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

    COMMAND_KEYS = {"d": "dig until a card fits"}
    KEY_ACTIONS = {"d": DIG}

    def commands(self) -> list[Command]:
        return self.command_for("d", {"dig": "dig until a card fits", "pass": "pass"})

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


SCREENS = {"neosho-rapids": NeoshoRapidsScreen, "dig": DigScreen}
