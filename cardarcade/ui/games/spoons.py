"""Spoons (and Pig): take a card from your left, pass one on, grab a spoon, all with no turns.

Each panel shows a player's letters, their backlog (cards passed to them and not yet taken: the
dealer's is the stock) and whether they hold a spoon (in Pig, a finger on the nose: shown there
quietly, and nowhere else). Your own backlog and hand are in the middle, each card under the key
that passes it. A grab is a claim stamped with its press time; with the spoons far away it lands
a second later, and the panel says the player is running meanwhile.
"""

from __future__ import annotations


from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.rules.base import Action, Event
from cardarcade.rules.spoons import HAND, TAKE, spelled
from cardarcade.ui.keymaps import CARDS, FLIP, Keys, Verb
from cardarcade.ui.games._panels import fitted, longest_fitting, panel_width
from cardarcade.ui.games._speedplay import CARD_VERBS, SpeedFamilyScreen
from cardarcade.ui.widgets.cards import CardBlock, Slot, card_size_for, centred_row


class SpoonsScreen(SpeedFamilyScreen):
    KEYS = Keys(
        FLIP.worded(
            "take a card", name="take", listed="take the next card from your backlog (the dealer: from the stock)"
        ),
        *(verb.worded(f"pass card {k + 1}", listed="pass a card") for k, verb in enumerate(CARDS)),
        Verb("grab", "space", "x", "full_stop", "grab a spoon"),
    )
    # (as in the family, only a grab too late is told, with who was earlier and by how much: a
    # spoon taken is in the log already, and in Pig a nose is for the others to notice)
    OPEN_HANDS = True

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        pig = setup.options.pig
        self.pig = pig
        self.grab_word = "nose" if pig else "grab"
        self.running: set[int] = set()  # seats on their way to spoons far away (their grab has not landed)
        self.round_start = 0  # the history's line where this round's deal is told (the log shows from there)

    @classmethod
    def table_keys(cls, options) -> Keys:
        return cls.KEYS.reworded({"grab": "finger on nose"}) if options.pig else cls.KEYS

    # ---- keys

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        if not self.in_play(seat):
            return
        view = self.game.view(seat)
        name = self.names[seat]
        if verb == "grab":
            self.grab(seat, view, t)
            return
        if seat in self.running:  # hands busy: a card passed now could break the four of a kind being grabbed on
            self.say(f"{name}: you are on your way to the spoons")
            return
        if view.over:
            self.say(f"{name}: the round is over; the next deal comes on the count")
            return
        if seat in view.grabbed and not view.pig:
            self.say(f"{name}: you hold a spoon; wait for the others")
            return
        if verb == "take":
            if len(view.hand) > HAND:
                self.say(f"{name}: five cards already; pass one first ({self.key_row(seat, CARD_VERBS)})")
            elif not self.source(view, seat):
                self.say(f"{name}: {'the stock is empty' if seat == view.dealer else 'no card has come to you yet'}")
            else:
                self.send_play(seat, TAKE, t)
            return
        if seat in view.grabbed:
            self.say(f"{name}: your hand is down; {self.keymap.key_label(seat, 'take')} passes each card on blind")
            return
        slot = CARD_VERBS.index(verb)
        if len(view.hand) <= HAND:
            self.say(f"{name}: take a card first ({self.keymap.key_label(seat, 'take')}); then pass one of five")
            return
        self.send_play(seat, Action("pass", (view.hand[slot],)), t)

    def grab(self, seat: int, view, t: float | None) -> None:
        """A grab (in Pig, a finger on the nose), sent as a claim; with the spoons far away it lands later."""
        table = self.table
        if table is None:
            return
        if seat in view.grabbed or seat in self.running:  # (during the count too: the round's spoon is theirs)
            already = (
                "your finger is on your nose"
                if view.pig
                else "you hold a spoon"
                if seat in view.grabbed
                else "you are on your way to the spoons"
            )
            self.say(f"{self.names[seat]}: {already} already")
            return
        delay = view.delay
        self.flash[seat] = "RUNNING…" if delay else "NOSE!" if view.pig else "GRAB!"
        self.show(f"seat-{seat}", self.render_seat(seat), answer=True)
        pressed = table.clock.now() if t is None else t
        if delay:
            self.running.add(seat)
            self.set_timer(delay, lambda: self._land(seat, pressed + delay))
        else:
            self._land(seat, pressed)

    def _land(self, seat: int, t: float) -> None:
        self.running.discard(seat)
        table = self.table
        if table is not None and not self.game.is_over:
            self.surface.claim(seat, "grab", t)

    # ---- the table's news

    def on_game_events(self, events_: list[Event]) -> None:
        told = [event for event in events_ if event.text]  # (each is a line of the history, in order)
        deal = next((n for n, event in enumerate(told) if event.kind == "deal"), None)
        if deal is not None:
            self.headline = ""
            self.flash.clear()
            self.round_start = len(self.history) - len(told) + deal

    def call_out_cost(self, said: str) -> None:
        # Over the middle, where the table has the room: a pop-up at 80x24 covered half the log.
        if len(self.people) == 1:
            self.headline = said

    @property
    def log_lines(self) -> list[Text]:
        # Only this round's: a "grabs a spoon" left from the last round invites a wrong grab (f2 has them all).
        lines = super().log_lines
        return lines[max(0, len(lines) - (len(self.history) - self.round_start)) :]

    # ---- drawing

    def source(self, view, seat: int) -> int:
        """Cards ``seat`` may take: the dealer's stock (with the discards to turn over), else the backlog."""
        return view.stock_size + view.discard_size if seat == view.dealer else view.backlog_sizes[seat]

    def seat_style(self) -> str:
        return "frameless" if self.game.players > 8 else ""

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, False)
        letters = spelled(view.letters[seat])
        letters_text = Text(letters or "–", style="bold red" if letters else "dim")
        if view.out[seat]:
            return Group(fitted(width, header, letters_text), fitted(width, Text("out", style="dim italic")))
        arrow = "◀"
        count = view.stock_size if seat == view.dealer else view.backlog_sizes[seat]
        mark = None
        if seat in view.grabbed:  # first, so that a narrow panel still shows it
            mark = Text("nose", style="") if view.pig else Text("SPOON", style="bold green")
        room = width - (mark.cell_len + 3 if mark is not None else 0)
        waiting = longest_fitting(
            room, f"{arrow}stock {count}" if seat == view.dealer else f"{arrow}{count} waiting", f"{arrow}{count}"
        )
        line = Text(waiting, style="bold" if seat != view.dealer and count > 3 else "")
        parts = [line] if mark is None else [mark, line]
        return Group(
            fitted(width, header, letters_text, self.seat_level(seat)),
            fitted(width, *parts, f"hand {view.hand_sizes[seat]}", "deals" if seat == view.dealer else ""),
        )

    def spoons_line(self) -> Text:
        view = self.view
        if view.pig:
            return Text(f"Round {view.round} · watch the others' noses · {self.piles()}", style="dim", justify="center")
        left = view.spoons - len(view.grabbed)
        full, gone = "●", "○"
        spoons = " ".join([full] * left + [gone] * len(view.grabbed))
        return Text.assemble(f"Round {view.round} · spoons ", (spoons, "bold"), f" · {self.piles()}", justify="center")

    def piles(self) -> str:
        """The stock, and the discards the dealer turns over when it runs out: 'stock 5 + 8 discards'
        (the dealer's take key counts both)."""
        view = self.view
        discards = view.discard_size
        return f"stock {view.stock_size}" + (f" + {discards} discard{'s' if discards > 1 else ''}" if discards else "")

    def render_center(self) -> RenderableType:
        view = self.view
        idle = f"{view.spoons} spoon{'s' if view.spoons != 1 else ''} for {view.spoons + 1} players"
        if view.pig:
            idle = "Pig: four of a kind puts a finger on the nose"
        status = self.status_line("Round over: {count} the next deal", idle)
        if not view.pig and view.grabbed and not view.over and not self.headline:
            left = view.spoons - len(view.grabbed)
            if self.viewer is not None and self.viewer in view.grabbed:
                status = Text(f"You hold a spoon; {left} left for the others", style="bold", justify="center")
            else:
                status = Text("A spoon is gone: grab one!", style="bold reverse", justify="center")
        parts: list[RenderableType] = [status, self.spoons_line()]
        if self.viewer is not None:
            parts.append(self.hand_row(self.viewer))
        else:
            parts += [self.hand_line(seat) for seat in self.people]
        return Group(*parts)

    def hand_row(self, seat: int) -> CardBlock:
        """The solo player's backlog (a face-down pile, under the take key) and hand (each card
        under the key that passes it)."""
        view = self.game.view(seat)
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        waiting = self.source(view, seat)
        take = self.keymap.key_label(seat, "take").split()[0]  # '⏎ enter': the arrow alone fits under a card
        backlog = Slot(None, back=waiting > 0, caption=f"{take} {waiting}")
        blind = seat in view.grabbed and view.pig
        keys = [self.keymap.key_label(seat, v) for v in CARD_VERBS]
        cards = [
            Slot(None, back=True, caption="down") if blind else Slot(card, caption=keys[i])
            for i, card in enumerate(view.hand)
        ]
        return centred_row([backlog, *cards], palette, ascii_only=ascii_only, size=card_size_for(self.app.size.height))

    def hand_line(self, seat: int) -> Text:
        """A hot-seat player's backlog and hand on one line, each card after its key."""
        view = self.game.view(seat)
        line = Text(f"{self.names[seat]}: ", style="bold")
        line.append(f"{self.keymap.key_label(seat, 'take')} take ({self.source(view, seat)}) ", style="dim")
        if seat in view.grabbed and view.pig:
            line.append("hand down, passing blind", style="italic")
        else:
            keys = [self.keymap.key_label(seat, v) for v in CARD_VERBS]
            line.append_text(self.inline_cards(view.hand, keys, None))
        line.no_wrap, line.overflow = True, "ellipsis"
        return line

    def seat_keys(self, seat: int) -> str:
        cards = [self.keymap.key_label(seat, verb) for verb in CARD_VERBS]
        return (
            f"{self.keymap.key_label(seat, 'take')} take, {cards[0]}-{cards[-1]} pass, "
            f"{self.keymap.key_label(seat, 'grab')} {self.grab_word}"
        )

    def turn_prompt(self) -> str:
        seat = self.viewer
        if seat is None:
            return "Watching: everyone passes at once."
        view = self.view
        grab = "space: finger on nose" if view.pig else "space grabs a spoon"
        if view.out[seat]:
            return "You are out."
        if view.over:
            return "Round over: the next deal comes on the count."
        if seat in view.grabbed:
            return "Hand down: ⏎ passes each card on blind." if view.pig else "You hold a spoon: wait for the others."
        if len(view.hand) > HAND:
            return f"1-5 passes that card on · {grab}"
        return f"⏎ takes the next card ({self.source(view, seat)} waiting) · {grab}"


SCREENS = {"spoons": SpoonsScreen}
