"""Egyptian Ratscrew bots: turn cards in turn, take piles they win, slap patterns with human reflexes,
and choose whether to carry on a challenge that a player out of cards left behind.

Recognition time follows Hick's law: every slap pattern in play is one more thing to check each
card for, and a pattern that reaches two cards back (a sandwich, a sequence) doubles the
comparisons a pair needs. So a table playing pairs only reacts fastest, though slower than
Slapjack's jack (a pair is two cards compared), and a sandwich is always slower to see than a
plain pair at the same table. Misses and wrong slaps come at the rates the
level sets; a look-alike (a pair spoilt by a dead card, a sandwich where sandwiches don't count)
draws wrong slaps more often than a plain card.
"""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.rules.base import Action
from cardarcade.rules.egyptian_ratscrew import slap_pattern

FLIP = Action("flip")
TAKE = Action("take")
DECLINE = Action("decline")

# How many cards back a pattern reaches: the comparisons it takes, per pattern in play.
REACH = {"pair": 1, "joker": 1, "sandwich": 2, "sequence": 2}
FACE_SHARE = 16 / 52  # jacks, queens, kings and aces in a pack
WIN_AFTER_HIT = 0.5  # rough chance that answering a challenge ends with the pile
EVERY_PATTERN = tuple(REACH)
LOOKALIKE_TEMPTATION = 3  # a look-alike gets this many chances to fool the eye


def looks_slappable(view) -> bool:
    """Whether the top of the pile has the shape of any slap, live or dead, in play or not."""
    return slap_pattern(view.recent, [False] * len(view.recent), EVERY_PATTERN) is not None


def alternatives(pattern: str | None, patterns: list[str]) -> int:
    """Hick's-law alternatives for spotting ``pattern`` (None: a wrong slap) with ``patterns`` in play:
    the card itself and every comparison with the cards under it. Even a pair alone is a card
    compared with another, a harder look than Slapjack's single card that is a jack or not."""
    return 1 + len(patterns) * REACH.get(pattern or "pair", 1)


@register("egyptian-ratscrew")
class EgyptianRatscrewBot(BotBase):
    def plans(self, view, moment: Moment) -> list[Plan]:
        plans: list[Plan] = []
        me = self.seat
        if view.can_slap:
            key = ("slap", view.stimulus)
            # Once the pile is won, a slap already on its way still lands (too late, no penalty):
            # its time is a reaction like the winner's, and leaving it out made the bots look quick.
            delay = self.once(key, lambda: self._slap_delay(view)) if view.top is not None else self.decided(key)
            if delay is not None:
                plans.append(Plan(Action("slap", value=view.stimulus), moment.stimulus_time + delay, key))
        if view.award == me:
            plans.append(self.move(("take", view.stimulus), moment, lambda: TAKE))
        elif view.award is None and view.turn == me and view.counts[me]:
            if view.choice:
                plans.append(
                    self.move(("choice", view.stimulus), moment, lambda: FLIP if self.carry_on(view) else DECLINE)
                )
            else:
                plans.append(self.move(("flip", view.stimulus), moment, lambda: FLIP))
        return plans

    def _slap_delay(self, view) -> float | None:
        p, rng = self.profile, self.rng
        pattern = view.slappable
        if pattern is not None:
            return None if p.misses(rng) else p.sample(rng, alternatives=alternatives(pattern, view.patterns))
        # A look-alike (a pair spoilt by a dead card, a sandwich where sandwiches don't count)
        # tempts a wrong slap more than a plain card does.
        tries = LOOKALIKE_TEMPTATION if looks_slappable(view) else 1
        if any(p.blunders(rng) for _ in range(tries)):
            return p.sample(rng, alternatives=alternatives(None, view.patterns)) * 0.85  # a jump of the gun
        return None

    def carry_on(self, view) -> bool:
        """Continue a challenge left by a player who ran out, or decline it (the challenger takes the pile)?

        Easy bots toss a coin; medium ones go on when few cards are owed; hard ones weigh the pile
        they might win against the cards they would probably hand over."""
        need = view.need
        if self.skill == 0:
            return self.rng.random() < 0.5
        if self.skill == 1:
            return need <= 2
        turnable = min(need, view.counts[self.seat])
        hit = 1 - (1 - FACE_SHARE) ** turnable
        return hit * WIN_AFTER_HIT * view.pile_size > (1 - hit) * turnable
