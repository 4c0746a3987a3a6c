"""Neosho Rapids, for two to four players: shed a chain of cards, each one rank from the upcard."""

from __future__ import annotations

from pydantic import Field

from cardarcade.cards import AROUND_THE_CORNER, Card
from cardarcade.rules._shedding import Move, SheddingGame, SheddingOptions, SheddingState, SheddingView, turn_limit
from cardarcade.rules.base import Action, Event, GameSpec

DRAW = Action("draw")

RULES = """\
# Neosho Rapids

**Goal:** be the first to get rid of every card in your hand.

- Everyone gets seven cards. The next card is turned face up beside the face-down stock: the
  top card of that pile is the *upcard*.
- The player at the dealer's left starts, then play goes clockwise.
- **Your turn:** play a card one rank above or one rank below the upcard; suits do not
  matter. The card you play becomes the new upcard, so you can keep going - 6, 7, 8, 7 - for
  as long as you can and want to.
- **Aces** sit both below the 2 and above the king: an ace goes on a king or a 2, and a king
  or a 2 goes on an ace. A chain can run K, A, 2.
- **Then draw:** when you stop, draw one card from the stock. That ends your turn: the card
  you drew waits for your next turn.
- **Stock runs out:** the upcard stays where it is and the cards under it are shuffled to make
  a new stock.
- The first player to play their last card wins at once (no draw after it).

**House clarifications** (the text leaves these open):

- *Must play if able* (house rule, on by default): if you hold a card that fits the upcard you
  have to play at least one card before drawing; after that, stopping is up to you.
- If there is nothing to draw at all (every other card is in someone's hand), your turn simply
  ends.
- **Turn cap:** so a game always ends, after the turn limit the player holding the fewest
  cards wins; equal counts share the win. Scores are the cards left in each hand.
"""


class NeoshoRapidsOptions(SheddingOptions):
    # hands can swell in a long game: a roomier cap than Dig's
    max_turns: int = turn_limit(1000)
    must_play: bool = Field(
        True,
        title="Must play if able",
        description="A player holding a card that fits must play at least one card before drawing.",
    )


class NeoshoRapidsState(SheddingState):
    options: NeoshoRapidsOptions
    chain: list[Card] = []  # the cards played so far this turn, in order


class NeoshoRapidsView(SheddingView):
    chain: list[Card]
    must_play: bool


def fits(card: Card, upcard: Card) -> bool:
    """One rank above or below; aces are next to both the king and the 2."""
    return AROUND_THE_CORNER.adjacent(card, upcard)


class NeoshoRapids(SheddingGame[NeoshoRapidsState]):
    State = NeoshoRapidsState
    Options = NeoshoRapidsOptions
    __slots__ = ()

    def playable(self, seat: int) -> list[Card]:
        up = self.s.discard[-1]
        return [c for c in self.s.hands[seat] if fits(c, up)]

    def why_not(self, seat: int, action: Action) -> str | None:
        s = self.s
        if (
            action == DRAW
            and s.result is None
            and seat == s.turn
            and s.options.must_play
            and not s.chain
            and self.playable(seat)
        ):
            return "while a card fits you must play one first"
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or seat != s.turn:
            return []
        plays = [Action("play", (c,)) for c in self.playable(seat)]
        if s.options.must_play and plays and not s.chain:
            return plays
        return plays + [DRAW]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.s
        if action.kind == "play":
            card = action.cards[0]
            self.discard_card(seat, card)
            s.chain.append(card)
            events = [Event("play", seat, f"{{seat}} [plays|play] {card}", (card,), data={"chain": len(s.chain)})]
            if not s.hands[seat]:
                events.append(self.go_out(seat))
            return events
        events = []
        drawn = self.draw(seat, events)
        self.remember(Move(seat=seat, kind="draw" if drawn else "pass", upcard=s.discard[-1], turn=s.turns))
        played = len(s.chain)
        after = f" after playing {played} card{'s' if played != 1 else ''}" if played else ""
        if drawn is None:
            events.append(Event("pass", seat, f"{{seat}} [ends|end] the turn{after}; there is nothing to draw"))
        else:
            events.append(Event("draw", seat, f"{{seat}} [draws|draw] a card{after}", data={"played": played}))
        s.chain = []
        self.end_turn(events)
        return events

    def view(self, seat: int | None = None) -> NeoshoRapidsView:
        return NeoshoRapidsView(**self.view_fields(seat), chain=list(self.s.chain), must_play=self.s.options.must_play)

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        if len(s.chain) >= len(s.discard) or s.chain != s.discard[len(s.discard) - len(s.chain) :]:
            raise ValueError("this turn's chain is not on top of the discards")


SPEC = GameSpec.listed("neosho-rapids", rules=RULES, game=NeoshoRapids)
NeoshoRapids.spec = SPEC
