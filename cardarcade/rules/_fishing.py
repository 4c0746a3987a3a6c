"""What Go Fish and Authors share: asking another player for cards, fishing from the stock,
books of four, whose turn it is, the public record of asks, and the view.

A game of the family subclasses ``FishingGame`` and says what an ask names (a rank or an exact
card), what the asked player hands over, and which fished card counts as the one asked for.

Public history: every ask (who asked whom for what, and what was handed over or denied), every
draw from the stock (the card itself only when it is shown) and every book laid down is kept as
a ``FishRecord``. The last ``HISTORY_KEPT`` records travel in the view, numbered, so players
(and bots) can remember what was said at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Literal, Self, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field

from cardarcade.cards import RANKS, SUITS, Card, Rank, Suit, standard_deck
from cardarcade.rules.base import Action, Event, Game, Options, State, prepare_deck

BOOK = 4  # cards in a book: four of a kind
ALL_BOOKS = len(RANKS)  # 13 books in the pack
HISTORY_KEPT = 64  # records kept in the state and the view; far more than one move ever adds
ASK = "ask"

_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four"}


def counted(rank: Rank, count: int) -> str:
    """'a seven', 'an ace', 'two sevens'."""
    if count == 1:
        word = rank.word
        return ("an " if word[0] in "ae" else "a ") + word
    return f"{_COUNTS.get(count, str(count))} {rank.plural}"


class FishingOptions(Options):
    """House rules both fishing games share."""

    lucky_draw: bool = Field(
        False,
        title="Lucky draw goes on",
        description="If the card you fish completes a book, or is the one you asked for, you show it and "
        "your turn goes on.",
    )
    max_asks: int = Field(
        1000,
        ge=50,
        le=100_000,
        title="Ask limit",
        description="So a game always ends: after this many questions the most books wins.",
    )


class FishRecord(BaseModel):
    """One public happening, numbered from the start of the game.

    ask: ``seat`` asked ``target`` for ``rank`` (Authors: for ``card``); ``cards`` were handed over
    (none = a denial). fish: ``seat`` drew from the stock after a denial (``cards`` holds the card
    only if it was shown). draw: ``seat`` drew without asking (an empty hand, or nobody to ask).
    book: ``seat`` laid down the four ``rank``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    n: int
    kind: Literal["ask", "fish", "draw", "book"]
    seat: int
    target: int | None = None
    rank: Rank | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()


class FishingState(State):
    hands: list[list[Card]]  # in the order received
    stock: list[Card]  # face down, index 0 is the top
    books: list[list[Rank]]  # the ranks each seat has laid down, in order
    turn: int = 0
    asks: int = 0  # questions asked so far (for the ask limit)
    logged: int = 0  # public records made so far (the number of the next one)
    history: list[FishRecord] = []  # the last HISTORY_KEPT records
    # private: the card each seat last took from the stock, until it asks again (the drawer
    # must know which card it was; the others only that one was drawn)
    drawn: list[Card | None] = []
    if TYPE_CHECKING:  # each game's state declares its own options model
        options: FishingOptions


class FishingView(BaseModel):
    seat: int | None
    by_card: bool  # Authors: asks name an exact card
    one_per_answer: bool  # a yes hands over a single card (Authors; a Go Fish house rule)
    hand: list[Card]  # the viewer's own hand, by rank then suit (empty for a spectator)
    hand_sizes: list[int]  # cards in each hand (the books, not the cards, are the score)
    books: list[list[Rank]]
    stock: int
    turn: int
    moves: int  # actions so far: names the situation for bots
    asks: int
    max_asks: int
    history: list[FishRecord]
    drawn: Card | None  # the card the viewer last took from the stock, until it asks again


def asked_rank(action: Action) -> Rank:
    """The rank an ask is for: its card's (Authors), else the rank it names by number (Go Fish)."""
    return action.card.rank if action.card else Rank(cast(int, action.value))


def sort_hand(hand: list[Card]) -> list[Card]:
    return sorted(hand, key=lambda c: (c.rank, c.suit.value if c.suit else ""))


def deal_with_pretend_hand(order: list[Card], players: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal the whole pack one at a time into one hand more than there are players; the
    pretend hand and the cards left over become the stock."""
    piles = players + 1
    per = len(order) // piles
    hands: list[list[Card]] = [[] for _ in range(piles)]
    for i in range(per * piles):
        hands[i % piles].append(order[i])
    stock = hands.pop() + order[per * piles :]
    return hands, stock


F = TypeVar("F", bound=FishingState)


class FishingGame(Game[F]):
    """The turn, the asking, the fishing and the books; subclasses name what an ask is for."""

    State: ClassVar[type[FishingState]]
    BY_CARD: ClassVar[bool] = False
    __slots__ = ()

    # ---- hooks

    def ask_actions(self, seat: int, targets: list[int]) -> list[Action]:
        raise NotImplementedError

    def may_ask(self, seat: int, action: Action) -> bool:
        """The ask's own condition (a rank you hold; Authors: a card you lack)."""
        raise NotImplementedError

    def hand_over(self, target: int, action: Action) -> list[Card]:
        """Take what the asked player must give from their hand."""
        raise NotImplementedError

    def asked_words(self, action: Action) -> str:
        """'sevens', 'the 7♠'."""
        raise NotImplementedError

    def is_asked_for(self, card: Card, action: Action) -> bool:
        raise NotImplementedError

    def one_per_answer(self) -> bool:
        """Whether a yes hands over only one card (a Go Fish house rule)."""
        return self.BY_CARD

    # ---- setup helper

    @classmethod
    def start(
        cls, players: int, seed: int, options: FishingOptions, deck: list[Card] | None, deal_all: bool = False
    ) -> Self:
        order = prepare_deck(standard_deck(), seed, deck)
        if deal_all:
            hands = [order[i::players] for i in range(players)]
            stock: list[Card] = []
        else:
            hands, stock = deal_with_pretend_hand(order, players)
        state = cls.State(
            players=players, seed=seed, options=options, hands=hands, stock=stock, books=[[] for _ in range(players)]
        )
        game = cls(cast(F, state))  # (a class variable cannot say that State makes an F)
        game._settle()  # the first player lays down any book they were dealt
        return game

    @classmethod
    def arranged(
        cls,
        hands: list[list[Card]],
        stock: Sequence[Card] | None = (),
        books: list[list[Rank]] | None = None,
        turn: int = 0,
        options: FishingOptions | dict | None = None,
    ) -> FishingGame:
        """A game at a chosen position, for tests and demonstrations: these hands and books,
        ``stock`` on top of the stock and the rest of the pack under it (``None``: no stock at
        all; the hands and books then hold the whole pack)."""
        game = cls.spec.new(len(hands), seed=0, options=options)
        s = game.s
        s.hands = [list(h) for h in hands]
        s.books = [list(b) for b in books] if books else [[] for _ in hands]
        s.stock = []
        if stock is not None:
            placed = (
                {c for h in s.hands for c in h} | set(stock) | {c for b in s.books for r in b for c in rank_cards(r)}
            )
            s.stock = list(stock) + [c for c in standard_deck() if c not in placed]
        s.turn = turn
        game.check_loaded()
        return game  # type: ignore[return-value]  # spec.new made a cls

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.s.turn]

    def is_out(self, seat: int) -> bool:
        """No cards and no stock to draw from: nothing left to ask with, nothing to be asked for."""
        s = self.s
        return s.result is None and not s.hands[seat] and not s.stock

    def targets(self, seat: int) -> list[int]:
        """Players ``seat`` may ask: anyone else holding cards."""
        hands = self.s.hands
        return [p for p in range(self.s.players) if p != seat and hands[p]]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.s.result is not None or seat != self.s.turn:
            return []
        return self.ask_actions(seat, self.targets(seat))

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or seat != s.turn or action.kind != ASK:
            return False
        target = action.target
        if (
            not isinstance(target, int)
            or isinstance(target, bool)
            or target == seat
            or not 0 <= target < s.players
            or not s.hands[target]
        ):
            return False
        return self.may_ask(seat, action)

    def view(self, seat: int | None = None) -> FishingView:
        s = self.s
        own = seat if seat is not None and 0 <= seat < s.players else None
        return FishingView(
            seat=seat,
            by_card=self.BY_CARD,
            one_per_answer=self.one_per_answer(),
            hand=sort_hand(s.hands[own]) if own is not None else [],
            hand_sizes=[len(h) for h in s.hands],
            books=[list(b) for b in s.books],
            stock=len(s.stock),
            turn=s.turn,
            moves=s.actions,
            asks=s.asks,
            max_asks=s.options.max_asks,
            history=list(s.history),
            drawn=s.drawn[own] if own is not None and s.drawn else None,
        )

    def cards(self) -> list[Card]:
        s = self.s
        laid = [c for books in s.books for rank in books for c in rank_cards(rank)]
        return [c for h in s.hands for c in h] + list(s.stock) + laid

    # ---- play

    def _record(self, kind: str, seat: int, **fields) -> None:
        s = self.s
        s.history.append(FishRecord(n=s.logged, kind=kind, seat=seat, **fields))
        s.logged += 1
        if len(s.history) > HISTORY_KEPT:
            del s.history[: len(s.history) - HISTORY_KEPT]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        target = action.target
        assert target is not None
        s.asks += 1
        self._remember_draw(seat, None)
        what = self.asked_words(action)
        rank = asked_rank(action)
        events = [
            Event(
                "ask",
                seat,
                f"{{seat}} [asks|ask] {{target}} for {what}",
                action.cards,
                target,
                data={"rank": int(rank)},
            )
        ]
        given = self.hand_over(target, action)
        self._record("ask", seat, target=target, rank=rank, card=action.card, cards=tuple(given))
        if given:
            s.hands[seat].extend(given)
            handed = f"the {given[0]}" if self.BY_CARD else counted(rank, len(given))
            events.append(
                Event(
                    "give",
                    target,
                    f"{{seat}} [hands|hand] over {handed}",
                    tuple(given),
                    seat,
                    data={"rank": int(rank), "count": len(given)},
                )
            )
            events += self._lay_books(seat)
            if not s.hands[target] and s.stock and s.result is None:
                events.append(self._draw_instead(target, "[has|have] no cards left"))  # stays in the game
        else:
            events.append(Event("deny", target, "{seat} [says|say] “Go fish!”", (), seat, data={"rank": int(rank)}))
            events += self._fish(seat, target, action)
        if s.result is None and s.asks >= s.options.max_asks:
            events.append(self._finish_by_books(f"the {s.options.max_asks}-question limit was reached"))
        events += self._settle()
        return events

    def _fish(self, seat: int, target: int, action: Action) -> list[Event]:
        """After a denial: draw from the stock; the turn passes to whoever said Go fish."""
        s = self.s
        if not s.stock:
            s.turn = target
            return [
                Event(
                    "no_stock",
                    seat,
                    "{seat} [has|have] no stock to fish from; the turn passes to {target}",
                    target=target,
                )
            ]
        card = s.stock.pop(0)
        hand = s.hands[seat]
        hand.append(card)
        self._remember_draw(seat, card)
        lucky = s.options.lucky_draw and (
            self.is_asked_for(card, action) or sum(1 for c in hand if c.rank is card.rank) == BOOK
        )
        if lucky:
            self._record("fish", seat, cards=(card,))
            return [
                Event(
                    "fish",
                    seat,
                    f"{{seat}} [fishes|fish] the {card} and [shows|show] it: the turn goes on",
                    (card,),
                    data={"lucky": True},
                )
            ] + self._lay_books(seat)
        self._record("fish", seat)
        s.turn = target
        return [
            Event(
                "fish",
                seat,
                "{seat} [fishes|fish] a card from the stock; the turn passes to {target}",
                target=target,
                data={"lucky": False},
            )
        ]

    def _lay_books(self, seat: int) -> list[Event]:
        """Lay down every four of a kind in ``seat``'s hand; going out before the stock is gone wins."""
        s = self.s
        hand = s.hands[seat]
        counts: dict[Rank, int] = {}
        for c in hand:
            counts[c.rank] = counts.get(c.rank, 0) + 1
        full = [r for r in sorted(counts) if counts[r] == BOOK]
        if not full:
            return []
        events = []
        for rank in full:
            hand[:] = [c for c in hand if c.rank is not rank]
            s.books[seat].append(rank)
            self._record("book", seat, rank=rank)
            events.append(
                Event(
                    "book",
                    seat,
                    f"{{seat}} [lays|lay] down the four {rank.plural}",
                    rank_cards(rank),
                    data={"rank": int(rank)},
                )
            )
        if not hand and s.stock:
            events.append(self._finish_by_books("{seat} went out: every card is in a book", winner=seat))
        elif sum(len(b) for b in s.books) == ALL_BOOKS:
            events.append(self._finish_by_books("every book is down"))
        return events

    def _remember_draw(self, seat: int, card: Card | None) -> None:
        s = self.s
        if not s.drawn:
            s.drawn = [None] * s.players
        s.drawn[seat] = card

    def _draw_instead(self, seat: int, why: str) -> Event:
        s = self.s
        card = s.stock.pop(0)
        s.hands[seat].append(card)
        self._remember_draw(seat, card)
        self._record("draw", seat)
        return Event("draw", seat, f"{{seat}} {why} and [draws|draw] from the stock")

    def _settle(self) -> list[Event]:
        """Bring the turn to a player who can ask: lay down waiting books, draw into an empty
        hand, skip players who have nothing left."""
        s = self.s
        events: list[Event] = []
        while s.result is None:
            p = s.turn
            events += self._lay_books(p)
            if s.result is not None:
                break
            if not s.hands[p]:
                if s.stock:
                    events.append(self._draw_instead(p, "[has|have] no cards"))
                    continue
                s.turn = self._next_holder(p)
                continue
            if not self.targets(p):
                if s.stock:  # nobody else holds a card: no one to ask
                    events.append(self._draw_instead(p, "[has|have] nobody to ask"))
                    s.turn = (p + 1) % s.players
                    continue
                events.append(self._finish_by_books("no one is left to ask"))  # cannot happen: a guard
                break
            break
        return events

    def _next_holder(self, seat: int) -> int:
        n = self.s.players
        for step in range(1, n + 1):
            p = (seat + step) % n
            if self.s.hands[p]:
                return p
        return seat

    def _finish_by_books(self, why: str, winner: int | None = None) -> Event:
        made = [len(b) for b in self.s.books]
        if winner is None:
            return self.finish_by_most(made, why, "books", shared=True)  # (equal counts share the win)
        ranking = sorted(range(self.s.players), key=lambda p: (p != winner, -made[p]))
        return self.finish([winner], why, scores=[float(m) for m in made], ranking=ranking, score_name="books")

    # ---- loading

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.hands) != n or len(s.books) != n:
            raise ValueError("zones do not match the number of players")
        if not 0 <= s.turn < n:
            raise ValueError("the turn is not a seat")
        if s.asks < 0 or s.logged < len(s.history) or s.actions < 0:
            raise ValueError("bad counters")
        if s.drawn and len(s.drawn) != n:
            raise ValueError("the cards drawn do not match the number of players")
        if any(r is Rank.JOKER for b in s.books for r in b):
            raise ValueError("a book of jokers")
        for i, rec in enumerate(s.history):
            if rec.n != s.logged - len(s.history) + i:
                raise ValueError("the public record is out of order")
            if not 0 <= rec.seat < n or (rec.target is not None and not 0 <= rec.target < n):
                raise ValueError("the public record names a seat that is not at the table")
            if rec.kind == "ask" and (rec.target is None or rec.target == rec.seat or rec.rank is None):
                raise ValueError("the public record has a question without a player or a rank")
            if rec.kind == "book" and rec.rank is None:
                raise ValueError("the public record has a book without a rank")
        if s.result is None and not self.legal_actions(s.turn):
            raise ValueError("the player to move cannot ask anyone")


def rank_cards(rank: Rank) -> tuple[Card, ...]:
    """The four cards of a book."""
    return tuple(Card.of(rank, suit) for suit in SUITS)


def stacked_deck(
    players: int, hands: dict[int, list[Card]], stock: Sequence[Card] = (), deal_all: bool = False
) -> list[Card]:
    """The pack order that deals ``hands`` (their first cards) and puts ``stock`` on top of the
    stock: for tests and demonstrations. The rest of the pack fills the other places, spread so
    that nobody is dealt a stray book."""
    piles = players if deal_all else players + 1
    wanted = {seat: list(cards) for seat, cards in hands.items()}
    if not deal_all:
        wanted[players] = list(stock)
    used = [c for cs in wanted.values() for c in cs]
    if len(set(used)) != len(used):
        raise ValueError("a card is placed twice")
    filler = iter(
        [c for c in sorted(standard_deck(), key=lambda c: (c.rank, cast(Suit, c.suit).value)) if c not in used]
    )
    per = 52 // piles
    order = []
    for i in range(52):
        pile, round_ = i % piles, i // piles
        mine = wanted.get(pile, []) if i < per * piles else []
        order.append(mine[round_] if round_ < len(mine) else next(filler))
    return order
