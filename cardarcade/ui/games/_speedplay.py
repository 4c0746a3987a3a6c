"""The speed family's screen base: play with no turns, by keys that pick a card and a place.

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
from rich.text import Text

from cardarcade.cards import Card
from cardarcade.rules.base import Action, Event, IllegalAction, Outcome, fill
from cardarcade.seating import Reaction
from cardarcade.table.table import COUNT_BEAT
from cardarcade.ui.keymaps import CARDS
from cardarcade.ui.games.game import GameScreen


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


CARD_VERBS = [verb.name for verb in CARDS]  # a hand's five places (Speed, Spoons)


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
