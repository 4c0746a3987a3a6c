"""Through the Window, for 3 to 13 players: a card turns up, and the first to name a noun that
starts with its letter takes it.

The letter is the first letter of the rank's name: an ace is A, a two, three or ten T, a four or
five F, a six or seven S, an eight E, a nine N, a jack J, a queen Q, a king K.

The nouns are the English noun list of the ``wonderwords`` package (its package data), less its
profanity list, read once, the first time a game needs them (``nouns()``), never when the menu
starts. A word is said as a claim, ``Action("say", target=<the noun's index>)``, which the table
stamps with the stimulus its speaker saw (``value``) and settles by press time: the earlier of two
right words takes the card, and the later one is told it was late and by whom (its event names
the stimulus the winning word made, ``data["beaten"]``). Enumerated words carry no stimulus
(``value=None``: said now, about the card up now), so a letter's few hundred actions are built
once per process, not once per card.

Between cards the turner's card is due: the table counts "3, 2, 1" and turns it
(``counted_move``). A player who cannot think of a word passes; a card everyone passes on is set
aside.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from importlib.resources import files

from pydantic import BaseModel, Field

from cardarcade.cards import RANKS, Card, Rank
from cardarcade.rules._proper_nouns import PROPER_NOUNS
from cardarcade.rules._speedplay import NAMES, PACK
from cardarcade.rules.base import (
    Action,
    Event,
    Game,
    GameSpec,
    Options,
    Outcome,
    State,
    construct,
    deal_round_robin,
    prepare_deck,
)

HAND = 4  # face-down cards each, as the text deals
TURN = Action("turn")
PASS = Action("pass")

RULES = """\
# Through the Window

**Goal:** win the most cards by being the first to name a noun (a person, place or thing) that
starts with the letter of the card just turned.

- Each player is dealt **four cards face down** and may not look at them. The rest of the pack
  is set aside and not used.
- The dealer starts: "I looked through the window and saw…", and turns over one of their cards.
  Then the player to their left turns one, and so on round the table.
- A card's **letter** is the first letter of its rank's name: **A** for an ace, **T** for a two,
  three or ten, **F** for a four or five, **S** for a six or seven, **E** for an eight, **N** for
  a nine, **J** for a jack, **Q** for a queen, **K** for a king.
- Everyone at once names a noun with that letter; the **first** takes the card and keeps it face
  up. A word that has **won a card may not be used again** (a word beaten to it may).
- When every card has been turned, the player with the **most cards wins**.

**How this table plays it** (the text leaves these open, or a screen needs them):

- **Words are typed:** type the noun and press enter. A noun counts if it is in the English noun
  list of the *wonderwords* package or on our list of places and first names (countries, states
  and provinces, big cities, seas and mountains, common first names: "Texas", "Tokyo", "Tom"),
  in any case; a hyphen or space may be left out ("icecream" is "ice-cream", "newyork" is "New
  York"). Rude words are left out. A word that is not in the lists, does not start with the
  letter, or has won a card already is refused with a short note to its typist only, and the
  box is cleared for the next try: it costs nothing but time.
- **First means first pressed:** two words sent a moment apart are settled by when enter was
  pressed, not by which the table reads first; the later one is told by how much it lost
  ("Ann was 40 ms earlier").
- The table turns each card for its turner after a count of "3, 2, 1".
- **Passing:** a player who cannot think of a noun may pass on the card (and then may not name
  one for it). A card everyone has passed on is **set aside**, won by nobody (the text has every
  card won, but a table of stuck players must go on).
- **Ties:** players level on the most cards share the win (the text does not say).
- **Two people at one keyboard** buzz first, each with their own key, then the one who buzzed
  types; the earlier buzz holds, and the other is told by how much. A wrong word, an empty enter
  or ten seconds without a key gives the buzz back, and either may buzz again.
- **Cards each** (a house rule): fewer than four each for a shorter game.
"""


class ThroughTheWindowOptions(Options):
    cards_each: int = Field(
        HAND,
        ge=1,
        le=HAND,
        title="Cards each",
        description="Face-down cards dealt to each player (the text deals four).",
    )


# ---- the nouns


LETTERS: dict[Rank, str] = {rank: rank.word[0] for rank in RANKS}  # 8 is e for eight, 10 is t for ten
HINTS: dict[Rank, str] = {rank: f"{rank.word[0].upper()} for {rank.word}" for rank in RANKS}


def letter_of(card: Card) -> str:
    """The card's letter, lower case: the first of its rank's name."""
    return LETTERS[card.rank]


def rank_hint(card: Card) -> str:
    """'T for three', 'E for eight', 'Q for queen'."""
    return HINTS[card.rank]


def fold(text: str) -> str:
    """A typed word as the list is looked up by: lower case, accents dropped, letters only
    ('Ice Cream' and 'ice-cream' are 'icecream', 'jalapeño' is 'jalapeno')."""
    low = text.lower()
    if low.isascii() and low.isalpha():  # nearly every word: nothing to drop
        return low
    plain = unicodedata.normalize("NFKD", low)
    return "".join(ch for ch in plain if "a" <= ch <= "z")


@dataclass(frozen=True)
class Nouns:
    """The noun list, sorted, with what the rules and bots look it up by."""

    words: tuple[str, ...]  # sorted: each letter's nouns are one run
    folded: dict[str, int]  # fold(word) -> index (the first of any that fold alike)
    at: dict[str, int]  # word -> index
    runs: dict[str, tuple[int, int]]  # letter -> (first index, one past the last)
    says: list[Action]  # Action("say", target=i) for every noun, built once (never changed)
    plain: tuple[bool, ...]  # per noun: a single word of letters a-z (what bots say)

    def index(self, typed: str) -> int | None:
        """The noun a typed word names, or None."""
        key = fold(typed)
        return self.folded.get(key) if key else None

    def run(self, letter: str) -> tuple[int, int]:
        return self.runs.get(letter, (0, 0))


def _read_list(name: str) -> list[str]:
    text = (files("wonderwords") / "assets" / name).read_text(encoding="utf-8")
    return [line.strip().lower() for line in text.splitlines() if line.strip()]


@functools.cache
def nouns() -> Nouns:
    """The nouns this game takes: the package's noun list less anything on its profanity list
    (a word, or any part of a hyphenated or two-word noun), and our places and first names
    ("Texas", as the text has it). Read once, on first use."""
    profane = set(_read_list("profanitylist.txt"))
    common = {
        w
        for w in _read_list("nounlist.txt")
        if w[:1].isalpha()
        and w not in profane
        and not (("-" in w or " " in w) and any(p in profane for p in w.replace("-", " ").split()))
    }
    known = {fold(w) for w in common}
    proper = {w for w in PROPER_NOUNS if fold(w) not in known and w.lower() not in profane}
    words = sorted(common | proper, key=lambda w: (w.lower(), w))  # "Texas" among the t words
    folded: dict[str, int] = {}
    runs: dict[str, tuple[int, int]] = {}
    for i, word in enumerate(words):
        key = fold(word)
        folded.setdefault(key, i)
        lo, end = runs.get(key[:1], (i, i))
        if end != i:  # (a word sorting out of its letter's run, such as one starting with an accent)
            raise ValueError(f"the noun list does not sort into one run per letter at {word!r}")
        runs[key[:1]] = (lo, i + 1)
    return Nouns(
        words=tuple(words),
        folded=folded,
        at={w: i for i, w in enumerate(words)},
        runs=runs,
        says=[Action("say", target=i) for i in range(len(words))],
        plain=tuple(w.isascii() and w.isalpha() for w in words),
    )


# ---- state


class ThroughTheWindowState(State):
    options: ThroughTheWindowOptions
    stimulus: int = 1  # the deal
    hidden: list[list[Card]]  # each seat's face-down cards, index 0 turned next
    unused: list[Card]  # the rest of the pack, set aside at the deal
    won: list[list[Card]]  # each seat's cards won, face up
    aside: list[Card] = []  # cards everyone passed on
    turner: int  # whose card is turned next (or is up now)
    window: Card | None = None  # the card up now
    passed: list[int] = []  # seats that passed on the card up now
    used: list[str] = []  # words that have won a card, in order
    turned_k: int = 0  # the stimulus at which the card up now (or the last one) was turned
    taken_k: int = 0  # the stimulus at which the last card left the window
    taken_by: int | None = None  # who won it (None: set aside, or none yet)


class WordWon(BaseModel):
    seat: int
    word: str
    card: Card


class ThroughTheWindowView(BaseModel):
    seat: int | None
    hidden: list[int]  # face-down cards each seat has left
    won: list[list[Card]]
    aside: list[Card]
    turner: int
    window: Card | None
    letter: str | None  # the window card's letter, lower case
    passed: list[int]
    used: list[str]
    last: WordWon | None  # the latest card won
    stimulus: int


def _next_turner(s: ThroughTheWindowState, after: int) -> int | None:
    """The next seat to the left of ``after`` with a face-down card (None: none is left)."""
    n = s.players
    for step in range(1, n + 1):
        seat = (after + step) % n
        if s.hidden[seat]:
            return seat
    return None


class ThroughTheWindow(Game):
    State = ThroughTheWindowState
    Options = ThroughTheWindowOptions
    __slots__ = ()

    @classmethod
    def setup(
        cls, players: int, seed: int, options: ThroughTheWindowOptions, deck: list[Card] | None
    ) -> ThroughTheWindow:
        order = prepare_deck(PACK, seed, deck)
        dealt = players * options.cards_each
        hidden = deal_round_robin(order[:dealt], players)
        state = construct(
            ThroughTheWindowState,
            players=players,
            seed=seed,
            options=options,
            hidden=hidden,
            unused=order[dealt:],
            won=[[] for _ in range(players)],
            turner=players - 1,  # the dealer (seat 0 is at their left) starts
            # every field given: no default to copy
            actions=0,
            rng_draws=0,
            stimulus=1,
            result=None,
            aside=[],
            window=None,
            passed=[],
            used=[],
            turned_k=0,
            taken_k=0,
            taken_by=None,
        )
        return cls(state)

    # ---- queries

    def counted_move(self) -> tuple[int, Action] | None:
        s = self.s
        return (s.turner, TURN) if s.window is None and s.result is None else None

    def cards_won(self) -> list[int]:
        return [len(w) for w in self.s.won]

    # ---- contract

    def actors(self) -> list[int]:
        s = self.s
        if s.result is not None:
            return []
        if s.window is None:
            return [s.turner]
        return [p for p in range(s.players) if p not in s.passed]

    def legal_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.result is not None or not 0 <= seat < s.players:
            return []
        if s.window is None:
            return [TURN] if seat == s.turner else []
        if seat in s.passed:
            return []
        table = nouns()
        lo, hi = table.run(letter_of(s.window))
        out = table.says[lo:hi]  # (a new list)
        if s.used:
            at = table.at
            spent = [i for w in s.used if lo <= (i := at.get(w, -1)) < hi]
            for i in sorted(spent, reverse=True):
                del out[i - lo]
        out.append(PASS)
        return out

    def is_legal(self, seat: int, action: Action) -> bool:
        s = self.s
        if s.result is not None or action.cards:
            return False
        kind = action.kind
        if kind == "turn":
            return action == TURN and s.window is None and seat == s.turner
        if seat in s.passed:
            return False
        if kind == "pass":
            return action == PASS and s.window is not None
        table, target = nouns(), action.target
        if kind != "say" or type(target) is not int or not 0 <= target < len(table.words):
            return False
        if self._about_card_up(action.value):
            lo, hi = table.runs.get(LETTERS[s.window.rank], (0, 0))
            return lo <= target < hi and table.words[target] not in s.used
        # A word about the last card, which has gone since (won, or set aside): too late.
        seen = action.value
        return type(seen) is int and s.turned_k <= seen < s.taken_k

    def _about_card_up(self, seen: object) -> bool:
        """Whether a word said on seeing stimulus ``seen`` (None: now) is about the card up now."""
        s = self.s
        return s.window is not None and (seen is None or type(seen) is int and s.turned_k <= seen <= s.stimulus)

    def view(self, seat: int | None = None) -> ThroughTheWindowView:
        s = self.s
        last = None
        if s.taken_by is not None and s.used:
            last = WordWon.model_construct(seat=s.taken_by, word=s.used[-1], card=s.won[s.taken_by][-1])
        return ThroughTheWindowView.model_construct(
            seat=seat,
            hidden=[len(h) for h in s.hidden],
            won=[list(w) for w in s.won],
            aside=list(s.aside),
            turner=s.turner,
            window=s.window,
            letter=letter_of(s.window) if s.window is not None else None,
            passed=list(s.passed),
            used=list(s.used),
            last=last,
            stimulus=s.stimulus,
        )

    def cards(self) -> list[Card]:
        s = self.s
        up = [s.window] if s.window is not None else []
        return [c for zone in (*s.hidden, *s.won) for c in zone] + s.unused + s.aside + up

    # ---- play

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "turn":
            return self._turn(seat)
        if kind == "pass":
            return self._pass(seat)
        if not self._about_card_up(action.value):
            return [self._late(seat, action.target)]  # type: ignore[arg-type]  # is_legal checked the target
        return self._win(seat, action.target)  # type: ignore[arg-type]  # is_legal checked the target

    def _turn(self, seat: int) -> list[Event]:
        s = self.s
        card = s.hidden[seat].pop(0)
        k = s.stimulus + 1
        s.__dict__.update(window=card, passed=[], stimulus=k, turned_k=k)  # (one update: a move's main cost)
        return [
            Event(
                "turn",
                seat,
                f"{{seat}} looked through the window and saw… the {NAMES[card.code]}: {rank_hint(card)}",
                (card,),
                data={"k": s.stimulus, "letter": letter_of(card)},
            )
        ]

    def _leave_window(self, by: int | None) -> Card:
        s = self.s
        card = s.window
        assert card is not None
        k = s.stimulus + 1
        s.__dict__.update(window=None, passed=[], stimulus=k, taken_k=k, taken_by=by)
        return card

    def _win(self, seat: int, index: int) -> list[Event]:
        s = self.s
        word = nouns().words[index]
        card = self._leave_window(seat)
        s.won[seat].append(card)
        s.used.append(word)
        events = [
            Event(
                "word_win",
                seat,
                f"{{seat}} said “{word}” first and [takes|take] the {NAMES[card.code]}",
                (card,),
                data={"word": word, "k": s.stimulus},
                outcome=Outcome.WON,
            )
        ]
        return events + self._next()

    def _pass(self, seat: int) -> list[Event]:
        s = self.s
        s.passed.append(seat)
        events = [Event("pass", seat, "{seat} [passes|pass]")]
        if len(s.passed) < s.players:
            return events
        card = self._leave_window(None)
        s.aside.append(card)
        events.append(
            Event(
                "aside",
                None,
                f"Nobody names a noun: the {NAMES[card.code]} is set aside",
                (card,),
                data={"k": s.stimulus},
            )
        )
        return events + self._next()

    def _late(self, seat: int, index: int) -> Event:
        s = self.s
        word = nouns().words[index]
        by = s.taken_by
        who = "{target} [target:was|were] first" if by is not None and by != seat else "the card had gone"
        return Event(
            "word_late",
            seat,
            f"{{seat}} said “{word}” too late: {who}",
            target=by,
            data={"beaten": s.taken_k, "word": word},
            outcome=Outcome.LATE,
        )

    def _next(self) -> list[Event]:
        """After a card leaves the window: the next turner, or the end."""
        s = self.s
        turner = _next_turner(s, s.turner)
        if turner is None:
            return [self.finish_by_most(self.cards_won(), "every card has been turned")]
        s.turner = turner
        return []

    # ---- loading

    def check_loaded(self) -> None:
        super().check_loaded()
        s = self.s
        n = s.players
        if len(s.hidden) != n or len(s.won) != n:
            raise ValueError("zones do not match the number of players")
        self.check_seats(s.turner, s.taken_by)
        if any(len(h) > s.options.cards_each for h in s.hidden):
            raise ValueError("a player has more face-down cards than were dealt")
        if len(s.unused) != len(PACK) - n * s.options.cards_each:
            raise ValueError("the cards set aside at the deal do not fit the players")
        if len(set(s.passed)) != len(s.passed) or any(not 0 <= p < n for p in s.passed) or len(s.passed) >= n:
            raise ValueError("bad passes")
        if s.window is None and s.passed:
            raise ValueError("passes with no card up")
        if len(s.used) != sum(len(w) for w in s.won) or len(set(s.used)) != len(s.used):
            raise ValueError("the words used do not match the cards won")
        if not 0 <= s.turned_k <= s.stimulus or not 0 <= s.taken_k <= s.stimulus:
            raise ValueError("bad stimulus counters")
        if s.result is None:
            if not s.hidden[s.turner] and s.window is None:
                raise ValueError("the turner has no card to turn")
            if s.window is not None and s.turned_k != s.stimulus:
                raise ValueError("the card up is not the newest stimulus")
        elif s.window is not None or any(s.hidden):
            raise ValueError("a finished game with cards still to turn")


SPEC = GameSpec.listed("through-the-window", rules=RULES, game=ThroughTheWindow, claim_kinds=frozenset({"say"}))
ThroughTheWindow.spec = SPEC
