"""Chicago bots.

- easy: simple rules: keep the cards of a pair or better (or four to a flush), else the two
  highest; declare the type held when it may be declared; in the tricks play low, keeping the high
  cards for the last trick.
- medium: draws by expected points (each way of discarding judged over sampled draws from the
  cards it has not seen); declares honestly; the tricks by perfect-information Monte Carlo.
- hard: draws as medium with more samples; declares honestly but may hold back a lone pair when
  others are still to declare (a point is little, and declaring tells them what it holds); the
  tricks by information-set Monte Carlo tree search.

Bots never declare a type they do not hold, so they never forfeit. Searches run through
``deliberate``: off the event loop at a live table, inline under simulate and in tests.
"""

from __future__ import annotations

import random
from itertools import combinations

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import decide_ismcts, decide_pimc
from cardarcade.cards import ACES_HIGH, Card
from cardarcade.poker import Category, evaluate
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action
from cardarcade.rules.chicago import (
    HAND,
    PACK,
    PASS,
    POINTS,
    ChicagoView,
    claim_cards,
    declared_type,
    holds,
)

DRAW_SAMPLES = {"medium": 40, "hard": 120}  # sampled draws for each way of discarding
MEDIUM_DEALS = 16  # PIMC deals for a card
HARD_ITERATIONS = 300  # ISMCTS iterations for a card
HOLD_BACK = 0.5  # chance hard keeps a lone pair quiet with others still to declare
SECONDS = 0.8  # at most, at a live table


def _sorted(hand: list[Card]) -> list[Card]:
    return sorted(hand, key=lambda c: c.code)


def draw_action(discard: list[Card]) -> Action:
    return Action("draw", tuple(_sorted(discard)))


def safe_discard(view: ChicagoView, seat: int, discard: list[Card]) -> bool:
    """A discard that breaks a claim the hand cannot prove would forfeit the game."""
    claim = view.claims[seat]
    return not (claim and discard and claim_cards(view.hand, claim) & set(discard) and not holds(view.hand, claim))


def easy_discard(hand: list[Card]) -> list[Card]:
    value = evaluate(hand)
    if value.category >= Category.STRAIGHT:
        return []
    if value.category >= Category.ONE_PAIR:
        keep = claim_cards(hand, int(value.category))
        return [c for c in hand if c not in keep]
    for suit in {c.suit for c in hand}:
        same = [c for c in hand if c.suit is suit]
        if len(same) == 4:
            return [c for c in hand if c.suit is not suit]
    high = sorted(hand, key=ACES_HIGH.value)[-2:]
    return [c for c in hand if c not in high]


def decide_draw(view: ChicagoView, seat: int, seed: int, samples: int) -> Action:
    """The discard with the most expected points: each way of discarding judged over sampled
    replacements from the cards the seat has not seen (the same samples for every way)."""
    rng = random.Random(seed)
    hand = _sorted(view.hand)
    seen = set(hand) | set(view.played)
    unseen = [c for c in PACK if c not in seen]
    room = view.stock + view.discards
    draws = [rng.sample(unseen, HAND) for _ in range(samples)]
    best, best_score = [], -1.0
    for k in range(min(HAND, room) + 1):
        for combo in combinations(hand, k):
            if not safe_discard(view, seat, list(combo)):
                continue
            kept = [c for c in hand if c not in combo]
            if k == 0:
                score = float(POINTS.get(declared_type(evaluate(hand)), 0))
            else:
                total = 0
                for extra in draws:
                    value = evaluate(kept + extra[:k])
                    total += POINTS.get(declared_type(value), 0)
                score = total / samples
            # a little for high cards kept, for the last trick (and to break ties)
            score += 0.01 * sum(ACES_HIGH.value(c) for c in kept) / HAND
            if score > best_score:
                best, best_score = list(combo), score
    return draw_action(best)


def decide_declare(view: ChicagoView, seat: int, level: str, rng: random.Random) -> Action:
    """Declare the type held if it may be declared (never more); hard may keep a lone pair quiet."""
    held = declared_type(evaluate(view.hand))
    if held == 0 or held < max(view.best_kind, 1):
        return PASS
    if level == "hard" and held == Category.ONE_PAIR:
        still_to_come = view.players - len(view.declarations) - 1
        if still_to_come > 0 and rng.random() < HOLD_BACK:
            return PASS
    return Action("declare", value=held)


def easy_card(view: ChicagoView) -> Card:
    """Play low, keeping the high cards for the last trick."""
    return min(view.playable, key=ACES_HIGH.value)


@register("chicago")
class ChicagoBot(BotBase):
    def plans(self, view: ChicagoView, moment: Moment) -> list[Plan | Thinking]:
        if view.seat != self.seat:
            return []
        level = ("easy", "medium", "hard")[self.skill]
        seconds = moment.think_seconds
        if seconds is not None:
            seconds = min(seconds, SECONDS)
        if view.turn == self.seat:
            key = ("play", view.hand_no, len(view.played))
            fallback = play(easy_card(view))
            if self.skill == 0 or len(view.playable) == 1:
                return [self.move(key, moment, lambda: fallback)]
            seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
            if level == "medium":
                return [self.deliberate(key, decide_pimc, ("chicago", view, self.seat, seed, MEDIUM_DEALS, None,
                                                           seconds), fallback)]
            return [self.deliberate(key, decide_ismcts, ("chicago", view, self.seat, seed, HARD_ITERATIONS,
                                                         seconds), fallback)]
        if view.asking != self.seat:
            return []
        if view.phase == "draw":
            key = ("draw", view.hand_no, view.draw_round)
            simple = easy_discard(view.hand)
            fallback = draw_action(simple if safe_discard(view, self.seat, simple) else [])
            if self.skill == 0:
                return [self.move(key, moment, lambda: fallback)]
            seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
            return [self.deliberate(key, decide_draw, (view, self.seat, seed, DRAW_SAMPLES[level]), fallback)]
        key = ("declare", view.hand_no, view.draw_round, len(view.declarations))
        return [self.move(key, moment, lambda: decide_declare(view, self.seat, level, self.rng))]


def decide(view: ChicagoView, seat: int, level: str, seed: int = 0) -> Action:
    """What a bot of ``level`` does from ``view`` (for tests and benchmarks)."""
    rng = random.Random(seed)
    if view.turn == seat:
        if level == "easy" or len(view.playable) == 1:
            return play(easy_card(view))
        if level == "medium":
            return decide_pimc("chicago", view, seat, seed, MEDIUM_DEALS, None)
        return decide_ismcts("chicago", view, seat, seed, HARD_ITERATIONS)
    if view.phase == "draw":
        if level == "easy":
            simple = easy_discard(view.hand)
            return draw_action(simple if safe_discard(view, seat, simple) else [])
        return decide_draw(view, seat, seed, DRAW_SAMPLES[level])
    return decide_declare(view, seat, level, rng)
