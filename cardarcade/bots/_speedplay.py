"""How the speed family's bots see, decide and move: like a person at the table.

A play takes a person three things, one after the other (Card, Moran & Newell's model of a
person at a task): finding a card that fits (a visual search, longer the more cards there are to
look over), deciding on it (a reaction time drawn from the level's ex-Gaussian, as in the other
reaction games), and moving it (a fixed motor time a card). A bot misses a play now and then
(it looks over the cards once more before it sees it) and, now and then, puts down a card that
does not fit, which is refused, so it looks again. Misses and wrong plays come at the rates of
its level's reaction profile.

An adaptive bot follows the person instead: once it has seen the person play, each of its
plays takes what one of theirs does (the person's measured times already hold their search and
movement); until then it plays as a medium bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from cardarcade.bots import BotBase, Moment, Plan
from cardarcade.bots.reaction import LEVELS, AdaptiveProfile
from cardarcade.rules.base import Action


@dataclass(frozen=True, slots=True)
class Hands:
    """One level's eyes and hands in the speed games (seconds)."""

    scan: float  # to look over one card
    move: float  # to put one card down


HANDS: dict[str, Hands] = {
    "easy": Hands(scan=0.09, move=0.36),
    "medium": Hands(scan=0.065, move=0.28),
    "hard": Hands(scan=0.05, move=0.22),
    "expert": Hands(scan=0.035, move=0.17),
}


class SpeedFamilyBot(BotBase):
    """Plans one play per situation (the cards in view, numbered by the stimulus): ``choose``
    picks it, and it is made when a person of the bot's level would make it."""

    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.hands = HANDS.get(level, HANDS["medium"])
        self._last: tuple[int, int, float] | None = None  # (stimulus, try, when) of the last play planned

    def plans(self, view, moment: Moment) -> list[Plan]:
        if not self.may_play(view):
            return []
        stimulus = view.stimulus
        last = self._last
        tries, start = 0, moment.stimulus_time
        if last is not None and last[0] == stimulus:
            tries = last[1]
            if moment.now >= last[2]:  # that play came to nothing (refused, or beaten): look again
                tries, start = tries + 1, moment.now
        key: Hashable = ("play", stimulus, tries)
        decision = self.once(key, lambda: self._decide(view, start))
        if decision is None:
            return []
        action, at = decision
        self._last = (stimulus, tries, at)
        return [Plan(action, at, key)]

    # ---- what a game's bot says

    def may_play(self, view) -> bool:
        """Whether there is anything to look for now."""
        raise NotImplementedError

    def choose(self, view) -> Action | None:
        """The play this bot makes on these cards (None: none fits)."""
        raise NotImplementedError

    def misplay(self, view) -> Action | None:
        """A play that does not fit, as a hasty hand makes it (None: no such play)."""
        raise NotImplementedError

    def cards_in_view(self, view) -> int:
        """How many cards a look over the table takes in."""
        raise NotImplementedError

    # ---- timing

    def _decide(self, view, start: float) -> tuple[Action, float] | None:
        rng, profile = self.rng, self.profile
        action = self.choose(view)
        if action is None:
            return None
        if profile.blunders(rng):
            action = self.misplay(view) or action
        return action, start + self.play_time(self.cards_in_view(view), profile.misses(rng))

    def play_time(self, cards: int, missed: bool) -> float:
        """Seconds from seeing the cards to a card down: search, decision, movement."""
        profile, rng = self.profile, self.rng
        looks = 2 if missed else 1
        if isinstance(profile, AdaptiveProfile):
            if profile.observed:
                return profile.sample(rng) * (1 + 0.5 * (looks - 1))
            hands, decide = HANDS["medium"], LEVELS["medium"].sample
        else:
            hands, decide = self.hands, profile.sample
        return looks * hands.scan * cards + decide(rng) + hands.move


def best_by(options: list[Action], score: Callable[[Action], float]) -> Action:
    """The first of the best-scoring options (ties keep the order a person scans in)."""
    best, best_score = options[0], score(options[0])
    for option in options[1:]:
        value = score(option)
        if value > best_score:
            best, best_score = option, value
    return best
