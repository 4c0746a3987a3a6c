"""Neosho Rapids bots.

easy: a random fitting card each step; now and then (one step in ten) it stops a chain it
could go on with. Never more often: a player who stops early sheds no more than the card it
draws, and games between such players ran on to the turn cap.
medium: keeps playing while it can. On some turns (two in five) it spots the longest chain and
plays it as hard does; on the others it looks one card ahead, preferring a card that leaves
another step after it. Always looking one card ahead was barely above easy (0.555 of 480 games).
hard: plans the longest chain its hand allows; between equally long chains it ends on the
rank whose neighbours are scarcest among the cards it has not seen, so the next player is
least likely to be able to go on.
"""

from __future__ import annotations

from cardarcade.bots import register
from cardarcade.bots._shedding import SheddingBot, rank_counts, unseen
from cardarcade.cards import AROUND_THE_CORNER, Card
from cardarcade.rules.base import Action
from cardarcade.rules.neosho_rapids import DRAW, NeoshoRapidsView, fits

ORDER = AROUND_THE_CORNER.ranks  # 2 .. A, and the ace wraps round to the 2
STEPS = len(ORDER)
EASY_STOPS = 0.1  # the chance easy ends a chain it could go on with
MEDIUM_SEES = 0.4  # the chance, each turn, that medium spots the longest chain
SEARCH_BUDGET = 20_000  # chain-search nodes per decision; beyond it, the best chain found so far


def neighbours(i: int) -> tuple[int, int]:
    return (i - 1) % STEPS, (i + 1) % STEPS


@register("neosho-rapids")
class NeoshoRapidsBot(SheddingBot[NeoshoRapidsView]):
    def choose(self, view: NeoshoRapidsView) -> Action:
        playable = [c for c in view.hand if fits(c, view.upcard)]
        may_stop = not (view.must_play and playable and not view.chain)
        if not playable:
            return DRAW
        if self.skill == 0:
            if may_stop and self.rng.random() < EASY_STOPS:
                return DRAW
            return Action("play", (self.rng.choice(playable),))
        if self.skill == 1:
            if self.once(("sees", view.turns), lambda: self.rng.random() < MEDIUM_SEES):
                return self._hard(view, playable)
            return Action("play", (max(playable, key=lambda c: self._onward(c, view.hand)),))
        return self._hard(view, playable)

    @staticmethod
    def _onward(card: Card, hand: list[Card]) -> int:
        """How many other cards in the hand could follow this one."""
        return sum(1 for c in hand if c is not card and fits(c, card))

    def _hard(self, view: NeoshoRapidsView, playable: list[Card]) -> Action:
        counts = [0] * STEPS
        for rank, n in rank_counts(view.hand).items():
            counts[AROUND_THE_CORNER.value(rank)] = n
        scarce = [0] * STEPS  # how many unseen cards could follow a chain ending on each rank
        left = rank_counts(unseen(view))
        for i in range(STEPS):
            scarce[i] = sum(left[ORDER[j]] for j in neighbours(i))
        start = AROUND_THE_CORNER.value(view.upcard)
        path = best_chain(start, counts, scarce)
        rank = ORDER[path[0]]
        card = next(c for c in playable if c.rank is rank)
        return Action("play", (card,))


def best_chain(start: int, counts: list[int], scarce: list[int]) -> list[int]:
    """The rank steps of the best chain from ``start``: longest, then ending where others can
    least follow. Depth-first over the hand's rank counts, with a node budget."""
    best: tuple[tuple[int, int], list[int]] = ((0, 0), [])
    nodes = 0
    path: list[int] = []

    def walk(at: int) -> None:
        nonlocal best, nodes
        nodes += 1
        if path:
            score = (len(path), -scarce[at])
            if score > best[0]:
                best = (score, list(path))
        if nodes > SEARCH_BUDGET:
            return
        for nxt in neighbours(at):
            if counts[nxt]:
                counts[nxt] -= 1
                path.append(nxt)
                walk(nxt)
                path.pop()
                counts[nxt] += 1

    walk(start)
    return best[1]
