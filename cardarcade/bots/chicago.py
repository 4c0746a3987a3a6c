"""Chicago bots.

- easy: simple rules: keep the cards of a pair or better (or four to a flush), else the two
  highest; declare the type held when it may be declared; in the tricks play low, keeping the high
  cards for the last trick.
- medium: draws and declares as easy, except that in the last draw it keeps an ace beside a pair
  (no showdown follows, and the ace may take the last trick); for a card, deals the unseen cards a
  few ways (voids honoured) and solves each deal exactly for the last trick, the others playing
  the simple rule.
- hard: the tricks as medium with more deals (heads-up, each solved against an opponent playing
  its best); each discard weighed over sampled tables: the others' hands dealt from the unseen
  cards and drawn by the simple rules, kept only where they fit what each declared at the latest
  showdown, then the points this hand would bring: the showdowns to come, the best hand at the
  end and the last trick (played out by the simple rule).
- expert (built, not offered: not measured stronger than hard): hard's searches with more work,
  400 tables a discard (a close call settled by the cards more often than by the sample) and
  150 deals a card.

Why: only the last trick scores in the card play, so a search is judged by who takes it alone,
and the deals are small enough to solve, which beat play-outs. Over 120 hands at four players
(60 deals, seats swapped, A B A B) with the draws alike, solving 30 deals a card took 71 last
tricks to the simple rule's 49; PIMC with 64 play-outs took 43 to 37 over 80 hands, the earlier
ISMCTS (300 iterations) about 55%. In the draw, the last trick's five points often outweigh what
a lone low pair brings at four players: a discard judged by its own hand type alone lost (1,272
points to 1,624 over 200 hands), while the sampled tables keep an ace where the showdowns are out
of reach. Weighing only "sensible" discards (sets kept whole with the highest odd cards, or four
to a flush or straight) over 250 tables did worse (52.2% of the points over 300 hands): a fifth
of the discards chosen from all 32 keep three to a suit or break a pair.

Hard against easy (``python benchmarks/trick_bots.py --game chicago --pair hard:easy --deals 150``,
four players, seats swapped): deals 0-149, 2,340 points to 1,592 (59.5%, 95% interval
55.7-63.3%; with the simple draw and ISMCTS tricks it was 51.5%); deals 150-299
(``--first-deal 150``), 2,359 to 1,802 (56.7%, 53.3-60.1%); deals 1000-1249 (``--deals 250
--first-deal 1000``), 3,648 to 3,334 (52.2%, 49.8-54.7%), the same points before and after each
declaration became a claim of its own (bots never bluff). All 1,100 hands: 55.4%. Medium against
easy, 300 hands: 51.7% (50.1-53.4%); hard against medium, 200 hands: 55.8% (51.6-60.0%). A hard
move takes 0.1-0.2 s on average (fixed work, a loaded machine), 1.8 s at most; at a live table hard
and expert do the same work and may search on until ``SECONDS`` have passed, never stopping short.

Those figures are with 100 sampled tables for a discard. Split by source (deals 40-139), hard took
the last trick twice as often as easy but scored less in the showdowns and the best hand: it
keeps high cards, and with 100 tables among up to 32 discards the best total was often noise.
300 tables (``SEARCHES``), the same deals each way: deals 40-239, 3,244 points to 2,253
(59.0%) against 2,969 to 2,399 (55.3%) with 100; deals 1000-1249, 3,908 to 3,259 (54.5%, 95%
interval 52.0-57.1%) against 52.2%. 1,000 tables gave no more (58.0% on deals 40-139, 58.1% with
300), at four players. Heads-up, the 400 tables and 150 deals of expert took only 0.556 of
games from a hard of 60 tables (``benchmarks/README.md``, "Chicago's levels").

Declarations are the simple rule's at every level: bots never declare a type they do not hold, so
they never forfeit. Searches run through ``deliberate``: off the event loop at a live table, each
level's fixed amount of work wherever it runs (hard and expert may go on while ``SECONDS`` allow).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import Budget, Tally, note
from cardarcade.cards import ACES_HIGH, Card, Rank, Suit
from cardarcade.poker import Category, evaluate
from cardarcade.rules._tricks import deal_unseen, play
from cardarcade.rules.base import Action
from cardarcade.rules.chicago import (
    DRAW_ROUNDS,
    HAND,
    LAST_TRICK,
    PACK,
    PASS,
    POINTS,
    ChicagoView,
    claim_cards,
    declared_type,
    draws,
    duty,
    reveal,
)


class Search(NamedTuple):
    """A level's searches: its fixed work, never less whatever the machine's load."""

    trick_deals: int  # sampled deals solved for a card (0: the simple rule)
    draw_samples: int  # sampled tables weighed for a discard (0: the simple rules)
    wary: bool = False  # heads-up, each deal solved against an opponent playing its best
    live: bool = False  # searches on while a live table's thinking time lasts (at most SECONDS)


SEARCHES = {
    "easy": Search(0, 0),
    "medium": Search(12, 0),
    "hard": Search(60, 300, wary=True, live=True),
    "expert": Search(150, 400, wary=True, live=True),
}
SECONDS = 0.8  # at a live table, a live level searches on past its fixed work until this much has passed


def _sorted(hand: list[Card]) -> list[Card]:
    return sorted(hand, key=lambda c: c.code)


def draw_action(discard: list[Card]) -> Action:
    return Action("draw", tuple(_sorted(discard)))


def safe_discard(view: ChicagoView, seat: int, discard: list[Card]) -> bool:
    """A discard that shows a hand short of a claim would forfeit the game."""
    due = duty(view.best, view.draw_round, seat)
    return not reveal(view.hand, tuple(discard), view.open_claims[seat], due)[1]


def easy_discard(hand: list[Card]) -> list[Card]:
    value = evaluate(hand)
    if value.category >= Category.STRAIGHT:
        return []
    if value.category >= Category.ONE_PAIR:
        keep = claim_cards(hand, int(value.category))
        return [c for c in hand if c not in keep]
    for suit in {c.suit for c in hand}:
        same = [c for c in hand if c.suit is suit]
        if len(same) == 4:
            return [c for c in hand if c.suit is not suit]
    high = sorted(hand, key=ACES_HIGH.value)[-2:]
    return [c for c in hand if c not in high]


def decide_declare(view: ChicagoView) -> Action:
    """Declare the type held if it may be declared (never more, so never a forfeit)."""
    held = declared_type(evaluate(view.hand))
    if held == 0 or held < max(view.best_kind, 1):
        return PASS
    return Action("declare", value=held)


def decide_discard(view: ChicagoView, seat: int, level: str = "easy") -> Action:
    """The simple rules' discard (medium: ``medium_discard``), or standing pat where it would break
    a claim the hand cannot prove."""
    thrown = medium_discard(view) if level == "medium" else easy_discard(view.hand)
    return draw_action(thrown if safe_discard(view, seat, thrown) else [])


def medium_discard(view: ChicagoView) -> list[Card]:
    """The simple rules' discard, but in the last draw (no showdown follows, only the best hand and
    the last trick) an ace the simple rules would throw with two others is kept for the last trick."""
    thrown = easy_discard(view.hand)
    aces = [c for c in thrown if c.rank == Rank.ACE]
    if view.draw_round == DRAW_ROUNDS and len(thrown) >= 3 and aces:
        thrown.remove(aces[0])
    return thrown


def easy_card(view: ChicagoView) -> Card:
    """Play low, keeping the high cards for the last trick."""
    return min(view.playable, key=ACES_HIGH.value)


# ---------------------------------------------------------------- the tricks: sampled deals, solved


def _allowed(hand: list[Card], suit: Suit | None) -> list[Card]:
    same = [c for c in hand if c.suit is suit] if suit is not None else []
    return same or hand


def _simple_card(hand: list[Card], suit: Suit | None) -> Card:
    return min(_allowed(hand, suit), key=ACES_HIGH.value)


def can_take_last_trick(
    hands: list[list[Card]], trick: list[Card], leader: int, done: int, me: int, wary: bool = False
) -> bool:
    """Whether ``me`` has a line that takes the last trick from here, every other seat playing
    the simple rule (lowest card, following suit), or, ``wary``, every card it may to stop it.
    ``done``: tricks finished."""
    n = len(hands)
    if len(trick) == n:
        suit = trick[0].suit
        winner = (leader + max(range(n), key=lambda i: trick[i].rank if trick[i].suit is suit else -1)) % n
        if done + 1 == HAND:
            return winner == me
        return can_take_last_trick(hands, [], winner, done + 1, me, wary)
    seat = (leader + len(trick)) % n
    hand = hands[seat]
    suit = trick[0].suit if trick else None
    # me: one card that takes it is enough; a wary opponent: every card it may play must fail to stop it
    every = wary and seat != me
    choices = _allowed(hand, suit) if seat == me or wary else [_simple_card(hand, suit)]
    for card in choices:
        hands[seat] = [c for c in hand if c is not card]
        taken = can_take_last_trick(hands, trick + [card], leader, done, me, wary)
        hands[seat] = hand
        if taken != every:
            return taken
    return every


def decide_card(
    view: ChicagoView, seat: int, seed: int, deals: int, seconds: float | None = None, wary: bool = False
) -> Action:
    """The card that takes the last trick in the most sampled deals of the unseen cards (voids
    honoured), each deal solved exactly against the simple rule (``wary``: against an opponent
    playing its best); the lower card on a tie. Module-level: a bot's ``Thinking`` work."""
    rng = random.Random(seed)
    options = list(view.playable)
    if len(options) == 1:
        return play(options[0])
    n = view.players
    seen = set(view.hand) | set(view.played)
    unseen = [c for c in PACK if c not in seen]
    counts = [0 if p == seat else view.hand_counts[p] for p in range(n)]
    voids = [set(v) for v in view.voids] + [set()]
    trick = [t.card for t in view.trick]
    done = view.tricks_played
    wins = dict.fromkeys(options, 0)
    budget = Budget(deals, seconds)
    while budget.more():
        hands = deal_unseen(unseen, counts + [len(unseen) - sum(counts)], voids, rng)[:n]
        for card in options:
            hands[seat] = [c for c in view.hand if c is not card]
            wins[card] += can_take_last_trick(hands, trick + [card], view.leader, done, seat, wary)
        budget.done += 1
    note(
        lambda: Tally(
            "sampled deals",
            budget.done,
            {play(c): w / budget.done for c, w in wins.items()},
            "takes the last trick",
            share=True,
        )
    )
    return play(max(options, key=lambda c: (wins[c], -ACES_HIGH.value(c))))


# ---------------------------------------------------------------- the draw: sampled tables


def _rank(card: Card) -> int:
    return card.rank  # aces high, as ACES_HIGH orders them, read directly (this runs in a hot loop)


def simple_last_trick(hands: list[list[Card]], leader: int) -> int:
    """Who takes the last trick when every seat plays the simple rule from these five-card hands
    (each sorted low to high; the lists are used up)."""
    n = len(hands)
    for _ in range(HAND):
        lead = hands[leader].pop(0)
        suit, best, winner = lead.suit, lead.rank, leader
        for i in range(1, n):
            hand = hands[(leader + i) % n]
            for j, card in enumerate(hand):  # noqa: B007 - j is the card taken after the loop
                if card.suit is suit:
                    break
            else:
                j = 0
            card = hand.pop(j)
            if card.suit is suit and card.rank > best:
                best, winner = card.rank, (leader + i) % n
        leader = winner
    return leader


def simple_draws(hand: list[Card], new: Sequence[Card], rounds: int) -> tuple[list[list[Card]], int]:
    """The hand after each of ``rounds`` draws by the simple rules (new cards from ``new`` in
    order), and how many new cards they took."""
    out, used = [], 0
    for _ in range(rounds):
        thrown = easy_discard(hand)
        hand = [c for c in hand if c not in thrown] + list(new[used : used + len(thrown)])
        used += len(thrown)
        out.append(hand)
    return out, used


def fits_showdown(view: ChicagoView, seat: int, hand: list[Card]) -> bool:
    """Whether ``hand`` (held at the latest showdown) fits what ``seat`` declared there, declaring
    as the simple rules do: the type held, or a pass when it was less than the best so far."""
    best = 0
    for d in view.declarations:
        if d.seat == seat:
            held = declared_type(evaluate(hand))
            return held == d.kind if d.kind else held < max(best, 1)
        best = max(best, d.kind)
    return True


class Table(NamedTuple):
    """A sampled table: the other seats' final hands (low to high) and, after each draw, the
    best hand among them."""

    final: list[list[Card]]
    best: Sequence[int]


def sample_table(
    view: ChicagoView, seat: int, pool: list[Card], rng: random.Random, tries: int = 20
) -> tuple[Table, list[Card]]:
    """Each other seat's hand after each of the three draws (dealt from ``pool``, drawing by the
    simple rules, fitting the latest showdown's declarations where a few tries find a fit), and
    the cards left for this seat's draws (the unused ones first, then the others' discards)."""
    showdown = view.draw_round - 1  # the latest showdown followed this draw round (0: none yet)
    used: set[Card] = set()
    dealt: list[Card] = []  # the same cards in the order dealt (a set's order is not the seed's)
    others: dict[int, list[list[Card]]] = {}
    for p in range(view.players):
        if p == seat:
            continue
        free = [c for c in pool if c not in used]
        for _ in range(tries):
            cards = rng.sample(free, HAND + 9)  # a simple draw throws three at most
            stages, taken = simple_draws(cards[:HAND], cards[HAND:], 0 if view.frozen[p] else 3)
            stages = stages or [cards[:HAND]] * 3
            if not showdown or fits_showdown(view, p, stages[showdown - 1]):
                break
        others[p] = stages
        used.update(cards[: HAND + taken])
        dealt += cards[: HAND + taken]
    held = {c for stages in others.values() for c in stages[2]}
    rest = [c for c in pool if c not in used]
    thrown = [c for c in dealt if c not in held]
    rng.shuffle(rest)
    rng.shuffle(thrown)
    final = [sorted(others[p][2], key=_rank) if p in others else [] for p in range(view.players)]
    best = [max(evaluate(stages[r]) for stages in others.values()) for r in range(3)]
    return Table(final, best), rest + thrown


def points_from(view: ChicagoView, seat: int, hand: list[Card], table: Table, new: list[Card]) -> int:
    """The points ``hand`` (just drawn to) brings at this sampled table, drawing on by the simple
    rules: the showdowns to come, the best hand at the end, the last trick played by the simple rule."""
    points, used = 0, 0
    for round_no in range(view.draw_round, 4):
        if round_no > view.draw_round and not view.frozen[seat]:
            thrown = easy_discard(hand)
            hand = [c for c in hand if c not in thrown] + new[used : used + len(thrown)]
            used += len(thrown)
        mine = evaluate(hand)
        kind = declared_type(mine)
        if kind and mine > table.best[round_no - 1]:
            points += POINTS[kind]
    hands = [sorted(hand, key=_rank) if p == seat else list(table.final[p]) for p in range(view.players)]
    if simple_last_trick(hands, (view.dealer + 1) % view.players) == seat:
        points += LAST_TRICK
    return points


def decide_draw(view: ChicagoView, seat: int, seed: int, samples: int, seconds: float | None = None) -> Action:
    """The discard that brings the most points over sampled tables (the same tables for every
    discard, so the comparison is fair). Module-level: a bot's ``Thinking`` work."""
    rng = random.Random(seed)
    hand = list(view.hand)
    options = [a for a in draws(hand, view.stock + view.discards) if safe_discard(view, seat, list(a.cards))]
    pool = [c for c in PACK if c not in hand]
    totals = [0] * len(options)
    budget = Budget(samples, seconds)
    while budget.more():
        table, new = sample_table(view, seat, pool, rng)
        for i, action in enumerate(options):
            kept = [c for c in hand if c not in action.cards]
            count = HAND - len(kept)
            totals[i] += points_from(view, seat, kept + new[:count], table, new[count:])
        budget.done += 1
    done = budget.done
    note(lambda: Tally("sampled tables", done, {a: t / done for a, t in zip(options, totals)}, "points a hand"))
    return options[max(range(len(options)), key=lambda i: totals[i])]


def card_args(view: ChicagoView, seat: int, seed: int, search: Search, seconds: float | None) -> tuple:
    """``decide_card``'s arguments for a bot searching as ``search``: a wary level at two players
    solves each deal against an opponent playing its best for the last trick, the others against
    the simple rule."""
    return view, seat, seed, search.trick_deals, seconds, search.wary and view.players == 2


@register("chicago")
class ChicagoBot(BotBase):
    def plans(self, view: ChicagoView, moment: Moment) -> list[Plan | Thinking]:
        if view.seat != self.seat:
            return []
        level = self.strategy
        search = SEARCHES[level]
        # (a level of fixed work ignores the table's thinking time: it is the live levels' to use)
        seconds = None if moment.think_seconds is None or not search.live else min(moment.think_seconds, SECONDS)
        if view.turn == self.seat:
            key: tuple = ("play", view.hand_no, len(view.played))
            fallback = play(easy_card(view))
            if not search.trick_deals or len(view.playable) == 1:
                return [self.move(key, moment, lambda: fallback)]
            seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
            return [self.deliberate(key, decide_card, card_args(view, self.seat, seed, search, seconds), fallback)]
        if view.asking != self.seat:
            return []
        if view.phase == "draw":
            key = ("draw", view.hand_no, view.draw_round)
            if not search.draw_samples:
                return [self.move(key, moment, lambda: decide_discard(view, self.seat, level))]
            seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
            return [
                self.deliberate(
                    key,
                    decide_draw,
                    (view, self.seat, seed, search.draw_samples, seconds),
                    decide_discard(view, self.seat),
                )
            ]
        key = ("declare", view.hand_no, view.draw_round, len(view.declarations))
        return [self.move(key, moment, lambda: decide_declare(view))]


def decide(view: ChicagoView, seat: int, level: str, seed: int = 0) -> Action:
    """What a bot of ``level`` does from ``view`` (for tests and benchmarks)."""
    search = SEARCHES[level]
    if view.turn == seat:
        if not search.trick_deals or len(view.playable) == 1:
            return play(easy_card(view))
        return decide_card(*card_args(view, seat, seed, search, None))
    if view.phase == "draw":
        if search.draw_samples:
            return decide_draw(view, seat, seed, search.draw_samples)
        return decide_discard(view, seat, level)
    return decide_declare(view)
