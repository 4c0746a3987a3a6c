"""War, for two or three players: turn cards together, the high card takes them, ties go to war."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import ACES_HIGH, Card, Rank, standard_deck
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

FLIP = Action("flip")

RULES = """\
# War

**Goal:** win every card.

- The pack is dealt out face down: 26 each with two players. Nobody looks at their pile.
- Each round everyone turns their top card up at the same moment. The highest card
  (ace high, then king down to 2) takes all the cards on the table to the bottom of its pile.
- **War:** when the highest cards tie, the tied players go to war: each lays cards face down
  and then one face up, and the best new up card takes everything. Another tie means another war.
  How many cards go down is a house rule: one, three, or as many as the tied rank says
  (2-10 count their number, picture cards 10, aces 11).
- **Running short in a war** (house rule): either you lose at once and are out, or your last
  card is turned up and stands as your card for that war.
- **Three players:** 17 cards each; the spare card goes to whoever wins the first war. Two players
  tied for the top go to war with three cards down and one up. If all three tie, it is a
  double war: six down, one up.
- Won cards go to the bottom of the winner's pile in no particular order, as when gathered by hand.
- You are out when you have no cards left. The last player holding cards wins.

**House clarifications** (the text leaves these open):

- **Double war:** the text's "six down" is twice its three; we read it as twice whatever the war
  style lays down, so a double war is two down with one down, and twice the rank's count by rank.
  A war that follows a double war is a double war again only if all three tie again.
- **Turn cap:** so a game always ends, after the round limit (a house rule) the player holding
  the most cards wins; equal holdings are a draw.
"""


class WarOptions(Options):
    war_style: Literal["standard", "one_down", "three_down", "by_rank"] = Field(
        "standard",
        title="War style",
        description="Cards laid face down in a war before the one turned up.",
        json_schema_extra=choice_labels(
            {
                "standard": "the text's default (1 down with two players, 3 down with three)",
                "one_down": "one down, one up",
                "three_down": "three down, one up",
                "by_rank": "count by rank (faces 10, ace 11)",
            }
        ),
    )
    short_in_war: Literal["lose", "last_card_up"] = Field(
        "last_card_up",
        title="Running short in a war",
        description="What happens to a player without enough cards to finish a war.",
        json_schema_extra=choice_labels(
            {
                "lose": "you lose and are out",
                "last_card_up": "your last card is turned up and counts",
            }
        ),
    )
    max_rounds: int = Field(
        1000, ge=20, le=100_000, title="Round limit", description="After this many rounds the most cards wins."
    )


class WarState(State):
    options: WarOptions
    piles: list[list[Card]]  # face down, index 0 is the top
    table: list[list[Card]]  # cards each seat laid this round, in order
    face_up: list[list[bool]]  # parallel to table
    contenders: list[int]  # seats still in this round's battle or war
    pending: list[int]  # seats that still have to lay cards for this step
    war_depth: int = 0  # 0 = plain battle, 1+ = wars fought this round
    double: bool = False  # a three-way tie: twice the cards go down
    out: list[bool]
    spare: list[Card] = []  # three players: the 52nd card, for the first war's winner
    rounds: int = 0
    eliminated: list[int] = []  # seats in the order they ran out
    # What the table showed when the last round was decided, so players can see what won.
    last_table: list[list[Card | None]] = []
    last_taker: int | None = None


class WarView(BaseModel):
    seat: int | None
    counts: list[int]
    table: list[list[Card | None]]  # None = a face-down card
    contenders: list[int]
    pending: list[int]
    war_depth: int
    double: bool
    out: list[bool]
    spare: int
    rounds: int
    max_rounds: int
    last_table: list[list[Card | None]]  # the previous round's cards (None = face down)
    last_taker: int | None


class War(Game[WarState]):
    State = WarState
    Options = WarOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: WarOptions, deck: list[Card] | None) -> War:
        order = prepare_deck(standard_deck(), seed, deck)
        per = len(order) // players
        hands = deal_round_robin(order, players, per)
        spare = order[per * players :]
        state = WarState(
            players=players,
            seed=seed,
            options=options,
            piles=hands,
            table=[[] for _ in range(players)],
            face_up=[[] for _ in range(players)],
            contenders=list(range(players)),
            pending=list(range(players)),
            out=[False] * players,
            spare=spare,
        )
        return cls(state)

    # ---- contract

    def is_out(self, seat: int) -> bool:
        return self.s.result is None and seat in self.s.eliminated

    def actors(self) -> list[int]:
        return [] if self.s.result else list(self.s.pending)

    def legal_actions(self, seat: int) -> list[Action]:
        return [FLIP] if not self.s.result and seat in self.s.pending else []

    def view(self, seat: int | None = None) -> WarView:
        s = self.s
        return WarView(
            seat=seat,
            counts=[len(p) for p in s.piles],
            table=[[c if up else None for c, up in zip(cards, ups)] for cards, ups in zip(s.table, s.face_up)],
            contenders=list(s.contenders),
            pending=list(s.pending),
            war_depth=s.war_depth,
            double=s.double,
            out=list(s.out),
            spare=len(s.spare),
            rounds=s.rounds,
            max_rounds=s.options.max_rounds,
            last_table=s.last_table,
            last_taker=s.last_taker,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for p in s.piles for c in p] + [c for t in s.table for c in t] + list(s.spare)

    # ---- play

    def down_count(self, seat: int | None = None) -> int:
        """Cards ``seat`` (by default: each warring player) lays face down in the current war."""
        s = self.s
        style = s.options.war_style
        if style == "standard":
            style = "three_down" if s.players >= 3 else "one_down"
        if style == "one_down":
            n = 1
        elif style == "three_down":
            n = 3
        else:  # by rank: the tied rank's count
            # The tied card is the up card of a seat that has not laid yet in this war (a seat
            # that has laid already shows its new up card instead).
            if seat is None:
                seat = (s.pending or s.contenders)[0]
            tied = self._up_card(seat)
            n = 11 if tied.rank is Rank.ACE else min(int(tied.rank), 10)
        return n * 2 if s.double else n

    def _up_card(self, seat: int) -> Card:
        s = self.s
        for card, up in zip(reversed(s.table[seat]), reversed(s.face_up[seat])):
            if up:
                return card
        raise AssertionError("no card turned up")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        s.pending.remove(seat)
        events = self._lay(seat)
        if not s.pending:
            events += self._resolve()
        return events

    def _lay(self, seat: int) -> list[Event]:
        s = self.s
        pile, laid, ups = s.piles[seat], s.table[seat], s.face_up[seat]
        if s.war_depth == 0:
            card = pile.pop(0)
            laid.append(card)
            ups.append(True)
            s.stimulus += 1
            return [Event("flip", seat, "{seat} [turns|turn] up " + str(card), (card,))]
        need = self.down_count(seat) + 1
        if len(pile) >= need:
            down, up = pile[: need - 1], pile[need - 1]
            del pile[:need]
        elif s.options.short_in_war == "lose":
            laid.extend(pile)
            ups.extend([False] * len(pile))
            pile.clear()
            s.out[seat] = True
            s.eliminated.append(seat)
            s.contenders.remove(seat)
            return [Event("short", seat, "{seat} cannot finish the war and [is|are] out")]
        elif pile:
            down, up = pile[:-1], pile[-1]
            pile.clear()
        else:
            # No cards at all: the tied card stays up as this player's card.
            return [Event("short", seat, "{seat} [has|have] no cards left; the tied card stands")]
        laid.extend(down)
        ups.extend([False] * len(down))
        laid.append(up)
        ups.append(True)
        s.stimulus += 1
        return [
            Event(
                "flip",
                seat,
                f"{{seat}} [lays|lay] {len(down)} down and [turns|turn] up {up}",
                (up,),
                data={"down": len(down)},
            )
        ]

    def _resolve(self) -> list[Event]:
        s = self.s
        if len(s.contenders) == 1:
            return self._take(s.contenders[0])
        if not s.contenders:  # everyone in the war ran out under the "lose" rule
            return self._end_by_count("everyone in the war ran out of cards")
        values = {p: ACES_HIGH.value(self._up_card(p)) for p in s.contenders}
        best = max(values.values())
        top = [p for p in s.contenders if values[p] == best]
        if len(top) == 1:
            return self._take(top[0])
        if all(not s.piles[p] for p in top) and s.war_depth > 0:
            # Nobody tied has a card left to fight on with: the war cannot be settled.
            return self._end_by_count("the war could not be settled: the tied players have no cards left")
        s.double = len(top) == 3 and s.players == 3 and len(s.contenders) == 3
        s.contenders = top
        s.pending = list(top)
        s.war_depth += 1
        rank = self._up_card(top[0]).rank
        kind = "Double war" if s.double else "War"
        return [Event("war", None, f"{kind}! Tied {rank.noun}", data={"seats": list(top), "double": s.double})]

    def _decided_by(self, winner: int) -> str:
        """': K♠ beats 2♦' (the up cards that decided it), or ' with the K♠' when nobody is left to beat."""
        s = self.s
        up = {p: self._up_card(p) for p in s.contenders if any(s.face_up[p])}
        if winner not in up:
            return ""
        beaten = [str(up[p]) for p in s.contenders if p != winner and p in up]
        return f": {up[winner]} beats {' and '.join(beaten)}" if beaten else f" with the {up[winner]}"

    def _take(self, winner: int) -> list[Event]:
        s = self.s
        decided_by = self._decided_by(winner)
        won = [c for laid in s.table for c in laid]
        if s.war_depth > 0 and s.spare:
            won += s.spare
            s.spare = []
        # Hands gather won cards in no fixed order; a fixed order lets many deals cycle forever.
        self.mix(won)
        s.piles[winner].extend(won)
        s.last_table = [[c if up else None for c, up in zip(laid, ups)] for laid, ups in zip(s.table, s.face_up)]
        s.last_taker = winner
        for laid, ups in zip(s.table, s.face_up):
            laid.clear()
            ups.clear()
        events = [
            Event(
                "take",
                winner,
                f"{{seat}} [takes|take] {len(won)} cards{decided_by}",
                data={"count": len(won), "war": s.war_depth},
            )
        ]
        s.rounds += 1
        for p in range(s.players):
            if not s.out[p] and not s.piles[p]:
                s.out[p] = True
                s.eliminated.append(p)
                events.append(Event("out", p, "{seat} [has|have] no cards left and [is|are] out"))
        alive = [p for p in range(s.players) if not s.out[p]]
        if len(alive) == 1:
            if s.spare:
                s.piles[alive[0]].extend(s.spare)
                s.spare = []
            later_first = s.eliminated[::-1]  # the later out, the better placed
            ranking = alive + later_first + [p for p in range(s.players) if p not in alive + later_first]
            events.append(
                self.finish(
                    alive,
                    "{seat} [wins|win] with every card",
                    scores=[float(len(p)) for p in s.piles],
                    ranking=ranking,
                    score_name="cards",
                )
            )
            return events
        if s.rounds >= s.options.max_rounds:
            return events + self._end_by_count(f"the {s.options.max_rounds}-round limit was reached")
        s.contenders = alive
        s.pending = list(alive)
        s.war_depth = 0
        s.double = False
        return events

    def _end_by_count(self, why: str) -> list[Event]:
        return [self.finish_by_most([len(p) for p in self.s.piles], why)]

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        if len(s.piles) != s.players or len(s.table) != s.players or len(s.face_up) != s.players:
            raise ValueError("zones do not match the number of players")
        if len(s.out) != s.players or any(len(t) != len(u) for t, u in zip(s.table, s.face_up)):
            raise ValueError("zones do not match the number of players")
        # (a save from before the order was kept has none: then the order is unknown, not wrong)
        if len(set(s.eliminated)) != len(s.eliminated) or any(not s.out[p] for p in s.eliminated):
            raise ValueError("the players out do not match")
        seats = set(range(s.players))
        unique = len(set(s.contenders)) == len(s.contenders) and len(set(s.pending)) == len(s.pending)
        if not unique or not set(s.pending) <= set(s.contenders) <= seats:
            raise ValueError("the seats in the battle are not seats of this game")
        if s.result is None and (not s.pending or any(s.out[p] for p in s.pending)):
            raise ValueError("nobody is left to turn a card")
        if s.result is None and s.war_depth > 0 and not all(any(s.face_up[p]) for p in s.contenders):
            raise ValueError("a war without tied cards")
        if (
            s.result is None
            and s.war_depth == 0
            and any(len(s.table[p]) != (p not in s.pending) or not all(s.face_up[p]) for p in s.contenders)
        ):
            raise ValueError("the cards on the table do not match who has turned")
        if s.result is None and s.war_depth == 0 and any(not s.piles[p] for p in s.pending):
            raise ValueError("a player to turn a card holds none")


SPEC = GameSpec.listed("war", rules=RULES, game=War)
War.spec = SPEC
