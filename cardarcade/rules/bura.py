"""Bura, for 2 players: 36 cards, leads of one to three cards of a suit that must each be beaten,
special three-card leads out of turn, and declaring 31 from memory; antes and a pot of tokens."""

from __future__ import annotations

import random
from itertools import combinations, permutations
from operator import attrgetter

from pydantic import BaseModel, Field

from cardarcade.cards import BURA as ORDER
from cardarcade.cards import Card, Rank, Suit, cards, deck_36
from cardarcade.rules._tricks import (
    PlayedCard,
    TrickGame,
    TrickState,
    beats,
    cards_with_stock,
    deal_packets,
    listed,
    no_zones,
    unseen_by,
)
from cardarcade.rules.base import (
    Action,
    Event,
    GameSpec,
    Options,
    SharedEvents,
    construct,
    prepare_deck,
)

PACK = tuple(deck_36())
CARD_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
GOAL = 31
HAND_SIZE = 3
DECLARE = Action("declare")  # 31: the hand ends and the won cards are counted
PASS = Action("pass")  # after the last trick: let the hand end drawn
CLAIM = Action("claim")  # announce one's special lead and take the lead with it, out of turn
DECLINE = Action("decline")  # let the lead stand (the special lead is kept for later, or never made)
# The special leads, by priority: the one that ranks higher takes the lead out of turn.
BURA_LEAD, THREE_ACES, MOLODKA = 3, 2, 1
COMBO_NAMES = {BURA_LEAD: "a bura", THREE_ACES: "three aces", MOLODKA: "a molodka"}
# One shared action per set of cards played (7,806 sets of up to three of the 36 cards), by the
# set of the cards (a set does not care about their order).
_PLAYS: dict[frozenset[Card], Action] = {}
_code = attrgetter("code")
_TAKES = {
    False: "{seat} [takes|take] the trick",
    True: "{seat} [takes|take] the trick and [beats|beat] every card",
}  # by: the answer won

RULES = """\
# Bura

**Goal:** win the pot of each hand, by declaring **31 points** taken in tricks (counted in
your head) or by leading a **bura**; keep the most tokens.

- 36 cards, 6 to A. Within a suit they rank **A, 10, K, Q, J, 9, 8, 7, 6** (high to low) and
  score **A 11, 10 10, K 4, Q 3, J 2** when taken (120 in all).
- Each hand both players **ante** a token into the pot. Three cards each; the next card is
  turned up for **trumps** and lies under the stock (it is the stock's last card).
- The leader leads **one, two or three cards of one suit**, or **three aces**; the other
  player answers with as many cards, **any cards at all**. To take the trick the answer must
  **beat every card led**, card for card: a higher card of the same suit, or a trump against
  a plain card. Otherwise the leader takes it.
- The trick's winner leads next. Both draw back to three, the winner first, one card at a
  time; when the stock cannot fill both hands nobody draws again this hand.
- **Special leads:** a hand of three trumps (**bura**), **three aces**, or three cards of one
  plain suit (**molodka**) may be led even out of turn: before the other player leads, its
  holder may announce it and lead all three, or keep quiet. Bura beats three aces
  beats molodka; with two alike, the player who would lead anyway keeps the lead.
- **A bura led** decides the hand: whoever takes that trick wins the pot.
- **Declaring 31**: whenever it is your move, say you have 31. The won cards
  are counted: with 31 or more you win the pot; with less you pay the pot's size into it and
  the hand ends. Won cards stay face down: nothing on the screen totals them.
- If the cards run out and nobody declares, the hand is a **draw**: the pot stays, and both
  ante again for the next hand. After the last trick its winner may still declare or
  let the hand end.
- The game ends when a player cannot pay the ante; the player with more tokens wins.

**House rules:** tokens each at the start, the ante, and a limit on the number of hands.

**Departures and clarifications** (the text leaves these open):

- The holder of a special lead that may take the lead is asked before each lead it could take
  (at the start of the hand and after each trick). The other player sees the holder's move
  come before their lead, whatever the answer: as at a table, a pause before the lead says
  something. Announced, all three cards are led.
- Declaring 31 is open on each of your moves, leading or answering (the text sets no moment);
  declared while answering, the cards led go back to their player's hand uncounted. Before
  your first trick you have nothing to count, so it is not offered.
- The player who would lead anyway may lead a combination or not, as they like.
- A false declaration ends the hand (the cards were turned up); a player who cannot pay the
  whole pot pays what they have.
- The deal alternates between the players; the non-dealer leads the first trick.
- Once the stock cannot fill both hands, nobody draws again that hand, even after a smaller
  trick (the text says only that the players "play on with their hands as they are").
- The text does not say when play stops: here, when a player cannot pay the ante, or after
  the house rule's number of hands (most tokens wins; equal: a draw). A pot still on the
  table then goes back to the players in halves.
"""


def plays(chosen: tuple[Card, ...]) -> Action:
    """The action of playing ``chosen`` (one shared object per set of cards, in a fixed order)."""
    key = frozenset(chosen)
    action = _PLAYS.get(key)
    if action is None:
        action = Action("play", tuple(sorted(chosen, key=_code)))
        if len(key) == len(chosen):  # (a card given twice is no set of cards: not kept)
            _PLAYS[key] = action
    return action


def lead_actions(hand: list[Card]) -> list[Action]:
    """Every lead from ``hand``: any card, two or three of one suit, or three aces."""
    out = list(map(_SINGLES.__getitem__, map(_code, hand)))
    n = len(hand)
    if n == HAND_SIZE:  # (the usual hand, written out: the loop below costs twice as much)
        a, b, c = hand
        if a.suit is b.suit:
            out.append(plays((a, b)))
        if a.suit is c.suit:
            out.append(plays((a, c)))
        if b.suit is c.suit:
            out.append(plays((b, c)))
        # a bura or a molodka is of one suit; three aces are the one lead of mixed suits
        if a.suit is b.suit is c.suit or a.rank is b.rank is c.rank is Rank.ACE:
            out.append(plays((a, b, c)))
        return out
    for i in range(n):  # (fewer than three cards: pairs only)
        for j in range(i + 1, n):
            if hand[i].suit is hand[j].suit:
                out.append(plays((hand[i], hand[j])))
    return out


def answer_actions(hand: list[Card], size: int) -> list[Action]:
    """Every answer of ``size`` cards from ``hand``."""
    if size == 1:
        return list(map(_SINGLES.__getitem__, map(_code, hand)))
    return [plays(c) for c in combinations(hand, size)]


_SINGLES = {c.code: plays((c,)) for c in PACK}


def _play_event(seat: int, lead: bool, cards: tuple[Card, ...]) -> Event:
    names = " ".join(str(c) for c in cards)
    return Event("play", seat, f"{{seat}} {'[leads|lead]' if lead else '[answers|answer]'} {names}", cards)


_PLAYED = SharedEvents(_play_event)


def play_event(seat: int, action: Action, lead: bool) -> Event:
    """'{seat} leads 7♥ 9♥' or '{seat} answers ...' (one shared event per seat, way and cards)."""
    return _PLAYED[seat, lead, action.cards]


def card_points(cards: list[Card]) -> int:
    return sum(map(_POINTS.__getitem__, map(_code, cards)))


_POINTS = {c.code: CARD_POINTS.get(c.rank, 0) for c in PACK}


def answer_beats(led: list[Card], answer: list[Card] | tuple[Card, ...], trump: Suit) -> bool:
    """Whether ``answer`` beats every card of ``led``, each by a card of its own."""
    if len(answer) != len(led):
        return False
    if len(led) == 1:
        return beats(answer[0], led[0], ORDER, trump)
    return any(all(beats(a, b, ORDER, trump) for a, b in zip(order, led)) for order in permutations(answer))


def combination(hand: list[Card], trump: Suit) -> int:
    """Which special lead ``hand`` is (0: none)."""
    if len(hand) != HAND_SIZE:
        return 0
    a, b, c = hand
    if a.suit is b.suit is c.suit:
        return BURA_LEAD if a.suit is trump else MOLODKA
    return THREE_ACES if a.rank is b.rank is c.rank is Rank.ACE else 0


def deck_for(h0: str, h1: str, up: str, stock: str = "") -> list[Card]:
    """The fixed deck (``deck=``) that deals these hands (seat 0 is the first hand's non-dealer),
    turns up ``up`` and starts the stock with ``stock``; the other cards follow in pack order,
    the upcard being the stock's last card."""
    order = cards(h0) + cards(h1) + cards(up) + cards(stock)
    return order + [c for c in PACK if c not in set(order)]


class BuraOptions(Options):
    tokens: int = Field(10, ge=1, le=1000, title="Tokens each", description="The tokens each player starts with.")
    ante: int = Field(1, ge=1, le=100, title="Ante", description="The tokens each player puts in the pot each hand.")
    max_hands: int = Field(
        50,
        ge=1,
        le=1000,
        title="Hands at most",
        description="The game ends after this many hands; the most tokens wins.",
    )


class BuraState(TrickState):
    options: BuraOptions
    dealer: int = 1
    hand_no: int = 1
    trump: Suit
    upcard: Card | None  # face up as the stock's last card (None once drawn)
    stock: list[Card]  # face down, index 0 on top (the upcard not included)
    drawing: bool = True  # False once the stock could not fill both hands
    known: list[list[Card]] = [[], []]  # cards both know a seat holds (the upcard drawn)
    special: int = 0  # the special lead the leader must make (taken out of turn), 0: none
    offer: int = 0  # the special lead the other player may announce before this lead, 0: none
    final: bool = False  # the cards are played out: the last trick's winner declares or passes
    bank: list[int] = [0, 0]  # tokens each player holds
    pot: int = 0
    last_hand: str | None = None  # how the hand just ended ('{seat}' for a player), for the screen
    last_hand_seat: int | None = None
    outcome: list[float] = [0.0, 0.0]  # the hand just ended: +1 won the pot, -1 lost it or paid


class BuraView(BaseModel):
    seat: int | None
    dealer: int
    turn: int | None
    leader: int
    hand: list[Card]
    hand_counts: list[int]
    led: list[Card]  # the cards led to this trick (empty on a lead; an answer takes the trick at once)
    last_trick: list[PlayedCard]
    last_winner: int | None
    trump: Suit
    upcard: Card | None
    stock: int
    drawing: bool
    special: int
    offer: int  # (the holder's view only) the special lead you may announce now, 0: none
    final: bool
    known: list[list[Card]]
    won: list[list[Card]]  # by seat: both saw every trick taken (the screen shows them face down)
    played: list[Card]  # this hand's cards in play order
    played_by: list[int]
    tricks_won: list[int]
    may_declare: bool
    bank: list[int]
    pot: int
    ante: int
    hand_no: int
    max_hands: int
    last_hand: str | None
    last_hand_seat: int | None
    outcome: list[float]


def seat_view(game: Bura, seat: int | None = None) -> BuraView:
    """What ``seat`` may see (``None``: a spectator): its own hand, the cards known in the other's,
    everything played, the tokens, and a special lead it is offered. Apart from the engine because
    it is read-only: the one place that decides what is hidden."""
    s = game.s
    over = s.result is not None
    half = len(s.last_trick) // 2
    return BuraView(
        seat=seat,
        dealer=s.dealer,
        turn=None if over else game.actors()[0],
        leader=s.leader,
        hand=list(s.hands[seat]) if seat is not None else [],
        hand_counts=[len(h) for h in s.hands],
        led=list(s.trick),
        last_trick=[
            PlayedCard(seat=s.last_leader if i < half else 1 - s.last_leader, card=c)
            for i, c in enumerate(s.last_trick)
        ],
        last_winner=s.last_winner,
        trump=s.trump,
        upcard=s.upcard,
        stock=len(s.stock),
        drawing=s.drawing,
        special=s.special,
        offer=s.offer if seat == 1 - s.leader else 0,
        final=s.final,
        known=[list(k) for k in s.known],
        won=[list(p) for p in s.won],
        played=list(s.log),
        played_by=list(s.log_seats),
        tricks_won=list(s.tricks_won),
        may_declare=seat is not None and game.may_declare(seat),
        bank=list(s.bank),
        pot=s.pot,
        ante=s.options.ante,
        hand_no=s.hand_no,
        max_hands=s.options.max_hands,
        last_hand=s.last_hand,
        last_hand_seat=s.last_hand_seat,
        outcome=list(s.outcome),
    )


# ---- the search's deal (cardarcade.bots.search)


def deal_for_search(cls: type[Bura], view: BuraView, seat: int, rng: random.Random) -> Bura:
    """``Bura.determinize``: a whole game consistent with what ``seat`` has seen, the cards it has
    not seen dealt at random to the other's hand and the stock. Apart from the engine: it builds a
    game from a view, where the engine plays from its own state."""
    other = 1 - seat
    known_other, unseen, free = unseen_by(view, seat, PACK)
    rng.shuffle(unseen)  # nobody is known to lack a suit (any card may answer any lead): a plain deal
    hand_other, stock = unseen[:free], unseen[free:]
    hands: list[list[Card]] = [[], []]
    hands[seat] = list(view.hand)
    hands[other] = known_other + hand_other
    state = BuraState(
        players=2,
        seed=rng.randrange(1 << 30),
        options=BuraOptions(tokens=max(view.bank + [1]), ante=view.ante, max_hands=view.max_hands),
        hands=hands,
        won=[list(p) for p in view.won],
        trick=list(view.led),
        leader=view.leader,
        last_trick=[t.card for t in view.last_trick],
        last_leader=view.last_trick[0].seat if view.last_trick else 0,
        last_winner=view.last_winner,
        tricks_won=list(view.tricks_won),
        log=list(view.played),
        log_seats=list(view.played_by),
        dealer=view.dealer,
        hand_no=view.hand_no,
        trump=view.trump,
        upcard=view.upcard,
        stock=stock,
        drawing=view.drawing,
        known=[list(k) for k in view.known],
        special=view.special,
        offer=view.offer,
        final=view.final,
        bank=list(view.bank),
        pot=view.pot,
        last_hand=view.last_hand,
        last_hand_seat=view.last_hand_seat,
        outcome=list(view.outcome),
    )
    return cls(state)


class Bura(TrickGame):
    """The leads, the answers, the special leads and the draws, move by move. What a seat sees
    (``seat_view``) and the search's deal (``deal_for_search``) stand above the class; the
    declaration and the pot (``declare``, ``settle_hand``) and the save checks (``check_save``)
    below it."""

    State = BuraState
    Options = BuraOptions
    __slots__ = ()
    NESTED = ("hands", "won", "known")

    @classmethod
    def setup(cls, players: int, seed: int, options: BuraOptions, deck: list[Card] | None) -> Bura:
        order = prepare_deck(PACK, seed, deck)
        state = construct(
            BuraState,
            players=2,
            seed=seed,
            options=options,
            hands=[[], []],
            won=[[], []],
            trump=Suit.CLUBS,
            upcard=None,
            stock=[],
            bank=[options.tokens] * 2,
            known=[[], []],
            outcome=[0.0, 0.0],
            **no_zones(),
        )
        game = cls(state)
        game._ante()
        game._deal(order)
        return game

    def pack(self) -> list[Card]:
        return list(PACK)

    def _ante(self) -> None:
        s = self.s
        for seat in (0, 1):
            s.bank[seat] -= s.options.ante
        s.pot += 2 * s.options.ante

    def _deal(self, order: list[Card]) -> list[Event]:
        """Three each, the non-dealer first; the upcard; the rest is the stock above it."""
        s = self.s
        first = 1 - s.dealer
        hands, i = deal_packets(order, 2, (3,))
        upcard = order[i]
        s.__dict__.update(
            hands=hands if first == 0 else hands[::-1],
            upcard=upcard,
            trump=upcard.suit,
            stock=list(order[i + 1 :]),
            won=[[], []],
            known=[[], []],
            tricks_won=[0, 0],
            trick=[],
            log=[],
            log_seats=[],
            leader=first,
            drawing=True,
            special=0,
            offer=0,
            final=False,
            last_trick=[],
            last_winner=None,
        )
        return self._claim_lead()

    # ---- facts

    def points(self, seat: int) -> int:
        return card_points(self.s.won[seat])

    def stock_size(self) -> int:
        s = self.s
        return len(s.stock) + (s.upcard is not None)

    def leading(self, seat: int) -> bool:
        s = self.s
        return s.result is None and not s.final and not s.trick and s.leader == seat

    def may_declare(self, seat: int) -> bool:
        """On any move of one's own, once a trick is taken (and after the last trick, by its winner)."""
        s = self.s
        if s.result is not None or s.offer:
            return False
        if s.final:
            return s.last_winner == seat
        return bool(s.won[seat]) and seat == (1 - s.leader if s.trick else s.leader)

    def why_not(self, seat: int, action: Action) -> str | None:
        """Which rule closes a move now (the screen adds the keys that open the others)."""
        s = self.s
        if s.result is not None or seat not in self.actors():
            return None
        if action.kind == "play":
            if s.final:
                return "The cards are played out"
            if s.trick and len(action.cards) != len(s.trick):
                return f"Answer with {len(s.trick)} cards"
            return None
        if action == DECLARE and not s.final and not s.won[seat]:
            return "only once you have taken a trick"
        if action == PASS and not s.final:
            return "only when the cards are played out"
        return None

    def leads(self, seat: int) -> list[Action]:
        hand = self.s.hands[seat]
        if self.s.special:
            return [plays(tuple(hand))]
        return lead_actions(hand)

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if s.final:
            return [s.last_winner]
        return [s.leader if not s.trick and not s.offer else 1 - s.leader]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None:
            return []
        if s.final:
            return [DECLARE, PASS] if seat == s.last_winner else []
        if s.offer:  # before the lead: the other player may announce a special lead
            return [CLAIM, DECLINE] if seat == 1 - s.leader else []
        if s.trick:  # an answer, by the player who did not lead
            if seat != 1 - s.leader:
                return []
            out = answer_actions(s.hands[seat], len(s.trick))
        elif seat != s.leader:
            return []
        else:
            out = [plays(tuple(s.hands[seat]))] if s.special else lead_actions(s.hands[seat])
        if s.won[seat]:  # (may_declare: one's own move, once a trick is taken)
            out.append(DECLARE)
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        if action.target is not None or action.value is not None:
            return False
        s = self.s
        if action.kind == "play" and not s.final and s.result is None and not s.offer:
            trick = s.trick
            if (seat == s.leader) == bool(trick):  # not this seat's turn (see actors)
                return False
            chosen = action.cards
            hand = s.hands[seat]
            count = len(chosen)
            if count == 1:  # (most moves: one card)
                if chosen[0] not in hand:
                    return False
            elif not count or not all(map(hand.__contains__, chosen)) or len(set(chosen)) != count:
                return False
            if trick:
                return count == len(trick)
            if s.special:
                return count == len(hand)
            if count == 1:
                return True
            suit = chosen[0].suit
            if count == HAND_SIZE and all(c.rank is Rank.ACE for c in chosen):
                return True  # three aces, led in turn as well as out of it
            return count <= HAND_SIZE and all(c.suit is suit for c in chosen)
        return listed(action, self.legal_actions(seat))

    view = seat_view

    def cards(self) -> list[Card]:
        s = self.s
        return cards_with_stock(s, s.stock, s.upcard)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "play":
            return self._play(seat, action)
        if action is DECLARE or action == DECLARE:
            return declare(self, seat)
        if action == CLAIM or action == DECLINE:
            return self._answer_offer(seat, action == CLAIM)
        return settle_hand(self, None, "The cards ran out with nobody declaring: a draw, the pot stays", [0.0, 0.0])

    def _play(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        fields = s.__dict__  # plain stores: this runs on every card played (see TrickGame.take_trick)
        chosen = action.cards
        count = len(chosen)
        known = s.known[seat]
        hand = s.hands[seat]
        trick = s.trick
        if count == 1:  # (most moves: one card)
            card = chosen[0]
            hand.remove(card)
            if known and card in known:
                known.remove(card)
            trick.append(card)
            s.log.append(card)
            s.log_seats.append(seat)
        else:
            for card in chosen:
                hand.remove(card)
                if known and card in known:
                    known.remove(card)
            trick.extend(chosen)
            s.log.extend(chosen)
            s.log_seats.extend((seat,) * count)
        fields["stimulus"] += 1
        if len(trick) == count:  # a lead
            fields["special"] = 0
            return [play_event(seat, action, True)]
        led = trick[:count]
        trump = s.trump
        bura = count == HAND_SIZE and combination(led, trump) == BURA_LEAD
        beaten = beats(chosen[0], led[0], ORDER, trump) if count == 1 else answer_beats(led, chosen, trump)
        winner = seat if beaten else s.leader
        taken = self.take_trick(winner)
        # ("beats every card" only where there were several to beat)
        events = [play_event(seat, action, False), Event("trick", winner, _TAKES[beaten and count > 1], tuple(taken))]
        if bura:
            return events + settle_hand(
                self,
                winner,
                "{seat} [takes|take] the bura's trick and [wins|win] the hand",
                [1.0 if p == winner else -1.0 for p in (0, 1)],
            )
        if s.drawing:
            events += self._draw(winner, count)
        if not s.hands[0]:
            fields["final"] = True
            return events
        if not combination(s.hands[1 - s.leader], trump):  # (what _claim_lead looks for first)
            return events
        return events + self._claim_lead()

    def _draw(self, winner: int, each: int) -> list[Event]:
        s = self.s
        if not s.drawing:
            return []
        if self.stock_size() < 2 * each:
            s.drawing = False
            if self.stock_size():
                return [Event("stock", None, "The stock cannot fill both hands: no more drawing this hand")]
            return []
        stock = s.stock
        if len(stock) >= 2 * each:  # (the usual draw: the upcard stays, so the stock is not used up)
            mine, theirs = s.hands[winner], s.hands[1 - winner]
            for i in range(0, 2 * each, 2):
                mine.append(stock[i])
                theirs.append(stock[i + 1])
            del stock[: 2 * each]
            if not stock and s.upcard is None:  # (not in play: the upcard goes last)
                s.drawing = False
            return []
        events: list[Event] = []
        for _ in range(each):
            for seat in (winner, 1 - winner):
                if s.stock:
                    s.hands[seat].append(s.stock.pop(0))
                else:
                    up = s.upcard
                    assert up is not None
                    s.hands[seat].append(up)
                    s.known[seat].append(up)
                    s.upcard = None
                    events.append(Event("draw_up", seat, f"{{seat}} [takes|take] the upcard, the {up}", (up,)))
        if not self.stock_size():
            s.drawing = False
        return events

    def _claim_lead(self) -> list[Event]:
        """Before a lead: the other player, holding a special combination that outranks the
        leader's, may announce it (a question to them alone, so no event)."""
        s = self.s
        theirs = combination(s.hands[1 - s.leader], s.trump)
        if theirs and theirs > combination(s.hands[s.leader], s.trump):
            s.offer = theirs
        return []

    def _answer_offer(self, seat: int, announce: bool) -> list[Event]:
        s = self.s
        combo, s.offer = s.offer, 0
        if not announce:
            return [Event("decline", seat, "", data={"combination": combo})]  # (nothing said at the table)
        s.leader, s.special = seat, combo
        return [
            Event(
                "special",
                seat,
                f"{{seat}} [announces|announce] {COMBO_NAMES[combo]} and [takes|take] the lead out of turn",
                data={"combination": combo},
            )
        ]

    # ---- search (cardarcade.bots.search)

    def episode(self) -> int:
        return self.s.hand_no

    def utilities(self) -> list[float]:
        """Once the hand is over, the tokens won or lost in it as a share of the pot; before
        that, the difference in points taken."""
        s = self.s
        if s.result is not None or not s.log:
            return list(s.outcome)
        diff = (min(self.points(0), GOAL) - min(self.points(1), GOAL)) / (2 * GOAL)
        return [diff, -diff]

    def rollout_move(self, seat: int, rng: random.Random) -> Action:
        """Play-outs: declare at 31 and never short of it; lead a low single card; answer by
        beating the lead as cheaply as possible when it is worth points, else throw low."""
        s = self.s
        got = self.points(seat)
        if s.final:
            return DECLARE if got >= GOAL else PASS
        if got >= GOAL and self.may_declare(seat):
            return DECLARE
        if s.offer:
            return CLAIM if s.offer != MOLODKA or rng.random() < 0.5 else DECLINE
        hand = s.hands[seat]
        if s.special:
            return plays(tuple(hand))
        if not s.trick:
            if rng.random() < 0.2:
                legal = self.leads(seat)
                return legal[rng.randrange(len(legal))]
            plain = [c for c in hand if c.suit is not s.trump] or hand
            return plays((min(plain, key=ORDER.value),))
        return plays(cheapest_answer(hand, s.trick, s.trump))

    determinize = classmethod(deal_for_search)

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        check_save(self)


# ---- the declaration and the pot


def declare(game: Bura, seat: int) -> list[Event]:
    """``seat`` declares 31: with the points it takes the pot, short of them it pays a fine into it."""
    s = game.s
    if s.trick:  # declared instead of answering: the lead goes back, uncounted
        s.hands[s.leader].extend(s.trick)
        del s.log[-len(s.trick) :], s.log_seats[-len(s.trick) :]
        s.trick = []
    got = game.points(seat)
    event = Event("declare", seat, "{seat} [declares|declare] 31", data={"points": got})
    won = [1.0 if p == seat else -1.0 for p in (0, 1)]
    if got >= GOAL:
        return [event] + settle_hand(game, seat, f"{{seat}} [has|have] {got} and [wins|win] the hand", won)
    fine = min(s.pot, s.bank[seat])
    s.bank[seat] -= fine
    s.pot += fine
    return [event] + settle_hand(
        game, None, f"{{seat}} [has|have] only {got} and [pays|pay] {fine} into the pot", [-x for x in won], seat
    )


def settle_hand(
    game: Bura, winner: int | None, why: str, outcome: list[float], about: int | None = None
) -> list[Event]:
    """End the hand: ``winner`` takes the pot (None: it stays, after a draw or a false declaration
    by ``about``), then end the game or ante and deal the next hand. Apart from the engine as the
    one place where the tokens of a hand are paid and the game's end decided."""
    s = game.s
    pot = s.pot
    if winner is not None:
        s.bank[winner] += pot
        s.pot = 0
        why += f": {pot} token{'s' if pot != 1 else ''}"
    seat = winner if winner is not None else about
    s.last_hand, s.last_hand_seat, s.outcome = why, seat, outcome
    events = [Event("hand", seat, why, data={"pot": pot, "winner": winner})]
    ante = s.options.ante
    if s.hand_no >= s.options.max_hands or min(s.bank) < ante:
        broke = [p for p in (0, 1) if s.bank[p] < ante]
        why_end = (
            "neither player can pay the ante"
            if len(broke) == 2
            else "a player cannot pay the ante"
            if broke
            else f"{s.hand_no} hands played"
        )
        if s.pot:  # a pot left after a draw or a false declaration goes back in halves
            half = s.pot // 2
            s.bank[0] += half
            s.bank[1] += s.pot - half
            s.pot = 0
        if len(broke) == 1 and s.bank[broke[0]] < s.bank[1 - broke[0]]:
            events.append(_out_of_tokens(game, broke[0]))
        else:
            events.append(game.finish_by_most(list(s.bank), why_end, "tokens"))
        s.trick, s.final = [], False
        return events
    s.hand_no += 1
    s.dealer = 1 - s.dealer
    game._ante()
    order = game.cards()
    game.mix(order)
    events.append(Event("deal", s.dealer, f"{{seat}} [deals|deal] hand {s.hand_no}; the pot holds {s.pot}"))
    return events + game._deal(order)


def _out_of_tokens(game: Bura, loser: int) -> Event:
    """The end where ``loser`` cannot pay the ante: named, so the result says who."""
    bank = game.s.bank
    return game.finish(
        [1 - loser],
        f"Game over: {{seat}} cannot pay the ante and [loses|lose], {bank[loser]} "
        f"token{'s' if bank[loser] != 1 else ''} to {bank[1 - loser]}",
        scores=[float(x) for x in bank],
        ranking=[1 - loser, loser],
        score_name="tokens",
        losers=[loser],
    )


# ---- saves


def check_save(game: Bura) -> None:
    """Raise ValueError if a loaded hand breaks an invariant of Bura's state (after the checks
    every game makes). Apart from the engine: a save is checked once, on loading."""
    s = game.s
    n = 2
    if len(s.hands) != n or len(s.won) != n or len(s.tricks_won) != n or len(s.known) != n or len(s.bank) != n:
        raise ValueError("zones do not match the number of players")
    game.check_seats(s.dealer, s.leader, s.last_leader, s.last_winner, *s.log_seats)
    if (
        any(x < 0 for x in s.bank)
        or s.pot < 0
        or s.hand_no < 1
        or s.special not in (0, 1, 2, 3)
        or s.offer not in (0, 1, 2, 3)
    ):
        raise ValueError("bad tokens")
    if any(c not in h for k, h in zip(s.known, s.hands) for c in k):
        raise ValueError("a known card is not in its holder's hand")
    played = [c for p in s.won for c in p] + list(s.trick)
    if sorted(c.code for c in played) != sorted(c.code for c in s.log) or len(s.log_seats) != len(s.log):
        raise ValueError("the record of the cards played does not match the tricks")
    if s.result is not None:
        return
    if s.upcard is not None and s.upcard.suit is not s.trump:
        raise ValueError("the upcard is not a trump")
    counts = [len(h) for h in s.hands]
    if any(c > HAND_SIZE for c in counts):
        raise ValueError("a hand holds more than three cards")
    if s.trick:
        # a lead is of one suit, but for three aces (a special lead of mixed suits)
        mixed = (
            any(c.suit is not s.trick[0].suit for c in s.trick) and combination(list(s.trick), s.trump) != THREE_ACES
        )
        if s.final or s.special or counts[s.leader] != counts[1 - s.leader] - len(s.trick) or mixed:
            raise ValueError("the hands do not match the trick")
    elif counts[0] != counts[1]:
        raise ValueError("the hands do not match")
    if s.final != (counts == [0, 0]) or (s.final and s.last_winner is None):
        raise ValueError("the last trick is not marked")
    if s.special and (combination(s.hands[s.leader], s.trump) != s.special):
        raise ValueError("a special lead without its cards")
    if s.offer and (s.trick or s.special or combination(s.hands[1 - s.leader], s.trump) != s.offer):
        raise ValueError("a special lead offered without its cards")
    if s.stock and s.upcard is None:
        raise ValueError("the stock lies without its upcard")


def cheapest_answer(hand: list[Card], trick: list[Card], trump: Suit) -> tuple[Card, ...]:
    """An answer of as many cards as were led: the cheapest that beats them all when the lead
    is worth taking (or holds a point card), else the lowest cards."""
    size = len(trick)
    options = list(combinations(hand, size))
    worth = card_points(trick)

    def cost(chosen: tuple[Card, ...]) -> tuple:
        return (sum(c.suit is trump for c in chosen), card_points(list(chosen)), sum(ORDER.value(c) for c in chosen))

    if worth >= 10 or size > 1:
        winning = [o for o in options if answer_beats(trick, o, trump)]
        if winning:
            return min(winning, key=cost)
    return min(options, key=cost)


SPEC = GameSpec.listed("bura", rules=RULES, game=Bura)
Bura.spec = SPEC
