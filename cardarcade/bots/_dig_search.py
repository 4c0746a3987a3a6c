"""What the hard Dig bot works out: each move it may make, played on to the end of the game in
many deals of the cards it has not seen, the same deals for every move (so luck cancels between
moves); the move that wins most often.

A deal honours what the opponent showed by digging: a player digs only when nothing in hand
fits, so after a dig for hearts the cards it holds are unlikely to be hearts (less so the more it
has drawn since). The play-outs use a plain rule of thumb for both players; they run on small
integers rather than the engine's objects, which makes them about a hundred times quicker.
"""

from __future__ import annotations

import random

from cardarcade.bots._playout_search import best_by_playouts, weighted_pick
from cardarcade.cards import RANKS, SUITS, Card, Rank
from cardarcade.rules.base import Action
from cardarcade.rules.dig import DIG, PASS, RANK_NAMES, SUIT_NAMES, DigView, matches

EIGHT = RANKS.index(Rank.EIGHT)
NO = -1  # nothing required of that kind (a named suit asks no rank, and the other way round)
PLAY_OUT_MOVES = 400  # a play-out ending neither way by then is scored by the cards held


def code(card: Card) -> int:
    return RANKS.index(card.rank) * 4 + SUITS.index(card.suit)


SUIT = [c % 4 for c in range(52)]  # by card code: tables, quicker than arithmetic in the play-outs
RANK = [c // 4 for c in range(52)]


def requirement(upcard: int, named: str | None) -> tuple[int, int]:
    """(suit, rank) a card must match: the upcard's, or the one an eight named."""
    if named is None:
        return SUIT[upcard], RANK[upcard]
    if named in SUIT_NAMES:
        return SUIT_NAMES.index(named), NO
    return NO, RANKS.index(next(r for r in RANKS if r.label == named))


def rule_of_thumb(hand: list[int], need: tuple[int, int]) -> tuple[int, tuple[int, int]] | None:
    """A fitting card and the requirement it leaves: a plain card of the suit held most, else an
    eight naming the suit held most; None when nothing fits. (The hot loop of every play-out.)"""
    counts = [0, 0, 0, 0]
    eight = -1
    for c in hand:
        if RANK[c] == EIGHT:
            eight = c
        else:
            counts[SUIT[c]] += 1
    want_suit, want_rank = need
    best, best_count = -1, -1
    for c in hand:
        suit, rank = SUIT[c], RANK[c]
        if rank != EIGHT and (suit == want_suit or rank == want_rank) and counts[suit] > best_count:
            best, best_count = c, counts[suit]
    if best >= 0:
        return best, (SUIT[best], RANK[best])
    if eight < 0:
        return None
    return eight, (counts.index(max(counts)), NO)


class PlayOut:
    """A whole Dig position on small integers: both hands, the stock (top last), the face-up
    pile (the upcard last)."""

    def __init__(
        self,
        hands: list[list[int]],
        stock: list[int],
        pile: list[int],
        need: tuple[int, int],
        turn: int,
        turns_left: int,
        rebuild: bool,
    ) -> None:
        self.hands, self.stock, self.pile = hands, stock, pile
        self.need, self.turn, self.turns_left, self.rebuild = need, turn, turns_left, rebuild

    def play(self, card: int, need: tuple[int, int]) -> None:
        self.hands[self.turn].remove(card)
        self.pile.append(card)
        self.need = need
        self.turn = 1 - self.turn
        self.turns_left -= 1

    def finish(self, rng: random.Random) -> list[float]:
        """Both players by the rule of thumb to the end: each seat's share of the win."""
        passes = 0
        for _ in range(PLAY_OUT_MOVES):
            seat = self.turn
            hand = self.hands[seat]
            if not self.hands[1 - seat]:
                return [0.0 if p == seat else 1.0 for p in (0, 1)]
            if self.turns_left <= 0 or passes == 2:
                break
            choice = rule_of_thumb(hand, self.need)
            while choice is None and self._dig(hand, rng):
                choice = rule_of_thumb(hand, self.need)
            if choice is None:
                passes += 1
                self.turn = 1 - seat
                self.turns_left -= 1
            else:
                passes = 0
                self.play(*choice)
        held = [len(h) for h in self.hands]
        return [1.0 if held[p] < held[1 - p] else 0.5 if held[p] == held[1 - p] else 0.0 for p in (0, 1)]

    def _dig(self, hand: list[int], rng: random.Random) -> bool:
        if not self.stock and self.rebuild and len(self.pile) > 1:
            self.stock, self.pile = self.pile[:-1], self.pile[-1:]  # the upcard stays
            rng.shuffle(self.stock)
        if not self.stock:
            return False
        hand.append(self.stock.pop())
        return True


def shunned(view: DigView, opponent: int) -> dict[int, float]:
    """How likely each unseen card is to be in the opponent's hand, relative to any other: a card
    that would have fitted when it dug is unlikely, more likely the more it has drawn since."""
    from cardarcade.bots.dig import OpponentOdds, requirement  # the dig bot's own reading of the record

    odds = OpponentOdds(view, opponent)
    size = max(1, view.hand_sizes[opponent])
    weights: dict[int, float] = {}
    for card in _unseen(view):
        w = 1.0
        for key in requirement(card):
            if key in odds.since:
                w *= min(1.0, odds.since[key] / size)
        weights[code(card)] = max(w, 0.02)
    return weights


def _unseen(view: DigView) -> list[Card]:
    from cardarcade.bots._shedding import unseen

    return unseen(view)


def deal(view: DigView, weights: dict[int, float], rng: random.Random) -> tuple[list[int], list[int]]:
    """The opponent's hand (drawn by ``weights``) and the stock in a random order."""
    opponent = 1 - view.seat  # type: ignore[operator]  # a player's own view
    hand, stock = weighted_pick(list(weights), weights, view.hand_sizes[opponent], rng)
    rng.shuffle(stock)
    return hand, stock


def candidates(view: DigView) -> list[tuple[Action, int, tuple[int, int]]]:
    """Every move worth judging: each fitting plain card, each eight with every suit and every
    rank held besides eights (naming a rank nobody is known to hold only helps the opponent)."""
    moves = []
    held_ranks = {c.rank.label for c in view.hand if c.rank is not Rank.EIGHT}
    for card in view.hand:
        if not matches(card, view.upcard, view.named):
            continue
        c = code(card)
        if card.rank is Rank.EIGHT:
            names = SUIT_NAMES + (
                tuple(n for n in RANK_NAMES if n in held_ranks) if view.eight_names == "suit_or_rank" else ()
            )
            moves += [(Action("play", (card,), value=n), c, requirement(c, n)) for n in names]
        else:
            moves.append((Action("play", (card,)), c, (SUIT[c], RANK[c])))
    return moves


def decide_dig(view: DigView, seed: int, deals: int, seconds: float | None, rebuild: bool) -> Action:
    """The move that wins most play-outs over ``deals`` deals at least (more while ``seconds`` last)."""
    moves = candidates(view)
    if not moves:
        return DIG if view.can_dig else PASS
    if len(moves) == 1:
        return moves[0][0]
    seat = view.seat
    assert seat is not None
    weights = shunned(view, 1 - seat)
    mine = [code(c) for c in view.hand]
    pile = [code(c) for c in view.discards]
    need = requirement(code(view.upcard), view.named)
    turns_left = view.max_turns - view.turns

    def play_out(i: int, dealt: tuple[list[int], list[int]], luck: float) -> float:
        theirs, stock = dealt
        _, card, leaves = moves[i]
        hands: list[list[int]] = [[], []]
        hands[seat], hands[1 - seat] = list(mine), list(theirs)
        game = PlayOut(hands, list(stock), list(pile), need, seat, turns_left, rebuild)
        game.play(card, leaves)
        return game.finish(random.Random(luck))[seat]

    best = best_by_playouts(
        len(moves), lambda rng: deal(view, weights, rng), play_out, seed, deals, seconds, [m[0] for m in moves]
    )
    return moves[best][0]
