"""The bot shared by trick games where every move is one card from the hand (Polignac, Frogs
in the Pond): easy plays by the game's rules of thumb, medium samples the unseen cards
(``search.pimc``), hard searches information sets (``search.ismcts``). A game supplies its
rules of thumb and its search sizes; the searches go through ``deliberate``, so they run off
the event loop at a live table. Each level does a fixed amount of work, under simulate and at a
table alike; a table's thinking time lets hard search on past its share, never stop short of it.

The game's view must carry ``seat``, ``turn``, ``playable``, ``hand_no`` and ``played``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardarcade.bots import BotBase, Moment, Plan, Thinking
from cardarcade.bots.search import decide_ismcts, decide_pimc
from cardarcade.cards import Card
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action


class CardSearchBot(BotBase):
    GAME: ClassVar[str]
    MEDIUM_SAMPLES: ClassVar[int] = 16
    HARD_ITERATIONS: ClassVar[int]
    HARD_SECONDS: ClassVar[float] = 0.8  # at a live table, hard searches on past its fixed work until then

    @staticmethod
    def easy_card(view: Any, rng: random.Random) -> Card:
        raise NotImplementedError

    def plans(self, view: Any, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat or not view.playable:
            return []
        key = ("play", view.hand_no, len(view.played))
        if self.skill == 0 or len(view.playable) == 1:
            return [self.move(key, moment, lambda: play(self.easy_card(view, self.rng)))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        fallback = play(self.easy_card(view, random.Random(seed)))
        work, args = self.search_work(view, self.seat, self.skill, seed, moment.think_seconds)
        return [self.deliberate(key, work, args, fallback)]

    @classmethod
    def search_work(cls, view: Any, seat: int, skill: int, seed: int, seconds: float | None) -> tuple:
        """The search a bot of ``skill`` runs here, as (work, args) for ``deliberate``."""
        if skill == 1:  # (medium's few samples, always: the table's thinking time is hard's to use)
            return decide_pimc, (cls.GAME, view, seat, seed, cls.MEDIUM_SAMPLES, None, None)
        if seconds is not None:
            seconds = min(seconds, cls.HARD_SECONDS)
        return decide_ismcts, (cls.GAME, view, seat, seed, cls.HARD_ITERATIONS, seconds)

    @classmethod
    def decide(cls, view: Any, seat: int, level: str, seed: int = 0) -> Action:
        """What a bot of ``level`` plays from ``view`` (tests and benchmarks), searching a fixed amount."""
        if level == "easy" or len(view.playable) == 1:
            return play(cls.easy_card(view, random.Random(seed)))
        work, args = cls.search_work(view, seat, 1 if level == "medium" else 2, seed, None)
        return work(*args)
