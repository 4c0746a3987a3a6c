"""Aggravation's table: the growing grid, Player 1's row above, and two keys to cover a card.

A row of the grid is shown six cards a line (a row that grows longer goes on in a second line,
and a third), so a card's address is always two keys a person can see: the key of its line, at
the left of the grid, and the key of its column, above it, pressed in either order. The cards
are drawn small (three lines high) while the grid fits the room, and as one-line chips when it
does not (a long grid, a small terminal).
"""

from __future__ import annotations


from rich.align import Align
from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from cardarcade.rules._speedplay import matched
from cardarcade.rules.aggravation import columns
from cardarcade.rules.base import Action, Event
from cardarcade.ui.keymaps import DIGITS, LEFT_DIGITS, RIGHT_DIGITS, Keys, Verb, numbered
from cardarcade.ui.games._panels import fitted, panel_width
from cardarcade.ui.games._speedplay import SpeedFamilyScreen, possessive

WIDTH = 6  # columns a line of the grid
LINES = 3  # lines a row may take (a row holds at most 13 cards: 14 stacks, and the other row has one)
# A card is a line of the grid (the upper row's, then the lower row's) and a column in it.
_LINE_WORDS = (
    "the upper row's line",
    "its 2nd line",
    "its 3rd line",
    "the lower row's line",
    "its 2nd line",
    "its 3rd line",
)
LINE_KEYS = tuple(
    Verb(f"line{k}", solo, left, right, f"line {k + 1}", listed=words)
    for k, (solo, left, right, words) in enumerate(
        zip(("w", "e", "r", "s", "d", "f"), ("w", "e", "r", "s", "d", "f"), ("u", "i", "o", "j", "k", "l"), _LINE_WORDS)
    )
)
COLUMN_KEYS = numbered("column", DIGITS[:WIDTH], LEFT_DIGITS, RIGHT_DIGITS, "column {n}", "a column (above the grid)")
LINE_VERBS = [verb.name for verb in LINE_KEYS]  # seat 0's lines, then seat 1's
COLUMN_VERBS = [verb.name for verb in COLUMN_KEYS]
CALL = "aggravation"
CELL, GAP = 5, 2  # a card's width, and the room between two
NAME, KEY_ROOM = 9, 4  # a line's label: the row's owner, then the line's key(s) ('w u' at a hot-seat table)
LABEL = NAME + KEY_ROOM + 1


def address(line: int, column: int) -> tuple[int, int]:
    """(row, column in that row) of a line key and a column key."""
    return line // LINES, (line % LINES) * WIDTH + column


class AggravationScreen(SpeedFamilyScreen):
    KEYS = Keys(
        *LINE_KEYS,
        *COLUMN_KEYS,
        Verb(CALL, "space", "z", "m", "call Aggravation!"),
        notes=[
            "Two keys cover a card, in either order: the key of its line (at the left of the grid) and the key"
            " of its column (above it). A row longer than six cards goes on in a second line and a third.",
            "A • under a card marks one left over from a match partly covered.",
        ],
    )

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.half: dict[int, tuple[str, int]] = {}  # seat -> the half of an address typed: ("line", k) or ("column", k)

    # ---- keys

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        if not self.in_play(seat):
            return
        if verb == CALL:
            self.call(seat, t)
            return
        kind, index = ("line", LINE_VERBS.index(verb)) if verb in LINE_VERBS else ("column", COLUMN_VERBS.index(verb))
        other = self.half.pop(seat, None)
        if other is None or other[0] == kind:  # the first half (or the same half again, changed)
            self.half[seat] = (kind, index)
            self.refresh_all()
            return
        line, column = (index, other[1]) if kind == "line" else (other[1], index)
        self.refresh_all()
        self.cover(seat, *address(line, column), t)

    def cover(self, seat: int, row: int, column: int, t: float | None) -> None:
        """Cover the card at ``column`` of ``row`` with the top card of the seat's pack, or say why
        not: judged on the grid its player saw (``seen_view``), so a cover a rival beat is late."""
        view = self.seen_view(t)
        name = self.names[seat]
        stacks = columns(view.row_of, row)
        if column >= len(stacks):
            self.say(f"{name}: no card there; that row holds {len(stacks)}")
            return
        if not self.game.view(seat).pack_sizes[seat]:
            self.say(f"{name}: no cards left to cover with; {self.call_key(seat)} calls Aggravation! at a match")
            return
        if view.turn_due:
            self.say(f"{name}: every rank differs; the next cards turn on the count")
            return
        place = stacks[column]
        if not view.open[place]:
            self.say(f"{name}: the {view.tops[place].label(self.app.ascii_glyphs)} matches nothing in the grid")
            return
        self.send_play(seat, Action("cover", target=place), t)

    def call(self, seat: int, t: float | None) -> None:
        view = self.game.view(seat)
        name = self.names[seat]
        if view.finish != "call":
            self.say(f"{name}: no call in this game: the last card played wins")
        elif view.pack_sizes[seat]:
            self.say(f"{name}: only a player with no cards left calls; cover matches first")
        elif view.barred[seat]:
            self.say(f"{name}: after a wrong call you sit out this match")
        else:
            self.send_play(seat, Action("call"), t)

    def call_key(self, seat: int) -> str:
        return self.keymap.key_label(seat, CALL)

    # ---- drawing

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, False)
        left = view.pack_sizes[seat]
        if left:
            words = f"pack {left}" + (" · turns no more" if left <= 1 and view.finish == "call" else "")
        elif view.barred[seat]:
            words = "out of cards · sits out this match"
        else:
            words = "out of cards · calls at a match"
        keys = ""
        if len(self.people) > 1 and seat in self.people:
            keys = f"{self.key_row(seat, [LINE_VERBS[0], LINE_VERBS[LINES]])} + {self.column_keys(seat)}"
        return Group(fitted(width, header, keys or self.seat_level(seat)), fitted(width, self.stack_text(words)))

    def column_keys(self, seat: int) -> str:
        keys = [self.keymap.key_label(seat, v) for v in COLUMN_VERBS]
        return f"{keys[0]}-{keys[-1]}"

    def render_center(self) -> RenderableType:
        view = self.view
        rows = [columns(view.row_of, seat) for seat in range(2)]
        lines = [(seat, part) for seat in range(2) for part in range(max(1, -(-len(rows[seat]) // WIDTH)))]
        room = self.query_one("#center").content_size.height or 13
        small = len(lines) * 3 + 2 <= room  # small cards while they fit; one-line chips otherwise
        above, below = (possessive(name) for name in self.names)
        turns = "first cards" if view.turns <= 1 else f"{view.turns} turns"
        alone = view.turn_due and sum(n > 1 for n in view.pack_sizes) < 2
        showing = set(matched(view.tops))
        idle = f"{above} row above, {below.lower() if below == 'Your' else below} below · {turns}"
        if not showing and any(view.open):  # only cards left over from a match: a new player wonders why nothing turns
            idle = "No match shows: cover each card marked •, then the next turn comes"
        status = self.status_line("Every rank differs: {count} " + ("one turns alone" if alone else "both turn"), idle)
        grid = [self.column_header()]
        up = self.face_up()
        for seat, part in lines:
            stacks = rows[seat][part * WIDTH : (part + 1) * WIDTH]
            label = self.line_label(seat, part)
            cells = [self.cell(p, left_over=view.open[p] and p not in showing, up=up) for p in stacks]
            if small:
                for k in range(3):
                    line = label if k == 1 else Text(" " * label.cell_len)
                    grid.append(self.joined(line, [c[k] for c in cells]))
            else:
                if seat == 1 and part == 0:
                    grid.append(Text(""))  # the two rows apart
                grid.append(self.joined(label, [c[3] for c in cells]))
        block = Text("\n").join(line for line in grid)
        block.no_wrap = True
        return Group(status, Align.center(block))

    def column_header(self) -> Text:
        """The column keys over the grid: '1' solo, '1 7' at a hot-seat table."""
        out = Text(" " * LABEL)
        for k, verb in enumerate(COLUMN_VERBS):
            caption = self.keys_of("column", k, verb, "bold") or Text(
                str(k + 1), style="bold"
            )  # (a spectator: no keys)
            out.append(" " * ((CELL - caption.cell_len) // 2))
            out.append_text(caption)
            out.append(" " * (CELL - caption.cell_len - (CELL - caption.cell_len) // 2))
            if k < WIDTH - 1:
                out.append(" " * GAP)
        return out

    def keys_of(self, kind: str, index: int, verb: str, style: str) -> Text:
        """Every person's key for ``verb``, each marked while that person has typed it as the first
        half of an address: 'w u'."""
        out = Text()
        for seat in self.people:
            if out:
                out.append(" ")
            out.append(
                self.keymap.key_label(seat, verb),
                style="bold reverse" if self.half.get(seat) == (kind, index) else style,
            )
        return out

    def line_label(self, seat: int, part: int) -> Text:
        """'You        w' at the left of a line: whose row it is (on its first line) and its key(s)."""
        line = seat * LINES + part
        keys = self.keys_of("line", line, LINE_VERBS[line], "dim")
        name = self.names[seat][:NAME] if part == 0 else ""
        label = Text(name.ljust(NAME), style="bold")
        label.append(" " * (KEY_ROOM - keys.cell_len))
        label.append_text(keys)
        label.append(" ")
        return label

    def cell(self, place: int, left_over: bool, up: bool) -> list[Text]:
        """A small card's three lines (the top of its stack, a • under one left over from a match),
        then the same card as a one-line chip."""
        palette = self.app.palette
        view = self.view
        tl, tr, bl, br, h, v = "╭", "╮", "╰", "╯", "─", "│"
        if not up:
            back = Style(color=palette.back_pattern, bgcolor=palette.back)
            middle = Text(v + "▚" * 3 + v, style=back)
            return [Text(tl + h * 3 + tr, style=back), middle, Text(bl + h * 3 + br, style=back), middle]
        edge = Style(color=palette.edge, bgcolor=palette.face)
        card = view.tops[place]
        face = self.card_label(card)
        face.pad_left(3 - face.cell_len)
        middle = Text(v, style=edge) + face + Text(v, style=edge)
        # The • goes under the card; on a one-line chip, in place of its right edge.
        chip = Text(v, style=edge) + face + Text("•" if left_over else v, style=edge)
        return [
            Text(tl + h * 3 + tr, style=edge),
            middle,
            Text(bl + h + ("•" if left_over else h) + h + br, style=edge),
            chip,
        ]

    def joined(self, label: Text, cells: list[Text]) -> Text:
        """A line of the grid, padded to the grid's whole width (so the grid centres as one block)."""
        out = label.copy()
        for i, cell in enumerate(cells):
            if i:
                out.append(" " * GAP)
            out.append_text(cell)
        out.pad_right(LABEL + WIDTH * CELL + (WIDTH - 1) * GAP - out.cell_len)
        return out

    # ---- the prompt

    def seat_keys(self, seat: int) -> str:
        lines = self.key_row(seat, [LINE_VERBS[0], LINE_VERBS[LINES]])
        return f"{lines.replace(' ', '/')} + {self.column_keys(seat)} cover, {self.call_key(seat)} call"

    def turn_prompt(self) -> str:
        viewer = self.viewer
        if viewer is None:
            return "Watching: both cover matches at once."
        view = self.view
        half = self.half.get(viewer)
        if half is not None:
            return "Now its column: 1-6" if half[0] == "line" else "Now its line: w (upper row) or s (lower row)"
        if not view.pack_sizes[viewer] and view.finish == "call":
            return "Out of cards: space calls Aggravation! when two cards of a rank show"
        return "Cover a matching card: line w (upper) or s (lower), then column 1-6"

    def on_game_events(self, events_: list[Event]) -> None:
        if any(event.kind == "turn" for event in events_):
            self.headline = ""


SCREENS = {"aggravation": AggravationScreen}
