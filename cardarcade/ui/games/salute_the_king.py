"""The Salute the King table: the trigger table with its keys, the pile, and who has answered.

Each seat panel shows its cards and, while a trigger is open, whether that player has made the
right gesture (and in which place), the wrong one, or nothing yet. A human dealer picks the
triggers in a small list dialog before play.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardarcade.rules.base import Action, fill
from cardarcade.rules.salute_the_king import GESTURE_KINDS, RANK_LABELS, RoundInfo, gesture_name
from cardarcade.ui.keymaps import FLIP, LEFT_BOTTOM, RIGHT_BOTTOM, Keys, Verb
from cardarcade.ui.screens._dialog import Dialog
from cardarcade.ui.games._panels import fitted, panel_width, table_size
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.widgets.cards import Slot, centred_row

# Four gesture keys; a house rule says which gesture each makes (``table_keys`` names them).
GESTURE_KEYS = tuple(
    Verb(f"gesture{slot}", str(slot), left, right, f"gesture {slot}")
    for slot, left, right in zip((1, 2, 3, 4), LEFT_BOTTOM, RIGHT_BOTTOM)
)
GESTURE_VERBS = [verb.name for verb in GESTURE_KEYS]
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


class TriggerPicker(Dialog[str]):
    """The dealer picks the card that calls for one gesture."""

    DEFAULT_CSS = """
    TriggerPicker { align: center middle; background: $background 60%; }
    TriggerPicker > Vertical { width: 56; height: auto; border: thick $primary; background: $surface; padding: 0 1; }
    TriggerPicker OptionList { height: auto; max-height: 15; }
    """
    BINDINGS = [Binding("escape", "later", "Later", show=False)]
    CLOSES_WITH_THE_GAME = True

    def __init__(self, dealer: str, gesture: str, choices: list[str]) -> None:
        super().__init__()
        self.dealer, self.gesture, self.choices = dealer, gesture, choices

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"{self.dealer} deal: which card calls for “{self.gesture}”?", style="bold"))
            yield OptionList(*[Option(label, id=label) for label in self.choices], id="trigger-choices")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_later(self) -> None:
        self.dismiss(None)  # back to the table (its menu, rules or leaving); the turn key reopens this


class SaluteTheKingScreen(GameScreen):
    KEYS = Keys(FLIP.worded(footer="Turn card"), *GESTURE_KEYS, notes=["The gestures' names are on screen too."])
    CLAIM_VERBS = {verb: verb for verb in GESTURE_VERBS}

    @classmethod
    def table_keys(cls, options) -> Keys:
        return cls.KEYS.reworded({verb: gesture_name(g) for verb, g in zip(GESTURE_VERBS, options.gestures())})

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        gestures = setup.options.gestures()
        self.gesture_names = [gesture_name(g) for g in gestures]
        self._picking = False
        self._postponed = False  # the dealer closed the picker: reopen it on the dealer's turn key

    # ---- keys

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        view = self.view
        if view.choosing and verb == "flip" and seat == view.dealer:
            self._postponed = False
            self._maybe_pick()
            return
        super().do_verb(seat, verb, t)

    def claim_for(self, seat: int, verb: str) -> tuple[str, int | None] | None:
        view = self.view
        if verb in self.CLAIM_VERBS and (view.choosing or view.stimulus == 0):
            return None  # nothing to answer yet: "not now"
        return super().claim_for(seat, verb)

    def has_answered(self, seat: int) -> bool:
        rnd = self.view.open
        return rnd is None or seat in rnd.done or seat in rnd.failed

    def notify_not_now(self, seat: int, verb: str) -> None:
        view = self.view
        if verb == "flip" and view.turn == seat and not self.has_answered(seat):
            self.say(f"{self.names[seat]}: make your gesture first, then turn the next card")
            return
        super().notify_not_now(seat, verb)

    def claim_flash(self, kind: str, target: int | None) -> str:
        return self.gesture_names[GESTURE_KINDS.index(kind)].upper() + "!"

    def gesture_keys(self, slot: int) -> str:
        """The key(s) for a gesture: '1' solo, 'z|m' hot-seat, the slot number for spectators."""
        labels = [self.keymap.key_label(seat, f"gesture{slot}") for seat in self.people]
        return "|".join(label for label in labels if label) or str(slot)

    # ---- the dealer's choice

    def refresh_all(self) -> None:
        super().refresh_all()
        self._maybe_pick()

    def _tick(self) -> None:
        super()._tick()
        self._maybe_pick()

    def _maybe_pick(self) -> None:
        view, table = self.view, self.table
        if not view.choosing or self._picking or self._postponed or self.game.is_over:
            return
        if table is None or not table.started:
            return
        if self.setup.seats[view.dealer].is_bot:
            return
        self._picking = True
        gesture = self.gesture_names[len(self.picked())]  # the slots are filled in order
        name = self.names[view.dealer]
        who = "You" if name == "You" else f"{name}, you"
        self.app.push_screen(TriggerPicker(who, gesture, list(view.choices)), self._picked)

    def picked(self) -> dict[int, str]:
        """The trigger cards chosen so far, by gesture slot (the pip and prime rows left out)."""
        return {row.slot: row.cue for row in self.view.triggers if row.cue in RANK_LABELS}

    def _picked(self, label: str | None) -> None:
        self._picking = False
        table = self.table
        if label is None:
            self._postponed = True
            self.refresh_all()
            return
        if table is None or table.closed:
            return
        if table.paused:
            table.resume()
        table.submit(self.view.dealer, Action("choose", value=label))

    # ---- drawing

    def seat_style(self) -> str:
        # Five or six panels a row: without frames, so a name and a count still fit.
        return "frameless" if self.game.players > 8 else ""

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, view.turn == seat and not view.choosing and not self.game.is_over)
        count = self.stack_text(f"{view.counts[seat]}")
        # short marks on every panel alike, if the narrowest (the first column) needs them
        status = self.seat_status(seat, narrow=count.cell_len + 8 > min(width, panel_width(self, 0)))
        if view.choosing and seat == view.dealer:
            status = Text("dealing", style="italic")
        line = count
        if status:
            line.append(" ")
            line.append_text(status)
        return Group(fitted(width, header, self.seat_level(seat)), fitted(width, line))

    def current_round(self) -> RoundInfo | None:
        """The open trigger, or the one just settled (until the next card lands)."""
        view = self.view
        if view.open is not None:
            return view.open
        if view.last is not None and view.last.k == view.stimulus:
            return view.last
        return None

    def seat_status(self, seat: int, narrow: bool = False) -> Text | None:
        """This seat's answer to the open (or just settled) trigger."""
        rnd = self.current_round()
        if rnd is None:
            return None
        if rnd.collector == seat:
            return Text(f"+{rnd.taken}" if narrow else f"takes {rnd.taken}", style="bold reverse")
        if seat in rnd.done:
            place = rnd.done.index(seat) + 1
            return Text(f"✓{place}" if narrow else f"✓ {ordinal(place)}", style="bold green")
        if seat in rnd.failed:
            return Text("✗" if narrow else "✗ wrong", style="bold red")
        # (said in words: a bare "…" after the card count read as text cut short)
        if rnd.collector is None:
            return Text("wait" if narrow else "not yet", style="yellow")
        return Text("–" if narrow else "missed", style="yellow")

    def trigger_table(self) -> Text:
        """'1 stand up ← A · 2 salute ← K · …': each gesture's key and the cards that call for it."""
        view = self.view
        cues: dict[int, list[str]] = {}
        for row in view.triggers:
            cue = row.cue
            if cue.startswith("pips"):
                cue = f"{view.pip_target} pips (now {view.pip_total})"
            cues.setdefault(row.slot, []).append(cue)
        entries = []
        for slot in (1, 2, 3, 4):
            if slot in cues:
                entries.append(
                    Text.assemble(
                        (self.gesture_keys(slot), "bold reverse"),
                        f" {self.gesture_names[slot - 1]} ← ",
                        (", ".join(cues[slot]), "bold"),
                    )
                )
        # Break between entries, never inside one, so a key stays beside its gesture.
        width = max(20, self.size.width - 6)
        lines: list[Text] = [Text()]
        for entry in entries:
            if lines[-1] and len(lines[-1]) + 3 + len(entry) > width:
                lines.append(Text())
            if lines[-1]:
                lines[-1].append(" · ", style="dim")
            lines[-1].append_text(entry)
        out = Text("\n", justify="center").join(lines)
        out.justify = "center"
        return out

    def render_center(self) -> RenderableType:
        view = self.view
        palette, ascii_only = self.app.palette, self.app.ascii_glyphs
        if view.choosing:
            picked = [f"{self.gesture_names[slot - 1]} ← {rank}" for slot, rank in self.picked().items()]
            lines = [
                Text(
                    fill("{seat} [deals|deal] and [picks|pick] the four trigger cards", self.names, view.dealer, None),
                    style="bold",
                    justify="center",
                )
            ]
            lines.append(Text(" · ".join(picked) if picked else "none picked yet", justify="center"))
            return Group(*lines)
        table = self.trigger_table()
        if not view.recent:
            caption = Text("The pile is empty", style="dim", justify="center")
            return Group(table, centred_row([Slot()], palette, ascii_only=ascii_only, size=table_size(self)), caption)
        row = centred_row(
            [Slot(card) for card in view.recent], palette, ascii_only=ascii_only, overlap=3, size=table_size(self)
        )
        by = self.names[view.top_by] if view.top_by is not None else ""
        caption = f"{view.pile_size} in the pile · top card from {by}"
        rnd = view.open
        if rnd is not None:
            caption += f" · {len(rnd.done)} of {self.game.players} answered"
        return Group(table, row, Text(caption, style="dim", justify="center"))

    def prompt(self) -> str:
        if self.game.is_over:
            return "Game over."
        humans = self.people
        if len(humans) > 1:
            parts = []
            for seat in humans:
                flip = self.keymap.key_label(seat, "flip")
                keys = " ".join(self.keymap.key_label(seat, v) for v in GESTURE_VERBS)
                parts.append(f"{self.names[seat]}: {flip} turn · {keys} gestures")
            return "   ".join(parts)
        return self.turn_prompt()

    def turn_prompt(self) -> str:
        view = self.view
        if view.choosing:
            if self._postponed:
                key = self.keymap.key_label(view.dealer, "flip")
                return f"{self.names[view.dealer]}: press {key} to pick the trigger cards"
            return f"{self.names[view.dealer]} is picking the trigger cards…"
        turn = self.names[view.turn]
        if self.viewer is None:
            return f"Watching: {turn} turns next."
        if view.turn == self.viewer:
            if view.open is not None and not self.has_answered(self.viewer):
                return "Your turn: answer the card first (1-4), then enter turns the next one"
            closes = " (closes the open trigger)" if view.open is not None else ""
            return f"Your turn: enter turns a card{closes} · 1-4 gestures"
        return f"1-4 make the gestures · {turn} turns next"


SCREENS = {"salute-the-king": SaluteTheKingScreen}
