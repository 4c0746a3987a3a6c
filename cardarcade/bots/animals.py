"""Animals bots: pick an animal at once, turn cards in turn, and race to call matches.

A match is spotted among several up piles (Hick's law: one alternative per pile compared),
and then the right animal has to be recalled (one more alternative per other player). Misses
and wrong calls (the wrong animal, or a call with no match) come at the level's rates.
"""

from __future__ import annotations

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.bots.snap import piles_compared
from cardarcade.rules.animals import ANIMAL_NAMES, call_action
from cardarcade.rules.base import Action

FLIP = Action("flip")
PICK_DELAY = 0.05  # seconds: bots choose their animal at once
KEYED_ANIMALS = 6  # the first animals of the menu sit on the digit keys for people to choose


@register("animals")
class AnimalsBot(BotBase):
    def plans(self, view, moment: Moment) -> list[Plan]:
        me = self.seat
        if view.choosing:
            if view.animals[me] is not None or not view.free_animals:
                return []
            # leave the animals on the people's digit keys to the people while others are free
            spare = [a for a in view.free_animals if ANIMAL_NAMES.index(a) >= KEYED_ANIMALS] or view.free_animals
            animal = spare[self.rng.randrange(len(spare))]
            # keyed by what is still free: if someone takes it first, choose again
            return [Plan(Action("pick", value=animal), moment.now + PICK_DELAY, ("pick", tuple(view.free_animals)))]
        plans: list[Plan] = []
        if view.can_call:
            key = ("call", view.stimulus)
            decision = self.once(key, lambda: self._decide(view))
            if decision is not None:
                target, delay = decision
                plans.append(Plan(call_action(view.animals[target], view.stimulus), moment.stimulus_time + delay, key))
        if view.turn == me and not view.out[me]:
            if view.flips == 0:
                # Before the first card everyone learns who is which animal: a move's time per player.
                delay = self.once(("learn", me), lambda: moment.pace * len(view.animals))
                plans.append(Plan(FLIP, moment.now + delay, ("flip", view.stimulus)))
            else:
                plans.append(self.move(("flip", view.stimulus), moment, lambda: FLIP))
        return plans

    def _decide(self, view) -> tuple[int, float] | None:
        p, rng, me = self.profile, self.rng, self.seat
        others = [t for t in range(len(view.tops)) if t != me and not view.out[t]]
        if not others:
            return None
        compared = piles_compared(view.tops)
        alternatives = compared + len(others)  # spot the pair, then recall whose animal it is
        mine = view.tops[me]
        matches = [
            t for t in others if mine is not None and view.tops[t] is not None and view.tops[t].rank == mine.rank
        ]
        if matches and not p.misses(rng):
            if p.blunders(rng):
                wrong = [t for t in others if t not in matches]
                if wrong:  # the wrong animal
                    return rng.choice(wrong), p.sample(rng, alternatives=alternatives) * 0.85
            return rng.choice(matches), p.sample(rng, alternatives=alternatives)
        # a jump of the gun comes with a newly turned card, not with every settled call
        if not matches and self.once(("blunder", view.flips), lambda: p.blunders(rng)):
            return rng.choice(others), p.sample(rng, alternatives=alternatives) * 0.85
        return None
