"""Dig, for two players: match the upcard by suit or rank, dig from the stock when you cannot;
eights are wild and name a suit or a rank."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardarcade.cards import RANKS, SUITS, Card, Rank, Suit
from cardarcade.rules._shedding import Move, SheddingGame, SheddingOptions, SheddingState, SheddingView
from cardarcade.rules.base import Action, Event, GameSpec, choice_labels

DIG = Action("dig")
PASS = Action("pass")
WILD = Rank.EIGHT
SUIT_NAMES = tuple(s.value for s in SUITS)  # "c", "d", "h", "s"
# "2" ... "10", "J", "Q", "K", "A": every rank but the eight's own (naming eights would let
# only wild cards follow, which turns every eight into a dig-the-stock trap)
RANK_NAMES = tuple(r.label for r in RANKS if r is not Rank.EIGHT)
_RANK_BY_NAME = {r.label: r for r in RANKS}

RULES = """\
# Dig

**Goal:** be the first to get rid of every card in your hand.

- Two players, seven cards each. The next card is turned face up beside the face-down stock:
  that is the *upcard*.
- The player at the dealer's left starts; then you take turns.
- **Your turn:** play one card that matches the upcard's suit or its rank. It becomes the new
  upcard and your turn is over.
- **Dig:** if nothing in your hand matches, you dig: take the top card of the stock, and keep
  digging until you hold a card you can play - then play it.
- **Eights are wild:** an eight can be played on anything. Whoever plays it names a suit or a
  rank, and the next card played must be of that suit or rank (or another eight).
- The first player to play their last card wins.

**House clarifications** (the text leaves these open):

- You may only dig when nothing in your hand can be played (an eight always can).
- An eight turned up at the start counts as a plain card: match its suit or play an eight.
- *Empty stock* (house rule): by default the upcard stays and the discards under it are
  shuffled into a new stock so the digging can go on; or, if you choose, a player who cannot
  play once the stock is empty simply passes. With nothing at all left to dig, you pass.
- **Blocked game:** when both players pass one after the other, nobody can play and nothing
  can be dug, so nothing will ever change: the game ends there, and the player holding fewer
  cards wins (equal counts are a draw).
- *What an eight names* (house rule): a suit or a rank (the text's rule), or suits only. An
  eight cannot name eights: only wild cards could follow, which would turn every eight into a
  trap that makes the next player dig for one of the few eights left.
- **Turn cap:** so a game always ends, after the turn limit the player holding fewer cards
  wins; equal counts are a draw. Scores are the cards left in each hand.
"""


class DigOptions(SheddingOptions):
    eight_names: Literal["suit_or_rank", "suit"] = Field(
        "suit_or_rank",
        title="A wild eight names",
        description="What a player names when playing an eight.",
        json_schema_extra=choice_labels({"suit_or_rank": "a suit or a rank", "suit": "a suit only"}),
    )
    empty_stock: Literal["rebuild", "pass"] = Field(
        "rebuild",
        title="Empty stock",
        description="What happens when a player must dig and the stock is empty.",
        json_schema_extra=choice_labels(
            {
                "rebuild": "reshuffle the discards",
                "pass": "pass instead of digging",
            }
        ),
    )


class DigState(SheddingState):
    options: DigOptions
    named: str | None = None  # what the last wild eight named: a suit letter or a rank label
    dug: int = 0  # cards dug so far this turn
    passes: int = 0  # passes in a row: one from every player means the game is blocked


class DigView(SheddingView):
    named: str | None
    dug: int
    eight_names: str
    can_dig: bool  # nothing fits: True = dig, False = pass


def name_text(named: str) -> str:
    """'h' -> 'hearts', 'Q' -> 'queens'."""
    return Suit(named).noun if named in SUIT_NAMES else _RANK_BY_NAME[named].noun


def names_for(eight_names: str) -> tuple[str, ...]:
    """What a wild eight may name under the ``eight_names`` option."""
    return SUIT_NAMES + (RANK_NAMES if eight_names == "suit_or_rank" else ())


def matches(card: Card, upcard: Card, named: str | None) -> bool:
    """An eight always; otherwise the named suit or rank, or (nothing named) the upcard's suit or rank."""
    if card.rank is WILD:
        return True
    if named is None:
        return card.suit is upcard.suit or card.rank is upcard.rank
    return card.suit.value == named or card.rank.label == named  # type: ignore[union-attr]  # Dig's pack has no jokers


class Dig(SheddingGame[DigState]):
    State = DigState
    Options = DigOptions
    __slots__ = ()

    def names(self) -> tuple[str, ...]:
        return names_for(self.s.options.eight_names)

    def playable(self, seat: int) -> list[Card]:
        s = self.s
        up = s.discard[-1]
        return [c for c in s.hands[seat] if matches(c, up, s.named)]

    def can_dig(self) -> bool:
        return bool(self.s.stock) or (self.s.options.empty_stock == "rebuild" and self.can_draw())

    def why_not(self, seat: int, action: Action) -> str | None:
        s = self.s
        if action == DIG and s.result is None and seat == s.turn and self.playable(seat):
            return "you dig only when nothing fits"
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or seat != s.turn:
            return []
        plays: list[Action] = []
        for card in self.playable(seat):
            if card.rank is WILD:
                plays += [Action("play", (card,), value=name) for name in self.names()]
            else:
                plays.append(Action("play", (card,)))
        if plays:
            return plays
        return [DIG if self.can_dig() else PASS]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        events: list[Event] = []
        if action.kind == "dig":
            s.passes = 0
            need = s.named
            self.draw(seat, events)
            s.dug += 1
            self.remember(Move(seat=seat, kind="dig", upcard=s.discard[-1], named=need, turn=s.turns))
            events.append(Event("dig", seat, "{seat} [digs|dig] a card", data={"dug": s.dug}))
            return events
        if action.kind == "pass":
            self.remember(Move(seat=seat, kind="pass", upcard=s.discard[-1], named=s.named, turn=s.turns))
            events.append(Event("pass", seat, "{seat} cannot play and cannot dig, and [passes|pass]"))
            s.passes += 1
            if s.passes == s.players:
                events.append(self.finish_by_count("nobody can play and nothing is left to dig"))
                return events
        else:
            s.passes = 0
            card, named = action.cards[0], action.value
            self.discard_card(seat, card, named=named)
            s.named = named if isinstance(named, str) else None
            dug = f" after digging {s.dug}" if s.dug else ""
            text = f"{{seat}} [plays|play] {card}{dug}" + (f" and [names|name] {name_text(s.named)}" if s.named else "")
            events.append(Event("play", seat, text, (card,), data={"named": s.named, "dug": s.dug}))
            if not s.hands[seat]:
                events.append(self.go_out(seat))
                return events
        s.dug = 0
        self.end_turn(events)
        return events

    def view(self, seat: int | None = None) -> DigView:
        s = self.s
        return DigView(
            **self.view_fields(seat),
            named=s.named,
            dug=s.dug,
            eight_names=s.options.eight_names,
            can_dig=self.can_dig(),
        )

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        if s.named is not None and (s.named not in self.names() or s.discard[-1].rank is not WILD):
            raise ValueError(f"an eight cannot name {s.named!r} here")
        if s.dug < 0 or not 0 <= s.passes < s.players:
            raise ValueError("a negative dig count or a pass count beyond the players")


SPEC = GameSpec.listed("dig", rules=RULES, game=Dig)
Dig.spec = SPEC
