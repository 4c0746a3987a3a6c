"""Which key does what for whom: a game screen's keys, declared once.

A game screen declares its keys in one ``Keys`` on the class (``GameScreen.KEYS``): each ``Verb``
names what a key does at the table ("flip", "react", "draw"), its key(s) for one person, its keys
for the left and the right player where two share the keyboard in a reaction game, its words, and
its footer label. Everything else is derived from that declaration: the Textual bindings (the footer
and mouse clicks), the ``Keymap`` (who presses what), the hot-seat prompt's key line and the rules
screen's "Keys" section.

Solo play uses the whole keyboard for one person; hot-seat splits it into a left and a right half.
Each row of the keyboard does one job for both halves: the digits target, the letter rows turn,
react and call, the bottom row gestures. The reaction verbs shared by several games are declared
here once (``FLIP``, ``REACT``, ...) so a key means the same in every game; a screen picks them and
words them its own way (``FLIP.worded("turn", footer="Turn card")``). A turn-based game has no
halves: the keyboard is passed to whoever moves, and its card-less moves are ``command`` verbs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from textual.binding import Binding

from cardarcade.rules.base import Action

# Textual key names for the few keys whose printed form differs.
KEY_LABELS = {
    "enter": "⏎ enter",
    "space": "space",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "semicolon": ";",
    "comma": ",",
    "full_stop": ".",
    "slash": "/",
    "minus": "-",
    "equals_sign": "=",
    "backspace": "⌫ backspace",
}
HALVES = ("left", "right")  # the two people at one keyboard, in the order of their seats


def key_label(key: str) -> str:
    """A key as printed: 'w', '⏎ enter', ','."""
    return KEY_LABELS.get(key, key)


def _split(keys: str) -> tuple[str, ...]:
    return tuple(k for k in keys.split(",") if k)


@dataclass(frozen=True)
class Verb:
    """One thing a key does at a game's table, and the keys that do it.

    Keys are Textual key names, several separated by commas as in a ``Binding`` ("left,h").
    ``action`` is the Textual action a footer click (and, for a key no screen handler takes first,
    the key) runs: by default the verb itself for the person pressing it (``verb('flip')``); a
    verb with an action of its own ("reveal", "cursor(-1, 0)") does the same whoever presses it.
    """

    name: str
    solo: str = ""  # the key(s) for one person at the keyboard (a turn game: whoever is to move)
    left: str = ""  # hot-seat: the left player's key(s); none: the verb has no hot-seat keys
    right: str = ""  # hot-seat: the right player's key(s)
    help: str = ""  # what the key does, in a few words after it: "w turn a card"
    footer: str | None = None  # the footer's label; None: not in the footer
    action: str | None = None  # the Textual action of its binding (see above)
    key_display: str | None = None  # how the footer shows its keys, where not one by one ("←→")
    # The rules' keys section's words, where they say more than ``help``; a run of verbs listed
    # alike is one entry there ("1 2 3 4 5 a card of your hand").
    listed: str | None = None
    command: bool = False  # a turn game's card-less move, open or not at each moment (TurnScreen)
    asks: Action | None = None  # a command's move, so the engine can say why it is closed (``why_not``)

    def worded(self, help: str | None = None, **changes: object) -> Verb:
        """This verb in a game's own words: ``FLIP.worded("turn", footer="Turn card")``."""
        if help is not None:
            changes["help"] = help
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def solo_keys(self) -> tuple[str, ...]:
        return _split(self.solo)

    @property
    def key(self) -> str:
        """The (first) solo key: a command's letter."""
        return self.solo_keys[0]

    def half_keys(self, half: int) -> tuple[str, ...]:
        """The keys of the left (0) or the right (1) player at a hot-seat keyboard."""
        return _split(self.left if half == 0 else self.right)

    @property
    def per_person(self) -> bool:
        """Whether the key acts for the person who owns it (a game verb), not for whoever presses it."""
        return self.action is None

    def binding(self) -> Binding:
        action = self.action or f"verb('{self.name}')"
        return Binding(
            self.solo, action, self.footer or self.help, show=self.footer is not None, key_display=self.key_display
        )


def command(
    name: str, key: str, help: str, footer: str | None = None, listed: str | None = None, asks: Action | None = None
) -> Verb:
    """A turn game's card-less move on a letter key: ``command("draw", "d", "draw & end turn", "Draw")``.
    The footer shows it only while it is open (``TurnKeys.check_action``)."""
    return Verb(name, key, help=help, footer=footer, action=f"command('{key}')", listed=listed, command=True, asks=asks)


def numbered(
    prefix: str, solo: Sequence[str], left: Sequence[str], right: Sequence[str], help: str, listed: str
) -> tuple[Verb, ...]:
    """A run of verbs ``<prefix>0``, ``<prefix>1``... on matching keys, listed as one in the
    rules; ``help`` has ``{n}`` for the number from 1 ("card {n}")."""
    return tuple(
        Verb(f"{prefix}{k}", one, lefts, rights, help.format(n=k + 1), listed=listed)
        for k, (one, lefts, rights) in enumerate(zip(solo, left, right, strict=True))
    )


@dataclass(frozen=True)
class Keymap:
    """Who presses what at one table: key -> (seat, verb)."""

    bindings: dict[str, tuple[int, str]]
    keys: Keys = field(default_factory=lambda: Keys())

    def lookup(self, key: str) -> tuple[int, str] | None:
        return self.bindings.get(key)

    def keys_for(self, seat: int, verb: str) -> list[str]:
        return [k for k, (s, v) in self.bindings.items() if s == seat and v == verb]

    def key_label(self, seat: int, verb: str) -> str:
        """The key(s) ``seat`` presses for ``verb`` as printed: 'w', '⏎ enter', ',' ('' if none)."""
        return "/".join(key_label(k) for k in self.keys_for(seat, verb))

    def describe(self, seat: int) -> str:
        """'w turn a card · s slap' for one seat: the hot-seat prompt's key line."""
        parts = []
        for verb in self.keys:
            label = self.key_label(seat, verb.name)
            if label:
                parts.append(f"{label} {verb.help or verb.name}")
        return " · ".join(parts)


class Keys:
    """A game screen's verbs in the order it shows them, and notes on what its keys do that the
    verbs' words do not say (for the rules screen's "Keys" section). ``letters_typed``: every
    letter key types into the game (a word box), so none is the table's."""

    def __init__(self, *verbs: Verb, notes: Sequence[str] = (), letters_typed: bool = False) -> None:
        self.verbs: tuple[Verb, ...] = tuple(verbs)
        self.notes: tuple[str, ...] = tuple(notes)
        self.letters_typed = letters_typed

    def __iter__(self) -> Iterator[Verb]:
        return iter(self.verbs)

    def __repr__(self) -> str:
        return f"Keys({', '.join(v.name for v in self.verbs)})"

    @property
    def names(self) -> list[str]:
        return [v.name for v in self.verbs]

    def __getitem__(self, name: str) -> Verb:
        return next(v for v in self.verbs if v.name == name)

    def with_(self, *verbs: Verb, notes: Sequence[str] = (), without: Iterable[str] = ()) -> Keys:
        """These keys and more: a verb of a name already here takes its place, a new one goes at
        the end; ``without`` names verbs to leave out."""
        gone = set(without)
        new = {v.name: v for v in verbs}
        kept = [new.pop(v.name, v) for v in self.verbs if v.name not in gone]
        return Keys(*kept, *new.values(), notes=(*self.notes, *notes), letters_typed=self.letters_typed)

    def reworded(self, words: dict[str, str]) -> Keys:
        """The same keys with some verbs' words changed (a house rule names a gesture)."""
        reworded = (v.worded(words[v.name]) if v.name in words else v for v in self.verbs)
        return Keys(*reworded, notes=self.notes, letters_typed=self.letters_typed)

    def with_pause(self) -> Keys:
        """These keys and, last, the table's menu (``PAUSE``): escape, and each other key of
        ``PAUSE_KEYS`` that no verb here takes, for one person or at either half of a hot-seat
        keyboard (a game's own key wins: Schnapsen's p passes)."""
        verbs = [v for v in self.verbs if v.name != PAUSE.name]
        taken = {key for v in verbs for key in (*v.solo_keys, *v.half_keys(0), *v.half_keys(1))}
        if self.letters_typed:
            taken.update(key for key in PAUSE_KEYS if len(key) == 1)  # (a letter types)
        free = [key for key in PAUSE_KEYS if key not in taken]
        return Keys(*verbs, PAUSE.worded(solo=",".join(free)), notes=self.notes, letters_typed=self.letters_typed)

    # ---- what is derived from the declaration

    def bindings(self) -> list[Binding]:
        """The Textual bindings: the footer's entries and what a click on one does. Verbs that only a
        keymap reads (a hot-seat half, or a row of cards too long for the footer) have none."""
        return [v.binding() for v in self.verbs if v.solo and (v.footer is not None or v.action is not None)]

    def keymap(self, people: Sequence[int]) -> Keymap:
        """Who presses what: the solo keys for one person, a keyboard half each for two. Verbs of
        their own action are Textual's (anyone may press them) and stay out."""
        bindings: dict[str, tuple[int, str]] = {}
        game_verbs = [v for v in self.verbs if v.per_person]
        if len(people) == 1:
            for verb in game_verbs:
                bindings.update(dict.fromkeys(verb.solo_keys, (people[0], verb.name)))
        else:
            for half, seat in enumerate(people[: len(HALVES)]):
                for verb in game_verbs:
                    bindings.update(dict.fromkeys(verb.half_keys(half), (seat, verb.name)))
        return Keymap(bindings, self)

    @cached_property
    def by_key(self) -> dict[str, Verb]:
        """The verb each solo key makes (a turn game's keyboard, whoever is to move)."""
        return {key: verb for verb in self.verbs for key in verb.solo_keys}

    @property
    def commands(self) -> dict[str, str]:
        """A turn game's command keys and what each does: key -> words."""
        return {key: v.help for v in self.verbs if v.command for key in v.solo_keys}

    @property
    def hotseat(self) -> bool:
        """Whether two people may share the keyboard, each on a half of it."""
        return any(v.left or v.right for v in self.verbs)

    def entries(self, half: int | None = None) -> list[tuple[list[str], str]]:
        """The keys as the rules list them: (keys, words) per verb, a run listed alike as one entry.
        ``half``: a hot-seat player's keys (0 left, 1 right), and only the verbs they own; None:
        the solo keys."""
        out: list[tuple[list[str], str]] = []
        for verb in self.verbs:
            if half is not None and not verb.per_person:
                continue
            keys = list(verb.solo_keys if half is None else verb.half_keys(half))
            words = verb.listed or verb.help
            if not keys:
                continue
            if out and verb.listed is not None and out[-1][1] == words:
                out[-1][0].extend(keys)
            else:
                out.append((keys, words))
        return out

    def shared_entries(self) -> list[tuple[list[str], str]]:
        """At a hot-seat keyboard, the keys either person may press (their own action)."""
        return [(list(v.solo_keys), v.listed or v.help) for v in self.verbs if not v.per_person and v.solo_keys]


# ---- the table's menu: every game's, its keys declared once

# The keys that open the menu, where a game's own keys leave them free (escape always does: no
# game takes it). p as well as escape: a lone escape is the one key a terminal sends that the
# app must wait on, to tell it from the start of an arrow's sequence.
PAUSE_KEYS = ("escape", "p")
PAUSE = Verb("pause", ",".join(PAUSE_KEYS), help="the menu", footer="Menu", action="pause")

# ---- the reaction verbs several games share, their keys declared once

# The keyboard's halves, row by row: the digits, the home row, the bottom row.
DIGITS = tuple("123456789")
LEFT_DIGITS, RIGHT_DIGITS = ("1", "2", "3", "4", "5", "6"), ("7", "8", "9", "0", "minus", "equals_sign")
LEFT_HOME, RIGHT_HOME = ("a", "s", "d", "f", "g"), ("h", "j", "k", "l", "semicolon")
LEFT_BOTTOM, RIGHT_BOTTOM = ("z", "x", "c", "v"), ("m", "comma", "full_stop", "slash")

FLIP = Verb("flip", "enter", "w", "o", "turn a card")
REACT = Verb("react", "space", "s", "l", "slap")
POOL = Verb("pool", "p", "a", "k", "snap pool")
DECLINE = Verb("decline", "n", "d", "j", "decline")
TARGETS = numbered("target", DIGITS[:6], LEFT_DIGITS, RIGHT_DIGITS, "call seat {n}", "call a seat")
# The speed family: a card of the hand on the home row, a centre pile on the bottom row.
CARDS = numbered("card", DIGITS[:5], LEFT_HOME, RIGHT_HOME, "card {n}", "a card of your hand")
PILES = numbered("pile", ("left", "right"), ("z", "x"), ("comma", "full_stop"), "{n}", "a centre pile")
PILES = tuple(p.worded(w) for p, w in zip(PILES, ("left pile", "right pile")))
