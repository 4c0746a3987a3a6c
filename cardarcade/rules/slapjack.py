"""Slapjack, for two to eight players: turn cards onto one pile and be first to slap a jack."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import Card, Rank, double_deck, standard_deck
from cardarcade.rules.base import Action, Event, Game, GameSpec, Options, State, deal_round_robin, prepare_deck

FLIP = Action("flip")
JACK = Rank.JACK

RULES = """\
# Slapjack

**Goal:** end up with every card by being the quickest to slap the jacks.

- The whole pack is dealt out one card at a time, starting at the dealer's left. Some players
  may get one card more than others. Everyone keeps a squared, face-down stack and never
  looks at it.
- Starting at the dealer's left and going clockwise, each player in turn takes the top card
  of their stack and turns it face up onto one pile in the middle. (Turn it away from
  yourself, so you see it no sooner than anyone else.)
- **Slap the jack:** whenever a jack lands, anyone may slap it. The first hand on it wins
  the entire pile, which goes face down under that player's stack.
- **Wrong slap:** slap anything that is not a jack and you give your top card, face down,
  to the player who turned the card you slapped. It goes under their stack.
- **Out of turn:** a card turned out of turn stays on the pile but is *dead*: its rank means
  nothing, so a dead jack cannot be won (slapping it is a wrong slap). Playing early does not
  count as your turn: you still play when your turn comes.
- **Out of cards:** a player with no cards is out for now and is skipped. While at least two
  others still hold cards, an out player may *slap in*: win a jack and you are back in the
  game. But an out player who slaps something that is not a jack, or who lets a jack go by
  without slapping it, is shut out for good.
- The game ends when only one player holds cards: they take the pile and win.

**House clarifications** (the text leaves these open):

- Slap a card you turned yourself by mistake and your paid card goes under the middle pile.
- A card owed to a player who has been shut out goes under the middle pile too.
- If two slaps aim at the same jack, the first one wins; the later one simply missed, with
  no penalty.
- A player out of cards who slaps the jack, even too late to win it, counts as having slapped.
- **Turn cap:** so a game always ends, after the card limit (a house rule) the player holding
  the most cards wins; equal holdings are a draw.

**Keys:** `enter` turns your card, `space` slaps.
"""


class SlapjackOptions(Options):
    decks: Literal[1, 2] = Field(
        1,
        title="Packs",
        description="Play with one pack, or shuffle in a second for a longer game or more players.",
        json_schema_extra={"labels": {1: "one pack (52 cards)", 2: "two packs (104 cards)"}},
    )
    slap_in: bool = Field(
        True,
        title="Slapping in",
        description="A player who has run out of cards may win a jack to get back into the game.",
    )
    max_flips: int = Field(
        2000, ge=50, le=1_000_000, title="Card limit",
        description="After this many cards have been turned, the player holding the most cards wins.",
    )


class SlapjackState(State):
    options: SlapjackOptions
    stacks: list[list[Card]]  # face down, index 0 is the top
    pile: list[Card]  # the centre pile, last = top
    pile_dead: list[bool]  # parallel to pile: a dead card (turned out of turn, or paid face down)
    pile_by: list[int]  # parallel to pile: the seat that put the card there
    pile_under: int = 0  # face-down paid cards at the bottom of the pile (they have no stimulus number)
    pile_first: int = 1  # stimulus number of the pile's first turned card (stimulus + 1 when none)
    turn: int = 0
    shut: list[bool]  # shut out of the game for good
    jack_watch: int | None = None  # stimulus of the last live jack, until the next flip
    jack_slappers: list[int] = []  # seats that slapped aiming at jack_watch


class SlapjackView(BaseModel):
    seat: int | None
    counts: list[int]
    pile_size: int
    top: Card | None
    top_dead: bool
    top_by: int | None
    recent: list[Card]  # the last few turned cards on the pile, oldest first
    recent_dead: list[bool]
    turn: int
    shut: list[bool]
    stimulus: int
    can_slap: bool
    out: list[bool]


_PACKS: dict[int, tuple[Card, ...]] = {1: tuple(standard_deck()), 2: tuple(double_deck())}


def full_deck(decks: int) -> list[Card]:
    """The pack(s) a game with ``decks`` packs is played with."""
    return list(_PACKS[decks])


class Slapjack(Game[SlapjackState]):
    State = SlapjackState
    Options = SlapjackOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: SlapjackOptions, deck: list[Card] | None) -> "Slapjack":
        order = prepare_deck(full_deck(options.decks), seed, deck)
        state = SlapjackState(
            players=players, seed=seed, options=options, stacks=deal_round_robin(order, players),
            pile=[], pile_dead=[], pile_by=[], shut=[False] * players,
        )
        return cls(state)

    # ---- queries

    def holders(self) -> int:
        return sum(1 for st in self.s.stacks if st)

    def may_slap(self, seat: int) -> bool:
        """Whether ``seat`` may slap now (ignoring whether any card has been turned yet)."""
        s = self.s
        if s.result is not None or s.shut[seat]:
            return False
        if s.stacks[seat]:
            return True
        return s.options.slap_in and self.holders() >= 2

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        stacks = s.stacks
        holding = [p for p in range(s.players) if stacks[p]]
        if s.stimulus >= 1 and s.options.slap_in and len(holding) >= 2 and len(holding) < s.players:
            shut = s.shut
            return [p for p in range(s.players) if stacks[p] or not shut[p]]
        return holding

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        out = [FLIP] if s.stacks[seat] else []
        if s.stimulus >= 1 and self.may_slap(seat):
            out.append(Action("slap", value=s.stimulus))
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players or action.cards or action.target is not None:
            return False
        kind = action.kind
        if kind == "flip":
            return action.value is None and bool(s.stacks[seat])
        if kind == "slap":
            k = action.value
            return type(k) is int and 1 <= k <= s.stimulus and self.may_slap(seat)
        return False

    def view(self, seat: int | None = None) -> SlapjackView:
        s = self.s
        under = s.pile_under
        turned = len(s.pile) - under
        shown = min(4, turned)
        top = s.pile[-1] if turned else None
        return SlapjackView(
            seat=seat, counts=[len(st) for st in s.stacks], pile_size=len(s.pile),
            top=top, top_dead=s.pile_dead[-1] if turned else False, top_by=s.pile_by[-1] if turned else None,
            recent=s.pile[len(s.pile) - shown:], recent_dead=s.pile_dead[len(s.pile) - shown:],
            turn=s.turn, shut=list(s.shut), stimulus=s.stimulus,
            can_slap=seat is not None and 0 <= seat < s.players and s.stimulus >= 1 and self.may_slap(seat),
            out=[not st for st in s.stacks],
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for st in s.stacks for c in st] + list(s.pile)

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "flip":
            return self._flip(seat)
        return self._slap(seat, action.value)  # type: ignore[arg-type]

    def _next_holder(self, seat: int) -> int:
        s = self.s
        stacks, n = s.stacks, s.players
        for i in range(1, n + 1):
            p = (seat + i) % n
            if stacks[p]:
                return p
        return seat

    def _flip(self, seat: int) -> list[Event]:
        s = self.s
        events: list[Event] = []
        if s.jack_watch is not None:
            events = self._check_missed_jack()
        stack = s.stacks[seat]
        card = stack.pop(0)
        live = seat == s.turn
        s.pile.append(card)
        s.pile_dead.append(not live)
        s.pile_by.append(seat)
        k = s.stimulus = s.stimulus + 1
        if live:
            if card.rank is JACK:
                s.jack_watch = k
            events.append(Event("flip", seat, f"{{seat}} turns up {card}", (card,), data={"dead": False, "k": k}))
        else:
            events.append(Event("flip", seat, f"{{seat}} turns up {card} out of turn: a dead card", (card,),
                                data={"dead": True, "k": k}))
        if not stack:
            events.append(Event("out", seat, "{seat} has no cards left and is out"))
            if self._end_if_decided(events):
                return events
        if live or not s.stacks[s.turn]:
            turn = self._next_holder(s.turn)
            if turn != s.turn:
                s.turn = turn
        if k >= s.options.max_flips:
            events.append(self._end_by_count(f"the {s.options.max_flips}-card limit was reached"))
        return events

    def _check_missed_jack(self) -> list[Event]:
        s = self.s
        events: list[Event] = []
        if s.options.slap_in and self.holders() >= 2:
            stacks, shut, slappers = s.stacks, s.shut, s.jack_slappers
            for p in range(s.players):
                if not stacks[p] and not shut[p] and p not in slappers:
                    shut[p] = True
                    events.append(Event("shut_out", p, "{seat} lets a jack go by while out and is shut out"))
        s.jack_watch = None
        if s.jack_slappers:
            s.jack_slappers = []
        return events

    def _slap(self, seat: int, k: int) -> list[Event]:
        s = self.s
        if k == s.jack_watch and seat not in s.jack_slappers:
            s.jack_slappers.append(seat)
        if k < s.pile_first:
            return [Event("late_slap", seat, "{seat} slaps too late: the pile is already gone", data={"k": k})]
        idx = s.pile_under + k - s.pile_first
        card = s.pile[idx]
        stack = s.stacks[seat]
        if card.rank is JACK and not s.pile_dead[idx]:
            pile = s.pile
            count = len(pile)
            came_back = not stack
            stack.extend(pile)
            self._clear_pile()
            verb = "slaps in on" if came_back else "slaps"
            return [Event("slap_win", seat, f"{{seat}} {verb} the {card} and takes {count} cards", (card,),
                          data={"count": count, "k": k, "slap_in": came_back})]
        if not stack:
            s.shut[seat] = True
            return [
                Event("false_slap", seat, f"{{seat}} slaps the {card} while out of cards", (card,), data={"k": k}),
                Event("shut_out", seat, "{seat} slapped wrongly while out and is shut out"),
            ]
        paid = stack.pop(0)
        owner = s.pile_by[idx]
        if owner == seat or s.shut[owner]:
            s.pile.insert(0, paid)
            s.pile_dead.insert(0, True)
            s.pile_by.insert(0, seat)
            s.pile_under += 1
            events = [Event("false_slap", seat, f"{{seat}} slaps the {card} and pays a card under the pile",
                            (card,), data={"k": k, "own": owner == seat})]
        else:
            s.stacks[owner].append(paid)
            events = [Event("false_slap", seat, f"{{seat}} slaps the {card} and pays {{target}} a card", (card,),
                            target=owner, data={"k": k})]
        if not stack:
            events.append(Event("out", seat, "{seat} has no cards left and is out"))
            if self._end_if_decided(events):
                return events
            if seat == s.turn:
                s.turn = self._next_holder(seat)
        return events

    def _clear_pile(self) -> None:
        s = self.s
        s.pile.clear()
        s.pile_dead.clear()
        s.pile_by.clear()
        if s.pile_under:
            s.pile_under = 0
        s.pile_first = s.stimulus + 1

    def _end_if_decided(self, events: list[Event]) -> bool:
        """End the game if fewer than two players hold cards: the last holder takes the pile."""
        s = self.s
        holding = [p for p in range(s.players) if s.stacks[p]]
        if len(holding) >= 2:
            return False
        winner = holding[0]
        s.stacks[winner].extend(s.pile)
        self._clear_pile()
        s.turn = winner
        s.jack_watch = None
        s.jack_slappers = []
        held = [len(st) for st in s.stacks]
        ranking = [winner] + [p for p in range(s.players) if p != winner]
        events.append(self.finish([winner], "{seat} wins with every card", scores=[float(h) for h in held],
                                  ranking=ranking))
        return True

    def _end_by_count(self, why: str) -> Event:
        return self.finish_by_cards_held([len(st) for st in self.s.stacks], why)

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.stacks) != n or len(s.shut) != n:
            raise ValueError("zones do not match the number of players")
        if not len(s.pile) == len(s.pile_dead) == len(s.pile_by):
            raise ValueError("the pile's flags do not match its cards")
        if not 0 <= s.turn < n or any(not 0 <= p < n for p in s.pile_by + s.jack_slappers):
            raise ValueError("a seat number is out of range")
        if not 0 <= s.pile_under <= len(s.pile) or s.stimulus < 0:
            raise ValueError("bad pile counters")
        if len(s.pile) - s.pile_under != s.stimulus + 1 - s.pile_first:
            raise ValueError("the pile does not match the number of cards turned")
        if any(sh and st for sh, st in zip(s.shut, s.stacks)):
            raise ValueError("a shut-out player holds cards")
        if s.result is None and not s.stacks[s.turn]:
            raise ValueError("the player to turn holds no cards")
        if sorted(c.code for c in self.cards()) != sorted(c.code for c in full_deck(s.options.decks)):
            raise ValueError(f"the cards are not {'two full packs' if s.options.decks == 2 else 'one full pack'}")


SPEC = GameSpec(
    id="slapjack", title="Slapjack", family="reaction", min_players=2, max_players=8, realtime=True,
    summary="Turn cards onto one pile; the first hand on a jack wins the lot.",
    rules=RULES, game=Slapjack, default_players=4, claim_kinds=frozenset({"slap"}),
)
Slapjack.spec = SPEC
