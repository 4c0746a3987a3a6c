"""What the Go Fish and Authors bots share: a memory of the table talk, and choosing an ask.

Everything a player says at a fishing table gives something away. Asking for sevens shows you
hold a seven; being handed two sevens shows you now hold at least three; saying "Go fish" shows
you hold none. The bot reads these from the public record in its view and keeps them as facts,
each stamped with the record it came from. How long a fact stays in mind depends on skill: an
easy bot keeps only the last few things said, a medium one a good deal more, a hard one all of it.
A hard bot also puts the facts together (``_fishing_search``): it asks first where they leave a
card nowhere else, and last where they leave it no room.
"""

from __future__ import annotations

from typing import cast

from cardarcade.bots import BotBase, Moment, Plan, Thinking
from cardarcade.bots._fishing_search import Facts, card_id, decide_ask, rank_id
from cardarcade.cards import Card, Rank
from cardarcade.rules._fishing import FishingView, FishRecord
from cardarcade.rules.base import Action

# How many public records a fact is remembered for, by skill (None: for good).
HORIZON: dict[int, int | None] = {0: 5, 1: 24, 2: None}
# How much a "none" still counts once the player has drawn an unseen card since.
STALE = 0.1
# How often a bot asks at random instead of thinking, by skill.
CARELESS: dict[int, float] = {0: 0.45, 1: 0.1, 2: 0.0}
# Hard's deductions: deals sampled for every ask, and at a live table how long it may go on past
# them (more deals only make "sure" surer; the table's pace hides the wait).
SEARCH_DEALS = 48
SEARCH_SECONDS = 0.3


class TableMemory:
    """Facts about the other players' hands, learnt from the public record."""

    def __init__(self, seat: int, horizon: int | None) -> None:
        self.seat = seat
        self.horizon = horizon
        self.last = -1  # number of the last record read
        # seat -> rank -> (at least this many held, record number)
        self.holds: dict[int, dict[Rank, tuple[int, int]]] = {}
        # seat -> rank -> record number when they were seen to hold none of it
        self.lacks_rank: dict[int, dict[Rank, int]] = {}
        # seat -> card -> record number (Authors: exact cards known held, or known not held)
        self.has_card: dict[int, dict[Card, int]] = {}
        self.lacks_card: dict[int, dict[Card, int]] = {}
        # seat -> record number of its latest unseen draw: a "none" said before it may be out of date
        self.drew: dict[int, int] = {}

    # ---- reading the record

    def update(self, view: FishingView) -> None:
        for rec in view.history:
            if rec.n > self.last:
                self._learn(rec, one_card=view.one_per_answer)
                self.last = rec.n

    def _learn(self, rec: FishRecord, one_card: bool) -> None:
        n = rec.n
        if rec.kind == "book":
            book = cast(Rank, rec.rank)  # a book's record names its rank
            for by_rank in (self.holds, self.lacks_rank):
                for rank_facts in by_rank.values():
                    rank_facts.pop(book, None)
            for by_card in (self.has_card, self.lacks_card):
                for card_facts in by_card.values():
                    for card in [c for c in card_facts if c.rank is book]:
                        del card_facts[card]
            return
        if rec.kind in ("fish", "draw"):
            for card in rec.cards:  # a card shown after a lucky draw
                self._gain(rec.seat, card.rank, 1, n, card)
            if not rec.cards:
                self.drew[rec.seat] = n
            return
        asker, target, rank = rec.seat, rec.target, rec.rank
        assert target is not None and rank is not None
        if rec.card is not None:  # Authors: the asker lacks the card and holds its rank
            self._fact(self.lacks_card, asker)[rec.card] = n
        self._gain(asker, rank, 0, n)  # holds at least one (being able to ask)
        if rec.cards:
            for card in rec.cards:
                self._fact(self.has_card, asker)[card] = n
                self._fact(self.has_card, target).pop(card, None)
                self._fact(self.lacks_card, target)[card] = n
                self._fact(self.lacks_card, asker).pop(card, None)
            self._gain(asker, rank, len(rec.cards), n)
            held, _ = self._fact(self.holds, target).pop(rank, (0, n))
            if rec.card is None and not one_card:
                self._fact(self.lacks_rank, target)[rank] = n  # Go Fish: they gave every one they had
            elif held > len(rec.cards):
                self._fact(self.holds, target)[rank] = (held - len(rec.cards), n)
        elif rec.card is None:
            self._fact(self.lacks_rank, target)[rank] = n
            self._fact(self.holds, target).pop(rank, None)
        else:
            self._fact(self.lacks_card, target)[rec.card] = n

    def _gain(self, seat: int, rank: Rank, count: int, n: int, card: Card | None = None) -> None:
        facts = self._fact(self.holds, seat)
        held = facts.get(rank, (0, n))[0]
        facts[rank] = (max(held, 1) + count if count else max(held, 1), n)
        self._fact(self.lacks_rank, seat).pop(rank, None)
        if card is not None:
            self._fact(self.has_card, seat)[card] = n
            self._fact(self.lacks_card, seat).pop(card, None)

    @staticmethod
    def _fact(table: dict, seat: int) -> dict:
        return table.setdefault(seat, {})

    # ---- recalling

    def fresh(self, n: int) -> bool:
        return self.horizon is None or self.last - n < self.horizon

    def held(self, seat: int, rank: Rank) -> int:
        """How many of ``rank`` ``seat`` is remembered to hold at least (0: nothing known)."""
        fact = self.holds.get(seat, {}).get(rank)
        return fact[0] if fact and self.fresh(fact[1]) else 0

    def lacks(self, seat: int, rank: Rank) -> float:
        """How sure it is that ``seat`` holds none of ``rank``: 1 when they said so and have not
        drawn since, a little when they have drawn since, 0 when nothing is remembered."""
        return self._sureness(seat, self.lacks_rank.get(seat, {}).get(rank))

    def has(self, seat: int, card: Card) -> bool:
        n = self.has_card.get(seat, {}).get(card)
        return n is not None and self.fresh(n)

    def lacks_exact(self, seat: int, card: Card) -> float:
        """As ``lacks``, for one exact card (Authors)."""
        return self._sureness(seat, self.lacks_card.get(seat, {}).get(card))

    def facts(self, players: int) -> Facts:
        """What is remembered for sure, for dealing the unseen cards (a "none" counts only while
        the player has not drawn since)."""
        seats = range(players)
        return Facts(
            players,
            at_least=[{rank_id(r): self.held(p, r) for r in self.holds.get(p, {}) if self.held(p, r)} for p in seats],
            no_rank=[{rank_id(r) for r in self.lacks_rank.get(p, {}) if self.lacks(p, r) == 1.0} for p in seats],
            holds=[{card_id(c) for c in self.has_card.get(p, {}) if self.has(p, c)} for p in seats],
            no_card=[{card_id(c) for c in self.lacks_card.get(p, {}) if self.lacks_exact(p, c) == 1.0} for p in seats],
        )

    def _sureness(self, seat: int, n: int | None) -> float:
        if n is None or not self.fresh(n):
            return 0.0
        return 1.0 if n > self.drew.get(seat, -1) else STALE


class FishingBot(BotBase):
    """Asks when it is its turn: the best-scored ask by what it remembers, sometimes at random."""

    careless = CARELESS  # a game may make its players more or less careless

    def __init__(self, seat, level, rng) -> None:
        super().__init__(seat, level, rng)
        self.memory = TableMemory(seat, HORIZON[self.skill])

    def candidates(self, view: FishingView, targets: list[int]) -> list[Action]:
        raise NotImplementedError

    def score(self, view: FishingView, action: Action, mine: dict[Rank, int]) -> float:
        raise NotImplementedError

    def plans(self, view: FishingView, moment: Moment) -> list[Plan | Thinking]:
        self.memory.update(view)
        if view.turn != self.seat or not view.hand:
            return []
        key = ("ask", view.moves)
        if self.skill >= 2:
            return [self._search(view, key, moment)]
        decided = self.once(key, lambda: self._decide(view, moment))
        if decided is None:
            return []
        delay, action = decided
        return [Plan(action, moment.now + delay, key)]

    def _decide(self, view: FishingView, moment: Moment) -> tuple[float, Action] | None:
        targets = [p for p in range(len(view.hand_sizes)) if p != self.seat and view.hand_sizes[p]]
        options = self.candidates(view, targets)
        if not options:
            return None
        delay = self.move_delay(moment.pace)
        if self.rng.random() < self.careless[self.skill]:
            return delay, self.rng.choice(options)
        return delay, self.best_scored(view, options)

    def best_scored(self, view: FishingView, options: list[Action] | None = None) -> Action:
        return max(self.scored(view, options), key=lambda s: s[1])[0]

    def scored(self, view: FishingView, options: list[Action] | None = None) -> list[tuple[Action, float]]:
        """Every ask with its rule-of-thumb score."""
        if options is None:
            options = self.candidates(view, [p for p, n in enumerate(view.hand_sizes) if p != self.seat and n])
        mine: dict[Rank, int] = {}
        for card in view.hand:
            mine[card.rank] = mine.get(card.rank, 0) + 1
        # a whisker of noise breaks ties between equally good asks
        return [(a, self.score(view, a, mine) + self.rng.random() * 0.01) for a in options]

    def _search(self, view: FishingView, key: tuple, moment: Moment) -> Plan | Thinking:
        """Hard: the rule of thumb corrected by deals of the unseen cards consistent with
        everything said (``_fishing_search``), worked out off the event loop."""
        seed, scores = self.once(("search", key), lambda: (self.rng.randrange(1 << 30), self.scored(view)))
        seconds = None if moment.think_seconds is None else min(moment.think_seconds, SEARCH_SECONDS)
        facts = self.memory.facts(len(view.hand_sizes))
        return self.deliberate(
            key, decide_ask, (view, facts, scores, seed, SEARCH_DEALS, seconds), max(scores, key=lambda s: s[1])[0]
        )

    def target_bonus(self, view: FishingView, target: int) -> float:
        """All else equal, a bigger hand is likelier to hold what is asked for."""
        return 0.2 * view.hand_sizes[target]
