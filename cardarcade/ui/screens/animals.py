"""The Animals (Menagerie) table: first everyone picks an animal, then each panel shows that
player's animal, its call, and the key(s) that make the call."""

from __future__ import annotations

from rich.align import Align
from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.rules.animals import ANIMAL_NAMES, call_word
from cardarcade.rules.base import Action, Event
from cardarcade.ui.screens.game import GameScreen
from cardarcade.ui.screens.snap import CallingScreen

TARGETS = [f"target{k}" for k in range(6)]
OFFERED = len(TARGETS)  # animals offered to choose from at once: one per digit key


class AnimalsScreen(CallingScreen):
    VERBS = ["flip", *TARGETS]
    CLAIM_VERBS = {verb: ("call", k) for k, verb in enumerate(TARGETS)}
    VERB_HELP = {"flip": "turn"}
    BINDINGS = [*GameScreen.BINDINGS, ("enter", "verb('flip')", "Turn card")]
    last_race: frozenset[int | None] = frozenset()  # the two seats in the last won call

    # ---- keys: the digit keys pick an animal first, then call a seat

    def offered(self) -> tuple[str, ...]:
        """The animals on the digit keys: always the same ones (bots choose from the others first),
        so a key never changes its animal under a person's finger."""
        return ANIMAL_NAMES[:OFFERED]

    def claim_for(self, seat: int, verb: str) -> tuple[str, int | None] | None:
        claim = super().claim_for(seat, verb)
        if claim is None or self.game.choosing:
            return None
        target = claim[1]
        if target is None or target >= self.game.players or target == seat or not self.game.holds(target):
            return None  # no such player, yourself, or a player who is out: "not now"
        return claim

    def action_for(self, seat: int, verb: str) -> Action | None:
        if verb in TARGETS and self.game.choosing:
            action = Action("pick", value=self.offered()[TARGETS.index(verb)])
            return action if self.game.is_legal(seat, action) else None
        return super().action_for(seat, verb)

    def on_game_events(self, events_: list[Event]) -> None:
        super().on_game_events(events_)
        for event in events_:
            if event.kind == "call_win":
                self.last_race = frozenset({event.seat, event.target})

    def raced(self, seat: int) -> bool:
        # A call is a race between the two players whose up cards match; the others look on.
        return seat in self.last_race

    def claim_flash(self, kind: str, target: int | None) -> str:
        word = self.view.calls[target] if target is not None else None
        return (word or "?").upper()

    # ---- drawing

    def call_keys(self, seat: int) -> str:
        """Which key makes seat ``seat``'s call, for each person at the keyboard."""
        people = self.setup.human_seats
        verb = TARGETS[seat]
        if not people:
            return ""
        if len(people) == 1:
            label = self.keymap.key_label(people[0], verb) if people[0] != seat else ""
            return f"call key: {label}" if label else "(you)"
        return "keys " + " ".join(f"{self.short_name(p)}:{self.keymap.key_label(p, verb)}" for p in people if p != seat)

    def short_name(self, seat: int) -> str:
        name = self.names[seat]
        return f"P{seat + 1}" if name.startswith("Player ") else name

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        choosing = view.choosing
        header = self.seat_header(seat, not choosing and view.turn == seat and not self.game.is_over)
        held = view.counts[seat] + view.pile_sizes[seat]
        if not choosing:
            header.append(f" {'#' if self.app.ascii_glyphs else '▚'}{held}", style="dim")
        animal = view.animals[seat]
        if animal is None:
            who = Text("choosing…", style="italic")
        else:
            who = Text.assemble((animal.capitalize(), "bold"), f" {view.calls[seat]}")
        if view.out[seat] and not choosing:
            keys = Text("out of cards", style="dim italic")
        else:
            keys = Text(self.call_keys(seat), style="dim")
        for line in (header, who, keys):
            line.no_wrap, line.overflow = True, "ellipsis"
        return Group(header, who, keys)

    def render_center(self) -> RenderableType:
        view = self.view
        if view.choosing:
            return self.choosing_center()
        status = self.status_line()
        return self.center_with(self.up_row(), status)

    def choosing_center(self) -> RenderableType:
        calls = self.setup.options.calls  # type: ignore[attr-defined]
        people = [p for p in self.setup.human_seats if self.view.animals[p] is None]
        owners = {animal: seat for seat, animal in enumerate(self.view.animals) if animal}
        rows = Text()
        for k, animal in enumerate(self.offered()):
            keys = " / ".join(self.keymap.key_label(p, TARGETS[k]) for p in people)
            line = f"{keys:>5}  {animal.capitalize():<7} {call_word(animal, calls):<10}"
            if animal in owners:
                rows.append(f"{line} taken by {self.names[owners[animal]]}\n", style="dim strike")
            else:
                rows.append(line + "\n")
        rows.rstrip()
        return Group(Text("Choose your animal", style="bold", justify="center"), Align.center(rows))

    def prompt(self) -> str:
        humans = self.setup.human_seats
        if len(humans) < 2 or self.game.is_over:
            return super().prompt()
        word = "choose" if self.view.choosing else "call"
        last = TARGETS[-1] if self.view.choosing else TARGETS[self.game.players - 1]
        key = self.keymap.key_label
        return "   ".join(f"{self.names[s]}: {key(s, 'flip')} turn · {key(s, TARGETS[0])}…{key(s, last)} {word}"
                          for s in humans)

    def turn_prompt(self) -> str:
        view = self.view
        me = self.viewer
        if me is None:
            return f"Watching: {self.names[view.turn]} turns next."
        if view.choosing:
            if view.animals[me] is None:
                return "Choose your animal: press its number."
            return "Waiting for the others to choose…"
        if view.out[me]:
            return "You are out of cards."
        if view.turn == me:
            return "Your turn: enter turns your card · a player's key makes their call"
        return f"Match? Press the key on that player's panel · {self.names[view.turn]} turns next"


SCREENS = {"animals": AnimalsScreen}
