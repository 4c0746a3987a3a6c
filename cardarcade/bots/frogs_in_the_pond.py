"""Frogs in the Pond bots. None of them ever revokes; each knows only its own frogs.

- easy: simple rules (``quick_card``): lead an ace, else a low card; give points to a partner
  who is winning; take a trick worth having when it can; else play low. Now and then any card
  it may.
- medium: the same rules without slips, as a person plays, until its last four cards; then a
  few sampled deals of the cards it has not seen (``_trick_pimc``), each card played out by the
  rules or, near the end, solved exactly.
- hard: as a good player: the first three tricks (at two players) by the same rules, then the
  sampled search with 30 deals a move, taking the others' plays at face value.
- expert: the sampled search from the first card, 100 deals a move, each weighed by how well it
  explains the cards the others have played (a player who led low rather than an ace has none),
  solving one card more exactly; at a live table it searches on while the thinking time lasts.
  A frog counts as an average unseen card, since who takes which frog is luck.

Why: the search's edge is in the early tricks, not in its deals: the former hard (250 deals,
reading plays, from the first card) took only 0.479 of 48 games at two players against 30 deals
taking plays at face value (``benchmarks/levels.py``; benchmarks/README, "levels.py: Chicago,
Polignac, Frogs in the Pond"). Medium's 16 sampled deals from the first trick once made it
nearly as strong as hard (0.375 of 24 games).

Searches run through ``deliberate``: off the event loop at a live table, inline under simulate.
"""

from __future__ import annotations

import random

from cardarcade.bots import register
from cardarcade.bots._trick_pimc import Tricks, position_of, sampled_card, trick_winner
from cardarcade.bots._tricks import CardPlayBot, Search
from cardarcade.bots.search import Budget
from cardarcade.cards import ACES_HIGH, Card
from cardarcade.rules._tricks import play, winning_index
from cardarcade.rules.base import Action
from cardarcade.rules.frogs_in_the_pond import PACKS, TADPOLE, FrogsView, card_points, quick_card

GAME = "frogs-in-the-pond"
EASY_SLIP = 0.25  # chance an easy bot plays any card it may
MEDIUM_DEALS = 8  # once medium searches
MEDIUM_FROM = 4  # medium searches the last tricks, from this many cards in its hand
HARD_DEALS = 30  # hard's sampled deals a move, each card judged in each (more gained nothing: see above)
HARD_FROM = 7  # hard plays its first tricks by the rules and searches from this many cards in its hand
EXPERT_DEALS = 100  # expert: from the first card, reading the others' plays
SOLVE_AT = 6  # cards left in the hands at most when a sampled deal is solved exactly
EXPERT_SOLVE_AT = 7  # expert solves one card more exactly
EXPERT_SECONDS = 0.8  # at a live table, expert searches on past its fixed work until this much has passed
SEARCHES = {
    "medium": Search(MEDIUM_DEALS, from_cards=MEDIUM_FROM),
    "hard": Search(HARD_DEALS, from_cards=HARD_FROM),
    "expert": Search(EXPERT_DEALS, read_plays=True, solve_at=EXPERT_SOLVE_AT, live_seconds=EXPERT_SECONDS),
}


def easy_card(view: FrogsView, rng: random.Random) -> Card:
    cards = view.playable
    if len(cards) == 1 or rng.random() < EASY_SLIP:
        return rng.choice(cards)
    return thumb_of_view(view)


def thumb_of_view(view: FrogsView) -> Card:
    """The rule of thumb (``quick_card``)."""
    trick = [t.card for t in view.trick]
    top = view.trick[winning_index(trick, ACES_HIGH)].seat if trick else None
    seat = view.seat
    assert seat is not None  # (a player's own view)
    return quick_card(view.playable, trick, top, view.side, seat, view.players, view.tadpole)


def tricks_of(view: FrogsView, unseen: tuple[Card, ...]) -> Tricks:
    """The hand as the fast search sees it: a frog is worth what an unseen card is worth on
    average (who takes which frog is luck, and a search that knew the pond's order would chase it)."""
    worth = {c: float(card_points(c, view.tadpole)) for c in PACKS[view.players]}
    frog = sum(worth[c] for c in unseen) / len(unseen) if view.pond and unseen else 0.0
    return Tricks(
        strength={c: ACES_HIGH.value(c) for c in worth},
        worth=worth,
        trick_bonus=frog,
        ring=tuple(view.ring),
        side=tuple(view.side),
        points_are_bad=False,
    )


def rule_of_thumb(cards: list[Card], trick: list[Card], seats: list[int], seat: int, rules: Tricks) -> Card:
    """``quick_card`` for the fast search's play-outs."""
    top = trick_winner(trick, seats, rules) if trick else None
    return quick_card(cards, trick, top, list(rules.side), seat, len(rules.ring), rules.worth[TADPOLE] < 0)


def decide_search(view: FrogsView, seat: int, seed: int, level: Search, seconds: float | None = None) -> Action:
    """A searching level's card: the fast sampled search (``_trick_pimc``), solving the last tricks
    exactly."""
    position = position_of(view, seat, PACKS[view.players], view.my_frogs)
    # a deal's play-outs grow with the cards in the hands: at three to five players (up to 40)
    # as many deals as two players' 20 cards allow keep a move's work within about a second
    deals = max(1, level.deals * min(20, sum(view.hand_counts)) // sum(view.hand_counts))
    card = sampled_card(
        position,
        view.playable,
        tricks_of(view, position.unseen),
        rule_of_thumb,
        random.Random(seed),
        Budget(deals, seconds),
        level.solve_at or SOLVE_AT,
        level.read_plays,
    )
    return play(card)


@register(GAME)
class FrogsBot(CardPlayBot):
    SEARCHES = SEARCHES
    easy_card = staticmethod(easy_card)
    search = staticmethod(decide_search)
    thumb_card = staticmethod(thumb_of_view)


decide = FrogsBot.decide  # what a bot of a level plays from a view (tests and benchmarks)
