"""The Animals (Menagerie) table: first everyone picks an animal, then a call names an animal,
never a seat. Who is which animal shows before the first card, then only for a moment on
request (``space``), unless the beginners' house rule keeps it shown. The list of calls and
their keys stays on screen: it says which key makes which call, not who is which animal.

Keys: solo, each animal has a letter of its name (``w`` for the cow); hot-seat, each half of the
keyboard has its digit keys, which call the animals in play in the order of that list.
"""

from __future__ import annotations

from rich.align import Align
from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.rules.animals import ANIMAL_NAMES, call_word
from cardarcade.rules.base import Action, Event
from cardarcade.ui.keymaps import FLIP, LEFT_DIGITS, RIGHT_DIGITS, Keys, Verb
from cardarcade.ui.games._calling import CallingScreen

TARGETS = [f"target{k}" for k in range(6)]  # the digit keys: pick an animal; hot-seat, call one
OFFERED = len(TARGETS)  # animals offered to choose from at once: one per digit key
# Solo: the letter that makes each animal's call, one of its own letters, no two alike.
ANIMAL_KEYS = {
    "dog": "d",
    "cat": "c",
    "cow": "w",
    "lion": "l",
    "duck": "u",
    "sheep": "s",
    "pig": "p",
    "horse": "h",
    "owl": "o",
    "frog": "f",
    "donkey": "n",
    "bee": "b",
}
CALL_VERBS = {f"call_{animal}": animal for animal in ANIMAL_KEYS}
_PICK = "pick your animal at the start; at a hot-seat keyboard, then call the animals in the order of the list"
_CALL = "make an animal's call: its letter is in the list on screen (w for the cow's Moo!)"
REVEAL_SECONDS = 2.0  # how long ``space`` shows who is which animal


class AnimalsScreen(CallingScreen):
    KEYS = Keys(
        FLIP.worded("turn", footer="Turn card", listed="turn your card"),
        *(
            Verb(verb, str(k + 1), left, right, f"call seat {k + 1}", listed=_PICK)
            for k, (verb, left, right) in enumerate(zip(TARGETS, LEFT_DIGITS, RIGHT_DIGITS))
        ),
        *(
            Verb(verb, ANIMAL_KEYS[animal], help=f"{animal}'s call", listed=_CALL)
            for verb, animal in CALL_VERBS.items()
        ),
        Verb("reveal", "space", help="show for a moment who is which animal", footer="Who is who", action="reveal"),
    )
    last_race: frozenset[int | None] = frozenset()  # the two seats in the last won call

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        self.revealing = False

    # ---- keys: the digit keys pick an animal first; then a call names an animal

    def offered(self) -> tuple[str, ...]:
        """The animals on the digit keys: always the same ones (bots choose from the others first),
        so a key never changes its animal under a person's finger."""
        return ANIMAL_NAMES[:OFFERED]

    def in_play(self) -> list[str]:
        """The animals at this table, in the order of the panels (the calls line reads as the seats
        do; a hot-seat digit names the animal at that place on it)."""
        animals = self.view.animals
        return list(dict.fromkeys(animals[seat] for seat in self.panel_order() if animals[seat] is not None))

    def called_animal(self, verb: str) -> str | None:
        """The animal a key names: its letter (solo), or its place in the list (hot-seat digits)."""
        if verb in CALL_VERBS:
            return CALL_VERBS[verb]
        if verb in TARGETS and self.viewer is None:
            k, animals = TARGETS.index(verb), self.in_play()
            return animals[k] if k < len(animals) else None
        return None

    def claim_for(self, seat: int, verb: str) -> tuple[str, int | None] | None:
        if self.game.choosing or not self.game.may_call(seat):
            return None
        animal = self.called_animal(verb)
        return ("call", ANIMAL_NAMES.index(animal)) if animal is not None else None

    def action_for(self, seat: int, verb: str) -> Action | None:
        if verb in TARGETS and self.game.choosing:
            action = Action("pick", value=self.offered()[TARGETS.index(verb)])
            return action if self.game.is_legal(seat, action) else None
        return super().action_for(seat, verb)

    def action_reveal(self) -> None:
        """Show who is which animal for a moment."""
        self.revealing = True
        self.refresh_all()
        self.set_timer(REVEAL_SECONDS, self._hide)

    def _hide(self) -> None:
        self.revealing = False
        self.refresh_all()

    def on_game_events(self, events_: list[Event]) -> None:
        super().on_game_events(events_)
        for event in events_:
            if event.kind == "call_win":
                self.last_race = frozenset({event.seat, event.target})

    def raced(self, seat: int) -> bool:
        # A call is a race between the two players whose up cards match; the others look on.
        return seat in self.last_race

    def claim_flash(self, kind: str, target: int | None) -> str:
        animal = ANIMAL_NAMES[target] if target is not None else None
        return call_word(animal, self.setup.options.calls).upper() if animal else "?"  # type: ignore[attr-defined]

    # ---- drawing

    def shows_animal(self, seat: int) -> bool:
        """Whether ``seat``'s animal is on its panel now."""
        view = self.view
        return (
            view.choosing
            or view.flips == 0
            or self.revealing
            or seat == self.viewer
            or self.game.is_over
            or self.setup.options.show_animals
        )  # type: ignore[attr-defined]

    def call_key(self, animal: str) -> str:
        """The key(s) that make ``animal``'s call: its letter solo, 'digit/digit' in hot-seat."""
        if self.viewer is not None:
            return ANIMAL_KEYS[animal]
        k = self.in_play().index(animal)
        return "/".join(self.keymap.key_label(p, TARGETS[k]) for p in self.people)

    def legend(self) -> Text:
        """Which key makes which call ('w Cow · d Dog'): the keys, not who is who."""
        line = Text("calls: ", style="dim", justify="center")
        mine = self.view.animals[self.viewer] if self.viewer is not None else None
        for i, animal in enumerate(self.in_play()):
            if i:
                line.append(" · ", style="dim")
            style = "dim" if animal == mine else ""
            line.append_text(
                Text.assemble((self.call_key(animal), f"bold {style}"), (f" {animal.capitalize()}", style))
            )
        return line

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        choosing = view.choosing
        header = self.seat_header(seat, not choosing and view.turn == seat and not self.game.is_over)
        if not choosing:
            header.append(f" ▚{view.counts[seat] + view.pile_sizes[seat]}", style="dim")
        animal = view.animals[seat]
        if view.out[seat] and not choosing:
            who = Text("out of cards", style="dim italic")
        elif animal is None:
            who = Text("choosing…", style="italic")
        elif self.shows_animal(seat):
            who = Text.assemble((animal.capitalize(), "bold"), f" {view.calls[seat]}")
        else:
            who = Text("which animal?", style="dim italic")
        for line in (header, who):
            line.no_wrap, line.overflow = True, "ellipsis"
        return Group(header, who)

    def render_center(self) -> RenderableType:
        view = self.view
        if view.choosing:
            return self.choosing_center()
        return Group(self.center_with(self.up_row(), self.status_line()), self.legend())

    def choosing_center(self) -> RenderableType:
        calls = self.setup.options.calls  # type: ignore[attr-defined]
        people = [p for p in self.people if self.view.animals[p] is None]
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
        humans = self.people
        if len(humans) < 2 or self.game.is_over:
            return super().prompt()
        word = "choose" if self.view.choosing else "call"
        last = TARGETS[-1] if self.view.choosing else TARGETS[len(self.in_play()) - 1]
        key = self.keymap.key_label
        keys = "   ".join(
            f"{self.names[s]}: {key(s, 'flip')} turn · {key(s, TARGETS[0])}…{key(s, last)} {word}" for s in humans
        )
        return keys if self.view.choosing else f"{keys}   space: who is who"

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
        if view.flips == 0 and view.turn == me:
            return "Learn who is which animal, then press enter to turn your first card."
        if view.turn == me:
            return "Your turn: enter turns · a letter calls an animal · space: who is who"
        return f"Match? Call that player's animal by its letter · {self.names[view.turn]} turns next"


SCREENS = {"animals": AnimalsScreen}
