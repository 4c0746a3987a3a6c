"""Chicago, for 2 to 4 players: five cards each, three draws as in draw poker with a showdown by
declaration after the first two, then five tricks where only the last one scores. First to 52.

A hand is a small state machine, one phase at a time:

- ``draw``: each player in turn from the dealer's left discards any cards (``draw`` with the
  cards, none to stand pat) and gets as many from the stock; a player who began the hand with
  46 points or more is passed over;
- ``declare`` (after the first and second draws): each player in turn names a type of poker
  hand (``declare`` with ``value`` the Category number, 9 for a royal flush) higher than or equal
  to the best named so far, or passes. When two name the same type the table compares their
  ranks from the real cards without showing them; the best named type scores its points;
- ``play``: five tricks, follow suit, aces high, no trumps; the last trick scores five, then the
  best five cards held (the cards played, face up) score as a poker hand.

Each type named is a claim of its own, about that showdown's hand: whoever held the best declared
hand must show the hand in the next draw before breaking up its combination; other declarers have
it shown for them when that proves the claim; a claim neither shown nor in the five cards played at
the end forfeits the game.
"""

from __future__ import annotations

import random
from itertools import combinations
from operator import attrgetter

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardarcade.cards import ACES_HIGH, Card, Suit, cards, standard_deck
from cardarcade.poker import Category, HandValue, evaluate
from cardarcade.rules._tricks import (
    PlayedCard,
    TrickGame,
    TrickState,
    deal_unseen,
    following,
    no_zones,
    play,
    played_event,
    winning_index,
)
from cardarcade.rules.base import (
    Action,
    Event,
    GameSpec,
    Options,
    SharedEvents,
    construct,
    prepare_deck,
    shallow_copy,
)

PACK = tuple(standard_deck())
HAND = 5
DRAW_ROUNDS = 3  # draws in a hand, each but the last followed by a showdown
ROYAL = 9  # the declarable types: Category 1 (pair) .. 8 (straight flush), and 9 for a royal flush
TYPE_NAMES = {
    1: "one pair",
    2: "two pair",
    3: "three of a kind",
    4: "a straight",
    5: "a flush",
    6: "a full house",
    7: "four of a kind",
    8: "a straight flush",
    9: "a royal flush",
}
POINTS = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 52}
LAST_TRICK = 5
PASS = Action("pass")
PHASES = ("draw", "declare", "play")

RULES = """\
# Chicago

**Goal:** be the first to **52 points**. Points come from poker hands and from the last trick.

- 52 cards; each player gets **five**. Aces are high.
- **Three draws.** In turn from the dealer's left, each player discards any number of cards
  (or none: standing pat) and draws as many.
- **Showdowns** after the first and the second draw: in turn, each player may **declare** the
  type of poker hand they hold, higher than or equal to the best declared so far, or
  **pass**. Nothing is shown. When two declare the same type, the table compares their
  ranks from the cards without showing them. The best declared hand scores:
  royal flush 52 · straight flush 8 · four of a kind 7 · full house 6 · flush 5 · straight 4 ·
  three of a kind 3 · two pair 2 · one pair 1. A tie scores nothing.
- Each declaration is a **claim** of its own: the type you named must be in your five cards. A
  pair is in two pair, three of a kind, a full house or four of a kind; three of a kind in a full
  house or four of a kind; a straight or a flush in a straight flush. A straight or a flush holds
  no pair.
- Whoever held the best declared hand at a showdown (all of them on a tie) must, in the next draw,
  **show** their five cards before discarding any card that breaks up that combination; a hand
  shown without it **forfeits the game**.
- A claim never proven by a shown hand must be in the five cards you play to the tricks, or you
  **forfeit the game**.
- **Tricks:** after the third draw, five tricks. Follow suit if you can, else play any card; the
  highest card of the suit led takes the trick. Only the **fifth trick** scores: **5 points**.
  The cards stay face up in front of their players; then the best poker hand held scores as above.
- A player who starts a hand with **46 points or more** may not draw in that hand.
- The game ends after a hand in which anyone reaches 52; the highest score wins.

**House rules:** the target score (52); whether the 46-point rule applies.

**Clarifications** (the text leaves these open): a showdown goes round once (a higher type can
only be declared once); ranks are compared by the table rather than named aloud, so ranks are
never bluffed, and a player who named a type their cards lack loses that comparison; the
declared type scores (it is only checked later); a hand declared below its own type is compared
as the whole hand; a player who forfeits loses and the others are ranked by score; when the stock
runs short the discards are shuffled into a new stock.

**Departure:** the text lets any other declarer reveal the hand before discarding, to prove a claim.
There is no key for that here: when you break up a combination you declared and still hold, your
hand is shown for you (an honest claim would otherwise forfeit at the end). A bluff is never shown
for you. Nothing else departs from the text.
"""


def deck_for(*hands: str) -> list[Card]:
    """The fixed deck (``deck=``) that deals these hands ('As Ks Qs Js 10s', seat 0 first: seat 0
    sits left of the dealer), then the rest of the pack as the stock in the usual order."""
    dealt = [cards(h) for h in hands]
    order = [c for hand in dealt for c in hand]
    return order + [c for c in PACK if c not in order]


def declared_type(value: HandValue) -> int:
    """The declarable type a five-card hand holds (0: less than a pair)."""
    return ROYAL if value.is_royal else int(value.category)


def claim_cards(hand: list[Card], kind: int) -> set[Card]:
    """The cards of ``hand`` that make up a claimed type: the matched ranks for pairs, sets and
    four of a kind, the whole hand for the rest."""
    if kind >= _STRAIGHT and kind != _FOUR_OF_A_KIND:
        return set(hand)
    ranks = [c.rank for c in hand]
    return {c for c in hand if ranks.count(c.rank) >= 2}


_STRAIGHT, _FOUR_OF_A_KIND = int(Category.STRAIGHT), int(Category.FOUR_OF_A_KIND)  # (plain ints: compared per draw)

# What a claim of each type needs. Sets of equal ranks (the two largest counts): a pair is also in
# two pair, three of a kind, a full house or four of a kind, and is checked in part of a hand too.
_SETS = {1: (2, 0), 2: (2, 2), 3: (3, 0), 6: (3, 2), 7: (4, 0)}
# The five-card types, by the types that contain them: a straight flush is a straight and a flush.
_WHOLE = {4: {4, 8, ROYAL}, 5: {5, 8, ROYAL}, 8: {8, ROYAL}, ROYAL: {ROYAL}}


def holds(hand: list[Card], kind: int) -> bool:
    """Whether the cards (five, or the ones kept in a draw) contain the combination of a claimed
    type. Only the type named counts: a straight holds no pair."""
    need = _SETS.get(kind)
    if need is None:
        return len(hand) == HAND and declared_type(evaluate(hand)) in _WHOLE[kind]
    ranks = [c.rank for c in hand]
    counts = sorted(map(ranks.count, set(ranks)), reverse=True)  # (a third quicker than a Counter)
    counts += (0, 0)  # (no cards kept, or one rank)
    return counts[0] >= need[0] and counts[1] >= need[1]


def duty(best: list[int], draw_round: int, seat: int) -> int | None:
    """Which showdown's claim (0 or 1) ``seat`` must show the hand to break in this draw: the best
    declared hand of the showdown just before it, whoever held it."""
    return draw_round - 2 if draw_round > 1 and seat in best else None


def reveal(hand: list[Card], thrown: tuple[Card, ...], claims: list[int], due: int | None) -> tuple[bool, int]:
    """What discarding ``thrown`` does to a seat's open claims (by showdown, 0 if none or proven):
    whether the hand is shown first, and the claim the shown hand fails (0: none, or not shown).
    The hand is shown when the discard breaks up the claim it is due to show, or a combination it
    still holds (the reveal the text allows, made for the player); a bluff is never shown unasked."""
    if not thrown:
        return False, 0
    kept = [c for c in hand if c not in thrown]
    broken = [i for i, kind in enumerate(claims) if kind and not holds(kept, kind)]
    if not any(i == due or holds(hand, claims[i]) for i in broken):
        return False, 0
    return True, claims[due] if due in broken and not holds(hand, claims[due]) else 0


# One shared draw action per set of up to three cards (23,478 of them), kept in tables indexed
# by the cards' places in code order: [i] for one card, [i][j] for two, [i][j][k] for three
# (i < j < k). The millions of bigger sets are made afresh (a cache of them would only grow:
# random play and searches rarely meet the same five cards twice).
_BY_CODE = tuple(sorted(PACK, key=attrgetter("code")))
_PLACE = {c: i for i, c in enumerate(_BY_CODE)}
STAND_PAT = Action("draw")
_ONE: list[Action] = []
_TWO: list[list[Action | None]] = []
_THREE: list[list[list[Action | None] | None]] = []
# PASS, then every type from the best declared so far (at least a pair) up
DECLARES = [[PASS] + [Action("declare", value=k) for k in range(max(best, 1), ROYAL + 1)] for best in range(ROYAL + 1)]
_kind = attrgetter("kind")


def draws(hand: list[Card], room: int) -> list[Action]:
    """Every discard from ``hand`` (cards in code order), from standing pat to all five, no more
    than ``room`` cards: the empty set, then the sets of one, two, three, four cards in
    ``itertools.combinations`` order, then all five. Searches and random play ask often, and
    building 32 actions each time would dominate, so the 26 sets of up to three cards are read
    from the shared tables, written out one by one (a loop would cost several times as much)."""
    if len(hand) != HAND or room < HAND:  # (never in play: a hand being drawn to holds five, and 32+ cards are left)
        ordered = sorted(hand, key=attrgetter("code"))
        return [Action("draw", combo) for k in range(min(len(ordered), room) + 1) for combo in combinations(ordered, k)]
    if not _ONE:
        _fill_draws()
    a, b, c, d, e = sorted(map(_PLACE.__getitem__, hand))
    one, two, three = _ONE, _TWO, _THREE
    two_a, two_b, two_c = two[a], two[b], two[c]
    three_a, three_b = three[a], three[b]
    three_ab, three_ac, three_bc = three_a[b], three_a[c], three_b[c]
    by_code = _BY_CODE
    card_a, card_b, card_c, card_d, card_e = by_code[a], by_code[b], by_code[c], by_code[d], by_code[e]
    # The tables' holes (None) lie on and below their diagonals: a < b < c < d < e never reads one.
    # (kept unformatted: the sets in rows of one size, as the docstring reads them)
    # fmt: off
    return [
        STAND_PAT,
        one[a], one[b], one[c], one[d], one[e],
        two_a[b], two_a[c], two_a[d], two_a[e], two_b[c], two_b[d], two_b[e], two_c[d], two_c[e], two[d][e],  # type: ignore[list-item]
        three_ab[c], three_ab[d], three_ab[e], three_ac[d], three_ac[e], three_a[d][e],  # type: ignore[index, list-item]
        three_bc[d], three_bc[e], three_b[d][e], three[c][d][e],  # type: ignore[index, list-item]
        Action("draw", (card_a, card_b, card_c, card_d)), Action("draw", (card_a, card_b, card_c, card_e)),
        Action("draw", (card_a, card_b, card_d, card_e)), Action("draw", (card_a, card_c, card_d, card_e)),
        Action("draw", (card_b, card_c, card_d, card_e)),
        Action("draw", (card_a, card_b, card_c, card_d, card_e)),
    ]
    # fmt: on
    # fmt: on


def _fill_draws() -> None:
    """Make every discard of up to three cards at once (about 30 ms, on the first draw asked
    for): made one by one as random play meets them, they cost the first thousands of draws
    twice as much."""
    by_code = _BY_CODE
    size = len(by_code)
    two: list[list[Action | None]] = [[None] * size for _ in range(size)]
    three: list = [None] * size
    for i, first in enumerate(by_code):
        three[i] = [None] * size
        for j in range(i + 1, size):
            second = by_code[j]
            two[i][j] = Action("draw", (first, second))
            three[i][j] = [None] * (j + 1) + [Action("draw", (first, second, by_code[k])) for k in range(j + 1, size)]
    _THREE[:] = three
    _TWO[:] = two
    _ONE[:] = [Action("draw", (card,)) for card in by_code]  # last: draws() fills when this is empty


def _new_event(kind: str, seat: int, number: int) -> Event:
    """The event of a draw of ``number`` cards, a pass, or a declaration of type ``number``."""
    if kind == "draw":
        text = (
            f"{{seat}} [draws|draw] {number} card{'s' if number != 1 else ''}"
            if number
            else "{seat} [stands|stand] pat"
        )
        data = {"count": number}
    elif kind == "declare":
        text, data = f"{{seat}} [declares|declare] {TYPE_NAMES[number]}", {"kind": number}
    else:
        text, data = "{seat} [passes|pass]", {}
    return Event(kind, seat, text, data=data)


_EVENTS = SharedEvents(_new_event)  # by kind, seat and number


class ChicagoOptions(Options):
    target: int = Field(52, ge=10, le=200, title="Target score", description="Points that end the game.")
    no_draw_near_end: bool = Field(
        True,
        title="No drawing from 46",
        description="A player who starts a hand 6 points or fewer from the target may not draw.",
    )


class Declaration(BaseModel):
    model_config = ConfigDict(frozen=True)  # a clone shares these records with its original

    seat: int
    kind: int  # 0: passed
    outcome: str = ""  # 'higher', 'lower', 'equal' after a tie of types


_DECLARATIONS: dict[tuple[int, int, str], Declaration] = {}


def declaration(seat: int, kind: int, outcome: str) -> Declaration:
    """One shared record per seat, type and outcome (records are frozen: states share them)."""
    key = (seat, kind, outcome)
    record = _DECLARATIONS.get(key)
    if record is None:
        record = _DECLARATIONS[key] = Declaration(seat=seat, kind=kind, outcome=outcome)
    return record


class ChicagoState(TrickState):
    options: ChicagoOptions
    stock: list[Card] = []
    discards: list[Card] = []
    scores: list[int]
    dealer: int
    hand_no: int = 1
    phase: str = "draw"
    draw_round: int = 1  # 1..DRAW_ROUNDS
    asking: int = 0  # whose draw or declaration it is
    asked: int = 0  # seats asked this round
    frozen: list[bool]  # may not draw this hand (started it near the target)
    declarations: list[Declaration] = []  # this showdown's, in order
    best: list[int] = []  # seats holding the best declaration so far
    claims: list[list[int]]  # by seat, by showdown: the type declared and not yet proven (0: none)
    shown: list[list[Card]]  # a hand shown to prove a claim (most recent), by seat
    voids: list[list[Suit]]
    hand_scores: list[int]  # points each seat has scored this hand
    last_showdown: str = ""  # what the last showdown scored ({seat}: who), for the table
    last_showdown_seat: int | None = None
    hand_summary: str = ""  # the last hand's end ({seat} took the last trick, {target} the best hand)
    summary_seats: list[int | None] = [None, None]

    @field_validator("claims", mode="before")
    @classmethod
    def _one_claim_each(cls, value: object) -> object:
        """Saves from before claims were kept by showdown hold one type per seat: keep it to check."""
        if isinstance(value, list) and all(type(k) is int for k in value):
            return [[k, 0] for k in value]
        return value


# The state every new game starts from (see ``Chicago.setup``): the deal replaces each of its lists.
_BLANK = construct(
    ChicagoState,
    players=2,
    seed=0,
    options=ChicagoOptions(),
    hands=[],
    won=[],
    scores=[],
    dealer=0,
    frozen=[],
    claims=[],
    shown=[],
    voids=[],
    hand_scores=[],
    stock=[],
    discards=[],
    declarations=[],
    best=[],
    summary_seats=[],
    **no_zones(),
)


class ChicagoView(BaseModel):
    seat: int | None
    players: int
    dealer: int
    phase: str
    draw_round: int
    asking: int | None
    turn: int | None
    hand: list[Card]
    playable: list[Card]
    hand_counts: list[int]
    stock: int
    discards: int
    scores: list[int]
    frozen: list[bool]
    declarations: list[Declaration]
    best: list[int]
    best_kind: int
    claims: list[int]  # the highest open claim by seat (what the table shows)
    open_claims: list[list[int]]  # by seat, by showdown: the type declared and not yet proven
    shown: list[list[Card]]
    trick: list[PlayedCard]
    leader: int
    tricks_played: int
    played: list[Card]
    played_by: list[int]
    before_me: list[list[Card]]  # the cards each seat has played this hand, face up in front of it
    voids: list[list[Suit]]
    hand_no: int
    last_showdown: str
    last_showdown_seat: int | None
    hand_summary: str
    summary_seats: list[int | None]
    last_winner: int | None
    options: ChicagoOptions


def seat_view(game: Chicago, seat: int | None = None) -> ChicagoView:
    """What ``seat`` may see (``None``: a spectator): its own hand, the declarations and the hands
    shown, everything played. Apart from the engine because it is read-only: the one place that
    decides what is hidden."""
    s = game.s
    n = s.players
    playing = s.phase == "play" and s.result is None
    before: list[list[Card]] = [[] for _ in range(n)]
    for c, p in zip(s.log, s.log_seats):
        before[p].append(c)
    return ChicagoView(
        seat=seat,
        players=n,
        dealer=s.dealer,
        phase=s.phase if s.result is None else "over",
        draw_round=s.draw_round,
        asking=None if playing or s.result is not None else s.asking,
        turn=game.to_play() if playing else None,
        hand=list(s.hands[seat]) if seat is not None else [],
        playable=game.playable(seat) if seat is not None else [],
        hand_counts=[len(h) for h in s.hands],
        stock=len(s.stock),
        discards=len(s.discards),
        scores=list(s.scores),
        frozen=list(s.frozen),
        declarations=[d.model_copy() for d in s.declarations],
        best=list(s.best),
        best_kind=game.best_kind(),
        claims=[max(c) for c in s.claims],
        open_claims=[list(c) for c in s.claims],
        shown=[list(h) for h in s.shown],
        trick=[PlayedCard(seat=(s.leader + i) % n, card=c) for i, c in enumerate(s.trick)],
        leader=s.leader,
        tricks_played=sum(s.tricks_won),
        played=list(s.log),
        played_by=list(s.log_seats),
        before_me=before,
        voids=[list(v) for v in s.voids],
        hand_no=s.hand_no,
        last_showdown=s.last_showdown,
        last_showdown_seat=s.last_showdown_seat,
        hand_summary=s.hand_summary,
        summary_seats=list(s.summary_seats),
        last_winner=s.last_winner,
        options=s.options,
    )


# ---- the search's deal (cardarcade.bots.search): the trick play only


def deal_for_search(cls: type[Chicago], view: ChicagoView, seat: int, rng: random.Random) -> Chicago:
    """``Chicago.determinize``: a game consistent with what ``seat`` has seen, in the trick play:
    the unseen cards dealt at random to the others' hands (never a suit someone has shown they
    lack) and the rest. Apart from the engine: it builds a game from a view, where the engine
    plays from its own state."""
    n = view.players
    seen = set(view.hand) | set(view.played)
    unseen = [c for c in PACK if c not in seen]
    counts = [0 if p == seat else view.hand_counts[p] for p in range(n)]
    places = counts + [len(unseen) - sum(counts)]
    dealt = deal_unseen(unseen, places, [set(v) for v in view.voids] + [set()], rng)
    hands = [list(view.hand) if p == seat else dealt[p] for p in range(n)]
    trick = [t.card for t in view.trick]
    done = len(view.played) - len(trick)
    won: list[list[Card]] = [[] for _ in range(n)]
    tricks_won = [0] * n
    # who took each finished trick does not matter to the rest of the play: give them to the leader
    for i in range(0, done, n):
        won[view.leader].extend(view.played[i : i + n])
        tricks_won[view.leader] += 1
    state = ChicagoState(
        players=n,
        seed=0,
        options=view.options,
        hands=hands,
        won=won,
        trick=trick,
        leader=view.leader,
        tricks_won=tricks_won,
        log=list(view.played),
        log_seats=list(view.played_by),
        stock=dealt[n],
        scores=list(view.scores),
        dealer=view.dealer,
        hand_no=view.hand_no,
        phase="play",
        draw_round=3,
        frozen=list(view.frozen),
        claims=[[0, 0] for _ in range(n)],
        shown=[[] for _ in range(n)],
        voids=[list(v) for v in view.voids],
        hand_scores=[0] * n,
    )
    return cls(state)


class Chicago(TrickGame):
    """The draws, the declarations and the tricks, move by move. What a seat sees (``seat_view``)
    and the search's deal (``deal_for_search``) stand above the class; the end of a hand
    (``score_hand``, ``forfeit``) and the save checks (``check_save``) below it."""

    State = ChicagoState
    Options = ChicagoOptions
    NESTED = ("hands", "won", "claims", "shown", "voids")
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: ChicagoOptions, deck: list[Card] | None) -> Chicago:
        order = prepare_deck(PACK, seed, deck)
        # A shallow copy of one blank state, given this game's values here and its zones by the deal:
        # building a state field by field cost as much as the deal (random play starts a new game
        # every ten moves or so, when a declaration is not borne out).
        state = shallow_copy(_BLANK)
        state.__dict__.update(
            players=players,
            seed=seed,
            options=options,
            scores=[0] * players,
            dealer=players - 1,
            summary_seats=[None, None],
        )
        game = cls(state)
        game._deal(order)
        return game

    def pack(self) -> list[Card]:
        return list(PACK)

    # ---- the deal and the rounds

    def _deal(self, order: list[Card]) -> list[Event]:
        """Five cards each, one packet of five per seat from the dealer's left (``deck_for``)."""
        s = self.s
        n = s.players
        first = self.first()
        packets = [order[i : i + HAND] for i in range(0, HAND * n, HAND)]
        limit = s.options.target - 6
        scores = s.scores
        frozen = [sc >= limit for sc in scores] if s.options.no_draw_near_end and max(scores) >= limit else [False] * n
        # one update instead of twenty checked assignments (a deal is a good share of a short game),
        # the draw round's start included
        s.__dict__.update(
            hands=packets[n - first :] + packets[: n - first],  # the first packet to the dealer's left
            stock=order[HAND * n :],
            discards=[],
            won=[[] for _ in range(n)],
            tricks_won=[0] * n,
            trick=[],
            last_trick=[],
            last_winner=None,
            log=[],
            log_seats=[],
            claims=[[0, 0] for _ in range(n)],
            shown=[[] for _ in range(n)],
            voids=[[] for _ in range(n)],
            hand_scores=[0] * n,
            declarations=[],
            best=[],
            frozen=frozen,
            draw_round=1,
            leader=first,
            phase="draw",
            asking=first,
            asked=0,
        )
        return self._skip_frozen()

    def first(self) -> int:
        return (self.s.dealer + 1) % self.s.players

    def _start_round(self, phase: str) -> list[Event]:
        s = self.s
        s.__dict__.update(phase=phase, asking=self.first(), asked=0)  # (plain stores: a round starts often)
        if phase == "declare":
            s.declarations, s.best = [], []
        return self._skip_frozen()

    def _skip_frozen(self) -> list[Event]:
        """Pass over those who may not draw; end the round once everyone has been asked."""
        s = self.s
        while s.asked < s.players and s.phase == "draw" and s.frozen[s.asking]:
            s.asked += 1
            s.asking = (s.asking + 1) % s.players
        if s.asked < s.players:
            return []
        return self._end_round()

    def _next_asked(self) -> list[Event]:
        s = self.s
        fields = s.__dict__  # (plain stores: this runs on every draw and declaration)
        asked = fields["asked"] = s.asked + 1
        asking = fields["asking"] = (s.asking + 1) % s.players
        if asked < s.players and not (s.phase == "draw" and s.frozen[asking]):
            return []
        return self._skip_frozen()

    def _end_round(self) -> list[Event]:
        s = self.s
        if s.phase == "draw":
            if s.draw_round < DRAW_ROUNDS:
                return self._start_round("declare")
            s.phase = "play"
            s.leader = self.first()
            return [Event("info", None, "The tricks begin: only the last one scores")]
        events = self._score_showdown()
        s.draw_round += 1
        return events + self._start_round("draw")

    # ---- the contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        return [self.to_play()] if s.phase == "play" else [s.asking]

    def best_kind(self) -> int:
        return max(map(_kind, self.s.declarations), default=0)

    def playable(self, seat: int) -> list[Card]:
        s = self.s
        if s.result is not None or s.phase != "play" or seat != self.to_play():
            return []
        return following(s.hands[seat], s.trick[0].suit if s.trick else None)

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if s.phase == "play":
            return [play(c) for c in self.playable(seat)]
        if seat != s.asking:
            return []
        if s.phase == "draw":
            return draws(s.hands[seat], len(s.stock) + len(s.discards))
        return list(DECLARES[self.best_kind()])

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        kind = action.kind
        if kind == "play":
            return (
                len(action.cards) == 1
                and action.target is None
                and action.value is None
                and action.cards[0] in self.playable(seat)
            )
        if seat != s.asking or action.target is not None:
            return False
        phase = s.phase
        if kind == "draw":
            picked = action.cards
            return (
                phase == "draw"
                and action.value is None
                and len(picked) <= len(s.stock) + len(s.discards)
                and all(map(s.hands[seat].__contains__, picked))
                and len(set(picked)) == len(picked)
            )
        if phase != "declare" or action.cards != ():
            return False
        if kind == "declare":
            return type(action.value) is int and max(self.best_kind(), 1) <= action.value <= ROYAL
        return kind == "pass" and action.value is None  # (PASS, field by field: == on Actions runs in Python)

    view = seat_view

    def cards(self) -> list[Card]:
        s = self.s
        return (
            [c for h in s.hands for c in h]
            + list(s.stock)
            + list(s.discards)
            + [c for w in s.won for c in w]
            + list(s.trick)
        )

    # ---- moves

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "play":
            return self._play(seat, action.cards[0])
        if kind == "draw":
            return self._draw(seat, action.cards)
        return self._declare(seat, action.value if kind == "declare" else 0)  # type: ignore[arg-type]  # is_legal checked the value

    def _draw(self, seat: int, thrown: tuple[Card, ...]) -> list[Event]:
        s = self.s
        hand = s.hands[seat]
        events: list[Event] = []
        claims = s.claims[seat]
        show, failed = reveal(hand, thrown, claims, duty(s.best, s.draw_round, seat)) if any(claims) else (False, 0)
        if show:
            # breaking up a declared combination: the hand is shown first, to prove the claim
            proven = [i for i, kind in enumerate(claims) if kind and holds(hand, kind)]
            named = TYPE_NAMES[failed] if failed else " and ".join(dict.fromkeys(TYPE_NAMES[claims[i]] for i in proven))
            s.shown[seat] = list(hand)
            events.append(Event("show", seat, f"{{seat}} [shows|show] the hand to prove {named}", tuple(hand)))
            if failed:
                return events + forfeit(self, seat, failed)
            for i in proven:
                claims[i] = 0
        count = len(thrown)
        if count:
            for card in thrown:
                hand.remove(card)
            s.discards.extend(thrown)
            if len(s.stock) < count:
                self.mix(s.discards)
                s.stock, s.discards = s.stock + s.discards, []
                events.append(Event("info", None, "The discards are shuffled into a new stock"))
            stock = s.stock
            hand.extend(stock[:count])
            del stock[:count]
        events.append(_EVENTS["draw", seat, count])
        return events + self._next_asked()

    def _declare(self, seat: int, kind: int) -> list[Event]:
        s = self.s
        if not kind:
            s.declarations.append(declaration(seat, 0, ""))
            return [_EVENTS["pass", seat, 0]] + self._next_asked()
        s.claims[seat][s.draw_round - 1] = kind  # a claim of its own: a later one never covers it
        outcome = ""
        events = [_EVENTS["declare", seat, kind]]
        if not s.best or kind > self.best_kind():
            s.best = [seat]
        else:
            # the same type: the table compares the ranks unseen; lacking the type loses
            mine, theirs = self._strength(seat, kind), self._strength(s.best[0], kind)
            if mine > theirs:
                s.best, outcome = [seat], "higher"
            elif mine == theirs:
                s.best, outcome = s.best + [seat], "equal"
            else:
                outcome = "lower"
            events.append(
                Event(
                    "compare",
                    seat,
                    f"{{seat}}'s {TYPE_NAMES[kind][2:] if kind in (4, 5, 6, 9) else TYPE_NAMES[kind]} ranks {outcome}"
                    if outcome != "equal"
                    else "{seat}'s ranks are equal",
                )
            )
        s.declarations.append(declaration(seat, kind, outcome))
        return events + self._next_asked()

    def _strength(self, seat: int, kind: int) -> int:
        hand = self.s.hands[seat]
        return int(evaluate(hand)) if holds(hand, kind) else -1

    def _score_showdown(self) -> list[Event]:
        s = self.s
        kind = self.best_kind()
        s.last_showdown_seat = None
        if not s.best:
            s.last_showdown = f"Showdown {s.draw_round}: nobody declared"
            return [Event("showdown", None, "Nobody declares: no score")]
        if len(s.best) > 1:
            s.last_showdown = f"Showdown {s.draw_round}: a tie, no score"
            return [Event("showdown", None, f"A tie at {TYPE_NAMES[kind]}: no score")]
        winner = s.best[0]
        points = POINTS[kind]
        self._score(winner, points)
        s.last_showdown = f"Showdown {s.draw_round}: {{seat}} +{points}, {TYPE_NAMES[kind]}"
        s.last_showdown_seat = winner
        return [
            Event(
                "showdown", winner, f"{{seat}} [scores|score] {points} for {TYPE_NAMES[kind]}", data={"points": points}
            )
        ]

    def _score(self, seat: int, points: int) -> None:
        self.s.scores[seat] += points
        self.s.hand_scores[seat] += points

    def _play(self, seat: int, card: Card) -> list[Event]:
        s = self.s
        if s.trick and card.suit is not s.trick[0].suit and s.trick[0].suit not in s.voids[seat]:
            s.voids[seat].append(s.trick[0].suit)
        self.play_card(seat, card)
        events = [played_event(seat, card)]
        if len(s.trick) < s.players:
            return events
        winner = (s.leader + winning_index(s.trick, ACES_HIGH)) % s.players
        self.take_trick(winner)
        if sum(s.tricks_won) < HAND:
            return events + [Event("trick", winner, "{seat} [takes|take] the trick")]
        return events + score_hand(self, winner)

    # ---- search (cardarcade.bots.search): the trick play only

    def episode(self) -> int:
        return self.s.hand_no

    def utilities(self) -> list[float]:
        """1 for whoever took the last trick (the final hands are fixed once the tricks begin)."""
        s = self.s
        winner = s.summary_seats[0]  # set when the hand's last trick is taken
        return [1.0 if p == winner else 0.0 for p in range(s.players)]

    def rollout_move(self, seat: int, rng: random.Random) -> Action:
        """Keep the high cards for the last trick: play the lowest card allowed, now and then any."""
        cards = self.playable(seat)
        if len(cards) == 1 or rng.random() < 0.15:
            return play(cards[rng.randrange(len(cards))])
        return play(min(cards, key=ACES_HIGH.value))

    determinize = classmethod(deal_for_search)

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        check_save(self)


# ---- the end of a hand


def final_hands(game: Chicago) -> list[list[Card]]:
    """The five cards each seat played this hand (face up in front of it)."""
    s = game.s
    out: list[list[Card]] = [[] for _ in range(s.players)]
    for c, p in zip(s.log, s.log_seats):
        out[p].append(c)
    return out


def score_hand(game: Chicago, winner: int) -> list[Event]:
    """The end of a hand, ``winner`` having taken the last trick: its five points, every claim
    checked against the cards played (one not borne out forfeits the game), the best five cards
    played scored as a poker hand; then the end of the game or the next deal. Apart from the
    engine as the judge of a hand: the tricks only say when it ends."""
    s = game.s
    n = s.players
    game._score(winner, LAST_TRICK)
    s.summary_seats = [winner, None]
    events = [Event("trick", winner, f"{{seat}} [takes|take] the last trick and [scores|score] {LAST_TRICK}")]
    final = final_hands(game)
    for p in range(n):
        for kind in s.claims[p]:
            if kind and not holds(final[p], kind):
                return events + forfeit(game, p, kind)
    values = [evaluate(h) for h in final]
    top = max(values)
    best = [p for p in range(n) if values[p] == top]
    kind = declared_type(top)
    summary = f"{{seat}} took the last trick (+{LAST_TRICK})"
    if len(best) == 1 and kind:
        game._score(best[0], POINTS[kind])
        events.append(
            Event(
                "showdown",
                best[0],
                f"{{seat}} [scores|score] {POINTS[kind]} for the best hand, {top.name}",
                data={"points": POINTS[kind]},
            )
        )
        summary += f"; {{target}} had the best hand, {top.name} (+{POINTS[kind]})"
        s.summary_seats = [winner, best[0]]
    elif kind:
        events.append(Event("showdown", None, f"A tie for the best hand ({top.name}): no score"))
    s.hand_summary = summary
    if max(s.scores) >= s.options.target:
        most = max(s.scores)
        winners = [p for p in range(n) if s.scores[p] == most]
        text = (
            "Game over: {seat} [wins|win] with " + f"{most} points"
            if len(winners) == 1
            else f"Game over: {len(winners)} players share the win at {most} points"
        )
        events.append(
            game.finish(
                winners,
                text,
                scores=[float(x) for x in s.scores],
                ranking=sorted(range(n), key=lambda p: -s.scores[p]),
                score_name="points",
            )
        )
        return events
    s.hand_no += 1
    s.dealer = (s.dealer + 1) % n
    order = game.cards()
    game.mix(order)
    events.append(Event("deal", s.dealer, f"{{seat}} [deals|deal] hand {s.hand_no}"))
    return events + game._deal(order)


def forfeit(game: Chicago, seat: int, claim: int) -> list[Event]:
    """A claim not borne out: the claimant loses, the others win by score."""
    s = game.s
    others = sorted((p for p in range(s.players) if p != seat), key=lambda p: -s.scores[p])
    most = s.scores[others[0]]
    winners = [p for p in others if s.scores[p] == most]
    return [
        Event(
            "forfeit",
            seat,
            f"{{seat}} declared {TYPE_NAMES[claim]} and cannot prove it: the game is forfeit",
            data={"kind": claim},
        ),
        game.finish(
            winners,
            f"Game over: {{seat}} declared {TYPE_NAMES[claim]}, could not prove it, and so forfeited the game",
            scores=[float(x) for x in s.scores],
            ranking=others + [seat],
            score_name="points",
            losers=[seat],
        ),
    ]


# ---- saves


def check_save(game: Chicago) -> None:
    """Raise ValueError if a loaded hand breaks an invariant of Chicago's state (after the checks
    every game makes). Apart from the engine: a save is checked once, on loading."""
    s = game.s
    n = s.players
    game.check_trick_zones()
    if any(len(x) != n for x in (s.scores, s.frozen, s.claims, s.shown, s.voids, s.hand_scores)):
        raise ValueError("zones do not match the number of players")
    game.check_seats(s.dealer, s.asking, *s.best, *(d.seat for d in s.declarations))
    if s.phase not in PHASES or not 1 <= s.draw_round <= 3 or s.hand_no < 1 or not 0 <= s.asked <= n:
        raise ValueError("bad phase or round")
    if any(len(c) != 2 or not all(0 <= k <= ROYAL for k in c) for c in s.claims) or any(
        not 0 <= d.kind <= ROYAL for d in s.declarations
    ):
        raise ValueError("bad declaration")
    if s.result is not None:
        return
    played = sum(s.tricks_won)
    for p in range(n):
        in_trick = 1 if s.trick and (p - s.leader) % n < len(s.trick) else 0
        if len(s.hands[p]) != HAND - played - in_trick:
            raise ValueError("the hands do not match the tricks played")
    if s.phase != "play" and (s.log or played):
        raise ValueError("cards played before the tricks")
    if played >= HAND:
        raise ValueError("the hand should be over")


SPEC = GameSpec.listed("chicago", rules=RULES, game=Chicago)
Chicago.spec = SPEC
