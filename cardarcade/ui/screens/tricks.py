"""Trick-taking tables: one line per seat, the trick on the table in the middle, your hand at the
bottom with the cards you may not play now dimmed.

``TrickScreen`` holds what the games share (the seat line, the trick as a row of cards with
who played each, playing a card by the cursor and enter); each game adds its own centre notes
and moves.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardarcade.cards import POLIGNAC, SCHNAPSEN, Card, Rank
from cardarcade.rules._tricks import PlayedCard
from cardarcade.rules.base import Action
from cardarcade.rules.schnapsen import CLOSE, EXCHANGE, OUT, PASS
from cardarcade.ui.screens.turn import Command, TurnScreen
from cardarcade.ui.widgets.cards import Slot, render_row

CAPTION = 7  # a card's width: a name under a card is cut to it


def flowed(first: str, parts: list[str], width: int) -> str:
    """``first`` then ``parts`` separated by commas, in lines of ``width`` columns, each part
    kept whole (a name and its score never part at the end of a line)."""
    tokens = [f"{part}," for part in parts[:-1]] + parts[-1:]
    lines, line = [], first
    for token in tokens:
        if cell_len(line) + 1 + cell_len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}"
    return "\n".join([*lines, line])


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


class PolignacScreen(TrickScreen):
    ORDER = POLIGNAC

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        line = self.seat_line(seat, view.dealer)
        line.append(self.points_words(view.scores[seat]), style="bold")
        # the jacks taken this hand, as everyone saw them go (the row has room for all four)
        jacks = [c for c in view.won[seat] if c.rank.label == "J"]
        if jacks:
            line.append(" ")
        for card in jacks:
            line.append(" ")
            line.append_text(self.card_label(card))
        return line

    def render_center(self) -> RenderableType:
        view = self.view
        info = Text()
        info.append(f"Hand {view.hand_no}", style="bold")
        info.append(f" · game to {view.target}, lowest wins\n")
        info.append(f"Each jack taken costs 1, the J♠ {view.polignac_points}\n", style="dim")
        first_trick = len(view.played) < view.players  # (the last trick taken is then the last hand's)
        if view.last_hand is not None and first_trick:
            scores = [f"{self.names[p]} {n}" for p, n in enumerate(view.last_hand) if n]
            info.append(flowed("Last hand:", scores, self.info_width(view.players)) + "\n")
        if view.last_winner is not None and view.last_trick and not first_trick:
            info.append_text(
                self.cards_after(
                    f"{self.names[view.last_winner]} took the last trick: ", (t.card for t in view.last_trick)
                )
            )
        if view.turn is None:
            return info
        trick = self.trick_row(view.trick, view.leader, view.players)
        return self.beside(trick, info, 8 * view.players)

    def info_width(self, players: int) -> int:
        """The columns beside the trick (the centre's padding, the trick, the gap)."""
        center = self.query_one("#center").content_size.width or self.app.size.width - 2
        return center - 8 * players - 2

    def render_final(self) -> RenderableType | None:
        view = self.view
        if view.last_hand is None:
            return None
        text = Text("Points in the last hand: ", style="bold")
        text.append(", ".join(f"{self.names[p]} {n}" for p, n in enumerate(view.last_hand)))
        return text


class SchnapsenScreen(TrickScreen):
    ORDER = SCHNAPSEN
    # Every command letter, so one pressed when its move is not open says why not.
    COMMAND_KEYS = {
        "m": "show a marriage",
        "x": "exchange the trump jack",
        "c": "close the stock",
        "o": "declare 66",
        "p": "let the hand end",
    }
    KEY_ACTIONS = {"m": Action("marry"), "x": EXCHANGE, "c": CLOSE, "o": OUT, "p": PASS}

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
            info.append_text(
                self.cards_after(
                    f"{self.names[view.last_winner]} took the last trick: ", (t.card for t in view.last_trick)
                )
            )
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
            out.append(Command("m", f"marriage, lead the {marriage.cards[0]}", marriage))
        if EXCHANGE in legal:
            out.append(Command("x", f"exchange for the {self.view.upcard}", EXCHANGE))
        if CLOSE in legal:
            out.append(Command("c", "close", CLOSE))
        if OUT in legal:
            out.append(Command("o", "declare 66", OUT))
        if PASS in legal:
            out.append(Command("p", "let the hand end", PASS))
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


SCREENS = {"polignac": PolignacScreen, "schnapsen": SchnapsenScreen}
