"""Through the Window's table: the card in the window, its letter, and a box the word is typed in.

Alone, the person just types: letters go to the word box (q too: a queen's nouns start with it),
backspace edits, enter sends, stamped with the time enter was pressed, so the table settles it
against the bots' words by press time. Enter on an empty box passes on the card.

Two people at one keyboard buzz first, each with a key in their half (the others' letters would
land in one box otherwise); the one who buzzed then owns every letter until they send a word, send
an empty box or wait ten seconds, and a wrong word hands the buzz back. A buzz from the other
within a moment of the first, before the holder has typed, is theirs, not a letter, and they are
told by how much they lost (when it is also the card's letter, the holder's next key tells which).
"""

from __future__ import annotations

import threading

from rich.align import Align
from rich.console import Group, RenderableType
from rich.text import Text
from textual import events

from cardarcade.rules.base import Action, Event, fill
from cardarcade.rules.through_the_window import PASS, fold, nouns, rank_hint
from cardarcade.seating import Reaction, is_win
from cardarcade.ui.keymaps import DECLINE, REACT, Keys
from cardarcade.ui.games._panels import fitted, panel_width
from cardarcade.ui.games._speedplay import SpeedFamilyScreen
from cardarcade.ui.widgets.cards import CARD_HEIGHT, Slot, render_row

MAX_WORD = 28  # letters a word box holds (the longest noun in the list is shorter)
BUZZ_LAPSE = 10.0  # seconds a buzz is held without a key before it goes back
LATE_BUZZ = 0.6  # seconds after a buzz in which the other's buzz key is a buzz, not a letter
PASS_GUARD = 0.5  # seconds after a word is sent in which an empty enter is not a pass (a double press)
TYPED = frozenset("-' ")  # what a word may hold besides letters (ice-cream, tam-o'-shanter, dump truck)


class ThroughTheWindowScreen(SpeedFamilyScreen):
    # Hot-seat only: buzz, pass (alone, every letter types).
    KEYS = Keys(
        REACT.worded("buzz", solo="", listed="buzz: then the letters type into your box"),
        DECLINE.worded("pass", solo="", listed="pass on this card"),
        notes=[
            "Type the word and press enter; backspace edits; enter on an empty box passes.",
            "Every letter types, q too (a queen's nouns start with it): leave from the menu (escape).",
        ],
        letters_typed=True,
    )
    BEFORE_GO = "wait for GO and the card"

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.boxes: dict[int, str] = {seat: "" for seat in self.people}
        self.buzz: tuple[int, float] | None = None  # (seat, press time) of the buzz held
        self._buzz_timer = None
        self._sent: dict[int, float] = {}  # seat -> when its last word was sent
        self._maybe_late: tuple[int, float] | None = None  # (seat, press time) of a buzz key that typed a letter

    def on_mount(self) -> None:
        # The noun list is read while the table counts to the first card, not on the event loop
        # when the bots first plan a word.
        # (Textual calls GameScreen.on_mount as well, after this one.)
        threading.Thread(target=nouns, name="cardarcade-nouns", daemon=True).start()

    # ---- keys

    def typist(self) -> int | None:
        """Whose word box the letters go to now: the solo player's, or the hot-seat buzz holder's."""
        if self.game.is_over:
            return None
        if self.viewer is not None:
            return self.viewer
        return self.buzz[0] if self.buzz is not None else None

    async def on_key(self, event: events.Key) -> None:
        seat = self.typist()
        if seat is not None and self.type_key(seat, event):
            event.stop()
            event.prevent_default()
            return
        if (
            seat is None
            and self.viewer is None
            and self.view.window is not None
            and event.key != "q"
            and event.character
            and event.character.isalpha()
            and self.keymap.lookup(event.key) is None
        ):
            keys = self.buzz_keys()  # a letter at one keyboard before anyone has buzzed
            self.say(f"Buzz first: {keys}" if keys else "You have both passed on this card")
            event.stop()
            event.prevent_default()
        # Any other key: Textual calls GameScreen.on_key next (the hot-seat buzz and pass keys).

    def type_key(self, seat: int, event: events.Key) -> bool:
        """A key for the word box of ``seat``; False if it is not one (escape, f1, ...)."""
        box = self.boxes[seat]
        key, char = event.key, event.character
        maybe, self._maybe_late = self._maybe_late, None
        if key == "enter":
            self.send_word(seat, event.time)
            return True
        if key == "backspace":
            self.set_box(seat, box[:-1])
            return True
        if self.buzz is not None and self.late_buzz(seat, key, event.time):
            return True
        if char is None or len(char) != 1 or not (char.isalpha() or char in TYPED):
            return bool(box) and key == "question_mark"  # (mid-word, ? is not the rules)
        if char == " " and (not box or box.endswith(" ")):
            return True
        if maybe is not None and self.buzz is not None and box == char:  # s, then s: the first was the other's buzz
            self._tell_buzzes(seat, maybe[0], maybe[1] - self.buzz[1])
            return True
        if len(box) < MAX_WORD:
            self.set_box(seat, box + char)
        return True

    def set_box(self, seat: int, text: str) -> None:
        self.boxes[seat] = text
        if self.buzz is not None and self.buzz[0] == seat:
            self._hold_buzz()
        self.show("center", self.render_center(), answer=True)

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        """Hot-seat keys while nobody holds the buzz: buzz, or pass."""
        if not self.in_play(seat):
            return
        view = self.game.view(seat)
        if view.window is None:
            self.say(f"{self.names[seat]}: wait for the card")
        elif seat in view.passed:
            self.say(f"{self.names[seat]}: you passed on this card")
        elif verb == "decline":
            self.send_play(seat, PASS, t)
        else:
            self.buzz = (seat, t if t is not None else self.clock_now())
            self._hold_buzz()
            self.refresh_all()

    def clock_now(self) -> float:
        return self.table.clock.now() if self.table is not None else 0.0

    def late_buzz(self, holder: int, key: str, t: float) -> bool:
        """The other person's buzz key just after a buzz, before the holder has typed a letter:
        their buzz, too late (or, pressed earlier though read later, the winner's). False for any
        other key. When the key is also the card's letter (s on a six or seven) it may be the
        holder's first letter: it types, and if the holder's next key is the same letter, the first
        was the other's buzz (``_maybe_late``)."""
        mapped = self.keymap.lookup(key)
        if mapped is None or mapped[1] != "react" or mapped[0] == holder or self.buzz is None:
            return False
        first, first_t = self.buzz
        other = mapped[0]
        if t < first_t:  # pressed first, read second: the buzz is theirs
            self.buzz = (other, t)
            self.boxes[first] = ""
            self._tell_buzzes(other, first, first_t - t)
            return True
        if t - first_t > LATE_BUZZ or self.boxes[holder]:
            return False  # a letter of the word
        if key == self.view.letter:
            self._maybe_late = (other, t)
            return False
        self._tell_buzzes(first, other, t - first_t)
        return True

    def _tell_buzzes(self, first: int, later: int, margin: float) -> None:
        self.headline = f"{self.names[first]} buzzed {round(margin * 1000)} ms earlier than {self.names[later]}"
        self.add_log(Text("⏱ " + self.headline, style="italic"))
        self.refresh_all()

    def _hold_buzz(self) -> None:
        if self._buzz_timer is not None:
            self._buzz_timer.stop()
        self._buzz_timer = self.set_timer(BUZZ_LAPSE, self._buzz_lapses)

    def _buzz_lapses(self) -> None:
        self._buzz_timer = None
        if self.buzz is not None:
            seat = self.buzz[0]
            self.release_buzz(f"{self.names[seat]}'s buzz lapses: either may buzz again")

    def release_buzz(self, why: str | None = None) -> None:
        """The buzz goes back (a wrong word, an empty enter, time up, the card gone)."""
        if self.buzz is None:
            return
        seat = self.buzz[0]
        self.buzz, self._maybe_late = None, None
        self.boxes[seat] = ""
        if self._buzz_timer is not None:
            self._buzz_timer.stop()
            self._buzz_timer = None
        self.refresh_all()
        if why:
            self.say(why)

    # ---- sending a word

    def send_word(self, seat: int, t: float | None) -> None:
        """Enter: the box as a word (checked here first: a wrong word costs only time), or a pass."""
        if not self.in_play(seat):
            return
        word = " ".join(self.boxes[seat].split())
        hot_seat = self.viewer is None
        name = self.names[seat]
        view = self.game.view(seat)
        if not word:
            if hot_seat:
                self.release_buzz(f"{name} gives the buzz back")
            elif (
                view.window is not None
                and seat not in view.passed
                and (t or 0.0) - self._sent.get(seat, -PASS_GUARD) >= PASS_GUARD
            ):
                self.send_play(seat, PASS, t)
            return
        problem = self.word_problem(view, seat, word)
        if problem is not None:
            if hot_seat:
                self.release_buzz(f"{name}: {problem}; the buzz goes back")
            else:
                if view.window is not None:  # the note quotes it: the next word starts afresh, not after it
                    self.set_box(seat, "")
                self.say(problem)
            return
        index = nouns().index(word)
        self.boxes[seat] = ""
        self._sent[seat] = t if t is not None else self.clock_now()
        if hot_seat:
            self.buzz, self._maybe_late = None, None
        self.send_play(seat, Action("say", target=index), t)
        self.refresh_all()

    def word_problem(self, view, seat: int, word: str) -> str | None:
        """Why ``word`` cannot win the card up now (None: it can)."""
        if view.window is None:
            return "wait for the card"
        if seat in view.passed:
            return "you passed on this card"
        index = nouns().index(word)
        if index is None:
            return f"“{word}” is not in the noun list"
        letter = view.letter.upper()
        if fold(word)[0] != view.letter:
            return f"“{word}” does not start with {letter} ({rank_hint(view.window)})"
        if nouns().words[index] in view.used:
            return f"“{word}” has won a card already"
        return None

    # ---- what the table says

    def on_game_events(self, events_: list[Event]) -> None:
        for event in events_:
            if event.kind == "turn":
                self.headline = ""
            if event.kind in ("turn", "word_win", "aside"):
                for seat in self.boxes:  # a word for a card that has gone is no use
                    self.boxes[seat] = ""
                if self.buzz is not None:
                    self.release_buzz()

    def reaction_note(self, batch: list[Reaction]) -> Text | None:
        """A word that won: its time; a word beaten to the card: by whom and how much (the family's note)."""
        won = [f"{self.names[r.seat]} {r.seconds:.1f} s" for r in batch if is_win(r.outcome)]
        late = super().reaction_note(batch)
        if not won:
            return late
        return Text("⏱ " + " · ".join(won + ([late.plain[2:]] if late is not None else [])), style="italic")

    # ---- drawing

    def seat_style(self) -> str:
        return "frameless" if self.game.players > 8 else ""

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        active = view.window is None and view.turner == seat and not self.game.is_over
        if max(map(len, self.names)) + 2 > width:  # narrow panels (a big table): names whole, without the marker
            header = Text(self.names[seat], style="bold reverse" if active else "bold")  # (reversed: turns next)
        else:
            header = self.seat_header(seat, active)
        won = len(view.won[seat])
        line = self.stack_text(f"{view.hidden[seat]}")
        line.append(f" · won {won}" if width >= 14 else f" +{won}")
        note: Text | str | None = None
        if seat in view.passed:
            note = Text("passed", style="italic")
        elif view.last is not None and view.last.seat == seat and view.window is None:
            note = Text(f"“{view.last.word}”", style="bold")
        elif self.buzz is not None and self.buzz[0] == seat:
            note = Text("BUZZ!", style="bold reverse")
        return Group(fitted(width, header, self.seat_level(seat)), fitted(width, line, note))

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        turner = self.names[view.turner]
        looks = fill("{seat} [looks|look] through the window", self.names, view.turner, None)
        # A saved game goes on with its card face down until GO: nobody thinks of a word before the bots may.
        up = view.window if self.face_up() else None
        if up is not None:
            slot = Slot(up)
            beside = ["", view.letter.upper(), rank_hint(up).split(" ", 1)[1], ""]
        else:
            slot = Slot(None, back=(view.window is not None or view.hidden[view.turner] > 0) and not self.game.is_over)
            beside = ["", "", "", ""]
        art = render_row([slot], palette, ascii_only=ascii_only).split("\n")
        block = Text("\n").join(
            Text.assemble(
                line, "   ", ((beside[i - 1] if 0 < i <= len(beside) else "").ljust(12), "bold" if i == 2 else "")
            )
            for i, line in enumerate(art[:CARD_HEIGHT])
        )
        if self.game.is_over:
            idle = "Every card has been turned."
        elif up is None:
            idle = f"{looks}…"
        else:
            idle = f"{turner} looked through the window and saw… {rank_hint(up)}"
        status = self.status_line(f"{{count}} {looks}", idle)
        parts: list[RenderableType] = [status, Align.center(block), self.box_line(), self.used_line()]
        return Group(*parts)

    def box_line(self) -> Text:
        """The word being typed, with a cursor; or who may buzz."""
        view = self.view
        seat = self.typist()
        if seat is None:
            if self.viewer is None and self.people and view.window is not None and not self.game.is_over:
                keys = self.buzz_keys()
                return Text(
                    f"Buzz to answer: {keys}" if keys else "You have both passed on this card",
                    style="dim",
                    justify="center",
                )
            return Text("")
        who = "Your word" if self.viewer is not None else f"{self.names[seat]}'s word"
        if seat in view.passed:
            return Text(f"{who}: passed on this card", style="dim", justify="center")
        return Text.assemble((f"{who}: ", "bold"), (self.boxes[seat], "bold reverse"), ("▏", "blink"), justify="center")

    def buzz_keys(self) -> str:
        """'s Ann · l Bob': the buzz keys of the people who have not passed on the card up."""
        passed = self.view.passed
        return " · ".join(
            f"{self.keymap.key_label(p, 'react')} {self.names[p]}" for p in self.people if p not in passed
        )

    def used_line(self) -> Text:
        used = self.view.used
        if not used:
            return Text("A winning word may not be used again.", style="dim", justify="center")
        text = "Used: " + ", ".join(reversed(used))
        return Text(text, style="dim", justify="center", no_wrap=True, overflow="ellipsis")

    def seat_keys(self, seat: int) -> str:
        return f"{self.keymap.key_label(seat, 'react')} buzz, {self.keymap.key_label(seat, 'decline')} pass"

    def prompt(self) -> str:
        if self.game.is_over:
            return "Game over."
        if len(self.people) > 1:
            keys = " · ".join(f"{self.names[s]}: {self.seat_keys(s)}" for s in self.people)
            return f"{keys} · then type, ⏎ sends"
        return self.turn_prompt()

    def turn_prompt(self) -> str:
        if self.viewer is None:
            return "Watching: the first noun with the card's letter takes it."
        return "Type a noun with the card's letter · ⏎ sends · ⏎ on an empty box passes"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Alone, q is a letter (a queen's nouns start with it): leaving is on the menu (escape).
        if action == "leave" and self.viewer is not None and not self.game.is_over and not self.shared:
            return False
        return super().check_action(action, parameters)


SCREENS = {"through-the-window": ThroughTheWindowScreen}
