"""Cuckoo (Ranter Go Round), for 6 to 20 players: one card each; stand, or change with the
player on your left; the lowest card shown pays a chip; the last player with chips wins."""

from __future__ import annotations

from typing import Literal, cast

from pydantic import BaseModel, Field

from cardarcade.cards import ACES_HIGH, ACES_LOW, Card, Rank, standard_deck
from cardarcade.rules.base import Action, Event, Game, GameSpec, Options, State, choice_labels, prepare_deck

STAND = Action("stand")
CHANGE = Action("change")  # with the next player still in, on the left
SWAP = Action("swap")  # the dealer only: trade for the top card of the undealt pack
KING = Rank.KING
FULL_PACK = tuple(standard_deck())

RULES = """\
# Cuckoo (Ranter Go Round)

**Goal:** keep your chips. Each hand the lowest card loses a chip; a player with no chips
left is out, and the last player still holding chips wins.

- Everyone starts with the same number of chips (three, or the house rule's number).
- Each hand, every player still in gets one card, face down; look only at your own.
- Starting left of the dealer and going round, each player in turn either **stands** (keeps
  the card) or **changes**: swaps cards with the next player on the left. That player cannot
  refuse, unless they hold a **king**: then they show it, the swap does not happen, and play
  moves on. Everyone sees who stood, who changed with whom and every king shown, so when
  your neighbour changes with you, you know where your old card went.
- The **dealer** goes last and may stand, or swap their card for the top card of the
  undealt pack.
- Then all cards are turned up. The lowest card pays one chip into the pot; if several
  players tie for the lowest, each of them pays. Kings are high and aces low (a house rule
  can make aces high).
- **Dealer's king:** if the dealer swapped with the pack and drew a king, the dealer alone
  pays, whatever the other cards are.
- The deal then passes to the left, to the next player still in.

**House clarifications** (the text leaves these open):

- Players who are out are skipped: your "left neighbour" is the next player still in.
- The dealer's discarded card goes face down out of play until the next shuffle; all cards
  are gathered and shuffled before every hand.
- You may call change while holding a king yourself (you give it away).
- Only a king drawn from the pack makes the dealer pay alone; a king handed to the dealer by
  the neighbour's change counts as any other card.
- If every card shown is of the same rank, everyone ties for lowest: by default everyone pays
  (and if that puts everyone out, they share the win); a house rule lets nobody pay instead.
- **Hand cap:** so a game always ends, after the hand limit the player with the most chips
  wins; equal leaders share the win.
"""


class CuckooOptions(Options):
    chips: int = Field(
        3,
        ge=1,
        le=10,
        title="Chips each",
        description="Chips (lives) each player starts with; losing the last one puts you out.",
    )
    aces: Literal["low", "high"] = Field(
        "low",
        title="Aces",
        description="Whether an ace is the lowest card (below the 2) or the highest (above the king).",
        json_schema_extra=choice_labels({"low": "low (king high, ace low)", "high": "high (above the king)"}),
    )
    all_tie: Literal["everyone_pays", "nobody_pays"] = Field(
        "everyone_pays",
        title="Everyone ties",
        description="When every card shown is of one rank: each player pays a chip, or nobody does.",
        json_schema_extra=choice_labels({"everyone_pays": "everyone pays a chip", "nobody_pays": "nobody pays"}),
    )
    max_hands: int = Field(
        500,
        ge=5,
        le=10_000,
        title="Hand limit",
        description="After this many hands the player with the most chips wins.",
    )


class CuckooMove(BaseModel):
    """One public move of the hand in progress."""

    seat: int
    kind: Literal["stand", "change", "blocked", "swap"]
    target: int | None = None  # change / blocked: the neighbour asked
    king: Card | None = None  # blocked: the king the neighbour showed


class CuckooShow(BaseModel):
    """A finished hand, as everyone saw it when the cards were turned up."""

    hand: int
    dealer: int
    cards: list[Card | None]  # by seat; None = not in that hand
    payers: list[int]
    dealer_king: bool = False  # the dealer drew a king from the pack and paid alone
    knocked_out: list[int] = []
    moves: list[CuckooMove] = []


class CuckooState(State):
    options: CuckooOptions
    chips: list[int]
    out_at: list[int]  # the hand in which a seat lost its last chip; 0 = still in
    dealer: int
    hand: int = 1
    held: list[Card | None]  # each seat's card; None = out (or the game is over)
    stock: list[Card]  # undealt, index 0 is the top
    discard: list[Card] = []  # the dealer's traded card
    turn: int
    moves: list[CuckooMove] = []
    seen: list[list[Card]]  # private memory: every card each seat has held this hand
    pot: int = 0
    last: CuckooShow | None = None


class CuckooView(BaseModel):
    seat: int | None
    players: int
    hand: int
    max_hands: int
    start_chips: int
    aces_high: bool
    dealer: int | None
    turn: int | None
    order: list[int]  # this hand's seats in playing order, the dealer last
    chips: list[int]
    out: list[bool]
    card: Card | None  # the viewer's own card
    known: list[Card | None]  # by seat: what the viewer knows each seat holds now
    seen: list[Card]  # cards the viewer has held this hand
    shown: list[Card]  # kings shown this hand
    moves: list[CuckooMove]
    stock: int
    pot: int
    last: CuckooShow | None


def card_value(card: Card, aces_high: bool = False) -> int:
    """0 for the lowest card of the order in play, 12 for the highest."""
    return (ACES_HIGH if aces_high else ACES_LOW).value(card)


class Cuckoo(Game[CuckooState]):
    State = CuckooState
    Options = CuckooOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: CuckooOptions, deck: list[Card] | None) -> Cuckoo:
        order = prepare_deck(list(FULL_PACK), seed, deck)
        dealer = players - 1
        state = CuckooState(
            players=players,
            seed=seed,
            options=options,
            chips=[options.chips] * players,
            out_at=[0] * players,
            dealer=dealer,
            held=[None] * players,
            stock=order,
            turn=0,
            seen=[[] for _ in range(players)],
        )
        game = cls(state)
        game._deal()
        return game

    # ---- queries

    def alive(self) -> list[int]:
        return [p for p in range(self.s.players) if self.s.out_at[p] == 0]

    def is_out(self, seat: int) -> bool:
        return self.s.result is None and self.s.out_at[seat] != 0

    def left_of(self, seat: int) -> int:
        """The next player still in, clockwise (to the left)."""
        s = self.s
        p = (seat + 1) % s.players
        while s.out_at[p] and p != seat:
            p = (p + 1) % s.players
        return p

    def play_order(self) -> list[int]:
        """Seats still in, from the dealer's left round to the dealer."""
        s = self.s
        if s.result is not None:
            return []
        n = s.players
        return [p for p in ((s.dealer + 1 + i) % n for i in range(n)) if not s.out_at[p]]

    def value(self, card: Card) -> int:
        return card_value(card, self.s.options.aces == "high")

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.s.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or seat != s.turn:
            return []
        if seat == s.dealer:
            return [STAND, SWAP] if s.stock else [STAND]
        return [STAND, CHANGE]

    def view(self, seat: int | None = None) -> CuckooView:
        s = self.s
        over = s.result is not None
        shown = [m.king for m in s.moves if m.king is not None]
        seen = list(s.seen[seat]) if seat is not None else []
        known: list[Card | None] = [None] * s.players
        # Every move is public, so a card once seen can be followed from seat to seat.
        where = {card: p for p, card in enumerate(s.held) if card is not None}
        for card in seen + shown:
            holder = where.get(card)
            if holder is not None:
                known[holder] = card
        return CuckooView(
            seat=seat,
            players=s.players,
            hand=s.hand,
            max_hands=s.options.max_hands,
            start_chips=s.options.chips,
            aces_high=s.options.aces == "high",
            dealer=None if over else s.dealer,
            turn=None if over else s.turn,
            order=self.play_order(),
            chips=list(s.chips),
            out=[bool(o) for o in s.out_at],
            card=s.held[seat] if seat is not None else None,
            known=known,
            seen=seen,
            shown=shown,
            moves=list(s.moves),
            stock=len(s.stock),
            pot=s.pot,
            last=s.last,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for c in s.held if c is not None] + list(s.stock) + list(s.discard)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        if action.kind == "stand":
            s.moves.append(CuckooMove(seat=seat, kind="stand"))
            events = [Event("stand", seat, "{seat} [stands|stand]")]
        elif action.kind == "change":
            events = [self._change(seat)]
        else:
            new = s.stock.pop(0)
            s.discard.append(s.held[seat])  # type: ignore[arg-type]  # a player in the hand holds a card
            s.held[seat] = new
            s.seen[seat].append(new)
            s.moves.append(CuckooMove(seat=seat, kind="swap"))
            # (public: the dealer acts last, and every card is turned up at once)
            events = [Event("swap", seat, f"{{seat}} [swaps|swap] with the deck and [draws|draw] the {new}", (new,))]
        if seat == s.dealer:
            return events + self._show()
        s.turn = self.left_of(seat)
        return events

    def _change(self, seat: int) -> Event:
        s = self.s
        target = self.left_of(seat)
        theirs = s.held[target]
        assert theirs is not None
        if theirs.rank is KING:
            s.moves.append(CuckooMove(seat=seat, kind="blocked", target=target, king=theirs))
            s.stimulus += 1
            return Event(
                "king",
                seat,
                f"{{seat}} [calls|call] change, but {{target}} [target:has|have] a king: {theirs}",
                (theirs,),
                target,
            )
        mine = s.held[seat]
        assert mine is not None
        s.held[seat], s.held[target] = theirs, mine
        s.seen[seat].append(theirs)
        s.seen[target].append(mine)
        s.moves.append(CuckooMove(seat=seat, kind="change", target=target))
        return Event("change", seat, "{seat} [changes|change] cards with {target}", target=target)

    def _show(self) -> list[Event]:
        """Turn every card up, collect the chips, and deal the next hand (or end the game)."""
        s = self.s
        s.stimulus += 1
        dealer = s.dealer
        in_hand = self.play_order()
        held = cast(list[Card], s.held)  # at the show everyone in the hand holds a card
        dealer_king = s.moves[-1].kind == "swap" and held[dealer].rank is KING
        values = {p: self.value(held[p]) for p in in_hand}
        low = min(values.values())
        events = [
            Event(
                "show",
                None,
                f"Hand {s.hand}: the cards are turned up",
                tuple(held[p] for p in in_hand),
                data={"seats": in_hand},
            )
        ]
        if dealer_king:
            payers = [dealer]
            events.append(Event("pay", dealer, "{seat} drew a king from the deck and [pays|pay] alone"))
        elif len(set(values.values())) == 1 and s.options.all_tie == "nobody_pays":
            payers = []
            events.append(Event("tie", None, "Every card is of one rank: nobody pays"))
        else:
            payers = [p for p in in_hand if values[p] == low]
            events += [
                Event("pay", p, f"{{seat}} [pays|pay] a chip for the lowest card, {held[p]}", (held[p],))
                for p in payers
            ]
        knocked: list[int] = []
        for p in payers:
            s.chips[p] -= 1
            s.pot += 1
            if s.chips[p] == 0:
                s.out_at[p] = s.hand
                knocked.append(p)
                events.append(Event("out", p, "{seat} [has|have] no chips left and [is|are] out"))
        s.last = CuckooShow(
            hand=s.hand,
            dealer=dealer,
            cards=list(s.held),
            payers=payers,
            dealer_king=dealer_king,
            knocked_out=knocked,
            moves=list(s.moves),
        )
        survivors = self.alive()
        if len(survivors) == 1:
            events.append(self._end(survivors, "{seat} [is|are] the last player with chips and [wins|win]"))
        elif not survivors:
            events.append(self._end(knocked, "The last players all lost their last chip together: a shared win"))
        elif s.hand >= s.options.max_hands:
            most = max(s.chips)
            leaders = [p for p in survivors if s.chips[p] == most]
            why = f"The {s.options.max_hands}-hand limit is reached: "
            events.append(
                self._end(
                    leaders,
                    why
                    + (
                        "{seat} [has|have] the most chips and [wins|win]"
                        if len(leaders) == 1
                        else "the players with the most chips share the win"
                    ),
                )
            )
        else:
            s.hand += 1
            s.dealer = self.left_of(dealer)
            self._gather()
            self.rng().shuffle(s.stock)
            self._deal()
            events.append(Event("deal", s.dealer, f"{{seat}} [deals|deal] hand {s.hand}"))
        return events

    def _gather(self) -> None:
        s = self.s
        s.stock = [c for c in s.held if c is not None] + s.stock + s.discard
        s.held = [None] * s.players
        s.discard = []
        s.moves = []
        s.seen = [[] for _ in range(s.players)]

    def _deal(self) -> None:
        """One card to each player still in from the top of ``stock``, starting left of the dealer."""
        s = self.s
        order = self.play_order()
        s.seen = [[] for _ in range(s.players)]
        for i, p in enumerate(order):
            s.held[p] = s.stock[i]
            s.seen[p].append(s.stock[i])
        del s.stock[: len(order)]
        s.moves = []
        s.turn = order[0]

    def _end(self, winners: list[int], reason: str) -> Event:
        s = self.s
        self._gather()
        n = s.players
        # Survivors by chips, then the others by how long they lasted.
        ranking = sorted(range(n), key=lambda p: (s.out_at[p] == 0, s.chips[p], s.out_at[p]), reverse=True)
        return self.finish(winners, reason, scores=[float(c) for c in s.chips], ranking=ranking, score_name="chips")

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if not (len(s.chips) == len(s.out_at) == len(s.held) == len(s.seen) == n):
            raise ValueError("zones do not match the number of players")
        self.check_seats(s.dealer, s.turn)
        if any(not 0 <= c <= s.options.chips for c in s.chips) or s.pot < 0:
            raise ValueError("bad chip counts")
        if sum(s.chips) + s.pot != n * s.options.chips:
            raise ValueError("chips do not add up")
        if not 1 <= s.hand <= s.options.max_hands:
            raise ValueError("bad hand number")
        if any((c == 0) != (o > 0) or not 0 <= o <= s.hand for c, o in zip(s.chips, s.out_at)):
            raise ValueError("who is out does not match the chips")
        if s.last is not None:
            self._check_show(s.last)
        if s.result is not None:
            if any(c is not None for c in s.held) or s.discard or s.moves:
                raise ValueError("cards are still in play after the game")
            return
        alive = self.alive()
        if len(alive) < 2 or s.out_at[s.dealer] or any((s.held[p] is None) != bool(s.out_at[p]) for p in range(n)):
            raise ValueError("the cards in play do not match the players still in")
        order = self.play_order()
        if len(s.moves) >= len(order) or s.turn != order[len(s.moves)]:
            raise ValueError("the turn does not follow the moves")
        if len(s.discard) != 0 or len(s.stock) != 52 - len(order):
            raise ValueError("the pack does not match the deal")
        for i, move in enumerate(s.moves):
            target = order[(i + 1) % len(order)]
            if (
                move.seat != order[i]
                or move.kind == "swap"
                or (move.kind == "stand") != (move.target is None)
                or (move.target is not None and move.target != target)
                or (move.kind == "blocked") != (move.king is not None)
                or (move.king is not None and move.king.rank is not KING)
            ):
                raise ValueError("the moves do not follow the seats")
        if any(s.held[p] not in s.seen[p] for p in alive):
            raise ValueError("a player's memory misses the card in hand")

    def _check_show(self, show: CuckooShow) -> None:
        n = self.s.players
        seats = (
            show.payers
            + show.knocked_out
            + [show.dealer]
            + [m.seat for m in show.moves]
            + [m.target for m in show.moves if m.target is not None]
        )
        if len(show.cards) != n or any(not 0 <= p < n for p in seats) or not 1 <= show.hand <= self.s.hand:
            raise ValueError("the last hand shown does not fit the players")


SPEC = GameSpec.listed("cuckoo", rules=RULES, game=Cuckoo)
Cuckoo.spec = SPEC
