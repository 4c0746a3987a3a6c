"""Concentration (Memory, Pelmanism), for two to six players: find pairs in a face-down grid."""

from __future__ import annotations

from typing import Literal, cast

from pydantic import BaseModel, Field

from cardarcade.cards import ACES_HIGH, Card, standard_deck
from cardarcade.rules.base import Action, Event, Game, GameSpec, Options, State, choice_labels, prepare_deck

ROWS, COLUMNS = 4, 13
CELLS = ROWS * COLUMNS

RULES = """\
# Concentration

**Goal:** collect the most sets of matching cards by remembering where cards lie.

- The whole pack lies face down in four rows of thirteen. Everyone sees the same grid.
- **Who starts:** going round from the dealer's left, each player picks one card of the grid
  and turns it face up (a move of its own, with the cursor, like any other turn). The highest
  card starts (ace high, then king down to 2; suits do not count). Players who tie for highest
  each turn one more card, until one is highest. Then every card goes face down again, in the
  same place.
- **A turn:** turn two cards, one after the other. Two of the same rank (any suits) are a pair:
  you take them and turn two more. Otherwise both go face down again where they were, and the
  player on your left takes a turn.
- Cards that have been seen stay where they are, so remembering them is the whole game.
- The game ends when every card has been collected; the most sets wins (equal counts share the win).

**House rules** (chosen on the setup screen):

- **Four of a kind:** the harder variant. Each turn shows four cards, and only four of the
  same rank form a set. You always turn all four, even after a mismatch.
- **Chips:** instead of counting sets, settle in chips. Either the player with the most sets
  takes one chip from each other player, or every player takes one chip from each other player
  for each set they hold. Tied leaders each collect from everyone below them. The scores show
  each player's chips won or lost; the most sets still wins.
- **Turn cap:** so a game always ends, after the turn limit the most sets wins.

**Clarifications:** the layout is always tidy rows (the text also allows an overlapping
spread; on a screen that only makes positions harder to read). The two (or four) cards just
turned stay on show until the next card is turned, so everyone can take them in; so do the
cards of the cut for the first turn.
"""


class ConcentrationOptions(Options):
    set_size: Literal[2, 4] = Field(
        2,
        title="Sets",
        description="Turn two cards and collect pairs, or the harder variant: four cards, four of a kind.",
        json_schema_extra=choice_labels({2: "pairs (turn two cards)", 4: "four of a kind (turn four cards)"}),
    )
    scoring: Literal["sets", "chips_to_winner", "chips_per_set"] = Field(
        "sets",
        title="Scoring",
        description="Count sets, or settle in chips one of the two ways.",
        json_schema_extra=choice_labels(
            {
                "sets": "most sets wins",
                "chips_to_winner": "chips: the most sets takes one chip from each other player",
                "chips_per_set": "chips: one chip from each other player per set",
            }
        ),
    )
    max_turns: int = Field(
        400, ge=20, le=10_000, title="Turn limit", description="After this many turns the most sets wins."
    )


class ConcentrationState(State):
    options: ConcentrationOptions
    grid: list[Card | None]  # row by row; None = the card has been collected
    up: list[int] = []  # positions face up now (cut cards, or the cards of the turn in progress)
    phase: Literal["cut", "play"] = "cut"
    # the cut for first player: who still has to turn a card, and who is still in it
    cut_pending: list[int] = []
    cut_contenders: list[int] = []
    cut_cards: list[Card | None] = []  # each seat's latest cut card
    current: int = 0
    sets: list[list[Card]]  # the cards each seat has collected, set after set
    turns: int = 0  # completed turns (a set taken does not end a turn)
    shown: list[tuple[int, Card]] = []  # the last finished turn's cards, still on show
    history: list[tuple[int, int, Card]] = []  # every card ever turned: (seat, position, card)


class ConcentrationView(BaseModel):
    seat: int | None
    phase: str
    current: int | None  # who turns a card now (None when over)
    set_size: int
    present: list[bool]  # a card lies at this position
    up: list[tuple[int, Card]]  # face up now
    shown: list[tuple[int, Card]]  # the cards of the last finished turn
    sets: list[list[Card]]
    cut_contenders: list[int]
    cut_cards: list[Card | None]
    turns: int
    max_turns: int
    scoring: str
    # the public history: every card turned so far, (seat, position, card); memory bots read it
    history: list[tuple[int, int, Card]]


def turn(position: int) -> Action:
    return Action("turn", value=position)


def place(position: int) -> str:
    """Where a grid position lies, as the grid's labels number it: 'row 2, column 5'."""
    return f"row {position // COLUMNS + 1}, column {position % COLUMNS + 1}"


def chips(sets: list[int], scoring: str) -> list[float]:
    """Each seat's chips won (+) or lost (-) under a chip scoring; the set counts otherwise."""
    n = len(sets)
    if scoring == "chips_per_set":
        total = sum(sets)
        return [float((n - 1) * s - (total - s)) for s in sets]
    if scoring == "chips_to_winner":
        best = max(sets)
        leaders = sum(1 for s in sets if s == best)
        if leaders == n:
            return [0.0] * n
        return [float(n - leaders) if s == best else float(-leaders) for s in sets]
    return [float(s) for s in sets]


class Concentration(Game[ConcentrationState]):
    State = ConcentrationState
    Options = ConcentrationOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: ConcentrationOptions, deck: list[Card] | None) -> Concentration:
        order = prepare_deck(standard_deck(), seed, deck)
        state = ConcentrationState(
            players=players,
            seed=seed,
            options=options,
            grid=list(order),
            cut_pending=list(range(players)),
            cut_contenders=list(range(players)),
            cut_cards=[None] * players,
            sets=[[] for _ in range(players)],
        )
        return cls(state)

    # ---- contract

    def _actor(self) -> int | None:
        s = self.s
        if s.result is not None:
            return None
        return s.cut_pending[0] if s.phase == "cut" else s.current

    def actors(self) -> list[int]:
        actor = self._actor()
        return [] if actor is None else [actor]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self._actor():
            return []
        up = self.s.up
        return [turn(p) for p, card in enumerate(self.s.grid) if card is not None and p not in up]

    def is_legal(self, seat: int, action: Action) -> bool:
        # cheaper than building every action: the position must hold a face-down card
        p = action.value
        if type(p) is not int or action != turn(p) or seat != self._actor():
            return False
        return 0 <= p < CELLS and self.s.grid[p] is not None and p not in self.s.up

    def face_up(self) -> list[tuple[int, Card]]:
        """The cards face up now, with their places (a place is turned up only while it holds a card)."""
        grid = cast(list[Card], self.s.grid)
        return [(p, grid[p]) for p in self.s.up]

    def view(self, seat: int | None = None) -> ConcentrationView:
        s = self.s
        return ConcentrationView.model_construct(
            seat=seat,
            phase=s.phase,
            current=self._actor(),
            set_size=s.options.set_size,
            present=[c is not None for c in s.grid],
            up=self.face_up(),
            shown=list(s.shown),
            sets=[list(x) for x in s.sets],
            cut_contenders=list(s.cut_contenders),
            cut_cards=list(s.cut_cards),
            turns=s.turns,
            max_turns=s.options.max_turns,
            scoring=s.options.scoring,
            history=list(s.history),
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for c in s.grid if c is not None] + [c for taken in s.sets for c in taken]

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        position = action.value
        assert isinstance(position, int)
        card = s.grid[position]
        assert card is not None
        s.up.append(position)
        s.history.append((seat, position, card))
        s.stimulus += 1
        if s.phase == "cut":
            return self._cut(seat, card)
        if len(s.up) == 1:
            s.shown = []  # the previous turn's cards go back into hiding
        events = [
            Event(
                "turn",
                seat,
                f"{{seat}} [turns|turn] up {card} ({place(position)})",
                (card,),
                data={"position": position},
            )
        ]
        if len(s.up) < s.options.set_size:
            return events
        return events + self._settle(seat)

    def _cut(self, seat: int, card: Card) -> list[Event]:
        s = self.s
        s.cut_pending.pop(0)
        s.cut_cards[seat] = card
        events = [Event("cut", seat, f"{{seat}} [cuts|cut] {card} ({place(s.up[-1])})", (card,))]
        if s.cut_pending:
            return events
        best = max(ACES_HIGH.value(s.cut_cards[p]) for p in s.cut_contenders)  # type: ignore[arg-type]  # every contender has cut
        top = [p for p in s.cut_contenders if ACES_HIGH.value(s.cut_cards[p]) == best]  # type: ignore[arg-type]  # every contender has cut
        face_down_left = sum(1 for p, c in enumerate(s.grid) if c is not None and p not in s.up)
        if len(top) > 1 and face_down_left >= len(top):
            s.cut_contenders = top
            s.cut_pending = list(top)
            return events + [
                Event("cut_tie", None, "A tie for highest: the tied players cut again", data={"seats": top})
            ]
        first = top[0]  # cards run out in a tie (never with a real pack): the first tied seat starts
        s.phase = "play"
        s.current = first
        s.shown = self.face_up()  # on show, as a turn's cards are
        s.up = []
        s.cut_contenders = []
        return events + [
            Event("first", first, "{seat} [cuts|cut] highest and [starts|start]; the cards go face down again")
        ]

    def _settle(self, seat: int) -> list[Event]:
        s = self.s
        turned = self.face_up()
        s.up = []
        s.shown = turned
        cards = tuple(c for _, c in turned)
        if len({c.rank for c in cards}) == 1:
            for p, _ in turned:
                s.grid[p] = None
            s.sets[seat].extend(cards)
            what = "a pair of" if len(cards) == 2 else "all four"
            events = [
                Event(
                    "set",
                    seat,
                    f"{{seat}} [takes|take] {what} {cards[0].rank.noun} and [plays|play] again",
                    cards,
                    data={"positions": [p for p, _ in turned]},
                )
            ]
            if all(c is None for c in s.grid):
                events += self._end("every card has been collected")
            return events
        s.turns += 1
        s.current = (seat + 1) % s.players
        events = [
            Event(
                "miss",
                seat,
                "{seat} [finds|find] no match; the cards go face down again",
                cards,
                data={"positions": [p for p, _ in turned]},
            )
        ]
        if s.turns >= s.options.max_turns:
            events += self._end(f"the {s.options.max_turns}-turn limit was reached")
        return events

    def set_counts(self) -> list[int]:
        size = self.s.options.set_size
        return [len(x) // size for x in self.s.sets]

    def _end(self, why: str) -> list[Event]:
        counts = self.set_counts()
        scoring = self.s.options.scoring
        if scoring == "sets":
            return [self.finish_by_most(counts, why, "sets")]
        event = self.finish_by_most(counts, why, "sets", scores=chips(counts, scoring))
        self.s.result = self.s.result.model_copy(update={"score_name": "chips won"})  # type: ignore[union-attr]  # finish_by_most set it
        return [event]

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.grid) != CELLS or len(s.sets) != n or len(s.cut_cards) != n:
            raise ValueError("zones do not match the game")
        size = s.options.set_size
        for taken in s.sets:
            if len(taken) % size or any(
                len({c.rank for c in taken[i : i + size]}) != 1 for i in range(0, len(taken), size)
            ):
                raise ValueError("a collected set does not match")
        if len(set(s.up)) != len(s.up) or any(not 0 <= p < CELLS or s.grid[p] is None for p in s.up):
            raise ValueError("a face-up card is not in the grid")
        if any(not 0 <= p < CELLS or not 0 <= seat < n for seat, p, _ in s.history) or any(
            not 0 <= p < CELLS for p, _ in s.shown
        ):
            raise ValueError("a turned card is not in the grid")
        if not 0 <= s.current < n:
            raise ValueError("the player to move is not a seat")
        if s.result is not None:
            return
        if s.turns >= s.options.max_turns:
            raise ValueError("the turn limit was reached but the game has no result")
        if s.phase == "cut":
            seats = set(range(n))
            if (
                not s.cut_pending
                or not set(s.cut_pending) <= set(s.cut_contenders) <= seats
                or len(set(s.cut_contenders)) != len(s.cut_contenders)
                or len(set(s.cut_pending)) != len(s.cut_pending)
            ):
                raise ValueError("the cut for first player is inconsistent")
            if len(s.up) >= CELLS:
                raise ValueError("no card left to cut")
            if any(s.cut_cards[p] is None for p in s.cut_contenders if p not in s.cut_pending):
                raise ValueError("a player in the cut has no card to compare")
            face_up = {s.grid[p] for p in s.up}
            if any(c is not None and c not in face_up for c in s.cut_cards):
                raise ValueError("a cut card is not face up in the grid")
        else:
            if len(s.up) >= size or all(c is None for c in s.grid):
                raise ValueError("the turn in progress is inconsistent")


SPEC = GameSpec.listed("concentration", rules=RULES, game=Concentration)
Concentration.spec = SPEC
