"""Toepen, for 3 to 8 players: four cards each, and only the last trick counts. Anyone still in
may knock at any moment of the play to raise the hand's value by a chip; each other player then stays in at
the new value or folds, paying the old one. Whoever runs out of chips loses.

The hand is a small state machine, one phase at a time:

- ``redraw``: each player in turn (from the dealer's left) may throw in the hand and draw four
  new cards from the stock (it should hold only aces and faces, but nothing stops a bluff);
- ``challenge``: after a redraw, each other player in turn may challenge it; the first challenge
  exposes the thrown hand and costs whoever was wrong a chip;
- ``play``: the tricks; every player still in may knock at any moment (``actors`` lists them,
  the player to play first), so a knock is a move of its own, not tied to the turn. The
  signals (four tens stand, three whistle; three or four jacks may bluff the same) are moves of
  the holder's own first turn, before its first card: no phase of their own, so no question is
  put only to a jacks holder, and a bluff looks like the real thing from every other seat;
- ``answer``: after a knock, each other player still in, from the knocker's left, stays or
  folds; then play goes on where it stopped.
"""

from __future__ import annotations

import random

from pydantic import BaseModel, Field, field_validator

from cardarcade.cards import TOEPEN, Card, Rank, Suit, cards, piquet_deck
from cardarcade.rules._tricks import (
    PlayedCard,
    TrickGame,
    deal_unseen,
    following,
    listed,
    play,
    played_event,
)
from cardarcade.rules.base import (
    Action,
    Event,
    GameSpec,
    Options,
    State,
    construct,
    prepare_deck,
)

PACK = tuple(piquet_deck())
HAND = 4
REDRAW, KEEP = Action("redraw"), Action("keep")
CHALLENGE, ACCEPT = Action("challenge"), Action("accept")
SIGNAL = Action("signal")
KNOCK, STAY, FOLD = Action("knock"), Action("stay"), Action("fold")
PHASES = ("redraw", "challenge", "play", "answer")
ASKED = {"redraw": (REDRAW, KEEP), "challenge": (CHALLENGE, ACCEPT), "answer": (STAY, FOLD)}
SIGNAL_WORDS = {3: "[whistles|whistle]", 4: "[stands|stand] up"}
ROLLOUT_NOISE = 0.15  # share of play-out moves made at random

RULES = """\
# Toepen

**Goal:** win the last trick of each hand, and never run out of chips. Everyone starts with
as many chips (10 in the text; the house rules below say how many at this table); when someone
has none left the game ends and that player **loses**: the game has one loser rather than one
winner, and everyone else has not lost.

- 32 cards (7 up to ace in each suit); each player gets **four cards**, the rest is the stock.
- Cards rank, high to low: **10 9 8 7 A K Q J** (the numbers beat the faces).
- **Redraw:** before play, each player in turn may throw in their hand and draw four new cards
  from the stock. It is meant for a hand of only aces and faces, but anyone may try it.
  Each other player in turn may **challenge**: the thrown hand is shown; if it held a
  number card its owner pays a chip, otherwise the challenger does. Either way the new hand
  is kept. No redraw once the stock has fewer than four cards.
- **Signals:** a player with four tens **stands up**, with three tens **whistles**;
  everyone sees it. A player with three or four jacks may give the same signal to mislead.
- The player left of the dealer leads; everyone must **follow suit** if they can, else play
  any card. The highest card of the suit led takes the trick; its winner leads the next.
  **Only the fourth trick counts:** its winner wins the hand, and everyone else still in pays
  the hand's value (1 chip, raised by knocks). Chips paid go out of the game.
- **Knocking**, at any moment of the play, even when it is not your turn: the hand's
  value goes up by one. Each other player still in, in turn from your left, **stays** at
  the new value or **folds**, paying the old value and leaving the hand. If everyone else folds, you
  win the hand. You may not knock the value above your own chips, but you may stay in above
  them (you can only lose what you have).
- The winner of a hand deals the next.

**House rules:** the chips each player starts with; the last player with chips wins (players
drop out as they run out) instead of the game ending with the first one out; whether the
redraw is played; whether jacks may bluff a signal.

**How this table plays it** (departures from the text):

- Each signal is given on its holder's **first turn of the hand, before their first card**
  (not all at once before the lead): with three or four tens you must give it then, with
  three or four jacks you may. Were the tens' signals made for their holders at the start and
  the jacks holders asked, everyone would see who was asked, and so who holds the jacks; this
  way a bluff and the real signal look alike from every other seat, and so does a jacks
  holder who keeps quiet. A player who folds before their first turn gives no signal.
- Knocks are open through the play of the tricks (before the first lead too), not during the
  redraw round (the hands are not final yet: a hand about to be thrown in would be staked on)
  nor while a knock is being answered (each answer is to that knock's value; the next knock
  may come as soon as everyone has answered).

**Clarifications** (the text leaves these open): the game ends with the first player out of
chips (two run out in the same hand: both lose); each player may redraw once a
hand; the challenge costs one chip; a player may not knock twice running (someone else must
knock between); a player who folds after playing to the current trick leaves the card there,
but it cannot take the trick: the highest card of the suit led among the players still in
takes it (if none of them followed, the first card they played); the cards are dealt one at a
time; a player run out of chips in the middle of a hand plays the hand out. Nothing else
departs from the text.
"""


def deck_for(*hands: str) -> list[Card]:
    """The fixed deck (``deck=``) that deals these hands ('10s 7s Ah Kd', seat 0 first), then the
    rest of the pack as the stock in the usual order."""
    dealt = [cards(h) for h in hands]
    order = [dealt[p][k] for k in range(HAND) for p in range(len(dealt))]
    return order + [c for c in PACK if c not in order]


def is_number(card: Card) -> bool:
    return card.rank in (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN)


def tens_signal(hand: list[Card]) -> int:
    """The signal a hand must give: 4 (stand up) or 3 (whistle) for its tens, else 0."""
    tens = sum(1 for c in hand if c.rank is Rank.TEN)
    return tens if tens >= 3 else 0


def hand_signal(hand: list[Card], jack_bluff: bool) -> int:
    """The signal a hand may give: its tens', else (when jacks may bluff) its jacks', else 0."""
    jacks = sum(1 for c in hand if c.rank is Rank.JACK) if jack_bluff else 0
    return tens_signal(hand) or (jacks if jacks >= 3 else 0)


class ToepenOptions(Options):
    chips: int = Field(10, ge=1, le=50, title="Chips each", description="The chips each player starts with.")
    last_one_standing: bool = Field(
        False,
        title="Last with chips wins",
        description="Players drop out as they run out of chips; the last with any wins "
        "(otherwise the game ends when the first runs out).",
    )
    redraw: bool = Field(
        True, title="Redraw", description="A hand of only aces and faces may be thrown in for four new cards."
    )
    jack_bluff: bool = Field(
        True, title="Jacks may bluff", description="Three or four jacks may give the signal of three or four tens."
    )


class ToepenState(State):
    options: ToepenOptions
    hands: list[list[Card]]
    stock: list[Card] = []
    discards: list[list[Card]]  # the hand each seat threw in this hand (face down unless challenged)
    exposed: list[bool]  # whose thrown hand was shown
    chips: list[int]
    dealer: int
    hand_no: int = 1
    phase: str = "play"
    asking: int = 0  # the seat asked now (every phase but play)
    asked: int = 0  # how many seats the redraw round has asked
    redrawer: int | None = None  # whose redraw is open to challenge
    dealt: list[bool]  # who was dealt in this hand (all but those out of chips)
    folded: list[bool]
    signals: list[int]  # 0, 3 (whistled) or 4 (stood up)
    stake: int = 1
    knocker: int | None = None  # the last to knock
    trick: list[Card] = []
    trick_seats: list[int] = []
    leader: int = 0
    turn: int = 0  # whose card is next (play phase)
    tricks_played: int = 0
    last_trick: list[Card] = []
    last_trick_seats: list[int] = []
    last_winner: int | None = None  # who took the trick just finished
    log: list[Card] = []  # every card played this hand, in order (played cards stay on the table)
    log_seats: list[int] = []
    voids: list[list[Suit]]  # suits each seat has shown it lacks this hand
    hand_winner: int | None = None  # who won the hand just finished
    hand_losses: list[int]  # chips each seat has lost so far this hand
    lost: list[int] | None = None  # chips each seat lost in the hand just finished

    @field_validator("phase", mode="before")
    @classmethod
    def _signal_phase_is_play(cls, phase: object) -> object:
        # Saves from before signals were first-turn moves may stop in the "signal" phase, asking
        # a jacks holder before the lead: that is the start of the play now, where the seat may
        # still signal on its first turn (the turn and leader were set at the deal).
        return "play" if phase == "signal" else phase


class ToepenView(BaseModel):
    seat: int | None
    players: int
    dealer: int
    phase: str
    turn: int | None  # whose card is next (play phase)
    asking: int | None  # who is asked now (the other phases)
    redrawer: int | None
    hand: list[Card]
    playable: list[Card]
    hand_counts: list[int]
    stock: int
    discards: list[list[Card]]  # thrown hands shown to everyone (and the viewer's own)
    discard_counts: list[int]
    chips: list[int]
    stake: int
    knocker: int | None
    can_knock: bool
    can_signal: bool  # the viewer may signal now (its first turn, holding 3+ tens or jacks)
    must_signal: bool  # ... and must, before any card (it holds three or four tens)
    dealt: list[bool]
    folded: list[bool]
    signals: list[int]
    trick: list[PlayedCard]
    leader: int
    tricks_played: int
    last_trick: list[PlayedCard]
    last_winner: int | None
    played: list[Card]
    played_by: list[int]
    voids: list[list[Suit]]
    hand_no: int
    hand_winner: int | None
    lost: list[int] | None
    options: ToepenOptions


def seat_view(game: Toepen, seat: int | None = None) -> ToepenView:
    """What ``seat`` may see (``None``: a spectator): its own hand and thrown hand, the thrown hands
    shown by a challenge, and everything played. Apart from the engine because it is read-only:
    the one place that decides what is hidden."""
    s = game.s
    n = s.players
    shown = [list(d) if s.exposed[p] or p == seat else [] for p, d in enumerate(s.discards)]
    playing = s.phase == "play" and s.result is None
    return ToepenView(
        seat=seat,
        players=n,
        dealer=s.dealer,
        phase=s.phase if s.result is None else "over",
        turn=s.turn if playing else None,
        asking=None if playing or s.result is not None else s.asking,
        redrawer=s.redrawer,
        hand=list(s.hands[seat]) if seat is not None else [],
        playable=game.playable(seat) if seat is not None else [],
        hand_counts=[len(h) for h in s.hands],
        stock=len(s.stock),
        discards=shown,
        discard_counts=[len(d) for d in s.discards],
        chips=list(s.chips),
        stake=s.stake,
        knocker=s.knocker,
        can_knock=seat is not None and game.may_knock(seat),
        can_signal=seat is not None and game.may_signal(seat),
        must_signal=seat is not None and game.must_signal(seat),
        dealt=list(s.dealt),
        folded=list(s.folded),
        signals=list(s.signals),
        trick=_played_cards(s.trick, s.trick_seats),
        leader=s.leader,
        tricks_played=s.tricks_played,
        last_trick=_played_cards(s.last_trick, s.last_trick_seats),
        last_winner=s.last_winner,
        played=list(s.log),
        played_by=list(s.log_seats),
        voids=[list(v) for v in s.voids],
        hand_no=s.hand_no,
        hand_winner=s.hand_winner,
        lost=list(s.lost) if s.lost is not None else None,
        options=s.options,
    )


def _played_cards(trick: list[Card], seats: list[int]) -> list[PlayedCard]:
    return [PlayedCard(seat=p, card=c) for p, c in zip(seats, trick)]


# ---- the search's deal (cardarcade.bots.search)


def deal_for_search(view: ToepenView, seat: int, rng: random.Random) -> ToepenSearch:
    """``Toepen.determinize``: a whole game consistent with what ``seat`` has seen, for a search of
    the card play: the cards it has not seen dealt at random to the others' hands, the stock and
    the thrown hands not shown (never a card of a suit someone has shown they lack; a signal is
    honoured with the tens, or now and then the jacks, it stands for). A knock waiting for answers
    is taken as answered by everyone staying in. Apart from the engine: it builds a game from a
    view, where the engine plays from its own state."""
    n = view.players
    seen = set(view.hand) | set(view.played) | {c for d in view.discards for c in d}
    unseen = [c for c in PACK if c not in seen]
    hands: list[list[Card]] = [[] for _ in range(n)]
    counts = [0 if p == seat else view.hand_counts[p] for p in range(n)]
    for p in range(n):
        if p != seat and view.signals[p] and counts[p]:
            given = _signal_cards(view, p, unseen, counts[p], rng)
            hands[p] = given
            counts[p] -= len(given)
            unseen = [c for c in unseen if c not in given]
    hidden_discards = [0 if view.discards[p] else view.discard_counts[p] for p in range(n)]
    places = counts + hidden_discards + [view.stock]
    voids = [set(v) for v in view.voids] + [set() for _ in range(n + 1)]
    dealt = deal_unseen(unseen, places, voids, rng)
    for p in range(n):
        hands[p] += dealt[p]
    hands[seat] = list(view.hand)
    discards = [list(view.discards[p]) if view.discards[p] else dealt[n + p] for p in range(n)]
    state = ToepenState(
        players=n,
        seed=0,
        options=view.options,
        hands=hands,
        stock=dealt[2 * n],
        discards=discards,
        exposed=[bool(d) for d in view.discards],
        chips=list(view.chips),
        dealer=view.dealer,
        hand_no=view.hand_no,
        phase="play",
        dealt=list(view.dealt),
        folded=list(view.folded),
        signals=list(view.signals),
        stake=view.stake,
        knocker=view.knocker,
        trick=[t.card for t in view.trick],
        trick_seats=[t.seat for t in view.trick],
        leader=view.leader,
        tricks_played=view.tricks_played,
        log=list(view.played),
        log_seats=list(view.played_by),
        voids=[list(v) for v in view.voids],
        hand_losses=[0] * n,
    )
    game = ToepenSearch(state)
    if not game.in_play(game.s.leader) and not game.s.trick:  # the leader folded before leading
        game.s.leader = game.after(game.s.leader)
    game._next_card()
    return game


def _signal_cards(view: ToepenView, seat: int, unseen: list[Card], room: int, rng: random.Random) -> list[Card]:
    """Cards a determinized deal gives a seat that signalled: the tens (or jacks, when a bluff
    fits and now and then) its hand must have held, less those it has played."""
    played = [c for c, p in zip(view.played, view.played_by) if p == seat]
    options = []
    for rank in (Rank.TEN, Rank.JACK):
        need = view.signals[seat] - sum(1 for c in played if c.rank is rank)
        free = [c for c in unseen if c.rank is rank and c.suit not in view.voids[seat]]
        if 0 <= need <= min(room, len(free)):
            options.append((rank, need, free))
    if not options:
        return []
    rank, need, free = options[0] if len(options) == 1 or rng.random() < 0.8 else options[1]
    return rng.sample(free, need)


class Toepen(TrickGame):
    """The card play, the signals and the knocks, move by move. What a seat sees (``seat_view``) and
    the search's deal (``deal_for_search``) stand above the class; the redraw round, the end of a
    hand (``end_hand``) and the save checks (``check_save``) below it: each a role of its own that
    the play calls into."""

    State = ToepenState
    Options = ToepenOptions
    NESTED = ("hands", "discards", "voids")
    SEARCHING = False  # a search's copy: knocks are left out (see ToepenSearch)
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: ToepenOptions, deck: list[Card] | None) -> Toepen:
        order = prepare_deck(PACK, seed, deck)
        state = construct(
            ToepenState,
            players=players,
            seed=seed,
            options=options,
            hands=[],
            discards=[],
            exposed=[],
            chips=[options.chips] * players,
            dealer=players - 1,
            dealt=[True] * players,
            folded=[],
            signals=[],
            voids=[],
            hand_losses=[],
            stock=[],
            trick=[],
            trick_seats=[],
            last_trick=[],
            last_trick_seats=[],
            log=[],
            log_seats=[],
        )
        game = cls(state)
        game._deal(order)
        return game

    def pack(self) -> list[Card]:
        return list(PACK)

    # ---- seats

    def in_play(self, seat: int) -> bool:
        s = self.s
        return s.dealt[seat] and not s.folded[seat]

    def after(self, seat: int, skip: int | None = None) -> int | None:
        """The next seat clockwise after ``seat`` still in the hand (not ``skip``); None if none."""
        n = self.s.players
        dealt, folded = self.s.dealt, self.s.folded
        for i in range(1, n):
            p = (seat + i) % n
            if p != skip and dealt[p] and not folded[p]:
                return p
        return None

    def still_in(self) -> list[int]:
        return [p for p in range(self.s.players) if self.in_play(p)]

    # ---- the deal

    def _deal(self, order: list[Card]) -> list[Event]:
        s = self.s
        n = s.players
        seats = self._from_leader()
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(HAND * len(seats)):
            hands[seats[i % len(seats)]].append(order[i])
        # one update instead of two dozen checked assignments (a deal is a good share of a short game)
        s.__dict__.update(
            hands=hands,
            stock=order[HAND * len(seats) :],
            discards=[[] for _ in range(n)],
            hand_losses=[0] * n,
            exposed=[False] * n,
            folded=[False] * n,
            signals=[0] * n,
            voids=[[] for _ in range(n)],
            stake=1,
            knocker=None,
            redrawer=None,
            trick=[],
            trick_seats=[],
            last_trick=[],
            last_trick_seats=[],
            last_winner=None,
            log=[],
            log_seats=[],
            tricks_played=0,
            leader=seats[0],
            turn=seats[0],
            asked=0,
        )
        if s.options.redraw and len(s.stock) >= HAND:
            s.phase, s.asking = "redraw", seats[0]
            return []
        self._start_play()
        return []

    def _from_leader(self) -> list[int]:
        s = self.s
        n = s.players
        return [(s.dealer + 1 + i) % n for i in range(n) if s.dealt[(s.dealer + 1 + i) % n]]

    def _start_play(self) -> None:
        s = self.s
        s.phase = "play"
        s.leader = s.turn = self._from_leader()[0]

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if s.phase != "play":
            return [s.asking]
        turn = s.turn
        if self.SEARCHING:
            return [turn]
        # (may_knock for every other seat, written out: this runs on every move of a play-out)
        limit, knocker, dealt, folded, chips = s.stake + 1, s.knocker, s.dealt, s.folded, s.chips
        return [turn] + [
            p
            for p in range(s.players)
            if p != turn and p != knocker and dealt[p] and not folded[p] and chips[p] >= limit
        ]

    def may_knock(self, seat: int) -> bool:
        s = self.s
        return (
            s.phase == "play"
            and not self.SEARCHING
            and s.result is None
            and s.dealt[seat]
            and not s.folded[seat]
            and s.knocker != seat
            and s.stake + 1 <= s.chips[seat]
        )

    def may_signal(self, seat: int) -> bool:
        """On one's own turn before one's first card of the hand, holding three or four tens (a
        must) or jacks (a bluff). A search's copy plays cards only."""
        s = self.s
        return (
            s.phase == "play"
            and not self.SEARCHING
            and s.result is None
            and seat == s.turn
            and not s.signals[seat]
            and seat not in s.log_seats
            and hand_signal(s.hands[seat], s.options.jack_bluff) > 0
        )

    def must_signal(self, seat: int) -> bool:
        return self.may_signal(seat) and tens_signal(self.s.hands[seat]) > 0

    def why_not(self, seat: int, action: Action) -> str | None:
        """A card before the must-signal (the screen names the key that gives it), else the suit led."""
        if action.kind == "play" and self.must_signal(seat):
            return "Your tens are shown before your first card"
        return super().why_not(seat, action)

    def playable(self, seat: int) -> list[Card]:
        s = self.s
        if s.result is not None or s.phase != "play" or seat != s.turn:
            return []
        if self.must_signal(seat):
            return []  # the tens are shown before the first card
        return following(s.hands[seat], s.trick[0].suit if s.trick else None)

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if s.phase == "play":
            out = [play(c) for c in self.playable(seat)] if seat == s.turn else []
            if self.may_signal(seat):
                out.append(SIGNAL)
            if self.may_knock(seat):
                out.append(KNOCK)
            return out
        return list(ASKED[s.phase]) if seat == s.asking else []

    def is_legal(self, seat: int, action: Action) -> bool:
        # checked without building the list of moves: play-outs and random play make many
        s = self.s
        kind = action.kind
        if kind == "play":
            return (
                len(action.cards) == 1
                and action.target is None
                and action.value is None
                and seat == s.turn
                and action.cards[0] in self.playable(seat)
            )
        if kind == "knock":
            return (action is KNOCK or action == KNOCK) and self.may_knock(seat)
        if kind == "signal":
            return action == SIGNAL and self.may_signal(seat)
        return s.phase != "play" and seat == s.asking and listed(action, ASKED[s.phase])

    view = seat_view

    def cards(self) -> list[Card]:
        s = self.s
        return [c for h in s.hands for c in h] + list(s.stock) + [c for d in s.discards for c in d] + list(s.log)

    def is_out(self, seat: int) -> bool:
        return not self.s.dealt[seat]

    # ---- moves

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "play":
            return self._play(seat, action.cards[0])
        if kind == "knock":
            return self._knock(seat)
        if kind in ("stay", "fold"):
            return self._answer(seat, kind == "fold")
        if kind in ("redraw", "keep"):
            return throw_in(self, seat) if kind == "redraw" else next_redraw(self)
        if kind in ("challenge", "accept"):
            return challenge_redraw(self, seat) if kind == "challenge" else let_redraw_stand(self, seat)
        return self._signal(seat)

    def _note_loss(self, seat: int, chips: int) -> None:
        self.s.hand_losses[seat] += chips

    def _signal(self, seat: int) -> list[Event]:
        # the same event for tens and jacks: the turn stays with the seat, to play its card
        s = self.s
        signal = hand_signal(s.hands[seat], s.options.jack_bluff)
        s.signals[seat] = signal
        return [Event("signal", seat, f"{{seat}} {SIGNAL_WORDS[signal]}", data={"signal": signal})]

    def _knock(self, seat: int) -> list[Event]:
        s = self.s
        stake = s.stake + 1
        # plain stores: knocks and their answers are most of random play's moves
        s.__dict__.update(stake=stake, knocker=seat, phase="answer", asking=self.after(seat))
        return [Event("knock", seat, f"{{seat}} [knocks|knock]: the hand is worth {stake}", data={"stake": stake})]

    def _answer(self, seat: int, fold: bool) -> list[Event]:
        s = self.s
        events = []
        nxt = self.after(seat, skip=s.knocker)
        if fold:
            s.folded[seat] = True
            paid = min(s.stake - 1, s.chips[seat])
            s.chips[seat] -= paid
            self._note_loss(seat, paid)
            events.append(Event("fold", seat, f"{{seat}} [folds|fold] and [pays|pay] {paid}", data={"chips": paid}))
        else:
            events.append(Event("stay", seat, f"{{seat}} [stays|stay] in at {s.stake}"))
        knocker = s.knocker
        assert knocker is not None
        n = s.players
        if nxt is None or (nxt - knocker) % n <= (seat - knocker) % n:
            return events + self._resume()
        s.__dict__["asking"] = nxt
        return events

    def _resume(self) -> list[Event]:
        """After the answers to a knock: the knocker wins if alone, else play goes on."""
        s = self.s
        s.phase = "play"
        left = self.still_in()
        if len(left) == 1:
            return end_hand(self, left[0], "everyone else folded")
        if not self.in_play(s.leader) and not s.trick:
            s.leader = self.after(s.leader)
        return self._next_card()

    def _next_card(self) -> list[Event]:
        """Whose card is next; or take the trick when everyone still in has played to it."""
        s = self.s
        if not s.trick:
            s.__dict__["turn"] = s.leader
            return []
        nxt = self.after(s.trick_seats[-1])
        if nxt is not None and nxt not in s.trick_seats:
            s.__dict__["turn"] = nxt
            return []
        return self._take_trick()

    def _play(self, seat: int, card: Card) -> list[Event]:
        s = self.s
        hand = s.hands[seat]
        if s.trick and card.suit is not s.trick[0].suit and s.trick[0].suit not in s.voids[seat]:
            s.voids[seat].append(s.trick[0].suit)
        hand.remove(card)
        s.trick.append(card)
        s.trick_seats.append(seat)
        s.log.append(card)
        s.log_seats.append(seat)
        return [played_event(seat, card)] + self._next_card()

    def _take_trick(self) -> list[Event]:
        s = self.s
        led = s.trick[0].suit
        value = TOEPEN._index  # (RankOrder.value without its type check)
        dealt, folded = s.dealt, s.folded
        best = None
        for card, p in zip(s.trick, s.trick_seats):
            if not dealt[p] or folded[p]:  # (not in_play)
                continue
            if best is None or (
                card.suit is led and (best[0].suit is not led or value[card.rank] > value[best[0].rank])
            ):
                best = (card, p)
        assert best is not None
        winner = best[1]
        tricks_played = s.tricks_played + 1
        # one update instead of eight checked assignments
        s.__dict__.update(
            stimulus=s.stimulus + 1,
            tricks_played=tricks_played,
            last_trick=s.trick,
            last_trick_seats=s.trick_seats,
            last_winner=winner,
            trick=[],
            trick_seats=[],
            leader=winner,
        )
        if tricks_played == HAND:
            return [Event("trick", winner, "{seat} [takes|take] the last trick", (best[0],))] + end_hand(
                self, winner, "the last trick"
            )
        s.turn = winner
        return [Event("trick", winner, "{seat} [takes|take] the trick", (best[0],))]

    # ---- search (cardarcade.bots.search)

    def episode(self) -> int:
        """Searches look no further than the end of the hand being played."""
        return self.s.hand_no

    def utilities(self) -> list[float]:
        """1 for the winner of the hand just finished, 0 for everyone else (searches stop at the
        hand's end, so this is read once the hand is decided)."""
        winner = self.s.hand_winner
        return [1.0 if p == winner else 0.0 for p in range(self.s.players)]

    def rollout_move(self, seat: int, rng: random.Random) -> Action:
        """A quick sensible play for play-outs: only the last trick counts, so keep the high cards
        for it: lead low, follow low, throw away the lowest card when void; now and then any card."""
        cards = self.playable(seat)
        if not cards:  # (only outside a search, which deals no signals: tens shown before a card)
            return SIGNAL
        if len(cards) == 1 or rng.random() < ROLLOUT_NOISE:
            return play(cards[rng.randrange(len(cards))])
        return play(min(cards, key=TOEPEN.value))

    determinize = staticmethod(deal_for_search)

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        check_save(self)


# ---- the redraw round
#
# Before the play, each seat in turn may throw in its hand and the others may challenge that. The
# round is apart from the engine: it is over before the first card, and the card play never looks
# back at it but for the thrown hands (``discards``) and the chips it cost.


def next_redraw(game: Toepen) -> list[Event]:
    """Ask the next seat of the redraw round, or start the play."""
    s = game.s
    s.asked += 1
    s.redrawer = None
    dealt = sum(s.dealt)
    if s.asked < dealt and len(s.stock) >= HAND:
        s.phase, s.asking = "redraw", game.after(s.asking)
        return []
    game._start_play()
    return []


def throw_in(game: Toepen, seat: int) -> list[Event]:
    """``seat`` redraws: its hand goes face down, four new cards come from the stock, and the
    others may challenge it in turn."""
    s = game.s
    s.discards[seat] = s.hands[seat]
    s.hands[seat], s.stock = s.stock[:HAND], s.stock[HAND:]
    s.redrawer = seat
    events = [Event("redraw", seat, "{seat} [throws|throw] in the hand and [draws|draw] four new cards")]
    first = game.after(seat)
    if first is None:
        return events + next_redraw(game)
    s.phase, s.asking = "challenge", first
    return events


def let_redraw_stand(game: Toepen, seat: int) -> list[Event]:
    """``seat`` does not challenge: ask the next, or go on with the round after the redrawer."""
    s = game.s
    following_seat = game.after(seat, skip=s.redrawer)
    n = s.players
    # asked in turn from the redrawer's left: stop on coming round to the redrawer
    redrawer = s.redrawer
    assert redrawer is not None
    if following_seat is None or (following_seat - redrawer) % n <= (seat - redrawer) % n:
        return _redraw_next_from(game, redrawer)
    s.asking = following_seat
    return []


def _redraw_next_from(game: Toepen, redrawer: int) -> list[Event]:
    game.s.asking = redrawer
    return next_redraw(game)


def challenge_redraw(game: Toepen, seat: int) -> list[Event]:
    """``seat`` challenges: the thrown hand is shown and whoever was wrong pays a chip."""
    s = game.s
    redrawer = s.redrawer
    assert redrawer is not None
    thrown = s.discards[redrawer]
    s.exposed[redrawer] = True
    bluffed = any(is_number(c) for c in thrown)
    payer = redrawer if bluffed else seat
    paid = min(1, s.chips[payer])
    s.chips[payer] -= paid
    game._note_loss(payer, paid)
    what = "held a number card" if bluffed else "held only aces and faces"
    events = [
        Event(
            "challenge",
            seat,
            f"{{seat}} [challenges|challenge] {{target}}: the thrown hand {what}",
            tuple(thrown),
            target=redrawer,
        ),
        Event(
            "pay",
            payer,
            "{seat} [pays|pay] a chip for the challenge"
            if paid
            else "{seat} [has|have] no chips left to pay for the challenge",
            data={"chips": paid},
        ),
    ]
    return events + _redraw_next_from(game, redrawer)


# ---- the end of a hand


def end_hand(game: Toepen, winner: int, how: str) -> list[Event]:
    """Settle a hand won by ``winner``: everyone else still in pays the stake, a player out of
    chips ends the game (or drops out, by the house rule), else ``winner`` deals the next. Apart
    from the engine as the one place where a hand's chips are paid and the game's end decided."""
    s = game.s
    n = s.players
    events = [Event("hand", winner, f"{{seat}} [wins|win] the hand ({how})")]
    for p in range(n):
        if p != winner and game.in_play(p):
            paid = min(s.stake, s.chips[p])
            s.chips[p] -= paid
            game._note_loss(p, paid)
            events.append(Event("pay", p, f"{{seat}} [pays|pay] {paid}", data={"chips": paid}))
    s.hand_winner = winner
    s.lost = list(s.hand_losses)
    broke = [p for p in range(n) if s.dealt[p] and s.chips[p] == 0]
    for p in broke:
        events.append(Event("out", p, "{seat} [has|have] run out of chips"))
    if broke and not s.options.last_one_standing:
        events.append(_finish_by_chips(game))
        return events
    for p in broke:
        s.dealt[p] = False
    left = [p for p in range(n) if s.dealt[p]]
    if len(left) <= 1:
        # (the hand's winner, out of chips from a challenge, may be the last one out)
        events.append(
            game.finish(
                left or [winner],
                "Game over: {seat} [is|are] the last with chips",
                scores=[float(x) for x in s.chips],
                ranking=sorted(range(n), key=lambda p: -s.chips[p]),
                score_name="chips",
            )
        )
        return events
    s.hand_no += 1
    s.dealer = winner
    order = game.cards()
    game.mix(order)
    events.append(Event("deal", winner, f"{{seat}} [deals|deal] hand {s.hand_no}"))
    return events + game._deal(order)


def _finish_by_chips(game: Toepen) -> Event:
    """The text's end: whoever ran out of chips loses; nobody else has lost."""
    s = game.s
    losers = [p for p in range(s.players) if s.dealt[p] and s.chips[p] == 0]
    text = (
        "Game over: {seat} [has|have] run out of chips and [loses|lose]"
        if len(losers) == 1
        else f"Game over: {len(losers)} players have run out of chips and lose"
    )
    return game.finish(
        [p for p in range(s.players) if p not in losers],
        text,
        scores=[float(x) for x in s.chips],
        ranking=sorted(range(s.players), key=lambda p: -s.chips[p]),
        score_name="chips",
        losers=losers,
        only_losers=True,
    )


# ---- saves


def check_save(game: Toepen) -> None:
    """Raise ValueError if a loaded hand breaks an invariant of Toepen's state (after the checks
    every game makes). Apart from the engine: a save is checked once, on loading."""
    s = game.s
    n = s.players
    lists = (s.hands, s.discards, s.exposed, s.chips, s.dealt, s.folded, s.signals, s.voids, s.hand_losses)
    if any(len(x) != n for x in lists):
        raise ValueError("zones do not match the number of players")
    game.check_seats(
        s.dealer,
        s.asking,
        s.redrawer,
        s.knocker,
        s.leader,
        s.turn,
        s.last_winner,
        s.hand_winner,
        *s.trick_seats,
        *s.log_seats,
        *s.last_trick_seats,
    )
    if s.phase not in PHASES or any(c < 0 for c in s.chips) or s.hand_no < 1 or s.stake < 1:
        raise ValueError("bad phase, chips or stake")
    if s.lost is not None and len(s.lost) != n:
        raise ValueError("bad last hand")
    if (
        len(s.log) != len(s.log_seats)
        or s.log[len(s.log) - len(s.trick) :] != s.trick
        or len(s.trick) != len(s.trick_seats)
        or len(s.log) < len(s.trick)
    ):
        raise ValueError("the record of the cards played does not match the trick")
    if any(sig not in (0, 3, 4) for sig in s.signals) or not 0 <= s.tricks_played <= HAND:
        raise ValueError("bad signals or tricks")
    if s.result is not None:
        return
    if s.tricks_played == HAND or sum(s.dealt) < 2 or any(s.hands[p] for p in range(n) if not s.dealt[p]):
        raise ValueError("fewer than two players in the game")
    if any(len(d) not in (0, HAND) for d in s.discards):
        raise ValueError("a thrown hand is not four cards")
    if len(game.still_in()) < 2:
        raise ValueError("the hand should be over")
    for p in game.still_in():
        # everyone still in holds four cards less the tricks and the current trick played
        if len(s.hands[p]) != HAND - s.tricks_played - (1 if p in s.trick_seats else 0):
            raise ValueError("the hands do not match the tricks played")
    if s.phase == "play" and (not game.in_play(s.turn) or s.turn in s.trick_seats):
        raise ValueError("the seat to play is not in the hand")
    if s.phase != "play" and not game.in_play(s.asking):
        raise ValueError("the seat asked is not in the hand")
    if s.phase in ("challenge",) and s.redrawer is None:
        raise ValueError("a challenge with nobody's redraw")
    if s.phase == "answer" and (s.knocker is None or s.asking == s.knocker):
        raise ValueError("an answer with no knock")


class ToepenSearch(Toepen):
    """A search's copy of a game: the card play only (the knocks and folds are decided apart, by
    an estimate of the chance to take the last trick)."""

    SEARCHING = True
    __slots__ = ()


SPEC = GameSpec.listed("toepen", rules=RULES, game=Toepen)
Toepen.spec = SPEC
ToepenSearch.spec = SPEC
