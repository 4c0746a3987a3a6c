"""A search for Neosho Rapids: each chain a player may play from here (the longest ones, and
between equals those ending where the fewest unseen cards follow), played on to the end of the
game in many deals of the cards it has not seen, the same deals for every chain; the chain that
wins most often. Measured, it does not beat hard's longest chain (benchmarks/README.md), so
no level uses it; benchmarks/neosho_oracle.py deals it the true hands to bound what any level
could reach.

A deal honours where the others stopped: a player who draws after a chain ending on a 7 held
no 6 or 8 then (the rule of thumb never stops early), so it is unlikely to hold one now, less
so the more it has drawn since. Every seat in the play-outs plays the longest chain it finds.
Suits do not matter in this game: the play-outs count ranks.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardarcade.bots._playout_search import best_by_playouts, weighted_pick
from cardarcade.bots._shedding import PACK, unseen
from cardarcade.cards import AROUND_THE_CORNER
from cardarcade.rules.base import Action
from cardarcade.rules.neosho_rapids import DRAW, NeoshoRapidsView

STEPS = len(AROUND_THE_CORNER.ranks)  # 2 .. A, and the ace wraps round to the 2
BELOW = [(i - 1) % STEPS for i in range(STEPS)]
ABOVE = [(i + 1) % STEPS for i in range(STEPS)]
PLAY_OUT_NODES = 40  # each play-out chain: the longest found in this many walk steps
PLAY_OUT_TURNS = 200  # a play-out ending neither way by then is scored by the cards held
RANK = [AROUND_THE_CORNER.value(c) for c in PACK]  # by card index in PACK
CHAIN_NODES = 5_000  # chain-search nodes per decision
CANDIDATES = 4  # chains judged by play-outs
UNLIKELY = 0.05  # the least weight a card the deal says was not held keeps


def walk_chains(hand: list[int], up: int, nodes: int, visit: Callable[[list[int], int], None]) -> None:
    """Depth first over the chains the hand allows from ``up``, ``nodes`` steps at most:
    ``visit(path, end)`` at each (the hand is restored after)."""
    path: list[int] = []
    left = nodes

    def walk(at: int) -> None:
        nonlocal left
        left -= 1
        visit(path, at)
        for step in (BELOW[at], ABOVE[at]):
            if hand[step] and left > 0:
                hand[step] -= 1
                path.append(step)
                walk(step)
                path.pop()
                hand[step] += 1

    walk(up)


def longest(hand: list[int], up: int, nodes: int) -> list[int]:
    """The longest chain from ``up`` found in ``nodes`` steps."""
    best: list[int] = []

    def visit(path: list[int], _: int) -> None:
        nonlocal best
        if len(path) > len(best):
            best = list(path)

    walk_chains(hand, up, nodes, visit)
    return best


class PlayOut:
    """A Neosho Rapids position on rank counts: every hand, the stock (top last), the ranks
    under the upcard (a new stock when the stock runs out)."""

    def __init__(self, hands: list[list[int]], stock: list[int], pile: list[int], up: int,
                 turn: int, turns_left: int) -> None:
        self.hands, self.stock, self.pile, self.up = hands, stock, pile, up
        self.turn, self.turns_left = turn, turns_left
        self.held = [sum(h) for h in hands]

    def play(self, rank: int) -> bool:
        """The seat to move plays a card of ``rank``: True if that was its last."""
        self.hands[self.turn][rank] -= 1
        self.held[self.turn] -= 1
        self.pile.append(self.up)
        self.up = rank
        return self.held[self.turn] == 0

    def chain(self) -> bool:
        """The seat to move plays the longest chain it finds: True if it went out."""
        return any(self.play(step) for step in longest(self.hands[self.turn], self.up, PLAY_OUT_NODES))

    def draw(self, rng: random.Random) -> None:
        """The seat to move draws (if anything is left to draw) and its turn ends."""
        if not self.stock and self.pile:
            self.stock, self.pile = self.pile, []
            rng.shuffle(self.stock)
        if self.stock:
            self.hands[self.turn][self.stock.pop()] += 1
            self.held[self.turn] += 1
        self.turn = (self.turn + 1) % len(self.hands)
        self.turns_left -= 1

    def finish(self, seat: int, rng: random.Random) -> float:
        """Every seat by the rule of thumb to the end: ``seat``'s share of the win."""
        for _ in range(PLAY_OUT_TURNS):
            if self.turns_left <= 0:
                break
            if self.chain():
                return 1.0 if self.turn == seat else 0.0
            self.draw(rng)
        fewest = min(self.held)
        return 1.0 / self.held.count(fewest) if self.held[seat] == fewest else 0.0


def stop_weights(view: NeoshoRapidsView, opponent: int, pool: list[int]) -> dict[int, float]:
    """How likely each unseen card is to be in ``opponent``'s hand, relative to any other: a rank
    next to where it last stopped is unlikely, more likely the more it has drawn since."""
    since: dict[int, int] = {}  # rank -> cards drawn since the opponent was seen not to hold it
    for move in view.history:
        if move.seat != opponent or move.kind not in ("draw", "pass"):
            continue
        stop = AROUND_THE_CORNER.value(move.upcard)
        since[BELOW[stop]] = since[ABOVE[stop]] = 0
        if move.kind == "draw":
            for rank in since:
                since[rank] += 1
    size = max(1, view.hand_sizes[opponent])
    return {c: max(UNLIKELY, min(1.0, since.get(RANK[c], size) / size)) for c in pool}


def deal(view: NeoshoRapidsView, pool: list[int], weights: list[dict[int, float] | None],
         rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Every other hand (drawn by its weights; None for the searching seat) and the stock, shuffled."""
    hands: list[list[int]] = []
    rest = pool
    for seat, seat_weights in enumerate(weights):
        if seat_weights is None:
            hands.append([])
            continue
        hand, rest = weighted_pick(rest, seat_weights, view.hand_sizes[seat], rng)
        hands.append(hand)
    rng.shuffle(rest)
    return hands, rest


def counts(cards: list[int]) -> list[int]:
    hand = [0] * STEPS
    for c in cards:
        hand[RANK[c]] += 1
    return hand


def chain_ends(hand: list[int], up: int, may_stop: bool, nodes: int) -> list[list[int]]:
    """The chains the hand allows from ``up`` (rank steps; [] for drawing now where allowed),
    one for each different hand-and-upcard they leave; ``nodes`` steps at most."""
    found: dict[tuple[tuple[int, ...], int], list[int]] = {}

    def visit(path: list[int], end: int) -> None:
        if path or may_stop:
            found.setdefault((tuple(hand), end), list(path))

    walk_chains(hand, up, nodes, visit)
    return list(found.values())


def candidates(view: NeoshoRapidsView, mine: list[int], pool: list[int], count: int) -> list[list[int]]:
    """The chains worth judging: the longest, and between equally long ones those ending where
    the fewest unseen cards could follow (the hard bot's own choice comes first)."""
    up = AROUND_THE_CORNER.value(view.upcard)
    playable = mine[BELOW[up]] or mine[ABOVE[up]]
    may_stop = not (view.must_play and playable and not view.chain)
    left = counts(pool)
    chains = chain_ends(list(mine), up, may_stop, CHAIN_NODES)
    end = lambda path: path[-1] if path else up  # noqa: E731
    chains.sort(key=lambda path: (-len(path), left[BELOW[end(path)]] + left[ABOVE[end(path)]]))
    return chains[:count]


def first_step(view: NeoshoRapidsView, path: list[int]) -> Action:
    if not path:
        return DRAW
    return Action("play", (next(c for c in view.hand if AROUND_THE_CORNER.value(c) == path[0]),))


def decide_neosho(view: NeoshoRapidsView, seed: int, deals: int, seconds: float | None,
                  hands: list[list] | None = None) -> Action:
    """The first step of the chain that wins most play-outs over ``deals`` deals at least (more
    while ``seconds`` last). ``hands``: every hand as it truly is (an oracle for the benchmarks:
    then only the stock's order is dealt)."""
    seat = view.seat
    assert seat is not None
    index = {card: i for i, card in enumerate(PACK)}
    pool = [index[c] for c in unseen(view)]
    mine = counts([index[c] for c in view.hand])
    chains = candidates(view, mine, pool, CANDIDATES)
    if len({tuple(c[:1]) for c in chains}) == 1:
        return first_step(view, chains[0])
    weights = [None if p == seat else stop_weights(view, p, pool) for p in range(len(view.hand_sizes))]
    if hands is not None:  # a weight of almost nothing for every card a seat does not hold
        weights = [None if p == seat else {c: 1.0 if PACK[c] in hands[p] else 1e-9 for c in pool}
                   for p in range(len(hands))]
    pile = [AROUND_THE_CORNER.value(c) for c in view.discards[:-1]]
    up = AROUND_THE_CORNER.value(view.upcard)
    turns_left = view.max_turns - view.turns

    def play_out(i: int, dealt: tuple[list[list[int]], list[int]], luck: float) -> float:
        theirs, stock = dealt
        hands = [list(mine) if p == seat else counts(theirs[p]) for p in range(len(theirs))]
        game = PlayOut(hands, [RANK[c] for c in stock], list(pile), up, seat, turns_left)
        if any(game.play(step) for step in chains[i]):
            return 1.0
        rng = random.Random(luck)
        game.draw(rng)
        return game.finish(seat, rng)

    best = best_by_playouts(len(chains), lambda rng: deal(view, pool, weights, rng), play_out, seed, deals, seconds)
    return first_step(view, chains[best])
