"""Through the Window bots: read the card, think of a noun with its letter, type it.

A word takes a person four things, one after the other: reading the card (a look at the one
card in the window, and a reaction time from the level's ex-Gaussian), finding its letter (quick
for a face card or an ace, slower for a number, whose name has to be said in the head first, and
slowest for the eight, which sounds like an A), recalling a noun that starts with it, and typing
it. Recall is the long part, and it grows for the awkward letters: the fewer nouns a letter has
(the text names A, E, F, J, K, N, Q, S and T, and Q, J, K and N have the fewest), the longer a
search of memory takes; it has a long tail, as memory does. Typing runs at a level's characters
per second, plus enter.

Mistakes, by level: a bot now and then sends a word with the wrong letter (an eight taken for an
A), which the table refuses, and it thinks again; an easy bot sometimes cannot think of a noun at
all, and passes after a while. Bots say single plain words from the list, never one used.

Adaptive bots follow the person: once the person has named a noun (or an earlier game told the
table how fast they are), each of the bot's words takes what one of theirs does (the table's
measure of the person, recall and typing included), within a word's range of times rather than a
reaction's: a child's eight seconds a word is followed too.

Planning one state change is a few dictionary look-ups and draws (well under a millisecond).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.bots._speedplay import HANDS
from cardarcade.bots.reaction import LEVELS, AdaptiveProfile
from cardarcade.cards import Rank
from cardarcade.rules.base import Action
from cardarcade.rules.through_the_window import PASS, Nouns, nouns


@dataclass(frozen=True, slots=True)
class Wits:
    """One level's word finding and typing (seconds, characters per second, rates)."""

    recall: float  # median seconds to think of a noun for the easiest letter
    spread: float  # the spread of recall (log-normal sigma)
    cps: float  # typing speed
    blank: float  # chance of not thinking of any noun for a card
    give_up: float  # seconds before a bot that cannot think of one passes
    ideas: int  # nouns that come to mind at once: the shortest is typed


WITS: dict[str, Wits] = {
    "easy": Wits(recall=1.7, spread=0.45, cps=3.0, blank=0.12, give_up=9.0, ideas=1),
    "medium": Wits(recall=1.1, spread=0.4, cps=4.5, blank=0.03, give_up=12.0, ideas=2),
    "hard": Wits(recall=0.75, spread=0.35, cps=6.0, blank=0.0, give_up=15.0, ideas=3),
    "expert": Wits(recall=0.5, spread=0.3, cps=7.5, blank=0.0, give_up=15.0, ideas=4),
}

# Seconds to find a card's letter: a face card or an ace names it at once, a number's name must be
# said in the head, and an eight sounds like an A (the text's example).
LETTER_TIME: dict[Rank, float] = {rank: 0.0 if rank >= Rank.JACK else 0.25 for rank in Rank}
LETTER_TIME[Rank.EIGHT] = 0.7
# A letter's recall grows as its nouns thin out: by this much for every halving of the list
# against the best-stocked letter (S).
AWKWARD_PER_HALVING = 0.22
# Seconds an adaptive bot's word may take, from quicker than an expert bot to slower than an easy
# one, and where it starts while nothing is known of the person (a medium bot's median word).
WORD_RANGE = (0.8, 12.0)
WORD_START = 3.7
# A wrong letter a hasty bot may send for each letter (an eight heard as 'ay', a nine as 'm'...).
CONFUSED = {"e": "a", "t": "d", "f": "v", "s": "c", "n": "m", "a": "e", "j": "g", "q": "k", "k": "c"}


def awkwardness(table: Nouns, letter: str) -> float:
    """How much longer a noun with ``letter`` takes to recall than one with the best-stocked letter."""
    counts = {k: hi - lo for k, (lo, hi) in table.runs.items()}
    most = max(counts.values())
    return 1 + AWKWARD_PER_HALVING * math.log2(most / max(1, counts.get(letter, 1)))


@register("through-the-window")
class ThroughTheWindowBot(BotBase):
    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.wits = WITS.get(level, WITS["medium"])
        self.hands = HANDS.get(level, HANDS["medium"])
        self._awkward: dict[str, float] = {}
        self._last: tuple[int, int, float] | None = None  # (stimulus, try, when) of the last word planned

    def plans(self, view, moment: Moment) -> list[Plan]:
        if isinstance(self.profile, AdaptiveProfile):  # (the table hands adaptive bots a shared profile)
            self.profile.keep_within(WORD_RANGE, WORD_START)
        if view.window is None or self.seat in view.passed:
            return []
        stimulus = view.stimulus
        tries, start = 0, moment.stimulus_time
        last = self._last
        if last is not None and last[0] == stimulus:
            tries = last[1]
            if moment.now >= last[2]:  # that word came to nothing (refused): think again from now
                tries, start = tries + 1, moment.now
        key: Hashable = ("say", stimulus, tries)
        action, at = self.once(key, lambda: self._decide(view, start, first=tries == 0))
        self._last = (stimulus, tries, at)
        return [Plan(action, at, key)]

    # ---- choosing a word

    def pick(self, view, letter: str) -> int | None:
        """A plain noun with ``letter`` that has not won a card, the shortest of the few that come
        to mind (None: none is left)."""
        table = nouns()
        lo, hi = table.run(letter)
        if hi <= lo:
            return None
        used, words, plain = view.used, table.words, table.plain
        ideas: list[int] = []
        for _ in range(24):  # nearly every draw will do: a few dozen words are used at most
            i = self.rng.randrange(lo, hi)
            if plain[i] and words[i] not in used:
                ideas.append(i)
                if len(ideas) == self.wits.ideas:
                    break
        if not ideas:
            return next((i for i in range(lo, hi) if plain[i] and words[i] not in used), None)
        return min(ideas, key=lambda i: len(words[i]))

    def _decide(self, view, start: float, first: bool) -> tuple[Action, float]:
        rng, wits = self.rng, self.wits
        letter = view.letter
        if first and rng.random() < wits.blank:
            return PASS, start + wits.give_up * rng.uniform(0.8, 1.2)
        # A wrong letter is likelier than a false slap: three chances at the level's rate.
        hasty = first and any(self.profile.blunders(rng) for _ in range(3))
        index = self.pick(view, CONFUSED.get(letter, letter)) if hasty else None
        if index is None:
            index = self.pick(view, letter)
        if index is None:  # every noun of the letter has been used: a person would give up too
            return PASS, start + wits.give_up
        word = nouns().words[index]
        return Action("say", target=index, value=view.stimulus), start + self.word_time(view, letter, word, first)

    def word_time(self, view, letter: str, word: str, first: bool) -> float:
        """Seconds from seeing the card (or a word refused) to enter pressed."""
        rng, profile = self.rng, self.profile
        if isinstance(profile, AdaptiveProfile) and profile.knows_person:
            return profile.sample(rng)  # the person's own times hold all of it
        wits, hands = (
            (WITS["medium"], HANDS["medium"]) if isinstance(profile, AdaptiveProfile) else (self.wits, self.hands)
        )
        decide = LEVELS["medium"].sample if isinstance(profile, AdaptiveProfile) else profile.sample
        seeing = hands.scan + decide(rng) + (LETTER_TIME[view.window.rank] if first else 0.0)
        if letter not in self._awkward:
            self._awkward[letter] = awkwardness(nouns(), letter)
        recall = wits.recall * self._awkward[letter] * math.exp(rng.gauss(0.0, wits.spread))
        if profile.misses(rng):  # a blank moment: the first word that came up was no good
            recall *= 2
        typing = (len(word) + 1) / wits.cps
        return seeing + recall + typing
