"""How the speed family's bots see, decide and move: like a person at the table.

A play takes a person three things, one after the other (Card, Moran & Newell's model of a
person at a task): finding a card that fits (a visual search, longer the more cards there are to
look over), deciding on it (a reaction time drawn from the level's ex-Gaussian, as in the other
reaction games), and moving it (a fixed motor time a card). A bot misses a play now and then
(it looks over the cards once more before it sees it) and, now and then, puts down a card that
does not fit, which is refused, so it looks again. Misses and wrong plays come at the rates of
its level's reaction profile.

Eyes and hands are as quick as the reflexes (``hands_of``): a quick person scans and moves quickly
too. In Speed, California Speed and Aggravation a level is a person of a set speed
(``PLAY_MEDIANS``), so a scripted person of the same median is its even match.

An adaptive bot follows the person instead: once it has seen the person play, each of its
plays takes what one of theirs does (the person's measured times already hold their search and
movement); until then it plays as a person of its starting median.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache

from cardarcade.bots import BotBase, Moment, Plan
from cardarcade.bots.reaction import LEVELS, AdaptiveProfile, ReactionProfile, human_like, median_of
from cardarcade.cards import Card
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
# Eyes and hands go with reflexes: a person's scan of a card and move of one take these shares of
# their median reaction (a medium bot's: 65 and 280 ms of about 400).
SCAN_SHARE, MOVE_SHARE = 0.164, 0.707
# The median reaction of each level in Speed, California Speed and Aggravation, where speed is
# all there is to a level: a casual person, a typical one, a quick one, and faster than people.
# A play is several steps of a person's speed, so a small lead wins most games: these sit where a
# scripted person of 700, 500, 300 ms and none at all takes about half their games.
PLAY_MEDIANS: dict[str, float] = {"easy": 0.72, "medium": 0.5, "hard": 0.31, "expert": 0.2}
# Seconds an adaptive bot's play may take in those games, following a person: a play is a search,
# a decision and a move, so a slow person's (a heavy tail, cards missed) takes several reactions.
PLAY_RANGE = (0.3, 6.0)
# An adaptive bot's play time grows by this log ratio for each card it leads the person by (and
# shrinks for each card behind), within EASING_LIMIT times either way.
EASING, EASING_LIMIT = 0.05, 1.6


@lru_cache(maxsize=256)
def hands_of(profile: ReactionProfile) -> Hands:
    """The eyes and hands of someone with these reflexes (scaled to their median)."""
    return hands_for(median_of(profile))


def hands_for(median: float) -> Hands:
    return Hands(scan=SCAN_SHARE * median, move=MOVE_SHARE * median)


class SpeedFamilyBot(BotBase):
    """Plans one play per situation (the cards in view, numbered by the stimulus): ``choose``
    picks it, and it is made when a person of the bot's level would make it.

    A hand on its way to a place goes on while that place shows the card it was aimed at,
    whatever changes elsewhere: both players work on different places at once, as people do, and
    the quicker one does not push every play of the slower one back by starting each search afresh.
    """

    # A game whose levels differ in speed most of all gives each a person's reflexes of these
    # medians (seconds); None: the reaction games' levels (``reaction.LEVELS``).
    LEVEL_MEDIANS: dict[str, float] | None = None
    # Where an adaptive bot's median may go when a followed time is a whole play (``PLAY_RANGE``);
    # None: a reaction's range.
    FOLLOWED_RANGE: tuple[float, float] | None = None
    # Whether a play on its way keeps its aim while the table changes (a pile's top, ``keeps_aim``);
    # a game without piles to aim at (Cash's board) plans afresh instead.
    KEEPS_AIM = True

    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        if self.LEVEL_MEDIANS is not None and level in self.LEVEL_MEDIANS:
            self.profile = human_like(self.LEVEL_MEDIANS[level], level)
        self._last: tuple[int, int, float] | None = None  # (stimulus, try, when) of the last play planned
        self._aim: tuple[Plan, Card | None] | None = None  # a play on its way, and the card it was aimed at
        self._usual_cards: float | None = None  # cards in view at recent plays (``crowding``)

    def plans(self, view, moment: Moment) -> list[Plan]:
        if self.FOLLOWED_RANGE is not None and isinstance(self.profile, AdaptiveProfile):  # (a shared profile)
            self.profile.keep_within(self.FOLLOWED_RANGE, self.profile.start_median)
        if not self.may_play(view):
            self._aim = None
            return []
        aim = self._aim
        if aim is not None:
            plan, seen = aim
            target = plan.action.target
            if (
                moment.now < plan.at
                and (target is None or view.tops[target] == seen)
                and self.keeps_aim(view, plan.action)
            ):
                return [plan]
            self._aim = None
        stimulus = view.stimulus
        last = self._last
        tries, start = 0, moment.stimulus_time
        if last is not None:
            if last[0] == stimulus and moment.now >= last[2]:  # that play came to nothing (refused): look again
                tries, start = last[1] + 1, moment.now
            elif last[0] == stimulus:
                tries = last[1]
            elif moment.now >= last[2]:  # the hand was busy until its last play landed
                start = max(start, last[2])
        key: Hashable = ("play", stimulus, tries)
        decision = self.once(key, lambda: self._decide(view, start))
        if decision is None:
            return []
        action, at = decision
        self._last = (stimulus, tries, at)
        plan = Plan(action, at, key)
        if self.KEEPS_AIM:
            self._aim = (plan, None if action.target is None else view.tops[action.target])
        return [plan]

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

    def cards_left(self, view) -> list[int] | None:
        """Cards each seat still has to get rid of, as the view shows them (None: not a race to
        be out of cards)."""
        return None

    def easing(self, view) -> float:
        """How much slower than the person an adaptive bot plays now: slower while it is ahead in
        cards, quicker while behind, as friends keep a game with a child close. A lead of a few
        cards decides these games, and even races leave one to chance at every deal."""
        left = self.cards_left(view)
        if left is None:
            return 1.0
        mine = left[self.seat]
        others = min(n for p, n in enumerate(left) if p != self.seat)
        return min(max(math.exp(EASING * (others - mine)), 1 / EASING_LIMIT), EASING_LIMIT)

    def crowding(self, view) -> float:
        """How much longer than the person's usual play a play takes on this many cards: the
        person's times were taken over the cards there were then (a recent average), and a look
        over a grid grown twice as long takes them longer too."""
        cards = self.cards_in_view(view)
        usual = self._usual_cards = (
            cards
            if self._usual_cards is None
            else self._usual_cards + (cards - self._usual_cards) / AdaptiveProfile.RECENT
        )
        return (SCAN_SHARE * cards + 1 + MOVE_SHARE) / (SCAN_SHARE * usual + 1 + MOVE_SHARE)

    def keeps_aim(self, view, action: Action) -> bool:
        """Whether a play on its way still has something to do (its place, if it has one, still
        shows the card it was aimed at): the card is still in hand, the place still open, the
        match called on still showing..."""
        raise NotImplementedError

    # ---- timing

    def _decide(self, view, start: float) -> tuple[Action, float] | None:
        rng, profile = self.rng, self.profile
        action = self.choose(view)
        if action is None:
            return None
        if self.follows_person:  # one of the person's times, second looks and slips included
            return action, start + profile.sample(rng) * self.easing(view) * self.crowding(view)
        if profile.blunders(rng):
            action = self.misplay(view) or action
        return action, start + self.play_time(self.cards_in_view(view), profile.misses(rng))

    @property
    def hands(self) -> Hands:
        """Eyes and hands as quick as the reflexes: the level's, a scripted person's, or the
        person an adaptive bot follows."""
        profile = self.profile
        return hands_for(profile.median) if isinstance(profile, AdaptiveProfile) else hands_of(profile)

    @property
    def follows_person(self) -> bool:
        """An adaptive bot that knows the person's times (here or from an earlier game): those
        times already hold their search and movement."""
        profile = self.profile
        return isinstance(profile, AdaptiveProfile) and profile.knows_person

    def play_time(self, cards: int, missed: bool) -> float:
        """Seconds from seeing the cards to a card down: search, decision, movement."""
        profile, rng = self.profile, self.rng
        looks = 2 if missed else 1
        if self.follows_person:
            return profile.sample(rng) * looks
        if isinstance(profile, AdaptiveProfile):  # nobody to follow yet: a medium person
            profile = LEVELS["medium"]
        hands = hands_of(profile)
        return looks * hands.scan * cards + profile.sample(rng) + hands.move


def best_by(options: list[Action], score: Callable[[Action], float]) -> Action:
    """The first of the best-scoring options (ties keep the order a person scans in)."""
    best, best_score = options[0], score(options[0])
    for option in options[1:]:
        value = score(option)
        if value > best_score:
            best, best_score = option, value
    return best
