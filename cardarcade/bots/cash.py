"""Cash bots: swap for four of a kind, signal a partner, notice signals, call.

Swapping is timed as in the rest of the speed family (``_speedplay``: a look over the eight cards
of the hand and the board, a decision, a hand's movement). Easy collects its commonest rank;
medium also counts the board's cards of each rank; hard and expert also leave ranks whose cards
have gone to the discards.

Gestures are what makes Cash: a bot knows only its own side's signal. Holding four of a kind it
makes that signal, and makes it again while its partner has not called. Every bot also makes an
innocent gesture now and then (never its own side's signal). A gesture seen is judged like a
person at the table would:

- a partner's signal is noticed at the level's **hit rate**, and "Cash!" called after a reaction
  time; any other gesture of the partner's is mistaken for it at half the false-alarm rate;
- an opponent's gesture is suspicious when that player made the same gesture a few seconds
  before (a signal repeated) or made it straight after their own swap (nothing happened between): the
  bot calls "Counter cash!" at the hit rate for a repeat, a third of it straight after a swap, and
  at the level's **false-alarm rate** for a gesture with nothing odd about it.

The stock holder deals a new board once the board has stood unchanged for a while and it wants
nothing on it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from cardarcade.bots import Moment, Plan, register
from cardarcade.bots._speedplay import SpeedFamilyBot
from cardarcade.bots.reaction import ADAPTIVE
from cardarcade.rules.base import Action
from cardarcade.rules.cash import GESTURES, four_of_a_kind


@dataclass(frozen=True, slots=True)
class Eyes:
    """One level's eye for signals (rates per gesture seen) and its patience (seconds)."""

    hit: float  # a real signal (a partner's, or an opponent's repeat) noticed
    false_alarm: float  # an innocent gesture taken for a signal
    patience: float  # how long the stock holder lets a board stand unchanged before a new one
    idle: float  # mean seconds between innocent gestures


EYES: dict[str, Eyes] = {
    "easy": Eyes(hit=0.55, false_alarm=0.03, patience=4.0, idle=18.0),
    "medium": Eyes(hit=0.75, false_alarm=0.012, patience=3.2, idle=20.0),
    "hard": Eyes(hit=0.9, false_alarm=0.004, patience=2.6, idle=22.0),
    "expert": Eyes(hit=0.97, false_alarm=0.001, patience=2.2, idle=24.0),
}
RESIGNAL = 2.5  # seconds before a signal not answered is made again
AFTER_SWAP = 0.3  # a gesture straight after one's own swap: this share of the hit rate
REPEAT = 4.0  # seconds within which the same gesture again looks like a signal repeated
MAX_PENDING = 16


def target_rank(hand: list, board: list, discards: list, skill: int) -> int:
    """The rank the bot collects: its commonest (easy); with what the board offers (medium);
    leaving ranks whose cards are discarded, out of reach for good (hard)."""
    scores: dict[int, float] = {}
    for card in hand:
        scores[card.rank] = scores.get(card.rank, 0) + 1.0
    if skill >= 1:
        for card in board:
            if card.rank in scores:
                scores[card.rank] += 0.6
    if skill >= 2:
        for card in discards:
            if card.rank in scores:
                scores[card.rank] -= 2.0
    best = max(scores.values())
    return next(int(c.rank) for c in hand if scores[c.rank] == best)


@register("cash")
class CashBot(SpeedFamilyBot):
    KEEPS_AIM = False  # (a swap is planned afresh whenever the board changes)

    def __init__(self, seat: int, level: str, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.eyes = EYES["medium" if level == ADAPTIVE else level]
        self._pending: dict[Hashable, Plan] = {}  # calls and gestures decided, until made
        self._judged: set[int] = set()  # gestures (by stimulus) already looked at
        self._seen_at: dict[int, float] = {}  # when each gesture (by stimulus) was seen
        self._hand_no = 0
        self._next_idle: float | None = None

    # ---- the swap (timed by SpeedFamilyBot)

    def may_play(self, view) -> bool:
        return view.phase == "play" and view.board_up and not four_of_a_kind(view.hand)

    def cards_in_view(self, view) -> int:
        return len(view.hand) + len(view.board)

    def choose(self, view) -> Action | None:
        hand, board = view.hand, view.board
        rank = target_rank(hand, board, view.discards, self.skill)
        wanted = [p for p, c in enumerate(board) if c.rank == rank]
        if not wanted:
            return None
        give = min(
            (c for c in hand if c.rank != rank), key=lambda c: sum(1 for h in hand if h.rank == c.rank), default=None
        )
        if give is None:
            return None
        place = wanted[0]
        return Action("swap", (give, board[place]), place, view.stimulus)

    def misplay(self, view) -> Action | None:
        """A hasty hand gives away a card of the rank it collects."""
        rank = target_rank(view.hand, view.board, view.discards, self.skill)
        mine = next((c for c in view.hand if c.rank == rank), None)
        there = next(((p, c) for p, c in enumerate(view.board) if c.rank != rank), None)
        if mine is None or there is None:
            return None
        return Action("swap", (mine, there[1]), there[0], view.stimulus)

    # ---- everything else

    def plans(self, view, moment: Moment) -> list[Plan]:
        if view.hand_no != self._hand_no:  # a new hand: nothing decided carries over
            self._hand_no = view.hand_no
            self._pending.clear()
            self._judged.clear()
            self._seen_at.clear()
            self._next_idle = None
        if view.phase == "signals":
            if self.seat not in view.picking:
                return []
            return [
                self.move(("signal", view.hand_no), moment, lambda: Action("signal", value=self.rng.choice(GESTURES)))
            ]
        if not view.board_up:
            return []
        out = super().plans(view, moment)
        self._signal(view, moment)
        self._idle(view, moment)
        self._notice(view, moment)
        self._refresh(view, moment, bool(out))
        now = moment.now
        for key in [k for k, p in self._pending.items() if p.at < now - 1.0]:
            del self._pending[key]
        out.extend(self._pending.values())
        return out

    def _add(self, plan: Plan) -> None:
        if len(self._pending) < MAX_PENDING and plan.key not in self._pending:
            self._pending[plan.key] = plan

    def _signal(self, view, moment: Moment) -> None:
        if not four_of_a_kind(view.hand):
            return
        rng, profile = self.rng, self.profile
        mine = [
            g
            for g in view.gestures
            if g[0] == self.seat and g[1] == view.signal and g[2] > max(view.swapped_k[self.seat], 0)
        ]
        if not view.partners:  # alone: nobody to signal, so call on one's own four
            self._add(
                Plan(
                    Action("cash", value=view.stimulus), moment.now + profile.sample(rng), ("cash", view.hand_no, "own")
                )
            )
            return
        tries = len(mine)
        key = ("signal", view.hand_no, tries)
        if key not in self._pending:  # (a plan dropped during a count is made afresh)
            delay = profile.sample(rng) + (RESIGNAL if tries else 0.0)
            self._add(Plan(Action("gesture", value=view.signal), moment.now + delay, key))

    def _idle(self, view, moment: Moment) -> None:
        """An innocent gesture now and then: anything but the side's own signal."""
        now = moment.now
        if self._next_idle is None:
            self._next_idle = now + self.rng.expovariate(1.0 / self.eyes.idle)
            return
        if now < self._next_idle:
            return
        choices = [g for g in GESTURES if g != view.signal]
        at = self._next_idle
        self._add(
            Plan(
                Action("gesture", value=self.rng.choice(choices)),
                now + self.rng.uniform(0.3, 1.5),
                ("idle", view.hand_no, at),
            )
        )
        self._next_idle = now + self.rng.expovariate(1.0 / self.eyes.idle)

    def _notice(self, view, moment: Moment) -> None:
        rng, eyes = self.rng, self.eyes
        partners = view.partners
        for i, (seat, gesture, k) in enumerate(view.gestures):
            if k in self._judged or seat == self.seat:
                continue
            self._judged.add(k)
            self._seen_at[k] = moment.now
            if k != view.stimulus:  # seen late (a count, a pause): too old to act on now
                continue
            if seat in partners:
                kind = "cash"
                chance = eyes.hit if gesture == view.signal else eyes.false_alarm / 2
            else:
                kind = "counter"
                before = [g for g in view.gestures[:i] if g[0] == seat]
                if before and before[-1][1] == gesture and moment.now - self._seen_at.get(before[-1][2], -99) < REPEAT:
                    chance = eyes.hit
                elif view.swapped_k[seat] == k - 1:
                    chance = eyes.hit * AFTER_SWAP
                else:
                    chance = eyes.false_alarm
            if rng.random() < chance:
                self._add(Plan(Action(kind, value=k), moment.now + self.profile.sample(rng), (kind, view.hand_no, k)))

    def _refresh(self, view, moment: Moment, swapping: bool) -> None:
        if view.holder != self.seat or swapping:
            return
        key = ("refresh", view.hand_no, tuple(c.code for c in view.board), view.stock)
        at = self.once(key, lambda: moment.now + self.eyes.patience * self.rng.uniform(0.8, 1.3))
        self._add(Plan(Action("refresh", value=view.stimulus), at, key))
