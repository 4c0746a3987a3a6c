"""What the hard fishing bot works out: where the unseen cards may be, from everything said at
the table, and so which asks are sure to be answered yes and which cannot be.

A player who remembers every question and answer can deduce more than any single fact says:
if a player holds at least three jacks and you hold the fourth... every jack is placed; if two
players said they had no sevens and have not drawn since, the sevens you lack are in the third
hand or the stock. The bot deals the unseen cards at random many times, each deal honouring every
remembered fact (who holds at least how many of a rank, who said none and has not drawn since,
Authors' exact cards), and counts how often each ask would be answered yes. An ask answered yes
in every deal is a deduction: it is made before the rule of thumb's choice; one never answered
yes is left to the last. (Judging asks by play-outs to the end of the game measured weaker: with
the few play-outs a move may take, the noise of whole games hid the differences between asks.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardarcade.bots.search import Budget, Tally, note
from cardarcade.cards import RANKS, SUITS, Card, Rank
from cardarcade.rules._fishing import FishingView, asked_rank
from cardarcade.rules.base import Action

ALL = 52
SURE = 0.999  # a share of deals that counts as every one (they are sampled)
DEDUCED = 150  # a sure yes found by deduction outweighs every rule of thumb but a card seen to change hands
IMPOSSIBLE = 300  # an ask no deal answers yes comes after every other


def card_id(card: Card) -> int:
    return RANKS.index(card.rank) * 4 + SUITS.index(card.suit)


def rank_id(rank: Rank) -> int:
    return RANKS.index(rank)


@dataclass
class Facts:
    """What a seat may rely on about the others' hands, as plain numbers (cards and ranks as
    ids). ``at_least[s][r]``: seat s holds at least this many of rank r; ``no_rank`` and
    ``no_card``: known not held (and not drawn since); ``holds``: exact cards known held."""

    players: int
    at_least: list[dict[int, int]]
    no_rank: list[set[int]]
    holds: list[set[int]]
    no_card: list[set[int]]


# ---------------------------------------------------------------- dealing what is unseen


def deal(view: FishingView, facts: Facts, rng: random.Random, tries: int = 12) -> list[set[int]]:
    """Every hand, ``view``'s own as it is and the others' dealt at random from the unseen
    cards as ``facts`` allow (the rest go to the stock). Facts that cannot all be honoured are
    dropped (after ``tries`` attempts) rather than failing: a count needs some deal."""
    seat = view.seat
    assert seat is not None
    mine = {card_id(c) for c in view.hand}
    booked = {rank_id(r) for b in view.books for r in b}
    unseen = [c for c in range(ALL) if c not in mine and c // 4 not in booked]
    room = [0 if p == seat else n for p, n in enumerate(view.hand_sizes)]
    hands = None
    for attempt in range(tries + 1):
        hands = _try_deal(unseen, room, view.stock, facts, rng, strict=attempt < tries)
        if hands is not None:
            break
    assert hands is not None
    hands[seat] = list(mine)
    return [set(h) for h in hands]


def _try_deal(
    unseen: list[int], room: list[int], stock_size: int, facts: Facts, rng: random.Random, strict: bool
) -> list[list[int]] | None:
    """One attempt: the remembered cards first, then enough of each rank to make up the counts
    known, then the rest at random (most constrained first), weighted by the room left."""
    players = len(room)
    free = set(unseen)
    room = list(room)
    hands: list[list[int]] = [[] for _ in range(players)]

    def place(p: int, c: int) -> bool:
        if room[p] <= 0:
            return False
        hands[p].append(c)
        room[p] -= 1
        free.discard(c)
        return True

    def barred(p: int, c: int) -> bool:
        return c // 4 in facts.no_rank[p] or c in facts.no_card[p]

    hidden = [p for p in range(players) if room[p]]
    for p in hidden:
        for c in sorted(facts.holds[p]):
            if c in free and room[p] and not place(p, c) and strict:
                return None
    for p in hidden:
        for r, least in facts.at_least[p].items():
            need = least - sum(1 for c in hands[p] if c // 4 == r)
            pool = [c for c in range(4 * r, 4 * r + 4) if c in free and (not strict or not barred(p, c))]
            if strict and len(pool) < need:
                return None
            rng.shuffle(pool)
            for c in pool[: max(0, need)]:
                if not place(p, c) and strict:
                    return None
    rest = list(free)
    rng.shuffle(rest)
    stock_room = stock_size
    allowed = {c: [p for p in range(players) if room[p] and not (strict and barred(p, c))] for c in rest}
    for c in sorted(rest, key=lambda c: len(allowed[c])):
        places = [p for p in allowed[c] if room[p]]
        weights = sum(room[p] for p in places) + stock_room
        if weights == 0:
            return None
        pick = rng.randrange(weights)
        for p in places:
            pick -= room[p]
            if pick < 0:
                place(p, c)
                break
        else:
            stock_room -= 1  # (the stock's order does not matter here)
    if any(room) or stock_room:
        return None
    return hands


# ---------------------------------------------------------------- choosing an ask


def asks_from(view: FishingView) -> list[tuple[int, int, int]]:
    """Every legal ask as (target, rank id, card id or -1)."""
    seat = view.seat
    targets = [p for p, n in enumerate(view.hand_sizes) if p != seat and n]
    mine = {card_id(c) for c in view.hand}
    ranks = sorted({c // 4 for c in mine})
    if view.by_card:
        return [(t, c // 4, c) for r in ranks for c in range(4 * r, 4 * r + 4) if c not in mine for t in targets]
    return [(t, r, -1) for r in ranks for t in targets]


def chances(
    view: FishingView, facts: Facts, rng: random.Random, deals: int, seconds: float | None = None
) -> dict[tuple[int, int, int], float]:
    """The share of ``deals`` sampled deals (more while ``seconds`` allow) in which each legal
    ask would be answered yes."""
    options = asks_from(view)
    yes = dict.fromkeys(options, 0)
    budget = Budget(deals, seconds)
    while budget.more():
        hands = deal(view, facts, rng)
        for target, rank, card in options:
            hand = hands[target]
            if card in hand if card >= 0 else any(4 * rank + s in hand for s in range(4)):
                yes[target, rank, card] += 1
        budget.done += 1
    return {ask: n / budget.done for ask, n in yes.items()}


def ask_of(view: FishingView, action: Action) -> tuple[int, int, int]:
    assert action.target is not None
    if view.by_card:
        card = action.cards[0]
        return action.target, rank_id(card.rank), card_id(card)
    return action.target, rank_id(asked_rank(action)), -1


def decide_ask(
    view: FishingView,
    facts: Facts,
    scores: list[tuple[Action, float]],
    seed: int,
    deals: int,
    seconds: float | None = None,
) -> Action:
    """The rule-of-thumb ``scores`` corrected by the sampled deals: an ask answered yes in every
    deal is made first, one answered yes in none comes last. As a bot's ``Thinking`` work
    (module-level: it goes to a worker process)."""
    chance = chances(view, facts, random.Random(seed), deals, seconds)

    def corrected(item: tuple[Action, float]) -> float:
        action, score = item
        p = chance[ask_of(view, action)]
        return score + DEDUCED * (p >= SURE) - IMPOSSIBLE * (p == 0.0)

    note(
        lambda: Tally(
            "sampled deals",
            deals,
            {a: chance[ask_of(view, a)] for a, _ in scores},
            "a yes",
            share=True,
            ranking={a: corrected((a, s)) for a, s in scores},
            basis="you hold most",
        )
    )

    return max(scores, key=corrected)[0]
