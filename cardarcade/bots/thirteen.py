"""Thirteen bots. All of them judge plays with the engine's own functions, from the view.

- easy: plays the lowest combination it may (a lead: its lowest card alone), a chop only when
  nothing else beats the table, and knocks only when it cannot play.
- medium: a casual player. It splits its hand into the fewest combinations (straights, runs of pairs, triples,
  pairs, singles), each piece weighed by how likely it is to win its round of play from the
  cards still unseen (it counts what has been played); it plays so as to need the fewest leads
  to go out, keeps 2s and chops to win the lead back, leads its weakest pieces first but a sure
  winner first when only one piece would be left, and fights once a player is about to go out
  (it knocks less; against one card left it leads no single it cannot be sure of, and answers a
  single as high as it can). While nobody is close to going out it makes its second choice
  instead about half the time (a single led from a pair it could have kept, a knock where it
  could have played): a person misjudges a plan now and then, but watches a player about to go
  out (at four players or more only one down to a single card).
- hard: a strong player: the planner's best move; heads-up, while nobody is close to going
  out, its second choice about one move in seven. At larger tables it never slips, and at three
  or four players, once an opponent is close to going out, it thinks the end through: the
  planner's three best moves, each played out on 16 deals of the cards it has not seen with
  every seat playing the planner's move, and the one that goes out first most often
  (``TABLE_SEARCH``; at five players or more the planner's move).
- expert, heads-up: takes the planner's few best moves and plays each out on deals of the cards
  it has not seen (``search.sampled_best`` over ``Thirteen.determinize``, everyone playing on by
  the engine's play-out policy), and plays the one that wins most, but only when it wins
  clearly more often than the planner's best (a close call the play-outs judge no better than
  the planner); at a live table it goes on dealing while its thinking time lasts. At larger
  tables it plays as hard does (its play-outs by rules of thumb measured weaker there).

Easy, medium and hard decide on the event loop (the planner: under a millisecond at the
median), except hard's search at three and four players; the searches run off it (``Thinking``),
a fixed number of deals whatever the machine's load.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import cast

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots._thirteen_playout import first_out
from cardarcade.bots.search import Budget, sampled_best
from cardarcade.cards import Card
from cardarcade.rules.base import Action
from cardarcade.rules.thirteen import KNOCK, PACKS, RANKS, SHOW, SPEC, TWO, Combo, Thirteen, ThirteenView, key, rank_of

Counts = tuple[int, ...]
# medium: how a piece's chance of winning its round shrinks with each rank that could top it
PER_RIVAL = {"single": 0.55, "pair": 0.4, "triple": 0.25}
DANGER = 3  # an opponent holding this many cards or fewer may go out soon
LEAD_WEAK = 0.3  # medium: how much it prefers to lead its weakest pieces first
LEAD_SIZE = 0.3  # medium: how much it prefers to lead pieces of more cards
SURE = 0.95  # medium: a piece this likely to win its round of play is counted on to win it
BLOCK = 2.0  # medium: how much it prefers its strongest answer when a player is down to one card
KNOCK_FEAR = 1.5  # medium: the cost of knocking while a player is close to out (over their cards left)
SPEND = 0.6  # medium: the cost of spending a sure winner (a 2, a chop) while nobody is close to out
# how often a level makes its second choice while nobody is close to going out: medium, and
# hard heads-up (where expert's search stands above it)
SLIPS = {"medium": 0.6, "hard": 0.15}
# expert's search: deals sampled (its fixed work), the planner's moves weighed, the share of
# deals by which another move must win more often than the planner's best, and its extra
# seconds at a live table
EXPERT_DEALS, EXPERT_WIDTH, EXPERT_MARGIN, EXPERT_SECONDS = 200, 4, 0.05, 1.5
# hard's search at larger tables: deals (its fixed work) and the planner's moves weighed
TABLE_DEALS, TABLE_WIDTH = 16, 3
# the largest table it searches at: measured stronger at three and four players; at eight a
# searched move took 0.48 s of CPU at the median and 1.8 s at most, the play-outs growing with
# the table, so there hard plays the planner
TABLE_SEARCH_MOST_PLAYERS = 4


def counts_of(cards: list[Card] | tuple[Card, ...]) -> Counts:
    out = [0] * RANKS
    for card in cards:
        out[rank_of(card)] += 1
    return tuple(out)


def pieces(counts: Counts) -> list[tuple[str, int, int]]:
    """Every combination (kind, lowest rank, ranks spanned) containing the lowest rank held."""
    low = next(r for r, n in enumerate(counts) if n)
    n = counts[low]
    out = [("single", low, 1)]
    if n >= 2:
        out.append(("pair", low, 1))
    if n >= 3:
        out.append(("triple", low, 1))
    if n >= 4:
        out.append(("quad", low, 1))
    end = low
    while end < TWO and counts[end]:
        if end - low >= 2:
            out.append(("straight", low, end - low + 1))
        end += 1
    end = low
    while end < TWO and counts[end] >= 2:
        if end - low >= 2:
            out.append(("pairs", low, end - low + 1))
        end += 1
    return out


PER_RANK = {"single": 1, "pair": 2, "triple": 3, "quad": 4, "straight": 1, "pairs": 2}


def without(counts: Counts, piece: tuple[str, int, int]) -> Counts:
    kind, low, span = piece
    out = list(counts)
    for r in range(low, low + span):
        out[r] -= PER_RANK[kind]
    return tuple(out)


class Planner:
    """The cheapest split of a hand into combinations, by rank counts (suits barely matter to a
    plan). ``worth(kind, top rank, ranks spanned)`` is how likely a piece is to win its round
    of play; a piece costs one lead less that."""

    def __init__(self, worth: Callable[[str, int, int], float]) -> None:
        self.worth = worth
        self.memo: dict[Counts, float] = {(0,) * RANKS: 0.0}

    def piece_cost(self, piece: tuple[str, int, int]) -> float:
        kind, low, span = piece
        return 1.0 - self.worth(kind, low + span - 1, span)

    def cost(self, counts: Counts) -> float:
        found = self.memo.get(counts)
        if found is None:
            found = min(self.piece_cost(p) + self.cost(without(counts, p)) for p in pieces(counts))
            self.memo[counts] = found
        return found


def shape(combo: Combo) -> tuple[str, int, int]:
    ranks = [rank_of(c) for c in combo.cards]
    return combo.kind, ranks[0], ranks[-1] - ranks[0] + 1


def cheapest(combos: list[Combo]) -> list[Combo]:
    """One combination per shape (kind and ranks): the one using the lowest cards."""
    best: dict[tuple, Combo] = {}
    for combo in combos:
        sig = (combo.kind, tuple(rank_of(c) for c in combo.cards))
        if sig not in best or [key(c) for c in reversed(combo.cards)] < [key(c) for c in reversed(best[sig].cards)]:
            best[sig] = combo
    return sorted(best.values(), key=lambda c: (key(c.top), c.size))


def danger(view: ThirteenView, seat: int) -> int:
    """The fewest cards an opponent still in the deal holds."""
    return min((n for p, n in enumerate(view.hand_counts) if p != seat and n), default=99)


# ---------------------------------------------------------------- easy


def decide_easy(view: ThirteenView) -> Action:
    legal = view.legal_plays()
    if not legal:
        return KNOCK
    if not view.table:
        return min(legal, key=lambda c: (key(c.cards[0]), c.size)).action()
    plain = [c for c in legal if not c.chop] or legal
    return min(plain, key=lambda c: key(c.top)).action()


# ---------------------------------------------------------------- medium: the planner


class UnseenWorth:
    """How likely a piece is to win its round of play, from the cards this player has not seen."""

    def __init__(self, view: ThirteenView) -> None:
        gone = Counter(view.hand) + Counter(view.played)
        unseen = Counter(PACKS[view.packs])
        unseen.subtract(gone)
        self.unseen = [0] * RANKS
        self.unseen_keys: list[list[int]] = [[] for _ in range(RANKS)]
        for card, n in unseen.items():
            if n > 0:
                self.unseen[rank_of(card)] += n
                self.unseen_keys[rank_of(card)].append(key(card))
        self.chop_threat = any(n >= 4 for n in self.unseen)

    def __call__(self, kind: str, top: int, span: int, top_card: Card | None = None) -> float:
        """``top_card``: the piece's actual highest card, when known (a plan knows only ranks)."""
        u = self.unseen
        if kind == "quad":
            return 1.0 if not any(n >= 4 for n in u[top + 1 :]) else 0.8
        if kind == "pairs":
            return 0.95
        if kind == "straight":
            # higher straights of this length that the unseen cards could still make
            rivals: float = sum(1 for t in range(top + 1, TWO) if t - span + 1 >= 0 and all(u[t - span + 1 : t + 1]))
            return 0.7**rivals * (0.9 if span >= 5 else 0.8)
        need = {"single": 1, "pair": 2, "triple": 3}[kind]
        same = u[top] >= need
        if top_card is not None:
            same = same and any(k > key(top_card) for k in self.unseen_keys[top])
        rivals = sum(1 for n in u[top + 1 :] if n >= need) + same * 0.5
        per = PER_RIVAL[kind]
        worth = per**rivals if rivals else 1.0
        if top == TWO and kind == "single" and self.chop_threat:
            worth *= 0.9
        return worth


def decide_planner(view: ThirteenView, seat: int) -> Action:
    """The planner's move: the play leaving the cheapest plan for the rest of the hand."""
    return ranked_moves(view, seat)[0]


def decide_slipping(view: ThirteenView, seat: int, seed: int, slip: float) -> Action:
    """A player's move: the planner's, or now and then (``slip`` of the time, under ``seed``) its
    second choice, but never while it sees a player close to going out (``watched``)."""
    ranked = ranked_moves(view, seat)
    if len(ranked) > 1 and danger(view, seat) > watched(view) and random.Random(seed).random() < slip:
        return ranked[1]
    return ranked[0]


def watched(view: ThirteenView) -> int:
    """The most cards an opponent may hold for a player who slips to play carefully: ``DANGER``
    at two and three players; at four or more, with three counts or more to keep an eye on, a
    casual player notices only someone down to one card."""
    return DANGER if view.players <= 3 else 1


def ranked_moves(view: ThirteenView, seat: int) -> list[Action]:
    """The moves the planner would make here, best first (going out at once: that alone)."""
    return [action for _, action in scored_moves(view, seat)]


def scored_moves(view: ThirteenView, seat: int) -> list[tuple[float, Action]]:
    """The planner's moves with the cost it sees in each (lower is better), best first."""
    legal = cheapest(view.legal_plays())
    if not legal:
        return [(0.0, KNOCK)]
    worth = UnseenWorth(view)
    planner = Planner(worth)
    hand = list(view.hand)
    close = danger(view, seat)
    whole = planner.cost(counts_of(hand))

    def rest_cost(combo: Combo) -> float:
        return planner.cost(counts_of([c for c in hand if c not in combo.cards]))

    for combo in legal:  # going out at once
        if combo.size == len(hand):
            return [(0.0, combo.action())]
    scored: list[tuple[float, int, Combo | None]] = []
    for i, combo in enumerate(legal):
        piece = shape(combo)
        win = worth(piece[0], rank_of(combo.top), piece[2], combo.top)
        rest = rest_cost(combo)
        score = rest
        sure = combo.chop or rank_of(combo.top) == TWO
        if not view.table:
            # lead the weakest pieces first and keep the strong ones to win the lead back...
            score += LEAD_WEAK * win - LEAD_SIZE * combo.size
            if win >= SURE and rest <= 1.05:
                score -= 2.0  # ...unless the sure ones can carry it out: the last piece once they have won
            if close <= 1 and combo.kind == "single" and win < SURE:
                score += 2.0  # a single led is what a player with one card wants
        else:
            if sure and close > DANGER:
                score += SPEND * (1.0 if rank_of(view.table[-1]) < TWO - 1 else 0.3)
            if close <= 1 and combo.kind == "single":
                score -= BLOCK * win  # its highest answer keeps a player with one card from going out
        scored.append((score, i, combo))
    if view.table:
        knock_score = whole
        if close <= DANGER:
            knock_score += KNOCK_FEAR / close  # letting a nearly-out player keep the lead is costly
        scored.append((knock_score, len(legal), None))
    return [
        (score, KNOCK if combo is None else combo.action())
        for score, _, combo in sorted(scored, key=lambda t: (t[0], t[1]))
    ]


# ---------------------------------------------------------------- hard and expert: a search


@dataclass(frozen=True)
class Search:
    """A level's search: ``deals`` sampled deals (its fixed work) over medium's ``width`` best
    moves; ``seconds``: how long it may search on at a live table, past its fixed work."""

    deals: int
    width: int
    seconds: float = 0.0
    margin: float = 0.0  # how much more often (a share of deals) a move must win to beat the planner's best
    planned: bool = False  # play-outs by the planner's moves (else the engine's quicker rules of thumb)


def search_for(level: str, view: ThirteenView, seat: int) -> Search | None:
    """The search a bot of ``level`` runs here, if any: heads-up, expert's (``SEARCHES``); at
    tables of three and four, hard's (and a saved expert's) once an opponent is close to going out. There
    the play-outs' rules of thumb judged moves worse than the planner alone (0.20 of 120 games
    against it at four, even 0.25); play-outs by the planner judge them better."""
    if view.players == 2:
        return SEARCHES.get(level)
    searching = level in ("hard", "expert") and view.players <= TABLE_SEARCH_MOST_PLAYERS
    return TABLE_SEARCH if searching and danger(view, seat) <= DANGER else None


SEARCHES = {"expert": Search(deals=EXPERT_DEALS, width=EXPERT_WIDTH, seconds=EXPERT_SECONDS, margin=EXPERT_MARGIN)}
# hard at three players or more, near the end: every seat plays the planner's move in each deal
TABLE_SEARCH = Search(deals=TABLE_DEALS, width=TABLE_WIDTH, planned=True)


def search_moves(view: ThirteenView, seat: int, width: int) -> list[Action]:
    """The moves worth a search: the planner's ``width`` best (knocking among them when allowed)."""
    ranked = ranked_moves(view, seat)
    moves = ranked[:width]
    if KNOCK in ranked and KNOCK not in moves:
        moves[-1] = KNOCK
    return moves


def decide_search(
    view: ThirteenView,
    seat: int,
    seed: int,
    deals: int,
    width: int,
    seconds: float | None,
    margin: float = 0.0,
    planned: bool = False,
) -> Action:
    """The move that wins most often over ``deals`` deals of the unseen cards (more while
    ``seconds`` last), everyone playing on by rules of thumb, or with ``planned`` by the planner
    (module-level: it goes to a worker process)."""
    moves = search_moves(view, seat, width)
    if len(moves) == 1:
        return moves[0]
    playout = planned_first_out if planned else first_out

    def judge(trial: Thirteen, episode: Hashable) -> float:
        return 1.0 if playout(trial) == seat else 0.0

    return sampled_best(Thirteen, view, seat, random.Random(seed), Budget(deals, seconds), judge, moves, margin)


def planned_first_out(game: Thirteen) -> int:
    """The seat that goes out first when everyone plays on from here by the planner's move."""
    while not game.s.out:
        seat = game.actors()[0]
        game.apply(seat, decide_planner(game.view(seat), seat))
    return game.s.out[0]


# ---------------------------------------------------------------- the bot


@register("thirteen")
class ThirteenBot(BotBase):
    def plans(self, view: ThirteenView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat:
            return []
        # (a lead after everyone knocked differs from the moment the lead's last card went down
        # only in the cleared table)
        situation: Hashable = (
            "move",
            view.deal,
            view.redeals,
            len(view.played),
            len(view.table),
            tuple(view.knocked),
            tuple(view.hand_counts),
        )
        seed = self.once(("seed", situation), lambda: self.rng.randrange(1 << 30))
        search = search_for(self.level, view, self.seat)
        if search is None or view.instant == self.seat or len(search_moves(view, self.seat, search.width)) == 1:
            return [self.move(situation, moment, lambda: choose_for(view, self.strategy, self.seat, seed))]
        seconds = (
            None if moment.think_seconds is None or not search.seconds else min(moment.think_seconds, search.seconds)
        )
        work = (view, self.seat, seed, search.deals, search.width, seconds, search.margin, search.planned)
        return [self.deliberate(situation, decide_search, work, decide_planner(view, self.seat))]


def choose_for(view: ThirteenView, level: str, seat: int, seed: int = 0) -> Action:
    """The move a bot of ``level`` makes in ``view`` (its random choices, or a search's fixed
    work, under ``seed``)."""
    if view.instant == seat:  # four 2s or 3s dealt, under the house rule that they win
        return SHOW
    if level == "easy":
        return decide_easy(view)
    search = search_for(level, view, seat)
    if search is not None:
        return decide_search(view, seat, seed, search.deals, search.width, None, search.margin, search.planned)
    if level == "medium" or (level == "hard" and view.players == 2):
        return decide_slipping(view, seat, seed, SLIPS[level])
    return decide_planner(view, seat)


def duel(
    level: str, other: str, seed: int, players: int, timed: Callable[[str, Callable[[], Action]], Action] | None = None
) -> bool:
    """One game of ``level`` against ``other`` in every other seat, its seat going round the table
    with the seed; whether it won. Bots decide straight from the view, without a table's pacing,
    each move under its own seed drawn from ``seed`` (``timed(level, decide)`` may time each decision)."""
    seat = seed % players
    levels = [other] * players
    levels[seat] = level
    game, rng = cast(Thirteen, SPEC.new(players, seed=seed)), random.Random(seed)
    while not game.is_over:
        p = game.actors()[0]
        view = game.view(p)
        decide = functools.partial(choose_for, view, levels[p], p, rng.randrange(1 << 30))
        game.apply(p, timed(levels[p], decide) if timed is not None else decide())
    return game.result is not None and game.result.winners == [seat]


__all__ = ["ThirteenBot", "choose_for", "decide_easy", "decide_search", "decide_slipping", "duel"]
