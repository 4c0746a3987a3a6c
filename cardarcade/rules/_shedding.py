"""What Neosho Rapids and Dig share: one pack, seven cards each, a face-down stock with an
upcard turned beside it, one player acting at a time, and a stock rebuilt from the discards
under the upcard when it runs out. The first player out of cards wins.

The stock's top card is the END of its list (cheap to pop); the discard pile's upcard is the
end of its list too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, Field

from cardarcade.cards import Card, standard_deck
from cardarcade.rules.base import Event, Game, Options, State, deal_round_robin, prepare_deck

HAND_SIZE = 7
HISTORY = 48  # public moves kept in the view: enough for a player's memory of recent turns


def turn_limit(default: int) -> Any:
    return Field(
        default,
        ge=20,
        le=100_000,
        title="Turn limit",
        description="So a game always ends: after this many turns the player holding the fewest cards wins.",
    )


class SheddingOptions(Options):
    max_turns: int = turn_limit(400)


class Move(BaseModel):
    """One public move, as every player at the table saw it."""

    seat: int
    kind: str  # play, draw, dig, pass, rebuild
    card: Card | None = None  # the card played (drawn cards stay hidden)
    named: str | None = None  # Dig: what a wild eight named
    upcard: Card | None = None  # the upcard the move was made on
    turn: int = 0  # the turn number it belongs to


class SheddingState(State):
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    turn: int = 0  # the seat to act
    turns: int = 0  # turns completed
    history: list[Move] = []
    # Each seat's memory of the cards it drew on its latest turn that drew any (private).
    drawn: list[list[Card]] = []
    drawn_turn: list[int] = []
    if TYPE_CHECKING:  # each game's state declares its own options model
        options: SheddingOptions


class SheddingView(BaseModel):
    seat: int | None
    hand: list[Card]  # the viewer's own hand (empty for a spectator)
    hand_sizes: list[int]  # cards in each hand (the result screen then ranks by the game's own ranking)
    upcard: Card
    stock: int
    discards: list[Card]  # the whole face-up pile, upcard last: every card was seen as it was played
    turn: int | None  # None once the game is over
    turns: int
    max_turns: int
    step: int  # actions so far: names the situation for bot plans
    history: list[Move]
    drawn: list[Card]  # the cards the viewer drew on its latest turn that drew any


S = TypeVar("S", bound=SheddingState)


class SheddingGame(Game[S], Generic[S]):
    """Dealing, drawing, rebuilding, turn order and the end of the game."""

    State: ClassVar[type[SheddingState]]
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: Options, deck: list[Card] | None) -> SheddingGame:
        """Seven cards each one at a time, then the next card up as the upcard; the rest is the stock."""
        order = prepare_deck(standard_deck(), seed, deck)
        hands = deal_round_robin(order, players, HAND_SIZE)
        rest = order[HAND_SIZE * players :]
        state = cls.State(
            players=players,
            seed=seed,
            options=options,
            hands=hands,
            discard=[rest[0]],
            stock=rest[:0:-1],
            drawn=[[] for _ in range(players)],
            drawn_turn=[-1] * players,
        )
        return cls(cast(S, state))  # (a class variable cannot say that State makes an S)

    # ---- zones

    @property
    def upcard(self) -> Card:
        return self.s.discard[-1]

    def cards(self) -> list[Card]:
        s = self.s
        return [c for h in s.hands for c in h] + s.stock + s.discard

    def can_draw(self) -> bool:
        """A card can be had: from the stock, or from the discards under the upcard."""
        return bool(self.s.stock) or len(self.s.discard) > 1

    def draw(self, seat: int, events: list[Event]) -> Card | None:
        """Take the stock's top card into ``seat``'s hand, rebuilding the stock first if it is empty."""
        s = self.s
        if not s.stock:
            self.rebuild(seat, events)
        if not s.stock:
            return None
        card = s.stock.pop()
        s.hands[seat].append(card)
        if s.drawn_turn[seat] != s.turns:
            s.drawn[seat] = []
            s.drawn_turn[seat] = s.turns
        s.drawn[seat].append(card)
        return card

    def rebuild(self, seat: int, events: list[Event]) -> None:
        """The upcard stays; the discards under it are shuffled into a new face-down stock."""
        s = self.s
        under = s.discard[:-1]
        if not under:
            return
        self.rng().shuffle(under)
        s.stock = under
        s.discard = [s.discard[-1]]
        self.remember(Move(seat=seat, kind="rebuild", turn=s.turns))
        events.append(
            Event(
                "rebuild",
                None,
                f"The stock ran out: {len(under)} discards are shuffled into a new stock",
                data={"count": len(under)},
            )
        )

    def discard_card(self, seat: int, card: Card, **move: object) -> None:
        s = self.s
        self.remember(Move(seat=seat, kind="play", card=card, upcard=s.discard[-1], turn=s.turns, **move))
        s.hands[seat].remove(card)
        s.discard.append(card)

    def remember(self, move: Move) -> None:
        history = self.s.history
        history.append(move)
        if len(history) > HISTORY:
            del history[0]

    # ---- turns and the end

    def actors(self) -> list[int]:
        return [] if self.s.result else [self.s.turn]

    def end_turn(self, events: list[Event]) -> None:
        s = self.s
        s.turns += 1
        s.turn = (s.turn + 1) % s.players
        if s.turns >= s.options.max_turns:
            events.append(self.finish_by_count(f"the {s.turns}-turn limit was reached"))

    def held(self) -> list[int]:
        return [len(h) for h in self.s.hands]

    def ranking(self) -> list[int]:
        held = self.held()
        return sorted(range(self.s.players), key=lambda p: (held[p], p))

    def go_out(self, seat: int) -> Event:
        return self.finish([seat], "{seat} [plays|play] the last card in hand and [wins|win]", **self.standings())

    def finish_by_count(self, why: str) -> Event:
        held = self.held()
        fewest = min(held)
        winners = [p for p in range(self.s.players) if held[p] == fewest]
        text = f"Game over: {why}; " + (
            "{seat} [holds|hold] the fewest cards" if len(winners) == 1 else "a draw on fewest cards"
        )
        return self.finish(winners, text, **self.standings())

    def standings(self) -> dict:
        """The result's scores: the cards left in each hand, fewest first."""
        return {
            "scores": [float(h) for h in self.held()],
            "ranking": self.ranking(),
            "score_name": "cards left",
            "low_wins": True,
        }

    # ---- what a player sees

    def view_fields(self, seat: int | None) -> dict:
        s = self.s
        own = seat if seat is not None and 0 <= seat < s.players else None
        return {
            "seat": seat,
            "hand": list(s.hands[own]) if own is not None else [],
            "hand_sizes": self.held(),
            "upcard": s.discard[-1],
            "stock": len(s.stock),
            "discards": list(s.discard),
            "turn": None if s.result else s.turn,
            "turns": s.turns,
            "max_turns": s.options.max_turns,
            "step": s.actions,
            "history": list(s.history),
            "drawn": list(s.drawn[own]) if own is not None else [],
        }

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        if (
            len(s.hands) != s.players
            or not 0 <= s.turn < s.players
            or len(s.drawn) != s.players
            or len(s.drawn_turn) != s.players
        ):
            raise ValueError("the hands or the turn do not fit the players")
        if not s.discard:
            raise ValueError("no upcard")
        if s.result is None and (not all(s.hands) or s.turns >= s.options.max_turns):
            raise ValueError("a finished game without a result")
        if any(not 0 <= m.seat < s.players for m in s.history) or s.turns < 0:
            raise ValueError("the history names a seat that is not in the game")
        if any(
            (m.kind != "rebuild" and m.upcard is None) or (m.kind == "play") != (m.card is not None) for m in s.history
        ):
            raise ValueError("a move in the history lacks its cards")


def stacked_deck(hands: list[str], upcard: str, stock: str = "") -> list[Card]:
    """The pack order that deals exactly these hands (card codes, space separated), turns up
    ``upcard`` and leaves ``stock`` on top of the stock (top first); for tests and demos.
    Hands shorter than seven cards and the rest of the stock are filled from the unused cards,
    highest first (aces, kings, ...), so pick test cards from the low ranks."""
    named = (
        [Card.parse(c) for h in hands for c in h.split()]
        + [Card.parse(upcard)]
        + [Card.parse(c) for c in stock.split()]
    )
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    spare = [c for c in reversed(standard_deck()) if c not in set(named)]
    dealt = []
    for h in hands:
        cards = [Card.parse(c) for c in h.split()]
        if len(cards) > HAND_SIZE:
            raise ValueError("more than seven cards in a hand")
        dealt.append(cards + [spare.pop(0) for _ in range(HAND_SIZE - len(cards))])
    order = [dealt[i % len(hands)][i // len(hands)] for i in range(HAND_SIZE * len(hands))]
    return order + [Card.parse(upcard)] + [Card.parse(c) for c in stock.split()] + spare
