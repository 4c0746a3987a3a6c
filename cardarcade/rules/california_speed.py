"""California Speed, for two players: cover pairs in a shared box of eight from your own pack."""

from __future__ import annotations

import functools
from itertools import compress

from pydantic import BaseModel, Field

from cardarcade.cards import Card
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
    matched,
    shows_match,
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

SIDE = 4  # stacks each player deals: seat 0's are places 0-3, seat 1's places 4-7
PLACES = 2 * SIDE
DEAL = Action("deal")


@functools.lru_cache(maxsize=1024)
def covers(seen: int) -> tuple[Action, ...]:
    """A cover of each stack of the box on seeing stimulus ``seen``: shared (actions are
    immutable), as random play and the bots ask for them after every move."""
    return tuple(Action("cover", target=place, value=seen) for place in range(PLACES))


RULES = """\
# California Speed

**Goal:** be the first to play every card of your pack into the box.

- The pack is dealt out, 26 cards each, face down. Nobody looks at their own cards: each keeps
  a squared-up **pack**.
- On a count of three each player deals four cards face up in a row in front of them; the two
  rows make the **box** of eight.
- **No turns:** both look for cards of the same rank in the box, a pair, three or four of a
  kind, and **cover** each card of it with the top card of their own pack, as fast as they can.
  Any match anywhere in the box may be covered, by either player; both may cover parts of the
  same match.
- A new card that matches another starts a new match, to be covered in turn.
- **Eight different ranks:** when the box shows no match, each player picks up the four stacks
  on their side, turns them face down under their pack, and deals four anew, on a count of
  three. (So the cards you cover on your opponent's side are theirs to play again.)
- The first player to play the last card of their pack **wins**.

**How this table plays it** (the text leaves these open, or a screen needs them):

- A card of a match stays open to covering while the box still shows a match somewhere, even
  after the rest of its match has been covered: that is how one match is covered
  part by one player and part by the other. As the text says, a new box comes as soon as the
  eight ranks showing all differ, cards left over from a match or not.
- A cover aimed at a card that someone covered a moment before goes back onto your pack, and
  you are told by how much you were beaten ("Ann was 40 ms earlier"). A cover of a card that
  matches nothing is refused, and nothing is lost.
- The table does the counting before each new deal.
- A stack picked up keeps its order, its bottom card on top, under your pack.
- **Deal limit** (a house rule, so a game always ends): after that many new deals the player with
  fewer cards left (pack and own side of the box) wins; equal counts share the win.
"""


class CaliforniaSpeedOptions(Options):
    deal_limit: int = Field(
        100,
        ge=5,
        le=10_000,
        title="Deal limit",
        description="After this many new deals of the box, the player with fewer cards left wins.",
    )


class CaliforniaSpeedState(SpeedFamilyState):
    options: CaliforniaSpeedOptions
    packs: list[list[Card]]  # face down, index 0 is the top
    box: list[list[Card]]  # eight face-up stacks, last is the top; 0-3 seat 0's side, 4-7 seat 1's
    open: list[bool]  # per stack: its top card belongs to a match not yet covered
    stuck: bool = False  # eight different ranks: a counted new deal is due
    deals: int = 0  # new deals so far (the first deal is not counted)


class CaliforniaSpeedView(BaseModel):
    seat: int | None
    pack_sizes: list[int]
    tops: list[Card]
    stack_sizes: list[int]
    open: list[bool]
    stuck: bool
    stimulus: int
    deals: int
    deal_limit: int


def side_of(place: int) -> int:
    """The seat on whose side a stack of the box lies."""
    return place // SIDE


class CaliforniaSpeed(SpeedFamilyGame):
    State = CaliforniaSpeedState
    Options = CaliforniaSpeedOptions
    __slots__ = ()

    @classmethod
    def setup(
        cls, players: int, seed: int, options: CaliforniaSpeedOptions, deck: list[Card] | None
    ) -> CaliforniaSpeed:
        order = prepare_deck(PACK, seed, deck)
        # not validated: the dealt cards are the game's own pack (a load validates)
        game = cls(
            construct(
                CaliforniaSpeedState,
                players=players,
                seed=seed,
                options=options,
                packs=deal_round_robin(order, players),
                box=[[] for _ in range(PLACES)],
                open=[False] * PLACES,
                placed_k=[1] * PLACES,
                placed_by=[None] * PLACES,
            )
        )
        game._deal_box()
        return game

    # ---- queries

    def tops(self) -> list[Card]:
        return [stack[-1] for stack in self.s.box]

    def counted_move(self) -> tuple[int, Action] | None:
        s = self.s
        return (0, DEAL) if s.stuck and s.result is None else None

    def left(self, seat: int) -> int:
        """Cards a seat still has to play: its pack and the stacks on its side."""
        s = self.s
        return len(s.packs[seat]) + sum(len(s.box[p]) for p in range(seat * SIDE, (seat + 1) * SIDE))

    # ---- contract

    def actors(self) -> list[int]:
        return [] if self.s.result is not None else list(range(self.s.players))

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if s.stuck:
            return [DEAL]
        return list(compress(covers(s.stimulus), s.open))

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None:
            return False
        if action.kind == "deal":
            return s.stuck and action == DEAL
        if action.kind != "cover" or not well_aimed(action, PLACES, s.stimulus, cards=0):
            return False
        place = action.target
        return judge(s, place, action.value, s.open[place]) != "wrong"  # type: ignore[arg-type]  # well_aimed checked them

    def view(self, seat: int | None = None) -> CaliforniaSpeedView:
        s = self.s
        return CaliforniaSpeedView.model_construct(
            seat=seat,
            pack_sizes=[len(p) for p in s.packs],
            tops=self.tops(),
            stack_sizes=[len(st) for st in s.box],
            open=list(s.open),
            stuck=s.stuck,
            stimulus=s.stimulus,
            deals=s.deals,
            deal_limit=s.options.deal_limit,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for pack in s.packs for c in pack] + [c for stack in s.box for c in stack]

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "deal":
            return self._new_deal()
        return self._cover(seat, action.target, action.value)  # type: ignore[arg-type]  # is_legal checked them

    def _cover(self, seat: int, place: int, seen: int) -> list[Event]:
        s = self.s
        pack = s.packs[seat]
        where = f"box {place + 1}"
        if judge(s, place, seen, True) == "late":
            return [late_event(s, seat, pack[0], place, where, "onto the pack")]
        covered = s.box[place][-1]
        card = pack.pop(0)
        s.box[place].append(card)
        k = lay(s, place, seat)
        # Only the new card can make a new match: the cards of its rank open (with it) if it has a pair.
        opened = s.open
        opened[place] = False
        rank = card.rank
        same = [q for q, stack in enumerate(s.box) if stack[-1].rank == rank]
        if len(same) > 1:
            for q in same:
                opened[q] = True
        elif not shows_match(self.tops()):
            opened[:] = [False] * PLACES  # eight different ranks: the text deals anew, leftovers or not
        s.stuck = not any(opened)
        events = [
            Event(
                "cover",
                seat,
                f"{{seat}} [covers|cover] the {NAMES[covered.code]} with the {NAMES[card.code]}",
                (card,),
                data=laid(place, k),
            )
        ]
        if not pack:
            packs = [float(len(p)) for p in s.packs]
            events.append(
                self.finish(
                    [seat],
                    "{seat} [has|have] played every card and [wins|win]",
                    scores=packs,
                    ranking=[seat, 1 - seat],
                    score_name="cards in pack",
                    low_wins=True,
                )
            )
        return events

    def _new_deal(self) -> list[Event]:
        s = self.s
        if s.deals >= s.options.deal_limit:
            return [self.finish_at_limit(f"the {s.options.deal_limit}-deal limit")]
        for place, stack in enumerate(s.box):
            s.packs[side_of(place)].extend(stack)  # turned face down: its bottom card on top
            stack.clear()
        s.deals += 1
        self._deal_box()
        tops = " ".join(str(c) for c in self.tops())
        return [Event("deal", None, f"3, 2, 1: a new box, {tops}", tuple(self.tops()), data={"k": s.stimulus})]

    def _deal_box(self) -> None:
        """Each player deals four cards face up on their side of the box."""
        s = self.s
        for place in range(PLACES):
            s.box[place].append(s.packs[side_of(place)].pop(0))
        s.stimulus += 1
        s.placed_k = [s.stimulus] * PLACES
        s.placed_by = [None] * PLACES
        s.open = [False] * PLACES
        self._open_matches()

    def _open_matches(self) -> None:
        """Every card matching another is open to covering; the box is stuck when none is."""
        s = self.s
        for place in matched(self.tops()):
            s.open[place] = True
        s.stuck = not any(s.open)

    # ---- loading

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        if len(s.packs) != s.players or len(s.box) != PLACES or len(s.open) != PLACES:
            raise ValueError("zones do not match the number of players")
        check_places(s, PLACES)
        if any(not stack for stack in s.box):
            raise ValueError("a stack of the box is empty")
        if not 0 <= s.deals <= s.options.deal_limit:
            raise ValueError("bad deal counter")
        if s.result is None:
            if not all(s.packs):
                raise ValueError("a player out of cards has not won")
            if any(not s.open[p] for p in matched(self.tops())) or s.stuck != (not any(s.open)):
                raise ValueError("the open matches do not match the box")


SPEC = GameSpec.listed("california-speed", rules=RULES, game=CaliforniaSpeed, claim_kinds=frozenset({"cover"}))
CaliforniaSpeed.spec = SPEC
