"""Machiavelli bots. Each lays the table out in one ``arrange`` move, then ends its turn; with
nothing to put down it draws (or passes).

- easy: melds what it holds (runs, then sets, from its hand alone) and leaves the table be.
- medium: that, then adds single cards from its hand to the melds on the table (a fourth suit
  to a set, a card at either end of a run), as long as one fits.
- hard: a strong player who rebuilds one group of the table at a time: the most cards its hand
  puts down with any single table group taken apart and built again (or none), then single
  cards added as medium adds them (``decide_hard``).
- expert: puts down as many cards as any rearrangement of the whole table allows: an integer
  program over every set and run (``_meld_ilp``).

Hard and expert work their move out off the event loop.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from collections.abc import Sequence

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots._meld_ilp import lay_out, most_cards_down, shares_a_meld
from cardarcade.cards import Card, Rank
from cardarcade.rules.base import Action
from cardarcade.rules.machiavelli import DRAW, END, PASS, RESET, MachiavelliView, arrange, in_order, is_meld


def hand_melds(hand: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Melds made of ``hand`` alone, greedily (the longest runs, then sets of what is left), and
    the cards left over."""
    rest = list(hand)
    melds: list[list[Card]] = []
    by_suit: dict[object, dict[int, Card]] = defaultdict(dict)
    for card in rest:
        by_suit[card.suit].setdefault(int(card.rank), card)
    for cards in by_suit.values():
        positions = dict(cards)
        if Rank.ACE in positions:
            positions[1] = positions[int(Rank.ACE)]
        used: set[Card] = set()
        run: list[Card] = []
        for p in range(1, 16):
            here = positions.get(p)
            if here is not None and here not in used and here not in run and p <= 14:
                run.append(here)
                continue
            if len(run) >= 3:
                melds.append(run)
                used.update(run)
            run = []
    placed = {c for m in melds for c in m}
    rest = [c for c in rest if c not in placed]
    by_rank: dict[Rank, dict[object, Card]] = defaultdict(dict)
    for card in rest:
        by_rank[card.rank].setdefault(card.suit, card)
    for suits in by_rank.values():
        if len(suits) >= 3:
            melds.append(list(suits.values()))
    placed = {c for m in melds for c in m}
    return melds, [c for c in rest if c not in placed]


def extend_table(groups: list[list[Card]], hand: list[Card]) -> list[Card]:
    """Add cards from ``hand`` to ``groups`` one at a time while any fits a meld as it stands;
    returns the hand left."""
    left = list(hand)
    added = True
    while added:
        added = False
        for card in list(left):
            for group in groups:
                if is_meld(group + [card]):
                    group.append(card)
                    left.remove(card)
                    added = True
                    break
    return left


def simple_layout(view: MachiavelliView, extend: bool) -> list[list[Card]] | None:
    """The easy (and, with ``extend``, medium) layout; None if no card goes down."""
    groups = [list(g) for g in view.table]
    melds, left = hand_melds(view.hand)
    groups += melds
    if extend:
        left = extend_table(groups, left)
    return groups if len(left) < len(view.hand) else None


REBUILT_GROUPS = 1  # how many table groups hard takes apart and builds again in one turn


def rebuilt(view: MachiavelliView, taken: Sequence[int]) -> tuple[int, list[list[Card]]]:
    """(hand cards down, the groups then) when the table groups numbered ``taken`` are taken
    apart and built again with the hand as well as they can be, the others kept, and then
    single cards added to any group they fit."""
    kept = [list(g) for i, g in enumerate(view.table) if i not in taken]
    apart = [view.table[i] for i in taken]
    loose = [c for g in apart for c in g]
    count, melds = most_cards_down(loose, view.hand)
    built = lay_out(melds, apart, view.hand) if count else [list(g) for g in apart]
    on_table = {c for g in built for c in g}
    left = extend_table(kept + built, [c for c in view.hand if c not in on_table])
    return len(view.hand) - len(left), kept + built


def decide_hard(view: MachiavelliView, seat: int, seed: int = 0) -> Action:
    """The hard bot's move: the most cards down with at most ``REBUILT_GROUPS`` table groups
    rebuilt (the first such layout: the fewest groups changed), or a draw. A pure function of
    the view, a fixed amount of work (one small integer program a group that shares a meld
    with the hand)."""
    best_count, best = 0, []
    worth = [i for i, g in enumerate(view.table) if shares_a_meld(g, view.hand)]
    for size in range(REBUILT_GROUPS + 1):
        for taken in combinations(worth, size):
            count, groups = rebuilt(view, taken)
            if count > best_count:
                best_count, best = count, groups
    return _move(view, best_count, best)


def decide_expert(view: MachiavelliView, seat: int, seed: int = 0) -> Action:
    """The expert bot's move: the layout that puts down the most cards, or a draw. Solved
    exactly wherever it runs (a 60-card table takes about 0.05 s at the median,
    benchmarks/machiavelli.py): a time limit let a busy machine make it draw with a layout in hand."""
    table = [c for g in view.table for c in g]
    count, melds = most_cards_down(table, view.hand)
    return _move(view, count, lay_out(melds, view.table, view.hand))


def _move(view: MachiavelliView, count: int, groups: list[list[Card]]) -> Action:
    """Lay ``groups`` out if they put cards down and are all melds, else draw (or pass)."""
    groups = [in_order(g) for g in groups]
    if count == 0 or not all(is_meld(g) for g in groups):
        return DRAW if view.stock else PASS
    return arrange(groups)


@register("machiavelli")
class MachiavelliBot(BotBase):
    def plans(self, view: MachiavelliView, moment: Moment) -> list[Plan | Thinking]:
        if view.turn != self.seat or view.seat != self.seat:
            return []
        key = ("turn", view.turn_no, view.changed, view.held is not None)
        draw = DRAW if view.stock else PASS
        if view.changed:  # its layout is down: end the turn, or undo what it did not do (a loaded save)
            done = view.held is None and view.placed and all(view.valid)
            return [self.move(key, moment, lambda: END if done else RESET)]
        undone = self.decided(("turn", view.turn_no, True, False))
        if undone is not None and undone[1] == RESET:
            # It undid a layout this turn (one it did not make): no second try, it draws.
            return [self.move(("undone", view.turn_no), moment, lambda: draw)]
        if self.skill >= 2:  # a fixed amount of work, as under simulate: never less on a busy machine
            work = decide_expert if self.strategy == "expert" else decide_hard
            return [self.deliberate(key, work, (view, self.seat, 0), draw)]
        return [self.move(key, moment, lambda: self.choose(view, draw))]

    def choose(self, view: MachiavelliView, draw: Action) -> Action:
        layout = simple_layout(view, extend=self.skill >= 1)
        return draw if layout is None else arrange(layout)
