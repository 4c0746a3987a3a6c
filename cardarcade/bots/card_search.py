"""The bot shared by trick games where every move is one card from the hand (Polignac, Frogs
in the Pond): easy plays by the game's rules of thumb with slips, medium by the same rules
without slips until its last tricks, which it searches with a few sampled deals, and hard
searches from the first card with many, reading the others' plays (``_trick_pimc``). A game
supplies its rules of thumb, its search and its sizes; the searches go through ``deliberate``,
so they run off the event loop at a live table. Each level does a fixed amount of work, under simulate and at a
table alike; a table's thinking time lets hard search on past its share, never stop short of it.

The game's view must carry ``seat``, ``turn``, ``playable``, ``hand_no`` and ``played``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardarcade.bots import BotBase, Moment, Plan, Thinking
from cardarcade.cards import Card
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action


class CardSearchBot(BotBase):
    GAME: ClassVar[str]
    MEDIUM_DEALS: ClassVar[int]  # medium's sampled deals, once it searches
    MEDIUM_FROM: ClassVar[int]  # medium plays by the rule of thumb until its hand is down to this many cards
    HARD_DEALS: ClassVar[int]
    HARD_SECONDS: ClassVar[float] = 0.8  # at a live table, hard searches on past its fixed work until then

    @staticmethod
    def search(view: Any, seat: int, seed: int, deals: int, seconds: float | None, read_plays: bool) -> Action:
        """The game's sampled search (module-level in the game's module: it goes to a worker process)."""
        raise NotImplementedError

    @staticmethod
    def thumb_card(view: Any) -> Card:
        """The game's rule of thumb."""
        raise NotImplementedError

    @staticmethod
    def easy_card(view: Any, rng: random.Random) -> Card:
        raise NotImplementedError

    @classmethod
    def by_rule(cls, view: Any, skill: int, rng: random.Random) -> Card | None:
        """The card played without a search: easy's always, medium's until the last tricks."""
        if skill == 0 or len(view.playable) == 1:
            return cls.easy_card(view, rng)
        if skill == 1 and len(view.hand) > cls.MEDIUM_FROM:
            return cls.thumb_card(view)
        return None

    def plans(self, view: Any, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat or not view.playable:
            return []
        key = ("play", view.hand_no, len(view.played))
        card = self.by_rule(view, self.skill, self.rng)
        if card is not None:
            return [self.move(key, moment, lambda: play(card))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        work, args = self.search_work(view, self.seat, self.skill, seed, moment.think_seconds)
        return [self.deliberate(key, work, args, play(self.thumb_card(view)))]

    @classmethod
    def search_work(cls, view: Any, seat: int, skill: int, seed: int, seconds: float | None) -> tuple:
        """The search a bot of ``skill`` runs here, as (work, args) for ``deliberate``."""
        if skill == 1:  # (medium's few deals, always: the table's thinking time is hard's to use)
            return cls.search, (view, seat, seed, cls.MEDIUM_DEALS, None, False)
        if seconds is not None:
            seconds = min(seconds, cls.HARD_SECONDS)
        return cls.search, (view, seat, seed, cls.HARD_DEALS, seconds, True)

    @classmethod
    def decide(cls, view: Any, seat: int, level: str, seed: int = 0) -> Action:
        """What a bot of ``level`` plays from ``view`` (tests and benchmarks), searching a fixed amount."""
        skill = {"easy": 0, "medium": 1}.get(level, 2)
        card = cls.by_rule(view, skill, random.Random(seed))
        if card is not None:
            return play(card)
        work, args = cls.search_work(view, seat, skill, seed, None)
        return work(*args)
