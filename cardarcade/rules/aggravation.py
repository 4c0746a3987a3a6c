"""Aggravation, for two players: turn cards into a growing grid and cover every match in it.

California Speed's close relative: each player plays from a face-down pack of 26, covering cards
of the same rank anywhere on the table, but the table is a grid that grows by a column each time
both turn a card, and there is no picking up. The stacks are places in the speed family's sense
(``_speedplay``): numbered in the order they were turned, never moved, so a cover names its stack
by that number and two covers of one stack are settled by who pressed first.
"""

from __future__ import annotations

import functools
from itertools import compress
from typing import Literal

from pydantic import BaseModel, Field

from cardarcade.cards import Card, Rank
from cardarcade.rules._calling import valid_claim_value
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
    Outcome,
    choice_labels,
    construct,
    deal_round_robin,
    prepare_deck,
)

TURN = Action("turn")
ALONE = 1  # a player down to this many cards or fewer stops turning (the text: "one card or less")
# barred: a wrong call keeps its caller from calling at the next match, until that match is covered
FREE, BARRED, SITTING_OUT = 0, 1, 2

RULES = """\
# Aggravation

**Goal:** play every card of your pack onto the table, then be the one who calls **Aggravation!**

- The pack is dealt out, 26 cards each, face down. Nobody looks at their own cards: each keeps
  a squared-up **pack**.
- On a count of three both turn the top card of their pack face up, each into **their own row**:
  the two rows, one above the other, make a **grid** that grows by a column at every turn.
- **No turns otherwise:** whenever two or more cards showing in the grid have the same rank (a
  **match**), anyone may **cover** them with cards from their own pack, anywhere in the grid, as
  fast as they can. Both may cover parts of the same match. A new card that matches another
  makes a new match, to be covered in turn.
- Once every card showing is of a different rank, both turn another card on the count.
- **Running out:** a player down to one card or none stops turning; the other turns on alone,
  into their own row. A player's last card may cover part of a match.
- A player with no cards left waits for the next match, and then calls **Aggravation!** (touching
  two cards of it) and **wins**.

**How this table plays it** (the text leaves these open, or a screen needs them):

- Each cover is one card on one card of a match. A card of a match stays open to covering until it
  is covered, even after the rest of its match has been: that is how one match is covered part by
  one player and part by the other, and how a last card covers part of one. So the next turn comes
  only once every such card is covered, even if the ranks showing all differ.
- A cover aimed at a card that someone covered a moment before goes back onto your pack, and you
  are told by how much you were beaten ("Ann was 40 ms earlier"). A cover of a card that matches
  nothing is refused, and nothing is lost.
- **Aggravation!** may be called whenever two cards of one rank show, including a match your own
  last card made. A call that comes after the match was broken (a card of it covered) loses, and
  you are told by how much. A call with no match showing is wrong: you sit out the next match, and
  may call again once it is covered.
- If both players are down to one card or none, each turns their last card. If nobody has a card
  left and no match shows (or nobody may call it), the player who ran out first wins; players who
  ran out at the same moment share the win.
- The table does the counting before each turn.
- **Last card wins** (a house rule, from the text's "object" line): the first to play their last
  card wins at once, with no call.
"""


class AggravationOptions(Options):
    finish: Literal["call", "last_card"] = Field(
        "call",
        title="How the game is won",
        description="As the text plays it, a player out of cards wins by calling Aggravation! at the next match; "
        "or (its 'object' line) the first to play their last card wins at once.",
        json_schema_extra=choice_labels(
            {"call": "call Aggravation! at the next match", "last_card": "the last card played wins"}
        ),
    )


class AggravationState(SpeedFamilyState):
    options: AggravationOptions
    packs: list[list[Card]]  # face down, index 0 is the top
    stacks: list[list[Card]]  # in the order they were turned; last is the top
    row_of: list[int]  # per stack: the seat whose row it lies in
    open: list[bool]  # per stack: its top card belongs to a match not yet covered
    barred: list[int]  # per seat: FREE, BARRED (a wrong call) or SITTING_OUT (the next match showing)
    emptied: list[int | None]  # per seat: the stimulus at which its pack ran out
    showing: bool = False  # two cards of one rank show (as of the last change)
    match_gone: int = 0  # the stimulus at which the grid last stopped showing a match ...
    gone_by: int | None = None  # ... and who broke it (a late call is told so)
    turns: int = 0  # counted turns so far (the first, at the deal, included)


class AggravationView(BaseModel):
    seat: int | None
    pack_sizes: list[int]
    tops: list[Card]
    stack_sizes: list[int]
    row_of: list[int]
    open: list[bool]
    showing: bool  # a match shows: a player out of cards may call
    turn_due: bool
    barred: list[bool]
    stimulus: int
    turns: int
    finish: str


@functools.lru_cache(maxsize=4096)
def cover_action(place: int, seen: int) -> Action:
    """The cover of ``place`` on seeing stimulus ``seen``, one shared (immutable) action for each:
    random play and the invariant suites ask for every open card's cover after every move, and an
    Action costs more to build than to look up."""
    return Action("cover", target=place, value=seen)


@functools.lru_cache(maxsize=4096)
def covers(seen: int, places: int) -> tuple[Action, ...]:
    """The cover of each of ``places`` stacks on seeing stimulus ``seen`` (the open ones are picked
    from it in C: the grid grows to some thirty stacks)."""
    return tuple(cover_action(place, seen) for place in range(places))


def columns(row_of: list[int], seat: int) -> list[int]:
    """The stacks of ``seat``'s row, left to right (by the column they lie in)."""
    return [place for place, row in enumerate(row_of) if row == seat]


class Aggravation(SpeedFamilyGame):
    State = AggravationState
    Options = AggravationOptions
    __slots__ = ()

    @classmethod
    def setup(cls, players: int, seed: int, options: AggravationOptions, deck: list[Card] | None) -> Aggravation:
        order = prepare_deck(PACK, seed, deck)
        # not validated: the dealt cards are the game's own pack (a load validates)
        game = cls(
            construct(
                AggravationState,
                players=players,
                seed=seed,
                options=options,
                packs=deal_round_robin(order, players),
                stacks=[],
                row_of=[],
                open=[],
                placed_k=[],
                placed_by=[],
                barred=[FREE] * players,
                emptied=[None] * players,
            )
        )
        game._turn()  # the first cards, turned on the count of three that starts play
        game.s.showing = shows_match(game.tops())
        return game

    # ---- queries

    def tops(self) -> list[Card]:
        return [stack[-1] for stack in self.s.stacks]

    def turners(self) -> list[int]:
        """Who turns a card at the next turn: both; the one with cards to spare when the other is
        down to one or none; else each who still has a card (their last)."""
        packs = self.s.packs
        spare = [p for p, pack in enumerate(packs) if len(pack) > ALONE]
        return spare or [p for p, pack in enumerate(packs) if pack]

    def turn_due(self) -> bool:
        s = self.s
        return s.result is None and not any(s.open) and any(s.packs)  # (someone has a card: someone turns)

    def counted_move(self) -> tuple[int, Action] | None:
        return (self.turners()[0], TURN) if self.turn_due() else None

    def left(self, seat: int) -> int:
        return len(self.s.packs[seat])

    def may_call(self, seat: int) -> bool:
        s = self.s
        return s.options.finish == "call" and not s.packs[seat] and s.barred[seat] == FREE

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if self.turn_due():
            return list(range(s.players))
        # no turn due: there is a card open to cover (or nobody has a card), so a seat with a card may cover
        return [p for p in range(s.players) if s.packs[p] or self.may_call(p)]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if self.turn_due():
            actions = [TURN]
        elif s.packs[seat]:
            return list(compress(covers(s.stimulus, len(s.open)), s.open))
        else:
            actions = []
        if self.may_call(seat):
            actions.append(Action("call", value=s.stimulus))
        return actions

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None:
            return False
        kind = action.kind
        if kind == "turn":
            return action == TURN and self.turn_due()
        if kind == "call":
            return (
                self.may_call(seat)
                and not action.cards
                and action.target is None
                and valid_claim_value(action.value, s.stimulus)
            )
        if kind != "cover" or not s.packs[seat] or not well_aimed(action, len(s.stacks), s.stimulus, cards=0):
            return False
        place = action.target
        return judge(s, place, action.value, s.open[place]) != "wrong"  # type: ignore[arg-type]  # well_aimed checked them

    def view(self, seat: int | None = None) -> AggravationView:
        s = self.s
        tops = self.tops()
        return AggravationView.model_construct(
            seat=seat,
            pack_sizes=[len(p) for p in s.packs],
            tops=tops,
            stack_sizes=[len(st) for st in s.stacks],
            row_of=list(s.row_of),
            open=list(s.open),
            showing=shows_match(tops),
            turn_due=self.turn_due(),
            barred=[b != FREE for b in s.barred],
            stimulus=s.stimulus,
            turns=s.turns,
            finish=s.options.finish,
        )

    def cards(self) -> list[Card]:
        s = self.s
        return [c for pack in s.packs for c in pack] + [c for stack in s.stacks for c in stack]

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "turn":
            events = self._turn()
            return events + self._after_change(None, events[0].data["pair"], self._top_ranks())
        if kind == "call":
            return self._call(seat, action.value)  # type: ignore[arg-type]  # is_legal checked the value
        return self._cover(seat, action.target, action.value)  # type: ignore[arg-type]  # is_legal checked them

    def _cover(self, seat: int, place: int, seen: int) -> list[Event]:
        s = self.s
        pack = s.packs[seat]
        covered = s.stacks[place][-1]
        if judge(s, place, seen, True) == "late":
            return [late_event(s, seat, pack[0], place, f"the {NAMES[covered.code]}", "onto the pack")]
        card = pack.pop(0)
        s.stacks[place].append(card)
        k = lay(s, place, seat)
        s.open[place] = False
        ranks = self._top_ranks()  # (one pass over the grid, for both questions below)
        pair = self._open_with(card, ranks)
        if not pack:
            s.emptied[seat] = k
        event = Event(
            "cover",
            seat,
            f"{{seat}} [covers|cover] the {NAMES[covered.code]} with the {NAMES[card.code]}",
            (card,),
            data=laid(place, k, pair=pair),
        )
        return [event, *self._after_change(seat, pair, ranks)]

    def _turn(self) -> list[Event]:
        """Each turner turns their top card into their own row."""
        s = self.s
        turners = self.turners()
        s.stimulus += 1
        turned = []
        for seat in turners:
            card = s.packs[seat].pop(0)
            turned.append(card)
            s.stacks.append([card])
            s.row_of.append(seat)
            s.open.append(False)
            s.placed_k.append(s.stimulus)
            s.placed_by.append(None)
            if not s.packs[seat]:
                s.emptied[seat] = s.stimulus
        s.turns += 1
        pair = False
        ranks = self._top_ranks()
        for card in turned:
            pair = self._open_with(card, ranks) or pair
        data = {"k": s.stimulus, "pair": pair}
        if len(turners) == 2:
            text = f"3, 2, 1: {{seat}} [turns|turn] the {NAMES[turned[0].code]}, {{target}} the {NAMES[turned[1].code]}"
            return [Event("turn", turners[0], text, tuple(turned), target=turners[1], data=data)]
        return [
            Event(
                "turn",
                turners[0],
                f"3, 2, 1: {{seat}} [turns|turn] the {NAMES[turned[0].code]} alone",
                tuple(turned),
                data=data,
            )
        ]

    def _top_ranks(self) -> list[Rank]:
        """The rank of each stack's top card (one pass over the grid serves a move's questions)."""
        return [stack[-1].rank for stack in self.s.stacks]

    def _open_with(self, card: Card, ranks: list[Rank]) -> bool:
        """A card just laid opens, with every other card of its rank showing, if it has a pair
        (and says whether it had); ``ranks`` are the tops' ranks now."""
        rank = card.rank
        if ranks.count(rank) < 2:  # (the usual case, told in C)
            return False
        opened = self.s.open
        for q, r in enumerate(ranks):
            if r == rank:
                opened[q] = True
        return True

    def _after_change(self, by: int | None, pair: bool, ranks: list[Rank]) -> list[Event]:
        """The grid changed (``by`` a seat's cover, or a turn; ``pair``: the card laid made a
        match; ``ranks``: the tops' ranks now): a match broken is remembered (for a late call), a
        bar moves on, and the game ends if it is won or nobody can play on."""
        s = self.s
        # (only the card laid can make a match: with none showing before, the new card tells)
        showing = pair or (s.showing and len(set(ranks)) < len(ranks))
        if s.showing and not showing:
            s.match_gone, s.gone_by = s.stimulus, by
        s.showing = showing
        if s.options.finish == "last_card":
            out = [p for p in range(s.players) if not s.packs[p]]
            if out:
                return [self._first_out(out, "{seat} [has|have] played every card and [wins|win]")]
            return []
        if any(s.barred):
            for p, bar in enumerate(s.barred):
                if bar == BARRED and showing:
                    s.barred[p] = SITTING_OUT
                elif bar == SITTING_OUT and not showing:
                    s.barred[p] = FREE
        if any(s.packs) or (showing and any(self.may_call(p) for p in range(s.players))):
            return []
        out = [p for p in range(s.players) if s.emptied[p] == min(e for e in s.emptied if e is not None)]
        return [self._first_out(out, "Nobody can play on: {seat} ran out of cards first and [wins|win]")]

    def _first_out(self, winners: list[int], text: str) -> Event:
        if len(winners) > 1:
            text = "Nobody can play on, and both ran out of cards at once: a draw"
        return self.finish(
            winners, text, scores=self.lefts(), ranking=self.ranking(), score_name="cards left", low_wins=True
        )

    def _call(self, seat: int, seen: int) -> list[Event]:
        s = self.s
        if shows_match(self.tops()):
            ranks = [c.rank for c in self.tops()]
            rank = next(r for r in ranks if ranks.count(r) > 1)
            event = Event(
                "call_win",
                seat,
                f"{{seat}} [calls|call] Aggravation! on the {rank.plural}",
                data={"k": s.stimulus},
                outcome=Outcome.WON,
            )
            return [
                event,
                self.finish(
                    [seat],
                    "{seat} [calls|call] Aggravation! with no cards left and [wins|win]",
                    scores=self.lefts(),
                    ranking=self.ranking(),
                    score_name="cards left",
                    low_wins=True,
                ),
            ]
        if s.match_gone > seen:
            by = s.gone_by
            who = "{target} broke the match first" if by is not None and by != seat else "the match was gone"
            return [
                Event(
                    "play_late",
                    seat,
                    f"{{seat}} [calls|call] Aggravation! too late: {who}",
                    target=by,
                    data={"beaten": s.match_gone},
                    outcome=Outcome.LATE,
                )
            ]
        s.barred[seat] = BARRED
        return [
            Event(
                "wrong_call",
                seat,
                "{seat} [calls|call] Aggravation! with no match showing, and [sits|sit] out the next match",
                data={"k": s.stimulus},
                outcome=Outcome.FAULT,
            )
        ]

    # ---- loading

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        places = len(s.stacks)
        if len(s.packs) != s.players or len(s.barred) != s.players or len(s.emptied) != s.players:
            raise ValueError("zones do not match the number of players")
        if len(s.row_of) != places or len(s.open) != places:
            raise ValueError("the grid's records do not match its stacks")
        check_places(s, places)
        if not places or any(not stack for stack in s.stacks) or any(not 0 <= r < s.players for r in s.row_of):
            raise ValueError("a stack of the grid is empty or in no row")
        if any(b not in (FREE, BARRED, SITTING_OUT) for b in s.barred):
            raise ValueError("bad call bar")
        if any(
            (e is None) != bool(pack) or (e is not None and not 0 < e <= s.stimulus)
            for e, pack in zip(s.emptied, s.packs)
        ):
            raise ValueError("bad record of who ran out")
        if not 0 <= s.match_gone <= s.stimulus or not 1 <= s.turns <= places:
            raise ValueError("bad counters")
        if s.result is None and any(not s.open[p] for p in matched(self.tops())):
            raise ValueError("the open matches do not match the grid")
        if s.showing != shows_match(self.tops()):
            raise ValueError("the match showing does not match the grid")


SPEC = GameSpec.listed("aggravation", rules=RULES, game=Aggravation, claim_kinds=frozenset({"cover", "call"}))
Aggravation.spec = SPEC
