"""Shared rules for one-pile slapping games (Slapjack, Egyptian Ratscrew).

Each player keeps a face-down stack; turned cards go onto one centre pile. Every turned card is
a stimulus, numbered in order, and a slap carries the number of the card its player saw, so a
slap is judged against the pile as it stood then: ``pile_index(k)`` finds that card, or says the
pile it belonged to is already gone (a late slap, no penalty). Face-down penalty cards sit at the
bottom of the pile (``pile_under`` of them) and have no stimulus number.

Both games share slapping in while out of cards, being shut out for good, cards turned out of
turn (dead, or refused under the beginners' house rule), and the ending: when fewer than two
players hold cards, the last holder takes the pile and wins.
"""

from __future__ import annotations

from pydantic import Field

from cardarcade.cards import Card, double_deck, standard_deck
from cardarcade.rules._calling import valid_claim_value
from cardarcade.rules.base import Action, Event, Game, Outcome, State, deal_round_robin

_PACKS: dict[int, tuple[Card, ...]] = {1: tuple(standard_deck()), 2: tuple(double_deck())}


def full_deck(decks: int) -> list[Card]:
    """The pack(s) a game with ``decks`` packs is played with."""
    return list(_PACKS[decks])


def stimulus_index(k: int, pile_first: int, under: int = 0) -> int | None:
    """Index in a centre pile of the card turned as stimulus ``k``, or None when the pile it lay
    on has been taken since (a claim on it is late). ``pile_first`` is the stimulus of the pile's
    first turned card; ``under`` the penalty cards beneath it."""
    return None if k < pile_first else under + k - pile_first


def forgive_early_flip() -> bool:
    """The beginners' house rule on cards turned out of turn (an Options field)."""
    return Field(
        False,
        title="Forgive early cards",
        description="For beginners: a card turned before your turn is refused and costs nothing. "
        "Off (the game as written): it is a dead card, lost to the pile.",
    )


OUT_OF_TURN_RULE = """A beginners' house rule refuses a card turned early instead: it costs nothing."""


class PileState(State):
    stacks: list[list[Card]]  # face down, index 0 is the top
    pile: list[Card]  # the centre pile, last = top
    pile_dead: list[bool]  # parallel to pile: dead (turned out of turn, or a face-down penalty)
    pile_by: list[int]  # parallel to pile: the seat that put the card there
    pile_under: int = 0  # face-down penalty cards at the bottom (they have no stimulus number)
    pile_first: int = 1  # stimulus number of the pile's first turned card (stimulus + 1 when none)
    turn: int = 0  # whose next card is live
    shut: list[bool]  # shut out of the game for good


def dealt(order: list[Card], players: int) -> dict:
    """The fields of a fresh PileState: ``order`` dealt out, an empty pile, nobody shut out."""
    return {
        "stacks": deal_round_robin(order, players),
        "pile": [],
        "pile_dead": [],
        "pile_by": [],
        "shut": [False] * players,
    }


class PileGame(Game):
    """A one-pile slapping game: subclasses give ``pack`` and, where their round state needs
    resetting when the pile is won, extend ``_collect``."""

    __slots__ = ()

    def _collect(self, seat: int) -> None:
        """``seat`` wins the pile and leads the next one (the last holder does, at the end)."""
        self._take_pile(seat)
        self.s.turn = seat

    def owed(self) -> int | None:
        """A seat owed the pile, who may act without cards (none unless the game says so)."""
        return None

    def in_turn(self, seat: int) -> bool:
        """Whether a card ``seat`` turned now would be live: it is their turn."""
        return seat == self.s.turn

    def may_flip(self, seat: int) -> bool:
        """Any holder may turn a card, live or dead, unless early cards are refused (house rule)."""
        s = self.s
        return bool(s.stacks[seat]) and (self.in_turn(seat) or not s.options.forgive_early_flip)

    # ---- queries

    def actors(self) -> list[int]:
        """Holders, a seat owed the pile, and while slapping in is open everyone not shut out."""
        s = self.s
        if s.result is not None:
            return []
        # may_flip / may_slap per seat, with what they share worked out once (this runs after every move)
        owed, turned, stacks, shut = self.owed(), s.stimulus >= 1, s.stacks, s.shut
        early = not s.options.forgive_early_flip
        slap_in = s.options.slap_in and self.holders() >= 2
        return [
            p
            for p in range(s.players)
            if (stacks[p] and (early or self.in_turn(p)))
            or p == owed
            or (turned and not shut[p] and (stacks[p] or slap_in))
        ]

    def is_out(self, seat: int) -> bool:
        """No cards, nothing owed, and no way back in: shut out, or slapping in is closed."""
        return self.s.result is None and not self.s.stacks[seat] and seat != self.owed() and not self.may_slap(seat)

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

    def can_slap(self, seat: int | None) -> bool:
        """``may_slap`` for any seat a view is asked for, once a card has been turned."""
        s = self.s
        return seat is not None and 0 <= seat < s.players and s.stimulus >= 1 and self.may_slap(seat)

    def slap_legal(self, seat: int, k: object) -> bool:
        return valid_claim_value(k, self.s.stimulus) and self.may_slap(seat)

    def add_slap(self, seat: int, out: list[Action]) -> list[Action]:
        """``out`` with the slap on the newest card added, when ``seat`` may slap."""
        if self.s.stimulus >= 1 and self.may_slap(seat):
            out.append(Action("slap", value=self.s.stimulus))
        return out

    def recent_start(self, shown: int) -> int:
        """Index of the oldest of the newest ``shown`` turned cards (penalty cards never show)."""
        s = self.s
        return len(s.pile) - min(shown, len(s.pile) - s.pile_under)

    def pile_index(self, k: int) -> int | None:
        """Index in the pile of the card turned as stimulus ``k``; None if its pile is gone."""
        return stimulus_index(k, self.s.pile_first, self.s.pile_under)

    def cards(self) -> list[Card]:
        s = self.s
        return [c for st in s.stacks for c in st] + list(s.pile)

    def next_holder(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` that holds cards (``seat`` itself if none)."""
        s = self.s
        stacks, n = s.stacks, s.players
        for i in range(1, n + 1):
            p = (seat + i) % n
            if stacks[p]:
                return p
        return seat

    # ---- play

    def flip_event(self, seat: int, card: Card, k: int, live: bool) -> Event:
        """What a turned card says; a dead one says plainly what it cost."""
        if live:
            return Event("flip", seat, f"{{seat}} [turns|turn] up {card}", (card,), data={"dead": False, "k": k})
        return Event(
            "flip",
            seat,
            f"{{seat}} [turns|turn] up {card} out of turn: dead, worth nothing and lost to the pile",
            (card,),
            data={"dead": True, "k": k, "penalty": True},
        )

    def turn_card(self, seat: int, live: bool) -> tuple[Card, int]:
        """``seat`` turns its top card onto the pile: the card and its stimulus number."""
        s = self.s
        card = s.stacks[seat].pop(0)
        s.pile.append(card)
        s.pile_dead.append(not live)
        s.pile_by.append(seat)
        s.stimulus += 1
        return card, s.stimulus

    def late_slap(self, seat: int, k: int) -> list[Event]:
        return [
            Event(
                "late_slap",
                seat,
                "{seat} [slaps|slap] too late: the pile is already gone",
                data={"k": k},
                outcome=Outcome.LATE,
            )
        ]

    def shut_out(self, seat: int, what: str, k: int, cards: tuple[Card, ...] = ()) -> list[Event]:
        """``seat``, out of cards, slapped wrongly: shut out for good."""
        self.s.shut[seat] = True
        return [
            Event(
                "false_slap",
                seat,
                f"{{seat}} [slaps|slap] {what} while out of cards",
                cards,
                data={"k": k},
                outcome=Outcome.FAULT,
            ),
            Event("shut_out", seat, "{seat} slapped wrongly while out and [is|are] shut out"),
        ]

    def pay_under(self, seat: int) -> None:
        """``seat`` pays its top card face down under the pile: a dead card."""
        s = self.s
        s.pile.insert(0, s.stacks[seat].pop(0))
        s.pile_dead.insert(0, True)
        s.pile_by.insert(0, seat)
        s.pile_under += 1

    def _take_pile(self, seat: int) -> None:
        """The pile goes under ``seat``'s stack."""
        s = self.s
        s.stacks[seat].extend(s.pile)
        s.pile.clear()
        s.pile_dead.clear()
        s.pile_by.clear()
        s.pile_under = 0
        s.pile_first = s.stimulus + 1

    def ran_out(self, seat: int, events: list[Event]) -> bool:
        """Call when ``seat`` may have just run out of cards: says so, and ends the game if that
        decided it (then True)."""
        if self.s.stacks[seat]:
            return False
        events.append(Event("out", seat, "{seat} [has|have] no cards left and [is|are] out"))
        return self.end_if_decided(events)

    def end_if_decided(self, events: list[Event]) -> bool:
        """End the game if fewer than two players hold cards: the last holder takes the pile."""
        s = self.s
        holding = [p for p in range(s.players) if s.stacks[p]]
        if len(holding) >= 2:
            return False
        winner = holding[0]
        self._collect(winner)
        held = [len(st) for st in s.stacks]
        ranking = [winner] + [p for p in range(s.players) if p != winner]
        events.append(
            self.finish(
                [winner],
                "{seat} [wins|win] with every card",
                scores=[float(h) for h in held],
                ranking=ranking,
                score_name="cards",
            )
        )
        return True

    def end_at_card_limit(self, events: list[Event]) -> None:
        """After the card limit, the player holding the most cards wins (equal holdings draw)."""
        s = self.s
        limit = s.options.max_flips
        if s.result is None and s.stimulus >= limit:
            held = [len(st) for st in s.stacks]
            events.append(self.finish_by_most(held, f"the {limit}-card limit was reached"))

    # ---- saves

    def check_piles(self, seats: list[int]) -> None:
        """A loaded state's zones, pile and counters fit together; ``seats`` are the game's own
        seat fields, to be in range."""
        s = self.s
        n = s.players
        if len(s.stacks) != n or len(s.shut) != n:
            raise ValueError("zones do not match the number of players")
        if not len(s.pile) == len(s.pile_dead) == len(s.pile_by):
            raise ValueError("the pile's flags do not match its cards")
        if not 0 <= s.turn < n or any(not 0 <= p < n for p in s.pile_by) or any(not 0 <= p < n for p in seats):
            raise ValueError("a seat number is out of range")
        if not 0 <= s.pile_under <= len(s.pile) or s.stimulus < 0 or not all(s.pile_dead[: s.pile_under]):
            raise ValueError("bad pile counters")
        if len(s.pile) - s.pile_under != s.stimulus + 1 - s.pile_first:
            raise ValueError("the pile does not match the number of cards turned")
        if any(sh and st for sh, st in zip(s.shut, s.stacks)):
            raise ValueError("a shut-out player holds cards")
        if s.result is None and self.holders() < 2:  # the game ends the moment one holder is left
            raise ValueError("fewer than two players hold cards in a game still going on")
