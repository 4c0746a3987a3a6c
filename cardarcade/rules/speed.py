"""Speed, for two players: both play at once onto two centre piles, one rank up or down."""

from __future__ import annotations

import functools

from pydantic import BaseModel, Field

from cardarcade.cards import RANKS, Card, Rank
from cardarcade.rules._speedplay import (
    NAMES,
    PACK,
    SpeedFamilyGame,
    SpeedFamilyState,
    check_places,
    judge,
    laid,
    late_event,
    lay,
    well_aimed,
)
from cardarcade.rules.base import (
    Action,
    Event,
    GameSpec,
    Options,
    construct,
    deal_round_robin,
    prepare_deck,
)

HAND = 5  # the hand limit
STOCK = 15
TALON = 5
PILES = 2
FLIP = Action("flip")
PILE_NAMES = ("the left pile", "the right pile")

RULES = """\
# Speed

**Goal:** be the first to get rid of every card, your hand and your stock.

- Each player gets a **hand** of five cards and a face-down **stock** of fifteen. Two face-down
  **talons** of five go in the middle, and the last two cards between them start the two
  **centre piles**, turned up together on a count of three.
- **No turns:** both play at once, as fast as they can. A card may go on either centre pile if
  it is one rank above or below the pile's top card, suits do not matter, and ranks go
  **round the corner**: a king takes an ace or a queen, an ace takes a king or a two.
- Your hand is **refilled** from your stock up to five cards as you play.
- **Both blocked:** when neither player can play, both count "3, 2, 1" and turn the top card of
  each talon onto the centre pile on its side. If a talon is used up when a card is needed, the
  centre pile on its side is shuffled into a new talon.
- **Same pile, same moment:** if both play onto one pile at once, the card that got there first
  (the earlier press) stays; the later card goes back to its hand.
- The first player with no cards left in hand or stock **wins**.

**How this table plays it** (the text leaves these open, or a screen needs them):

- Refilling is done for you: the card you play is replaced at once by the top of your stock, in
  the same place in your hand.
- The table does the counting when both are blocked: "3, 2, 1" shows, then the talons turn.
- A card that fits neither pile is simply not played (nothing is lost).
- A card that loses a race for a pile goes back to your hand and you are told by how much you
  were beaten ("Ann was 40 ms earlier").
- Two people at one keyboard see each other's hands: there is no time to pass a cover back
  and forth in a game with no turns.
- **Flip limit** (a house rule, so a game always ends): after that many counted flips the
  player with fewer cards left wins; equal counts share the win.
"""


class SpeedOptions(Options):
    flip_limit: int = Field(
        100,
        ge=5,
        le=10_000,
        title="Flip limit",
        description="After this many counted flips from the talons, the player with fewer cards left wins.",
    )


class SpeedState(SpeedFamilyState):
    options: SpeedOptions
    hands: list[list[Card]]  # in the order of the player's keys; a played card's place is refilled
    stocks: list[list[Card]]  # face down, index 0 is the top
    talons: list[list[Card]]  # face down, index 0 is the top; talon 0 feeds pile 0
    piles: list[list[Card]]  # face up, last is the top
    blocked: bool = False  # neither player can play: a counted flip is due
    can_play: list[bool] = [True, True]  # per seat: a card of its hand fits a pile (kept for actors())
    flips: int = 0  # counted flips so far


class SpeedView(BaseModel):
    seat: int | None
    hand: list[Card]  # the seat's own hand (a spectator's: empty)
    hand_sizes: list[int]
    stock_sizes: list[int]
    talon_sizes: list[int]
    tops: list[Card]
    pile_sizes: list[int]
    placed_by: list[int | None]
    blocked: bool
    stimulus: int
    flips: int
    flip_limit: int


# The ranks one above and one below each rank, round the corner (K-A-2).
NEIGHBOURS: dict[Rank, frozenset[Rank]] = {
    r: frozenset(q for q in RANKS if abs(q - r) in (1, len(RANKS) - 1)) for r in RANKS
}


# The ranks that may go on one pile or the other, by the two top ranks (whether a hand can play).
EITHER: dict[tuple[Rank, Rank], frozenset[Rank]] = {(a, b): NEIGHBOURS[a] | NEIGHBOURS[b] for a in RANKS for b in RANKS}
# An event's sentence, by card and pile (made on every play).
PLAY_TEXTS: dict[Card, tuple[str, ...]] = {
    card: tuple(f"{{seat}} [plays|play] the {NAMES[card.code]} on {where}" for where in PILE_NAMES) for card in PACK
}


@functools.lru_cache(maxsize=16384)
def play_action(card: Card, pile: int, seen: int) -> Action:
    """Playing ``card`` on ``pile`` on seeing stimulus ``seen``: one shared (immutable) action for
    each, as random play, the bots and the invariant suites ask for every play after every move."""
    return Action("play", (card,), pile, seen)


def fits(card: Card, top: Card) -> bool:
    """One rank above or below, round the corner (K-A-2)."""
    return card.rank in NEIGHBOURS[top.rank]


def plays_for(hand: list[Card], tops: list[Card]) -> list[tuple[Card, int]]:
    """Every (card, pile) this hand may play now, in hand order."""
    wanted = [NEIGHBOURS[top.rank] for top in tops]
    return [(card, p) for card in hand for p, ranks in enumerate(wanted) if card.rank in ranks]


def can_play(hand: list[Card], tops: list[Card]) -> bool:
    left, right = NEIGHBOURS[tops[0].rank], NEIGHBOURS[tops[1].rank]
    return any(card.rank in left or card.rank in right for card in hand)


class Speed(SpeedFamilyGame):
    State = SpeedState
    Options = SpeedOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: SpeedOptions, deck: list[Card] | None) -> Speed:
        order = prepare_deck(PACK, seed, deck)
        dealt = 2 * HAND
        hands = deal_round_robin(order[:dealt], players)
        stocks = deal_round_robin(order[dealt : dealt + 2 * STOCK], players)
        at = dealt + 2 * STOCK
        talons = [order[at : at + TALON], order[at + TALON : at + 2 * TALON]]
        piles = [[order[at + 2 * TALON]], [order[at + 2 * TALON + 1]]]
        # not validated: the dealt cards are the game's own pack (a load validates)
        game = cls(
            construct(
                SpeedState,
                players=players,
                seed=seed,
                options=options,
                hands=hands,
                stocks=stocks,
                talons=talons,
                piles=piles,
                placed_k=[1, 1],
                placed_by=[None, None],
            )
        )
        game._settle()
        return game

    # ---- queries

    def tops(self) -> list[Card]:
        return [pile[-1] for pile in self.s.piles]

    def _who_can_play(self) -> list[bool]:
        tops = self.tops()
        return [can_play(hand, tops) for hand in self.s.hands]

    def _settle(self) -> None:
        """After a change: who can play, and whether both are blocked."""
        s = self.s
        piles = s.piles
        either = EITHER[piles[0][-1].rank, piles[1][-1].rank]
        can = [False] * len(s.hands)
        for seat, hand in enumerate(s.hands):  # (on every play: kept plain and quick)
            for card in hand:
                if card.rank in either:
                    can[seat] = True
                    break
        fields = s.__dict__  # (two plain stores: State.__setattr__ checks names engines might mistype)
        fields["can_play"] = can
        fields["blocked"] = True not in can

    def counted_move(self) -> tuple[int, Action] | None:
        s = self.s
        return (0, FLIP) if s.blocked and s.result is None else None

    def left(self, seat: int) -> int:
        """Cards a seat still has to get rid of."""
        return len(self.s.hands[seat]) + len(self.s.stocks[seat])

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if s.blocked:
            return list(range(s.players))
        return [p for p, can in enumerate(s.can_play) if can]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if s.blocked:
            return [FLIP]
        k = s.stimulus
        left, right = NEIGHBOURS[s.piles[0][-1].rank], NEIGHBOURS[s.piles[1][-1].rank]
        out = []
        for card in s.hands[seat]:
            rank = card.rank
            if rank in left:
                out.append(play_action(card, 0, k))
            if rank in right:
                out.append(play_action(card, 1, k))
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None:
            return False
        if action.kind == "flip":
            return s.blocked and action == FLIP
        if action.kind != "play" or not well_aimed(action, PILES, s.stimulus):
            return False
        card = action.cards[0]
        if card not in s.hands[seat]:  # (cards compare by identity: interned, one object per card)
            return False
        pile = action.target
        fits_now = card.rank in NEIGHBOURS[s.piles[pile][-1].rank]  # (fits, inline: this runs on every play)
        return judge(s, pile, action.value, fits_now) != "wrong"  # type: ignore[arg-type]  # well_aimed checked it

    def view(self, seat: int | None = None) -> SpeedView:
        s = self.s
        own = seat is not None and 0 <= seat < s.players
        return SpeedView.model_construct(
            seat=seat,
            hand=list(s.hands[seat]) if own else [],
            hand_sizes=[len(h) for h in s.hands],
            stock_sizes=[len(st) for st in s.stocks],
            talon_sizes=[len(t) for t in s.talons],
            tops=self.tops(),
            pile_sizes=[len(p) for p in s.piles],
            placed_by=list(s.placed_by),
            blocked=s.blocked,
            stimulus=s.stimulus,
            flips=s.flips,
            flip_limit=s.options.flip_limit,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for zone in (s.hands, s.stocks, s.talons, s.piles) for cards in zone for c in cards]

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "flip":
            return self._flip()
        return self._play(seat, action.cards[0], action.target, action.value)  # type: ignore[arg-type]  # is_legal checked them

    def _play(self, seat: int, card: Card, pile: int, seen: int) -> list[Event]:
        s = self.s
        if judge(s, pile, seen, True) == "late":
            return [late_event(s, seat, card, pile, PILE_NAMES[pile], "to the hand")]
        hand, stock = s.hands[seat], s.stocks[seat]
        slot = hand.index(card)  # (cards are interned: found by identity, and is_legal found it there)
        if stock:
            hand[slot] = stock.pop(0)
        else:
            del hand[slot]
        s.piles[pile].append(card)
        k = lay(s, pile, seat)
        events = [Event("play", seat, PLAY_TEXTS[card][pile], (card,), data=laid(pile, k))]
        if not hand:
            events.append(
                self.finish(
                    [seat],
                    "{seat} [has|have] played every card and [wins|win]",
                    scores=self.lefts(),
                    ranking=self.ranking(),
                    score_name="cards left",
                    low_wins=True,
                )
            )
            return events
        self._settle()
        return events

    def _flip(self) -> list[Event]:
        s = self.s
        if s.flips >= s.options.flip_limit:
            return [self.finish_at_limit(f"the {s.options.flip_limit}-flip limit")]
        events: list[Event] = []
        for p in range(PILES):
            talon = s.talons[p]
            if not talon:
                talon.extend(s.piles[p])
                s.piles[p].clear()
                self.mix(talon)
                events.append(
                    Event(
                        "rebuild",
                        None,
                        f"{PILE_NAMES[p].capitalize()} is shuffled into a new talon",
                        data={"place": p, "count": len(talon)},
                    )
                )
            s.piles[p].append(talon.pop(0))
        s.flips += 1
        s.stimulus += 1
        s.placed_k = [s.stimulus] * PILES
        s.placed_by = [None] * PILES
        left, right = self.tops()
        events.append(
            Event(
                "flip",
                None,
                f"3, 2, 1: the talons turn up the {left} and the {right}",
                (left, right),
                data={"k": s.stimulus},
            )
        )
        self._settle()
        return events

    # ---- loading

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.hands) != n or len(s.stocks) != n or len(s.talons) != PILES or len(s.piles) != PILES:
            raise ValueError("zones do not match the number of players")
        check_places(s, PILES)
        if any(len(h) > HAND or (len(h) < HAND and st) for h, st in zip(s.hands, s.stocks)):
            raise ValueError("a hand is not filled from its stock")
        if any(not pile for pile in s.piles):
            raise ValueError("a centre pile is empty")
        if not 0 <= s.flips <= s.options.flip_limit:
            raise ValueError("bad flip counter")
        if s.result is None and (
            not all(s.hands) or s.can_play != self._who_can_play() or s.blocked != (not any(s.can_play))
        ):
            raise ValueError("the state of play does not match the cards")


SPEC = GameSpec.listed("speed", rules=RULES, game=Speed, claim_kinds=frozenset({"play"}))
Speed.spec = SPEC
