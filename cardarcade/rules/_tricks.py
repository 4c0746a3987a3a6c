"""What trick-taking games share: the trick on the table, who leads, what may be played to it,
who wins it, the piles of won cards, and dealing in packets.

A trick is stored as the cards played in order with the seat that led it; the seat of the i-th
card is ``(leader + i) % players``. Rank orders come from ``cardarcade.cards`` (low to high), so
a game says how its cards rank and which suit, if any, is trumps, and the helpers do the rest.

Search bots work on many copies of a game: ``TrickGame.clone`` copies the state by hand, much
faster than pydantic's deep copy.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol, Self

from pydantic import BaseModel

from cardarcade.cards import Card, RankOrder, Suit
from cardarcade.rules.base import Action, Event, Game, SharedEvents, State

_PLAYS: dict[str, Action] = {}  # by code


def play(card: Card) -> Action:
    """The action of playing ``card`` to the trick (one shared object per card: engines make
    many of them in search)."""
    action = _PLAYS.get(card.code)
    if action is None:
        action = _PLAYS[card.code] = Action("play", (card,))
    return action


def _played(seat: int, code: str) -> Event:
    card = Card.parse(code)
    return Event("play", seat, f"{{seat}} [plays|play] the {card}", (card,))


_PLAYED = SharedEvents(_played)  # by seat and code (a str hashes in C, a Card in Python)


def played_event(seat: int, card: Card) -> Event:
    """'{seat} plays the 7♥' (one shared event per seat and card)."""
    return _PLAYED[seat, card.code]


def no_zones() -> dict[str, list]:
    """Empty trick zones for ``base.construct`` before the first deal fills them (given, so that
    construct need not copy their defaults one by one)."""
    return {"trick": [], "last_trick": [], "tricks_won": [], "log": [], "log_seats": []}


def listed(action: Action, legal: Sequence[Action]) -> bool:
    """``action in legal``, looking for the very object first: engines hand out shared actions,
    and ``==`` between two Actions compares their fields in Python, one by one down the list."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


class PlayedCard(BaseModel):
    """One card on the table or in the last trick, with who played it."""

    seat: int
    card: Card


def deal_packets(
    deck: Sequence[Card], players: int, packets: Iterable[int], start: int = 0, hands: list[list[Card]] | None = None
) -> tuple[list[list[Card]], int]:
    """Deal ``packets`` (e.g. 3 then 2) to each seat in turn from seat 0, taking cards from
    ``deck[start]`` on; returns the hands and the index of the next undealt card. ``hands``
    given: add to them (a game that turns a card up between two rounds of packets)."""
    hands = hands if hands is not None else [[] for _ in range(players)]
    i = start
    for size in packets:
        for seat in range(players):
            hands[seat].extend(deck[i : i + size])
            i += size
    return hands, i


def of_suit(cards: Iterable[Card], suit: Suit | None) -> list[Card]:
    return [c for c in cards if c.suit is suit]


def following(hand: Sequence[Card], led: Suit | None) -> list[Card]:
    """The cards that may be played when the led suit must be followed if possible."""
    if led is None:
        return list(hand)
    same = of_suit(hand, led)
    return same if same else list(hand)


def winning_index(trick: Sequence[Card], order: RankOrder, trump: Suit | None = None) -> int:
    """Which card of ``trick`` (in the order played) takes it: the highest trump if any was
    played, else the highest card of the suit led."""
    best = 0
    top = trick[0]
    value = order._index  # (RankOrder.value without its type check: this runs on every trick)
    for i in range(1, len(trick)):
        card = trick[i]
        if card.suit is top.suit:
            if value[card.rank] > value[top.rank]:
                best, top = i, card
        elif trump is not None and card.suit is trump:
            best, top = i, card
    return best


def beats(card: Card, winning: Card, order: RankOrder, trump: Suit | None = None) -> bool:
    """Whether ``card`` played now would take the trick from the card now winning it."""
    if card.suit is winning.suit:
        value = order._index  # (RankOrder.value without its type check: this runs on every card played)
        return value[card.rank] > value[winning.rank]
    return trump is not None and card.suit is trump


def heading(hand: Sequence[Card], trick: Sequence[Card], order: RankOrder, trump: Suit | None) -> list[Card]:
    """The strict rules (Schnapsen after the close, Bura's replies): follow suit and beat the
    trick if possible; a player who cannot follow must trump if possible; else any card."""
    if not trick:
        return list(hand)
    led = trick[0].suit
    winning = trick[winning_index(trick, order, trump)]
    same = of_suit(hand, led)
    if same:
        if winning.suit is led:
            higher = [c for c in same if order.value(c) > order.value(winning)]
            if higher:
                return higher
        return same
    trumps = of_suit(hand, trump) if trump is not None else []
    return trumps if trumps else list(hand)


def played_by(trick: Sequence[Card], leader: int, players: int) -> list[PlayedCard]:
    return [PlayedCard(seat=(leader + i) % players, card=c) for i, c in enumerate(trick)]


def deal_unseen(
    unseen: Sequence[Card], counts: Sequence[int], voids: Sequence[set[Suit]], rng: random.Random, tries: int = 20
) -> list[list[Card]]:
    """A search's deal of the cards a player has not seen (for ``determinize``: OpenSpiel's
    resampling from an information state). Deal ``unseen`` at random into places of ``counts``
    cards, never giving a place a card of a suit in its ``voids`` (the suits its player has shown
    out of). If the voids cannot all be honoured (after ``tries`` random attempts) they are
    dropped rather than failing: a search needs some deal."""
    cards = list(unseen)
    if sum(counts) != len(cards):
        raise ValueError(f"{len(cards)} unseen cards for {sum(counts)} places")
    for _ in range(tries):
        rng.shuffle(cards)
        # the most constrained cards first
        allowed = {c: [p for p, n in enumerate(counts) if n and c.suit not in voids[p]] for c in cards}
        order = sorted(cards, key=lambda c: len(allowed[c]))
        room = list(counts)
        hands: list[list[Card]] = [[] for _ in counts]
        for card in order:
            places = [p for p in allowed[card] if room[p]]
            if not places:
                break
            # weighted by the room left, so a place with many free slots takes more
            pick = rng.randrange(sum(room[p] for p in places))
            for p in places:
                pick -= room[p]
                if pick < 0:
                    break
            hands[p].append(card)
            room[p] -= 1
        else:
            return hands
    rng.shuffle(cards)
    hands = []
    i = 0
    for n in counts:
        hands.append(cards[i : i + n])
        i += n
    return hands


class StockView(Protocol):
    """What the views of the two-handed games with a stock under a trump upcard (Schnapsen, Bura)
    give their searches' deals."""

    hand: list[Card]
    hand_counts: list[int]
    played: list[Card]
    known: list[list[Card]]  # cards each seat is known to hold (taken as the upcard, shown)
    upcard: Card | None


def unseen_by(view: StockView, seat: int, pack: Sequence[Card]) -> tuple[list[Card], list[Card], int]:
    """For a search's deal in a two-handed stock game: the other's cards ``seat`` knows, the cards
    of ``pack`` it has not seen (the stock's and the rest of the other's hand), and how many of
    the other's hand are among them."""
    known_other = list(view.known[1 - seat])
    seen = set(view.hand) | set(view.played) | set(known_other)
    if view.upcard is not None:
        seen.add(view.upcard)
    unseen = [c for c in pack if c not in seen]
    return known_other, unseen, view.hand_counts[1 - seat] - len(known_other)


def cards_with_stock(s: TrickState, stock: list[Card], upcard: Card | None) -> list[Card]:
    """Every card of a two-handed stock game (``Game.cards``): the hands, the won piles, the
    trick, the stock and the upcard under it."""
    return (
        [c for h in s.hands for c in h]
        + [c for p in s.won for c in p]
        + list(s.trick)
        + list(stock)
        + ([upcard] if upcard is not None else [])
    )


class TrickState(State):
    """Zones every trick game keeps. ``trick`` holds the cards played to the current trick,
    led by ``leader``; ``won[p]`` the cards seat ``p`` has taken this hand; ``last_trick`` the
    trick taken most recently (everyone saw it) and ``last_winner`` who took it."""

    hands: list[list[Card]]
    won: list[list[Card]]
    trick: list[Card] = []
    leader: int = 0
    last_trick: list[Card] = []
    last_leader: int = 0
    last_winner: int | None = None
    tricks_won: list[int] = []  # tricks taken this hand, by seat
    log: list[Card] = []  # every card played this hand, in order
    log_seats: list[int] = []  # who played each card of ``log``


class TrickGame(Game):
    """Helpers for engines built on ``TrickState``."""

    __slots__ = ()
    # State fields that are lists of lists (copied two levels deep by ``clone``).
    NESTED: tuple[str, ...] = ("hands", "won")

    def to_play(self) -> int:
        s = self.s
        return (s.leader + len(s.trick)) % s.players

    def play_card(self, seat: int, card: Card) -> None:
        s = self.s
        s.hands[seat].remove(card)
        s.trick.append(card)
        s.log.append(card)
        s.log_seats.append(seat)

    def why_not(self, seat: int, action: Action) -> str | None:
        """The rule most trick games share: a card of another suit while holding the suit led.
        (Asked also where a revoke is allowed but not offered: following is still the rule.)"""
        s = self.s
        if action.kind != "play" or not action.cards or not s.trick or seat not in self.actors():
            return None
        led = s.trick[0].suit
        if action.cards[0].suit is not led and any(c.suit is led for c in s.hands[seat]):
            return f"You must follow suit: play a {led.noun[:-1]}"
        return None

    def voids(self, players_per_trick: int | None = None) -> list[list[Suit]]:
        """Suits each seat has shown it holds none of this hand, by failing to follow one led
        (in a game where following is required whenever possible)."""
        s = self.s
        n = players_per_trick or s.players
        out: list[set[Suit]] = [set() for _ in range(s.players)]
        led: Suit | None = None
        for i, (card, seat) in enumerate(zip(s.log, s.log_seats)):
            if i % n == 0:
                led = card.suit
            elif card.suit is not led:
                out[seat].add(led)
        return [sorted(v, key=lambda x: x.value) for v in out]

    def take_trick(self, winner: int) -> list[Card]:
        """Move the trick to ``winner``'s won pile and make them the next leader."""
        s = self.s
        cards = s.trick
        s.won[winner].extend(cards)
        s.tricks_won[winner] += 1
        # one update instead of five checked assignments (searches take many tricks)
        s.__dict__.update(last_trick=cards, last_leader=s.leader, last_winner=winner, trick=[], leader=winner)
        return cards

    def clone(self) -> Self:
        copy = self.s.model_copy()  # shallow: the lists are copied below, the cards are immutable
        fields = copy.__dict__
        for name, value in fields.items():
            if type(value) is list:
                fields[name] = [list(x) for x in value] if name in self.NESTED else list(value)
        return type(self)(copy)

    def check_trick_zones(self) -> None:
        """Checks for a loaded state's shared zones (a game adds its own)."""
        s = self.s
        n = s.players
        if len(s.hands) != n or len(s.won) != n or len(s.tricks_won) != n:
            raise ValueError("zones do not match the number of players")
        if not 0 <= s.leader < n or len(s.trick) >= n or not 0 <= s.last_leader < n:
            raise ValueError("bad trick")
        self.check_seats(s.last_winner, *s.log_seats)
        played = [c for p in s.won for c in p] + list(s.trick)
        if (
            sorted(c.code for c in played) != sorted(c.code for c in s.log)
            or len(s.log_seats) != len(s.log)
            or s.log[len(s.log) - len(s.trick) :] != s.trick
        ):
            raise ValueError("the record of the cards played does not match the tricks")
        if s.trick and s.log_seats[-len(s.trick) :] != [(s.leader + i) % n for i in range(len(s.trick))]:
            raise ValueError("the trick was not played in turn")
