"""Cash (Kemps, Kent), for 4, 6 or 8 players in partnerships: swap with the board for four of a
kind, pass your partner a secret signal, and let them call it before the other side does.

Seats are the players as set up. Partners are drawn by colour or suit, or chosen, and the sides
sit alternately (``cardarcade.rules._partners``), so partners are never neighbours; the stock
passes left along ``ring``. Play has no turns: a swap is a claim on one of the board's four
places, settled by press time (``_speedplay``), and so are the calls and the board's refresh.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import Card
from cardarcade.rules._partners import (
    card_group,
    check_sides,
    draw_cards,
    left_of,
    number_sides,
    partners_of,
    seat_after,
    seating,
)
from cardarcade.rules._speedplay import (
    NAMES,
    PACK,
    SpeedFamilyGame,
    SpeedFamilyState,
    check_places,
    judge,
    lay,
    well_aimed,
)
from cardarcade.rules.base import (
    Action,
    BadSetup,
    Event,
    GameSpec,
    Options,
    Outcome,
    choice_labels,
    construct,
    prepare_deck,
)

HAND = 4
PLACES = 4  # the board's four cards
# The short list of gestures a side picks its signal from; everyone also makes them innocently.
GESTURES: tuple[str, ...] = ("tap", "sip", "whistle", "wink")
GESTURE_WORDS = {"tap": "taps the table", "sip": "takes a sip", "whistle": "whistles", "wink": "winks"}
YOUR_GESTURE_WORDS = {"tap": "tap the table", "sip": "take a sip", "whistle": "whistle", "wink": "wink"}
WORDS = {"cash": "CASH", "kemps": "KEMPS", "kent": "KENT"}
SIDE_MARKS = "ABCDE"  # how sides are named at the table
RECENT_GESTURES = 12  # gestures a view keeps (the players' memory of who did what lately)
CLAIMS = frozenset({"swap", "refresh", "cash", "counter"})
TURN = Action("turn")
GESTURE_ACTIONS = tuple(Action("gesture", value=g) for g in GESTURES)
SIGNAL_ACTIONS = tuple(Action("signal", value=g) for g in GESTURES)

RULES = """\
# Cash (Kemps, Kent)

**Goal:** with your partner, make **four of a kind**, signal it secretly, and have your partner
call **"Cash!"** before anyone on the other side calls **"Counter cash!"**.

- **Players:** 4, 6 or 8, in **partnerships of two**. Partners are **drawn** (two red and two
  black cards at four, the reds against the blacks; one suit per side at six and eight) or
  **chosen** at setup (people at one keyboard choose each other: see below), and the sides sit
  alternately (A-B-A-B, A-B-C-A-B-C), so partners are never neighbours. The table shows who
  partners whom.
- **Secret signal:** before the hand, each partnership picks a signal from a short list of
  gestures: **tap** the table, take a **sip**, **whistle**, **wink**. Only the partners know it.
  Everyone makes these gestures now and then anyway, so a signal has to be *noticed*.
- **The deal:** four cards each, four face down in the middle (the **board**), and the rest as
  the **stock** in front of the player left of the dealer.
- **No turns:** after "3, 2, 1" the board turns up, and anyone may **swap** one of their cards
  for a board card, at any moment, as often as they like. Two hands on one board card: the
  **earlier press** gets it, and the other is told by how much it was beaten.
- **New board:** when nobody wants the board any more, the **stock holder** discards it, deals
  four new cards face down, which turn up on "3, 2, 1", and passes the stock to the left.
- **Signal and call:** holding four of a kind, make your signal. Your partner calls **"Cash!"**:
  if you hold four of a kind your side wins, if not, your side loses. Anyone who thinks an
  opponent is signalling calls **"Counter cash!"**: if an opponent holds four of a kind, the
  caller's side wins, if not, it loses. The first call (by press time) settles the hand.
- **Real deal:** the stock runs out (the holder cannot deal a new board) with no call: a draw.

**House rules:** how partners are found (the people at one keyboard together, drawn, or
chosen) and whom Player 1 partners when chosen; the game's
name (Cash, Kemps or Kent: what the call says); **letters**: the losing side of each hand takes
a letter of the name, and the first side to spell it loses the match (a real deal gives no
letters); the most hands a lettered match may last.

**How this table plays it** (the text leaves these open, or a screen needs them):

- A side's signal is picked by its first player as set up. At one keyboard it is picked on a
  dialog over the table while the other person is asked to look away (partners at one keyboard
  pick it together), and the table never shows it there; alone, you see your side's signal on
  the table. Between lettered
  hands each side picks again and may keep it.
- While a board lies face down for its count (under two seconds) nobody swaps, gestures or
  calls: the hand goes on at "go".
- A call of "Cash!" counts only your partner's hand, never your own. With more than two sides, a
  wrong call loses the hand for the caller's side and every other side shares the win; "Counter
  cash!" is right when any opponent holds four of a kind.
- With 5 or 7 players (the text has pairs only) one player **plays alone** (drawn at random, or
  with chosen partners the last player left over) and sits between two sides; with nobody to
  signal, they pick no signal and call "Cash!" on their own four of a kind.
- A lettered match is lost by the first side to spell the word; the others share the win. If the
  hand limit comes first, the fewest letters win.
- Two people at one keyboard see each other's cards: there is no time to pass a cover back and
  forth in a game with no turns. So by default they play as **partners** (opposite each other at
  four; the other players drawn), and a "Counter cash!" is never called on a hand its caller
  could see. With partners drawn or chosen they may end up opponents, each seeing the other's
  hand; the set-up screen says which.
"""


@functools.lru_cache(maxsize=256)
def call_actions(k: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """The moves on seeing stimulus ``k`` besides swaps and gestures: ("Cash!", "Counter cash!")
    for anyone, and those with the new board for the stock holder."""
    calls = (Action("cash", value=k), Action("counter", value=k))
    return calls, (*calls, Action("refresh", value=k))


class CashOptions(Options):
    partners: Literal["people", "drawn", "chosen"] = Field(
        "people",
        title="Partners",
        description="The people at one keyboard partner each other (the others drawn), drawn (by colour, "
        "or by suit with more sides) or chosen below.",
        json_schema_extra=choice_labels(
            {"people": "people at one keyboard together", "drawn": "drawn by colour or suit", "chosen": "chosen"}
        ),
    )
    partner: int = Field(
        3,
        ge=2,
        le=8,
        title="Player 1's partner",
        description="When partners are chosen: who plays with Player 1 (the rest pair off in order).",
    )
    name: Literal["cash", "kemps", "kent"] = Field(
        "cash",
        title="Name",
        description="What the game is called, and so what the call says.",
        json_schema_extra=choice_labels({"cash": "Cash", "kemps": "Kemps", "kent": "Kent"}),
    )
    letters: bool = Field(
        False,
        title="Letters",
        description="The losing side of each hand takes a letter; the first side to spell the name loses.",
    )
    hand_limit: int = Field(
        30,
        ge=1,
        le=500,
        title="Hands at most",
        description="With letters: after this many hands the side with the fewest letters wins.",
    )


class CashState(SpeedFamilyState):
    options: CashOptions
    side: list[int]  # each seat's side
    ring: list[int]  # the seats in the order they sit, clockwise: the stock passes along it
    drawn: list[Card] = []  # the cards drawn for partners, by seat (empty when chosen)
    hands: list[list[Card]]
    board: list[Card]
    board_up: bool = False
    stock: list[Card]  # face down, index 0 is the top
    discards: list[Card] = []  # boards put out of play (face up)
    dealer: int
    holder: int  # the seat with the stock in front of them
    phase: Literal["signals", "play"] = "signals"
    signals: list[str | None]  # by side
    gestures: list[tuple[int, str, int]] = []  # the latest few, oldest first: (seat, gesture, stimulus made)
    swapped_k: list[int]  # per seat: the stimulus of its latest swap (0: none yet this hand)
    letters: list[int]  # by side
    hand_no: int = 1
    last_hands: list[list[Card]] = []  # the hands shown when the last hand was settled


class CashView(BaseModel):
    seat: int | None
    players: int
    side: list[int]
    ring: list[int]
    drawn: list[Card]
    partners: list[int]  # the viewer's partners
    hand: list[Card]
    board: list[Card]  # empty while face down
    board_up: bool
    stock: int
    discards: list[Card]
    holder: int
    phase: str
    signal: str | None  # the viewer's own side's signal (nobody else's)
    picking: list[int]  # seats that pick their side's signal now
    gestures: list[tuple[int, str, int]]  # (seat, gesture, the stimulus it made), oldest first
    swapped_k: list[int]
    placed_by: list[int | None]
    stimulus: int
    letters: list[int]
    word: str
    lettered: bool
    hand_no: int
    last_hands: list[list[Card]]


def call_name(kind: str, name: str) -> str:
    """'Cash!' or 'Counter cash!' (or Kemps, Kent: the game's name as a house rule)."""
    return f"{name.capitalize()}!" if kind == "cash" else f"Counter {name}!"


def four_of_a_kind(hand: list[Card]) -> bool:
    return len(hand) == HAND and hand[0].rank == hand[1].rank == hand[2].rank == hand[3].rank


def most_of_a_rank(hand: list[Card]) -> int:
    """How many of a hand's cards share its commonest rank."""
    ranks = [c.rank for c in hand]
    return max(map(ranks.count, ranks), default=0)


def chosen_pairs(people: int, partner: int) -> list[int]:
    """Sides chosen at setup: person 0 with ``partner``, the others paired off in set-up order."""
    if not 1 <= partner < people:
        raise BadSetup(f"Player 1's partner must be one of players 2 to {people}")
    rest = [p for p in range(1, people) if p != partner]
    side = [0] * people  # person 0 and the partner
    for i, p in enumerate(rest):
        side[p] = 1 + i // 2
    return side


def make_sides(
    people: int, options: CashOptions, shuffle: Callable[[list], None], together: Sequence[int] = ()
) -> tuple[list[int], list[int], list[Card]]:
    """(each person's side, the seating ring, the cards drawn), drawn with ``shuffle``. With an
    odd number one person, drawn at random, plays alone and sits last (between two different sides).
    ``together``: the seats of the people at one keyboard, partners in pairs when partners are "people"."""
    if options.partners == "people" and len(together) > 1:
        side = people_sides(people, together, shuffle)
        return side, seated(side), []
    loner: int | None = None
    paired = list(range(people))
    if people % 2:
        if options.partners == "chosen":
            loner = people - 1 if options.partner != people else people - 2
        else:
            shuffle(paired)
            loner = paired[0]
            paired.sort()
        paired.remove(loner)
    pairs = len(paired)
    drawn: list[Card] = []
    if options.partners == "chosen":
        partner = options.partner - 1
        if partner == loner or partner >= people:
            raise BadSetup(f"Player 1's partner must be one of players 2 to {people}")
        local = chosen_pairs(pairs, paired.index(partner))
    else:  # each draws a card of the packet: the same colour (or suit) are partners
        packet = draw_cards(pairs, pairs // 2)
        shuffle(packet)
        local = list(_drawn_sides(tuple(packet)))
        drawn = [None] * people  # type: ignore[list-item]  # filled below; returned only when every seat drew
        for i, p in enumerate(paired):
            drawn[p] = packet[i]
    if loner is None:  # (numbered by their first member already: person 0's side is 0)
        return local, list(_seating(tuple(local))), drawn
    side = [0] * people
    for i, p in enumerate(paired):
        side[p] = local[i]
    side[loner] = max(local) + 1
    # drawn cards are kept only for even tables, where every player drew one
    return number_sides(side), seated(side), []


def people_sides(people: int, together: Sequence[int], shuffle: Callable[[list], None]) -> list[int]:
    """Each seat's side: the people at one keyboard paired off in the order given, then the
    other players (a third person among them) paired at random; with an odd number, the one
    left over plays alone."""
    pairs = list(together[: len(together) // 2 * 2])
    others = [p for p in range(people) if p not in pairs]
    shuffle(others)
    side = [0] * people
    for i, p in enumerate(pairs + others):
        side[p] = i // 2
    return number_sides(side)


def seated(side: list[int]) -> list[int]:
    """The ring of seats for ``side``: the sides alternate, and a player alone sits last,
    between two different sides."""
    alone = [p for p in range(len(side)) if side.count(side[p]) == 1]
    paired = [p for p in range(len(side)) if p not in alone]
    return [paired[i] for i in seating(number_sides([side[p] for p in paired]))] + alone


@functools.lru_cache(maxsize=256)
def _drawn_sides(packet: tuple[Card, ...]) -> tuple[int, ...]:
    """The sides drawn by a packet in this order (remembered: a table draws from a few dozen orders)."""
    return tuple(number_sides([card_group(c, len(packet) // 2) for c in packet]))


@functools.lru_cache(maxsize=256)
def _signallers(sides: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(side, its first player) for each side of partners, in side order (remembered: asked on
    every move while the signals are picked, of a table's fixed sides)."""
    return tuple((x, sides.index(x)) for x in range(max(sides) + 1) if sides.count(x) > 1)


@functools.lru_cache(maxsize=256)
def _seating(sides: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(seating(list(sides)))


class Cash(SpeedFamilyGame):
    State = CashState
    Options = CashOptions
    # Per board place: (the card there, the stimulus it was laid at, {a hand card: the swap for
    # it}). Swaps name no seat, and a move changes one place and one hand at most, so almost
    # every swap of the sixteen a seat may make is the one made for the last state. Kept off
    # the saved state: a clone or a load starts with none.
    __slots__ = ("_swaps",)

    def __init__(self, state: CashState) -> None:
        super().__init__(state)
        self._swaps: list[tuple[Card, int, dict[Card, Action]] | None] = [None] * PLACES

    @classmethod
    def setup(
        cls, players: int, seed: int, options: CashOptions, deck: list[Card] | None, together: Sequence[int] = ()
    ) -> Cash:
        """A new game; ``together``: the seats of the people at one keyboard (see ``make_sides``)."""
        order = prepare_deck(PACK, seed, deck)
        state = construct(
            CashState,
            players=players,
            seed=seed,
            options=options,
            side=[],
            ring=[],
            drawn=[],
            hands=[],
            board=[],
            stock=[],
            discards=[],
            dealer=0,
            holder=0,
            signals=[],
            gestures=[],
            swapped_k=[0] * players,
            letters=[],
            placed_k=[1] * PLACES,
            placed_by=[None] * PLACES,
            stimulus=1,
            actions=0,
            rng_draws=0,
            result=None,
            board_up=False,
            phase="signals",
            hand_no=1,
            last_hands=[],
        )
        game = cls(state)
        # the game's own cheap shuffle, from the seed: a fixed deck's deal does not depend on the draw
        side, ring, drawn = make_sides(players, options, game.mix, together)
        sides = max(side) + 1
        # (one update for the fields a deal fills in: a store through State.__setattr__ costs
        # more than the rest of a short game's moves; the names are the model's own)
        vars(state).update(
            side=side, ring=ring, drawn=drawn, signals=[None] * sides, letters=[0] * sides, dealer=ring[-1]
        )
        deal(state, order)
        return game

    # ---- queries

    def after(self, seat: int, steps: int = 1) -> int:
        return seat_after(self.s.ring, seat, steps)

    def partners(self, seat: int) -> list[int]:
        return partners_of(self.s.side, seat)

    def pickers(self) -> list[int]:
        """The seats that pick their side's signal now: each side's first player, until it has."""
        s = self.s
        if s.phase != "signals" or s.result is not None:
            return []
        signals = s.signals
        return [first for side, first in _signallers(tuple(s.side)) if signals[side] is None]

    def signalling_sides(self) -> list[int]:
        """The sides of partners (a player alone has nobody to signal, and picks no signal)."""
        return [side for side, _ in _signallers(tuple(self.s.side))]

    def counted_move(self) -> tuple[int, Action] | None:
        s = self.s
        if s.result is None and s.phase == "play" and not s.board_up:
            return s.holder, TURN
        return None

    def left(self, seat: int) -> int:
        """How far a seat is from four of a kind: the cards not of its commonest rank."""
        return HAND - most_of_a_rank(self.s.hands[seat])

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if s.phase == "signals":
            return self.pickers()
        return list(range(s.players)) if s.board_up else [s.holder]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if s.phase == "signals":
            if seat not in self.pickers():
                return []
            return list(SIGNAL_ACTIONS)
        if not s.board_up:  # the count: the board turns up on "go"
            return [TURN] if seat == s.holder else []
        laid, hand, swaps = s.placed_k, s.hands[seat], self._swaps
        out: list[Action] = []
        for place, there in enumerate(s.board):
            seen = laid[place]  # aimed at the moment the board card was laid: good until that place changes
            known = swaps[place]
            if known is None or known[0] is not there or known[1] != seen:
                known = swaps[place] = (there, seen, {})
            made = known[2]
            for mine in hand:
                action = made.get(mine)
                if action is None:
                    action = made[mine] = Action("swap", (mine, there), place, seen)
                out.append(action)
        out += GESTURE_ACTIONS
        out += call_actions(s.stimulus)[seat == s.holder]
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        kind = action.kind
        if s.phase == "signals":
            return (
                kind == "signal"
                and action.value in GESTURES
                and seat in self.pickers()
                and not action.cards
                and action.target is None
            )
        if kind == "turn":
            return action == TURN and not s.board_up and seat == s.holder
        if not s.board_up:
            return False
        if kind == "swap" and self._current_swap(action):
            # one this game handed out for the board as it is (almost every swap in play): its
            # shape is right and it is not late, so it stands if the card is in the hand
            return action.cards[0] in s.hands[seat]
        if kind == "gesture":
            return action.value in GESTURES and not action.cards and action.target is None
        seen = action.value
        if type(seen) is not int or not 1 <= seen <= s.stimulus or action.target is not None and kind != "swap":
            return False
        if kind in ("cash", "counter"):
            return not action.cards
        if kind == "refresh":
            return not action.cards and s.board_up and seat == s.holder
        if kind != "swap" or not s.board_up or not well_aimed(action, PLACES, s.stimulus, cards=2):
            return False
        mine, there = action.cards
        if mine not in s.hands[seat]:  # (cards compare by identity: interned)
            return False
        place = action.target
        verdict = judge(s, place, seen, s.board[place] is there)  # type: ignore[arg-type]  # well_aimed checked them
        return verdict != "wrong"

    def _current_swap(self, action: Action) -> bool:
        """Whether ``action`` is the very swap ``legal_actions`` made for its place's card as it
        lies now (laid at the moment the swap names)."""
        place = action.target
        if type(place) is not int or not 0 <= place < PLACES or not action.cards:
            return False
        known = self._swaps[place]
        s = self.s
        return (
            known is not None
            and known[2].get(action.cards[0]) is action
            and known[0] is s.board[place]
            and known[1] == s.placed_k[place]
        )

    def view(self, seat: int | None = None) -> CashView:
        s = self.s
        own = seat if seat is not None and 0 <= seat < s.players else None
        return CashView.model_construct(
            seat=seat,
            players=s.players,
            side=list(s.side),
            ring=list(s.ring),
            drawn=list(s.drawn),
            partners=self.partners(own) if own is not None else [],
            hand=list(s.hands[own]) if own is not None else [],
            board=list(s.board) if s.board_up else [],
            board_up=s.board_up,
            stock=len(s.stock),
            discards=list(s.discards),
            holder=s.holder,
            phase=s.phase,
            signal=s.signals[s.side[own]] if own is not None else None,
            picking=self.pickers(),
            gestures=list(s.gestures),
            swapped_k=list(s.swapped_k),
            placed_by=list(s.placed_by),
            stimulus=s.stimulus,
            letters=list(s.letters),
            word=WORDS[s.options.name],
            lettered=s.options.letters,
            hand_no=s.hand_no,
            last_hands=[list(h) for h in s.last_hands],
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for hand in s.hands for c in hand] + s.board + s.stock + s.discards

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "swap":
            return self._swap(seat, action)
        if kind == "gesture":
            return [self._gesture(seat, str(action.value))]
        if kind == "turn":
            return [self._turn()]
        if kind == "refresh":
            return self._refresh(seat)
        if kind == "signal":
            return self._signal(seat, str(action.value))
        return judge_call(self, seat, kind)

    def _signal(self, seat: int, gesture: str) -> list[Event]:
        s = self.s
        s.signals[s.side[seat]] = gesture
        events = [Event("signal", seat, "{seat} [has|have] picked a secret signal with a partner")]
        if not self.pickers():  # every side of partners has its signal
            s.phase = "play"
            events.append(Event("signals_set", None, "Every side has its signal: the board turns up on the count"))
        return events

    def _gesture(self, seat: int, gesture: str) -> Event:
        s = self.s
        s.stimulus += 1
        s.gestures.append((seat, gesture, s.stimulus))
        if len(s.gestures) > RECENT_GESTURES:
            del s.gestures[0]
        return Event(
            "gesture",
            seat,
            f"{{seat}} [{GESTURE_WORDS[gesture]}|{YOUR_GESTURE_WORDS[gesture]}]",
            data={"gesture": gesture, "k": s.stimulus},
        )

    def _turn(self) -> Event:
        s = self.s
        s.board_up = True
        s.stimulus += 1
        s.placed_k = [s.stimulus] * PLACES
        s.placed_by = [None] * PLACES
        return Event(
            "flip",
            None,
            "3, 2, 1, go: the board shows " + " ".join(NAMES[c.code] for c in s.board),
            tuple(s.board),
            data={"k": s.stimulus},
        )

    def _swap(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        mine, there = action.cards
        place = action.target
        if judge(s, place, action.value, True) == "late":  # type: ignore[arg-type]  # is_legal checked them
            by = s.placed_by[place]
            who = "{target} [target:was|were] first" if by is not None and by != seat else "the board had changed"
            return [
                Event(
                    "play_late",
                    seat,
                    f"{{seat}} [reaches|reach] for the {NAMES[there.code]} too late: {who}",
                    (there,),
                    target=by,
                    data={"beaten": s.placed_k[place], "place": place},
                    outcome=Outcome.LATE,
                )
            ]
        hand = s.hands[seat]
        hand[hand.index(mine)] = there  # (cards compare by identity)
        s.board[place] = mine
        k = lay(s, place, seat)  # type: ignore[arg-type]  # is_legal checked it
        s.swapped_k[seat] = k
        return [
            Event(
                "swap",
                seat,
                f"{{seat}} [takes|take] the {NAMES[there.code]} and [puts|put] down the {NAMES[mine.code]}",
                (there, mine),
                data={"place": place, "k": k},
            )
        ]

    def _refresh(self, seat: int) -> list[Event]:
        s = self.s
        s.discards.extend(s.board)
        s.board = []
        s.stimulus += 1
        s.placed_k = [s.stimulus] * PLACES
        s.placed_by = [None] * PLACES
        if len(s.stock) < PLACES:
            s.board, s.stock = s.stock, []
            s.discards.extend(s.board)
            s.board = []
            return end_hand(
                self, None, None, "A real deal: the stock ran out with no call, so the hand is a draw", seat
            )
        s.board, s.stock = s.stock[:PLACES], s.stock[PLACES:]
        s.board_up = False
        s.holder = self.after(seat)
        return [
            Event(
                "refresh",
                seat,
                "{seat} [discards|discard] the board and [deals|deal] a new one; the stock passes to {target}",
                target=s.holder,
                data={"k": s.stimulus},
            )
        ]

    # ---- loading

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if sorted(s.ring) != list(range(n)) or len(s.side) != n or s.drawn and len(s.drawn) != n:
            raise ValueError("the seating does not match the players")
        if s.drawn and sorted(c.code for c in s.drawn) != sorted(c.code for c in draw_cards(n, n // 2)):
            raise ValueError("the cards drawn for partners are not the draw's")
        check_sides(s.side)  # before anything is sized by them
        sides = max(s.side) + 1
        if sorted(set(s.side)) != list(range(sides)) or len(s.signals) != sides or len(s.letters) != sides:
            raise ValueError("the sides do not match")
        if len(s.hands) != n or len(s.swapped_k) != n or any(len(h) != HAND for h in s.hands):
            raise ValueError("the hands do not match the players")
        if len(s.board) != PLACES and s.result is None:
            raise ValueError("the board does not hold four cards")
        self.check_seats(s.holder, s.dealer, *(g[0] for g in s.gestures))
        check_places(s, PLACES)
        if any(g[1] not in GESTURES for g in s.gestures) or any(x is not None and x not in GESTURES for x in s.signals):
            raise ValueError("an unknown gesture")
        if (
            s.phase == "signals"
            and s.board_up
            or s.phase == "play"
            and any(s.signals[x] is None for x in self.signalling_sides())
        ):
            raise ValueError("the phase does not match the signals")
        if any(not 0 <= k <= s.stimulus for k in (*s.swapped_k, *(g[2] for g in s.gestures))):
            raise ValueError("bad stimulus counters")


# ---- a hand: dealt, then ended by a call or a real deal, and scored (letters in a match)
#
# Apart from the engine's moves: they run once a hand, never in the moves bots simulate, and the
# deal, the call's judgement and the letters read as one account of how a hand begins and ends.


def deal(s: CashState, order: list[Card]) -> None:
    """Deal a hand from ``order``: four cards each from the dealer's left, the board, the stock
    for the player left of the dealer; the sides pick their signals anew."""
    n = s.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    left_of_dealer = left_of(s.ring, s.dealer)
    for i, seat in enumerate(left_of_dealer):  # one at a time from the dealer's left
        hands[seat] = order[i : HAND * n : n]
    i = HAND * n
    vars(s).update(  # (one update, as in setup)
        hands=hands,
        board=list(order[i : i + PLACES]),
        stock=list(order[i + PLACES :]),
        discards=[],
        board_up=False,
        holder=left_of_dealer[0],
        phase="signals",
        signals=[None] * len(s.signals),
        swapped_k=[0] * n,
    )


def judge_call(game: Cash, seat: int, kind: str) -> list[Event]:
    """A call of "Cash!" (on the caller's partners' hands) or "Counter cash!" (on the opponents'):
    right when one of them holds four of a kind. Either way it ends the hand."""
    s = game.s
    what = call_name(kind, s.options.name)
    mine = s.side[seat]
    if kind == "cash":
        partners = partners_of(s.side, seat) or [seat]  # a lone player calls on their own hand
        holders = [p for p in partners if four_of_a_kind(s.hands[p])]
    else:
        holders = [p for p in range(s.players) if s.side[p] != mine and four_of_a_kind(s.hands[p])]
    right = bool(holders)
    outcome = Event(
        f"{kind}_win" if right else f"wrong_{kind}",
        seat,
        f"{{seat}} [calls|call] {what} and [is|are] right"
        if right
        else f"{{seat}} [calls|call] {what} and [is|are] wrong",
        data={"holders": holders},
        outcome=Outcome.WON if right else Outcome.FAULT,
    )
    s.stimulus += 1  # the hands shown are news (and a lettered match deals anew)
    if right:
        held = "a partner" if kind == "cash" else "an opponent"
        why = f"{what} was right: {held} held four of a kind, and the callers' side wins"
        return [outcome, *end_hand(game, mine, None, why, seat)]
    held = "the caller's partner did not hold" if kind == "cash" else "no opponent held"
    why = f"{what} was wrong: {held} four of a kind, and the callers' side loses"
    return [outcome, *end_hand(game, None, mine, why, seat)]


def end_hand(game: Cash, winner: int | None, loser: int | None, why: str, seat: int) -> list[Event]:
    """The hand is over: ``winner`` side won it, or ``loser`` side lost it, or (both None) a draw.
    Without letters that is the game; with them the losers take a letter, and the match ends when
    a side has spelt the name or at the hand limit, or the next hand is dealt."""
    s = game.s
    s.last_hands = [list(h) for h in s.hands]
    sides = max(s.side) + 1
    if winner is not None:
        losers = [x for x in range(sides) if x != winner]
    elif loser is not None:
        losers = [loser]
    else:
        losers = []
    events = [
        Event(
            "reveal",
            None,
            "The hands: " + " · ".join([" ".join([NAMES[c.code] for c in hand]) for hand in s.hands]),
            data={"hands": s.last_hands},
        )
    ]
    if not s.options.letters:
        won = [] if winner is None and loser is None else [p for p in range(s.players) if s.side[p] not in losers]
        # each player's most cards of one rank: how close everyone came
        closest = [float(most_of_a_rank(hand)) for hand in s.hands]
        events.append(game.finish(won, why, scores=closest, score_name="of a kind", sides=list(s.side)))
        return events
    word = WORDS[s.options.name]
    for x in losers:
        s.letters[x] += 1
    spelt = [x for x in range(sides) if s.letters[x] >= len(word)]
    if spelt or s.hand_no >= s.options.hand_limit:
        fewest = min(s.letters)
        won = [p for p in range(s.players) if s.side[p] not in spelt and (spelt or s.letters[s.side[p]] == fewest)]
        end = (
            f"{why}. A side has spelt {word} and loses the match"
            if spelt
            else f"{why}. The {s.options.hand_limit}-hand limit: the fewest letters win"
        )
        letters = [float(s.letters[s.side[p]]) for p in range(s.players)]
        events.append(game.finish(won, end, scores=letters, score_name="letters", low_wins=True, sides=list(s.side)))
        return events
    events.append(Event("hand_over", seat, f"Letters: {letter_text(s.letters, word)}. A new hand is dealt"))
    s.hand_no += 1
    s.dealer = seat_after(s.ring, s.dealer)
    order = list(PACK)
    game.mix(order)
    s.gestures = []
    deal(s, order)
    return events


def letter_text(letters: list[int], word: str) -> str:
    """Each side's letters of ``word`` so far: 'A CA, B -'."""
    return ", ".join(f"{SIDE_MARKS[i]} {word[:n] or '-'}" for i, n in enumerate(letters))


SPEC = GameSpec.listed("cash", rules=RULES, game=Cash, claim_kinds=CLAIMS, untimed_claim_kinds=frozenset({"refresh"}))
Cash.spec = SPEC
