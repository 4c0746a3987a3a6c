"""Stealing the Old Man's Bundle, for two: capture table cards by rank, and steal the other's bundle."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import Card, card_count, standard_deck
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
)

HAND_SIZE = 4
TABLE_START = 4

RULES = """\
# Stealing the Old Man's Bundle

**Goal:** end with more cards in your bundle than your opponent has in theirs.

- Two players. Each gets four cards, dealt one at a time, and four cards are laid face up on
  the table. The dealer's opponent plays first; then the turns alternate.
- **Your turn:** play one card from your hand, in one of three ways:
  - **take a table card** of the same rank as your card: both cards go on your bundle, your
    card on top;
  - **steal the bundle:** if your opponent's bundle shows a card of the same rank on top, take
    the whole bundle onto yours, with your card on top;
  - **trail:** lay the card face up on the table.
- Your bundle is one face-up pile; only its top card counts for stealing, so the card you
  capture with decides which rank can steal it back.
- When both hands are empty, each player gets four more cards (none go to the table). The
  game ends when the pack is used up.
- The larger bundle wins; equal bundles are a draw.

**House clarifications** (the text leaves these open):

- Once the pack is used up, the last four cards each are still played before the bundles
  are counted.
- A capture takes one table card; with two of your rank on the table you choose which (a
  house rule below takes them all).
- The card you capture with always goes on top of your bundle.

**House rules** (chosen on the setup screen):

- **Take every match:** one card captures every table card of its rank at once.
- **Cards left on the table** at the end: they stay there and count for nobody, or they go
  to whoever captured last.
"""


class BundleOptions(Options):
    take_every_match: bool = Field(
        False,
        title="Take every match",
        description="A card captures every table card of its rank at once, not just one.",
    )
    leftovers: Literal["stay", "last_taker"] = Field(
        "stay",
        title="Cards left on the table",
        description="What happens to table cards nobody captured once the last hand is played.",
        json_schema_extra=choice_labels(
            {"stay": "they count for nobody", "last_taker": "the last to capture takes them"}
        ),
    )


class BundleState(State):
    options: BundleOptions
    stock: list[Card]  # index 0 is the top
    hands: list[list[Card]]
    table: list[Card]
    bundles: list[list[Card]]  # the last card is the top, face up
    current: int = 0
    last_taker: int | None = None
    seen: list[Card] = []  # every card that has lain face up, in the order it appeared
    last_move: tuple[int, str, list[Card]] | None = None  # seat, kind, cards


class BundleView(BaseModel):
    seat: int | None
    hand: list[Card]  # the viewer's own hand (empty for a spectator)
    hand_counts: list[int]
    table: list[Card]
    bundle_tops: list[Card | None]
    bundle_sizes: list[int]
    stock: int
    current: int | None
    seen: list[Card]  # public history: every card that has been face up (all of them are gone from hands)
    last_move: tuple[int, str, list[Card]] | None
    take_every_match: bool


def trail(card: Card) -> Action:
    return Action("trail", (card,))


def moves_for(
    hand: list[Card], table: list[Card], their_top: Card | None, other: int, take_every_match: bool
) -> list[Action]:
    """Every move a hand can make: take a table card (or all of its rank), steal, or trail."""
    actions = []
    for card in hand:
        matches = [t for t in table if t.rank == card.rank]
        if matches and take_every_match:
            actions.append(Action("take", (card, *matches)))
        else:
            actions += [Action("take", (card, t)) for t in matches]
        if their_top is not None and their_top.rank == card.rank:
            actions.append(Action("steal", (card,), target=other))
        actions.append(trail(card))
    return actions


class OldMansBundle(Game[BundleState]):
    State = BundleState
    Options = BundleOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: BundleOptions, deck: list[Card] | None) -> OldMansBundle:
        order = prepare_deck(standard_deck(), seed, deck)
        hands = deal_round_robin(order, players, HAND_SIZE)
        dealt = HAND_SIZE * players
        table = order[dealt : dealt + TABLE_START]
        state = BundleState(
            players=players,
            seed=seed,
            options=options,
            stock=order[dealt + TABLE_START :],
            hands=hands,
            table=table,
            bundles=[[] for _ in range(players)],
            seen=list(table),
        )
        return cls(state)

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.s.current]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or seat != s.current:
            return []
        other = 1 - seat
        top = s.bundles[other][-1] if s.bundles[other] else None
        return moves_for(s.hands[seat], s.table, top, other, s.options.take_every_match)

    def view(self, seat: int | None = None) -> BundleView:
        s = self.s
        return BundleView.model_construct(
            seat=seat,
            hand=list(s.hands[seat]) if seat is not None else [],
            hand_counts=[len(h) for h in s.hands],
            table=list(s.table),
            bundle_tops=[b[-1] if b else None for b in s.bundles],
            bundle_sizes=[len(b) for b in s.bundles],
            stock=len(s.stock),
            current=None if s.result is not None else s.current,
            seen=list(s.seen),
            last_move=s.last_move,
            take_every_match=s.options.take_every_match,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return s.stock + [c for h in s.hands for c in h] + s.table + [c for b in s.bundles for c in b]

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        card = action.cards[0]
        s.hands[seat].remove(card)
        s.seen.append(card)
        s.stimulus += 1
        bundle = s.bundles[seat]
        if action.kind == "trail":
            s.table.append(card)
            events = [Event("trail", seat, f"{{seat}} [trails|trail] {card}", (card,))]
        elif action.kind == "take":
            taken = action.cards[1:]
            for t in taken:
                s.table.remove(t)
            bundle.extend(taken)
            bundle.append(card)
            s.last_taker = seat
            names = ", ".join(str(t) for t in taken)
            events = [Event("take", seat, f"{{seat}} [takes|take] {names} with {card}", action.cards)]
        else:  # steal
            other = action.target
            assert other is not None
            stolen = s.bundles[other]
            s.bundles[other] = []
            bundle.extend(stolen)
            bundle.append(card)
            s.last_taker = seat
            events = [
                Event(
                    "steal",
                    seat,
                    f"{{seat}} [steals|steal] the bundle from {{target}} with {card}: {card_count(len(stolen))}",
                    (card,),
                    target=other,
                    data={"count": len(stolen)},
                )
            ]
        s.last_move = (seat, action.kind, list(action.cards))
        s.current = 1 - seat
        if not any(s.hands):
            events += self._deal_or_end()
        return events

    def _deal_or_end(self) -> list[Event]:
        s = self.s
        if s.stock:
            count = min(HAND_SIZE * s.players, len(s.stock))
            dealt = deal_round_robin(s.stock[:count], s.players)
            del s.stock[:count]
            for hand, new in zip(s.hands, dealt):
                hand.extend(new)
            s.current = 0  # the dealer's opponent leads every hand
            return [
                Event(
                    "deal", None, f"Four more cards each; {len(s.stock)} left in the pack", data={"stock": len(s.stock)}
                )
            ]
        events: list[Event] = []
        if s.table and s.options.leftovers == "last_taker" and s.last_taker is not None:
            taker = s.last_taker
            s.bundles[taker][:0] = s.table  # under the bundle: the top card stays the last capture
            events.append(
                Event(
                    "leftovers",
                    taker,
                    f"{{seat}} [takes|take] the {len(s.table)} cards left on the table",
                    tuple(s.table),
                )
            )
            s.table = []
        events.append(self.finish_by_most([len(b) for b in s.bundles], "the pack is used up", "cards"))
        return events

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        if len(s.hands) != s.players or len(s.bundles) != s.players:
            raise ValueError("zones do not match the number of players")
        if not 0 <= s.current < s.players or (s.last_taker is not None and not 0 <= s.last_taker < s.players):
            raise ValueError("a seat out of range")
        if any(len(h) > HAND_SIZE for h in s.hands):
            raise ValueError("a hand holds too many cards")
        if s.last_move is not None and not 0 <= s.last_move[0] < s.players:
            raise ValueError("the last move names no seat")
        if s.result is None:
            mine, theirs = len(s.hands[s.current]), len(s.hands[1 - s.current])
            if mine == 0 or mine - theirs not in (0, 1):
                raise ValueError("the hands do not fit whose turn it is")


SPEC = GameSpec.listed("old-mans-bundle", rules=RULES, game=OldMansBundle)
OldMansBundle.spec = SPEC
