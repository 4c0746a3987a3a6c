"""Which key does what for whom.

Game actions are *verbs* ("flip", "react"); a keymap binds keys to (seat, verb). Solo play
uses the whole keyboard for one person; hot-seat splits it into a left and a right half.
"""

from __future__ import annotations

from dataclasses import dataclass

# Every verb any game screen uses, with its default help text. A screen may word a verb its own
# way (``GameScreen.VERB_HELP``), e.g. "snap" for react, "salute" for a gesture.
VERB_HELP = {
    "flip": "turn a card",
    "react": "slap",
    "pool": "snap pool",
    "decline": "decline",
    "gesture1": "stand",
    "gesture2": "salute",
    "gesture3": "hand on heart",
    "gesture4": "applaud",
    **{f"target{k}": f"call seat {k + 1}" for k in range(6)},
    # The speed family: a card of the hand, a centre pile, a place in the shared box.
    **{f"card{k}": f"card {k + 1}" for k in range(5)},
    "pile0": "left pile",
    "pile1": "right pile",
    **{f"spot{k}": f"box {k + 1}" for k in range(8)},
    # Cash: a board card, a gesture (a secret signal or an innocent one), the two calls.
    **{f"board{k}": f"board card {k + 1}" for k in range(4)},
    **{f"sign{k}": f"gesture {k + 1}" for k in range(4)},
    "cash": "call Cash!",
    "counter": "call Counter cash!",
    # Aggravation's grid: a card is a line (of six columns) and a column in it; the call.
    **{f"line{k}": f"line {k + 1}" for k in range(6)},
    **{f"column{k}": f"column {k + 1}" for k in range(6)},
    "aggravation": "call Aggravation!",
    # Spoons: take the next card from the left (the cards are card0-card4: pass one), grab a spoon.
    "take": "take a card",
    "grab": "grab a spoon",
}

# Solo: the whole keyboard. Digits pick a target seat (seat numbers as shown, from 1).
SOLO_KEYS: dict[str, tuple[str, ...]] = {
    "flip": ("enter",),
    "react": ("space",),
    "pool": ("p",),
    "decline": ("n",),
    "gesture1": ("1",),
    "gesture2": ("2",),
    "gesture3": ("3",),
    "gesture4": ("4",),
    **{f"target{k}": (str(k + 1),) for k in range(6)},
    **{f"card{k}": (str(k + 1),) for k in range(5)},
    "pile0": ("left",),
    "pile1": ("right",),
    **{f"spot{k}": (str(k + 1),) for k in range(8)},
    **{f"board{k}": (key,) for k, key in enumerate(("a", "s", "d", "f"))},
    **{f"sign{k}": (key,) for k, key in enumerate(("z", "x", "c", "v"))},
    "cash": ("space",),
    "counter": ("backspace",),
    **{f"line{k}": (key,) for k, key in enumerate(("w", "e", "r", "s", "d", "f"))},
    **{f"column{k}": (str(k + 1),) for k in range(6)},
    "aggravation": ("space",),
    "take": ("enter",),
    "grab": ("space",),
}

# Hot-seat: the left player has the left half of the keyboard, the right player the right half.
# Each row of the keyboard does one job for both: top row (digits) targets, the letter rows
# flip / react / the extra calls, the bottom row gestures. In the speed family the home row
# holds the hand's cards (and the box's far row), the bottom row the piles (and the near row).
_LEFT_TARGETS = ("1", "2", "3", "4", "5", "6")
_RIGHT_TARGETS = ("7", "8", "9", "0", "minus", "equals_sign")
_LEFT_CARDS, _LEFT_PILES = ("a", "s", "d", "f", "g"), ("z", "x")
_RIGHT_CARDS, _RIGHT_PILES = ("h", "j", "k", "l", "semicolon"), ("comma", "full_stop")
_LEFT_BOX = ("a", "s", "d", "f", "z", "x", "c", "v")
_RIGHT_BOX = ("j", "k", "l", "semicolon", "m", "comma", "full_stop", "slash")
# Aggravation: the upper row's lines on the top letter row, the lower row's on the home row,
# the columns on the digits.
_LEFT_LINES, _LEFT_COLUMNS = ("w", "e", "r", "s", "d", "f"), ("1", "2", "3", "4", "5", "6")
_RIGHT_LINES, _RIGHT_COLUMNS = ("u", "i", "o", "j", "k", "l"), ("7", "8", "9", "0", "minus", "equals_sign")
HOTSEAT_KEYS: tuple[dict[str, tuple[str, ...]], ...] = (
    {
        "flip": ("w",),
        "react": ("s",),
        "pool": ("a",),
        "decline": ("d",),
        "gesture1": ("z",),
        "gesture2": ("x",),
        "gesture3": ("c",),
        "gesture4": ("v",),
        **{f"target{k}": (key,) for k, key in enumerate(_LEFT_TARGETS)},
        **{f"card{k}": (key,) for k, key in enumerate(_LEFT_CARDS)},
        **{f"pile{k}": (key,) for k, key in enumerate(_LEFT_PILES)},
        **{f"spot{k}": (key,) for k, key in enumerate(_LEFT_BOX)},
        **{f"board{k}": (key,) for k, key in enumerate(_LEFT_TARGETS[:4])},
        **{f"sign{k}": (key,) for k, key in enumerate(("z", "x", "c", "v"))},
        "cash": ("g",),
        "counter": ("b",),
        **{f"line{k}": (key,) for k, key in enumerate(_LEFT_LINES)},
        **{f"column{k}": (key,) for k, key in enumerate(_LEFT_COLUMNS)},
        "aggravation": ("z",),
        "take": ("w",),
        "grab": ("x",),
    },
    {
        "flip": ("o",),
        "react": ("l",),
        "pool": ("k",),
        "decline": ("j",),
        "gesture1": ("m",),
        "gesture2": ("comma",),
        "gesture3": ("full_stop",),
        "gesture4": ("slash",),
        **{f"target{k}": (key,) for k, key in enumerate(_RIGHT_TARGETS)},
        **{f"card{k}": (key,) for k, key in enumerate(_RIGHT_CARDS)},
        **{f"pile{k}": (key,) for k, key in enumerate(_RIGHT_PILES)},
        **{f"spot{k}": (key,) for k, key in enumerate(_RIGHT_BOX)},
        **{f"board{k}": (key,) for k, key in enumerate(_RIGHT_TARGETS[:4])},
        **{f"sign{k}": (key,) for k, key in enumerate(("m", "comma", "full_stop", "slash"))},
        "cash": ("semicolon",),
        "counter": ("n",),
        **{f"line{k}": (key,) for k, key in enumerate(_RIGHT_LINES)},
        **{f"column{k}": (key,) for k, key in enumerate(_RIGHT_COLUMNS)},
        "aggravation": ("m",),
        "take": ("o",),
        "grab": ("full_stop",),
    },
)

# Textual key names for the few keys whose printed form differs.
KEY_LABELS = {
    "enter": "⏎ enter",
    "space": "space",
    "left": "←",
    "right": "→",
    "semicolon": ";",
    "comma": ",",
    "full_stop": ".",
    "slash": "/",
    "minus": "-",
    "equals_sign": "=",
    "backspace": "⌫ backspace",
}


@dataclass(frozen=True)
class Keymap:
    bindings: dict[str, tuple[int, str]]  # key -> (seat, verb)

    def lookup(self, key: str) -> tuple[int, str] | None:
        return self.bindings.get(key)

    def keys_for(self, seat: int, verb: str) -> list[str]:
        return [k for k, (s, v) in self.bindings.items() if s == seat and v == verb]

    def key_label(self, seat: int, verb: str) -> str:
        """The key(s) ``seat`` presses for ``verb`` as printed: 'w', '⏎ enter', ',' ('' if none)."""
        return "/".join(KEY_LABELS.get(k, k) for k in self.keys_for(seat, verb))

    def describe(self, seat: int, verbs: list[str], help: dict[str, str] | None = None) -> str:
        """'w turn a card · s slap' for one seat; ``help`` rewords verbs for a game."""
        words = {**VERB_HELP, **(help or {})}
        parts = []
        for verb in verbs:
            label = self.key_label(seat, verb)
            if label:
                parts.append(f"{label} {words.get(verb, verb)}")
        return " · ".join(parts)


def keymap_for(human_seats: list[int], verbs: list[str]) -> Keymap:
    """Solo keys for one human; the two keyboard halves for two (hot-seat)."""
    bindings: dict[str, tuple[int, str]] = {}
    if len(human_seats) == 1:
        seat = human_seats[0]
        for verb in verbs:
            for key in SOLO_KEYS.get(verb, ()):
                bindings[key] = (seat, verb)
    else:
        for seat, half in zip(human_seats, HOTSEAT_KEYS):
            for verb in verbs:
                for key in half.get(verb, ()):
                    bindings[key] = (seat, verb)
    return Keymap(bindings)


MAX_HOTSEAT_PLAYERS = len(HOTSEAT_KEYS)
