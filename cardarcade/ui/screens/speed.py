"""The speed family's tables: play with no turns, by keys that pick a card and a place.

What the family shares (``SpeedFamilyScreen``): plays sent to the table stamped with their press
time (the table settles two plays on one place by who pressed first), the loser of such a race
told by how much ("Ann was 40 ms earlier"), the table's "3, 2, 1" shown while it counts, and
each player's keys on the prompt line. A key is judged by the table its player saw when pressing
it (``seen_view``): on a busy machine (a loaded server) a key can be handled after a rival's
quicker play has landed, and then it lost a race; it was not a wrong card.
"""

from __future__ import annotations

import math
from typing import ClassVar

from pydantic import BaseModel
from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.cards import Card, card_count
from cardarcade.rules.base import Action, Event, IllegalAction, Outcome, fill
from cardarcade.rules.california_speed import PLACES, SIDE, matched
from cardarcade.rules.speed import PILE_NAMES, fits
from cardarcade.seating import Reaction
from cardarcade.table.table import COUNT_BEAT
from cardarcade.ui.screens._panels import fitted, panel_width, table_size
from cardarcade.ui.screens.game import GameScreen
from cardarcade.ui.widgets.cards import SMALL, Slot, centred_row


def beaten_words(names: list[str], r: Reaction, loser_here: bool) -> str | None:
    """Why a play lost its race, in ms: 'Ann was 40 ms earlier' (None: it lost to nobody's press)."""
    if r.beaten_by is None:
        return None
    if r.margin < 0 and r.beaten_by != r.seat:
        # pressed first, but it reached the table after the other play had been settled there
        said = [("You" if loser_here and seat == r.seat else name) for seat, name in enumerate(names)]
        return fill(
            f"{{seat}} pressed {round(-r.margin * 1000)} ms before {{target}}, but {{target}}'s play was "
            "settled before the press arrived",
            said,
            r.seat,
            r.beaten_by,
        )
    ms = max(0, round(r.margin * 1000))
    if r.beaten_by == r.seat:
        return f"{possessive(names[r.seat])} own earlier card got there {ms} ms before"
    return fill(
        "{seat} [was|were] " + f"{ms} ms earlier" + ("" if loser_here else " than {target}"), names, r.beaten_by, r.seat
    )


def possessive(name: str) -> str:
    """'Your' for the person called You, else "Ann's"."""
    return "Your" if name == "You" else f"{name}'s"


class SpeedFamilyScreen(GameScreen):
    """What the speed games' screens share."""

    BEFORE_GO: ClassVar[str] = "wait for GO, the middle is not turned up yet"  # to a key pressed in the count
    SEEN_KEPT: ClassVar[int] = 16  # recent tables kept for keys handled late
    OPEN_HANDS: ClassVar[bool] = False  # every person's hand shows at one keyboard (no covers without turns)

    @classmethod
    def keyboard_note(cls, options: object, people: int) -> str:
        """What the set-up screen tells ``people`` sharing a keyboard about whose hands they see."""
        if people < 2 or not cls.OPEN_HANDS:
            return ""
        return "At one keyboard every person's hand shows on the screen: everyone here sees them all."

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.headline = ""  # the last race lost, said until the next one
        self._count_timer = None
        self._seen: dict[int, BaseModel] = {}  # stimulus -> the table everyone saw then

    def _on_table(self, events_: list[Event], seat: int | None) -> None:
        self._remember_table()
        super()._on_table(events_, seat)

    def _remember_table(self) -> None:
        stimulus = self.game.stimulus
        if stimulus not in self._seen:
            self._seen[stimulus] = self.game.view(None)
            if len(self._seen) > self.SEEN_KEPT:
                del self._seen[next(iter(self._seen))]

    def seen_view(self, t: float | None):
        """The table (its public view) as it was when a key pressed at ``t`` was pressed."""
        table = self.table
        if t is not None and table is not None:
            seen = self._seen.get(table.stimulus_at(t))
            if seen is not None:
                return seen
        return self.game.view(None)

    # ---- plays

    def send_play(self, seat: int, action: Action, t: float | None) -> bool:
        """Send a play to the table, stamped with the press time; False if it was refused."""
        table = self.table
        if table is None or not table.started or table.paused or self.game.is_over:
            return False
        try:
            self.surface.submit(seat, action, t)
        except IllegalAction:
            return False
        return True

    def reaction_note(self, batch: list[Reaction]) -> Text | None:
        """Plays are not reactions worth a line each: only a race lost is told, with its margin."""
        lines = []
        for r in batch:
            if r.outcome is not Outcome.LATE:
                continue
            words = beaten_words(self.names, r, len(self.people) == 1 and r.seat in self.people)
            if words is not None:
                lines.append(words)
        if not lines:
            return None
        self.headline = lines[-1]  # the latest over the middle, on one line; the log keeps them all
        return Text("⏱ " + " · ".join(lines), style="italic")

    def in_play(self, seat: int) -> bool:
        """Whether the table takes plays now; a key pressed during the count is told to wait."""
        table = self.table
        if table is None or table.paused or self.game.is_over:
            return False
        if not table.started:
            self.say(f"{self.names[seat]}: {self.BEFORE_GO}")
            return False
        return True

    # ---- the count

    def face_up(self) -> bool:
        """Whether the middle shows: the text turns it up on the count of three, so during the
        count before play (at the start, or a saved game going on) it lies face down, and nobody
        studies it before the bots may move. (A table shared over the network starts itself, with
        no word to this screen at that moment: its middle stays up rather than risk staying down.)"""
        return self.table is None or self.shared or self.table.started

    def _start_play(self) -> None:
        super()._start_play()
        self._remember_table()
        self.refresh_all()  # the middle turns up on "GO!"

    def refresh_all(self) -> None:
        super().refresh_all()
        counting = self.table is not None and self.table.count_ends is not None
        if counting and self._count_timer is None:
            self._count_timer = self.set_interval(0.1, self._show_count)
        elif not counting and self._count_timer is not None:
            self._count_timer.stop()
            self._count_timer = None

    def _show_count(self) -> None:
        if self.table is None or self.table.count_ends is None:
            return
        self.show("center", self.render_center())

    def count_words(self) -> str | None:
        """'3…', '2…', '1…' while the table counts (None: no count on)."""
        table = self.table
        if table is None or table.count_ends is None:
            return None
        beats = max(1, math.ceil((table.count_ends - table.clock.now()) / COUNT_BEAT - 1e-6))
        return f"{beats}…"

    # ---- the prompt

    def prompt(self) -> str:
        if self.game.is_over:
            return "Game over."
        if len(self.people) > 1:
            # (kept short: with the "GO!" before it the line must not wrap and push the captions off)
            return " · ".join(f"{self.names[s]}: {self.seat_keys(s)}" for s in self.people)
        return self.turn_prompt()

    def seat_keys(self, seat: int) -> str:
        """What a person's keys do, for the hot-seat prompt: 'a s d f g card, z x pile'."""
        raise NotImplementedError

    def turn_prompt(self) -> str:
        """The solo prompt."""
        raise NotImplementedError

    # ---- drawing helpers

    def status_line(self, counting: str, idle: str) -> Text:
        """The line over the middle: the count while the table counts (``counting`` with '{count}'
        in it), else the last race lost, else ``idle``."""
        count = self.count_words()
        if count is not None:
            return Text(counting.format(count=count), style="bold reverse", justify="center")
        if self.headline:
            return Text(self.headline, style="bold", justify="center", no_wrap=True, overflow="ellipsis")
        return Text(idle, style="dim", justify="center")

    def key_caption(self, verb: str, fallback: str) -> str:
        """The keys of every person here for ``verb``, for a caption under a card ('z ,')."""
        keys = [self.keymap.key_label(seat, verb) for seat in self.people]
        return " ".join(k for k in keys if k) or fallback

    def key_row(self, seat: int, verbs: list[str]) -> str:
        """The keys a seat presses for ``verbs``, run together: 'a s d f g'."""
        return " ".join(self.keymap.key_label(seat, verb) for verb in verbs)

    def inline_cards(self, cards: list[Card], keys: list[str], picked: Card | None) -> Text:
        """A hand on one line, each card after its key: 'a 7♥ s 9♣ ...' (the picked card marked)."""
        out = Text()
        for key, card in zip(keys, cards):
            if out:
                out.append(" ")
            out.append(f"{key} ", style="dim")
            label = self.card_label(card)
            if card == picked:
                label.stylize("reverse")
            out.append_text(label)
        return out


CARD_VERBS = [f"card{k}" for k in range(5)]
PILE_VERBS = ["pile0", "pile1"]


class SpeedScreen(SpeedFamilyScreen):
    VERBS = [*CARD_VERBS, *PILE_VERBS]
    OPEN_HANDS = True

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        # A card picked that fits both piles, waiting for its pile; or a pile picked first.
        self.picked: dict[int, Card] = {}
        self.aimed: dict[int, int] = {}

    # ---- keys

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        if not self.in_play(seat):
            return
        view = self.game.view(seat)
        if verb in PILE_VERBS:
            pile = PILE_VERBS.index(verb)
            card = self.picked.pop(seat, None)
            if card is None or card not in view.hand or view.blocked:
                self.aimed[seat] = pile
                self.refresh_all()
                return
            self.play(seat, card, pile, t)
            return
        if view.blocked:
            self.say(f"{self.names[seat]}: nobody can play; the talons turn on the count")
            return
        slot = CARD_VERBS.index(verb)
        if slot >= len(view.hand):
            self.say(f"{self.names[seat]}: no card {slot + 1} in the hand")
            return
        card = view.hand[slot]
        aimed = self.aimed.pop(seat, None)
        self.picked.pop(seat, None)
        if aimed is not None:
            self.play(seat, card, aimed, t)
            return
        piles = [p for p, top in enumerate(self.seen_view(t).tops) if fits(card, top)]
        if len(piles) == 2:
            self.picked[seat] = card
            self.refresh_all()
            return
        self.play(seat, card, piles[0] if piles else None, t)

    def play(self, seat: int, card: Card, pile: int | None, t: float | None) -> None:
        """Play ``card`` on ``pile`` (None: it fits neither), or say why not. Whether it fits is
        judged on the piles its player saw: if one changed since, the table calls the play late."""
        self.refresh_all()
        if pile is None or not fits(card, self.seen_view(t).tops[pile]):
            where = "either pile" if pile is None else PILE_NAMES[pile]
            self.say(f"{self.names[seat]}: the {card.label(self.app.ascii_glyphs)} does not go on {where}")
            return
        self.send_play(seat, Action("play", (card,), pile), t)

    # ---- drawing

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, False)
        counts = f"hand {view.hand_sizes[seat]} · stock {view.stock_sizes[seat]}"
        if len(self.people) > 1 and seat in self.people:
            hand = self.game.view(seat).hand
            keys = [self.keymap.key_label(seat, v) for v in CARD_VERBS]
            aim = self.aimed.get(seat)
            aimed = f"→ {PILE_NAMES[aim].split()[1]}" if aim is not None else ""
            size = table_size(self)
            if size != SMALL and len(CARD_VERBS) * (size.width + 1) <= width:  # room for the hand as cards
                picked = self.picked.get(seat)
                slots = [Slot(card, highlight=card == picked, caption=key) for card, key in zip(hand, keys)]
                return Group(
                    fitted(width, header, Text(aimed, style="bold"), f"stock {view.stock_sizes[seat]}"),
                    centred_row(slots, self.app.palette, ascii_only=self.app.ascii_glyphs, size=size),
                )
            line = self.inline_cards(hand, keys, self.picked.get(seat))
            if aimed:
                line.append(f"  {aimed}", style="bold")
            return Group(fitted(width, header, f"stock {view.stock_sizes[seat]}"), fitted(width, line))
        return Group(fitted(width, header, self.seat_level(seat)), fitted(width, self.stack_text(counts)))

    def pile_caption(self, pile: int) -> str:
        return self.key_caption(PILE_VERBS[pile], "left" if pile == 0 else "right")

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        talons = [Slot(None, back=n > 0, caption=f"talon {n}") for n in view.talon_sizes]
        up = self.face_up()
        # a caption is a card wide: it names the pile's key, and the status line says the sizes in words
        piles = [
            Slot(top if up else None, back=not up, caption=self.pile_caption(p)) for p, top in enumerate(view.tops)
        ]
        row = centred_row(
            [talons[0], piles[0], piles[1], talons[1]], palette, ascii_only=ascii_only, gap=2, size=table_size(self)
        )
        flips = "no flip" if not view.flips else "1 flip" if view.flips == 1 else f"{view.flips} flips"
        left, right = view.pile_sizes
        status = self.status_line(
            "Both blocked: {count} the talons turn",
            f"Left pile {card_count(left)}, right {card_count(right)} · {flips} from the talons so far",
        )
        parts: list[RenderableType] = [status, row]
        if self.viewer is not None:
            hand = self.game.view(self.viewer).hand
            picked = self.picked.get(self.viewer)
            keys = [self.keymap.key_label(self.viewer, v) for v in CARD_VERBS]
            slots = [Slot(card, highlight=card == picked, caption=key) for card, key in zip(hand, keys)]
            parts.append(centred_row(slots, palette, ascii_only=ascii_only, size=table_size(self)))
        return Group(*parts)

    def seat_keys(self, seat: int) -> str:
        return f"{self.key_row(seat, CARD_VERBS)} card, {self.key_row(seat, PILE_VERBS)} pile"

    def turn_prompt(self) -> str:
        if self.viewer is None:
            return "Watching: both play at once."
        if self.viewer in self.picked:
            return "It fits both piles: ← left or → right"
        if self.viewer in self.aimed:
            return f"Aimed at {PILE_NAMES[self.aimed[self.viewer]]}: 1-5 puts a card there"
        return "1-5 plays a card (where it fits) · ← or → first aims at a pile"

    def on_game_events(self, events_: list[Event]) -> None:
        for event in events_:
            if event.kind == "flip":
                self.headline = ""
        # a picked card that has gone, or that no longer fits both piles, is unpicked
        for seat, card in list(self.picked.items()):
            view = self.game.view(seat)
            if card not in view.hand or sum(fits(card, top) for top in view.tops) < 2:
                del self.picked[seat]


SPOT_VERBS = [f"spot{k}" for k in range(PLACES)]
WAITS_FOR = "new box when all 8 ranks differ"  # what play waits for, on the status line


class CaliforniaSpeedScreen(SpeedFamilyScreen):
    """The box of eight in two rows, Player 1's side above; one key covers a card."""

    VERBS = SPOT_VERBS

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        if not self.in_play(seat):
            return
        view = self.game.view(seat)
        if view.stuck:
            self.say(f"{self.names[seat]}: eight different ranks; a new box comes on the count")
            return
        place = SPOT_VERBS.index(verb)
        seen = self.seen_view(t)
        if not seen.open[place]:
            card = seen.tops[place].label(self.app.ascii_glyphs)
            self.say(f"{self.names[seat]}: the {card} matches nothing in the box")
            return
        self.send_play(seat, Action("cover", target=place), t)

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, False)
        side = sum(view.stack_sizes[seat * SIDE : (seat + 1) * SIDE])
        status = self.stack_text(
            f"pack {view.pack_sizes[seat]} · {side} on {'your' if seat == self.viewer else 'their'} side"
        )
        keys = ""
        if len(self.people) > 1 and seat in self.people:
            keys = f"keys {self.key_row(seat, SPOT_VERBS[:SIDE])} / {self.key_row(seat, SPOT_VERBS[SIDE:])}"
        return Group(fitted(width, header, keys or self.seat_level(seat)), fitted(width, status))

    def spot_caption(self, place: int) -> str:
        return self.key_caption(SPOT_VERBS[place], str(place + 1))

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        left_over = self.left_over()
        up = self.face_up()
        rows = []
        for side in range(2):
            slots = [
                Slot(
                    view.tops[p] if up else None,
                    back=not up,
                    caption=self.spot_caption(p) + (" •" if up and left_over[p] else ""),
                )
                for p in range(side * SIDE, (side + 1) * SIDE)
            ]
            rows.append(centred_row(slots, palette, ascii_only=ascii_only, gap=2, size=table_size(self)))
        deals = f"box {view.deals + 1}"
        above, below = (possessive(name) for name in self.names)
        sides = f"{above} side above, {below.lower() if below == 'Your' else below} below"
        # what play waits for comes before the count of boxes, which goes when the line is full
        room = self.query_one("#center").content_size.width or 76
        idle = f"{sides} · {WAITS_FOR}"
        if len(idle) + len(deals) + 3 <= room:
            idle += f" · {deals}"
        status = self.status_line("Eight different ranks: {count} a new box", idle)
        return Group(status, *rows)

    def left_over(self) -> list[bool]:
        """Which places hold a card left over from a match partly covered. It stays open: everyone
        saw its match a moment ago, so it is marked • (a match still showing is for the players to spot)."""
        view = self.view
        showing = set(matched(view.tops))
        return [is_open and p not in showing for p, is_open in enumerate(view.open)]

    def seat_keys(self, seat: int) -> str:
        return f"{self.key_row(seat, SPOT_VERBS)} cover"

    def turn_prompt(self) -> str:
        if self.viewer is None:
            return "Watching: both cover matches at once."
        marked = " (• still open)" if self.face_up() and any(self.left_over()) else ""  # explained only when shown
        return f"Cover each card of a pair: 1-4 upper row, 5-8 lower row{marked}"

    def on_game_events(self, events_: list[Event]) -> None:
        if any(event.kind == "deal" for event in events_):
            self.headline = ""


SCREENS = {"speed": SpeedScreen, "california-speed": CaliforniaSpeedScreen}
