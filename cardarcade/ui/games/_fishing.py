"""Screens for the fishing games, Go Fish and Authors: each seat's hand size and books around,
the stock and the latest question in the middle, your hand at the bottom grouped by rank.

Asking: move to a card with the arrows; enter asks for its rank (Go Fish) or opens the missing
cards of its rank (Authors), then the players to ask. A player's number (shown on their panel)
asks that player straight away. The log tells every question and answer in plain words (f2:
all of them since the deal).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events

from cardarcade.cards import Card, Rank
from cardarcade.rules._fishing import ALL_BOOKS
from cardarcade.rules.base import Action, Event
from cardarcade.ui.keymaps import Verb
from cardarcade.ui.games._turn_keys import TURN_KEYS
from cardarcade.ui.games.turn import ChoiceScreen, TurnScreen
from cardarcade.ui.widgets.cards import Slot, ascii_suits, render_row


class FishingScreen(TurnScreen):
    HIDDEN_HANDS = True
    DEFAULT_CSS = """
    FishingScreen #center { content-align: left middle; padding: 0 1; }
    """

    KEYS = TurnScreen.KEYS.with_(
        TURN_KEYS["play"].worded(
            "ask", footer="Ask", listed="ask for the rank under the cursor (then pick the player)"
        ),
        Verb(
            "ask_player",
            ",".join("123456789"),
            help="ask that player",
            listed="ask the player of that number (shown on their panel) for it directly",
        ),
        notes=["F2 shows the whole table talk so far (every question and answer since the deal)."],
    )
    last_question = ""
    last_asker: int | None = None  # whose question (or draw) the headline tells

    # ---- what is asked for

    def asks_for(self, card: Card) -> list[Card | Rank]:
        """What may be asked for with ``card`` under the cursor: its rank, or its missing cards."""
        raise NotImplementedError

    def ask(self, target: int, what: Card | Rank) -> Action:
        raise NotImplementedError

    def what_words(self, what: Card | Rank) -> str:
        if isinstance(what, Card):
            return f"the {what.label(self.app.ascii_glyphs)}"
        return what.plural

    def describe_action(self, action: Action) -> str:
        what: Card | Rank = action.cards[0] if action.cards else Rank(action.value)
        return f"Ask {self.names[action.target]} for {self.what_words(what)}"

    # ---- drawing

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        header = self.seat_header(seat, view.turn == seat)
        header.append(f" [{seat + 1}]", style="dim")
        count = view.hand_sizes[seat]
        line = Text(f"{count} card{'s' if count != 1 else ''}")
        level = self.seat_level(seat)
        if level:
            line.append(f" {level}", style="dim")
        books = view.books[seat]
        shelf = (
            Text(
                f"{len(books)} book{'s' if len(books) != 1 else ''}: " + " ".join(r.label for r in books), style="bold"
            )
            if books
            else Text("no books", style="dim")
        )
        # four panels in a row leave 15 columns: a long line of books is cut short, never wrapped
        for part in (header, line, shelf):
            part.no_wrap, part.overflow = True, "ellipsis"
        return Group(header, line, shelf)

    def render_center(self) -> RenderableType:
        view = self.view
        stock = Slot(None, back=view.stock > 0, caption=f"{view.stock} left")
        lines = [Text(self.headline(), style="bold")]
        if view.drawn is not None:  # private: only the drawer's own view holds it
            # under someone else's question it is said to be from your own turn, not the answer to it
            said = "Your card from the stock: " if self.last_asker == view.seat else "You drew earlier: "
            lines.append(Text.assemble(said, self.card_label(view.drawn)))
        down = sum(len(b) for b in view.books)
        lines.append(
            Text(f"Books down: {down} of {ALL_BOOKS} · questions {view.asks} of at most {view.max_asks}", style="dim")
        )
        lines += self.hints()
        grid = Table.grid(padding=(0, 3))
        grid.add_row(render_row([stock], self.app.palette, ascii_only=self.app.ascii_glyphs), Group(*lines))
        return grid

    def headline(self) -> str:
        """The latest question and its answer, as the log tells it."""
        return self.last_question or "Collect books of four: ask the others for cards."

    def hints(self) -> list[Text]:
        rules = []
        if self.view.one_per_answer and not self.view.by_card:
            rules.append("one card per answer")
        if self.setup.options.lucky_draw:
            rules.append("a lucky draw goes on")
        return [Text("House rules: " + ", ".join(rules), style="dim italic")] if rules else []

    def turn_prompt(self) -> str:
        if self.actor is None:
            return self.waiting_prompt(self.view.turn, "ask")
        card = self.cursor_card()
        if card is None:
            return ""
        keys = ", ".join(str(t + 1) for t in self.game.targets(self.actor))
        return f"Ask for {self.cursor_words(card)}: enter, or a player's number ({keys})"

    def cursor_words(self, card: Card) -> str:
        return card.rank.plural

    def refresh_all(self) -> None:
        """Keep the cursor on the same card when cards come and go around it."""
        before = self.cursor_card() if self.is_mounted else None
        super().refresh_all()
        hand = self.hand_cards()
        if before in hand and hand.index(before) != self.cursor:
            self.cursor = hand.index(before)
            self.show("hand", self.render_hand(hand))
            self.show("center", self.render_center())
            if self.table is not None and self.table.started:
                self.show("prompt", Text(self.prompt()))

    def move_cursor(self, dx: int, dy: int) -> None:
        super().move_cursor(dx, dy)
        self.show("prompt", Text(self.prompt()))
        self.show("center", self.render_center())

    # ---- the log in public words

    def _on_table(self, events_: list[Event], seat: int | None) -> None:
        super()._on_table(self.spoken(events_), seat)

    def spoken(self, events_: list[Event]) -> list[Event]:
        """Events as the log tells them: each question and its answer on one line, and "you" in
        lower case inside a sentence ('Bot 2 asks you for sevens — you hand over two')."""
        out: list[Event] = []
        for event in events_:
            text = self.words(event)
            if event.kind in ("give", "deny") and out and out[-1].kind == "ask":
                question = out.pop()
                text = f"{question.text} — {text[0].lower() if text.startswith('You') else text[0]}{text[1:]}"
                self.last_question, self.last_asker = text, question.seat
                event = Event(
                    "ask",
                    question.seat,
                    text,
                    question.cards,
                    question.target,
                    data={**question.data, "answer": event.kind},
                )
            elif event.kind == "draw":  # a draw without a question (an empty hand) is the news now
                self.last_question, self.last_asker = text, event.seat
            out.append(Event(event.kind, event.seat, text, event.cards, event.target, event.data))
        return out

    def words(self, event: Event) -> str:
        """The sentence with names filled in (braces in names kept from reading as placeholders)."""
        said = event.describe(self.names).replace("{", "(").replace("}", ")")
        return ascii_suits(said) if self.app.ascii_glyphs else said

    def toggle_mark(self) -> None:
        if self.actor is not None:
            self.say(f"One rank at a time — {self.prompt()}")

    # ---- keys

    async def on_key(self, event: events.Key) -> None:
        verb = self.keys.by_key.get(event.key)
        if self.actor is not None and verb is not None and verb.name == "ask_player":
            event.stop()
            event.prevent_default()
            self.ask_player(int(event.key) - 1)
            return
        await super().on_key(event)

    def cursor_card(self) -> Card | None:
        hand = self.hand_cards()
        return hand[min(self.cursor, len(hand) - 1)] if hand else None  # the hand may just have shrunk

    def ask_player(self, target: int) -> None:
        """A digit: ask that player for what the cursor card allows."""
        card = self.cursor_card()
        if card is None or self.actor is None:
            return
        if target not in self.game.targets(self.actor):
            if target == self.actor:
                why = "You cannot ask yourself"
            elif target < self.game.players:
                why = f"{self.names[target]} has no cards to ask for"
            else:
                why = f"There is no player {target + 1}"
            # the reason and the numbers that do ask someone: the whole prompt would run past 80 columns
            numbers = [str(t + 1) for t in self.game.targets(self.actor)]
            self.say(
                f"{why} — ask {', '.join(numbers[:-1])} or {numbers[-1]}"
                if len(numbers) > 1
                else f"{why} — ask {numbers[0]}"
            )
            return
        self.pick_what(card, lambda what: self.submit(self.ask(target, what)))

    def confirm(self) -> None:
        card = self.cursor_card()
        if self.actor is None or card is None:
            super().confirm()
            return
        self.pick_what(card, self.pick_target)

    def pick_what(self, card: Card, then) -> None:
        """Go Fish: the cursor's rank. Authors: the one missing card, or a choice of them."""
        options = self.asks_for(card)
        if len(options) == 1:
            then(options[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self.call_after_refresh(then, options[index])

        labels = [self.what_words(o).capitalize() for o in options]
        ChoiceScreen.ask(self, f"Which {card.rank.word} will you ask for?", labels, chosen)

    def pick_target(self, what: Card | Rank) -> None:
        actor = self.actor
        if actor is None:
            return
        targets = self.game.targets(actor)
        actions = [self.ask(t, what) for t in targets]
        if len(actions) == 1:
            self.submit(actions[0])
        else:
            # numbered by seat, as on the panels and the prompt: "3" is always player [3]
            self.choose(actions, f"Ask whom for {self.what_words(what)}?", [t + 1 for t in targets])
