"""Machiavelli, for 2 to 5 players: rummy with two packs where the table belongs to everyone.

A turn is a run of small moves on a working copy of the table: pick a card up (from your hand
or from any group on the table), drop it on a group or on a new group, take a card you put
down this turn back into your hand, or put everything back as it was. ``end`` checks the
table: every group a meld, or everything goes back and the player draws three. ``draw`` (or
``pass`` once the stock is empty) puts anything moved back and ends the turn.

A bot may also send a whole new layout as one ``arrange`` action (the table's cards and some of
its hand's, cut into groups); it is checked as the small moves are, and ``end`` still judges
it. Being one of countless layouts, it is accepted by ``is_legal`` but not listed by
``legal_actions``, which lists the small moves only.

Two packs hold two of every card; the second pack's cards carry back 1 (``7h/1``), so every
card is told apart by its code in moves and in the card count.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, Field

from cardarcade.cards import Card, Rank, double_deck
from cardarcade.rules.base import (
    Action,
    BadSetup,
    Event,
    Game,
    GameSpec,
    Options,
    State,
    choice_labels,
    deal_round_robin,
    prepare_deck,
)

FULL_PACK = tuple(double_deck())
END = Action("end")
DRAW = Action("draw")
PASS = Action("pass")  # a turn with nothing to draw: the stock is empty
RESET = Action("reset")
RETURN = Action("return")  # the card held goes back to its owner's hand
MIN_MELD = 3
SHOWN_CARDS = 8  # a meld event names the cards put down up to this many

RULES = """\
# Machiavelli

**Goal:** be the first to play every card in your hand onto the table.

- Two 52-card packs shuffled together (104 cards). Thirteen cards each; the rest is the
  **stock**, face down. Play goes round to the left.
- **Melds** are **sets**, three or four cards of one rank in different suits (never two of a
  suit), and **runs**, three or more cards in sequence in one suit. An ace is high (Q-K-A) or
  low (A-2-3), never both: K-A-2 is not a run.
- On your turn, **either draw** one card from the stock, **or meld**: put cards from your hand
  on the table. The table belongs to everyone: you may take cards out of any groups and build
  them into new ones, with cards from your hand, as you like.
- When you end your turn, every group on the table must be a meld. If one is not, the table
  goes back to how it was at the start of your turn, the cards you put down come back to
  your hand, and you **draw three** cards as a penalty.
- The first player to have played every card wins at once.

**House clarifications** (the text leaves these open):

- The player left of the dealer starts. The others rank by the cards they still hold when
  someone goes out (the text names only the winner).
- A meld turn must put down at least one card from your hand; cards already on the table
  never go into a hand. Until you end your turn you may take back a card you put down.
- Drawing puts anything you moved back as it was, then you draw.
- **Empty stock:** the text does not say. By default play goes on without drawing: a player
  who cannot (or will not) meld passes, and a penalty draws what is left. When every player
  in turn has passed (or been penalised) with the stock empty, the game ends and the fewest
  cards in hand wins (equal fewest share the win). A house rule ends the game as soon as
  the stock runs out (at the end of the turn that empties it), with the same scoring.
- The hand size and the penalty are house rules too.
"""


class MachiavelliOptions(Options):
    hand_size: int = Field(
        13, ge=3, le=20, title="Cards dealt", description="How many cards each player is dealt (at most 100 in all)."
    )
    penalty: int = Field(
        3,
        ge=0,
        le=5,
        title="Penalty cards",
        description="Cards drawn by a player who ends a turn with a group that is not a meld.",
    )
    empty_stock: Literal["play_on", "end"] = Field(
        "play_on",
        title="Empty stock",
        description="What happens when the stock runs out.",
        json_schema_extra=choice_labels(
            {
                "play_on": "play on without drawing; the game ends when everyone has passed in turn",
                "end": "the game ends as soon as the stock runs out",
            }
        ),
    )


# ---------------------------------------------------------------- melds


def run_values(cards: Sequence[Card]) -> list[int] | None:
    """The ranks of a run as numbers in order (an ace 1 or 14), or None if the cards are not a run."""
    if len(cards) < MIN_MELD or len({c.suit for c in cards}) != 1:
        return None
    high = sorted(int(c.rank) for c in cards)
    if high == list(range(high[0], high[0] + len(high))):
        return high
    if high[-1] == int(Rank.ACE):
        low = sorted(1 if v == int(Rank.ACE) else v for v in high)
        if low == list(range(1, len(low) + 1)):
            return low
    return None


def is_set(cards: Sequence[Card]) -> bool:
    return (
        MIN_MELD <= len(cards) <= 4 and len({c.rank for c in cards}) == 1 and len({c.suit for c in cards}) == len(cards)
    )


def meld_kind(cards: Sequence[Card]) -> Literal["set", "run"] | None:
    if is_set(cards):
        return "set"
    if run_values(cards) is not None:
        return "run"
    return None


def is_meld(cards: Sequence[Card]) -> bool:
    return meld_kind(cards) is not None


def could_become_meld(cards: Sequence[Card]) -> bool:
    """Whether more cards could make ``cards`` a meld: one rank in different suits (at most
    four), or one suit in different ranks (the gaps filled in later; an ace counted high or low)."""
    if not cards or len({c.suit for c in cards}) == len(cards) and len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    return len({c.suit for c in cards}) == 1 and len({c.rank for c in cards}) == len(cards)


def fit(group: Sequence[Card], card: Card) -> int:
    """How well ``card`` goes on ``group``: 3 it makes the group a meld, 2 it extends a meld,
    1 the group is still short of a meld but could become one with it, 0 it does not fit."""
    grown = [*group, card]
    if is_meld(grown):
        return 2 if is_meld(group) else 3
    return 1 if not is_meld(group) and could_become_meld(grown) else 0


def in_order(cards: Iterable[Card]) -> list[Card]:
    """A group as it is laid out: a run low to high (an ace where it counts), anything else by
    rank then suit."""
    cards = list(cards)
    values = run_values(cards)
    if values is not None and values[0] == 1:
        return sorted(cards, key=lambda c: 1 if c.rank is Rank.ACE else int(c.rank))
    return sorted(cards, key=lambda c: (int(c.rank), c.suit.value if c.suit else "", c.back))


def group_key(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(sorted(c.code for c in cards))


def codes(cards: Iterable[Card]) -> Counter:
    return Counter(c.code for c in cards)


def layout_text(groups: Sequence[Sequence[Card]]) -> str:
    """Group sizes as an ``arrange`` action's value: '3,4,3'."""
    return ",".join(str(len(g)) for g in groups)


def arrange(groups: Sequence[Sequence[Card]]) -> Action:
    """The action that lays the table out as ``groups``."""
    return Action("arrange", tuple(c for g in groups for c in g), value=layout_text(groups))


def split_layout(action: Action) -> list[list[Card]] | None:
    """An ``arrange`` action's groups, or None if its sizes do not cut its cards."""
    text = action.value
    if type(text) is not str or not text or len(text) > 400:
        return None
    parts = text.split(",")
    if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        return None
    sizes = [int(p) for p in parts]
    if any(n < 1 for n in sizes) or sum(sizes) != len(action.cards):
        return None
    out, i = [], 0
    for n in sizes:
        out.append(list(action.cards[i : i + n]))
        i += n
    return out


# ---------------------------------------------------------------- state and view


class MachiavelliState(State):
    options: MachiavelliOptions
    hands: list[list[Card]]  # the player to move: their hand as it is now, during the turn
    stock: list[Card]  # face down, index 0 is the top
    table: list[list[Card]]  # the table as it stood at the start of this turn (all melds)
    stamps: list[int]  # for each group of ``table``: the turn number that gave it its cards
    work: list[list[Card]]  # the table as the player to move is laying it out
    before: list[Card]  # the hand of the player to move at the start of this turn
    held: Card | None = None  # the card picked up and not yet dropped
    turn: int = 0
    turn_no: int = 1  # turns begun so far (the first turn is 1)
    last_turn: list[int]  # by seat: the number of the seat's latest finished turn (0: none yet)
    idle: int = 0  # turns in a row that put nothing down with the stock empty


class MachiavelliView(BaseModel):
    seat: int | None
    players: int
    dealer: int
    turn: int | None
    turn_no: int
    hand: list[Card]  # the viewer's own cards (during their turn: those not put down)
    hand_counts: list[int]
    stock: int
    table: list[list[Card]]  # the table as it is being laid out, each group in order
    valid: list[bool]  # by group: a meld
    stamps: list[int | None]  # by group: the turn that gave it these cards (None: this turn)
    placed: list[Card]  # cards the player to move has put on the table this turn (everyone sees them)
    held: Card | None
    held_from_hand: bool  # the card held may go back to the hand of the player to move
    changed: bool  # anything moved this turn
    last_turn: list[int]
    penalty: int
    idle: int
    empty_stock: str


class Machiavelli(Game[MachiavelliState]):
    State = MachiavelliState
    Options = MachiavelliOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: MachiavelliOptions, deck: list[Card] | None) -> Machiavelli:
        if players * options.hand_size > len(FULL_PACK) - 4:
            raise BadSetup(f"{players} players with {options.hand_size} cards each leave too small a stock")
        order = prepare_deck(list(FULL_PACK), seed, deck)
        hands = deal_round_robin(order, players, options.hand_size)
        state = MachiavelliState(
            players=players,
            seed=seed,
            options=options,
            hands=hands,
            stock=order[players * options.hand_size :],
            table=[],
            stamps=[],
            work=[],
            before=list(hands[0]),
            last_turn=[0] * players,
        )
        return cls(state)

    def pack(self) -> list[Card]:
        return list(FULL_PACK)

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else [self.s.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or seat != s.turn:
            return []
        if s.held is not None:
            out = [Action("drop", value=g) for g in range(len(s.work) + 1)]
            if s.held in s.before:
                out.append(RETURN)
            out.append(RESET)  # the card held goes back where it came from with everything else
            return out
        out = [Action("pick", (c,)) for c in s.hands[seat]]
        out += [Action("pick", (c,)) for g in s.work for c in g]
        if self.placed():
            out.append(END)
        if self.changed():
            out.append(RESET)
        out.append(DRAW if s.stock else PASS)
        return out

    def why_not(self, seat: int, action: Action) -> str | None:
        s = self.s
        if s.result is not None or seat != s.turn:
            return None
        if action.kind in (DRAW.kind, PASS.kind) and s.held is not None:
            return f"You hold the {s.held}: drop it first"
        if action == RESET and not self.changed():
            return "Nothing to undo: the table is as it was at the start of your turn"
        return None

    def is_legal(self, seat: int, action: Action) -> bool:
        # Checked directly rather than by listing every move (a crowded table has a hundred picks).
        s = self.s
        if s.result is not None or seat != s.turn:
            return False
        kind, card = action.kind, action.card
        if kind == "drop":
            g = action.value
            return (
                s.held is not None
                and not action.cards
                and action.target is None
                and type(g) is int
                and 0 <= g <= len(s.work)
            )
        if action.target is not None or (action.value is not None and kind != "arrange"):
            return False
        if kind == "return":
            return s.held is not None and s.held in s.before and not action.cards
        if kind == "reset" and not action.cards:
            return self.changed()
        if s.held is not None:
            return False
        if kind == "pick":
            return (
                len(action.cards) == 1
                and type(card) is Card
                and (card in s.hands[seat] or any(card in g for g in s.work))
            )
        if action.cards:
            return kind == "arrange" and self._layout_fits(action)
        if kind == "end":
            return bool(self.placed())
        if kind == "draw":
            return bool(s.stock)
        if kind == "pass":
            return not s.stock
        return False

    def _layout_fits(self, action: Action) -> bool:
        """Whether an ``arrange`` holds every card of the table and only cards of the mover's hand besides."""
        groups = split_layout(action)
        if groups is None or not all(type(c) is Card for c in action.cards):
            return False
        s = self.s
        laid = codes(action.cards)
        on_table = codes(c for g in s.work for c in g)
        if any(laid[code] < n for code, n in on_table.items()):
            return False
        extra = laid - on_table
        hand = codes(s.hands[s.turn])
        return all(hand[code] >= n for code, n in extra.items())

    def view(self, seat: int | None = None) -> MachiavelliView:
        s = self.s
        over = s.result is not None
        stamp_of = {group_key(g): t for g, t in zip(s.table, s.stamps)}
        table = [in_order(g) for g in s.work]
        return MachiavelliView(
            seat=seat,
            players=s.players,
            dealer=s.players - 1,
            turn=None if over else s.turn,
            turn_no=s.turn_no,
            hand=list(s.hands[seat]) if seat is not None else [],
            hand_counts=[len(h) for h in s.hands],
            stock=len(s.stock),
            table=table,
            valid=[is_meld(g) for g in table],
            stamps=[stamp_of.get(group_key(g)) for g in table],
            placed=self.placed(),
            held=s.held,
            held_from_hand=s.held is not None and s.held in s.before,
            changed=self.changed(),
            last_turn=list(s.last_turn),
            penalty=s.options.penalty,
            idle=s.idle,
            empty_stock=s.options.empty_stock,
        )

    def cards(self) -> list[Card]:
        s = self.s
        out = [c for h in s.hands for c in h] + list(s.stock) + [c for g in s.work for c in g]
        if s.held is not None:
            out.append(s.held)
        return out

    # ---- the turn so far

    def placed(self) -> list[Card]:
        """Cards from the mover's hand now on the table."""
        s = self.s
        before = set(s.before)
        return [c for g in s.work for c in g if c in before]

    def changed(self) -> bool:
        s = self.s
        return (
            s.held is not None
            or len(s.hands[s.turn]) != len(s.before)
            or sorted(map(group_key, s.work)) != sorted(map(group_key, s.table))
        )

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        kind = action.kind
        if kind == "pick":
            card = action.cards[0]
            hand = s.hands[seat]
            if card in hand:
                hand.remove(card)
            else:
                group = next(g for g in s.work if card in g)
                group.remove(card)
                if not group:
                    s.work.remove(group)
            s.held = card
            return [Event("pick", seat, "", (card,))]
        if kind == "drop":
            held, g = s.held, action.value
            assert held is not None and isinstance(g, int)
            if g == len(s.work):
                s.work.append([held])
            else:
                s.work[g].append(held)
            s.held = None
            return [Event("drop", seat, "", (held,), data={"group": g})]
        if kind == "return":
            held = s.held
            assert held is not None
            s.hands[seat].append(held)
            s.held = None
            return [Event("return", seat, "", (held,))]
        if kind == "arrange":
            groups = split_layout(action)
            assert groups is not None
            laid = codes(action.cards)
            s.work = groups
            s.hands[seat] = [c for c in s.hands[seat] if not laid[c.code]]
            return [Event("arrange", seat, "", action.cards)]
        if kind == "reset":
            self._put_back()
            return [Event("reset", seat, "")]
        if kind in ("draw", "pass"):
            self._put_back()
            if self._draw(seat, 1):
                return [Event("draw", seat, "{seat} [draws|draw] a card")] + self._next_turn(placed=False, drew=1)
            return [Event("pass", seat, "{seat} [passes|pass]: the stock is empty")] + self._next_turn(
                placed=False, drew=0
            )
        return self._end(seat)

    def _put_back(self) -> None:
        s = self.s
        s.work = [list(g) for g in s.table]
        s.hands[s.turn] = list(s.before)
        s.held = None

    def _draw(self, seat: int, count: int) -> list[Card]:
        s = self.s
        drawn = s.stock[:count]
        del s.stock[:count]
        s.hands[seat].extend(drawn)
        return drawn

    def _end(self, seat: int) -> list[Event]:
        s = self.s
        bad = [g for g in s.work if not is_meld(g)]
        if bad:
            self._put_back()
            got = len(self._draw(seat, s.options.penalty))
            # the penalty first: a log row cut at 80 columns keeps it
            drew = (
                f"{{seat}} [draws|draw] {got} penalty card{'s' if got != 1 else ''}"
                if got
                else "{seat} [draws|draw] no penalty card" + (" (none left)" if s.options.penalty else "")
            )
            why = "a group was not a meld" if len(bad) == 1 else f"{len(bad)} groups were not melds"
            text = f"{drew}: {why}, so the table goes back"
            return [
                Event("penalty", seat, text, data={"penalty": True, "count": got, "bad": len(bad)})
            ] + self._next_turn(placed=False, drew=got)
        placed = self.placed()
        old = {group_key(g): t for g, t in zip(s.table, s.stamps)}
        stamps = [old.get(group_key(g), s.turn_no) for g in s.work]
        changed = sum(1 for t in stamps if t == s.turn_no)
        s.table = [in_order(g) for g in s.work]
        s.work = [list(g) for g in s.table]
        s.stamps = stamps
        count = len(placed)
        # the cards by name while the line fits the log
        shown = f" ({' '.join(str(c) for c in placed)})" if count <= SHOWN_CARDS else ""
        text = (
            f"{{seat}} [puts|put] down {count} card{'s' if count != 1 else ''}{shown}: "
            f"{changed} group{'s' if changed != 1 else ''} new or changed"
        )
        events = [Event("meld", seat, text, tuple(placed), data={"count": count, "changed": changed})]
        if not s.hands[seat]:
            s.last_turn[seat] = s.turn_no
            s.before = []
            events.append(
                self.finish(
                    [seat],
                    "{seat} [has|have] played every card and [wins|win]",
                    scores=[float(len(h)) for h in s.hands],
                    ranking=self._ranking(),
                    score_name="cards left",
                    low_wins=True,
                )
            )
            return events
        return events + self._next_turn(placed=True, drew=0)

    def _ranking(self) -> list[int]:
        s = self.s
        return sorted(range(s.players), key=lambda p: len(s.hands[p]))

    def _next_turn(self, placed: bool, drew: int) -> list[Event]:
        s = self.s
        s.last_turn[s.turn] = s.turn_no
        s.before = list(s.hands[s.turn])  # the turn is settled: nothing of it is left to take back
        s.work = [list(g) for g in s.table]
        s.held = None
        # Turns that could neither put down nor draw, in a row: once everyone has had one, nothing can change.
        s.idle = s.idle + 1 if not placed and not drew and not s.stock else 0
        if not s.stock and not placed and (s.options.empty_stock == "end" or s.idle >= s.players):
            why = (
                "the stock has run out"
                if s.options.empty_stock == "end"
                else "the stock is empty and every player has passed in turn"
            )
            counts = [len(h) for h in s.hands]
            fewest = min(counts)
            winners = [p for p, n in enumerate(counts) if n == fewest]
            text = f"Game over: {why}; " + (
                f"{{seat}} [wins|win] with the fewest cards left ({fewest})"
                if len(winners) == 1
                else f"a draw at {fewest} cards left each"
            )
            return [
                self.finish(
                    winners,
                    text,
                    scores=[float(n) for n in counts],
                    ranking=self._ranking(),
                    score_name="cards left",
                    low_wins=True,
                )
            ]
        s.turn = (s.turn + 1) % s.players
        s.turn_no += 1
        s.before = list(s.hands[s.turn])
        return []

    # ---- saves

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.hands) != n or len(s.last_turn) != n:
            raise ValueError("zones do not match the number of players")
        self.check_seats(s.turn)
        if len(s.stamps) != len(s.table) or any(not 1 <= t <= s.turn_no for t in s.stamps):
            raise ValueError("the table's turn marks do not match its groups")
        if not all(is_meld(g) for g in s.table):
            raise ValueError("a group on the table is not a meld")
        if any(not g for g in s.work):
            raise ValueError("an empty group")
        if any(not 0 <= t <= s.turn_no for t in s.last_turn) or not 0 <= s.idle <= n:
            raise ValueError("bad turn numbers")
        now = codes(s.hands[s.turn]) + codes(c for g in s.work for c in g) + codes([s.held] if s.held else [])
        then = codes(s.before) + codes(c for g in s.table for c in g)
        if now != then:
            raise ValueError("the turn's moves do not add up to the table and hand it began with")
        if codes(s.before) - codes(s.hands[s.turn]) != codes(self.placed()) + codes(
            [s.held] if s.held in s.before else []
        ):
            raise ValueError("a table card went into a hand")
        if s.result is not None and (s.held is not None or self.changed()):
            raise ValueError("a finished game with a turn half played")


SPEC = GameSpec.listed("machiavelli", rules=RULES, game=Machiavelli)
Machiavelli.spec = SPEC
