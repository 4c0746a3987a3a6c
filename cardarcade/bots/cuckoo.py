"""Cuckoo bots.

- easy: changes below a threshold drawn afresh each hand, and fairly often (one move in three)
  just guesses.
- medium: an ordinary player: it always lets an ace go and keeps a 10 or better, and in between
  goes by feel (each hand it lets go anything below a card it settles on, from a 2 to a 10, so
  now and then it hopes a 2 will do); but it stands on any card it knows is safe, when a player
  who has had their turn (for the dealer: anyone) holds a lower card it handed them.
- hard: works out its chance of paying either way from everything the hand has shown
  (``_cuckoo_odds``): where each card went, the kings shown, who kept and who changed, the cards
  left unseen, for the dealer the odds of drawing a king; it takes the others for players of
  medium's habits (a stand says "likely a middling card or better", a change the opposite).
- expert: the same reckoning with four times the deals (more while a live table's thinking time
  allows), taking the others for strong players, who change more of their cards as the table
  shrinks (the rule hard bots are measured to follow: ``STRONG``).
"""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots._cuckoo_odds import BATCH, Model, pay_chances, threshold_model
from cardarcade.bots.search import Tally, note
from cardarcade.rules.base import Action
from cardarcade.rules.cuckoo import CHANGE, STAND, SWAP, CuckooView, card_value

# Medium lets a card go below a value it draws each hand from MEDIUM_BELOW (value 1 is a 2 with
# aces low, 9 a 10): a fixed rule was so close to the best a player who cannot see the cards
# can do that hard could not be told apart from it (0.212 of 600 games, the mark 0.25); drawn
# from a 3 up, hard still took only 0.227 of 1,200. Keeping a 2 now and then is the ordinary
# player's costly habit that hard, reading a stand as "maybe a 2", turns into its margin.
MEDIUM_BELOW = range(1, 10)
EASY_GUESS = 0.35  # how often easy ignores its card and picks a move at random
SLIP = 0.03  # how often the others are taken to miss their rule's move
MEDIUM_LIKE = threshold_model(MEDIUM_BELOW[0], MEDIUM_BELOW[0], SLIP, feel=len(MEDIUM_BELOW) - 1)
# By players in the hand: the value below which a hard bot changes at each position (the dealer,
# last, swaps), as measured over 60 games of six hard bots; at bigger tables as at six.
STRONG = Model({2: (7, 7), 3: (6, 6, 7), 4: (5, 6, 6, 6), 5: (5, 5, 6, 6, 5), 6: (5, 5, 5, 5, 5, 5)}, SLIP)
# Batches of deals (``_cuckoo_odds.BATCH`` each) a decision always works through: hard about
# 6 ms of a quiet core, expert four times that; expert goes on while a live table allows, up to
# EXPERT_SECONDS.
HARD_BATCHES, EXPERT_BATCHES = 2, 8
EXPERT_SECONDS = 1.0


@register("cuckoo")
class CuckooBot(BotBase):
    def plans(self, view: CuckooView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.card is None:
            return []
        key = ("move", view.hand, len(view.moves))
        if self.skill < 2:
            return [self.move(key, moment, lambda: self.choose(view))]
        seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
        expert = self.level == "expert"
        seconds = None if not expert or moment.think_seconds is None else min(moment.think_seconds, EXPERT_SECONDS)
        fallback = rule_of_thumb(view, MEDIUM_BELOW[len(MEDIUM_BELOW) // 2])
        return [self.deliberate(key, decide, (view, self.level, seed, seconds), fallback)]

    def choose(self, view: CuckooView) -> Action:
        """The move of an easy or a medium bot here (a searching level's is ``decide``)."""
        if self.skill == 0:
            return leave_move(view) if self._easy_wants_out(view) else STAND
        return rule_of_thumb(view, self.rng.choice(MEDIUM_BELOW))

    def _easy_wants_out(self, view: CuckooView) -> bool:
        if self.rng.random() < EASY_GUESS:
            return self.rng.random() < 0.5
        return card_value(view.card, view.aces_high) < self.rng.randint(1, 8)  # type: ignore[arg-type]  # its turn: it holds a card


def leave_move(view: CuckooView) -> Action:
    """Letting the card go: the dealer swaps with the pack, anyone else changes."""
    return SWAP if view.seat == view.dealer else CHANGE


def rule_of_thumb(view: CuckooView, below: int) -> Action:
    """Medium's move: keep a card known safe, else let it go below the value ``below``."""
    value = card_value(view.card, view.aces_high)  # type: ignore[arg-type]  # its turn: it holds a card
    if known_safe(view, value):
        return STAND
    return leave_move(view) if value < below else STAND


def decide(view: CuckooView, level: str, seed: int, seconds: float | None = None) -> Action:
    """A searching level's move: let the card go when that makes paying less likely. As a
    bot's ``Thinking`` work (module-level: it goes to a worker process)."""
    expert = level == "expert"
    batches = EXPERT_BATCHES if expert else HARD_BATCHES
    keep, leave = pay_chances(view, STRONG if expert else MEDIUM_LIKE, seed, batches, seconds)
    note(
        lambda: Tally(
            "sampled deals", batches * BATCH, {STAND: keep, leave_move(view): leave}, "pays", True, None, True
        )
    )
    return leave_move(view) if leave < keep else STAND


def known_safe(view: CuckooView, value: int) -> bool:
    """Whether a player who can no longer change (one who has had their turn) is known to hold
    a card lower than ``value``: then this card cannot be the lowest."""
    done = view.order[: view.order.index(view.seat)]  # type: ignore[arg-type]  # a player's own view
    return any((known := view.known[p]) is not None and card_value(known, view.aces_high) < value for p in done)
