"""Thirteen (tiến lên), for 2 to 12 players: climb with singles, pairs, triples and straights,
each play beating the last of its kind; 2s are high, and chops (four of a kind, three or more
pairs in a row) cut across everything. The first out of cards wins.

The combination logic is plain functions of cards (``classify``, ``beats``, ``plays``,
``why_not``) so the bots and the screen use exactly the engine's judgement from a view.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Literal, Self

from pydantic import BaseModel, Field

from cardarcade.cards import THIRTEEN, Card, Rank, double_deck, standard_deck
from cardarcade.rules.base import (
    Action,
    Event,
    Game,
    GameSpec,
    Options,
    State,
    choice_labels,
    deal_round_robin,
    prepare_deck,
    remember,
)

KNOCK = Action("knock")
FIRST_OUT = "{seat} [is|are] the first out of cards and [wins|win]"
SHOWN = "{seat} [was|were] dealt {shown} and [wins|win] at once by showing them"  # (the house rule's instant win)
SHOW = Action("show")  # by the house rule, a hand dealt four 2s or four 3s is shown and wins the deal
HAND_SIZE = 13
ONE_PACK_PLAYERS = 6  # more players than this shuffle in the second pack
RANKS = 13  # rank positions 0 (the 3) to 12 (the 2)
TWO = 12  # the 2's position: straights and runs of pairs stop below it
BLUE, RED = 0, 1  # the two backs of a double pack: red ranks above blue
BACK_NAMES = {BLUE: "blue", RED: "red"}
MAX_REDEALS = 50  # a bound, never reached in practice: the deal then stands

RULES = """\
# Thirteen (tiến lên)

**Goal:** be the first to get rid of all your cards.

- **Cards rank** 3 (low), 4, 5 … K, A, **2 (high)**. Between cards of one rank the suit
  decides: ♠ < ♣ < ♦ < ♥. So 3♠ is the lowest card and 2♥ the highest.
- **Deal:** 13 cards each, starting left of the dealer. With five or six players everyone gets
  the same number (10 or 8); cards left over are set aside face down, unseen.
- **Combinations:** a **single**; a **pair**; a **triple**; a **straight** of three or more
  cards in rank order (any suits, no 2s, the ace only at the top: Q-K-A is fine, A-2-3 is not).
  *The rules we follow do not list the combinations; these are the usual ones.*
- **Opening:** whoever holds the 3♠ leads, and the first play must contain it (alone or in a
  combination). *If the 3♠ was set aside, the lowest card dealt takes its place.*
- **Climbing:** going left, each player plays the same kind of combination with the same
  number of cards, **higher**; a combination is judged by its highest card (so 4♠-4♣ beats
  3♦-3♥). A 4-card straight must be answered by a 4-card straight.
- **Knocking:** if you cannot or will not play higher, knock (pass). You are then out of this
  round of play until it ends. When everyone else has knocked, the last player to play
  **leads anything**, and everyone joins in again. *If that player has just gone out, the next
  player still holding cards to their left leads.*
- **Chops:** four of a kind, and three or more pairs of consecutive ranks (e.g. 3-3-4-4-5-5,
  no 2s). On your turn, unless you have knocked, a chop may be played on anything. A chop is
  beaten only by a higher chop of the same type and size (four of a kind by a higher four of
  a kind; three pairs in a row by a higher three pairs in a row). *The rules we follow say "of the same
  type"; we count a run of pairs' length as part of its type, as a straight's is.*
- **End:** the first player out of cards wins. *The others rank by the cards they still hold
  (the rules we follow name only the winner).*

**House rules** (setup screen):

- **Chops only beat 2s:** a chop may then be played only on a combination of 2s (or on a lower
  chop of its type), not on anything.
- **Play on for places:** the rest play on for second, third… place until one player is left.
- **Four 2s or four 3s dealt:** the rules we follow call such a hand so strong that the cards are best
  **redealt** (the default); a house rule counts it as an instant win (the holder shows them),
  another plays it out.
- **Deals in a match:** play several deals; each deal's winner scores a win, most wins takes
  the match (ties: better places). The next deal is led by the 3♠ again, or (house rule) by
  the last deal's winner, who may then lead anything.
- **Two packs:** with more than six players (up to twelve) a second pack is shuffled in, and a
  house rule uses it for fewer players too (13 cards each while they last: 11 at nine, 8 at
  twelve). *The even deal of the rules we follow is kept for one pack only.*
  Its backs are **red** and **blue**: between two
  identical cards the red-backed one is higher. Backs show from across the table, so everyone
  sees how many red and blue cards each player holds (the table shows it too). The blue-backed 3♠ opens.
"""


class ThirteenOptions(Options):
    chops_beat: Literal["anything", "twos"] = Field(
        "anything",
        title="Chops beat",
        description="What a chop may be played on, besides a lower chop of its type.",
        json_schema_extra=choice_labels({"anything": "any combination", "twos": "only combinations of 2s"}),
    )
    play_on: bool = Field(
        False,
        title="Play on for places",
        description="After the winner goes out, the rest play on for second, third... place.",
    )
    four_twos_or_threes: Literal["redeal", "win", "play"] = Field(
        "redeal",
        title="Four 2s or four 3s dealt",
        description="What happens when one hand is dealt four 2s or four 3s.",
        json_schema_extra=choice_labels(
            {"redeal": "shuffle and deal again", "win": "that hand wins at once", "play": "play it out"}
        ),
    )
    deals: int = Field(
        1,
        ge=1,
        le=20,
        title="Deals in a match",
        description="Each deal's winner scores a win; the most wins takes the match.",
    )
    next_lead: Literal["three", "winner"] = Field(
        "three",
        title="Next deal led by",
        description="Who leads the deals after the first in a match.",
        json_schema_extra=choice_labels({"three": "the holder of the 3♠", "winner": "the last deal's winner"}),
    )
    two_packs: bool = Field(
        False,
        title="Two packs for six or fewer",
        description="Shuffle in a second pack even with six players or fewer.",
    )


# ---------------------------------------------------------------- cards and combinations


def rank_of(card: Card) -> int:
    """The card's rank position: 0 for a 3 up to 12 for a 2."""
    return THIRTEEN.value(card)


def key(card: Card) -> int:
    """Thirteen's total order: rank, then suit, then back (red above blue)."""
    return THIRTEEN.key(card) * 2 + card.back


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=key))


KIND_NAMES = {
    "single": "single",
    "pair": "pair",
    "triple": "triple",
    "straight": "straight",
    "quad": "four of a kind",
    "pairs": "run of pairs",
}
CHOPS = frozenset({"quad", "pairs"})


@dataclass(frozen=True, slots=True)
class Combo:
    kind: Literal["single", "pair", "triple", "straight", "quad", "pairs"]
    cards: tuple[Card, ...]  # low to high

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def chop(self) -> bool:
        return self.kind in CHOPS

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def all_twos(self) -> bool:
        return all(c.rank is Rank.TWO for c in self.cards)

    def name(self) -> str:
        """'a pair', 'a 4-card straight', 'a run of 3 pairs', 'four of a kind'."""
        if self.kind == "straight":
            return f"a {self.size}-card straight"
        if self.kind == "pairs":
            return f"a run of {self.size // 2} pairs"
        if self.kind == "quad":
            return "four of a kind"
        return "a " + self.kind

    def action(self) -> Action:
        return Action("play", self.cards)


_SAME_RANK: dict[int, Literal["single", "pair", "triple", "quad"]] = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def classify(cards: Sequence[Card]) -> Combo | None:
    """The combination these cards make, or None."""
    cs = in_order(cards)
    n = len(cs)
    if n == 0 or len(set(cs)) != n:
        return None
    ranks = [rank_of(c) for c in cs]
    if ranks[0] == ranks[-1]:
        kind = _SAME_RANK.get(n)
        return Combo(kind, cs) if kind else None
    if ranks[-1] == TWO:
        return None
    if n >= 3 and ranks == list(range(ranks[0], ranks[0] + n)):
        return Combo("straight", cs)
    if n >= 6 and n % 2 == 0 and ranks[::2] == ranks[1::2] and ranks[::2] == list(range(ranks[0], ranks[0] + n // 2)):
        return Combo("pairs", cs)
    return None


def beats(new: Combo, old: Combo | None, chops_beat: str = "anything") -> bool:
    """Whether ``new`` may be played on ``old`` (None: a lead, where anything goes)."""
    if old is None:
        return True
    higher = key(new.top) > key(old.top)
    if new.chop:
        if old.chop:
            return new.kind == old.kind and new.size == old.size and higher
        return chops_beat == "anything" or old.all_twos
    return not old.chop and new.kind == old.kind and new.size == old.size and higher


ALL_KINDS = frozenset(KIND_NAMES)


def combos(hand: Iterable[Card], kinds: frozenset[str] = ALL_KINDS, length: int | None = None) -> list[Combo]:
    """Every combination the hand holds (of ``kinds`` only; straights of ``length`` cards only)."""
    by_rank: list[list[Card]] = [[] for _ in range(RANKS)]
    for card in in_order(hand):
        by_rank[rank_of(card)].append(card)
    out: list[Combo] = []
    sizes = [n for n, kind in _SAME_RANK.items() if kind in kinds]
    for cs in by_rank:
        for n in sizes:
            if n <= len(cs):
                out.extend(Combo(_SAME_RANK[n], group) for group in combinations(cs, n))
    if "straight" in kinds:
        for start in range(TWO):
            for end in range(start, TWO):
                if not by_rank[end]:
                    break
                if end - start >= 2 and (length is None or end - start + 1 == length):
                    out.extend(Combo("straight", choice) for choice in product(*by_rank[start : end + 1]))
    if "pairs" in kinds:
        pairs_by_rank = [list(combinations(cs, 2)) for cs in by_rank]
        for start in range(TWO):
            for end in range(start, TWO):
                if not pairs_by_rank[end]:
                    break
                if end - start >= 2:
                    out.extend(
                        Combo("pairs", tuple(c for pair in choice for c in pair))
                        for choice in product(*pairs_by_rank[start : end + 1])
                    )
    return out


def plays(
    hand: Iterable[Card], table: Combo | None, must: Card | None = None, chops_beat: str = "anything"
) -> list[Combo]:
    """The combinations from ``hand`` that may be played on ``table`` (and contain ``must``)."""
    if table is None:
        found = combos(hand)
    else:  # only what could answer it: its own kind (straights of its length), and chops
        found = combos(hand, frozenset({table.kind}) | CHOPS, table.size if table.kind == "straight" else None)
    return [c for c in found if beats(c, table, chops_beat) and (must is None or must in c.cards)]


def why_not(
    cards: Sequence[Card], hand: Sequence[Card], table: Combo | None, must: Card | None, chops_beat: str = "anything"
) -> str | None:
    """Why these cards may not be played now, in a player's words (None: they may)."""
    if not cards:
        return "mark the cards to play first"
    held = set(hand)
    if any(c not in held for c in cards) or len(set(cards)) != len(cards):
        return "those cards are not all in your hand"
    combo = classify(cards)
    if combo is None:
        # (callers show the cards before the reason)
        return "no combination (single, pair, triple, straight of 3+ without 2s, four of a kind, or 3+ pairs in a row)"
    if must is not None and must not in combo.cards:
        return f"the first play must contain the {must}"
    if beats(combo, table, chops_beat):
        return None
    assert table is not None
    if table.chop:
        return f"{table.name()} is beaten only by a higher {KIND_NAMES[table.kind]}" + (
            f" of {table.size // 2} pairs" if table.kind == "pairs" else ""
        )
    if combo.chop:
        return "chops beat only 2s at this table (house rule)"
    if combo.kind != table.kind or combo.size != table.size:
        return f"{table.name()} must be answered by {table.name()}"
    if combo.kind == "single":
        return f"lower than the {describe_cards([table.top])}"  # (after the card itself: '3♣: lower than the 7♥')
    return f"{combo.name()} topped by the {describe_cards([combo.top])} is lower than the {describe_cards([table.top])}"


def describe_cards(cards: Sequence[Card]) -> str:
    """'7♠ 7♥', with '(r)' after a red-backed card of a second pack."""
    return " ".join(str(c) + ("(r)" if c.back == RED else "") for c in in_order(cards))


def fours_of(hand: Sequence[Card]) -> Rank | None:
    """TWO or THREE if the hand holds four of that rank (a hand the text would redeal)."""
    for rank in (Rank.TWO, Rank.THREE):
        if sum(c.rank is rank for c in hand) >= 4:
            return rank
    return None


# ---------------------------------------------------------------- state and view


class ThirteenMove(BaseModel):
    """One public move: a play (its cards) or a knock."""

    seat: int
    kind: Literal["play", "knock"]
    cards: list[Card] = []


class ThirteenState(State):
    options: ThirteenOptions
    packs: Literal[1, 2] = 1
    hands: list[list[Card]]
    aside: list[Card]  # dealt to nobody, face down
    pile: list[Card] = []  # played earlier this deal, face up
    table: list[Card] = []  # the combination to beat; empty: the player to move leads
    owner: int | None = None  # who played the table's combination
    knocked: list[bool]
    turn: int = 0
    must: Card | None = None  # the card the first play must contain
    out: list[int] = []  # seats in the order they went out this deal
    deal: int = 1
    wins: list[int]  # deals won, by seat
    places: list[int]  # the sum of each seat's places over finished deals (the match tie-break)
    last_winner: int | None = None
    redeals: int = 0  # this deal's redeals (four 2s or four 3s)
    instant: int | None = None  # house rule: the seat dealt four 2s or 3s, whose one move is to show them
    moves: list[ThirteenMove] = []


class ThirteenView(BaseModel):
    seat: int | None
    players: int
    dealer: int
    turn: int | None
    hand: list[Card]
    hand_counts: list[int]
    back_counts: list[list[int]] | None  # two packs: [blue, red] cards held, by seat
    packs: int
    aside: int
    table: list[Card]
    owner: int | None
    knocked: list[bool]
    must: Card | None
    played: list[Card]  # every card played this deal, the table's included
    out: list[int]
    deal: int
    deals: int
    wins: list[int]
    redeals: int
    instant: int | None  # house rule: the seat dealt four 2s or 3s, to show them and win the deal
    chops_beat: str
    play_on: bool
    moves: list[ThirteenMove]
    shown: list[list[Card]] | None  # the hands once the game is over

    @property
    def table_combo(self) -> Combo | None:
        return classify(self.table) if self.table else None

    def legal_plays(self) -> list[Combo]:
        """What the viewer may play now (nothing when it is not their turn)."""
        if self.seat is None or self.turn != self.seat or self.instant is not None:
            return []
        return plays(self.hand, self.table_combo, self.must, self.chops_beat)


# ---------------------------------------------------------------- the game


def seat_view(game: Thirteen, seat: int | None = None) -> ThirteenView:
    """What ``seat`` may see (``None``: a spectator): its own hand, how many cards the others hold
    (of each back, with two packs), the table and the moves shown; every hand once the game is
    over. Apart from the engine because it is read-only: the one place that decides what is
    hidden."""
    s = game.s
    over = s.result is not None
    return ThirteenView(
        seat=seat,
        players=s.players,
        dealer=s.players - 1,
        turn=None if over else s.turn,
        hand=list(s.hands[seat]) if seat is not None else [],
        hand_counts=[len(h) for h in s.hands],
        back_counts=[[sum(c.back == b for c in h) for b in (BLUE, RED)] for h in s.hands] if s.packs == 2 else None,
        packs=s.packs,
        aside=len(s.aside),
        table=list(s.table),
        owner=s.owner,
        knocked=list(s.knocked),
        must=s.must,
        played=list(s.pile) + list(s.table),
        out=list(s.out),
        deal=s.deal,
        deals=s.options.deals,
        wins=list(s.wins),
        redeals=s.redeals,
        instant=s.instant,
        chops_beat=s.options.chops_beat,
        play_on=s.options.play_on,
        moves=list(s.moves),
        shown=[list(h) for h in s.hands] if over else None,
    )


# ---- the search's deal (bots/search.py)


def deal_for_search(cls: type[Thirteen], view: ThirteenView, seat: int, rng: random.Random) -> Thirteen:
    """``Thirteen.determinize``: a whole game as ``seat`` sees it, the cards it has not seen dealt at random to the other
    hands and the set-aside pile; of a few such deals, the first where each player who knocked
    (in the moves still shown) holds nothing the play-outs would have answered with. Apart from
    the engine: it builds a game from a view, where the engine plays from its own state."""
    knocks = knocks_seen(view)
    for _ in range(KNOCK_TRIES):
        hands, aside = _deal_unseen(view, seat, rng)
        if all(rollout_answer(by_rank(hands[p]), table, HAND_SIZE, view.chops_beat) is None for p, table in knocks):
            break
    pile = Counter(view.played)
    pile.subtract(Counter(view.table))
    options = ThirteenOptions(
        chops_beat=view.chops_beat,
        play_on=view.play_on,
        deals=view.deals,
        two_packs=view.packs == 2 and view.players <= ONE_PACK_PLAYERS,
    )
    state = ThirteenState(
        players=view.players,
        seed=rng.randrange(1 << 30),
        options=options,
        packs=view.packs,
        hands=hands,
        aside=aside,
        pile=list(pile.elements()),
        table=list(view.table),
        owner=view.owner,
        knocked=list(view.knocked),
        turn=view.turn if view.turn is not None else seat,
        must=view.must,
        out=list(view.out),
        deal=view.deal,
        wins=list(view.wins),
        places=[0] * view.players,
        redeals=view.redeals,
        instant=view.instant,
    )
    # (no public log of moves: nothing in play reads it, and each of a search's copies would copy it)
    return cls(state)


def _deal_unseen(view: ThirteenView, seat: int, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """The cards ``seat`` has not seen, dealt at random to the other hands (sorted) and the
    set-aside pile; with two packs, each back to where the backs show it is."""
    unseen = Counter(PACKS[view.packs])
    unseen.subtract(Counter(view.hand) + Counter(view.played))
    others = [p for p in range(view.players) if p != seat]
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[seat] = list(view.hand)
    aside: list[Card] = []
    for back in (BLUE, RED) if view.packs == 2 else (None,):
        cards = sorted((c for c in unseen.elements() if back is None or c.back == back), key=KEY_OF.__getitem__)
        rng.shuffle(cards)  # (no suit is ruled out anywhere: a plain shuffle deals them)
        for p in others:
            count = view.hand_counts[p] if back is None else view.back_counts[p][back]  # type: ignore[index]  # two packs: back_counts is set
            hands[p].extend(cards[:count])
            del cards[:count]
        aside.extend(cards)
    return [sorted(h, key=KEY_OF.__getitem__) for h in hands], aside


class Thirteen(Game[ThirteenState]):
    """The deal, the plays and the knocks, move by move. What a seat sees (``seat_view``) and the
    search's deal (``deal_for_search``) stand above the class; the end of a deal (``deal_over``)
    and the save checks (``check_save``) below it."""

    State = ThirteenState
    Options = ThirteenOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: ThirteenOptions, deck: list[Card] | None) -> Thirteen:
        packs = 2 if players > ONE_PACK_PLAYERS or options.two_packs else 1
        pack = double_deck() if packs == 2 else standard_deck()
        order = prepare_deck(pack, seed, deck)
        state = ThirteenState(
            players=players,
            seed=seed,
            options=options,
            packs=packs,
            hands=[],
            aside=[],
            knocked=[False] * players,
            wins=[0] * players,
            places=[0] * players,
        )
        game = cls(state)
        game._deal(order)
        return game

    def pack(self) -> list[Card]:
        return double_deck() if self.s.packs == 2 else standard_deck()

    def hand_size(self) -> int:
        return min(HAND_SIZE, len(self.pack()) // self.s.players)

    def _deal(self, order: list[Card]) -> list[Event]:
        """Deal ``order`` (redealing a shuffle while a hand holds four 2s or 3s, by the house rule)
        and find who leads."""
        s = self.s
        size = self.hand_size()
        events: list[Event] = []
        s.redeals = 0
        while True:
            s.hands = [list(in_order(h)) for h in deal_round_robin(order, s.players, size)]
            s.aside = order[size * s.players :]
            strong = [(p, rank) for p, h in enumerate(s.hands) if (rank := fours_of(h)) is not None]
            if not strong or s.options.four_twos_or_threes != "redeal" or s.redeals >= MAX_REDEALS:
                break
            seat, rank = strong[0]
            s.redeals += 1
            events.append(Event("redeal", seat, f"{{seat}} [was|were] dealt four {rank.noun}: the cards are redealt"))
            order = [c for h in s.hands for c in h] + s.aside
            self.mix(order)
        s.pile, s.table, s.owner, s.out, s.moves = [], [], None, [], []
        s.knocked = [False] * s.players
        s.instant = None
        if strong and s.options.four_twos_or_threes == "win":
            # the holder shows the hand (their one move) and wins the deal
            seat, rank = strong[0]
            s.turn, s.must, s.instant = seat, None, seat
            events.append(
                Event("instant", seat, f"{{seat}} [was|were] dealt four {rank.noun}: showing them wins the deal")
            )
        elif s.deal > 1 and s.options.next_lead == "winner" and s.last_winner is not None:
            s.turn, s.must = s.last_winner, None
            events.append(Event("lead", s.turn, "{seat} won the last deal and [leads|lead]"))
        else:
            low = min((c for h in s.hands for c in h), key=key)
            s.turn = next(p for p, h in enumerate(s.hands) if low in h)
            s.must = low
            events.append(
                Event("lead", s.turn, f"{{seat}} [holds|hold] the {describe_cards([low])} and [leads|lead] with it")
            )
        return events

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.s.turn]

    def table_combo(self) -> Combo | None:
        return classify(self.s.table) if self.s.table else None

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or seat != s.turn:
            return []
        if s.instant is not None:
            return [SHOW]
        table = self.table_combo()
        out = [c.action() for c in plays(s.hands[seat], table, s.must, s.options.chops_beat)]
        if table is not None:
            out.append(KNOCK)
        return out

    def why_not(self, seat: int, action: Action) -> str | None:
        """A knock on one's own lead, or cards that are no play here (``why_not`` above)."""
        s = self.s
        if s.result is not None or seat != s.turn or s.instant is not None:
            return None
        if action == KNOCK:
            return None if s.table else "you lead, so you must play"
        if action.kind == "play":
            return why_not(action.cards, s.hands[seat], self.table_combo(), s.must, s.options.chops_beat)
        return None

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or seat != s.turn:
            return False
        if s.instant is not None or action == SHOW:
            return s.instant is not None and action == SHOW
        if action == KNOCK:
            return bool(s.table)
        if (
            action.kind != "play"
            or action.target is not None
            or action.value is not None
            or action.cards != in_order(action.cards)
        ):
            return False
        return why_not(action.cards, s.hands[seat], self.table_combo(), s.must, s.options.chops_beat) is None

    view = seat_view

    def cards(self) -> list[Card]:
        s = self.s
        return [c for h in s.hands for c in h] + list(s.aside) + list(s.pile) + list(s.table)

    def is_out(self, seat: int) -> bool:
        return not self.s.hands[seat] and self.s.result is None

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        if action == SHOW:
            rank = fours_of(s.hands[seat])
            assert rank is not None
            four = tuple(c for c in s.hands[seat] if c.rank is rank)
            s.instant = None
            event = Event("show", seat, f"{{seat}} [shows|show] four {rank.noun} and [wins|win] the deal at once", four)
            return [event] + self._deal_won_outright(seat, f"four {rank.noun}")
        if action == KNOCK:
            s.knocked[seat] = True
            remember(self.s.moves, ThirteenMove(seat=seat, kind="knock"))
            return [Event("knock", seat, "{seat} [knocks|knock]")] + self._advance()
        combo = classify(action.cards)
        assert combo is not None
        old = self.table_combo()
        hand = s.hands[seat]
        for card in combo.cards:
            hand.remove(card)
        s.pile.extend(s.table)
        s.table, s.owner, s.must = list(combo.cards), seat, None
        s.stimulus += 1
        remember(self.s.moves, ThirteenMove(seat=seat, kind="play", cards=list(combo.cards)))
        shown = describe_cards(combo.cards)
        if combo.chop and old is not None and not old.chop:
            text = f"{{seat}} [chops|chop] the {describe_cards(old.cards)} with {combo.name()}: {shown}"
            kind = "chop"
        else:
            text = f"{{seat}} [plays|play] {shown}" + ("" if combo.kind == "single" else f" ({combo.name()})")
            kind = "chop" if combo.chop else "play"
        events = [Event(kind, seat, text, combo.cards)]
        if not hand:
            s.out.append(seat)
            place = len(s.out)
            if place == 1 or s.options.play_on:
                events.append(Event("out", seat, f"{{seat}} [is|are] out of cards: {ordinal(place)} place"))
            if place == 1 and not s.options.play_on:
                return events + deal_over(
                    self,
                )
            if sum(1 for h in s.hands if h) <= 1:
                return events + deal_over(
                    self,
                )
        return events + self._advance()

    def _advance(self) -> list[Event]:
        """Pass the turn left to the next player holding cards who has not knocked; when everyone
        but the last player to play has knocked, that player (or, gone out, the next one holding
        cards) leads anything."""
        s = self.s
        n = s.players
        assert s.owner is not None
        seat = s.turn
        for _ in range(n):
            seat = (seat + 1) % n
            if seat == s.owner or (s.hands[seat] and not s.knocked[seat]):
                break
        if seat != s.owner:
            s.turn = seat
            return []
        # everyone else has knocked
        leader = s.owner
        while not s.hands[leader]:
            leader = (leader + 1) % n
        s.pile.extend(s.table)
        s.table, s.owner, s.turn = [], None, leader
        s.knocked = [False] * n
        s.stimulus += 1
        return [Event("lead", leader, "Everyone else knocked: {seat} [leads|lead] anything")]

    def _deal_won_outright(self, seat: int, shown: str) -> list[Event]:
        s = self.s
        s.out = [seat]
        s.pile, s.table, s.owner, s.must, s.moves = [], [], None, None, []
        return deal_over(self, shown)

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        check_save(self)

    # ---- search hooks (bots/search.py): a deal consistent with a view, its worth, fast play-outs

    determinize = classmethod(deal_for_search)

    def episode(self) -> int:
        return self.s.deal

    def clone(self) -> Self:
        """A copy for a search: its lists copied (hands one by one), not its cards, which never
        change (the base's deep copy took a third of a search's time)."""
        copy = self.s.model_copy()
        fields = copy.__dict__
        for name, value in fields.items():
            if type(value) is list:
                fields[name] = [list(h) for h in value] if name == "hands" else list(value)
        return type(self)(copy)

    def utilities(self) -> list[float]:
        """1 for the deal's winner and an even share of -1 for the others once it is won; before
        that, each seat's cards left against the average (a little either side of 0)."""
        s = self.s
        n = s.players
        if s.out:
            winner: int | None = s.out[0]
        elif s.result is not None or (s.deal > 1 and not s.pile and not s.table):  # (the next deal is dealt)
            winner = s.last_winner
        else:
            winner = None
        if winner is not None:
            return [1.0 if p == winner else -1.0 / (n - 1) for p in range(n)]
        left = [len(h) for h in s.hands]
        mean = sum(left) / n
        return [(mean - x) / (2 * HAND_SIZE) for x in left]

    def rollout_move(self, seat: int, rng: random.Random) -> Action:
        """Play-outs: lead the lowest piece (a straight from the lowest card, else all of its
        rank), follow with the lowest answer of the kind that breaks no group, keep 2s and
        chops for high plays or a player close to going out, and knock otherwise."""
        s = self.s
        if s.instant is not None:
            return SHOW
        close = min(len(h) for p, h in enumerate(s.hands) if p != seat and h)
        ranks = by_rank(s.hands[seat])
        table = self.table_combo()
        if table is None:
            return rollout_lead(ranks, close).action()
        answer = rollout_answer(ranks, table, close, s.options.chops_beat)
        return KNOCK if answer is None else answer.action()


# ---- the end of a deal


def deal_over(game: Thirteen, shown: str | None = None) -> list[Event]:
    """Rank the deal (the rest by cards left), then deal again or end the match. ``shown``:
    the deal was won by showing these cards (four 2s), not by going out. Apart from the engine as
    the judge of a deal and of the match: the play only says when a deal is over."""
    s = game.s
    n = s.players
    rest = sorted((p for p in range(n) if p not in s.out), key=lambda p: (len(s.hands[p]), p))
    order = list(s.out) + rest
    winner = order[0]
    s.wins[winner] += 1
    for place, seat in enumerate(order, 1):
        s.places[seat] += place
    s.last_winner = winner
    s.stimulus += 1
    if s.deal >= s.options.deals:
        return [_finish(game, order, shown)]
    s.deal += 1
    events = [
        Event("deal_over", winner, f"{{seat}} [wins|win] deal {s.deal - 1}; deal {s.deal} of {s.options.deals} begins")
    ]
    everything = game.cards()
    game.mix(everything)
    return events + game._deal(everything)


def _finish(game: Thirteen, order: list[int], shown: str | None) -> Event:
    """End the match: one deal ranks by the finishing order, several by deals won then places."""
    s = game.s
    n = s.players
    if s.options.deals == 1:
        left = [len(h) for h in s.hands]
        how = FIRST_OUT if shown is None else SHOWN.replace("{shown}", shown)
        if s.options.play_on:
            return game.finish(
                [order[0]],
                how,
                ranking=order,
                scores=[float(order.index(p) + 1) for p in range(n)],
                score_name="place",
                low_wins=True,
            )
        return game.finish(
            [order[0]], how, ranking=order, scores=[float(x) for x in left], score_name="cards left", low_wins=True
        )
    ranking = sorted(range(n), key=lambda p: (-s.wins[p], s.places[p], p))
    best = (s.wins[ranking[0]], s.places[ranking[0]])
    winners = [p for p in range(n) if (s.wins[p], s.places[p]) == best]
    reason = (
        f"{{seat}} [wins|win] the match with {s.wins[ranking[0]]} of {s.options.deals} deals"
        if len(winners) == 1
        else f"{len(winners)} players share the match"
    )
    return game.finish(winners, reason, ranking=ranking, scores=[float(w) for w in s.wins], score_name="deals won")


# ---- saves


def check_save(game: Thirteen) -> None:
    """Raise ValueError if a loaded deal breaks an invariant of Thirteen's state (after the checks
    every game makes). Apart from the engine: a save is checked once, on loading."""
    s = game.s
    n = s.players
    if s.packs == 1 and (n > ONE_PACK_PLAYERS or s.options.two_packs):
        raise ValueError("one pack for more players than it serves")
    if s.packs == 2 and n <= ONE_PACK_PLAYERS and not s.options.two_packs:
        raise ValueError("two packs without the house rule")
    if len(s.hands) != n or len(s.knocked) != n or len(s.wins) != n or len(s.places) != n:
        raise ValueError("zones do not match the number of players")
    game.check_seats(s.owner, s.last_winner, *s.out)
    if not 1 <= s.deal <= s.options.deals or len(set(s.out)) != len(s.out):
        raise ValueError("bad deal or finishing order")
    if any(w < 0 for w in s.wins) or sum(s.wins) != s.deal - 1 + (s.result is not None) or any(p < 0 for p in s.places):
        raise ValueError("bad match score")
    if any(m.seat >= n or (m.kind == "play") != bool(m.cards) for m in s.moves):
        raise ValueError("bad public moves")
    if any(in_order(h) != tuple(h) for h in s.hands):
        raise ValueError("a hand is out of order")
    if len(s.aside) != len(game.pack()) - n * game.hand_size():
        raise ValueError("the set-aside cards do not match the deal")
    if s.result is not None:
        return
    if not 0 <= s.turn < n or not s.hands[s.turn] or s.knocked[s.turn]:
        raise ValueError("the player to move cannot move")
    if any(not s.hands[p] for p in range(n) if p not in s.out) or any(s.hands[p] for p in s.out):
        raise ValueError("the finishing order does not match the hands")
    if sum(1 for h in s.hands if h) < 2 or (s.out and not s.options.play_on):
        raise ValueError("a deal that should be over")
    if s.table:
        combo = game.table_combo()
        if combo is None or s.owner is None or tuple(s.table) != combo.cards or s.must is not None:
            raise ValueError("the table does not hold a combination")
        if s.turn == s.owner or not any(s.hands[p] and not s.knocked[p] and p != s.owner for p in range(n)):
            raise ValueError("the round of play should be over")
    elif s.owner is not None or any(s.knocked):
        raise ValueError("knocks without a combination to beat")
    if s.must is not None and (s.pile or s.must not in s.hands[s.turn]):
        raise ValueError("the opening card is not the leader's")
    if s.instant is not None and (
        s.instant != s.turn
        or s.options.four_twos_or_threes != "win"
        or fours_of(s.hands[s.turn]) is None
        or s.pile
        or s.table
        or s.must
    ):
        raise ValueError("a hand to show that is not there")


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


SPEC = GameSpec.listed("thirteen", rules=RULES, game=Thirteen)
Thirteen.spec = SPEC


# ---------------------------------------------------------------- play-outs for the searching bots

# (play-outs ask a card's rank and order thousands of times a move: looked up, not worked out)
PACKS = {1: tuple(standard_deck()), 2: tuple(double_deck())}
KNOCK_TRIES = 8  # deals tried for hands that explain the knocks seen, before any deal will do
KEY_OF = {c: key(c) for c in double_deck()}
RANK_OF = {c: rank_of(c) for c in double_deck()}


def knocks_seen(view: ThirteenView) -> list[tuple[int, Combo]]:
    """Each knock by another player among the view's recent moves, with the combination knocked on."""
    table: Combo | None = None
    out = []
    for move in view.moves:
        if move.kind == "play":
            table = classify(move.cards)
        elif table is not None and move.seat != view.seat:
            out.append((move.seat, table))
    return out


def by_rank(hand: Iterable[Card]) -> list[list[Card]]:
    """The hand's cards in thirteen lists, one a rank, each low to high (``hand`` is in order)."""
    out: list[list[Card]] = [[] for _ in range(RANKS)]
    for card in hand:
        out[RANK_OF[card]].append(card)
    return out


def rollout_lead(ranks: list[list[Card]], close: int) -> Combo:
    """The lowest piece: a straight from the lowest rank (its lowest cards), else that whole rank;
    against a player with one card left, no single if anything else may be led, else the highest."""
    held = [r for r in range(RANKS) if ranks[r]]
    low = end = held[0]
    while end + 1 < TWO and ranks[end + 1]:
        end += 1
    if end - low >= 2:
        piece = Combo("straight", tuple(ranks[r][0] for r in range(low, end + 1)))
    else:
        group = ranks[low][:3]
        piece = Combo(_SAME_RANK[len(group)], tuple(group))
    if close == 1 and piece.kind == "single":
        pair = next((ranks[r] for r in held if len(ranks[r]) >= 2), None)
        piece = Combo("pair", tuple(pair[:2])) if pair is not None else Combo("single", (ranks[held[-1]][-1],))
    return piece


def rollout_answer(ranks: list[list[Card]], table: Combo, close: int, chops_beat: str) -> Combo | None:
    """The lowest answer to ``table`` that breaks no pair (None: knock); a 2 only on an ace or a
    2 or against a player close to going out, when any single will do, and four of a kind only
    on 2s or then."""
    top, top_rank = KEY_OF[table.top], RANK_OF[table.top]
    pressed = close <= 3
    found: tuple[Card, ...] | None = None
    if table.kind in ("single", "pair", "triple"):
        need = table.size
        for r in range(top_rank, RANKS):
            cards = ranks[r]
            if len(cards) < need or (r == TWO and not pressed and top_rank < TWO - 1):
                continue
            pick = tuple(cards[-need:]) if r == top_rank else tuple(cards[:need])
            if KEY_OF[pick[-1]] > top and (need > 1 or len(cards) == 1 or pressed or r == TWO):
                found = pick
                break
        if found is None and need == 1 and pressed:
            found = next(((c,) for r in range(top_rank, RANKS) for c in ranks[r] if KEY_OF[c] > top), None)
    elif table.kind == "straight":
        span = table.size
        for low in range(max(0, top_rank - span + 1), TWO - span + 1):
            if all(ranks[r] for r in range(low, low + span)):
                pick = tuple(ranks[r][0] for r in range(low, low + span - 1)) + (ranks[low + span - 1][-1],)
                if KEY_OF[pick[-1]] > top:
                    found = pick
                    break
    if found is not None:
        return Combo(table.kind, found)
    if not table.chop and (pressed or table.all_twos) and (chops_beat == "anything" or table.all_twos):
        quad = next((cards[:4] for cards in ranks if len(cards) >= 4), None)
        return Combo("quad", tuple(quad)) if quad is not None else None
    return None
