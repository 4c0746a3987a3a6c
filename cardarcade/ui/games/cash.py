"""Cash's table: a panel per seat with its side and, for a moment, the gesture it just made; the
board in the middle with who partners whom; the viewer's hand and signal below it.

A swap takes two keys, a hand card and a board card, either first. Before each hand a person
picks their side's secret signal on a dialog the other person at the keyboard is told to look
away from; the table waits meanwhile.
"""

from __future__ import annotations

import time

from rich.align import Align
from rich.console import Group, RenderableType
from rich.text import Text
from textual.containers import Grid

from cardarcade.rules.base import Action, Event, IllegalAction, fill
from cardarcade.rules.cash import GESTURE_WORDS, GESTURES, PLACES, SIDE_MARKS, Cash, call_name
from cardarcade.seating import Reaction, is_fault, is_win
from cardarcade.ui.keymaps import (
    CARDS,
    FLIP,
    LEFT_BOTTOM,
    LEFT_DIGITS,
    RIGHT_BOTTOM,
    RIGHT_DIGITS,
    Keys,
    Verb,
    numbered,
)
from cardarcade.ui.games._panels import fitted, panel_width
from cardarcade.ui.games._speedplay import SpeedFamilyScreen
from cardarcade.ui.games.turn import ChoiceScreen
from cardarcade.ui.widgets.cards import Slot, centred_row
from cardarcade.ui.widgets.lines import packed

# A card of the hand (as in Speed) and a board card swap them, either first; a gesture; the calls.
HAND = tuple(verb.worded(listed="a card of your hand") for verb in CARDS[:4])
BOARD = numbered(
    "board", ("a", "s", "d", "f"), LEFT_DIGITS[:PLACES], RIGHT_DIGITS[:PLACES], "board card {n}", "a board card"
)
SIGNS = tuple(
    verb.worded(gesture)
    for verb, gesture in zip(
        numbered(
            "sign",
            ("z", "x", "c", "v"),
            LEFT_BOTTOM,
            RIGHT_BOTTOM,
            "",
            "make a gesture (your secret signal, or an innocent one)",
        ),
        GESTURES,
    )
)
CARD_VERBS = [verb.name for verb in HAND]
BOARD_VERBS = [verb.name for verb in BOARD]
SIGN_VERBS = [verb.name for verb in SIGNS]
GESTURE_SHOWN = 2.5  # seconds a gesture stays on its player's panel
STALE_BOARD = 6.0  # seconds a board stands unchanged before a person with the stock is told to deal
PANEL_WORDS = {"tap": "taps", "sip": "sips", "whistle": "whistles", "wink": "winks"}  # short, for a panel


class CashScreen(SpeedFamilyScreen):
    KEYS = Keys(
        *HAND,
        *BOARD,
        *SIGNS,
        Verb("cash", "space", "g", "semicolon", "call Cash!"),
        Verb("counter", "backspace", "b", "n", "call Counter cash!"),
        FLIP.worded("deal a new board", listed="deal a new board (the stock holder)"),
        notes=["Pick one of your cards and a board card, either first, to swap them."],
    )

    OPEN_HANDS = True

    @classmethod
    def keyboard_note(cls, options: object, people: int) -> str:
        seen = super().keyboard_note(options, people)
        if not seen:
            return ""
        if getattr(options, "partners", None) == "people":
            return f"{seen} So the people here are partners, two by two (opposite each other at four)."
        return f"{seen} Partners are drawn or chosen, so people here may be opponents who see each other's cards."

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        if not self.resumed and not self.shared and len(self.people) > 1:
            # dealt again with the people here seated as partners (when the house rule says so):
            # the engine alone cannot tell who shares the keyboard
            self.game = Cash.setup(
                len(setup.seats),
                setup.seed,
                self.game.options,
                list(setup.deck) if setup.deck else None,
                together=self.people,
            )
            self.view = self.game.view(self.viewer)
        self.picked: dict[int, int] = {}  # seat -> a hand slot picked, waiting for a board card
        self.aimed: dict[int, int] = {}  # seat -> a board place picked, waiting for a hand card
        self.gestured: dict[int, tuple[str, float]] = {}  # seat -> (gesture, when it was made)
        self.called: dict[int, float] = {}  # a person's call not yet settled: its press time
        self.settled_call: tuple[int, float] | None = None  # who called first, and when they pressed
        self.board_changed = time.monotonic()  # when the board last turned up or had a card swapped
        self.signals = SecretSignals(self)

    # ---- keys

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        if verb in ("cash", "counter") and self.game.is_over and self.settled_call is not None:
            if self.table is not None:
                self.too_late(seat, t if t is not None else self.table.clock.now())
            return
        if not self.in_play(seat):
            return
        view = self.game.view(seat)
        name = self.names[seat]
        if view.phase == "signals":
            self.signals.pick(seat, verb)
            return
        if not view.board_up:
            self.say(f"{name}: wait for go, the board is face down")
            return
        if verb in ("cash", "counter"):
            if self.send_play(seat, Action(verb), t) and self.table is not None:
                self.called[seat] = t if t is not None else self.table.clock.now()
            self.flash[seat] = self.call_words(verb)
            self.show(f"seat-{seat}", self.render_seat(seat), answer=True)
            return
        if verb == "flip":
            if seat != view.holder:
                self.say(f"{name}: only {self.names[view.holder]}, who holds the stock, deals a new board")
                return
            self.send_play(seat, Action("refresh"), t)
            return
        if verb in SIGN_VERBS:
            self.send_play(seat, Action("gesture", value=GESTURES[SIGN_VERBS.index(verb)]), t)
            return
        if verb in CARD_VERBS:
            slot = CARD_VERBS.index(verb)
            place = self.aimed.pop(seat, None)
            if place is None:
                self.picked[seat] = slot
                self.refresh_all()
                return
        else:
            place = BOARD_VERBS.index(verb)
            slot = self.picked.pop(seat, None)
            if slot is None:
                self.aimed[seat] = place
                self.refresh_all()
                return
        self.picked.pop(seat, None)
        self.refresh_all()
        self.send_play(seat, Action("swap", (view.hand[slot], view.board[place]), place), t)

    def call_words(self, kind: str) -> str:
        """The call as a caller's panel shouts it until it is settled: 'CASH!'."""
        return call_name(kind, self.game.options.name).upper()

    def refresh_all(self) -> None:
        super().refresh_all()
        self.signals.ask_if_due()  # (a signal's dialog comes up over the table as drawn)

    # ---- events

    def board_stale(self) -> bool:
        """Whether the face-up board has stood unchanged long enough for its stock holder to deal."""
        return self.view.board_up and self.view.phase == "play" and time.monotonic() - self.board_changed >= STALE_BOARD

    def on_game_events(self, events_: list[Event]) -> None:
        now = time.monotonic()
        if any(event.kind in ("flip", "swap") for event in events_):
            self.board_changed = now
            self.set_timer(STALE_BOARD + 0.05, self.refresh_all)
        for event in events_:
            if event.kind == "gesture" and event.seat is not None:
                self.gestured[event.seat] = (event.data["gesture"], now)
                self.set_timer(GESTURE_SHOWN + 0.05, self.refresh_all)
            elif event.kind in ("flip", "refresh", "hand_over"):
                self.headline = ""
                self.picked.clear()
                self.aimed.clear()
            if event.kind == "hand_over":
                self.gestured.clear()
                self.flash.clear()

    def game_title(self) -> str:
        return self.game.options.name.capitalize()  # Cash, Kemps or Kent, as the call

    def words(self, event: Event) -> str:
        if event.kind == "reveal":  # each hand after its player's name (the engine's sentence names nobody)
            hands = [
                Text(f"{self.names[p]} " + " ".join(str(c) for c in hand)) for p, hand in enumerate(event.data["hands"])
            ]
            # as many lines as the log needs to show every hand whole (one line ended in "…")
            lines = packed(Text("Hands: "), hands, max(20, self.app.size.width - 2))
            event = Event("reveal", None, "\n".join(line.plain for line in lines))
        return super().words(event)

    def add_log(self, text: str | Text) -> None:
        for line in (text if isinstance(text, Text) else Text(text)).split("\n"):  # (the hands' lines)
            super().add_log(line)

    def reaction_note(self, batch: list[Reaction]) -> Text | None:
        note = super().reaction_note(batch)
        calls = [r for r in batch if r.claim in ("cash", "counter") and (is_win(r.outcome) or is_fault(r.outcome))]
        if calls:
            r = calls[0]
            self.headline = (
                f"{self.names[r.seat]} called {call_name(r.claim, self.game.options.name)} "
                f"{'right' if is_win(r.outcome) else 'wrong'}"
            )
            self.tell_beaten_calls(r)
        return note

    def tell_beaten_calls(self, first: Reaction) -> None:
        """A person here whose call came after the one that settled the hand is told by how much:
        theirs was never judged (the hand was over)."""
        if self.table is None:
            return
        first_at = self.table.stimulus_time(first.stimulus) + first.seconds
        self.settled_call = (first.seat, first_at)
        for seat, pressed in list(self.called.items()):
            del self.called[seat]
            if seat != first.seat and pressed >= first_at:
                self.too_late(seat, pressed)

    def too_late(self, seat: int, pressed: float) -> None:
        """Tell a person their call came after the one that settled the hand, and by how much."""
        assert self.settled_call is not None
        first, first_at = self.settled_call
        if seat == first:
            return
        ms = max(0, round((pressed - first_at) * 1000))
        who = "you" if len(self.people) == 1 else self.names[seat]
        self.app.notify(
            f"{self.names[first]} called {ms} ms before {who}: the hand was settled first", title="Too late", timeout=5
        )

    # ---- drawing

    def on_mount(self) -> None:
        """The panels in the order the players sit (partners are never neighbours), clockwise:
        along the top row, then back along the bottom one. (Textual calls GameScreen.on_mount
        itself, after this one: calling it here too would build a second table and run the
        countdown twice.)"""
        grid = self.query_one("#seats", Grid)
        ring = self.game.view(None).ring
        columns, _ = self.seat_grid()
        order = ring[:columns] + ring[columns:][::-1]
        for seat in reversed(order):
            grid.move_child(self.query_one(f"#seat-{seat}"), before=0)

    def seat_style(self) -> str:
        return "line"  # one line a seat (a gesture shows on it for a moment), so the board and a hand fit at 80x24

    def side_mark(self, seat: int) -> str:
        return SIDE_MARKS[self.view.side[seat]]

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, False)
        header.append(f" {self.side_mark(seat)}", style="bold")
        gesture = self.gestured.get(seat)
        if gesture is not None and time.monotonic() - gesture[1] < GESTURE_SHOWN:  # for a moment, in place of the rest
            return self.gesture_line(seat, header, PANEL_WORDS[gesture[0]], width)
        return fitted(width, header, "stock" if view.holder == seat and view.phase == "play" else self.seat_level(seat))

    def gesture_line(self, seat: int, header: Text, words: str, width: int) -> Text:
        """The seat's name and the gesture it made. A gesture is what the game is about, so it
        always shows: the side's mark, the hand and the name's end give way first."""
        name = self.names[seat]
        for head, mark in (
            (header, f"✋ {words}"),
            (Text(name, style="bold"), f"✋ {words}"),
            (Text(name, style="bold"), words),
        ):
            if head.cell_len + 1 + Text(mark).cell_len <= width:
                return Text.assemble(head, " ", (mark, "bold yellow"))
        head = Text(name, style="bold")
        head.truncate(max(1, width - len(words) - 1), overflow="ellipsis")
        return Text.assemble(head, " ", (words, "bold yellow"))

    def partners_line(self) -> str:
        """'your signal: tap · You & Bot 2 (A, red) v Bot 1 & Bot 3 (B, black)'."""
        view = self.view
        groups = []
        paired = sum(1 for side in set(view.side) if view.side.count(side) > 1)
        for side in range(max(view.side) + 1):
            members = [p for p in range(view.players) if view.side[p] == side]
            group = " & ".join(self.names[p] for p in members)
            mark = SIDE_MARKS[side]
            if view.drawn and paired == 2:  # (the suits drawn for more sides would not fit the line)
                mark += ", red" if view.drawn[members[0]].is_red else ", black"
            groups.append(f"{group} ({mark})")
        line = " v ".join(groups)
        if self.viewer is not None and view.signal:  # (alone at the keyboard: nobody else reads it)
            line = f"your signal: {view.signal} · {line}"
        if view.lettered:
            line += " · letters " + " ".join(
                f"{SIDE_MARKS[i]}:{view.word[:n] or '-'}" for i, n in enumerate(view.letters)
            )
        return line

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        up = self.face_up() and view.board_up
        aimed = self.aimed.get(self.viewer) if self.viewer is not None else None
        board = [
            Slot(
                view.board[p] if up else None,
                back=not up,
                highlight=p == aimed,
                caption=self.key_caption(BOARD_VERBS[p], str(p + 1)),
            )
            for p in range(PLACES)
        ]
        stock = Slot(None, back=view.stock > 0, caption=str(view.stock))
        row = centred_row([*board, stock], palette, ascii_only=ascii_only, gap=2)
        started = self.table is not None and self.table.started
        if view.phase == "signals":
            idle = (
                "The sides are picking their secret signals…" if started else "On go, each side picks a secret signal"
            )
        else:
            idle = f"Hand {view.hand_no} · the stock ({view.stock} cards) is with {self.names[view.holder]}"
            if view.holder in self.people and view.board_up:
                key = self.keymap.key_label(view.holder, "flip")
                idle = fill(
                    f"{{seat}} [holds|hold] the stock ({view.stock}): {key} deals a new board",
                    self.names,
                    view.holder,
                    None,
                )
        picker = self.signals.picker() if view.phase == "signals" and started else None  # (keys wait for go)
        if picker is not None:
            others = [self.names[p] for p in self.people if p != picker and p not in self.game.view(picker).partners]
            idle = f"{self.names[picker]}: pick your side's secret signal" + (
                f" — {', '.join(others)}, look away!" if others else ""
            )
        if picker is not None:  # over an old headline: who picks now
            status = Text(idle, style="bold", justify="center")
        elif self.board_stale() and view.holder in self.people and self.count_words() is None:
            # nobody moves until the stock holder deals: a person who has not noticed is told plainly
            key = self.keymap.key_label(view.holder, "flip")
            status = Text(
                f"Nobody is swapping: {self.names[view.holder]}, {key} deals a new board",
                style="bold reverse",
                justify="center",
            )
        else:
            status = self.status_line("{count} the board turns up", idle)
        parts: list[RenderableType] = [
            status,
            Text(self.partners_line(), justify="center", no_wrap=True, overflow="ellipsis", style="dim"),
            row,
        ]
        if picker is not None:  # the choice in place of the hands: keys, never what was picked
            choices = " · ".join(f"{self.keymap.key_label(picker, v)} {g}" for v, g in zip(SIGN_VERBS, GESTURES))
            parts.append(Text(choices, justify="center", style="bold"))
            return Group(*parts)
        if len(self.people) > 1:  # hot-seat: each person's hand on a line, after its keys
            for seat in self.people:
                hand = self.game.view(seat).hand
                keys = [self.keymap.key_label(seat, v) for v in CARD_VERBS]
                picked = self.picked.get(seat)
                line = Text(f"{self.names[seat]}: ", style="bold")
                line.append_text(self.inline_cards(hand, keys, hand[picked] if picked is not None else None))
                aim = self.aimed.get(seat)
                if aim is not None:
                    line.append(f"  → board {self.keymap.key_label(seat, BOARD_VERBS[aim])}", style="bold")
                parts.append(Align.center(line))
        if self.viewer is not None:
            mine = self.game.view(self.viewer)
            picked = self.picked.get(self.viewer)
            keys = [self.keymap.key_label(self.viewer, v) for v in CARD_VERBS]
            slots = [
                Slot(card, highlight=i == picked, caption=key) for i, (card, key) in enumerate(zip(mine.hand, keys))
            ]
            parts.append(centred_row(slots, palette, ascii_only=ascii_only))
        return Group(*parts)

    def seat_keys(self, seat: int) -> str:
        def keys(verbs: list[str]) -> str:
            labels = [self.keymap.key_label(seat, v) for v in verbs]
            return ("" if all(len(k) == 1 for k in labels) else " ").join(labels)

        deal = f" {self.keymap.key_label(seat, 'flip')} deal" if self.view.holder == seat else ""
        return (
            f"{keys(CARD_VERBS)}+{keys(BOARD_VERBS)} swap {keys(SIGN_VERBS)} gesture "
            f"{self.keymap.key_label(seat, 'cash')} cash {self.keymap.key_label(seat, 'counter')} counter{deal}"
        )

    def turn_prompt(self) -> str:
        if self.viewer is None:
            return "Watching: everyone swaps at once."
        if self.view.phase == "signals":
            return (
                "Pick your side's secret signal: z x c v"
                if self.signals.picker() == self.viewer
                else "The bots are picking their signals…"
            )
        if self.viewer in self.picked:
            return "Now a board card: a s d f (swaps them)"
        if self.viewer in self.aimed:
            return "Now a card of yours: 1-4 (swaps them)"
        deal = " · ⏎ new board" if self.view.holder == self.viewer else ""
        return f"1-4+asdf swap · zxcv gesture · space Cash! · ⌫ Counter{deal}"

    def render_final(self) -> RenderableType | None:
        view = self.game.view(None)
        if not view.last_hands:
            return None
        lines = [
            self.cards_after(f"{self.names[p]} ({self.side_mark(p)}): ", view.last_hands[p])
            for p in range(view.players)
        ]
        return Text("\n").join(lines)


class SecretSignals:
    """Each side's secret signal picked at the start of a hand, for the people at this keyboard:
    who picks now, the gesture key or the dialog that picks it, and a signal a bot picked told on
    a dialog. Apart from the screen because at one keyboard this is a small protocol of its own
    (one person at a time, the others told to look away, each told once a hand), and the screen
    only asks it who picks and hands it the keys."""

    def __init__(self, screen: CashScreen) -> None:
        self._screen = screen
        self._asking = False  # a dialog about a signal is up
        self._picked: set[tuple[int, int]] = set()  # (hand, seat): people who picked or were told their signal
        self._offered: set[tuple[int, int]] = set()  # (hand, seat): at one keyboard, asked on a dialog to pick

    def ask_if_due(self) -> None:
        """While the hand's signals are picked at a table in play: the next dialog, if one is due."""
        screen = self._screen
        table = screen.table
        if not self._asking and table is not None and table.started and not table.paused and not screen.game.is_over:
            self._tell(screen.game.view(None).hand_no)
            self._offer()

    def picker(self) -> int | None:
        """The person here who picks their side's signal now (one at a time at one keyboard)."""
        screen = self._screen
        view = screen.game.view(None)
        return next((p for p in view.picking if p in screen.people), None)

    def pick(self, seat: int, verb: str) -> None:
        """During the signals: the picker's gesture key picks; every other key waits."""
        screen = self._screen
        picker = self.picker()
        name = screen.names[seat]
        if picker is None:
            screen.say(f"{name}: the bots are picking their signals")
        elif seat != picker:
            screen.say(f"{name}: {screen.names[picker]} is picking a signal — look away")
        elif verb not in SIGN_VERBS:
            screen.say(
                f"{name}: first pick a secret signal: {screen.keymap.key_label(seat, SIGN_VERBS[0])} "
                f"to {screen.keymap.key_label(seat, SIGN_VERBS[-1])}"
            )
        else:
            self._picked.add((screen.game.view(None).hand_no, seat))
            try:
                screen.table.submit(seat, Action("signal", value=GESTURES[SIGN_VERBS.index(verb)]))
            except IllegalAction:
                screen.say(f"{name}: the signal could not be set now")
            screen.refresh_all()

    def _offer(self) -> None:
        """At one keyboard the person picking their side's signal picks it on a dialog over the
        table, which the others look away from (the gesture keys pick it too, as alone)."""
        screen = self._screen
        view = screen.game.view(None)
        picker = self.picker()
        if (
            self._asking
            or len(screen.people) < 2
            or view.phase != "signals"
            or picker is None
            or (view.hand_no, picker) in self._offered
        ):
            return
        self._offered.add((view.hand_no, picker))
        self._asking = True
        others = [screen.names[p] for p in screen.people if p != picker and p not in screen.game.view(picker).partners]
        away = f" — {', '.join(others)}, look away!" if others else ""
        labels = [
            f"{gesture}: {GESTURE_WORDS[gesture]} (key {screen.keymap.key_label(picker, verb)} in play)"
            for verb, gesture in zip(SIGN_VERBS, GESTURES)
        ]

        def picked(index: int | None) -> None:
            self._asking = False
            if index is None:  # closed: the gesture keys still pick, the status line says so
                screen.call_later(screen.refresh_all)
            else:  # (once the table under the dialog plays again)
                screen.call_after_refresh(self.pick, picker, SIGN_VERBS[index])

        ChoiceScreen.ask(screen, f"{screen.names[picker]}: pick your side's secret signal{away}", labels, picked)

    def _tell(self, hand_no: int) -> None:
        """At one keyboard the table never shows a signal: a person whose side's signal a bot
        picked is told it on a dialog the other person looks away from."""
        screen = self._screen
        if len(screen.people) < 2:
            return  # alone, the partners' line shows it
        for seat in screen.people:
            mine = screen.game.view(seat)
            partners_here = [p for p in mine.partners if p in screen.people]
            if (
                mine.signal is None
                or (hand_no, seat) in self._picked
                or any((hand_no, p) in self._picked for p in partners_here)
            ):
                continue
            self._picked.add((hand_no, seat))
            self._asking = True
            others = ", ".join(screen.names[p] for p in screen.people if p != seat and p not in partners_here)
            away = f" — {others}, look away!" if others else ""
            title = (
                f"{screen.names[seat]}: your side's secret signal is {mine.signal} ({GESTURE_WORDS[mine.signal]}){away}"
            )

            def seen(_: int | None) -> None:
                self._asking = False
                screen.call_later(screen.refresh_all)

            ChoiceScreen.ask(screen, title, ["Got it"], seen)
            return


SCREENS = {"cash": CashScreen}
