"""Polignac, for 3 to 6 players: tricks to avoid. Every jack taken costs a point, the jack of
spades (the Polignac) two; hands are dealt until someone reaches the target, and the lowest
score wins."""

from __future__ import annotations

import random

from pydantic import BaseModel, Field

from cardarcade.cards import POLIGNAC, Card, Rank, Suit, cards, polignac_deck
from cardarcade.rules._tricks import (
    PlayedCard,
    TrickGame,
    TrickState,
    deal_unseen,
    following,
    play,
    played_by,
    played_event,
    winning_index,
)
from cardarcade.rules.base import Action, Event, GameSpec, Options, prepare_deck

POLIGNAC_CARD = Card.of(Rank.JACK, Suit.SPADES)
JACKS = tuple(Card.of(Rank.JACK, s) for s in Suit)
ROLLOUT_NOISE = 0.2  # share of play-out moves made at random
PACKS = {n: tuple(polignac_deck(n)) for n in range(3, 7)}

RULES = """\
# Polignac

**Goal:** take as few jacks as you can. When someone's score reaches the target (10), the
lowest score wins.

- Four players use 32 cards (7 up to ace in each suit); three, five or six players use 30
  (the black sevens are left out). All the cards are dealt, so everyone has the same number.
- Cards rank, high to low: **K Q J A 10 9 8 7** (the ace sits between the jack and the ten).
- The player left of the dealer leads any card. Everyone in turn plays one card, and must
  **follow suit** if they can; if they cannot, any card may be played. There are no trumps.
- The highest card of the suit led takes the trick, and its winner leads the next.
- When the hands are played out, each jack in your won tricks costs **1 point**, and the
  **J♠ (the Polignac) costs 2**: 5 points in all each hand.
- The deal passes to the left and hands go on until someone has reached the target; then
  the lowest score wins (equal lowest scores share the win).

**House rules:** the target score, and what the J♠ costs.

**Clarifications** (the text leaves these open): the deal passes to the left after each
hand; equal lowest scores share the win; the text's scoring tokens are kept as a running
score. Nothing else departs from the text.
"""


def deck_for(*hands: str) -> list[Card]:
    """The fixed deck (``deck=``) that deals these hands ('Js 7s Ah ...', seat 0 first): the
    cards go out one at a time from seat 0."""
    dealt = [cards(h) for h in hands]
    return [dealt[p][k] for k in range(len(dealt[0])) for p in range(len(dealt))]


class PolignacOptions(Options):
    target: int = Field(
        10,
        ge=1,
        le=100,
        title="Game to",
        description="The game ends when someone's score reaches this; the lowest score wins.",
    )
    polignac_points: int = Field(
        2, ge=1, le=10, title="J♠ costs", description="Points the jack of spades (the Polignac) costs whoever takes it."
    )


class PolignacState(TrickState):
    options: PolignacOptions
    dealer: int
    hand_no: int = 1
    scores: list[int]
    last_hand: list[int] | None = None  # each seat's points in the hand just finished


class PolignacView(BaseModel):
    seat: int | None
    players: int
    dealer: int
    turn: int | None
    leader: int
    hand: list[Card]
    playable: list[Card]  # the viewer's cards that may be played now
    hand_counts: list[int]
    trick: list[PlayedCard]
    last_trick: list[PlayedCard]
    last_winner: int | None
    tricks_won: list[int]
    won: list[list[Card]]  # this hand's won cards, by seat (everyone saw who took which trick)
    played: list[Card]  # every card played this hand, the current trick included, in order
    played_by: list[int]  # who played each of them
    voids: list[list[Suit]]  # suits each seat has shown it holds none of, this hand
    scores: list[int]
    last_hand: list[int] | None
    hand_no: int
    target: int
    polignac_points: int


class Polignac(TrickGame):
    State = PolignacState
    Options = PolignacOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: PolignacOptions, deck: list[Card] | None) -> Polignac:
        order = prepare_deck(list(PACKS[players]), seed, deck)
        state = PolignacState(
            players=players, seed=seed, options=options, hands=[], won=[], dealer=players - 1, scores=[0] * players
        )
        game = cls(state)
        game._deal(order)
        return game

    def pack(self) -> list[Card]:
        return list(PACKS[self.s.players])

    def _deal(self, order: list[Card]) -> None:
        s = self.s
        n = s.players
        # one at a time from the dealer's left
        s.hands = [[] for _ in range(n)]
        for i, card in enumerate(order):
            s.hands[(s.dealer + 1 + i) % n].append(card)
        s.won = [[] for _ in range(n)]
        s.log, s.log_seats = [], []
        s.tricks_won = [0] * n
        s.trick = []
        s.leader = (s.dealer + 1) % n

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.to_play()]

    def playable(self, seat: int) -> list[Card]:
        s = self.s
        if s.result is not None or seat != self.to_play():
            return []
        return following(s.hands[seat], s.trick[0].suit if s.trick else None)

    def legal_actions(self, seat: int) -> list[Action]:
        return [play(c) for c in self.playable(seat)]

    def is_legal(self, seat: int, action: Action) -> bool:
        return (
            action.kind == "play"
            and len(action.cards) == 1
            and action.target is None
            and action.value is None
            and action.cards[0] in self.playable(seat)
        )

    def view(self, seat: int | None = None) -> PolignacView:
        s = self.s
        n = s.players
        over = s.result is not None
        return PolignacView(
            seat=seat,
            players=n,
            dealer=s.dealer,
            turn=None if over else self.to_play(),
            leader=s.leader,
            hand=list(s.hands[seat]) if seat is not None else [],
            playable=self.playable(seat) if seat is not None else [],
            hand_counts=[len(h) for h in s.hands],
            trick=played_by(s.trick, s.leader, n),
            last_trick=played_by(s.last_trick, s.last_leader, n),
            last_winner=s.last_winner,
            tricks_won=list(s.tricks_won),
            won=[list(p) for p in s.won],
            played=list(s.log),
            played_by=list(s.log_seats),
            voids=self.voids(),
            scores=list(s.scores),
            last_hand=list(s.last_hand) if s.last_hand is not None else None,
            hand_no=s.hand_no,
            target=s.options.target,
            polignac_points=s.options.polignac_points,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for h in s.hands for c in h] + [c for p in s.won for c in p] + list(s.trick)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        card = action.cards[0]
        self.play_card(seat, card)
        events = [played_event(seat, card)]
        if len(s.trick) < s.players:
            return events
        s.stimulus += 1
        winner = (s.leader + winning_index(s.trick, POLIGNAC)) % s.players
        taken = self.take_trick(winner)
        jacks = [c for c in taken if c.rank is Rank.JACK]
        what = f", with the {' and the '.join(str(c) for c in jacks)}" if jacks else ""
        events.append(Event("trick", winner, f"{{seat}} [takes|take] the trick{what}", tuple(taken)))
        if not s.hands[winner]:
            events += self._end_hand()
        return events

    def jack_points(self, pile: list[Card]) -> int:
        spade = self.s.options.polignac_points
        return sum(spade if c is POLIGNAC_CARD else 1 for c in pile if c.rank is Rank.JACK)

    def _end_hand(self) -> list[Event]:
        s = self.s
        n = s.players
        points = [self.jack_points(pile) for pile in s.won]
        s.last_hand = points
        s.scores = [a + b for a, b in zip(s.scores, points)]
        events = []
        for seat in range(n):
            if points[seat]:
                events.append(
                    Event(
                        "score",
                        seat,
                        f"{{seat}} [scores|score] {points[seat]} (now {s.scores[seat]})",
                        data={"points": points[seat]},
                    )
                )
        if max(s.scores) >= s.options.target:
            low = min(s.scores)
            winners = [p for p in range(n) if s.scores[p] == low]
            ranking = sorted(range(n), key=lambda p: s.scores[p])
            reason = (
                f"Game over: {{seat}} [wins|win] with the lowest score, {low}"
                if len(winners) == 1
                else f"Game over: {len(winners)} players share the lowest score, {low}"
            )
            events.append(
                self.finish(
                    winners,
                    reason,
                    scores=[float(x) for x in s.scores],
                    ranking=ranking,
                    score_name="points",
                    low_wins=True,
                    shared=True,
                )
            )
            return events
        s.hand_no += 1
        s.dealer = (s.dealer + 1) % n
        order = [c for pile in s.won for c in pile]
        self.mix(order)
        self._deal(order)
        events.append(Event("deal", s.dealer, f"{{seat}} [deals|deal] hand {s.hand_no}"))
        return events

    # ---- search (cardarcade.bots.search)

    def episode(self) -> int:
        """Searches look no further than the end of the hand being played."""
        return self.s.hand_no

    def utilities(self) -> list[float]:
        """Each seat's worth of the hand so far, for searches: minus the points it has taken
        (as a share of the most one seat can take)."""
        s = self.s
        most = s.options.polignac_points + 3
        # nothing played yet: the hand just ended and the next is dealt (a search stops there)
        points = [self.jack_points(pile) for pile in s.won] if s.log or s.last_hand is None else s.last_hand
        return [-p / most for p in points]

    def rollout_move(self, seat: int, rng: random.Random) -> Action:
        """A quick sensible play for search play-outs: duck under the winning card when
        following, shed jacks (the J♠ first) or high cards when void, lead low; now and then any
        card, so play-outs vary."""
        cards = self.playable(seat)
        if len(cards) == 1 or rng.random() < ROLLOUT_NOISE:
            return play(cards[rng.randrange(len(cards))])
        value = POLIGNAC.value
        trick = self.s.trick
        if not trick:
            return play(min(cards, key=value))
        if cards[0].suit is trick[0].suit:
            top = trick[winning_index(trick, POLIGNAC)]
            under = [c for c in cards if value(c) < value(top)]
            return play(max(under, key=value) if under else max(cards, key=value))
        if POLIGNAC_CARD in cards:
            return play(POLIGNAC_CARD)
        return play(max(cards, key=lambda c: (c.rank is Rank.JACK, value(c))))

    @classmethod
    def determinize(cls, view: PolignacView, seat: int, rng: random.Random) -> Polignac:
        """A whole game consistent with what ``seat`` has seen: the cards it has not seen dealt
        at random to the others (never a card of a suit someone has shown they lack)."""
        n = view.players
        seen = set(view.hand) | set(view.played)
        unseen = [c for c in PACKS[n] if c not in seen]
        counts = [0 if p == seat else view.hand_counts[p] for p in range(n)]
        hands = deal_unseen(unseen, counts, [set(v) for v in view.voids], rng)
        hands[seat] = list(view.hand)
        return cls(cls._rebuilt(view, hands))

    @classmethod
    def _rebuilt(cls, view: PolignacView, hands: list[list[Card]]) -> PolignacState:
        return PolignacState(
            players=view.players,
            seed=0,
            options=PolignacOptions(target=view.target, polignac_points=view.polignac_points),
            hands=hands,
            won=[list(p) for p in view.won],
            trick=[t.card for t in view.trick],
            leader=view.leader,
            tricks_won=list(view.tricks_won),
            log=list(view.played),
            log_seats=list(view.played_by),
            dealer=view.dealer,
            hand_no=view.hand_no,
            scores=list(view.scores),
        )

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        self.check_trick_zones()
        self.check_seats(s.dealer)
        if len(s.scores) != n or any(x < 0 for x in s.scores) or s.hand_no < 1:
            raise ValueError("bad scores")
        if s.last_hand is not None and len(s.last_hand) != n:
            raise ValueError("bad last hand")
        if s.result is not None:
            return
        if s.leader != (s.dealer + 1) % n and not any(s.won):
            raise ValueError("the first trick is led by the wrong seat")
        counts = [len(h) for h in s.hands]
        full = counts[(s.leader + n - 1) % n]  # the last to play this trick has not played yet
        for i in range(n):
            if counts[(s.leader + i) % n] != full - (1 if i < len(s.trick) else 0):
                raise ValueError("the hands do not match the trick")
        if counts[self.to_play()] == 0:
            raise ValueError("nobody has a card to play")
        if any(len(p) % n for p in s.won):
            raise ValueError("a won pile is not whole tricks")


SPEC = GameSpec.listed("polignac", rules=RULES, game=Polignac)
Polignac.spec = SPEC
