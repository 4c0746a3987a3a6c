"""Snap, for two to six players: turn cards onto your own pile; call "Snap!" when two tops match."""

from __future__ import annotations

from pydantic import BaseModel

from cardarcade.cards import Card
from cardarcade.rules._calling import (
    CallingGame,
    CallingState,
    card_limit,
    count_cards,
    judge,
    next_seat,
    settle,
    valid_claim_value,
)
from cardarcade.rules.base import Action, Event, GameSpec, Options, Outcome

FLIP = Action("flip")
SNAP, POOL = 0, 1  # warrant codes: a pair of piles match; a pile matches the snap pool

RULES = """\
# Snap

**Goal:** win every card by spotting matching cards first.

- The pack is dealt out face down as evenly as it goes; each player keeps a face-down
  **stock** and never looks at it.
- Starting left of the dealer and going round, each player in turn turns the top card of their
  stock face up onto their own **pile** (away from themselves, so nobody sees it early).
- **Snap!** When the top cards of two players' piles are of the same rank, anyone still in the
  game may call *Snap*. The first caller takes both piles and puts them face down under their
  stock.
- **False snap:** call when no two piles match and your own pile goes to the middle as the
  **snap pool** (on top of the pool if there already is one).
- **Snap pool!** When a pile's top card matches the top card of the snap pool, call *Snap pool*
  (its own key): the first caller takes the pool and that pile.
- **Out:** a player whose stock is empty when their turn comes is eliminated. The last player
  left wins.

**House clarifications** (the text leaves these open):

- Cards match by rank. If several piles match at once, a snap takes every matching pile.
- A wrong *Snap pool* call (also one when there is no pool) costs the same as a false snap:
  your pile joins the pool, or starts one.
- A false caller with no pile face up puts the top card of their stock on the pool instead.
- Until their turn comes round, a player with an empty stock may still call and win cards back.
  An eliminated player's pile stays on the table and can still be won.
- If two players call the same match, the first call wins and the later one has simply missed,
  with no penalty. So has a call on a match that was covered a moment before it was heard.
- **Card limit:** so a game always ends, once the card limit has been turned up the player
  holding the most cards (stock and pile) wins; equal holdings share the win.
"""


class SnapOptions(Options):
    max_flips: int = card_limit()


class SnapState(CallingState):
    options: SnapOptions
    stocks: list[list[Card]]  # face down, index 0 is the top
    pool: list[Card] = []  # the snap pool in the middle, last is the top
    turn: int = 0
    out: list[bool]  # eliminated
    eliminated: list[int] = []  # seats in the order they were eliminated


class SnapView(BaseModel):
    seat: int | None
    counts: list[int]  # stock sizes
    pile_sizes: list[int]
    tops: list[Card | None]
    pool_size: int
    pool_top: Card | None
    turn: int
    out: list[bool]
    stimulus: int
    flips: int
    max_flips: int
    can_call: bool


def matching_piles(piles: list[list[Card]]) -> list[int]:
    """Seats whose pile top has the same rank as another pile's top."""
    by_rank: dict[int, list[int]] = {}
    for seat, pile in enumerate(piles):
        if pile:
            by_rank.setdefault(pile[-1].rank, []).append(seat)
    return sorted(seat for seats in by_rank.values() if len(seats) > 1 for seat in seats)


def pool_matches(piles: list[list[Card]], pool: list[Card]) -> list[int]:
    """Seats whose pile top has the rank of the snap pool's top."""
    if not pool:
        return []
    rank = pool[-1].rank
    return [seat for seat, pile in enumerate(piles) if pile and pile[-1].rank == rank]


class Snap(CallingGame):
    State = SnapState
    Options = SnapOptions
    __slots__ = ()
    FACE_DOWN = "stocks"

    @classmethod
    def seat_fields(cls, players: int) -> dict:
        return {"out": [False] * players}

    # ---- queries

    def warrant(self) -> list[int]:
        s = self.s
        codes = []
        if matching_piles(s.piles):
            codes.append(SNAP)
        if pool_matches(s.piles, s.pool):
            codes.append(POOL)
        return codes

    def may_call(self, seat: int) -> bool:
        s = self.s
        return s.result is None and s.stimulus >= 1 and not s.out[seat]

    # ---- contract

    def is_out(self, seat: int) -> bool:
        return self.s.result is None and self.s.out[seat]

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if s.stimulus == 0:
            return [s.turn]
        return [p for p in range(s.players) if not s.out[p]]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        out = [FLIP] if seat == s.turn else []
        if self.may_call(seat):
            out.append(Action("snap", value=s.stimulus))
            if s.pool:
                out.append(Action("pool", value=s.stimulus))
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players or action.cards or action.target is not None:
            return False
        if action.kind == "flip":
            return action.value is None and seat == s.turn
        if action.kind in ("snap", "pool"):
            # a Snap pool call that arrives after the pool was won is judged (late) like any call
            return valid_claim_value(action.value, s.stimulus) and self.may_call(seat)
        return False

    def view(self, seat: int | None = None) -> SnapView:
        s = self.s
        return SnapView(
            seat=seat,
            counts=[len(st) for st in s.stocks],
            pile_sizes=[len(p) for p in s.piles],
            tops=[p[-1] if p else None for p in s.piles],
            pool_size=len(s.pool),
            pool_top=s.pool[-1] if s.pool else None,
            turn=s.turn,
            out=list(s.out),
            stimulus=s.stimulus,
            flips=s.flips,
            max_flips=s.options.max_flips,
            can_call=seat is not None and 0 <= seat < s.players and self.may_call(seat),
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for st in s.stocks for c in st] + [c for p in s.piles for c in p] + list(s.pool)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "flip":
            return self._flip(seat)
        return self._call(seat, action.kind, action.value)  # type: ignore[arg-type]  # is_legal checked the value

    def _flip(self, seat: int) -> list[Event]:
        s = self.s
        events = [self.turn_up(seat)]
        s.turn = next_seat(seat, s.players, [not o for o in s.out])
        self._settle_turn(events)
        self.end_at_card_limit(events)
        return events

    def _call(self, seat: int, kind: str, seen: int) -> list[Event]:
        s = self.s
        code = SNAP if kind == "snap" else POOL
        verdict = judge(s, seen, code, self.warrant())
        word = "Snap" if kind == "snap" else "Snap pool"
        if verdict == "late":
            return [
                Event(
                    f"late_{kind}",
                    seat,
                    f"{{seat}} [calls|call] {word} too late",
                    data={"k": seen},
                    outcome=Outcome.LATE,
                )
            ]
        if verdict == "win":
            events = [self._take(seat, kind)]
        else:
            events = [self._false_call(seat, kind, word)]
        settle(s, self.warrant())
        self._settle_turn(events)
        return events

    def _take(self, seat: int, kind: str) -> Event:
        s = self.s
        stock = s.stocks[seat]
        if kind == "snap":
            seats = matching_piles(s.piles)
            taken: list[Card] = []
        else:
            seats = pool_matches(s.piles, s.pool)
            taken = list(s.pool)
            s.pool.clear()
        rank = s.piles[seats[0]][-1].rank
        for p in seats:
            taken.extend(s.piles[p])
            s.piles[p].clear()
        stock.extend(taken)
        what = f"the {rank.noun}" + (" with the snap pool" if kind == "pool" else "")  # the rank said either way
        return Event(
            f"{kind}_win",
            seat,
            f"{{seat}} [calls|call] {'Snap pool' if kind == 'pool' else 'Snap'} on {what} "
            f"and [takes|take] {count_cards(len(taken))}",
            data={"count": len(taken), "piles": seats},
            outcome=Outcome.WON,
        )

    def _false_call(self, seat: int, kind: str, word: str) -> Event:
        s = self.s
        pile, stock = s.piles[seat], s.stocks[seat]
        if pile:
            count = len(pile)
            s.pool.extend(pile)
            pile.clear()
            text = f"{{seat}} [calls|call] {word} wrongly: {count_cards(count)} from the pile to the snap pool"
        elif stock:
            s.pool.append(stock.pop(0))
            text = f"{{seat}} [calls|call] {word} wrongly: a stock card to the snap pool"
        else:
            text = f"{{seat}} [calls|call] {word} wrongly: no card left to give up"
        return Event(f"false_{kind}", seat, text, data={"pool": len(s.pool)}, outcome=Outcome.FAULT)

    def _settle_turn(self, events: list[Event]) -> None:
        """Eliminate players whose turn comes with an empty stock; end the game at one player left."""
        s = self.s
        while s.result is None and not s.stocks[s.turn]:
            p = s.turn
            s.out[p] = True
            s.eliminated.append(p)
            events.append(Event("out", p, "{seat} [has|have] no stock left and [is|are] eliminated"))
            playing = [not o for o in s.out]
            if sum(playing) <= 1:
                winner = next(q for q in range(s.players) if playing[q])
                ranking = [winner] + s.eliminated[::-1]
                events.append(
                    self.finish(
                        [winner],
                        "{seat} [is|are] the last player in and [wins|win]",
                        scores=[float(h) for h in self.held()],
                        ranking=ranking,
                        score_name="cards",
                    )
                )
                return
            s.turn = next_seat(p, s.players, playing)

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        self.check_cards()
        if len(s.out) != n:
            raise ValueError("zones do not match the number of players")
        if not 0 <= s.turn < n or any(not 0 <= p < n for p in s.eliminated):
            raise ValueError("a seat number is out of range")
        if sorted(s.eliminated) != [p for p in range(n) if s.out[p]]:
            raise ValueError("the eliminated players do not match")
        if s.result is None and (s.out[s.turn] or not s.stocks[s.turn] or sum(not o for o in s.out) < 2):
            raise ValueError("the player to turn cannot play")


SPEC = GameSpec.listed("snap", rules=RULES, game=Snap, claim_kinds=frozenset({"snap", "pool"}))
Snap.spec = SPEC
