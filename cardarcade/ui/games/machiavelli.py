"""The Machiavelli table: one line for the players, the table's groups in rows (scrolled to the
cursor when they outgrow the screen), your hand under it.

The cursor is on a card of a group or of your hand (drawn as cards). ``←`` ``→`` move along
it, ``↑`` ``↓`` go from group to group (down past the last group: your hand); the digits jump
to a group by its number (two digits for group 10 and on). ``space`` picks up the card under
the cursor, or drops the card you hold on the group under the cursor (on your hand: takes back
a card you put down this turn); ``f`` puts the card held, or else the card under the cursor, on
the group it fits best; ``n`` drops it on a new group (or moves the card under the cursor to
one). ``u`` puts everything back, ``enter`` ends the turn, ``d`` draws (asking first when cards
have moved: drawing puts them back).

Every group that is not a meld is marked ``!``; ``*`` marks the groups changed since your last
turn, and the line above the table says how many, so in hot-seat each person sees what the
others did; the cards the others moved since then are underlined until you move one yourself
(then the cards you put down this turn are).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import events

from cardarcade.cards import Card
from cardarcade.rules.base import Action
from cardarcade.rules.base import Event
from cardarcade.rules.machiavelli import DRAW, END, PASS, RESET, RETURN, MachiavelliView, fit, split_layout
from cardarcade.ui.keymaps import Verb, command
from cardarcade.ui.games._turn_keys import MARK, TURN_KEYS
from cardarcade.ui.games._panels import panel_width
from cardarcade.ui.games.turn import Command, TurnScreen

TABLE_WIDTH = 76  # the centre's columns at 80x24 (its padding takes four)
HAND_WIDTH = 76
HAND = -1  # the cursor's "group" when it is in the hand
TURN_ENDS = frozenset({"meld", "draw", "pass", "penalty"})  # events that end a turn
MOVES_KEPT = 8  # turns that put cards down, remembered for lighting what they moved
GROUP_DIGITS = "1234567890"  # jump to a group by its number ("0" alone: group 10)
ROWS = Text("\n", no_wrap=True, overflow="ellipsis")  # joins rows that must never wrap
# (the count in words, the level on a second line), best first: the level is never dropped
SEAT_LAYOUTS = ((True, False), (False, False), (True, True), (False, True))
SUIT_ORDER = {"s": 0, "h": 1, "c": 2, "d": 3}  # black and red alternate along the hand


def hand_order(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (SUIT_ORDER[c.suit.value], int(c.rank), c.back))  # type: ignore[union-attr]


def moved_cards(before: list[list[Card]], after: list[list[Card]]) -> frozenset[Card]:
    """The cards of ``after`` not in the group they were in ``before``: each group of ``after``
    is matched with the group of ``before`` it shares most cards with (each used once, the
    largest shares first); a card that came from a hand, or from another group, moved."""
    shares = sorted(
        ((len(set(new) & set(old)), n, o) for n, new in enumerate(after) for o, old in enumerate(before)), reverse=True
    )
    matched: dict[int, int] = {}
    for share, n, o in shares:
        if share and n not in matched and o not in matched.values():
            matched[n] = o
    return frozenset(
        card for n, new in enumerate(after) for card in new if n not in matched or card not in before[matched[n]]
    )


def rows_of(widths: list[int], width: int) -> list[list[int]]:
    """Items of ``widths`` flowed into rows of at most ``width`` columns (a space between two)."""
    rows: list[list[int]] = []
    used = 0
    for i, w in enumerate(widths):
        if rows and used + 1 + w <= width:
            rows[-1].append(i)
            used += 1 + w
        else:
            rows.append([i])
            used = w
    return rows


class MachiavelliScreen(TurnScreen):
    HIDDEN_HANDS = True
    _ALONG = "move along a group or your hand"
    _GROUPS = "go from group to group (down past the last one reaches your hand)"
    KEYS = TurnScreen.KEYS.with_(
        TURN_KEYS["left"].worded(key_display="←→↑↓ 1-9", listed=_ALONG),
        TURN_KEYS["right"].worded(listed=_ALONG),
        TURN_KEYS["up"].worded(listed=_GROUPS),
        TURN_KEYS["down"].worded(listed=_GROUPS),
        *(
            Verb(
                f"group{digit}",
                digit,
                help="group",
                action=f"to_group('{digit}')",
                listed="jump to a group by its number (0 for 10; two digits in a row for 11 and on)",
            )
            for digit in GROUP_DIGITS
        ),
        MARK.worded(
            footer="Pick/drop",
            listed="pick up the card under the cursor; drop the card you hold on the group under the cursor (on your"
            " hand: take back a card you put down this turn)",
        ),
        TURN_KEYS["play"].worded(footer="End turn", listed="end your turn (asking first if a group is not a meld)"),
        command(
            "fit",
            "f",
            "fit",
            listed="put the card you hold on the group it fits best (one it makes a meld, else a"
            " meld it extends, else one still short of a meld); with nothing held, move the card under the cursor",
        ),
        command(
            "new", "n", "new group", listed="drop it on a new group (with nothing held, move the card under the cursor)"
        ),
        command("undo", "u", "undo all", listed="put everything back as it was at the start of your turn", asks=RESET),
        command(
            "draw", "d", "draw", listed="draw (asking first once you have moved cards: they all go back)", asks=DRAW
        ),
        notes=[
            "Groups marked ! are not melds yet; * marks groups changed since your last turn, and the cards the"
            " others moved since then are underlined until you move one; from then on, the cards you put down"
            " this turn are."
        ],
    )

    CSS = """
    MachiavelliScreen #seats { grid-gutter: 0 1; }
    MachiavelliScreen .seat { text-wrap: nowrap; text-overflow: ellipsis; }
    MachiavelliScreen .seat.line { height: auto; }  /* the level on a second line where it must */
    MachiavelliScreen #center { content-align: left top; padding: 0 2; min-height: 6; }
    """

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.group = HAND  # where the cursor is: a group of the table, or the hand
        # Where the card held was picked up: the cursor goes back there after the drop, ready for
        # the next card of the hand (or of the group being taken apart).
        self.origin: tuple[int, int] = (HAND, 0)
        self.return_to_origin = False
        self.hand_at = 0  # the cursor's place in the hand while it is on the table
        self.picked_off: frozenset[Card] = frozenset()  # the rest of the group the card held came off
        self.typed = ""  # a digit typed that may begin a group's two-digit number
        self.drawing = TableDrawing(self)

    # ---- layout

    def seat_grid(self) -> tuple[int, int]:
        return self.game.players, 1

    def seat_style(self) -> str:
        return "line"

    # ---- seats: name, cards held, whose turn

    def render_seat(self, seat: int) -> RenderableType:
        """'▶ Bot 1 13 cards (hard)', in the one layout of ``seat_layout`` for every seat (TurnScreen
        marks a searching bot's seat)."""
        words, below = self.seat_layout()
        active = self.view.turn == seat
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append("▶ " if active else "  ", style="bold")
        line.append(self.names[seat][: self.seat_room(seat) - 5], style="bold reverse" if active else "bold")
        line.append(self.held_text(self.view.hand_counts[seat], words))
        level = Text(f"({self.seat_level(seat)})" if self.seat_level(seat) else "", style="dim")
        if below:  # (a Group: TurnScreen's "thinking" mark goes on the first line)
            return Group(line, Text("  ") + level)
        return line.append_text(Text(" ") + level if level else level)

    @staticmethod
    def held_text(count: int, words: bool) -> str:
        return f" {count} card{'s' if count != 1 else ''}" if words else f" {count}"

    def seat_room(self, seat: int) -> int:
        """A seat's columns; before the first layout, as the unframed line seats will have them."""
        if self.query_one(f"#seat-{seat}").content_size.width:
            return panel_width(self, seat)
        players = self.game.players
        return (self.app.size.width - 2 - (players - 1)) // players

    def seat_layout(self) -> tuple[bool, bool]:
        """(the count in words, the level on a second line): the first of SEAT_LAYOUTS in which
        every seat fits, measured with a two-digit count so the layout holds as hands change,
        and every seat alike so the header reads as one."""

        def fits(seat: int, words: bool, below: bool) -> bool:
            level = self.seat_level(seat)
            name = 2 + cell_len(self.names[seat]) + len(self.held_text(10, words))
            extra = len(level) + 3 if level else 0
            lines = (name, extra) if below else (name + extra,)
            return max(lines) <= self.seat_room(seat)

        seats = range(self.game.players)
        return next((layout for layout in SEAT_LAYOUTS if all(fits(seat, *layout) for seat in seats)), SEAT_LAYOUTS[-1])

    # ---- the table (TableDrawing)

    def render_center(self) -> RenderableType:
        return self.drawing.render()

    def on_game_events(self, events_: list[Event]) -> None:
        self.drawing.heard(events_)

    def label(self, card: Card) -> str:
        """A card named in a message, in this app's glyphs ('K♣', or 'KC' in letters)."""
        return card.label(self.app.ascii_glyphs)

    # ---- the hand

    def hand_cards(self) -> list[Card]:
        return hand_order(list(self.view.hand))

    def render_hand(self, hand: list[Card]) -> RenderableType:
        """The hand as cards, the cursor marked under one while it is in the hand (on the table,
        the hand keeps the place the cursor left it at)."""
        if self.view.seat is None:
            return Text("")
        on_table, self.cursor = self.cursor, self.cursor if self.group == HAND else self.hand_at
        try:
            return super().render_hand(hand)
        finally:
            self.cursor = on_table

    def cursor_mark(self, active: bool) -> str:
        return super().cursor_mark(active and self.view.held is None) if self.group == HAND else ""

    # ---- the cursor

    def refresh_all(self) -> None:
        super().refresh_all()
        self._settle_cursor()
        self.show("center", self.render_center())
        if self.HAND_ROW:
            self.show("hand", self.render_hand(self.hand_cards()))

    def _settle_cursor(self) -> None:
        """Keep the cursor on a card that exists; after a drop, back where the card came from."""
        view: MachiavelliView = self.view
        if self.return_to_origin and view.held is None:
            self.enter_group(*self.origin)
        else:
            self.enter_group(self.group, self.cursor)
        self.return_to_origin = False

    def cursor_row(self) -> list[Card]:
        """The cards the cursor moves along: the hand's, or its group's."""
        return self.hand_cards() if self.group == HAND else self.view.table[self.group]

    def enter_group(self, group: int, cursor: int | None = None) -> None:
        """The cursor to ``group`` (or the hand), on card ``cursor`` (None: as near its place as
        the row allows; into the hand, where it was when it left). A group gone: the last one."""
        if group >= len(self.view.table):
            group = len(self.view.table) - 1 if self.view.table else HAND
        if self.group == HAND and group != HAND:
            self.hand_at = self.cursor
        self.group = group
        if cursor is None:
            cursor = self.hand_at if group == HAND else self.cursor
        self.cursor = min(cursor, max(len(self.cursor_row()) - 1, 0))

    def _redraw(self) -> None:
        self.show("center", self.render_center())
        self.show("hand", self.render_hand(self.hand_cards()))
        self.show("prompt", Text(self.prompt()))

    def move_cursor(self, dx: int, dy: int) -> None:
        view: MachiavelliView = self.view
        if dy:
            # down: group to group, then the hand; up: back from the hand to the last group
            order = list(range(len(view.table))) + [HAND]
            at = order.index(self.group) if self.group in order else len(order) - 1
            self.enter_group(order[(at + dy) % len(order)])
        elif dx:
            row = self.cursor_row()
            if row:
                self.cursor = (self.cursor + dx) % len(row)
        self._redraw()

    def move_cursor_to(self, end: int) -> None:
        row = self.cursor_row()
        if row:
            self.cursor = end % len(row)
            self._redraw()

    def under_cursor(self) -> Card | None:
        row = self.cursor_row() if self.group == HAND or self.view.table else []
        return row[self.cursor] if 0 <= self.cursor < len(row) else None

    # ---- moves

    def toggle_mark(self) -> None:
        """Space: pick up the card under the cursor, or drop the card held where the cursor is."""
        if self.actor is None:
            self.say(self.turn_prompt() or "Not your turn.")
            return
        view: MachiavelliView = self.view
        if view.held is None:
            self.pick_under_cursor()
            return
        self.return_to_origin = True
        if self.group == HAND:
            if not view.held_from_hand:
                self.say(
                    f"The {self.label(view.held)} was on the table: it stays there — "
                    "drop it on a group, or n for a new one"
                )
                return
            self.submit(RETURN)
            return
        self.submit(Action("drop", value=self.group))

    def pick_under_cursor(self) -> None:
        card = self.under_cursor()
        if card is None:
            self.say("No card here — ↑↓ to a group or your hand")
            return
        self.origin = (self.group, self.cursor)
        self.picked_off = frozenset(self.cursor_row()) - {card} if self.group != HAND else frozenset()
        self.submit(Action("pick", (card,)))

    def new_group(self) -> None:
        """n: the card held, or else the card under the cursor, onto a new group."""
        view: MachiavelliView = self.view
        if view.held is None:
            self.pick_under_cursor()
            view = self.view = self.game.view(self.viewer)
            if view.held is None:
                return
        self.return_to_origin = True
        self.submit(Action("drop", value=len(view.table)))

    def fit_card(self) -> None:
        """f: the card held, or else the card under the cursor, onto the group it fits best (one
        it makes a meld, then a meld it extends, then one still short of a meld); nothing moves
        when it fits none."""
        view: MachiavelliView = self.view
        card = view.held if view.held is not None else self.under_cursor()
        if card is None:
            self.say("No card here — ↑↓ or a group's number to reach one")
            return
        # the groups it may go to: not the one it is being moved off
        if view.held is None:
            table = [g for g in view.table if card not in g]
        else:
            table = [g for g in view.table if set(g) != self.picked_off]
        ranks = [fit(g, card) for g in table]
        best = max(ranks, default=0)
        if not best:
            self.say(f"The {self.label(card)} fits no group here — n starts a new one")
            return
        if view.held is None:
            self.pick_under_cursor()
            view = self.view = self.game.view(self.viewer)
        self.return_to_origin = True
        self.submit(Action("drop", value=view.table.index(table[ranks.index(best)])))

    def confirm(self) -> None:
        """Enter: end the turn (asking first when a group is not a meld: that costs cards)."""
        if self.actor is None:
            self.say(self.turn_prompt() or "Not your turn.")
            return
        view: MachiavelliView = self.view
        if view.held is not None:
            self.say(f"You hold the {self.label(view.held)}: drop it first (space on a group, n for a new one)")
            return
        if not view.placed:
            self.say(
                "Put down at least one card from your hand first, or d to draw"
                + (" (u puts the table back)" if view.changed else "")
            )
            return
        bad = view.valid.count(False)
        if bad:
            self.choose(
                [END],
                f"{bad} group{'s are' if bad != 1 else ' is'} not a meld. End the turn anyway? (escape: go on playing)",
            )
            return
        self.submit(END)

    def draw_asking_first(self) -> None:
        """d with cards moved this turn: drawing puts them all back, so it asks first."""
        view: MachiavelliView = self.view
        draw = DRAW if view.stock else PASS
        self.choose(
            [draw], "Drawing puts the table and your hand back as they were. Draw anyway? (escape: go on playing)"
        )

    def type_digit(self, digit: str) -> None:
        """A digit: the cursor to the group of that number; a digit right after one that can
        begin a two-digit number makes it (1 then 2: group 12, when there is one)."""
        count = len(self.view.table)
        number = int(self.typed + digit) if self.typed else 0
        if 1 <= number <= count:
            self.typed = ""
        else:
            number = int(digit) or 10
            self.typed = digit if digit != "0" and int(digit) * 10 <= count else ""
        if number > count:
            self.say(
                f"No group {number}: the table has {count} group{'s' if count != 1 else ''}"
                if count
                else "No group yet: the table is empty"
            )
            return
        self.enter_group(number - 1, 0)
        self._redraw()

    def action_to_group(self, digit: str) -> None:
        self.type_digit(digit)

    async def on_key(self, event: events.Key) -> None:
        view: MachiavelliView = self.view
        key = event.key
        if key not in GROUP_DIGITS:
            self.typed = ""
        verb = self.keys.by_key.get(key)
        own = {"new": self.new_group, "fit": self.fit_card} if self.actor is not None else {}
        if key in GROUP_DIGITS:
            own[verb.name if verb else key] = lambda: self.type_digit(key)
        if self.actor is not None and view.changed and view.held is None:
            own["draw"] = self.draw_asking_first
        if verb is not None and verb.name in own:
            event.stop()
            event.prevent_default()
            self._end_said()  # the key's answer replaces any message (as TurnScreen's keys do)
            own[verb.name]()
            return
        await super().on_key(event)

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is None:
            return []
        view: MachiavelliView = self.view
        # f and n are handled in on_key (with nothing held they first pick up the card under the cursor)
        out = [
            self.command("fit", Action("drop", value=len(view.table))),
            self.command("new", Action("drop", value=len(view.table))),
        ]
        if view.changed:
            out.append(self.command("undo", RESET))
        if view.held is None:
            out.append(self.command("draw", DRAW) if view.stock else self.command("draw", PASS, "pass"))
        return out

    def why_not(self, key: str) -> str:
        """The engine's reason on its own (and, for a card held, the way out of it)."""
        reason = self.refusal(key)
        if reason is None:
            return super().why_not(key)
        draw = self.keys.by_key[key].name == "draw"
        return f"{reason}, or {self.keys['undo'].key} to put everything back" if draw else reason

    def describe_action(self, action: Action) -> str:
        if action == END:
            cost = f"you draw {self.view.penalty}" if self.view.penalty else "no penalty"
            return f"End it: the table goes back, {cost}"
        if action == DRAW:
            return "Draw: everything you moved goes back"
        if action == PASS:
            return "Pass: everything you moved goes back"
        groups = split_layout(action) if action.kind == "arrange" else None
        if groups is not None:  # (the coach's advice: a whole layout of the table)
            return "Lay out " + " | ".join(" ".join(self.label(c) for c in group) for group in groups)
        return str(action)

    def turn_prompt(self) -> str:
        view: MachiavelliView = self.view
        if self.actor is None or view.turn is None:
            return self.waiting_prompt(view.turn)
        if view.held is not None:
            # short enough to fit one line at 80 with the commands (↑↓ shows in the footer)
            return f"Holding {self.label(view.held)}: space drops it at the cursor"
        if view.placed:
            return "enter ends the turn"
        return "Your turn: space picks up a card"


class TableDrawing:
    """The table's groups as the centre shows them: numbered, marked when not a meld or new since
    the viewer's last turn, the cards the others moved lit, in rows scrolled to the cursor's group.
    Apart from the screen, whose part is the cursor and the moves: this only reads those, and it
    alone keeps what each turn moved (a table does not remember where its cards came from)."""

    def __init__(self, screen: MachiavelliScreen) -> None:
        self._screen = screen
        # What the others moved: the table as each turn began, and (turn, seat, cards moved) for
        # each turn that put cards down, to light those cards for whoever plays next.
        self.before = screen.game.view(None).table
        self.moves: list[tuple[int, int, frozenset[Card]]] = []

    def group_cells(self, index: int, group: list[Card], lit: frozenset[Card] = frozenset()) -> Text:
        """One group: '3*[7♥ 8♥ 9♥]' (its number for the digit keys), its cards coloured, the
        cursor's card reversed, the cards in ``lit`` underlined."""
        screen = self._screen
        view: MachiavelliView = screen.view
        active = screen.actor is not None
        placed = set(view.placed)
        text = Text(str(index + 1), style="dim", no_wrap=True)
        mark = "!" if not view.valid[index] else "*" if self.changed_since_last_turn(index) else " "
        target = active and screen.group == index and view.held is not None
        bracket = Style(bold=True, reverse=target, color="red" if not view.valid[index] else None)
        text.append(mark, style=Style(bold=True, color="red" if mark == "!" else None))
        text.append("[", style=bracket)
        for i, card in enumerate(group):
            if i:
                text.append(" ")
            label = screen.card_label(card)
            if card in placed or card in lit:  # (never both at once: moving a card puts the light out)
                label.stylize("underline")
            if active and screen.group == index and screen.cursor == i and view.held is None:
                label.stylize("reverse")
            text.append_text(label)
        text.append("]", style=bracket)
        return text

    def changed_since_last_turn(self, index: int) -> bool:
        """Whether a group got new cards since the viewer's latest turn (before their first
        turn, every group is news); a group being worked on this turn is not marked."""
        screen = self._screen
        view: MachiavelliView = screen.view
        if view.seat is None:
            return False
        stamp = view.stamps[index]
        return stamp is not None and stamp > view.last_turn[view.seat]

    def moved_since_last_turn(self) -> frozenset[Card]:
        """The cards the others moved (from a hand or between groups) since the viewer's latest
        turn; none once the viewer has moved a card this turn."""
        screen = self._screen
        view: MachiavelliView = screen.view
        if view.seat is None or (view.turn == view.seat and view.changed):
            return frozenset()
        since = view.last_turn[view.seat]
        return frozenset().union(*(cards for turn, seat, cards in self.moves if turn > since and seat != view.seat))

    def heard(self, events_: list[Event]) -> None:
        """After a turn that put cards down: which cards it moved, compared with the table as the
        turn began."""
        screen = self._screen
        table = screen.game.view(None).table
        for event in events_:
            if event.kind == "meld" and event.seat is not None:
                turn = screen.game.view(None).last_turn[event.seat]  # (the turn just ended)
                self.moves = [*self.moves[-MOVES_KEPT + 1 :], (turn, event.seat, moved_cards(self.before, table))]
        if any(e.kind in TURN_ENDS for e in events_):
            self.before = table

    def rows(self) -> list[tuple[list[int], Text]]:
        """The groups flowed into rows: (the groups in the row, the row drawn)."""
        screen = self._screen
        view: MachiavelliView = screen.view
        lit = self.moved_since_last_turn()
        cells = [self.group_cells(i, g, lit) for i, g in enumerate(view.table)]
        out = []
        width = max(TABLE_WIDTH, screen.app.size.width - 4)  # a wide terminal's room: fewer, longer rows
        for row in rows_of([cell_len(c.plain) for c in cells], width):
            line = Text(no_wrap=True)
            for n, i in enumerate(row):
                if n:
                    line.append(" ")
                line.append_text(cells[i])
            out.append((row, line))
        return out

    def render(self) -> RenderableType:
        screen = self._screen
        view: MachiavelliView = screen.view
        lines = [self.heading()]
        if not view.table:
            lines.append(Text("The table is empty.", style="dim italic"))
            return ROWS.join(lines)
        rows = self.rows()
        room = max(self.center_height() - 1, 2)
        if len(rows) <= room:
            lines += [line for _, line in rows]
            return ROWS.join(lines)
        # More rows than room: a window around the cursor's group, with what lies beyond.
        here = next((n for n, (row, _) in enumerate(rows) if screen.group in row), len(rows) - 1)
        first = min(max(here - (room - 2) // 2, 0), len(rows) - (room - 2))
        shown = rows[first : first + room - 2]
        lines.append(Text(f"  ↑ {first} more row{'s' if first != 1 else ''}" if first else "", style="dim"))
        lines += [line for _, line in shown]
        after = len(rows) - first - len(shown)
        lines.append(Text(f"  ↓ {after} more row{'s' if after != 1 else ''}" if after else "", style="dim"))
        return ROWS.join(lines)

    def center_height(self) -> int:
        screen = self._screen
        height = screen.query_one("#center").size.height if screen.is_mounted else 0
        return height or 14

    def heading(self) -> Text:
        """'Holding K♣ · Stock 40 · 12 groups · *3 new since your turn · !1 not a meld'."""
        screen = self._screen
        view: MachiavelliView = screen.view
        line = Text(no_wrap=True, overflow="ellipsis")
        if view.held is not None:
            line.append("Holding ", style="bold")
            line.append_text(screen.card_label(view.held))
            line.append(" · ")
        line.append(f"Stock {view.stock}" if view.stock else "Stock empty", style="bold")
        line.append(f" · {len(view.table)} group{'s' if len(view.table) != 1 else ''}")
        changed = sum(1 for i in range(len(view.table)) if self.changed_since_last_turn(i))
        if changed:
            line.append(f" · *{changed} new since your turn", style="bold")
        bad = view.valid.count(False)
        if bad:
            line.append(f" · !{bad} not a meld", style="bold red")
        return line


SCREENS = {"machiavelli": MachiavelliScreen}
