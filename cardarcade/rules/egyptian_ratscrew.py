"""Egyptian Ratscrew, for two to eight players: War-like challenges on face cards, Slapjack-like slaps
on pairs (and, by house rule, sandwiches, sequences and jokers)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal
from collections.abc import Sequence

from pydantic import BaseModel, Field

from cardarcade.cards import Card, Rank
from cardarcade.rules._calling import count_cards as cards_word
from cardarcade.rules._piles import OUT_OF_TURN_RULE, PileGame, PileState, dealt, forgive_early_flip, full_deck
from cardarcade.rules.base import Action, Event, GameSpec, Options, Outcome, choice_labels, prepare_deck

FLIP = Action("flip")
TAKE = Action("take")
DECLINE = Action("decline")

# Cards the challenged player must turn, by the rank that challenges them.
CHALLENGE = {Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.ACE: 4}
RANK_NAMES = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}
SHOWN = 5  # newest turned cards in the view: enough to see a sandwich and a run with room to spare

RULES = (
    """\
# Egyptian Ratscrew

**Goal:** win every card, by out-lasting challenges and by slapping first.

- The whole pack is dealt one card at a time from the dealer's left; some players may hold one
  card more. Everyone keeps a face-down stack and never looks at it.
- In turn, clockwise, each player turns their top card face up onto one pile in the middle
  (turned away from yourself, so you see it no sooner than anyone else).
- **Challenges:** turn a jack, queen, king or ace and the next player is challenged: they must
  turn 1 card for a jack, 2 for a queen, 3 for a king, 4 for an ace, hoping to hit a face card or
  ace of their own. If they do, the challenge moves on to the player after them, for that new
  card's count. If they turn all their cards without one, the challenge is lost: the player who
  turned the last face card or ace wins the pile (taking it is their move).
- **Out of cards in a challenge:** if the challenged player runs out before finishing, the next
  player chooses: **continue** (turn the cards still owed) or **decline** (the challenger
  gets the pile).
- **Slaps:** when the same rank is turned twice in a row (a *pair*), the first to slap wins the
  whole pile. A slap beats any challenge in progress. House rules may add other slaps: a
  *sandwich* (the same rank with one other card between, 7-4-7), a *sequence* (three or more
  ranks in a row, up or down) and *jokers* (when jokers are in the pack).
- **Wrong slap:** slap when nothing is slappable and you pay one card face down under the pile;
  it is a dead card.
- **Out of turn:** a card turned out of turn stays on the pile but is *dead*: its rank means
  nothing (no challenge, no slap), and you still play when your turn comes.
  """
    + OUT_OF_TURN_RULE
    + """
- **Out of cards:** a player with no cards sits out for now. While at least two others hold cards,
  they may *slap in* by winning a slap; one wrong slap while out shuts them out for good.
- The game ends when only one player holds cards: they take the pile and win.

**House clarifications** (the text leaves these open):

- Whoever wins the pile, by slap or challenge, turns the next card.
- A lost or declined challenge leaves the pile in the middle until its winner takes it, so a
  pair turned by the last card can still be slapped away from them.
- A penalty card goes face down under the pile, so it never changes what is on top.
- Slap patterns only count live cards: a dead card on top, or inside the pattern, spoils it.
- A sequence may run up or down, the ace high or low (A-2-3 and Q-K-A), but never round the
  corner (K-A-2). A joker is no face card and starts no challenge.
- If two slaps aim at the same card, the first wins; the later one simply missed.
- A challenger or a player owed the pile who slaps wrongly while out of cards is shut out, and
  the challenge is off: the pile stays in the middle and play goes on from the player to turn.
- **Card limit:** so a game always ends, once the limit of turned cards (a house rule) is reached
  the player holding the most cards wins; equal holdings are a draw.
"""
)


class EgyptianRatscrewOptions(Options):
    decks: Literal[1, 2] = Field(
        1,
        title="Packs",
        description="One pack, or a second shuffled in for a longer game or more players.",
        json_schema_extra=choice_labels({1: "one pack (52 cards)", 2: "two packs (104 cards)"}),
    )
    jokers: Literal[0, 1, 2, 3, 4, "even"] = Field(
        0,
        title="Jokers",
        description="Jokers added to the pack; 'even' adds just enough for every player to get the same number.",
        json_schema_extra=choice_labels(
            {0: "none", 1: "one", 2: "two", 3: "three", 4: "four", "even": "enough to deal evenly"}
        ),
    )
    joker_slaps: bool = Field(
        True,
        title="Jokers are slappable",
        description="With jokers in the pack, a joker on top of the pile may be slapped.",
    )
    sandwiches: bool = Field(
        False,
        title="Sandwiches",
        description="A pair with one card of another rank between them (7-4-7) may be slapped.",
    )
    sequences: bool = Field(
        False,
        title="Sequences",
        description="Three or more ranks in a row, up or down (4-5-6, Q-J-10), may be slapped.",
    )
    slap_in: bool = Field(
        True,
        title="Slapping in",
        description="A player with no cards may win a slap to get back into the game.",
    )
    forgive_early_flip: bool = forgive_early_flip()
    max_flips: int = Field(
        3000,
        ge=50,
        le=1_000_000,
        title="Card limit",
        description="After this many cards have been turned, the player holding the most cards wins.",
    )


class EgyptianRatscrewState(PileState):
    options: EgyptianRatscrewOptions
    challenger: int | None = None  # who turned the face card being answered
    challenge_card: Card | None = None
    need: int = 0  # cards the player to turn still owes the challenge
    choice: bool = False  # the player to turn may continue the challenge or decline it
    award: int | None = None  # the challenge is over: this player may take the pile


class EgyptianRatscrewView(BaseModel):
    seat: int | None
    counts: list[int]
    pile_size: int
    recent: list[Card]  # the newest turned cards, oldest first
    recent_dead: list[bool]
    recent_by: list[int]
    top: Card | None
    top_dead: bool
    turn: int
    challenger: int | None
    challenge_card: Card | None
    need: int
    choice: bool
    award: int | None
    shut: list[bool]
    out: list[bool]
    stimulus: int
    can_slap: bool
    patterns: list[str]  # the slaps this table plays with
    slappable: str | None  # the pattern on top of the pile now, if any


def joker_count(options: EgyptianRatscrewOptions, players: int) -> int:
    if options.jokers == "even":
        return -52 * options.decks % players
    return options.jokers


def pack_for(options: EgyptianRatscrewOptions, players: int) -> list[Card]:
    """The cards a game is played with: the pack(s) plus any jokers."""
    return full_deck(options.decks) + [Card.of(Rank.JOKER)] * joker_count(options, players)


@lru_cache(maxsize=64)
def active_patterns(options: EgyptianRatscrewOptions, players: int) -> tuple[str, ...]:
    """The slap patterns a table plays with (the view asks on every refresh: cached)."""
    out = ["pair"]
    if options.sandwiches:
        out.append("sandwich")
    if options.sequences:
        out.append("sequence")
    if options.joker_slaps and joker_count(options, players):
        out.append("joker")
    return tuple(out)


def _run_value(rank: Rank, ace_low: bool) -> int:
    return 1 if ace_low and rank is Rank.ACE else int(rank)


def is_sequence(a: Card, b: Card, c: Card) -> bool:
    """Three ranks in a row, up or down, with the ace high or low (never K-A-2)."""
    if a.is_joker or b.is_joker or c.is_joker:
        return False
    for ace_low in (False, True):
        x, y, z = (_run_value(card.rank, ace_low) for card in (a, b, c))
        step = y - x
        if step in (1, -1) and z - y == step:
            return True
    return False


def slap_pattern(cards: Sequence[Card], dead: Sequence[bool], patterns: Sequence[str]) -> str | None:
    """The slappable pattern on top of ``cards`` (turned cards, oldest first), or None.

    Only live cards form patterns: a dead card's rank means nothing."""
    n = len(cards)
    if not n or dead[-1]:
        return None
    top = cards[-1]
    if top.is_joker and "joker" in patterns:
        return "joker"
    if n < 2 or dead[-2]:
        return None
    if cards[-2].rank is top.rank:
        return "pair"
    if n < 3 or dead[-3]:
        return None
    third = cards[-3]
    if "sandwich" in patterns and third.rank is top.rank:
        return "sandwich"
    if "sequence" in patterns and is_sequence(third, cards[-2], top):
        return "sequence"
    return None


def describe_pattern(pattern: str, top: Card) -> str:
    if pattern == "joker":
        return "the joker"
    if pattern == "sequence":
        return "the sequence"
    return f"the {pattern} of {top.rank.noun}"


class EgyptianRatscrew(PileGame):
    State = EgyptianRatscrewState
    Options = EgyptianRatscrewOptions
    __slots__ = ()

    @classmethod
    def setup(
        cls, players: int, seed: int, options: EgyptianRatscrewOptions, deck: list[Card] | None
    ) -> EgyptianRatscrew:
        order = prepare_deck(pack_for(options, players), seed, deck)
        return cls(EgyptianRatscrewState(players=players, seed=seed, options=options, **dealt(order, players)))

    def pack(self) -> list[Card]:
        return pack_for(self.s.options, self.s.players)

    # ---- queries

    def patterns(self) -> tuple[str, ...]:
        return active_patterns(self.s.options, self.s.players)

    def pattern_at(self, idx: int) -> tuple[str | None, Card | None]:
        """The slappable pattern on the pile as it stood when the card at ``idx`` was on top."""
        s = self.s
        end = idx + 1
        start = max(s.pile_under, end - 3)
        cards, dead = s.pile[start:end], s.pile_dead[start:end]
        return slap_pattern(cards, dead, self.patterns()), (cards[-1] if cards else None)

    # ---- contract

    def owed(self) -> int | None:
        return self.s.award

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        out = [FLIP] if self.may_flip(seat) else []
        if s.award == seat:
            out.append(TAKE)
        if s.choice and s.turn == seat:
            out.append(DECLINE)
        return self.add_slap(seat, out)

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players or action.cards or action.target is not None:
            return False
        kind = action.kind
        if kind == "slap":
            return self.slap_legal(seat, action.value)
        if action.value is not None:
            return False
        if kind == "flip":
            return self.may_flip(seat)
        if kind == "take":
            return s.award == seat
        if kind == "decline":
            return s.choice and s.turn == seat
        return False

    def view(self, seat: int | None = None) -> EgyptianRatscrewView:
        s = self.s
        start = self.recent_start(SHOWN)
        recent, recent_dead = s.pile[start:], s.pile_dead[start:]
        patterns = self.patterns()
        return EgyptianRatscrewView(
            seat=seat,
            counts=[len(st) for st in s.stacks],
            pile_size=len(s.pile),
            recent=recent,
            recent_dead=recent_dead,
            recent_by=s.pile_by[start:],
            top=recent[-1] if recent else None,
            top_dead=recent_dead[-1] if recent else False,
            turn=s.turn,
            challenger=s.challenger,
            challenge_card=s.challenge_card,
            need=s.need,
            choice=s.choice,
            award=s.award,
            shut=list(s.shut),
            out=[not st for st in s.stacks],
            stimulus=s.stimulus,
            can_slap=self.can_slap(seat),
            patterns=list(patterns),
            slappable=slap_pattern(recent, recent_dead, patterns),
        )

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "flip":
            return self._flip(seat)
        if kind == "slap":
            return self._slap(seat, action.value)  # type: ignore[arg-type]  # is_legal checked the value
        if kind == "take":
            return self._take(seat)
        return self._decline(seat)

    def in_turn(self, seat: int) -> bool:
        """Their turn, and no pile waiting to be taken."""
        return seat == self.s.turn and self.s.award is None

    def _flip(self, seat: int) -> list[Event]:
        s = self.s
        live = self.in_turn(seat)
        card, k = self.turn_card(seat, live)
        events = [self.flip_event(seat, card, k, live)]
        if not live:
            self.ran_out(seat, events)
        else:
            s.choice = False
            if self.ran_out(seat, events):
                return events
            self._after_live_card(seat, card, events)
        self.end_at_card_limit(events)
        return events

    def _after_live_card(self, seat: int, card: Card, events: list[Event]) -> None:
        s = self.s
        need = CHALLENGE.get(card.rank)
        if need is not None:
            nxt = self.next_holder(seat)
            s.challenger, s.challenge_card, s.need, s.turn = seat, card, need, nxt
            events.append(
                Event(
                    "challenge",
                    seat,
                    f"{{seat}} [turns|turn] {'an' if card.rank is Rank.ACE else 'a'} {RANK_NAMES[card.rank]}: "
                    f"{{target}} must turn {cards_word(need)}",
                    (card,),
                    target=nxt,
                    data={"need": need},
                )
            )
            return
        if s.challenger is None:
            s.turn = self.next_holder(seat)
            return
        s.need -= 1
        if s.need == 0:
            self._challenge_lost(events)
        elif not s.stacks[seat]:
            self._offer_choice(seat, events)

    def _challenge_lost(self, events: list[Event]) -> None:
        s = self.s
        winner = s.challenger
        assert winner is not None
        s.award, s.challenger, s.challenge_card, s.need, s.choice = winner, None, None, 0, False
        events.append(Event("challenge_won", winner, "{seat} [wins|win] the challenge and may take the pile"))

    def _offer_choice(self, seat: int, events: list[Event]) -> None:
        """``seat`` ran out mid-challenge: the next player may go on with it or decline it."""
        s = self.s
        nxt = self.next_holder(seat)
        if nxt == s.challenger:  # nobody is left to answer
            self._challenge_lost(events)
            return
        s.turn, s.choice = nxt, True
        events.append(
            Event(
                "choice",
                nxt,
                f"{{seat}} may go on with the challenge ({cards_word(s.need)} to turn) or decline it",
                data={"need": s.need},
            )
        )

    def _decline(self, seat: int) -> list[Event]:
        events = [Event("decline", seat, "{seat} [declines|decline] the challenge")]
        self._challenge_lost(events)
        return events

    def _take(self, seat: int) -> list[Event]:
        s = self.s
        count = len(s.pile)
        came_back = not s.stacks[seat]
        self._collect(seat)
        verb = "[takes|take] the pile and [is|are] back in" if came_back else "[takes|take] the pile"
        return [Event("take", seat, f"{{seat}} {verb}: {cards_word(count)}", data={"count": count})]

    def _collect(self, seat: int) -> None:
        """``seat`` wins the pile: it goes under their stack, and they lead the next one."""
        super()._collect(seat)
        s = self.s
        s.challenger = s.challenge_card = s.award = None
        s.need = 0
        s.choice = False

    def _slap(self, seat: int, k: int) -> list[Event]:
        s = self.s
        idx = self.pile_index(k)
        if idx is None:
            return self.late_slap(seat, k)
        pattern, top = self.pattern_at(idx)
        stack = s.stacks[seat]
        if pattern is not None:
            assert top is not None
            count = len(s.pile)
            came_back = not stack
            self._collect(seat)
            verb = "[slaps|slap] in on" if came_back else "[slaps|slap]"
            return [
                Event(
                    "slap_win",
                    seat,
                    f"{{seat}} {verb} {describe_pattern(pattern, top)} and [takes|take] {cards_word(count)}",
                    (top,),
                    data={"count": count, "k": k, "pattern": pattern, "slap_in": came_back},
                    outcome=Outcome.WON,
                )
            ]
        what = f"the {top}" if top is not None else "an empty pile"
        if not stack:
            events = self.shut_out(seat, what, k)
            if s.award == seat or s.challenger == seat:
                # Their claim on the pile lapses; the pile stays for whoever wins it next.
                if s.award == seat:
                    s.turn = self.next_holder(seat)
                s.award = s.challenger = s.challenge_card = None
                s.need = 0
                s.choice = False
                events.append(Event("lapse", seat, "The pile stays in the middle"))
            return events
        self.pay_under(seat)
        events = [
            Event(
                "false_slap",
                seat,
                f"{{seat}} [slaps|slap] {what} wrongly and [pays|pay] a card under the pile",
                data={"k": k},
                outcome=Outcome.FAULT,
            )
        ]
        if self.ran_out(seat, events):
            return events
        if not stack and seat == s.turn and s.award is None:
            if s.challenger is not None:
                self._offer_choice(seat, events)
            else:
                s.turn = self.next_holder(seat)
        return events

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        self.check_piles([p for p in (s.challenger, s.award) if p is not None])
        if (s.challenger is None) != (s.challenge_card is None) or (
            s.challenge_card is not None
            and (s.challenge_card.rank not in CHALLENGE or not 1 <= s.need <= CHALLENGE[s.challenge_card.rank])
        ):
            raise ValueError("a broken challenge")
        if (
            (s.challenger is None and s.need)
            or (s.choice and s.challenger is None)
            or (s.award is not None and s.challenger is not None)
        ):
            raise ValueError("a broken challenge")
        if s.award is not None and s.shut[s.award]:
            raise ValueError("a shut-out player is owed the pile")
        if s.result is None and s.award is None and not s.stacks[s.turn]:
            raise ValueError("the player to turn holds no cards")


SPEC = GameSpec.listed("egyptian-ratscrew", rules=RULES, game=EgyptianRatscrew, claim_kinds=frozenset({"slap"}))
EgyptianRatscrew.spec = SPEC
