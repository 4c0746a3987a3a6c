"""The bot shared by trick games where every move is one card from the hand (Polignac, Frogs
in the Pond): easy plays by the game's rules of thumb with slips; the other levels play by the
same rules without slips until their last tricks and search those (``_trick_pimc``), each as
its ``Search`` says: how many sampled deals, from how many cards in the hand, whether it reads
the others' plays and how much of the table's thinking time it may add. A game supplies its
rules of thumb, its search and each level's ``Search``; the searches go through ``deliberate``,
so they run off the event loop at a live table. Each level does a fixed amount of work, under
simulate and at a table alike; a table's thinking time lets a level search on past its share,
never stop short of it.

The game's view must carry ``seat``, ``turn``, ``playable``, ``hand_no`` and ``played``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from cardarcade.bots import BotBase, Moment, Plan, Thinking
from cardarcade.cards import Card
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action


@dataclass(frozen=True)
class Search:
    """One level's search: its fixed work and what it makes of the others' plays."""

    deals: int  # sampled deals a move (before the game scales them to the cards left)
    read_plays: bool = False  # each deal weighed by how well it explains the others' plays
    solve_at: int = 0  # cards left in the hands at most when a deal is solved exactly (0: the game's own)
    live_seconds: float | None = None  # at a live table, it searches on past its fixed work until then
    from_cards: int = 99  # it plays by the rule of thumb until its hand is down to this many cards


class CardSearchBot(BotBase):
    GAME: ClassVar[str]
    SEARCHES: ClassVar[dict[str, Search]]  # medium's, hard's and expert's (expert as hard where none is offered)

    @staticmethod
    def search(view: Any, seat: int, seed: int, level: Search, seconds: float | None) -> Action:
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
    def by_rule(cls, view: Any, level: str, rng: random.Random) -> Card | None:
        """The card played without a search: easy's always, the others' until their last tricks."""
        if level == "easy" or len(view.playable) == 1:
            return cls.easy_card(view, rng)
        if len(view.hand) > cls.SEARCHES[level].from_cards:
            return cls.thumb_card(view)
        return None

    def plans(self, view: Any, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat or not view.playable:
            return []
        key = ("play", view.hand_no, len(view.played))
        card = self.by_rule(view, self.strategy, self.rng)
        if card is not None:
            return [self.move(key, moment, lambda: play(card))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        work, args = self.search_work(view, self.seat, self.strategy, seed, moment.think_seconds)
        return [self.deliberate(key, work, args, play(self.thumb_card(view)))]

    @classmethod
    def search_work(cls, view: Any, seat: int, level: str, seed: int, seconds: float | None) -> tuple:
        """The search a bot of ``level`` runs here, as (work, args) for ``deliberate``: the table's
        thinking time only for a level with ``live_seconds``, the others their fixed work."""
        search = cls.SEARCHES[level]
        if seconds is not None and search.live_seconds is not None:
            seconds = min(seconds, search.live_seconds)
        else:
            seconds = None
        return cls.search, (view, seat, seed, search, seconds)

    @classmethod
    def decide(cls, view: Any, seat: int, level: str, seed: int = 0) -> Action:
        """What a bot of ``level`` plays from ``view`` (tests and benchmarks), searching a fixed amount."""
        card = cls.by_rule(view, level, random.Random(seed))
        if card is not None:
            return play(card)
        work, args = cls.search_work(view, seat, level, seed, None)
        return work(*args)
