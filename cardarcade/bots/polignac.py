"""Polignac bots.

- easy: simple rules: lead a low card, duck under the card winning the trick when it can, and
  when it cannot follow throw away the J♠, another jack or its highest card; now and then it
  plays any card it may.
- medium: the same rules without slips for the first tricks, as a person plays; from its last
  four cards it counts: a few sampled deals of the unseen cards (``_trick_pimc``), each card
  played out by the rules or, near the end, solved exactly.
- hard: the sampled search from the first card, 250 deals a move, each weighed by how well it
  explains the cards the others have played (a player who ducked probably could).
- expert: not offered yet; one asked for plays as hard.

Why: with 16 sampled deals from the first trick, medium was a search nearly as strong as hard's
(hard against medium at three players: 0.28 of games over 9, ``benchmarks/levels.py``). Per hand
(20 deals, every seat), the search at 60 deals took 0.88 fewer jack points than the rules alone.

Searches run through ``deliberate``: off the event loop at a live table, inline under simulate.
"""

from __future__ import annotations

import random

from cardarcade.bots import register
from cardarcade.bots._trick_pimc import Tricks, position_of, sampled_card
from cardarcade.bots._tricks import CardPlayBot, Search
from cardarcade.bots.search import Budget
from cardarcade.cards import POLIGNAC, Card, Rank
from cardarcade.rules._tricks import play, winning_index
from cardarcade.rules.base import Action
from cardarcade.rules.polignac import PACKS, POLIGNAC_CARD, PolignacView

EASY_SLIP = 0.25  # chance an easy bot plays any card it may
MEDIUM_DEALS = 8  # once medium searches
MEDIUM_FROM = 4  # medium searches the last tricks, from this many cards in its hand
HARD_DEALS = 250  # sampled deals a move, each card judged in each
SOLVE_AT = 7  # cards left in the hands at most when a sampled deal is solved exactly
HARD_SECONDS = 0.8  # at a live table, hard searches on past its fixed work until this much has passed
HARD = Search(HARD_DEALS, read_plays=True, live_seconds=HARD_SECONDS)
# (no expert is offered yet: one asked for plays as hard)
SEARCHES = {"medium": Search(MEDIUM_DEALS, from_cards=MEDIUM_FROM), "hard": HARD, "expert": HARD}


def easy_card(view: PolignacView, rng: random.Random) -> Card:
    cards = view.playable
    if len(cards) == 1 or rng.random() < EASY_SLIP:
        return rng.choice(cards)
    return thumb_of_view(view)


def thumb_of_view(view: PolignacView) -> Card:
    return thumb_card(view.playable, [t.card for t in view.trick], view.players)


def thumb_card(cards: list[Card], trick: list[Card], players: int) -> Card:
    """The rule of thumb: lead low; follow under the winning card, else (forced to win) the
    highest when last to a trick without jacks, the lowest otherwise; void, shed the J♠, another
    jack or the highest card."""
    value = POLIGNAC.value
    if not trick:
        return min(cards, key=lambda c: (c.rank is Rank.JACK, value(c)))
    if cards[0].suit is trick[0].suit:
        top = trick[winning_index(trick, POLIGNAC)]
        under = [c for c in cards if value(c) < value(top)]
        if under:
            return max(under, key=value)
        last = len(trick) == players - 1
        jacks_in = any(c.rank is Rank.JACK for c in trick)
        return max(cards, key=value) if last and not jacks_in else min(cards, key=value)
    if POLIGNAC_CARD in cards:
        return POLIGNAC_CARD
    jacks = [c for c in cards if c.rank is Rank.JACK]
    return jacks[0] if jacks else max(cards, key=value)


def rule_of_thumb(cards: list[Card], trick: list[Card], seats: list[int], seat: int, rules: Tricks) -> Card:
    """``thumb_card`` for the fast search's play-outs."""
    return thumb_card(cards, trick, len(rules.ring))


def tricks_of(view: PolignacView) -> Tricks:
    worth = {c: float(view.polignac_points if c is POLIGNAC_CARD else c.rank is Rank.JACK) for c in PACKS[view.players]}
    seats = tuple(range(view.players))
    return Tricks(
        strength={c: POLIGNAC.value(c) for c in worth},
        worth=worth,
        trick_bonus=0.0,
        ring=seats,
        side=seats,
        points_are_bad=True,
    )


def decide_search(view: PolignacView, seat: int, seed: int, level: Search, seconds: float | None = None) -> Action:
    """A searching level's card: the fast sampled search (``_trick_pimc``), solving the last tricks
    exactly."""
    card = sampled_card(
        position_of(view, seat, PACKS[view.players]),
        view.playable,
        tricks_of(view),
        rule_of_thumb,
        random.Random(seed),
        Budget(level.deals, seconds),
        level.solve_at or SOLVE_AT,
        level.read_plays,
    )
    return play(card)


@register("polignac")
class PolignacBot(CardPlayBot):
    SEARCHES = SEARCHES
    easy_card = staticmethod(easy_card)
    search = staticmethod(decide_search)
    thumb_card = staticmethod(thumb_of_view)


decide = PolignacBot.decide  # what a bot of a level plays from a view (tests and benchmarks)
