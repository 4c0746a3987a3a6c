"""Hand-optimised engine code checked against a readable form of the same rule (the oracle).

The engines write some rules twice, or once in a form chosen for speed (searches and random play
make millions of moves). The fast form stays in the engine; its readable form lives here, written
from the rule, and the two must agree. Pairs covered:

- ``Action.__init__`` / ``Event.__init__`` (stored through the slots' descriptors) against the
  ``__init__`` the frozen dataclass would make;
- ``base.shuffle`` (random's shuffle written out) against ``random.Random(seed).shuffle``;
- Speed: ``legal_actions``, the who-can-play flags ``_settle`` keeps (from the ``EITHER`` table)
  and ``is_legal`` (fits inline) against "one rank up or down, round the corner";
- Schnapsen: ``legal_actions`` (one pass for a lead) against the rule's parts (``playable``,
  ``marriages_open``, ``may_exchange``, ``may_close``, ``may_declare``), and ``is_legal``'s
  check of a play without the list against the list;
- Schnapsen's and Bura's ``card_points`` (points looked up by card code) against the ranks' points;
- Bura: ``lead_actions`` (the usual hand written out) against "any card, two or three of one
  suit, or three aces";
- Chicago: ``draws`` (read from tables of shared actions) against every discard in order;
- Toepen: ``actors`` (``may_knock`` written out) and ``is_legal`` (without the list) against
  ``may_knock`` and the list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import astuple, field, fields, make_dataclass
from itertools import combinations, product
from operator import attrgetter
from types import ModuleType
from typing import TypeVar

import pytest

from cardarcade.cards import Card, Rank, standard_deck
from cardarcade.rules import Action, Event, Outcome, bura, schnapsen
from cardarcade.rules.base import Game, shuffle
from cardarcade.rules.bura import PACK as BURA_PACK
from cardarcade.rules.bura import lead_actions, plays
from cardarcade.rules.chicago import draws
from cardarcade.rules.schnapsen import CLOSE, EXCHANGE, OUT, PASS, PLAYS, Schnapsen
from cardarcade.rules.schnapsen import PACK as SCHNAPSEN_PACK
from cardarcade.rules.speed import Speed, fits
from cardarcade.rules.toepen import PACK as TOEPEN_PACK
from cardarcade.rules.toepen import Toepen

SEEDS = range(12)
G = TypeVar("G", bound=Game)


def random_states(engine: type[G], seeds: range = SEEDS) -> Iterator[G]:
    """Every state met in random play of ``engine``'s game from each seed, the finished one included."""
    for seed in seeds:
        game = engine.spec.new(seed=seed)
        assert isinstance(game, engine)
        rng = random.Random(seed)
        yield game
        while not game.is_over:
            seat = rng.choice(game.actors())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            yield game


# ---------------------------------------------------------------- Action and Event


def readable_twin(fast: type) -> type:
    """The class the frozen dataclass decorator makes from ``fast``'s fields, its own ``__init__``
    included (the fast class keeps the decorator's, but for ``__init__``)."""
    specs = [(f.name, f.type, field(default=f.default, default_factory=f.default_factory)) for f in fields(fast)]
    return make_dataclass(f"Readable{fast.__name__}", specs, frozen=True, slots=True)


ReadableAction, ReadableEvent = readable_twin(Action), readable_twin(Event)


ACE, KING = Card.parse("As"), Card.parse("Kh")
# Positional, keyword and left-out arguments, as the engines make them.
CALLS: dict[type, list[tuple[tuple, dict]]] = {
    Action: [
        (("flip",), {}),
        (("play", (ACE,)), {}),
        (("play", (ACE, KING), 1, 7), {}),
        (("say",), {"target": 3, "value": "word"}),
        ((), {"kind": "ask", "value": "sevens", "target": 0}),
    ],
    Event: [
        (("flip",), {}),
        (("play", 1, "{seat} [plays|play] the A♠", (ACE,)), {}),
        (("take", 0), {"cards": (ACE, KING), "data": {"count": 2}}),
        ((), {"kind": "ask", "target": 2, "seat": 1}),
        (("slap_win", 2), {"data": {"k": 3}, "outcome": Outcome.WON}),
        (("false_slap", 0, "", (ACE,), None, {}, Outcome.FAULT), {}),
    ],
}


@pytest.mark.parametrize("fast, readable", [(Action, ReadableAction), (Event, ReadableEvent)])
def test_the_slot_stores_make_what_the_dataclass_would(fast: type, readable: type) -> None:
    for args, kwargs in CALLS[fast]:
        made, expected = fast(*args, **kwargs), readable(*args, **kwargs)
        assert astuple(made) == astuple(expected), (args, kwargs)
        with pytest.raises(AttributeError):
            made.kind = "changed"
    with pytest.raises(TypeError):
        fast()


def test_equal_actions_are_one_key() -> None:
    """Actions are looked up among the legal ones and kept in sets and caches."""
    made = [Action(*args, **kwargs) for args, kwargs in CALLS[Action]]
    again = [ReadableAction(*args, **kwargs) for args, kwargs in CALLS[Action]]
    assert made == [Action(*astuple(a)) for a in again]
    assert [hash(a) for a in made] == [hash(astuple(a)) for a in again]
    assert len(set(made) | set(Action(*astuple(a)) for a in again)) == len(made)


def test_each_event_left_without_data_gets_its_own_dict() -> None:
    first, second = Event("flip"), Event("flip")
    first.data["k"] = 1
    assert second.data == {} and Event("flip", data={"k": 2}).data == {"k": 2}


# ---------------------------------------------------------------- the deal's shuffle


def test_shuffle_swaps_as_randoms_own_shuffle() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 5, 20, 52, 104):
            fast, readable = list(range(size)), list(range(size))
            shuffle(fast, seed)
            random.Random(seed).shuffle(readable)
            assert fast == readable, (seed, size)


# ---------------------------------------------------------------- Speed

CIRCLE = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def fits_by_the_text(card: Card, top: Card) -> bool:
    """One rank above or below the top card, round the corner (K-A-2)."""
    apart = (CIRCLE.index(card.rank.label) - CIRCLE.index(top.rank.label)) % len(CIRCLE)
    return apart in (1, len(CIRCLE) - 1)


def test_speeds_rank_table_is_one_up_or_down_round_the_corner() -> None:
    pack = standard_deck()
    assert all(fits(card, top) == fits_by_the_text(card, top) for card in pack for top in pack)


def speed_plays_by_the_text(game: Speed, seat: int) -> list[Action]:
    s = game.s
    if s.result is not None:
        return []
    if s.blocked:
        return [Action("flip")]
    return [
        Action("play", (card,), pile, s.stimulus)
        for card in s.hands[seat]
        for pile, on in enumerate(s.piles)
        if fits_by_the_text(card, on[-1])
    ]


def speed_play_legal_by_the_text(game: Speed, seat: int, card: Card, pile: int, seen: int) -> bool:
    """A play names a card of the player's hand, a pile and what the player saw: it stands if
    the card fits the top now, and is taken back (late, legal) if the pile changed after it was seen."""
    s = game.s
    if s.result is not None or card not in s.hands[seat] or not 1 <= seen <= s.stimulus:
        return False
    return s.placed_k[pile] > seen or fits_by_the_text(card, s.piles[pile][-1])


def test_speeds_quick_moves_follow_the_rule_as_written() -> None:
    for game in random_states(Speed):
        s = game.s
        if s.result is None:
            can = [any(fits_by_the_text(c, p[-1]) for c in hand for p in s.piles) for hand in s.hands]
            assert s.can_play == can and s.blocked == (not any(can))
        # every card in a hand, and a card in neither; seen at each edge of late and unseen
        cards = [*s.hands[0], *s.hands[1], s.piles[0][-1]]
        seen_at = {0, *s.placed_k, *(k - 1 for k in s.placed_k), s.stimulus, s.stimulus + 1}
        for seat in range(2):
            assert game.legal_actions(seat) == speed_plays_by_the_text(game, seat)
            for card, pile, seen in product(cards, (0, 1), seen_at):
                action = Action("play", (card,), pile, seen)
                assert game.is_legal(seat, action) == speed_play_legal_by_the_text(game, seat, card, pile, seen)


# ---------------------------------------------------------------- Schnapsen


def schnapsen_moves_by_the_text(game: Schnapsen, seat: int) -> list[Action]:
    """A play of any card the rules allow now; leading, a marriage shown, the trump jack
    exchanged, the stock closed, 66 declared; after the last trick, declare or let it end."""
    s = game.s
    if s.result is not None:
        return []
    if s.final:
        return [OUT, PASS] if seat == s.last_winner else []
    out = [PLAYS[card] for card in game.playable(seat)]
    out += game.marriages_open(seat)
    out += [EXCHANGE] if game.may_exchange(seat) else []
    out += [CLOSE] if game.may_close(seat) else []
    return out + ([OUT] if game.may_declare(seat) else [])


def test_schnapsens_one_pass_moves_are_the_rules_parts_together() -> None:
    for game in random_states(Schnapsen, range(30)):
        for seat in range(2):
            legal = game.legal_actions(seat)
            assert legal == schnapsen_moves_by_the_text(game, seat)
            if game.is_over:
                continue  # (apply refuses every move then, before asking is_legal)
            for card in SCHNAPSEN_PACK:
                assert game.is_legal(seat, PLAYS[card]) == (PLAYS[card] in legal)


# ---------------------------------------------------------------- card points (Schnapsen, Bura)


@pytest.mark.parametrize("engine", [schnapsen, bura])
def test_card_points_read_by_code_are_the_ranks_points(engine: ModuleType) -> None:
    rng = random.Random(7)
    for size in range(len(engine.PACK) + 1):
        cards = rng.sample(engine.PACK, size)
        assert engine.card_points(cards) == sum(engine.CARD_POINTS.get(card.rank, 0) for card in cards)


# ---------------------------------------------------------------- Bura


def bura_leads_by_the_text(hand: list[Card]) -> set[Action]:
    """Any card; two or three cards of one suit; three aces."""
    leads = set()
    for size in (1, 2, 3):
        for chosen in combinations(hand, size):
            one_suit = len({c.suit for c in chosen}) == 1
            three_aces = size == 3 and all(c.rank is Rank.ACE for c in chosen)
            if size == 1 or one_suit or three_aces:
                leads.add(plays(chosen))
    return leads


def test_buras_written_out_leads_are_every_lead_the_rule_allows() -> None:
    rng = random.Random(3)
    aces = [c for c in BURA_PACK if c.rank is Rank.ACE]
    hands = [rng.sample(BURA_PACK, size) for size in (1, 2, 3) for _ in range(400)] + [aces[:3], aces[1:]]
    for hand in hands:
        leads = lead_actions(hand)
        assert len(leads) == len(set(leads)) and set(leads) == bura_leads_by_the_text(hand), hand


# ---------------------------------------------------------------- Chicago


def chicago_draws_by_the_text(hand: list[Card]) -> list[Action]:
    """Every discard from standing pat to all five, smaller first, cards in code order."""
    ordered = sorted(hand, key=attrgetter("code"))
    return [Action("draw", chosen) for size in range(len(ordered) + 1) for chosen in combinations(ordered, size)]


def test_chicagos_tabled_draws_are_every_discard_in_order() -> None:
    rng = random.Random(5)
    pack = standard_deck()
    for _ in range(500):
        hand = rng.sample(pack, 5)
        assert draws(hand, 40) == chicago_draws_by_the_text(hand), hand


# ---------------------------------------------------------------- Toepen


def test_toepens_written_out_knockers_and_quick_checks_follow_the_list() -> None:
    for game in random_states(Toepen, range(8)):
        s = game.s
        if s.result is None and s.phase == "play":
            knockers = [p for p in range(s.players) if p != s.turn and game.may_knock(p)]
            assert game.actors() == [s.turn, *knockers]
        asked = {a for seat in range(s.players) for a in game.legal_actions(seat)}
        moves = asked | {Action("play", (card,)) for card in TOEPEN_PACK} | {Action("knock"), Action("signal")}
        for seat in range(s.players):
            legal = game.legal_actions(seat)
            for action in moves:
                assert game.is_legal(seat, action) == (action in legal), (seat, action)
