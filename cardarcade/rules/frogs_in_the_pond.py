"""Frogs in the Pond (Frogpond), for 2 to 5 players; at four, two sides of partners.

Tricks without trumps, the highest card of the suit led winning. Each trick's winner also
takes the top card of the frog pile (the pond) without anyone else seeing it, partner included.
Tens, fives, aces, kings, queens and jacks score (10/5/4/3/2/1) for whoever takes them; a
player who does not follow suit when able (a revoke) may do so, but loses 10 points. Game to 100.

Seats are the players as set up. At four, the partners are drawn by colour or chosen, and the
sides sit alternately (``cardarcade.rules._partners``), so the order of play round the table is
``ring``, not always the seat numbers: play, the deal and the lead pass along ``ring``.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import ACES_HIGH, Card, Rank, Suit, standard_deck
from cardarcade.rules._partners import check_sides, chosen_sides, draw_sides, left_of, seat_after, seating
from cardarcade.rules._tricks import (
    PlayedCard,
    TrickGame,
    TrickState,
    deal_unseen,
    no_zones,
    play,
    played_event,
    winning_index,
)
from cardarcade.rules.base import Action, Event, GameSpec, Options, SharedEvents, choice_labels, construct, prepare_deck

TADPOLE = Card.of(Rank.JACK, Suit.SPADES)
POINTS = {Rank.TEN: 10, Rank.FIVE: 5, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
TADPOLE_POINTS = -10
HAND_SIZE = {2: 10, 3: 13, 4: 10, 5: 8}  # each player's cards, and the frogs in the pond
FOUR_REMOVED = (Card.of(Rank.TWO, Suit.CLUBS), Card.of(Rank.TWO, Suit.DIAMONDS))  # the text: "two deuces"
ROLLOUT_NOISE = 0.15  # share of play-out moves made at random


def pack_for(players: int) -> list[Card]:
    deck = standard_deck()
    if players == 4:
        return [c for c in deck if c not in FOUR_REMOVED]
    if players == 5:
        return [c for c in deck if c.rank is not Rank.TWO]
    return deck


PACKS = {n: tuple(pack_for(n)) for n in range(2, 6)}
# The packets of a deal: two at a time, an odd hand's last card alone.
PACKETS = {size: (2,) * (size // 2) + (1,) * (size % 2) for size in set(HAND_SIZE.values())}
# Every card's action and worth, looked up on every move and every count (cards hash in C).
PLAY_OF = {card: play(card) for card in standard_deck()}

RULES = """\
# Frogs in the Pond

**Goal:** be the first player (or side) to reach **100 points**, by taking cards that score.

- **Players:** 2 to 5. At four you play as **partners, two against two**: partners are drawn
  by colour (two red and two black cards: the reds against the blacks) or chosen at setup,
  and sit **opposite** each other, so the turn alternates between the sides. The table
  shows who partners whom. With 2, 3 or 5 players, everyone plays for themself.
- **The deal:** two cards at a time until each player has **10** cards; the next 10 go face
  down in the middle: the **frogs in the pond**. Three players use the whole pack with 13 each
  and 13 frogs; four remove two deuces (we take out the 2♣ and the 2♦); five remove all four
  deuces and get 8 each and 8 frogs. Two players get 10 each and 10 frogs, and the rest of
  the pack stays aside unseen. There are always as many frogs as cards in a hand.
- **Cards rank** A (high) K Q J 10 9 8 7 6 5 4 3 2. There are no trumps.
- The player left of the dealer leads. Everyone in turn plays one card; you **must follow
  suit** if you can, and may play anything when you cannot. The highest card of the suit
  led wins the trick, and its winner leads the next.
- **A frog for each trick:** the winner also takes the top frog and looks at it. **Nobody
  else sees it, not even a partner.** It counts for whoever took it.
- **Revoke:** not following suit when you could is allowed, but costs **10 points**.
  The table warns you and asks before you do it.
- **Scoring**, when the hands are played out: each **ten 10**, **five 5**, **ace 4**,
  **king 3**, **queen 2**, **jack 1**, in the tricks and the frogs you took. Partners add
  their points together. The deal passes to the left. When a side (or player) has reached
  100 at the end of a hand, the highest score wins; equal highest scores share the win.

**House rules:** the target score; the **tadpole** (the J♠ counts **-10** to whoever takes
it, off by default); how partners are found at four (drawn, chosen, or none: each for
themself) and whom seat 1 partners when chosen; what a revoke costs; the most hands a
game may last.

**Departures from the text:** the text does not say which two deuces go at four: we remove
the 2♣ and 2♦. It does not say when a revoke is found out: here the table sees it at once
and says so (everyone learns the revoker held that suit). The text says the first side to
100 wins; we count at the end of each hand, and if several reach it the highest wins.
Revokes can take scores down for ever, so a game also ends after 20 hands (a house rule),
the highest score winning. Bots never revoke.
"""


class FrogsOptions(Options):
    target: int = Field(
        100,
        ge=10,
        le=1000,
        title="Game to",
        description="The first player or side with this many points at the end of a hand wins.",
    )
    tadpole: bool = Field(
        False, title="Tadpole (J♠ -10)", description="The jack of spades counts minus 10 to whoever takes it."
    )
    partners: Literal["drawn", "chosen", "none"] = Field(
        "drawn",
        title="Partners at four",
        description="Drawn by colour (reds against blacks), chosen below, or none (each for themself).",
        json_schema_extra=choice_labels(
            {"drawn": "drawn by colour", "chosen": "chosen", "none": "none: each for themself"}
        ),
    )
    partner: Literal[2, 3, 4] = Field(
        3,
        title="Seat 1's partner",
        description="When partners are chosen: who plays with seat 1.",
        json_schema_extra=choice_labels({2: "seat 2", 3: "seat 3", 4: "seat 4"}),
    )
    revoke_penalty: int = Field(
        10, ge=0, le=100, title="A revoke costs", description="Points lost for not following suit when able."
    )
    max_hands: int = Field(
        20,
        ge=1,
        le=200,
        title="Hands at most",
        description="If nobody has reached the target after this many hands, the highest score wins.",
    )


class FrogsState(TrickState):
    options: FrogsOptions
    side: list[int]  # each seat's side (its own number when everyone plays alone)
    ring: list[int]  # the seats in the order they sit, clockwise: play passes along it
    drawn: list[Card] = []  # the cards drawn for partners, by seat (empty when not drawn)
    dealer: int
    hand_no: int = 1
    pond: list[Card] = []  # the frogs still in the pond, top first
    frogs: list[list[Card]] = []  # the frogs each seat has taken this hand (only it saw them)
    aside: list[Card] = []  # cards not dealt (two players)
    revokes: list[int] = []  # positions in ``log`` of the cards played as revokes this hand
    scores: list[int]  # by side
    last_hand: list[int] | None = None  # each side's points in the hand just finished
    last_frogs: list[list[Card]] | None = None  # the frogs of the hand just finished, shown when it was counted


class FrogsView(BaseModel):
    seat: int | None
    players: int
    ring: list[int]
    side: list[int]
    partnership: bool
    drawn: list[Card]
    dealer: int
    turn: int | None
    leader: int
    hand: list[Card]
    playable: list[Card]  # the viewer's cards that follow suit (or any, when it cannot)
    revoking: list[Card]  # the viewer's cards it may play now only as a revoke
    hand_counts: list[int]
    trick: list[PlayedCard]
    last_trick: list[PlayedCard]
    last_winner: int | None
    tricks_won: list[int]
    won: list[list[Card]]  # the tricks' cards each seat took (everyone saw them)
    frog_counts: list[int]
    my_frogs: list[Card]  # the frogs the viewer took (nobody else's)
    pond: int
    aside: int
    played: list[Card]
    played_by: list[int]
    revokes: list[int]  # positions in ``played`` of the revokes
    voids: list[list[Suit]]
    scores: list[int]  # by side
    last_hand: list[int] | None
    last_frogs: list[list[Card]] | None
    hand_no: int
    target: int
    tadpole: bool
    revoke_penalty: int


def card_points(card: Card, tadpole: bool) -> int:
    if tadpole and card is TADPOLE:
        return TADPOLE_POINTS
    return POINTS.get(card.rank, 0)


WORTH = {tadpole: {card: card_points(card, tadpole) for card in standard_deck()} for tadpole in (False, True)}


def _revoke_event(seat: int, card: Card, led: Suit, penalty: int) -> Event:
    return Event(
        "revoke",
        seat,
        f"{{seat}} [revokes|revoke]: did not follow {led.noun} while holding one, and [loses|lose] {penalty} points",
        (card,),
        data={"penalty": penalty},
    )


_REVOKED = SharedEvents(_revoke_event)  # by seat, card, suit led and penalty


def revoke_event(seat: int, card: Card, led: Suit, penalty: int) -> Event:
    """'{seat} revokes: ...' (one shared event per case, as ``played_event``)."""
    return _REVOKED[seat, card, led, penalty]


class FrogsInThePond(TrickGame):
    State = FrogsState
    Options = FrogsOptions
    NESTED = ("hands", "won", "frogs")
    REVOKES = True  # whether revoking is among the legal moves (searches leave it out)
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: FrogsOptions, deck: list[Card] | None) -> FrogsInThePond:
        order = prepare_deck(list(PACKS[players]), seed, deck)
        drawn: list[Card] = []
        if players == 4 and options.partners == "drawn":
            # a separate stream, so a fixed deck's deal does not depend on the draw
            side, drawn = draw_sides(4, 2, random.Random(f"partners {seed}"))
        elif players == 4 and options.partners == "chosen":
            side = chosen_sides(4, options.partner - 1)
        else:
            side = list(range(players))
        ring = seating(side)
        # (built from trusted values: validating a new state cost more than a short game's moves)
        state = construct(
            FrogsState,
            players=players,
            seed=seed,
            options=options,
            hands=[],
            won=[],
            side=side,
            ring=ring,
            drawn=drawn,
            dealer=ring[-1],
            scores=[0] * (max(side) + 1),
            **no_zones(),
        )
        game = cls(state)
        deal(state, order)
        return game

    def pack(self) -> list[Card]:
        return list(PACKS[self.s.players])

    @property
    def partnership(self) -> bool:
        return max(self.s.side) + 1 < self.s.players

    def after(self, seat: int, steps: int = 1) -> int:
        return seat_after(self.s.ring, seat, steps)

    # ---- contract

    def to_play(self) -> int:
        s = self.s
        ring = s.ring
        return ring[(ring.index(s.leader) + len(s.trick)) % len(ring)]

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.to_play()]

    def _split(self, seat: int) -> tuple[list[Card], list[Card]]:
        """``seat``'s cards that may be played now: those that follow suit (any card when it
        cannot follow or leads), and those it could play only by revoking."""
        s = self.s
        if s.result is not None or seat != self.to_play():
            return [], []
        hand = s.hands[seat]
        if not s.trick:
            return list(hand), []
        led = s.trick[0].suit
        same = [c for c in hand if c.suit is led]
        if not same:
            return list(hand), []
        return same, ([c for c in hand if c.suit is not led] if self.REVOKES else [])

    def playable(self, seat: int) -> list[Card]:
        """The cards that follow suit (any card when the seat cannot follow or leads)."""
        return self._split(seat)[0]

    def revoking(self, seat: int) -> list[Card]:
        """The cards ``seat`` could play now only by revoking."""
        return self._split(seat)[1]

    def legal_actions(self, seat: int) -> list[Action]:
        ok, revokes = self._split(seat)
        plays = PLAY_OF.__getitem__
        return [*map(plays, ok), *map(plays, revokes)] if revokes else list(map(plays, ok))

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if (
            action.kind != "play"
            or len(action.cards) != 1
            or action.target is not None
            or action.value is not None
            or s.result is not None
            or seat != self.to_play()
        ):
            return False
        card = action.cards[0]
        hand = s.hands[seat]
        if card not in hand:
            return False
        if self.REVOKES or not s.trick:
            return True
        led = s.trick[0].suit
        return card.suit is led or all(c.suit is not led for c in hand)

    def played_by(self, trick: list[Card], leader: int) -> list[PlayedCard]:
        return [PlayedCard(seat=self.after(leader, i), card=c) for i, c in enumerate(trick)]

    def voids(self, players_per_trick: int | None = None) -> list[list[Suit]]:
        """Suits each seat has shown it lacks: it did not follow, and that was not a revoke."""
        s = self.s
        n = s.players
        out: list[set[Suit]] = [set() for _ in range(n)]
        revoked = set(s.revokes)
        led: Suit | None = None
        for i, (card, seat) in enumerate(zip(s.log, s.log_seats)):
            if i % n == 0:
                led = card.suit
            elif card.suit is not led and i not in revoked:
                out[seat].add(led)
        return [sorted(v, key=lambda x: x.value) for v in out]

    def view(self, seat: int | None = None) -> FrogsView:
        s = self.s
        over = s.result is not None
        return FrogsView(
            seat=seat,
            players=s.players,
            ring=list(s.ring),
            side=list(s.side),
            partnership=self.partnership,
            drawn=list(s.drawn),
            dealer=s.dealer,
            turn=None if over else self.to_play(),
            leader=s.leader,
            hand=list(s.hands[seat]) if seat is not None else [],
            playable=self.playable(seat) if seat is not None else [],
            revoking=self.revoking(seat) if seat is not None else [],
            hand_counts=[len(h) for h in s.hands],
            trick=self.played_by(s.trick, s.leader),
            last_trick=self.played_by(s.last_trick, s.last_leader),
            last_winner=s.last_winner,
            tricks_won=list(s.tricks_won),
            won=[list(p) for p in s.won],
            frog_counts=[len(f) for f in s.frogs],
            my_frogs=list(s.frogs[seat]) if seat is not None else [],
            pond=len(s.pond),
            aside=len(s.aside),
            played=list(s.log),
            played_by=list(s.log_seats),
            revokes=list(s.revokes),
            voids=self.voids(),
            scores=list(s.scores),
            last_hand=list(s.last_hand) if s.last_hand is not None else None,
            last_frogs=[list(f) for f in s.last_frogs] if s.last_frogs is not None else None,
            hand_no=s.hand_no,
            target=s.options.target,
            tadpole=s.options.tadpole,
            revoke_penalty=s.options.revoke_penalty,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return (
            [c for h in s.hands for c in h]
            + [c for p in s.won for c in p]
            + list(s.trick)
            + [c for f in s.frogs for c in f]
            + list(s.pond)
            + list(s.aside)
        )

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        card = action.cards[0]
        led = s.trick[0].suit if s.trick else None
        revoke = led is not None and card.suit is not led and any(c.suit is led for c in s.hands[seat])
        self.play_card(seat, card)
        events = [played_event(seat, card)]
        if revoke:
            s.revokes.append(len(s.log) - 1)
            events.append(revoke_event(seat, card, led, s.options.revoke_penalty))  # type: ignore[arg-type]  # revoke: led is set
        if len(s.trick) < s.players:
            return events
        vars(s)["stimulus"] += 1  # (the model's own field, without State.__setattr__'s check)
        winner = self.after(s.leader, winning_index(s.trick, ACES_HIGH))
        taken = self.take_trick(winner)
        s.frogs[winner].append(s.pond.pop(0))
        # the frog is in nobody's event: only its taker sees it (in its view)
        events.append(Event("trick", winner, "{seat} [takes|take] the trick and a frog from the pond", tuple(taken)))
        if not s.hands[winner]:
            events += end_hand(self)
        return events

    def hand_points(self) -> list[int]:
        """Each side's points in the hand so far: its cards and frogs, less its revokes."""
        s = self.s
        worth = WORTH[s.options.tadpole].__getitem__
        points = [0] * len(s.scores)
        for seat in range(s.players):
            points[s.side[seat]] += sum(map(worth, s.won[seat])) + sum(map(worth, s.frogs[seat]))
        for i in s.revokes:
            points[s.side[s.log_seats[i]]] -= s.options.revoke_penalty
        return points

    # ---- search (cardarcade.bots.search)

    def episode(self) -> int:
        return self.s.hand_no

    def utilities(self) -> list[float]:
        """Each seat's worth of the hand: its side's points less the best other side's, per 100."""
        s = self.s
        points = self.hand_points() if s.log or s.last_hand is None else s.last_hand
        out = []
        for seat in range(s.players):
            mine = points[s.side[seat]]
            rival = max(p for side, p in enumerate(points) if side != s.side[seat])
            out.append((mine - rival) / 100)
        return out

    def rollout_move(self, seat: int, rng: random.Random) -> Action:
        """A quick sensible play for play-outs: see ``quick_card``."""
        cards = self.playable(seat)
        if len(cards) == 1 or rng.random() < ROLLOUT_NOISE:
            return play(cards[rng.randrange(len(cards))])
        s = self.s
        trick = s.trick
        top = self.after(s.leader, winning_index(trick, ACES_HIGH)) if trick else None
        return play(quick_card(cards, trick, top, s.side, seat, s.players, s.options.tadpole))

    @classmethod
    def determinize(cls, view: FrogsView, seat: int, rng: random.Random) -> FrogsInThePond:
        """A whole game consistent with what ``seat`` has seen: the cards it has not seen (the
        others' hands and frogs, the pond, the cards aside) dealt at random among those places,
        never a card of a suit someone has shown they lack into their hand. Searches play it
        without revokes."""
        n = view.players
        seen = set(view.hand) | set(view.played) | set(view.my_frogs)
        unseen = [c for c in PACKS[n] if c not in seen]
        others = [p for p in range(n) if p != seat]
        counts = [view.hand_counts[p] for p in others] + [view.frog_counts[p] for p in others] + [view.pond, view.aside]
        voids = [set(view.voids[p]) for p in others] + [set()] * (len(others) + 2)
        places = deal_unseen(unseen, counts, voids, rng)
        hands: list[list[Card]] = [[] for _ in range(n)]
        frogs: list[list[Card]] = [[] for _ in range(n)]
        for i, p in enumerate(others):
            hands[p] = places[i]
            frogs[p] = places[len(others) + i]
        hands[seat] = list(view.hand)
        frogs[seat] = list(view.my_frogs)
        state = FrogsState(
            players=n,
            seed=0,
            options=FrogsOptions(target=view.target, tadpole=view.tadpole, revoke_penalty=view.revoke_penalty),
            hands=hands,
            won=[list(p) for p in view.won],
            trick=[t.card for t in view.trick],
            leader=view.leader,
            tricks_won=list(view.tricks_won),
            log=list(view.played),
            log_seats=list(view.played_by),
            side=list(view.side),
            ring=list(view.ring),
            dealer=view.dealer,
            hand_no=view.hand_no,
            pond=places[-2],
            frogs=frogs,
            aside=places[-1],
            revokes=list(view.revokes),
            scores=list(view.scores),
        )
        return FrogsSearch(state)

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.hands) != n or len(s.won) != n or len(s.tricks_won) != n or len(s.frogs) != n:
            raise ValueError("zones do not match the number of players")
        if sorted(s.ring) != list(range(n)) or len(s.side) != n:
            raise ValueError("bad seating")
        check_sides(s.side)  # before anything is sized by them
        sides = max(s.side) + 1
        if sorted(set(s.side)) != list(range(sides)) or len(s.scores) != sides or s.hand_no < 1:
            raise ValueError("bad sides or scores")
        if sides < n and (
            n != 4 or sides != 2 or s.side[s.ring[0]] != s.side[s.ring[2]] or s.side[s.ring[1]] != s.side[s.ring[3]]
        ):
            raise ValueError("partners must sit opposite each other")
        if s.drawn and len(s.drawn) != n:
            raise ValueError("bad partnership draw")
        self.check_seats(s.dealer, s.leader, s.last_leader, s.last_winner, *s.log_seats)
        if s.last_hand is not None and len(s.last_hand) != sides:
            raise ValueError("bad last hand")
        if s.last_frogs is not None and len(s.last_frogs) != n:
            raise ValueError("bad last frogs")
        played = [c for p in s.won for c in p] + list(s.trick)
        if (
            sorted(c.code for c in played) != sorted(c.code for c in s.log)
            or len(s.log_seats) != len(s.log)
            or s.log[len(s.log) - len(s.trick) :] != s.trick
            or len(s.trick) >= n
        ):
            raise ValueError("the record of the cards played does not match the tricks")
        if s.trick and s.log_seats[-len(s.trick) :] != [self.after(s.leader, i) for i in range(len(s.trick))]:
            raise ValueError("the trick was not played in turn")
        if any(not 0 <= i < len(s.log) for i in s.revokes):
            raise ValueError("bad revokes")
        if s.result is not None:
            return
        size = HAND_SIZE[n]
        if len(s.pond) + sum(len(f) for f in s.frogs) != size or [len(f) for f in s.frogs] != s.tricks_won:
            raise ValueError("the frogs do not match the tricks taken")
        if s.leader != self.after(s.dealer) and not any(s.won):
            raise ValueError("the first trick is led by the wrong seat")
        counts = [len(h) for h in s.hands]
        full = counts[self.after(s.leader, n - 1)]
        for i in range(n):
            if counts[self.after(s.leader, i)] != full - (1 if i < len(s.trick) else 0):
                raise ValueError("the hands do not match the trick")
        if counts[self.to_play()] == 0 or full + sum(s.tricks_won) != size:
            raise ValueError("the hands do not match the tricks played")
        if any(len(p) % n for p in s.won):
            raise ValueError("a won pile is not whole tricks")


class FrogsSearch(FrogsInThePond):
    """The game as searches play it: without revokes (they only cost points)."""

    REVOKES = False
    __slots__ = ()


# ---- a hand: dealt, then scored when its last trick is taken
#
# Apart from the engine's moves: the deal and the score run once a hand, and the score's words
# (partners scoring together, how the game was won) are most of the end of a hand.


def deal(s: FrogsState, order: list[Card]) -> None:
    """Deal a hand from ``order``: two cards at a time from the dealer's left (an odd hand's last
    alone), then the pond and the cards put aside; the player left of the dealer leads."""
    n = s.players
    size = HAND_SIZE[n]
    left_of_dealer = left_of(s.ring, s.dealer)
    hands: list[list[Card]] = [[] for _ in range(n)]
    i = 0
    for packet in PACKETS[size]:  # from the dealer's left
        for seat in left_of_dealer:
            hands[seat] += order[i : i + packet]
            i += packet
    # (one update of the model's own fields: stores through State.__setattr__ cost more)
    vars(s).update(
        hands=hands,
        pond=order[i : i + size],
        aside=order[i + size :],
        won=[[] for _ in range(n)],
        frogs=[[] for _ in range(n)],
        log=[],
        log_seats=[],
        revokes=[],
        tricks_won=[0] * n,
        trick=[],
        leader=left_of_dealer[0],
    )


def end_hand(game: FrogsInThePond) -> list[Event]:
    """The last trick of a hand is taken: each side scores its points, and the game ends at the
    target (or the hand limit) or the next hand is dealt."""
    s = game.s
    points = game.hand_points()
    s.last_hand = points
    s.last_frogs = [list(f) for f in s.frogs]
    s.scores = [a + b for a, b in zip(s.scores, points)]
    events = []
    for side, gained in enumerate(points):
        members = [p for p in s.ring if s.side[p] == side]
        if len(members) == 2:
            events.append(
                Event(
                    "score",
                    members[0],
                    f"{{seat}} and {{target}} score {gained} (now {s.scores[side]})",
                    target=members[1],
                    data={"points": gained},
                )
            )
        else:
            events.append(
                Event(
                    "score",
                    members[0],
                    f"{{seat}} [scores|score] {gained} (now {s.scores[side]})",
                    data={"points": gained},
                )
            )
    top = max(s.scores)
    if top >= s.options.target or s.hand_no >= s.options.max_hands:
        winners = [p for p in range(s.players) if s.scores[s.side[p]] == top]
        ranking = sorted(range(s.players), key=lambda p: -s.scores[s.side[p]])
        rest = sorted((x for x in s.scores if x != top), reverse=True)
        against = f" to {rest[0]}" if rest else ""
        if top < s.options.target:
            against += f", the most after {s.hand_no} hand{'' if s.hand_no == 1 else 's'}"
        if game.partnership:
            reason = (
                f"Game over: the winning partners have {top} points{against}"
                if len(set(s.scores)) > 1
                else f"Game over: both sides have {top} points and share the win"
            )
        elif len(winners) == 1:
            reason = f"Game over: {{seat}} [wins|win] with {top} points{against}"
        else:
            reason = f"Game over: {len(winners)} players share the lead with {top} points"
        events.append(
            game.finish(
                winners,
                reason,
                scores=[float(s.scores[s.side[p]]) for p in range(s.players)],
                ranking=ranking,
                score_name="points",
                sides=list(s.side) if game.partnership else None,
            )
        )
        return events
    s.hand_no += 1
    s.dealer = seat_after(s.ring, s.dealer)
    order = [c for pile in s.won for c in pile] + [c for f in s.frogs for c in f] + s.aside
    game.mix(order)
    deal(s, order)
    events.append(Event("deal", s.dealer, f"{{seat}} [deals|deal] hand {s.hand_no}"))
    return events


def quick_card(
    cards: list[Card], trick: list[Card], top_seat: int | None, side: list[int], seat: int, players: int, tadpole: bool
) -> Card:
    """A rule-of-thumb card from ``cards`` (those that may be played): lead an ace, else the
    lowest card; when following, give scoring cards to a partner who is winning, win a trick
    worth having as cheaply as possible when last or when it holds points, else play low;
    when void, throw points to a winning partner, else the least valuable card. ``top_seat``:
    who played the card now winning the trick."""
    value = ACES_HIGH.value

    def worth(c: Card) -> int:
        return card_points(c, tadpole)

    if not trick:
        aces = [c for c in cards if c.rank is Rank.ACE]
        return aces[0] if aces else min(cards, key=lambda c: (worth(c) > 0, value(c)))
    top_i = winning_index(trick, ACES_HIGH)
    top = trick[top_i]
    friend = top_seat is not None and top_seat != seat and side[top_seat] == side[seat]
    last = len(trick) == players - 1
    at_stake = sum(worth(c) for c in trick)
    if cards[0].suit is trick[0].suit:
        winners = [c for c in cards if value(c) > value(top)]
        if friend and (last or value(top) >= value(Card.of(Rank.KING, top.suit))):
            return max(cards, key=lambda c: (worth(c), -value(c)))
        if winners and (last or at_stake > 0 or worth(max(winners, key=value)) > 0):
            return min(winners, key=value) if last else max(winners, key=value)
        return min(cards, key=lambda c: (worth(c), value(c)))
    if friend:
        return max(cards, key=lambda c: (worth(c), -value(c)))
    return min(cards, key=lambda c: (worth(c), value(c)))


SPEC = GameSpec.listed("frogs-in-the-pond", rules=RULES, game=FrogsInThePond)
FrogsInThePond.spec = SPEC
