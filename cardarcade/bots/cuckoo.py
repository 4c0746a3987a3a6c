"""Cuckoo bots.

- easy: changes below a threshold drawn afresh each hand, and now and then does the opposite.
- medium: a fixed rule: change a 5 or lower, stand on a 6 or higher (the dealer swaps a 4 or
  lower); but it stands on any card it knows is safe, when a player who has had their turn
  (for the dealer: anyone) holds a lower card it handed them.
- hard: estimates its chance of paying either way by playing the rest of the hand out many
  times over cards dealt consistently with what it knows: its own card, the cards it has held
  and where they went, the kings shown, the cards left unseen above and below its own, what the
  earlier players' stands, changes and refusals say about their cards, how many players are
  still to act, and for the dealer the odds of drawing a king or a lower card from the pack.
"""

from __future__ import annotations

import random

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.rules.base import Action
from cardarcade.rules.cuckoo import CHANGE, FULL_PACK, KING, STAND, SWAP, CuckooView, card_value

# Rest-of-hand playouts per choice for the hard bot: fewer at big tables, where each playout
# costs more, so a decision stays within a few milliseconds.
SAMPLES = 160
SEAT_STEPS = 1600
MEDIUM_CHANGE_BELOW = 5  # value 5 is a 6 with aces low
MEDIUM_SWAP_BELOW = 4
# How likely a typical player is to stand on a card of each value (0 = lowest): the hard bot's
# picture of the others, used to guess what an earlier stand or refused change says.
STAND_ODDS = (0.05, 0.1, 0.2, 0.35, 0.55, 0.75, 0.9, 0.95, 1.0, 1.0, 1.0, 1.0, 1.0)


@register("cuckoo")
class CuckooBot(BotBase):
    def plans(self, view: CuckooView, moment: Moment) -> list[Plan]:
        if view.turn != self.seat or view.card is None:
            return []
        key = ("move", view.hand, len(view.moves))
        return [self.move(key, moment, lambda: self.choose(view))]

    def choose(self, view: CuckooView) -> Action:
        dealer = view.seat == view.dealer
        swap_or_change = SWAP if dealer else CHANGE
        if self.skill == 0:
            return swap_or_change if self._easy_wants_out(view) else STAND
        value = card_value(view.card, view.aces_high)  # type: ignore[arg-type]
        if self.skill == 1:
            if known_safe(view, value):
                return STAND
            return swap_or_change if value < (MEDIUM_SWAP_BELOW if dealer else MEDIUM_CHANGE_BELOW) else STAND
        stand, change = Playouts(view, self.rng).pay_odds()
        return swap_or_change if change < stand else STAND

    def _easy_wants_out(self, view: CuckooView) -> bool:
        if self.rng.random() < 0.25:
            return self.rng.random() < 0.5
        return card_value(view.card, view.aces_high) < self.rng.randint(1, 8)  # type: ignore[arg-type]


def known_safe(view: CuckooView, value: int) -> bool:
    """Whether a player who can no longer change (one who has had their turn) is known to hold
    a card lower than ``value``: then this card cannot be the lowest."""
    done = view.order[:view.order.index(view.seat)]  # type: ignore[arg-type]
    return any(view.known[p] is not None and card_value(view.known[p], view.aces_high) < value  # type: ignore[arg-type]
               for p in done)


class Playouts:
    """Monte Carlo over the rest of one hand, from one player's view.

    Cards are handled as values (0 lowest .. 12 highest). Unknown cards are dealt from the
    unseen values; earlier players' final cards are drawn with a lean that fits their move (a
    stand suggests a high card, a refused change a low one).
    """

    def __init__(self, view: CuckooView, rng: random.Random) -> None:
        self.rng = rng
        self.me = view.seat
        high = view.aces_high
        self.king = card_value(next(c for c in FULL_PACK if c.rank is KING), high)
        gone = set(view.seen) | set(view.shown)
        self.unseen = [card_value(c, high) for c in FULL_PACK if c not in gone]
        self.order = view.order
        self.done = len(view.moves)  # players in order who have acted
        self.moves = view.moves
        self.known = [card_value(c, high) if c is not None else None for c in view.known]
        self.mine = card_value(view.card, high)  # type: ignore[arg-type]

    def pay_odds(self) -> tuple[float, float]:
        """(chance of paying if I stand, chance if I change or swap), over the same dealt worlds."""
        samples = max(SAMPLES // 2, min(SAMPLES, SEAT_STEPS // len(self.order)))
        stand = change = 0
        for _ in range(samples):
            world, top = self._deal()
            stand += self._play(dict(world), top, False)
            change += self._play(world, top, True)
        return stand / samples, change / samples

    def _deal(self) -> tuple[dict[int, int], int]:
        pool = list(self.unseen)
        rng = self.rng
        world: dict[int, int] = {}
        for i, seat in enumerate(self.order):
            if self.known[seat] is not None:
                world[seat] = self.known[seat]  # type: ignore[assignment]
                continue
            lean = None
            if i < self.done:
                kind = self.moves[i].kind
                lean = True if kind == "stand" else False if kind == "blocked" else None
            world[seat] = self._draw(pool, lean, no_king=i < self.done and self.moves[i].kind == "change")
        top = pool[rng.randrange(len(pool))]
        return world, top

    def _draw(self, pool: list[int], lean: bool | None, no_king: bool) -> int:
        """Take one value out of ``pool``: leaning high (True), low (False) or not at all."""
        rng = self.rng
        for _ in range(6):
            i = rng.randrange(len(pool))
            value = pool[i]
            if no_king and value == self.king:
                continue
            if lean is None or rng.random() < (STAND_ODDS[value] if lean else 1.0 - STAND_ODDS[value]):
                break
        pool[i] = pool[-1]
        pool.pop()
        return value

    def _play(self, world: dict[int, int], top: int, leave: bool) -> bool:
        """Play the hand out from my turn (I change or swap when ``leave``); do I pay?"""
        order = self.order
        last = len(order) - 1
        for i in range(self.done, len(order)):
            seat = order[i]
            value = world[seat]
            if seat == self.me:
                out = leave
            else:
                out = value < (MEDIUM_SWAP_BELOW if i == last else MEDIUM_CHANGE_BELOW)
            if not out:
                continue
            if i == last:
                world[seat] = top
                if top == self.king:
                    return seat == self.me
            else:
                left = order[i + 1]
                if world[left] != self.king:
                    world[seat], world[left] = world[left], value
        return world[self.me] == min(world.values())
