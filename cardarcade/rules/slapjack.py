"""Slapjack, for two to eight players: turn cards onto one pile and be first to slap a jack."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import Card, Rank, card_count
from cardarcade.rules._piles import OUT_OF_TURN_RULE, PileGame, PileState, dealt, forgive_early_flip, full_deck
from cardarcade.rules.base import Action, Event, GameSpec, Options, Outcome, choice_labels, prepare_deck

FLIP = Action("flip")
JACK = Rank.JACK

RULES = (
    """\
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
  """
    + OUT_OF_TURN_RULE
    + """
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
"""
)


class SlapjackOptions(Options):
    decks: Literal[1, 2] = Field(
        1,
        title="Packs",
        description="Play with one pack, or shuffle in a second for a longer game or more players.",
        json_schema_extra=choice_labels({1: "one pack (52 cards)", 2: "two packs (104 cards)"}),
    )
    slap_in: bool = Field(
        True,
        title="Slapping in",
        description="A player who has run out of cards may win a jack to get back into the game.",
    )
    forgive_early_flip: bool = forgive_early_flip()
    max_flips: int = Field(
        2000,
        ge=50,
        le=1_000_000,
        title="Card limit",
        description="After this many cards have been turned, the player holding the most cards wins.",
    )


class SlapjackState(PileState):
    options: SlapjackOptions
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


class Slapjack(PileGame):
    State = SlapjackState
    Options = SlapjackOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: SlapjackOptions, deck: list[Card] | None) -> Slapjack:
        order = prepare_deck(full_deck(options.decks), seed, deck)
        return cls(SlapjackState(players=players, seed=seed, options=options, **dealt(order, players)))

    def pack(self) -> list[Card]:
        return full_deck(self.s.options.decks)

    # ---- contract

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        return self.add_slap(seat, [FLIP] if self.may_flip(seat) else [])

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players or action.cards or action.target is not None:
            return False
        kind = action.kind
        if kind == "flip":
            return action.value is None and self.may_flip(seat)
        if kind == "slap":
            return self.slap_legal(seat, action.value)
        return False

    def view(self, seat: int | None = None) -> SlapjackView:
        s = self.s
        start = self.recent_start(4)
        turned = start < len(s.pile)
        return SlapjackView(
            seat=seat,
            counts=[len(st) for st in s.stacks],
            pile_size=len(s.pile),
            top=s.pile[-1] if turned else None,
            top_dead=s.pile_dead[-1] if turned else False,
            top_by=s.pile_by[-1] if turned else None,
            recent=s.pile[start:],
            recent_dead=s.pile_dead[start:],
            turn=s.turn,
            shut=list(s.shut),
            stimulus=s.stimulus,
            can_slap=self.can_slap(seat),
            out=[not st for st in s.stacks],
        )

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "flip":
            return self._flip(seat)
        return self._slap(seat, action.value)  # type: ignore[arg-type]  # is_legal checked the value

    def _flip(self, seat: int) -> list[Event]:
        s = self.s
        events: list[Event] = []
        if s.jack_watch is not None:
            events = self._check_missed_jack()
        live = self.in_turn(seat)
        card, k = self.turn_card(seat, live)
        if live and card.rank is JACK:
            s.jack_watch = k
        events.append(self.flip_event(seat, card, k, live))
        if self.ran_out(seat, events):
            return events
        if live or not s.stacks[s.turn]:
            s.turn = self.next_holder(s.turn)
        self.end_at_card_limit(events)
        return events

    def _check_missed_jack(self) -> list[Event]:
        s = self.s
        events: list[Event] = []
        if s.options.slap_in and self.holders() >= 2:
            stacks, shut, slappers = s.stacks, s.shut, s.jack_slappers
            for p in range(s.players):
                if not stacks[p] and not shut[p] and p not in slappers:
                    shut[p] = True
                    events.append(
                        Event("shut_out", p, "{seat} [lets|let] a jack go by while out and [is|are] shut out")
                    )
        s.jack_watch = None
        if s.jack_slappers:
            s.jack_slappers = []
        return events

    def _slap(self, seat: int, k: int) -> list[Event]:
        s = self.s
        if k == s.jack_watch and seat not in s.jack_slappers:
            s.jack_slappers.append(seat)
        idx = self.pile_index(k)
        if idx is None:
            return self.late_slap(seat, k)
        card = s.pile[idx]
        stack = s.stacks[seat]
        if card.rank is JACK and not s.pile_dead[idx]:
            count = len(s.pile)
            came_back = not stack
            self._take_pile(seat)
            verb = "[slaps|slap] in on" if came_back else "[slaps|slap]"
            return [
                Event(
                    "slap_win",
                    seat,
                    f"{{seat}} {verb} the {card} and [takes|take] {card_count(count)}",
                    (card,),
                    data={"count": count, "k": k, "slap_in": came_back},
                    outcome=Outcome.WON,
                )
            ]
        if not stack:
            return self.shut_out(seat, f"the {card}", k, (card,))
        owner = s.pile_by[idx]
        if owner == seat or s.shut[owner]:
            self.pay_under(seat)
            events = [
                Event(
                    "false_slap",
                    seat,
                    f"{{seat}} [slaps|slap] the {card} and [pays|pay] a card under the pile",
                    (card,),
                    data={"k": k, "own": owner == seat},
                    outcome=Outcome.FAULT,
                )
            ]
        else:
            s.stacks[owner].append(stack.pop(0))
            events = [
                Event(
                    "false_slap",
                    seat,
                    f"{{seat}} [slaps|slap] the {card} and [pays|pay] {{target}} a card",
                    (card,),
                    target=owner,
                    data={"k": k},
                    outcome=Outcome.FAULT,
                )
            ]
        if self.ran_out(seat, events):
            return events
        if not stack and seat == s.turn:
            s.turn = self.next_holder(seat)
        return events

    def _collect(self, seat: int) -> None:
        super()._collect(seat)
        self.s.jack_watch = None
        self.s.jack_slappers = []

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        self.check_piles(s.jack_slappers)
        if s.result is None and not s.stacks[s.turn]:
            raise ValueError("the player to turn holds no cards")


SPEC = GameSpec.listed("slapjack", rules=RULES, game=Slapjack, claim_kinds=frozenset({"slap"}))
Slapjack.spec = SPEC
