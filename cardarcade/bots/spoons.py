"""Spoons (and Pig) bots: take, look over five cards, pass one on, and notice a grab like a person.

Each card takes a person a reach to the left for it, then a look over the five cards held, a
decision and a move to pass one on (``_speedplay``'s search, decision and movement times for the
bot's level; a miss is a second look). A wrong play is a card of the rank being collected passed
on by a hasty hand.

Which card to pass: easy passes the first card of a rank it holds least of; medium keeps the rank
it holds most and passes the oldest of the rest; hard and expert also remember the ranks they have
sent on this round (those cards are gone down the line) and collect a rank whose cards are still
to come.

Noticing a grab: a spoon taken is loud, so a bot grabs one after a reaction time and the move to
the spoons (plus the run, when they lie far away). In Pig a finger on a nose is quiet: the bot
glances round the table now and then (more often, and more surely, the better its level) and
follows once it has seen one, passing cards meanwhile.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import cast

from cardarcade.bots import Moment, Plan, register
from cardarcade.bots._speedplay import SpeedFamilyBot
from cardarcade.bots.reaction import AdaptiveProfile
from cardarcade.rules.base import Action
from cardarcade.rules.spoons import HAND, TAKE, quad_rank

HURRIED = 0.1  # a table pace below this (seconds a move): the people are out and the bots finish fast
# Pig: seconds between glances round the table, and the chance a glance sees a finger on a nose.
GLANCES: dict[str, tuple[float, float]] = {
    "easy": (3.0, 0.45),
    "medium": (2.0, 0.6),
    "hard": (1.4, 0.75),
    "expert": (0.9, 0.85),
}


@register("spoons")
class SpoonsBot(SpeedFamilyBot):
    def __init__(self, seat, level, rng) -> None:
        super().__init__(seat, level, rng)
        self.glance = GLANCES.get(level, GLANCES["medium"])
        self._sent: dict[int, int] = {}  # rank -> cards of it passed on this round
        self._sent_round = 0

    def plans(self, view, moment: Moment) -> list[Plan]:
        seat = self.seat
        if view.out[seat] or view.over or view.seat != seat:
            return []
        if view.round_k != self._sent_round:
            self._sent, self._sent_round = {}, view.round_k
        if moment.pace < HURRIED:  # nobody left to keep up with: the table wants the game finished
            return self._hurried(view, moment)
        grab = None if seat in view.grabbed else self._grab(view, moment)
        if grab is not None and (cast(tuple, grab.key)[2] == "own" or not view.pig):  # (own or follow)
            return [grab]  # a hand on its way to the spoons (or holding four of a kind) passes nothing
        plans = [] if grab is None else [grab]
        if seat in view.grabbed and not view.pig:
            return plans
        moves = view.moves[seat]
        if len(view.hand) > HAND:
            key: Hashable = ("pass", view.round_k, moves)
            action, at = self.once(key, lambda: self._pass(view, moment.now))
            plans.append(Plan(action, at, key))
        elif self._can_take(view):
            key = ("take", view.round_k, moves)
            plans.append(Plan(TAKE, self.once(key, lambda: moment.now + self.hands.move), key))
        return plans

    def _hurried(self, view, moment: Moment) -> list[Plan]:
        """Moves at the table's pace, on the same choices."""
        seat, at = self.seat, moment.now + moment.pace
        moves = view.moves[seat]
        if seat not in view.grabbed and (view.grabbed or quad_rank(view.hand) is not None):
            return [Plan(Action("grab", value=view.stimulus), at, ("grab", view.round_k, "hurried"))]
        if seat in view.grabbed and not view.pig:
            return []
        if len(view.hand) > HAND:
            key: Hashable = ("pass", view.round_k, moves)
            action = self.once(key, lambda: (Action("pass", (self.choose_card(view.hand),)), at))[0]
            return [Plan(action, at, key)]
        if self._can_take(view):
            return [Plan(TAKE, at, ("take", view.round_k, moves))]
        return []

    # ---- grabbing

    def _grab(self, view, moment: Moment) -> Plan | None:
        """A grab for a spoon: on seeing four of a kind in hand, or another player's grab."""
        if quad_rank(view.hand) is not None:
            key: Hashable = ("grab", view.round_k, "own")
            at, seen = self.once(
                key,
                lambda: (
                    moment.now + self.play_time(len(view.hand), self.profile.misses(self.rng)) + view.delay,
                    view.stimulus,
                ),
            )
        elif view.grabbed:
            key = ("grab", view.round_k, "follow")
            at, seen = self.once(
                key, lambda: (moment.stimulus_time + self._notice(view.pig) + view.delay, view.stimulus)
            )
        else:
            return None
        return Plan(Action("grab", value=seen), at, key)

    def _notice(self, pig: bool) -> float:
        """Seconds from a grab (a nose touched) to this bot's hand on a spoon (its own nose)."""
        rng, profile = self.rng, self.profile
        looks = 2 if profile.misses(rng) else 1
        react = sum(profile.sample(rng) for _ in range(looks))
        if not self.follows_person:  # (a person's times already hold the reach for the spoons)
            react += self.hands.move
        if not pig:
            return react
        every, sure = self.glance
        if isinstance(profile, AdaptiveProfile):  # the person's own speed sets how often it looks round
            every *= profile.median / 0.35
        glances = 1 + int(math.log(1 - rng.random()) / math.log(1 - sure))  # until one sees it
        return every * (glances - 1 + rng.random()) + react

    # ---- passing

    def _can_take(self, view) -> bool:
        if self.seat == view.dealer:
            return view.stock_size + view.discard_size > 0
        return view.backlog_sizes[self.seat] > 0

    def _pass(self, view, start: float) -> tuple[Action, float]:
        rng, profile = self.rng, self.profile
        hand = view.hand
        card = self.choose_card(hand)
        if profile.blunders(rng):
            card = self.misplay_card(hand) or card
        self._sent[card.rank] = self._sent.get(card.rank, 0) + 1
        return Action("pass", (card,)), start + self.play_time(len(hand), profile.misses(rng))

    def counts(self, hand) -> dict:
        counts: dict = {}
        for card in hand:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        return counts

    def keep_rank(self, hand):
        """The rank this bot collects."""
        counts = self.counts(hand)
        if self.skill >= 2:
            # cards of a rank sent on are gone down the line: a rank still to come is worth more
            return max(counts, key=lambda r: (counts[r], -self._sent.get(r, 0)))
        return max(counts, key=lambda r: counts[r])

    def choose_card(self, hand):
        counts = self.counts(hand)
        if self.skill == 0:
            fewest = min(counts.values())
            return next(c for c in hand if counts[c.rank] == fewest)
        keep = self.keep_rank(hand)
        rest = [c for c in hand if c.rank != keep]
        if self.skill >= 2:
            return min(rest, key=lambda c: (counts[c.rank], -self._sent.get(c.rank, 0)))
        return rest[0]

    def misplay_card(self, hand):
        keep = self.keep_rank(hand)
        return next((c for c in hand if c.rank == keep), None)
