"""The Thirteen table: one line per seat (cards held, knocked, out), the combination to beat in
the middle, your hand at the bottom, lowest to highest.

Keys on your turn: ``n`` steps to the next play that may go down now (``b`` back) and marks its
cards; ``space`` marks cards by hand; ``enter`` plays what is marked (nothing marked: the card
under the cursor, or a choice of the plays containing it); ``p`` knocks.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events

from cardarcade.cards import Card
from cardarcade.rules.base import Action
from cardarcade.rules.thirteen import (
    BLUE,
    KNOCK,
    RED,
    SHOW,
    Combo,
    classify,
    in_order,
    key,
    ordinal,
    why_not,
)
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._turn_keys import MARK, TURN_KEYS
from cardarcade.ui.games.turn import CHOICE_KEYS, Command, TurnScreen, fan_overlap
from cardarcade.ui.widgets.cards import Slot, ascii_suits, render_row

TABLE_WIDTH = 38  # columns the combination on the table may use beside its description
STEPS = {"next": 1, "previous": -1}  # the next and the previous play that may go down now
RESULT_LINES = 10  # the result screen's lines besides a line a player and the cards left
RESULT_PADDING = 4  # the result screen's columns left and right of what it shows


class ThirteenScreen(TurnScreen):
    HIDDEN_HANDS = True
    KEYS = TurnScreen.KEYS.with_(
        TURN_KEYS["play"].worded(
            listed="play what is marked; with nothing marked, the card under the cursor (or a choice of the plays that hold it)"
        ),
        MARK.worded(listed="mark cards yourself"),
        command(
            "next", "n", "next play", listed="step through the plays you may make now (chops last), marking their cards"
        ),
        command("previous", "b", "previous play", listed="step back"),
        command("knock", "p", "knock", asks=KNOCK),
        command("show", "w", "show four 2s or 3s", listed="show four 2s or 3s, and win the deal"),
        notes=["A play that is not allowed says why."],
    )

    CSS = """
    ThirteenScreen #seats { grid-gutter: 0 2; }
    ThirteenScreen .seat { text-wrap: nowrap; text-overflow: ellipsis; }
    ThirteenScreen #center { content-align: left top; padding: 0 1; }
    """

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.step = -1  # the play ``n`` last marked, in ``stepped_plays``
        self._step_situation: tuple | None = None

    # ---- layout: a line per seat, two columns (three past eight players)

    def seat_grid(self) -> tuple[int, int]:
        columns = 2 if self.game.players <= 8 else 3
        return columns, -(-self.game.players // columns)

    def seat_style(self) -> str:
        return "line"

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        active = view.turn == seat
        wide = self.game.players <= 8  # two columns; else three, of 24 columns each at 80x24
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append("▶ " if active else "  ", style="bold")
        name = self.names[seat]
        level = self.seat_level(seat) if wide else ""
        if level:
            name += f" ({level})"
        width = 16 if wide else 7
        line.append(name[:width].ljust(width), style="bold reverse" if active else "bold")
        held = view.hand_counts[seat]
        if seat in view.out:
            line.append(f" OUT {ordinal(view.out.index(seat) + 1)}", style="bold")
            return line
        line.append(f" {held:2}", style="bold")
        if view.back_counts is not None:
            blue, red = view.back_counts[seat][BLUE], view.back_counts[seat][RED]
            line.append(f" ({blue}b {red}r)" if wide else f" {blue}b{red}r", style="dim")
        elif wide:
            line.append(" cards" if held != 1 else " card ", style="dim")
        if view.knocked[seat]:
            line.append(" knocked" if wide else " pass", style="italic dim")
        elif view.owner == seat:
            line.append(" ◆ on top" if wide else " ◆top", style="bold")
        return line

    # ---- centre: the combination to beat

    def render_center(self) -> RenderableType:
        view = self.view
        table = view.table_combo
        lines: list[Text] = [self.situation()]
        marked = self.marked_cards()
        if marked and self.actor is not None:
            lines.append(self.marked_line(marked))
        if table is not None:
            overlap = fan_overlap(table.size, TABLE_WIDTH)
            slots = [Slot(c, caption="r" if c.back == RED else "") for c in table.cards]  # red backs, as in the hand
            cards_row = render_row(slots, self.app.palette, ascii_only=self.app.ascii_glyphs, overlap=overlap)
        else:
            cards_row = render_row([Slot()], self.app.palette, ascii_only=self.app.ascii_glyphs)
        info = Text()
        for line in self.info_lines():
            info.append_text(line)
            info.append("\n")
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=max(len(line) for line in cards_row.plain.split("\n")))
        grid.add_column()
        grid.add_row(cards_row, info)
        return Group(*lines, grid)

    def situation(self) -> Text:
        """The line above the table: what is to beat, or who leads."""
        view = self.view
        table = view.table_combo
        if view.turn is None:
            return Text("The deal is over.", style="bold")
        if view.instant is not None:
            who = self.names[view.instant]
            dealt = "You were" if who == "You" else f"{who} was"
            return Text(f"{dealt} dealt four 2s or four 3s: showing them wins the deal", style="bold")
        if table is None:
            who = self.names[view.turn]
            verb = "lead" if who == "You" else "leads"
            if view.must is not None:
                return Text(f"{who} {verb}: the first play must contain the {self.label(view.must)}", style="bold")
            return Text(f"{who} {verb}: any combination", style="bold")
        owner = self.names[view.owner] if view.owner is not None else ""
        whose = "your" if owner == "You" else f"{owner}'s"
        what = table.name().removeprefix("a ")
        return Text(f"To beat: {whose} {what}", style="bold")

    def info_lines(self) -> list[Text]:
        view = self.view
        lines = []
        knocked = [self.names[p] for p, k in enumerate(view.knocked) if k]
        if knocked:
            lines.append(Text("Knocked: " + ", ".join(knocked)))
        if view.out:
            lines.append(
                Text("Out: " + ", ".join(f"{self.names[p]} ({ordinal(i + 1)})" for i, p in enumerate(view.out)))
            )
        chops = "Chops beat 2s only" if view.chops_beat == "twos" else "Chops beat anything"
        lines.append(Text(f"{chops} · {len(view.played)} played · {view.aside} set aside", style="dim"))
        if view.deals > 1:
            wins = ", ".join(f"{self.names[p]} {w}" for p, w in enumerate(view.wins) if w)
            lines.append(Text(f"Deal {view.deal} of {view.deals}" + (f" · wins: {wins}" if wins else ""), style="dim"))
        if view.redeals:
            lines.append(Text(f"Redealt {view.redeals}×: a hand held four 2s or four 3s", style="dim"))
        if view.packs == 2:
            lines.append(Text("Two packs: r marks a red back (above blue)", style="dim"))
        return lines

    def marked_line(self, marked: list[Card]) -> Text:
        text = Text("Marked: ", style="bold")
        text.append(self.cards_text(marked))
        reason = self.cards_refusal(marked)
        combo = classify(marked)
        if reason is None and combo is not None:
            text.append(f" — {combo.name()}: enter plays it")
        else:
            text.append(f" — {reason}", style="italic")
        return text

    def render_final(self) -> RenderableType | None:
        """The cards each player was left holding, on the result screen: a line a player, or
        flowed into a paragraph when there are many, or nothing where even that would be cut off
        (the standings count them)."""
        view = self.view
        if view.shown is None or not any(view.shown):
            return None
        # What the result screen leaves below the standings (a line a player) at this height.
        room = self.app.size.height - view.players - RESULT_LINES
        held = [(seat, hand) for seat, hand in enumerate(view.shown) if hand]
        if 1 + len(held) <= room:
            lines = [Text("Cards left:", style="bold")]
            for seat, hand in held:
                line = Text("  " + self.names[seat][:14].ljust(15))
                line.append_text(self.cards_text(hand))
                lines.append(line)
            return Group(*lines)
        flowed = Text()
        flowed.append("Cards left: ", style="bold")
        for i, (seat, hand) in enumerate(held):
            flowed.append(" · " if i else "")
            flowed.append(f"{self.names[seat]} ", style="bold")
            flowed.append_text(self.cards_text(hand))
        # wrapped here: the result screen sizes this to its widest line, which must not be the whole paragraph
        lines = flowed.wrap(self.app.console, self.app.size.width - RESULT_PADDING)
        return Group(*lines) if len(lines) <= room else None

    # ---- text helpers

    def cards_refusal(self, cards: list[Card]) -> str | None:
        """Why the viewer may not play ``cards`` now (None: they may), suits in this app's glyphs."""
        view = self.view
        reason = why_not(cards, view.hand, view.table_combo, view.must, view.chops_beat)
        return ascii_suits(reason) if reason is not None and self.app.ascii_glyphs else reason

    def label(self, card: Card) -> str:
        return card.label(self.app.ascii_glyphs) + ("(r)" if card.back == RED else "")

    def cards_text(self, cards: list[Card]) -> Text:
        out = Text()
        for i, card in enumerate(in_order(cards)):
            if i:
                out.append(" ")
            out.append_text(self.card_label(card))
            if card.back == RED:
                out.append("(r)", style="dim")
        return out

    # ---- your hand

    def hand_cards(self) -> list[Card]:
        return list(self.view.hand)  # lowest to highest, as the engine keeps it

    def marked_cards(self) -> list[Card]:
        hand = self.hand_cards()
        return [hand[i] for i in self.marked if i < len(hand)]

    def render_hand(self, hand: list[Card]) -> RenderableType:
        if self.view.packs == 1:
            return super().render_hand(hand)
        # two packs: a red back is captioned under its card, as a player sees it from the side
        active = self.actor is not None

        def slot(i: int) -> Slot:
            caption = "●" if i in self.marked else ""
            if i == self.cursor:
                caption += self.cursor_mark(active)
            if hand[i].back == RED:
                caption += "r"
            return Slot(hand[i], highlight=i in self.marked, caption=caption)

        return self.hand_row(len(hand), slot)

    def refresh_all(self) -> None:
        super().refresh_all()
        situation = (self.view.deal, len(self.view.played), len(self.view.table), tuple(self.view.knocked), self.actor)
        if situation != self._step_situation:
            self._step_situation, self.step = situation, -1

    # ---- stepping through the plays

    def stepped_plays(self) -> list[Combo]:
        """The plays that may go down now, in the order ``n`` visits them: ordinary plays from
        the lowest up (a lead: by its lowest card), then chops."""
        view = self.view
        leading = not view.table
        return sorted(
            view.legal_plays(), key=lambda c: (c.chop, key(c.cards[0]) if leading else key(c.top), c.size, key(c.top))
        )

    def step_play(self, direction: int) -> None:
        if self.view.instant is not None:
            self.say("Nothing to play: w (or enter) shows your hand and wins the deal")
            return
        plays = self.stepped_plays()
        if not plays:
            self.say("No play beats the table — p knocks")
            return
        self.step = (self.step + direction) % len(plays) if self.step >= 0 or direction > 0 else len(plays) - 1
        combo = plays[self.step]
        hand = self.hand_cards()
        self.marked = [hand.index(c) for c in combo.cards]
        self.cursor = self.marked[-1]
        self.show("hand", self.render_hand(hand))
        self.show("center", self.render_center())
        self.say(
            f"Play {self.step + 1} of {len(plays)}: {combo.name()}, {self.cards_text(list(combo.cards)).plain} — "
            "enter plays it, n/b step on"
        )

    def toggle_mark(self) -> None:
        super().toggle_mark()
        self.show("center", self.render_center())

    async def on_key(self, event: events.Key) -> None:
        verb = self.keys.by_key.get(event.key)
        if verb is not None and verb.name in STEPS:
            event.stop()
            event.prevent_default()
            if self.actor is None:
                self.say(self.why_not(event.key))
            else:
                self.step_play(STEPS[verb.name])
            return
        await super().on_key(event)

    # ---- moves

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is not None and self.view.instant == actor:
            return [self.command("show", SHOW, "show them and win the deal")]
        if actor is None or not self.view.table:
            return []
        return [self.command("knock", KNOCK)]

    def why_not(self, key: str) -> str:
        reason = self.refusal(key)
        if self.keys.by_key[key].name == "knock" and reason is not None:  # (on one's lead: what it may be)
            must = self.view.must
            what = f"it must contain the {self.label(must)}" if must is not None else "any combination goes"
            return f"{key} knock: {reason} — {what}"
        return super().why_not(key)

    def confirm(self) -> None:
        if self.actor is None:
            super().confirm()
            return
        view = self.view
        hand = self.hand_cards()
        if view.instant is not None:
            self.submit(SHOW)
            return
        if self.marked:
            picked = self.marked_cards()
            reason = self.cards_refusal(picked)
            if reason is not None:
                self.say(f"{self.cards_text(picked).plain}: {reason}")
                return
            self.submit(Action("play", in_order(picked)))
            return
        card = hand[self.cursor]
        with_it = sorted((c for c in view.legal_plays() if card in c.cards), key=lambda c: (c.size, key(c.top)))
        if with_it and with_it[0].size == 1:
            self.submit(with_it[0].action())
        elif with_it and len(with_it) <= len(CHOICE_KEYS):
            self.choose([c.action() for c in with_it], f"Plays with the {self.label(card)}")
        elif with_it:
            self.say(f"{len(with_it)} plays hold the {self.label(card)}: mark its cards with space, or step with n")
        else:
            self.say(f"{self.label(card)}: {self.cards_refusal([card])}")

    def describe_action(self, action: Action) -> str:
        if action == KNOCK:
            return "Knock"
        if action == SHOW:
            return "Show your hand and win the deal"
        combo = classify(action.cards)
        what = combo.name() if combo is not None else "cards"
        return f"{self.cards_text(list(action.cards)).plain} ({what})"

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None or view.turn is None:
            return self.waiting_prompt(view.turn)
        if view.instant is not None:
            return "Dealt four 2s or 3s: the deal is yours"
        steps = "n next play · space mark · enter play"
        table = view.table_combo
        if table is None:
            return f"Your lead — {steps}"
        return f"Beat {table.name()} — {steps}"


SCREENS = {"thirteen": ThirteenScreen}
