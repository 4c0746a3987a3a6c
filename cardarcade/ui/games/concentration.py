"""The Concentration table: the face-down grid in the centre, a cursor to pick a card, sets taken."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from cardarcade.cards import Card
from cardarcade.rules.concentration import CELLS, COLUMNS, ROWS, chips, turn
from cardarcade.ui.games._turn_keys import TURN_KEYS
from cardarcade.ui.games.turn import TurnScreen

CELL = 5  # a cell's width; a 13-wide row with one-column gaps fills 77 columns, 79 with the row numbers
TALL_ROWS = 2 + ROWS * 3  # header, column numbers, boxed cells three lines high


class ConcentrationScreen(TurnScreen):
    HIDDEN_HANDS = False  # the grid is the same for everyone: nothing to hide at a handover
    HAND_ROW = False  # the grid needs the hand row's height
    CSS = "ConcentrationScreen #center { padding: 0; }"  # and the whole width
    KEYS = TurnScreen.KEYS.with_(
        *(TURN_KEYS[name].worded(listed="move over the grid") for name in ("left", "right", "up", "down")),
        TURN_KEYS["play"].worded("turn the card under the cursor", footer="Turn card"),
        without=("first", "last"),
    )

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.spot = 0  # the grid cursor
        self.cursor_for: int | None = None  # the person the cursor was last placed for

    # ---- the grid cursor (the hand row stays empty)

    def hand_cards(self) -> list[Card]:
        return []

    def move_cursor(self, dx: int, dy: int) -> None:
        """Left/right walk the grid in reading order, up/down along the column; both skip empty places."""
        present = self.view.present
        step = dx if dx else dy * COLUMNS
        spot = self.spot
        for _ in range(CELLS if dx else ROWS):
            spot = (spot + step) % CELLS
            if present[spot]:
                self.spot = spot
                break
        self.show("center", self.render_center())

    def refresh_all(self) -> None:
        super().refresh_all()
        if not self.view.present[self.spot] and any(self.view.present):
            self.move_cursor(1, 0)  # the card under the cursor was collected: on to the next one
        if self.actor != self.cursor_for:
            self.cursor_for = self.actor
            self.off_face_up_cards()

    def off_face_up_cards(self) -> None:
        """A person whose turn begins finds the cursor on a face-down card, not on one the
        player before turned up (hot-seat: the cut card just turned)."""
        up = {p for p, _ in self.view.up}
        if self.spot in up and any(present and p not in up for p, present in enumerate(self.view.present)):
            while self.spot in up:
                self.move_cursor(1, 0)

    def confirm(self) -> None:
        if self.actor is None:
            self.say(self.turn_prompt() or "Not your turn.")
            return
        if not self.view.present[self.spot]:
            self.say("That place is empty — move to a face-down card.")
        elif any(p == self.spot for p, _ in self.view.up):
            self.say("That card is already face up — pick another.")
        else:
            self.submit(turn(self.spot))

    # ---- drawing

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        header = self.seat_header(seat, view.current == seat)
        if self.seat_level(seat):
            header.append(f" · {self.seat_level(seat)}", style="dim")
        taken = view.sets[seat]
        size = view.set_size
        sets = len(taken) // size
        noun = "pair" if size == 2 else "set"
        # one line, cut short rather than wrapped: a taller panel would push the grid off the screen
        line = Text(no_wrap=True, overflow="ellipsis")
        if view.scoring != "sets":
            counts = [len(x) // size for x in view.sets]
            mine = chips(counts, view.scoring)[seat]
            line.append(f"chips {mine:+.0f} · ")
        line.append(f"{sets} {noun}{'' if sets == 1 else 's'}")
        if taken:  # '4 pairs: 6 4 8 K', the rank of each
            line.append(": ")
            line.append(" ".join(taken[i].rank.label for i in range(0, len(taken), size)), style="bold")
        if view.phase == "cut" and view.cut_cards[seat] is not None:
            line = Text("cut: ") + self.card_label(view.cut_cards[seat])  # type: ignore[arg-type]
        header.no_wrap, header.overflow = True, "ellipsis"
        return Group(header, line)

    def render_center(self) -> RenderableType:
        view = self.view
        left = sum(view.present)
        if view.phase == "cut":
            head = "Cut for the first turn: everyone turns one card — the highest starts"
            if len(view.cut_contenders) < self.game.players:
                names = " and ".join(self.names[s] for s in view.cut_contenders)
                head = f"A tie: {names} cut again"
        else:
            head = f"{left} cards left · turn {view.turns + 1} of at most {view.max_turns}"
        return Group(Text(head, justify="center", style="bold"), self.render_grid(self._center_height() >= TALL_ROWS))

    def _center_height(self) -> int:
        """Lines left for the centre: the screen less title, seat panels (4 lines a row), log, prompt, footer."""
        panel_rows = 1 if self.game.players <= 4 else 2
        height = self.size.height or 24
        return height - 3 - self.LOG_LINES - 4 * panel_rows

    def render_grid(self, tall: bool) -> Text:
        """Four rows of thirteen cells: boxes three lines high, or one line each when space is short;
        numbered along the top and the left side as the log names places ('row 2, column 5')."""
        view = self.view
        up = dict(view.up)
        shown = dict(view.shown)
        cursor = self.spot if self.actor is not None else None
        out = Text("  " + " ".join(str(c + 1).center(CELL) for c in range(COLUMNS)).rstrip() + "\n", style="dim")
        for row in range(ROWS):
            cells = [self._cell(p, up, shown, p == cursor, tall) for p in range(row * COLUMNS, (row + 1) * COLUMNS)]
            for line in range(len(cells[0])):
                out.append(f"{row + 1} " if line == len(cells[0]) // 2 else "  ", style="dim")
                out.append_text(Text(" ").join(cell[line] for cell in cells))
                out.append("\n")
            if not tall and row < ROWS - 1:
                out.append("\n")
        out.rstrip()
        return out

    def _cell(self, p: int, up: dict[int, Card], shown: dict[int, Card], cursor: bool, tall: bool) -> list[Text]:
        palette = self.app.palette
        ascii_only = self.app.ascii_glyphs
        present = self.view.present[p]
        card = up.get(p) or shown.get(p)
        edge = palette.highlight if (cursor or p in up) else palette.edge
        taken = card is not None and not present  # taken last turn: on show where it lay, out of play
        if taken:
            # no face and no box: the empty place, with the card's name in dim ink
            ink = Style(color=palette.suit_color(card.suit), bgcolor=palette.felt, dim=True, italic=True)
            middle = Text(card.label(ascii_only).center(CELL - 2), style=ink)
            fill = palette.felt
        elif card is not None:
            # face up now, or one of the last turn's cards still on show
            ink = Style(color=palette.suit_color(card.suit), bgcolor=palette.face, bold=True)
            middle = Text(card.label(ascii_only).center(CELL - 2), style=ink)
            fill = palette.face
        elif present:
            middle = Text("▚" * (CELL - 2), style=Style(color=palette.back_pattern, bgcolor=palette.back))
            fill = palette.back
        else:
            middle = Text(" " * (CELL - 2), style=Style(bgcolor=palette.felt))
            fill = palette.felt
        if not tall:
            mark = ("[", "]") if cursor else (" ", " ")
            side = Style(color=palette.highlight, bgcolor=palette.felt, bold=True)
            return [Text(mark[0], style=side) + middle + Text(mark[1], style=side)]
        if not present:  # an empty place, or one whose card was just taken
            line = Style(color=palette.highlight if cursor else palette.ink, bgcolor=palette.felt, dim=not cursor)
            sides = ("[", "]") if cursor else (" ", " ")
            return [
                Text("·" * CELL, style=line),
                Text(sides[0], style=line) + middle + Text(sides[1], style=line),
                Text("·" * CELL, style=line),
            ]
        box = ("╔", "╗", "╚", "╝", "═", "║") if cursor else ("╭", "╮", "╰", "╯", "─", "│")
        style = Style(color=edge, bgcolor=fill, bold=cursor or p in up)
        tl, tr, bl, br, h, v = box
        return [
            Text(tl + h * (CELL - 2) + tr, style=style),
            Text(v, style=style) + middle + Text(v, style=style),
            Text(bl + h * (CELL - 2) + br, style=style),
        ]

    def turn_prompt(self) -> str:
        view = self.view
        if self.actor is None:
            return self.waiting_prompt(view.current)
        who = f"{self.names[self.actor]}, your turn: " if len(self.people) > 1 else "Your turn: "
        if view.phase == "cut":
            return who + "cut — arrows pick a card, enter turns it; highest starts."
        which = len(view.up) + 1
        return who + f"card {which} of {view.set_size} — arrows move, enter turns the card."


SCREENS = {"concentration": ConcentrationScreen}
