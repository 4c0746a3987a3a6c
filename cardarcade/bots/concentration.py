"""Concentration bots: they play from what they remember of the public history of turned cards.

Memory is the whole skill. Each card turned (by anyone) is remembered with a chance that falls
with difficulty; a bot also misplaces some cards (remembers the rank one place off) and forgets
old ones as new cards go by, the faster the easier it is. Hard remembers as a strong player
does: most of what it saw, fading as the game goes on (it takes about 0.83 of two-player games
from medium). Only expert never forgets: no person enjoys an opponent with perfect recall
unless they asked for one.
"""

from __future__ import annotations

from collections import defaultdict

from cardarcade.bots import BotBase, Moment, Plan, register
from cardarcade.cards import Rank
from cardarcade.rules.concentration import CELLS, COLUMNS, ConcentrationView, turn

# by skill (easy, medium, hard, expert): chance to remember a card seen, to remember it in the
# wrong place, and to forget each remembered card whenever another card is turned
REMEMBER = (0.3, 0.7, 0.85, 1.0)
MISPLACE = (0.2, 0.05, 0.03, 0.0)
FORGET = (0.04, 0.01, 0.006, 0.0)
EXPERT = 3


@register("concentration")
class ConcentrationBot(BotBase):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.level == "expert":  # (a level of its own here: elsewhere expert plays as hard, only faster)
            self.skill = EXPERT
        self.memory: dict[int, Rank] = {}  # position -> the rank it thinks lies there
        self.read = 0  # history entries already taken in

    def plans(self, view: ConcentrationView, moment: Moment) -> list[Plan]:
        self.learn(view)
        if view.current != self.seat:
            return []
        key = ("turn", len(view.history))
        return [self.move(key, moment, lambda: turn(self.pick(view)))]

    # ---- memory

    def learn(self, view: ConcentrationView) -> None:
        history = view.history
        if len(history) < self.read:  # a different game: start afresh
            self.memory.clear()
            self.read = 0
        for _, position, card in history[self.read :]:
            self._forget_some()
            if self.rng.random() >= REMEMBER[self.skill]:
                self.memory.pop(position, None)
                continue
            if self.rng.random() < MISPLACE[self.skill]:
                position = self._neighbour(position)
            self.memory[position] = card.rank
        self.read = len(history)

    def _forget_some(self) -> None:
        rate = FORGET[self.skill]
        if rate and self.memory:
            for position in [p for p in self.memory if self.rng.random() < rate]:
                del self.memory[position]

    def _neighbour(self, position: int) -> int:
        step = self.rng.choice((-1, 1, -COLUMNS, COLUMNS))
        return min(max(position + step, 0), CELLS - 1)

    # ---- choosing a card

    def pick(self, view: ConcentrationView) -> int:
        up = {p: card.rank for p, card in view.up}
        open_ = [p for p, here in enumerate(view.present) if here and p not in up]
        known: dict[Rank, list[int]] = defaultdict(list)
        for p in open_:
            rank = self.memory.get(p)
            if rank is not None:
                known[rank].append(p)
        unknown = [p for p in open_ if p not in self.memory]
        if view.phase == "play":
            ranks = set(up.values())
            if len(ranks) == 1:  # this turn's cards match so far: finish the set from memory
                (rank,) = ranks
                if known[rank]:
                    return self.rng.choice(known[rank])
            elif not up:
                # a whole set remembered: take it; otherwise explore an unknown card first
                need = view.set_size
                complete = [ps for ps in known.values() if len(ps) >= need]
                if complete:
                    return self.rng.choice(complete)[0]
        if unknown:
            return self.rng.choice(unknown)
        return self.rng.choice(open_)
