"""The Speed table: the two talons and the two middle piles, each player's five cards and their keys."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.cards import Card, card_count
from cardarcade.rules.base import Action, Event
from cardarcade.rules.speed import PILE_NAMES, fits
from cardarcade.ui.keymaps import CARDS, PILES, Keys
from cardarcade.ui.games._panels import fitted, panel_width, table_size
from cardarcade.ui.games._speedplay import CARD_VERBS, SpeedFamilyScreen
from cardarcade.ui.widgets.cards import SMALL, Slot, centred_row

PILE_VERBS = [verb.name for verb in PILES]


class SpeedScreen(SpeedFamilyScreen):
    KEYS = Keys(
        *(verb.worded(listed="pick a card of your hand") for verb in CARDS),
        *(verb.worded(listed="the pile it goes on, when it fits both") for verb in PILES),
        notes=["A card that fits only one pile goes there."],
    )
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


SCREENS = {"speed": SpeedScreen}
