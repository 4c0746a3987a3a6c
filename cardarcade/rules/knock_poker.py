"""Knock Poker, for 2 to 6 players: draw and discard towards the best five-card poker hand;
knock when happy, everyone else gets one last turn, then the best hand wins."""

from __future__ import annotations

from typing import Literal, cast

from pydantic import BaseModel, Field

from cardarcade.cards import Card, standard_deck
from cardarcade.poker import HandValue, evaluate, percentile
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
    remember,
)

TAKE = Action("take")  # the top card of the discard pile
DRAW = Action("draw")  # the top card of the stock
HAND_SIZE = 5
FULL_PACK = tuple(standard_deck())

# The result's score column: of all 2,598,960 five-card hands, the share a hand beats
SCORE_NAME = "beats this % of all hands"

RULES = """\
# Knock Poker

**Goal:** hold the best five-card poker hand when the cards are shown.

- Five cards each from one 52-card pack. The rest is the **stock**, face down; its top card
  is turned up to start the **discard pile**.
- Play goes round to the left, starting left of the dealer. On your turn take **either** the
  top card of the discard pile (everyone sees which) **or** the top card of the stock, then
  **discard** one card face up, so you hold five again.
- When you like your hand, **knock** as you discard. Every other player then has exactly one
  more turn; when play comes back round to you, all hands are shown.
- Hands rank as in poker, from high card, one pair, two pair, three of a kind, straight,
  flush, full house, four of a kind up to a straight flush (the royal flush is the best of
  them). Aces are high, but A-2-3-4-5 (the wheel) counts as the lowest straight.
- The best hand wins. Hands of exactly equal rank share the win (suits never break a tie).

**House clarifications** (the text leaves these open):

- Only one player knocks; after a knock nobody else can.
- The text lets you discard any card, so you may throw back the card you just took from the
  discard pile; a house rule forbids it.
- By default you may knock on your very first turn (a house rule makes everyone wait until
  the second round).
- **Empty stock:** when the stock runs out, the discard pile except its top card is shuffled
  into a new stock (a house rule shows the hands at once instead).
- **Round cap:** so a game always ends, if nobody has knocked after the round limit, the
  hands are shown.
"""


class KnockPokerOptions(Options):
    first_round_knock: bool = Field(
        True, title="Knock in the first round", description="Whether a player may knock on their very first turn."
    )
    throw_back: bool = Field(
        True,
        title="Throw back a taken discard",
        description="Whether the card just taken from the discard pile may be discarded again in the same turn.",
    )
    empty_stock: Literal["reshuffle", "showdown"] = Field(
        "reshuffle",
        title="Empty stock",
        description="What happens when the stock runs out.",
        json_schema_extra=choice_labels(
            {
                "reshuffle": "shuffle the discard pile (all but its top card) into a new stock",
                "showdown": "the hands are shown at once",
            }
        ),
    )
    max_rounds: int = Field(
        30,
        ge=2,
        le=1000,
        title="Round limit",
        description="If nobody has knocked after this many rounds, the hands are shown.",
    )


class KnockMove(BaseModel):
    """One public move: who took which discard, drew blind, discarded or knocked."""

    seat: int
    kind: Literal["take", "draw", "discard", "knock"]
    card: Card | None = None  # take / discard / knock: the face-up card


class KnockPokerState(State):
    options: KnockPokerOptions
    hands: list[list[Card]]
    stock: list[Card]  # face down, index 0 is the top
    discard: list[Card]  # face up, the last is the top
    turn: int = 0
    phase: Literal["draw", "discard"] = "draw"
    drawn: Card | None = None  # the card taken this turn (until the discard)
    drawn_from: Literal["stock", "discard"] | None = None
    knocker: int | None = None
    turns_left: int = 0  # after a knock: the other players' turns still to come
    round: int = 1
    reshuffles: int = 0
    taken: list[list[Card]]  # public: cards each seat took from the discard pile and still holds
    moves: list[KnockMove] = []  # the most recent public moves
    values: list[int] | None = None  # the showdown: each hand's value


class KnockPokerView(BaseModel):
    seat: int | None
    players: int
    dealer: int
    turn: int | None
    phase: Literal["draw", "discard"] | None
    hand: list[Card]  # the viewer's own cards
    drawn: Card | None  # the viewer's card just drawn (discard phase)
    drawn_from: Literal["stock", "discard"] | None
    hand_counts: list[int]
    stock: int
    discard_top: Card | None
    dead: list[Card]  # the discard pile under its top card, as players saw it go down
    known: list[list[Card]]  # by seat: cards they took from the discard pile and still hold
    knocker: int | None
    turns_left: int
    round: int
    max_rounds: int
    reshuffles: int
    may_knock: bool  # the viewer could knock with this turn's discard
    throw_back: bool
    moves: list[KnockMove]
    shown: list[list[Card]] | None  # the showdown: every hand face up
    values: list[int] | None


class KnockPoker(Game[KnockPokerState]):
    State = KnockPokerState
    Options = KnockPokerOptions
    __slots__ = ()
    SEARCH_THROWS = 2  # the discards a search weighs (each with and without a knock): the rule of thumb's best

    @classmethod
    def setup(cls, players: int, seed: int, options: KnockPokerOptions, deck: list[Card] | None) -> KnockPoker:
        order = prepare_deck(list(FULL_PACK), seed, deck)
        hands = deal_round_robin(order, players, HAND_SIZE)
        rest = order[players * HAND_SIZE :]
        state = KnockPokerState(
            players=players,
            seed=seed,
            options=options,
            hands=hands,
            stock=rest[1:],
            discard=[rest[0]],
            taken=[[] for _ in range(players)],
        )
        return cls(state)

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.s.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or seat != s.turn:
            return []
        if s.phase == "draw":
            return [TAKE, DRAW] if s.stock else [TAKE]
        hand = s.hands[seat]
        if s.drawn_from == "discard" and not s.options.throw_back:
            hand = [c for c in hand if c is not s.drawn]
        out = [Action("discard", (c,)) for c in hand]
        if self.may_knock(seat):
            out += [Action("knock", (c,)) for c in hand]
        return out

    def may_knock(self, seat: int) -> bool:
        s = self.s
        return (
            s.knocker is None and s.turn == seat and s.result is None and (s.options.first_round_knock or s.round > 1)
        )

    def view(self, seat: int | None = None) -> KnockPokerView:
        s = self.s
        over = s.result is not None
        mine = seat is not None and seat == s.turn and not over
        return KnockPokerView(
            seat=seat,
            players=s.players,
            dealer=s.players - 1,
            turn=None if over else s.turn,
            phase=None if over else s.phase,
            hand=list(s.hands[seat]) if seat is not None else [],
            drawn=s.drawn if mine else None,
            drawn_from=s.drawn_from if not over else None,
            hand_counts=[len(h) for h in s.hands],
            stock=len(s.stock),
            discard_top=s.discard[-1] if s.discard else None,
            dead=s.discard[:-1],
            known=[list(t) for t in s.taken],
            knocker=s.knocker,
            turns_left=s.turns_left,
            round=s.round,
            max_rounds=s.options.max_rounds,
            reshuffles=s.reshuffles,
            may_knock=seat is not None and self.may_knock(seat),
            throw_back=s.options.throw_back,
            moves=list(s.moves),
            shown=[list(h) for h in s.hands] if over else None,
            values=list(s.values) if s.values is not None else None,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for h in s.hands for c in h] + list(s.stock) + list(s.discard)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        hand = s.hands[seat]
        if action.kind == "take":
            card = s.discard.pop()
            hand.append(card)
            s.taken[seat].append(card)
            s.drawn, s.drawn_from, s.phase = card, "discard", "discard"
            remember(self.s.moves, KnockMove(seat=seat, kind="take", card=card))
            return [Event("take", seat, f"{{seat}} [takes|take] the {card} from the discard pile", (card,))]
        if action.kind == "draw":
            card = s.stock.pop(0)
            hand.append(card)
            s.drawn, s.drawn_from, s.phase = card, "stock", "discard"
            remember(self.s.moves, KnockMove(seat=seat, kind="draw"))
            return [Event("draw", seat, "{seat} [draws|draw] from the stock")]
        card = action.cards[0]
        hand.remove(card)
        if card in s.taken[seat]:
            s.taken[seat].remove(card)
        s.discard.append(card)
        s.stimulus += 1
        s.drawn, s.drawn_from, s.phase = None, None, "draw"
        if action.kind == "knock":
            s.knocker, s.turns_left = seat, s.players - 1
            remember(self.s.moves, KnockMove(seat=seat, kind="knock", card=card))
            events = [
                Event(
                    "knock",
                    seat,
                    f"{{seat}} [discards|discard] the {card} and [knocks|knock]: one more turn each",
                    (card,),
                )
            ]
        else:
            remember(self.s.moves, KnockMove(seat=seat, kind="discard", card=card))
            events = [Event("discard", seat, f"{{seat}} [discards|discard] the {card}", (card,))]
            if s.knocker is not None:
                s.turns_left -= 1
        return events + self._next_turn()

    def _next_turn(self) -> list[Event]:
        s = self.s
        if s.knocker is not None and s.turns_left == 0:
            return self._showdown("{target} knocked and the turn is back round: the hands are shown", s.knocker)
        s.turn = (s.turn + 1) % s.players
        if s.turn == 0:
            s.round += 1
            if s.knocker is None and s.round > s.options.max_rounds:
                return self._showdown(f"Nobody knocked in {s.options.max_rounds} rounds: the hands are shown")
        if s.stock:
            return []
        if s.options.empty_stock == "showdown" or len(s.discard) < 2:
            return self._showdown("The stock is empty: the hands are shown")
        s.stock = s.discard[:-1]
        s.discard = s.discard[-1:]
        self.mix(s.stock)
        s.reshuffles += 1
        return [Event("reshuffle", None, "The stock is empty: the discard pile is shuffled into a new stock")]

    def _showdown(self, why: str, seat: int | None = None) -> list[Event]:
        s = self.s
        s.stimulus += 1
        values = [evaluate(h) for h in s.hands]
        s.values = [int(v) for v in values]
        events = [Event("reveal", None, why, target=seat)]
        events += [
            Event("show", p, f"{{seat}} [shows|show] {_article(values[p])}", tuple(s.hands[p]))
            for p in range(s.players)
        ]
        best = max(values)
        winners = [p for p in range(s.players) if values[p] == best]
        ranking = sorted(range(s.players), key=lambda p: values[p], reverse=True)
        if len(winners) == 1:
            reason = f"{{seat}} [wins|win] with {_article(best)}"
        else:
            reason = f"{len(winners)} players tie with {_article(best)} and share the win"
        s.drawn, s.drawn_from = None, None
        # a hand's score: the share of all five-card hands it beats, as a percentage
        events.append(
            self.finish(
                winners,
                reason,
                scores=[round(100 * percentile(v), 1) for v in values],
                ranking=ranking,
                score_name=SCORE_NAME,
            )
        )
        return events

    # ---- search hooks (``cardarcade.bots.search``): deals of what a seat has not seen, and a
    # rule of thumb for play-outs that sees only what its seat may see

    @classmethod
    def determinize(cls, view: KnockPokerView, seat: int, rng) -> KnockPoker:
        """A whole game consistent with what ``seat`` has seen: the others' hands hold the cards
        they took from the discard pile; the rest of their hands and the stock come from the
        unseen cards at random. A hand is not a random one, though: its player has kept the
        best of every card drawn, so each is dealt as if drawn afresh, turn by turn, by the
        rule of thumb."""
        seen = set(view.hand) | set(view.dead) | {c for held in view.known for c in held}
        if view.discard_top is not None:
            seen.add(view.discard_top)
        unseen = [c for c in FULL_PACK if c not in seen]
        rng.shuffle(unseen)
        hands = []
        for p in range(view.players):
            if p == seat:
                hands.append(list(view.hand))
                continue
            hands.append(_hand_drawn_for(view, p, unseen, rng))
        rng.shuffle(unseen)
        top = [view.discard_top] if view.discard_top is not None else []
        options = KnockPokerOptions(
            throw_back=view.throw_back,
            max_rounds=view.max_rounds,
            first_round_knock=view.may_knock or view.round > 1 or view.knocker is not None,
        )
        state = KnockPokerState(
            players=view.players,
            seed=rng.randrange(1 << 30),
            options=options,
            hands=hands,
            stock=unseen,
            discard=list(view.dead) + top,
            turn=view.turn if view.turn is not None else seat,
            phase=view.phase or "draw",
            drawn=view.drawn,
            drawn_from=view.drawn_from,
            knocker=view.knocker,
            turns_left=view.turns_left,
            round=view.round,
            reshuffles=view.reshuffles,
            taken=[list(held) for held in view.known],
            moves=list(view.moves),
        )
        return cls(state)

    def episode(self) -> int:
        return 0  # a game is one hand: a search looks to its end

    def utilities(self) -> list[float]:
        """Each seat's share of the win: at the end as the result says; before it, by the hands now."""
        s = self.s
        if s.result is not None:
            winners = s.result.winners
        else:
            values = [evaluate(h[:HAND_SIZE]) for h in s.hands]
            winners = [p for p, v in enumerate(values) if v == max(values)]
        return [1 / len(winners) if p in winners else 0.0 for p in range(s.players)]

    def rollout_move(self, seat: int, rng=None) -> Action:
        """The rule of thumb every seat plays by in a play-out, from its own hand and the table:
        take the discard when it makes the hand worth more, throw the card worth least (on a
        last turn: for the best hand at once), knock at a fixed strength."""
        s = self.s
        top = s.discard[-1] if s.discard else None
        taken = s.drawn if s.drawn_from == "discard" else None
        return rule_of_thumb(
            s.hands[seat],
            s.phase,
            top,
            taken,
            throw_back=s.options.throw_back,
            stock_left=bool(s.stock),
            last_turn=s.knocker is not None,
            knock_at=ROLLOUT_KNOCK[s.players] if self.may_knock(seat) else None,
        )

    def search_moves(self, seat: int) -> list[Action]:
        """The moves a search weighs: both draws; of the discards, the rule of thumb's best few,
        each with a knock as well where one is allowed."""
        s = self.s
        if s.phase == "draw":
            return self.legal_actions(seat)
        worth = strength if s.knocker is not None else keep_value
        forced = s.drawn if s.drawn_from == "discard" and not s.options.throw_back else None
        best = [card for _, card in throws_by_worth(s.hands[seat], worth, forced)[: self.SEARCH_THROWS]]
        kinds = ("knock", "discard") if self.may_knock(seat) else ("discard",)  # a tie: knock, sure of it
        return [Action(kind, (card,)) for card in best for kind in kinds]

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.hands) != n or len(s.taken) != n:
            raise ValueError("zones do not match the number of players")
        if not 0 <= s.turn < n or not 1 <= s.round <= s.options.max_rounds + 1:
            raise ValueError("bad turn or round")
        if s.knocker is not None and (not 0 <= s.knocker < n or not 0 <= s.turns_left < n):
            raise ValueError("bad knock")
        if any(c not in h for h, t in zip(s.hands, s.taken) for c in t):
            raise ValueError("a taken card is not in its taker's hand")
        if any(m.seat >= n or (m.kind == "draw") != (m.card is None) for m in s.moves):
            raise ValueError("bad public moves")
        if s.result is not None:
            if s.values is None or len(s.values) != n:
                raise ValueError("a finished game without its showdown")
            if any(len(h) != HAND_SIZE for h in s.hands) or [int(evaluate(h)) for h in s.hands] != s.values:
                raise ValueError("the showdown does not match the hands")
            return
        drawing = s.phase == "discard"
        if not s.discard and not drawing:
            raise ValueError("an empty discard pile")
        for p, hand in enumerate(s.hands):
            if len(hand) != HAND_SIZE + (drawing and p == s.turn):
                raise ValueError("a hand has the wrong number of cards")
        if (
            drawing != (s.drawn is not None)
            or (s.drawn is not None and s.drawn not in s.hands[s.turn])
            or drawing != (s.drawn_from is not None)
        ):
            raise ValueError("the card drawn this turn does not match the phase")
        if s.values is not None:
            raise ValueError("a showdown before the end")
        if not s.stock and not drawing:
            raise ValueError("an empty stock at the start of a turn")


# ---- the search hooks' rule of thumb (``KnockPoker.rollout_move``)

STRAIGHT_MASKS = tuple(0b11111 << low for low in range(9)) + (1 << 12 | 0b1111,)  # bit r-2 per rank; the wheel
FLUSH_ODDS, STRAIGHT_ODDS = 9 / 47, 4 / 47  # one draw's chance of the flush card; of one rank's card
FLUSH_WORTH, STRAIGHT_WORTH = 0.985, 0.965  # about what a made flush or straight beats
MAX_DRAWS_DEALT = 12  # a dealt hand's improving draws, at most (more change little)
# A player's first turn (a look at the discard pile too) improves a hand about as much as two
# blind draws, each later one as one (matched to medium bots' hands, round by round)
FIRST_TURN_DRAWS = 1
DEAL_TRIES = 30  # deals of a hand tried for one as strong as its player's knocking says
THROWS_THAT_FIT = 2  # a dealt hand fits a player's last discard if it is among the two it could best spare
ROLLOUT_KNOCK = {2: 0.9, 3: 0.93, 4: 0.95, 5: 0.96, 6: 0.97}  # knock at this strength, by players


def _hand_drawn_for(view: KnockPokerView, seat: int, unseen: list[Card], rng) -> list[Card]:
    """``seat``'s hand in a deal: the cards it took from the discard pile, and from ``unseen``
    the rest, improved by as many blind draws as it has made by now, each keeping the five worth
    most; and as strong as its knock or its not knocking says (a few tries)."""
    known = view.known[seat]
    free = view.hand_counts[seat] - len(known)
    turns = view.round - 1 + (seat < (view.turn if view.turn is not None else 0))
    draws = min(MAX_DRAWS_DEALT, max(0, turns + FIRST_TURN_DRAWS * (turns > 0) - len(known)))
    low, high = _knock_bounds(view, seat, turns)
    lacking = _ranks_shown_lacking(view, seat)
    last_throw = _last_throw(view, seat)
    fits_knock = fits_more = None  # the first hands as strong as the knocks say; and lacking the ranks too
    for _ in range(DEAL_TRIES):
        rng.shuffle(unseen)
        hand, extra = list(known) + unseen[:free], iter(unseen[free : free + draws])
        for card in extra:
            hand.append(card)
            _, thrown = throws_by_worth(hand, keep_value, None, keep=known)[0]
            hand.remove(thrown)
        if low <= strength(hand) < high:
            fits_knock = fits_knock or hand
            if not any(c.rank in lacking for c in hand if c not in known):
                fits_more = fits_more or hand
                if _throw_fits(hand, last_throw):
                    break
    else:
        hand = fits_more or fits_knock or hand
    taken = set(hand)
    unseen[:] = [c for c in unseen if c not in taken]
    return hand


def _ranks_shown_lacking(view: KnockPokerView, seat: int) -> set:
    """Ranks ``seat`` showed it does not hold, on its last two turns: those of the cards it threw
    (a player keeps a pair) and of a discard it left for a blind draw (one it would pair, it takes)."""
    lacking, turns, moves = set(), 0, view.moves
    for i in range(len(moves) - 1, -1, -1):
        move = moves[i]
        if move.seat != seat:
            continue
        if move.kind in ("discard", "knock"):
            lacking.add(cast(Card, move.card).rank)  # (a discard's record names its card)
            continue
        if move.kind == "draw" and i:
            left = moves[i - 1]
            if left.card is not None and left.kind != "take":
                lacking.add(left.card.rank)
        turns += 1
        if turns == 2:
            break
    return lacking


def _last_throw(view: KnockPokerView, seat: int) -> tuple | None:
    """``seat``'s last discard, if the view still shows it: (the card, how its player weighed the
    cards: for the best hand at once after a knock before it, else with an eye to the draws)."""
    for move in reversed(view.moves):
        if move.seat == seat and move.kind in ("discard", "knock"):
            after_knock = view.knocker is not None and view.knocker != seat
            return move.card, strength if after_knock else keep_value
    return None


def _throw_fits(hand: list[Card], last_throw: tuple | None) -> bool:
    """Whether a player holding ``hand`` would have made its last discard: the card it threw is
    among the few it could spare most easily from the six it held (a player keeps its best)."""
    if last_throw is None:
        return True
    card, worth = last_throw
    return card in [c for _, c in throws_by_worth(hand + [card], worth)[:THROWS_THAT_FIT]]


def _knock_bounds(view: KnockPokerView, seat: int, turns: int) -> tuple[float, float]:
    """How strong ``seat``'s hand is, judged as if it knocked by the rule of thumb: at least the
    knocking strength if it knocked; below it if it has had a turn since it could knock and did not."""
    knock = ROLLOUT_KNOCK[view.players]
    if view.knocker == seat:
        return knock, 2.0
    if view.knocker is None and turns > 0 and (view.round > 2 or view.may_knock):
        return 0.0, knock
    return 0.0, 2.0


def rule_of_thumb(
    hand: list[Card],
    phase: str | None,
    top: Card | None,
    taken: Card | None,
    *,
    throw_back: bool,
    stock_left: bool,
    last_turn: bool,
    knock_at: float | None,
) -> Action:
    """A plain player's move, from its own hand and the table: take the discard ``top`` when it
    makes the hand worth more, throw the card worth least (on a last turn: for the best hand at
    once; never ``taken``, this turn's pick-up, where it may not go back), knock at ``knock_at``
    (None: may not knock)."""
    worth = strength if last_turn else keep_value
    if phase == "draw":
        if not stock_left:
            return TAKE
        # (the discard pile is never empty at a draw: see check_loaded)
        better = throws_by_worth(hand + [cast(Card, top)], worth, None if throw_back else top)[0][0] > worth(hand)
        return TAKE if better else DRAW
    _, card = throws_by_worth(hand, worth, None if throw_back else taken)[0]
    kept = [c for c in hand if c is not card]
    if knock_at is not None and strength(kept) >= knock_at:
        return Action("knock", (card,))
    return Action("discard", (card,))


def strength(cards) -> float:
    """The share of all five-card hands these five beat."""
    return percentile(evaluate(cards))


def keep_value(five) -> float:
    """Five cards' strength now, raised by the chance one blind draw makes a flush or straight
    of them: a cheap stand-in for a look one card ahead."""
    now = strength(five)
    suits: dict = {}
    bits = 0
    for card in five:
        suits[card.suit] = suits.get(card.suit, 0) + 1
        bits |= 1 << (card.rank - 2)
    gain = 0.0
    if max(suits.values()) == 4 and now < FLUSH_WORTH:
        gain = FLUSH_ODDS * (FLUSH_WORTH - now)
    if now < STRAIGHT_WORTH:
        outs = {mask & ~bits for mask in STRAIGHT_MASKS if (mask & bits).bit_count() == 4}
        gain = max(gain, len(outs) * STRAIGHT_ODDS * (STRAIGHT_WORTH - now))
    return now + gain


def throws_by_worth(cards: list[Card], worth, forced: Card | None = None, keep=()) -> list[tuple[float, Card]]:
    """Each card that may be thrown (never ``forced``, nor one of ``keep``) with the ``worth`` of
    the five kept, best first."""
    kept = [
        (worth([c for c in cards if c is not card]), card) for card in cards if card is not forced and card not in keep
    ]
    kept.sort(key=lambda pair: -pair[0])
    return kept


def _article(value: HandValue) -> str:
    """'a pair of kings', 'a royal flush', 'king high', 'two pair, ...': a name to follow 'with'."""
    name = value.name
    return "a " + name if name.startswith(("pair", "straight", "flush", "full", "royal")) else name


SPEC = GameSpec.listed("knock-poker", rules=RULES, game=KnockPoker)
KnockPoker.spec = SPEC
