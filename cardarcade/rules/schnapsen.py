"""Schnapsen, for 2 players: twenty cards, a trump upcard, marriages, closing the stock, and
going out at 66 from memory; hands are worth 1 to 3 game points and the match goes to 7."""

from __future__ import annotations

import random
from operator import attrgetter

from pydantic import BaseModel, ConfigDict, Field

from cardarcade.cards import SCHNAPSEN, Card, Rank, Suit, cards, schnapsen_deck
from cardarcade.rules._tricks import (
    PlayedCard,
    TrickGame,
    TrickState,
    beats,
    cards_with_stock,
    deal_packets,
    deal_unseen,
    heading,
    listed,
    no_zones,
    play,
    played_by,
    played_event,
    unseen_by,
    winning_index,
)
from cardarcade.rules.base import (
    Action,
    Event,
    GameSpec,
    Options,
    construct,
    prepare_deck,
)

PACK = tuple(schnapsen_deck())
_code = attrgetter("code")
CARD_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
GOAL = 66
# The closer's opponent scores three for having won no trick before the close (the text's "no
# tricks", read so: the rules screen says it), and the line after the hand's says so.
THREE_FOR_THE_SCORER = "Three for no trick before the close"
THREE_FOR_THE_OTHER = "Three as {target} won no trick before the close"
# With the stock left open: three where the player who did not go out won no trick at all.
THREE_AS_THE_OTHER_WON_NONE = "Three as {target} won no trick"  # going out
THREE_AS_THE_SCORER_WON_NONE = "Three as {seat} won no trick"  # declaring short
EXCHANGE = Action("exchange")  # the trump jack for the upcard
CLOSE = Action("close")  # the stock
OUT = Action("out")  # declare 66: the hand ends
PASS = Action("pass")  # after the last trick: let the hand end without declaring
HAND_SIZE = 5
ROLLOUT_NOISE = 0.15  # share of the hard search's play-out moves made at random
PLAYS = {c: play(c) for c in PACK}
_PLAY_OF = {c.code: play(c) for c in PACK}  # by code: a str hashes in C, a Card in Python
_POINTS = {c.code: CARD_POINTS[c.rank] for c in PACK}
KING = Rank.KING
JACK_OF = {s: Card.of(Rank.JACK, s) for s in Suit}
QUEEN_OF = {s: Card.of(Rank.QUEEN, s) for s in Suit}
# The two leads that show each suit's marriage: the king naming the queen, and the other way round.
MARRIAGES = {
    s: (Action("marry", (Card.of(Rank.KING, s), QUEEN_OF[s])), Action("marry", (QUEEN_OF[s], Card.of(Rank.KING, s))))
    for s in Suit
}

RULES = """\
# Schnapsen

**Goal:** be first to **66 points** in a hand, and say so; win hands for game points, and
the match at **7 game points**.

- 20 cards: A, 10, K, Q, J of each suit. They score **A 11, 10 10, K 4, Q 3, J 2** when won
  in tricks (120 in all). Within a suit they rank A, 10, K, Q, J (high to low).
- Five cards each (three, then one turned up, then two). The upcard's suit is **trumps**; it
  lies across the bottom of the **stock**.
- The non-dealer leads. **While the stock is open you need not follow suit.** A trump beats
  any other suit; otherwise the higher card of the suit led wins. The winner of a trick draws
  the top card of the stock, then the other player; the last card drawn is the upcard.
- **Trump-jack exchange:** on your lead after winning a trick, while the stock is open, you
  may swap the jack of trumps for the upcard.
- **Marriages:** leading a king or queen while holding its partner, you may show the pair
  for **20**, or **40** in trumps. The points count **the next time you win a trick**; a
  marriage never followed by a trick you win counts nothing.
- **Closing**: on your lead, while the stock is open, you may close it: nobody draws any
  more. From then on, and once the stock is used up, the **strict rules** apply: follow suit
  and win the trick if you can; if you cannot follow, trump if you can.
- **Going out**: right after winning a trick, declare that you have 66. The hand ends
  and the won cards are counted (with your marriages). Nothing on the screen totals your
  points: remembering them is the game.
- **Game points** for going out with 66 or more: **1** if the other player has 33 or more,
  **2** if they have 32 or less (schneider), **3** if they won no trick (schwarz). Declaring
  with 65 or less gives the other player **2** (3 if they won no trick).
- **The closer's rules:** a closer who goes out scores as above, counting only what the other
  player had won before the close. If the closer does not go out, or the other player goes
  out first, the other player scores **2** (3 if they had won no trick before the close).
- **Last trick:** if the hands are played out with the stock never closed and nobody going
  out, the winner of the last trick scores **1** game point. After the last trick its winner
  may still declare 66 or let the hand end.
- The deal alternates; the first to 7 game points wins the match.

**House rules:** show each player's running points (off: the text's memory game), and the
match target.

**Departures and clarifications** (the text leaves these open):

- The leader may close the stock before the very first trick too (no card has been drawn yet).
- Closing and the exchange need the upcard still under the stock and at least one face-down
  card on it.
- "Three if they had not captured any tricks" for the closer's opponent is read as: no trick
  won before the close.
- When the closer loses the last trick the other player wins the hand as above, whether they
  then declare 66 (even short of it) or let the hand end.
- A marriage may be shown with the stock open or closed; the exchange only while it is open.
"""


def deck_for(h0: str, h1: str, up: str, stock: str = "") -> list[Card]:
    """The fixed deck (``deck=``) that deals these hands (seat 0 is the non-dealer), turns up
    ``up`` and starts the stock with ``stock``; the other cards follow in pack order."""
    a, b = cards(h0), cards(h1)
    order = a[:3] + b[:3] + cards(up) + a[3:] + b[3:] + cards(stock)
    return order + [c for c in PACK if c not in set(order)]


class SchnapsenOptions(Options):
    show_points: bool = Field(
        False,
        title="Show running points",
        description="Show each player's points in the hand (the text has you remember them).",
    )
    target: int = Field(
        7, ge=1, le=50, title="Match to", description="The first player to this many game points wins the match."
    )


class Marriage(BaseModel):
    model_config = ConfigDict(frozen=True)  # a clone shares these records with its original

    seat: int
    suit: Suit
    points: int
    scored: bool = False


class SchnapsenState(TrickState):
    options: SchnapsenOptions
    dealer: int = 1
    hand_no: int = 1
    trump: Suit
    upcard: Card | None  # face up under the stock (None once drawn)
    stock: list[Card]  # face down, index 0 on top
    closed_by: int | None = None
    close_points: list[int] = [0, 0]  # at the close: each seat's points, and tricks won
    close_tricks: list[int] = [0, 0]
    melds: list[int] = [0, 0]  # marriage points scored this hand
    marriages: list[Marriage] = []
    known: list[list[Card]] = [[], []]  # cards both players know a seat holds (shown or taken face up)
    strict_from: int | None = None  # the number of cards played this hand when the strict rules began
    final: bool = False  # the last trick is taken: its winner declares or lets the hand end
    scores: list[int] = [0, 0]  # game points
    last_hand: list[int] | None = None  # game points each seat won in the hand just ended


class SchnapsenView(BaseModel):
    seat: int | None
    dealer: int
    turn: int | None
    leader: int
    hand: list[Card]
    playable: list[Card]
    hand_counts: list[int]
    trick: list[PlayedCard]
    last_trick: list[PlayedCard]
    last_winner: int | None
    trump: Suit
    upcard: Card | None
    stock: int
    closed_by: int | None
    strict: bool  # follow, head, trump
    may_exchange: bool
    may_close: bool
    may_declare: bool
    strict_from: int | None
    final: bool
    marriages: list[Marriage]
    known: list[list[Card]]
    won: list[list[Card]]  # by seat: both players saw every trick taken (they must remember it)
    played: list[Card]  # this hand's cards in play order
    played_by: list[int]
    tricks_won: list[int]
    close_points: list[int]
    close_tricks: list[int]
    melds: list[int]
    points: list[int] | None  # each seat's points in this hand: only under the house rule
    scores: list[int]
    last_hand: list[int] | None
    hand_no: int
    target: int
    show_points: bool


def card_points(cards: list[Card]) -> int:
    return sum(map(_POINTS.__getitem__, map(_code, cards)))


def seat_view(game: Schnapsen, seat: int | None = None) -> SchnapsenView:
    """What ``seat`` may see (``None``: a spectator): its own hand, the cards known in the other's,
    everything played and scored. Apart from the engine because it is read-only: the one place
    that decides what is hidden."""
    s = game.s
    over = s.result is not None
    return SchnapsenView(
        seat=seat,
        dealer=s.dealer,
        turn=None if over else game.actors()[0],
        leader=s.leader,
        hand=list(s.hands[seat]) if seat is not None else [],
        playable=game.playable(seat) if seat is not None else [],
        hand_counts=[len(h) for h in s.hands],
        trick=played_by(s.trick, s.leader, 2),
        last_trick=played_by(s.last_trick, s.last_leader, 2),
        last_winner=s.last_winner,
        trump=s.trump,
        upcard=s.upcard,
        stock=len(s.stock),
        closed_by=s.closed_by,
        strict=game.strict,
        may_exchange=seat is not None and game.may_exchange(seat),
        may_close=seat is not None and game.may_close(seat),
        may_declare=seat is not None and (game.may_declare(seat) or (s.final and seat == s.last_winner)),
        strict_from=s.strict_from,
        final=s.final,
        marriages=[m.model_copy() for m in s.marriages],
        known=[list(k) for k in s.known],
        won=[list(p) for p in s.won],
        played=list(s.log),
        played_by=list(s.log_seats),
        tricks_won=list(s.tricks_won),
        close_points=list(s.close_points),
        close_tricks=list(s.close_tricks),
        melds=list(s.melds),
        points=[game.points(p) for p in (0, 1)] if s.options.show_points else None,
        scores=list(s.scores),
        last_hand=list(s.last_hand) if s.last_hand is not None else None,
        hand_no=s.hand_no,
        target=s.options.target,
        show_points=s.options.show_points,
    )


# ---- the search's deal (cardarcade.bots.search)


def deal_for_search(cls: type[Schnapsen], view: SchnapsenView, seat: int, rng: random.Random) -> Schnapsen:
    """``Schnapsen.determinize``: a whole game consistent with what ``seat`` has seen, the cards it
    has not seen dealt at random to the other's hand (never of a suit it has shown it lacks) and
    the stock. Apart from the engine: it builds a game from a view, where the engine plays from
    its own state."""
    other = 1 - seat
    known_other, unseen, free = unseen_by(view, seat, PACK)
    voids = _strict_voids(view, other)
    hands_other, stock = deal_unseen(unseen, [free, view.stock], [voids, set()], rng)
    hands: list[list[Card]] = [[], []]
    hands[seat] = list(view.hand)
    hands[other] = known_other + hands_other
    state = SchnapsenState(
        players=2,
        seed=rng.randrange(1 << 30),
        options=SchnapsenOptions(show_points=view.show_points, target=view.target),
        hands=hands,
        won=[list(p) for p in view.won],
        trick=[t.card for t in view.trick],
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
        closed_by=view.closed_by,
        close_points=list(view.close_points),
        close_tricks=list(view.close_tricks),
        melds=list(view.melds),
        marriages=[m.model_copy() for m in view.marriages],
        known=[list(k) for k in view.known],
        strict_from=view.strict_from,
        final=view.final,
        scores=list(view.scores),
        last_hand=view.last_hand,
    )
    return cls(state)


def _strict_voids(view: SchnapsenView, seat: int) -> set[Suit]:
    """The suits ``seat`` has shown it lacks by not following under the strict rules (and
    trumps, if it did not trump either)."""
    out: set[Suit] = set()
    if view.strict_from is None:
        return out
    log, seats = view.played, view.played_by
    for i in range(view.strict_from + 1, len(log), 2):
        led, card = log[i - 1], log[i]
        if seats[i] == seat and card.suit is not led.suit:
            out.add(led.suit)  # type: ignore[arg-type]
            if card.suit is not view.trump:
                out.add(view.trump)
    return out


class Schnapsen(TrickGame):
    """The play of the cards, the marriages, the exchange and the close, move by move. What a seat
    sees (``seat_view``) and the search's deal (``deal_for_search``) stand above the class; the
    scoring of a hand (``score_hand``) and the save checks (``check_save``) below it."""

    State = SchnapsenState
    Options = SchnapsenOptions
    __slots__ = ()
    NESTED = ("hands", "won", "known")

    @classmethod
    def setup(cls, players: int, seed: int, options: SchnapsenOptions, deck: list[Card] | None) -> Schnapsen:
        order = prepare_deck(PACK, seed, deck)
        state = construct(
            SchnapsenState,
            players=2,
            seed=seed,
            options=options,
            hands=[[], []],
            won=[[], []],
            trump=Suit.CLUBS,
            upcard=None,
            stock=[],
            close_points=[0, 0],
            close_tricks=[0, 0],
            melds=[0, 0],
            marriages=[],
            known=[[], []],
            scores=[0, 0],
            **no_zones(),
        )
        game = cls(state)
        game._deal(order)
        return game

    def pack(self) -> list[Card]:
        return list(PACK)

    def _deal(self, order: list[Card]) -> None:
        """Three each from the non-dealer, the upcard, two each; the rest is the stock."""
        s = self.s
        first = 1 - s.dealer
        hands, i = deal_packets(order, 2, (3,))
        upcard = order[i]
        hands, i = deal_packets(order, 2, (2,), start=i + 1, hands=hands)
        # one update rather than a dozen assignments: a redeal is a hot path in searches
        s.__dict__.update(
            hands=hands if first == 0 else hands[::-1],
            upcard=upcard,
            trump=upcard.suit,
            stock=list(order[i:]),
            won=[[], []],
            known=[[], []],
            tricks_won=[0, 0],
            melds=[0, 0],
            close_points=[0, 0],
            close_tricks=[0, 0],
            trick=[],
            log=[],
            log_seats=[],
            marriages=[],
            leader=first,
            closed_by=None,
            final=False,
            strict_from=None,
            last_trick=[],
            last_winner=None,
        )

    # ---- facts

    def points(self, seat: int) -> int:
        """Trick points plus marriages scored, this hand."""
        return card_points(self.s.won[seat]) + self.s.melds[seat]

    @property
    def stock_open(self) -> bool:
        s = self.s
        return s.closed_by is None and s.upcard is not None

    @property
    def strict(self) -> bool:
        return not self.stock_open

    def leading(self, seat: int) -> bool:
        s = self.s
        return s.result is None and not s.final and not s.trick and s.leader == seat

    def may_exchange(self, seat: int) -> bool:
        s = self.s
        return (
            self.leading(seat)
            and self.stock_open
            and s.last_winner == seat
            and len(s.stock) > 0
            and JACK_OF[s.trump] in s.hands[seat]
        )

    def may_close(self, seat: int) -> bool:
        return self.leading(seat) and self.stock_open and len(self.s.stock) > 0

    def may_declare(self, seat: int) -> bool:
        s = self.s
        return s.result is None and s.last_winner == seat and not s.trick and s.leader == seat

    def why_not(self, seat: int, action: Action) -> str | None:
        """Which rule closes a command now, so a new player learns when it opens (the cards'
        rules are shown by the hand itself; the last trick's choice needs no reason)."""
        s = self.s
        if s.result is not None or s.final or seat != self.to_play():
            return None
        if action.kind == "play":
            return self._card_closed(seat) if self.strict else None
        leading = self.leading(seat)
        if action.kind == "marry":
            return (
                "you hold no king and queen of one suit"
                if leading
                else "only on your lead, holding a king and queen of one suit"
            )
        if action == EXCHANGE:
            return self._exchange_closed(seat)
        if action == CLOSE:
            return "the stock is already closed or used up" if leading else "only on your lead, while the stock is open"
        if action == OUT:
            return "only right after you win a trick, before you lead again"
        return None

    def _card_closed(self, seat: int) -> str:
        s = self.s
        if s.trick and any(c.suit is s.trick[0].suit for c in s.hands[seat]):
            return "Strict rules: follow suit, and win the trick if you can"
        return "Strict rules: you cannot follow, so you must trump"

    def _exchange_closed(self, seat: int) -> str:
        s = self.s
        jack = JACK_OF[s.trump]
        if jack not in s.hands[seat]:
            return f"you do not hold the {jack}"
        if not self.leading(seat) or s.last_winner != seat:
            return "only on your lead after winning a trick"
        return "only while the stock is open"

    def playable(self, seat: int) -> list[Card]:
        s = self.s
        if s.result is not None or s.final or seat != self.to_play():
            return []
        if self.strict:
            return heading(s.hands[seat], s.trick, SCHNAPSEN, s.trump)
        return list(s.hands[seat])

    def marriages_open(self, seat: int) -> list[Action]:
        """Leads that show a marriage: the king or the queen, naming its partner."""
        if not self.leading(seat):
            return []
        hand = self.s.hands[seat]
        out: list[Action] = []
        for card in hand:
            if card.rank is Rank.KING and QUEEN_OF[card.suit] in hand:
                out += MARRIAGES[card.suit]
        return out

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        return [s.last_winner] if s.final else [self.to_play()]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None:
            return []
        if s.final:
            return [OUT, PASS] if seat == s.last_winner else []
        if seat != (s.leader + len(s.trick)) % 2:
            return []
        hand = s.hands[seat]
        stock_open = s.closed_by is None and s.upcard is not None
        if s.trick:
            cards = hand if stock_open else heading(hand, s.trick, SCHNAPSEN, s.trump)
            return list(map(_PLAY_OF.__getitem__, map(_code, cards)))
        # one pass for the lead and what may go with it (the search calls this most)
        out = list(map(_PLAY_OF.__getitem__, map(_code, hand)))
        for card in hand:
            if card.rank is KING and QUEEN_OF[card.suit] in hand:
                out += MARRIAGES[card.suit]
        won_last = s.last_winner == seat
        if stock_open and s.stock:
            if won_last and JACK_OF[s.trump] in hand:
                out.append(EXCHANGE)
            out.append(CLOSE)
        if won_last:
            out.append(OUT)
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        if action.target is not None or action.value is not None:
            return False
        if action.kind == "play":
            s = self.s
            if len(action.cards) != 1 or s.final or seat != (s.leader + len(s.trick)) % 2:
                return False
            card = action.cards[0]
            if s.closed_by is None and s.upcard is not None:  # the stock open, checked without building the list
                return card in s.hands[seat]
            return card in heading(s.hands[seat], s.trick, SCHNAPSEN, s.trump)
        return listed(action, self.legal_actions(seat))

    view = seat_view

    def cards(self) -> list[Card]:
        s = self.s
        return cards_with_stock(s, s.stock, s.upcard)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        kind = action.kind
        if kind == "play":
            return self._play(seat, action.cards[0])
        if kind == "marry":
            led, partner = action.cards
            points = 40 if led.suit is s.trump else 20
            s.marriages.append(Marriage(seat=seat, suit=led.suit, points=points))
            if partner not in s.known[seat]:
                s.known[seat].append(partner)
            s.stimulus += 1
            event = Event(
                "marriage",
                seat,
                f"{{seat}} [shows|show] the marriage {led} {partner} ({points}{', in trumps' if points == 40 else ''})",
                (led, partner),
                data={"points": points},
            )
            return [event] + self._play(seat, led)
        if kind == "exchange":
            jack = JACK_OF[s.trump]
            old = s.upcard
            assert old is not None
            hand = s.hands[seat]
            hand.remove(jack)
            hand.append(old)
            s.upcard = jack
            if jack in s.known[seat]:
                s.known[seat].remove(jack)
            s.known[seat].append(old)
            s.stimulus += 1
            return [Event("exchange", seat, f"{{seat}} [exchanges|exchange] the {jack} for the {old}", (jack, old))]
        if kind == "close":
            s.closed_by = seat
            s.close_points = [self.points(0), self.points(1)]
            s.close_tricks = list(s.tricks_won)
            s.strict_from = len(s.log)
            s.stimulus += 1
            return [
                Event("close", seat, "{seat} [closes|close] the stock: no more drawing; follow suit and head the trick")
            ]
        if kind == "out":
            return score_hand(self, declarer=seat)
        return score_hand(self, declarer=None)  # pass, after the last trick

    def _play(self, seat: int, card: Card) -> list[Event]:
        s = self.s
        self.play_card(seat, card)
        known = s.known[seat]
        if known and card in known:
            known.remove(card)
        events = [played_event(seat, card)]
        if len(s.trick) < 2:
            return events
        s.__dict__["stimulus"] += 1  # (a plain store: this runs on every trick)
        winner = (s.leader + winning_index(s.trick, SCHNAPSEN, s.trump)) % 2
        taken = self.take_trick(winner)
        events.append(Event("trick", winner, "{seat} [takes|take] the trick", tuple(taken)))
        if s.marriages:
            for i, m in enumerate(s.marriages):
                if m.seat == winner and not m.scored:
                    s.marriages[i] = m.model_copy(update={"scored": True})
                    s.melds[winner] += m.points
        if s.closed_by is None and s.upcard is not None:  # the stock is open
            events += self._draw(winner)
        if not s.hands[0] and not s.hands[1]:
            s.final = True
        return events

    def _draw(self, winner: int) -> list[Event]:
        s = self.s
        for seat in (winner, 1 - winner):
            if s.stock:
                s.hands[seat].append(s.stock.pop(0))
            else:
                up = s.upcard
                assert up is not None
                s.hands[seat].append(up)
                s.known[seat].append(up)
                s.upcard = None
                s.strict_from = len(s.log)
                return [
                    Event("draw_up", seat, f"{{seat}} [takes|take] the upcard, the {up}: the stock is used up", (up,))
                ]
        return []

    # ---- search (cardarcade.bots.search)

    def episode(self) -> int:
        return self.s.hand_no

    def utilities(self) -> list[float]:
        """The hand's game points (won minus lost, a third of them a point) once it is over;
        before that, the difference in points in the hand."""
        s = self.s
        if s.result is not None or (not s.log and s.last_hand is not None):
            a, b = s.last_hand or (0, 0)
            return [(a - b) / 3, (b - a) / 3]
        diff = (self.points(0) - self.points(1)) / (2 * GOAL)
        return [diff, -diff]

    def baseline_move(self, seat: int, rng: random.Random) -> Action:
        """The baseline's play-outs: any card, except that a player goes out at 66 and never
        declares short of it (the points are known to a perfect memory)."""
        s = self.s
        if s.final:
            return OUT if self.points(seat) >= GOAL else PASS
        legal = self.legal_actions(seat)
        if OUT in legal:
            if self.points(seat) >= GOAL:
                return OUT
            legal = [a for a in legal if a is not OUT]
        return legal[rng.randrange(len(legal))]

    def rollout_move(self, seat: int, rng: random.Random) -> Action:
        """Play-outs for the hard search: go out at 66, show marriages, take the exchange,
        never close; lead a low plain card; take a trick worth taking as cheaply as possible,
        else throw the lowest plain card; now and then any card."""
        s = self.s
        if s.final:
            return OUT if self.points(seat) >= GOAL else PASS
        points = self.points(seat)
        if points >= GOAL and s.last_winner == seat and not s.trick:
            return OUT
        cards = self.playable(seat)
        if rng.random() < ROLLOUT_NOISE:
            return PLAYS[cards[rng.randrange(len(cards))]]
        trump = s.trump
        value = SCHNAPSEN.value
        if not s.trick:
            if self.may_exchange(seat):
                return EXCHANGE
            marriages = self.marriages_open(seat)
            if marriages:
                return marriages[0]
            plain = [c for c in cards if c.suit is not trump] or cards
            return PLAYS[min(plain, key=value)]
        led = s.trick[0]
        winners = [c for c in cards if beats(c, led, SCHNAPSEN, trump)]
        if winners and (CARD_POINTS[led.rank] >= 10 or self.strict):
            return PLAYS[min(winners, key=lambda c: (c.suit is trump, value(c)))]
        return PLAYS[min(cards, key=lambda c: (c.suit is trump, value(c)))]

    determinize = classmethod(deal_for_search)

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        check_save(self)


# ---- the end of a hand


def score_hand(game: Schnapsen, declarer: int | None) -> list[Event]:
    """End the hand: ``declarer`` went out (or declared short of 66), or nobody did (None: the
    last trick was played, or the closer failed). Score the game points the text gives for it,
    then end the match or deal the next hand. Apart from the engine as the judge of a hand: the
    play only says when the hand ends, this says who scores what and why."""
    s = game.s
    closer = s.closed_by
    points = [game.points(0), game.points(1)]
    events: list[Event] = []
    because = ""  # why three game points, when it is for no trick before the close
    if declarer is not None:
        events.append(Event("declare", declarer, "{seat} [declares|declare] 66", data={"points": points[declarer]}))
        if s.final and closer is not None and declarer != closer:
            declarer = None  # the closer lost the last trick: the hand is the other's, declared or not
    if declarer is not None:
        other = 1 - declarer
        if points[declarer] >= GOAL:
            winner = declarer
            if closer is not None and closer != declarer:
                game_points = 3 if s.close_tricks[winner] == 0 else 2
                why = "{seat} [goes|go] out before the closer"
                because = THREE_FOR_THE_SCORER if game_points == 3 else ""
            else:
                opp_points = s.close_points[other] if closer is not None else points[other]
                opp_tricks = s.close_tricks[other] if closer is not None else s.tricks_won[other]
                game_points = 3 if opp_tricks == 0 else 2 if opp_points < 33 else 1
                why = f"{{seat}} [goes|go] out with {points[declarer]}"
                if game_points == 3:
                    because = THREE_FOR_THE_OTHER if closer is not None else THREE_AS_THE_OTHER_WON_NONE
        else:
            winner = other
            tricks = s.close_tricks[winner] if closer is not None and declarer == closer else s.tricks_won[winner]
            game_points = 3 if tricks == 0 else 2
            why = f"{{target}} [target:declares|declare] with only {points[declarer]}: {{seat}} [scores|score]"
            if game_points == 3:
                because = (
                    THREE_FOR_THE_SCORER if closer is not None and declarer == closer else THREE_AS_THE_SCORER_WON_NONE
                )
    elif closer is not None:
        winner = 1 - closer
        game_points = 3 if s.close_tricks[winner] == 0 else 2
        why = "{target} closed and did not go out: {seat} [scores|score]"
        because = THREE_FOR_THE_SCORER if game_points == 3 else ""
    else:
        winner = s.last_winner
        game_points = 1
        why = "{seat} took the last trick"
    s.scores[winner] += game_points
    s.last_hand = [game_points if p == winner else 0 for p in (0, 1)]
    won = f"{game_points} game point{'s' if game_points > 1 else ''}"
    # ("… Bot 1 scores 3 game points", not "scores: 3": the why may end in the verb)
    events.append(
        Event(
            "hand",
            winner,
            f"{why} {won}" if why.endswith("[scores|score]") else f"{why}: {won}",
            target=1 - winner,
            data={"game_points": game_points, "points": points},
        )
    )
    # whose hand points are whose, and why three where the close decided it (a line of its own:
    # the hand's line would not fit a narrow log)
    events.append(
        Event(
            "hand_points",
            winner,
            (f"{because} · " if because else "")
            + f"{{seat}} had {points[winner]} hand points, {{target}} {points[1 - winner]}",
            target=1 - winner,
        )
    )
    if s.scores[winner] >= s.options.target:
        events.append(
            game.finish(
                [winner],
                f"{{seat}} [wins|win] the match, {s.scores[winner]} to {s.scores[1 - winner]}",
                scores=[float(x) for x in s.scores],
                ranking=[winner, 1 - winner],
                score_name="game points",
            )
        )
        return events
    s.hand_no += 1
    s.dealer = 1 - s.dealer
    order = game.cards()
    game.mix(order)
    game._deal(order)
    events.append(
        Event("deal", s.dealer, f"{{seat}} [deals|deal] hand {s.hand_no}; trumps are {s.trump.noun}", (s.upcard,))
    )
    return events


# ---- saves


def check_save(game: Schnapsen) -> None:
    """Raise ValueError if a loaded hand breaks an invariant of Schnapsen's state (after the checks
    every game makes). Apart from the engine: a save is checked once, on loading."""
    s = game.s
    game.check_trick_zones()
    game.check_seats(s.dealer, s.closed_by)
    if (
        len(s.scores) != 2
        or len(s.melds) != 2
        or len(s.known) != 2
        or any(x < 0 for x in s.scores)
        or len(s.close_points) != 2
        or len(s.close_tricks) != 2
        or s.hand_no < 1
    ):
        raise ValueError("bad scores")
    if any(m.seat not in (0, 1) or m.points not in (20, 40) for m in s.marriages):
        raise ValueError("bad marriages")
    if any(c not in h for k, h in zip(s.known, s.hands) for c in k):
        raise ValueError("a known card is not in its holder's hand")
    if s.result is not None:
        return
    if s.upcard is not None and s.upcard.suit is not s.trump:
        raise ValueError("the upcard is not a trump")
    counts = [len(h) for h in s.hands]
    if s.trick:
        if counts[s.leader] + 1 != counts[1 - s.leader]:
            raise ValueError("the hands do not match the trick")
    elif counts[0] != counts[1]:
        raise ValueError("the hands do not match")
    if s.final != (counts == [0, 0]):
        raise ValueError("the last trick is not marked")
    if game.stock_open and counts[1 - s.leader] != HAND_SIZE:
        raise ValueError("a hand is short while the stock is open")
    if len(s.stock) % 2 == 0 and s.upcard is not None:
        raise ValueError("the stock cannot be drawn in pairs")
    if any(len(p) % 2 for p in s.won):
        raise ValueError("a won pile is not whole tricks")
    if (s.strict_from is None) != game.stock_open or (s.strict_from or 0) > len(s.log):
        raise ValueError("the strict rules began at an impossible point")


SPEC = GameSpec.listed("schnapsen", rules=RULES, game=Schnapsen)
Schnapsen.spec = SPEC
