"""Which key does what for whom.

Game actions are *verbs* ("flip", "react"); a keymap binds keys to (seat, verb). Solo play
uses the whole keyboard for one person; hot-seat splits it into a left and a right half.
"""

from __future__ import annotations

from dataclasses import dataclass

# Verbs every game screen understands. Later games add theirs (targets, gestures...).
VERB_HELP = {
    "flip": "turn a card",
    "react": "slap",
}

SOLO_KEYS: dict[str, tuple[str, ...]] = {
    "flip": ("enter",),
    "react": ("space",),
}

# Hot-seat: left hand (q w e / a s d / z x c) and right hand (i o p / k l ; / , . /).
HOTSEAT_KEYS: tuple[dict[str, tuple[str, ...]], ...] = (
    {"flip": ("w",), "react": ("s",)},
    {"flip": ("o",), "react": ("l",)},
)

# Textual key names for the few keys whose printed form differs.
KEY_LABELS = {"enter": "⏎ enter", "space": "space", "semicolon": ";", "comma": ",", "full_stop": ".", "slash": "/"}


@dataclass(frozen=True)
class Keymap:
    bindings: dict[str, tuple[int, str]]  # key -> (seat, verb)

    def lookup(self, key: str) -> tuple[int, str] | None:
        return self.bindings.get(key)

    def keys_for(self, seat: int, verb: str) -> list[str]:
        return [k for k, (s, v) in self.bindings.items() if s == seat and v == verb]

    def describe(self, seat: int, verbs: list[str]) -> str:
        """'w turn a card · s slap' for one seat."""
        parts = []
        for verb in verbs:
            keys = self.keys_for(seat, verb)
            if keys:
                parts.append(f"{'/'.join(KEY_LABELS.get(k, k) for k in keys)} {VERB_HELP.get(verb, verb)}")
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
