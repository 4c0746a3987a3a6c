"""What the trick-taking games' bots share (the family of ``rules/_tricks.py``).

``TrickBot`` is the skeleton: on its turn a bot makes its move by rule where no search is
needed (easy's always), else it searches off the event loop (``deliberate``) from a seed drawn
once per situation, with a move by rule to fall back on. Each level does a fixed amount of work,
under simulate and at a table alike; a table's thinking time lets a level search on past its
share, never stop short of it. A game supplies what identifies a situation, its easy move, when
the move is obvious and its search (Bura, Schnapsen).

``CardPlayBot`` is the skeleton for games where every move is one card from the hand (Polignac,
Frogs in the Pond): easy plays by the game's rules of thumb with slips; the other levels play by
the same rules without slips until their last tricks and search those (``_trick_pimc``), each as
its ``Search`` says: how many sampled deals, from how many cards in the hand, whether it reads
the others' plays and how much of the table's thinking time it may add. Its game's view must
carry ``seat``, ``turn``, ``playable``, ``hand``, ``hand_no`` and ``played``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from cardarcade.bots import BotBase, Moment, Plan, Thinking
from cardarcade.cards import Card
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action


class TrickBot(BotBase):
    """A trick game's bot: a move by rule, or a search with a move by rule to fall back on."""

    def acts(self, view: Any) -> bool:
        """Whether the bot moves now."""
        return view.turn == self.seat and view.seat == self.seat

    @staticmethod
    def situation(view: Any) -> Hashable:
        """What the bot's move answers (a new one when it changes)."""
        raise NotImplementedError

    @staticmethod
    def easy_action(view: Any, seat: int, rng: random.Random) -> Action:
        """Easy's move, and every level's where it is obvious or a search fails."""
        raise NotImplementedError

    @staticmethod
    def obvious(view: Any, seat: int) -> bool:
        """Whether the move needs no search."""
        return False

    @classmethod
    def by_rule(cls, view: Any, seat: int, level: str, rng: random.Random) -> Callable[[], Action] | None:
        """The move made without a search, as the bot's ``move`` makes it once per situation
        (None: search). Where it draws on ``rng`` says when: in the call, or in the move."""
        if level == "easy" or cls.obvious(view, seat):
            return lambda: cls.easy_action(view, seat, rng)
        return None

    @classmethod
    def search_work(cls, view: Any, seat: int, level: str, seed: int, seconds: float | None) -> tuple:
        """The search a bot of ``level`` runs here, as (work, args) for ``deliberate``
        (``seconds``: the table's thinking time; None: the level's fixed work)."""
        raise NotImplementedError

    @classmethod
    def fallback(cls, view: Any, seat: int, seed: int) -> Action:
        """The move made if the search fails or does not answer in time."""
        return cls.easy_action(view, seat, random.Random(seed))

    def plans(self, view: Any, moment: Moment) -> list[Plan | Thinking]:
        if not self.acts(view):
            return []
        key = self.situation(view)
        ruled = self.by_rule(view, self.seat, self.strategy, self.rng)
        if ruled is not None:
            return [self.move(key, moment, ruled)]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        fallback = self.fallback(view, self.seat, seed)
        work, args = self.search_work(view, self.seat, self.strategy, seed, moment.think_seconds)
        return [self.deliberate(key, work, args, fallback)]

    @classmethod
    def decide(cls, view: Any, seat: int, level: str, seed: int = 0) -> Action:
        """What a bot of ``level`` plays from ``view`` (tests and benchmarks), searching a fixed amount."""
        ruled = cls.by_rule(view, seat, level, random.Random(seed))
        if ruled is not None:
            return ruled()
        work, args = cls.search_work(view, seat, level, seed, None)
        return work(*args)


@dataclass(frozen=True)
class Search:
    """One level's search: its fixed work and what it makes of the others' plays."""

    deals: int  # sampled deals a move (before the game scales them to the cards left)
    read_plays: bool = False  # each deal weighed by how well it explains the others' plays
    solve_at: int = 0  # cards left in the hands at most when a deal is solved exactly (0: the game's own)
    live_seconds: float | None = None  # at a live table, it searches on past its fixed work until then
    from_cards: int = 99  # it plays by the rule of thumb until its hand is down to this many cards


class CardPlayBot(TrickBot):
    """A ``TrickBot`` whose every move is one card; its card by rule is chosen as it is asked."""

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

    def acts(self, view: Any) -> bool:
        return super().acts(view) and bool(view.playable)

    @staticmethod
    def situation(view: Any) -> Hashable:
        return ("play", view.hand_no, len(view.played))

    @classmethod
    def rule_card(cls, view: Any, level: str, rng: random.Random) -> Card | None:
        """The card played without a search: easy's always, the others' until their last tricks."""
        if level == "easy" or len(view.playable) == 1:
            return cls.easy_card(view, rng)
        if len(view.hand) > cls.SEARCHES[level].from_cards:
            return cls.thumb_card(view)
        return None

    @classmethod
    def by_rule(cls, view: Any, seat: int, level: str, rng: random.Random) -> Callable[[], Action] | None:
        card = cls.rule_card(view, level, rng)
        return None if card is None else lambda: play(card)

    @classmethod
    def fallback(cls, view: Any, seat: int, seed: int) -> Action:
        return play(cls.thumb_card(view))

    @classmethod
    def search_work(cls, view: Any, seat: int, level: str, seed: int, seconds: float | None) -> tuple:
        """Only a level with ``live_seconds`` uses the table's thinking time, up to that."""
        search = cls.SEARCHES[level]
        if seconds is not None and search.live_seconds is not None:
            seconds = min(seconds, search.live_seconds)
        else:
            seconds = None
        return cls.search, (view, seat, seed, search, seconds)
