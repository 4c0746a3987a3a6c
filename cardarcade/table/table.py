"""The table: turns key presses, bot plans and the clock into ``game.apply`` calls.

- Ordinary moves (turning a card) apply the moment they arrive.
- Claims in realtime games (slap, snap, ...) are held for a short arbitration window after
  the first one arrives, then applied in order of their *press timestamps*, never in the
  order they happened to be processed. Each claim is tagged with the stimulus (the card that
  was newest) at its press time, so a slap on a jack counts as a slap on that jack even if
  another card landed before the slap was processed.
- Bots are asked for plans after every change; a plan whose situation has gone is dropped.
- A bot's slow decision (``Thinking``) is worked out by the table's thinker, off the event loop
  at a live table; the seat shows as thinking meanwhile, and the listener is told with an empty
  batch of events when that starts or stops.
- A claim may be a whole move (a card played onto a pile in Speed): it keeps its cards and
  target. When the engine says a claim lost to an earlier move (its claimant's event names the
  stimulus that move made, ``data["beaten"]``), the reaction says who made it and how much
  earlier it was pressed, so the loser sees why.
- Moves made together: a bot's plan marked ``together`` (War's turned card) is held while a
  person still has to move and made with the last of them, the listener told of both in one
  batch: the screen draws the round once, not the person's card and then the bots' a moment later.
- Counted moves: a game may offer a move nobody chooses, made after a count of three (Speed's
  flip from the talons when both players are blocked) through ``counted_move() -> (seat,
  action) | None``; the table counts and makes it, and tells the listener (an empty batch) when
  a count starts, so the screen can show it (``count_ends``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import partial
from collections.abc import Callable, Sequence

from cardarcade.bots import Bot, Moment, Plan, Thinking, make_bot
from cardarcade.rules.base import Action, Event, Game, IllegalAction, Outcome
from cardarcade.seating import Reaction, Seat
from cardarcade.table.claims import Arbiter, Claim
from cardarcade.table.clock import Clock, Handle
from cardarcade.table.moves import MoveLog

# (how_many and presses: the screens import the words for their counts from here)
from cardarcade.table.races import PeopleWatch, Race, how_many, presses  # noqa: F401
from cardarcade.table.stimuli import StimulusLog
from cardarcade.table.thinking import Thinker, Thoughts

ARBITRATION_WINDOW = 0.03  # seconds; presses closer than this are ordered by timestamp
COUNT_BEATS = 3  # a counted move comes on "3, 2, 1" ...
COUNT_BEAT = 0.6  # ... seconds a beat
DEFAULT_PACE = 0.8  # seconds a bot takes for an ordinary move in a live game


Listener = Callable[[list[Event], int | None], None]
ReactionListener = Callable[[list[Reaction]], None]


@dataclass
class TableStats:
    applied: int = 0
    reactions: list[Reaction] = field(default_factory=list)
    # Races decided at a realtime table with people at it: what adaptive bots follow.
    races: list[Race] = field(default_factory=list)


class Table:
    """A game played in real time (see the module's account). What it holds apart: the claims in
    their window (``Arbiter``), when each stimulus appeared (``StimulusLog``), the people's races
    the adaptive bots follow (``PeopleWatch``) and the bots' thoughts under way (``Thoughts``)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        clock: Clock,
        *,
        pace: float = DEFAULT_PACE,
        window: float = ARBITRATION_WINDOW,
        seed: int = 0,
        listener: Listener | None = None,
        on_reactions: ReactionListener | None = None,
        person_median: float | None = None,
        stand_ins: dict[int, Bot] | None = None,
        thinker: Thinker | None = None,
        think_seconds: float | None = None,
        head_start: Callable[[], float] | None = None,
        moves: MoveLog | None = None,
    ) -> None:
        """``person_median``: what is known of the person's speed (seconds) before this game, where
        adaptive bots start instead of at medium: the last game's ``adaptive_median`` in a session,
        later the person's stored median. ``stand_ins``: policies that play people's seats (a
        scripted person in tests and benchmarks), planned like bots but counted as people.
        ``thinker``: where slow decisions are worked out (default: inline, at once);
        ``think_seconds``: how long a search may take (None: a fixed amount of work).
        ``head_start``: the most a press may be stamped before it reaches the table now (a shared
        table allowing for round trips); a claim is held that much longer than ``window``, so an
        earlier press arriving later is still settled first, whoever claimed first.
        ``moves``: where every applied move is noted (a replay); by default the table's own, timed
        from its making."""
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
        self.game = game
        self.seats = list(seats)
        self.clock = clock
        self.pace = pace
        self.listener = listener
        self.on_reactions = on_reactions
        self.claim_kinds = game.spec.claim_kinds
        self.untimed_kinds = game.spec.untimed_claim_kinds
        self.stats = TableStats()
        made = clock.now()
        self.moves = moves if moves is not None else MoveLog(lambda: clock.now() - made, clock.now)
        self.bots: dict[int, Bot] = {
            i: make_bot(game.spec.id, i, seat.level or "medium", random.Random(f"{seed}:bot:{i}"))
            for i, seat in enumerate(self.seats)
            if seat.is_bot
        }
        self._watch = PeopleWatch(
            self.seats,
            self.bots.values(),
            realtime=game.spec.realtime,
            person_median=person_median,
            races=self.stats.races,
        )
        self.adaptive = self._watch.profile  # the one profile the adaptive bots at the table share
        self._races_watched = self._watch.watching_races
        self.stand_ins = dict(stand_ins or {})
        if any(self.seats[i].is_bot for i in self.stand_ins):
            raise ValueError("a stand-in plays a person's seat, not a bot's")
        self._planners: dict[int, Bot] = {**self.bots, **self.stand_ins}
        self._plans: dict[int, dict[object, tuple[Plan, Handle]]] = {i: {} for i in self._planners}
        self._fired: dict[int, set[object]] = {i: set() for i in self._planners}  # plans already carried out
        self._held: dict[int, Plan] = {}  # seat -> its together plan, waiting for a person to move
        self._thoughts = Thoughts(clock, thinker, think_seconds, self._planners, self._concluded)
        self._arbiter = Arbiter(clock, window, head_start, self._settle)
        self._count: Handle | None = None
        self.count_ends: float | None = None  # when the counted move under way lands
        self._stimuli = StimulusLog(clock.now(), game.stimulus)
        self.started = False
        self._told = 0  # batches the listener was told (one at least says play is on)
        self._hurried = False
        self.paused = False
        self.closed = False

    @property
    def thinker(self) -> Thinker:
        """Where this table's slow decisions are worked out (the coach's too)."""
        return self._thoughts.thinker

    # ---- lifecycle

    def start(self) -> None:
        """Begin play: bots start planning. (A countdown, if any, happens before this.)"""
        if self.started:
            return
        self.started = True
        self._stimuli.restart(self.clock.now())
        told = self._told
        self._replan()
        if self._told == told:
            self._tell([], None)  # play is on: the screens say so

    def pause(self) -> None:
        """Hold play (a menu or notice covers the table): bots stop, their plans are dropped."""
        self.paused = True
        self._cancel_plans()
        self._cancel_count()
        self._arbiter.hold()  # presses in their window are kept, and settled on resume

    def resume(self) -> None:
        if not self.paused:
            return
        self.paused = False
        # Reactions restart from now: a card seen before the pause is not a head start.
        self._stimuli.restart(self.clock.now(), keep_later=True)
        self._arbiter.release()
        self._replan()

    def steady(self, pace: float) -> None:
        """Back to ``pace`` after ``hurry``: a person who was out is back in the game."""
        self.pace = pace
        self._hurried = False

    def hurry(self, pace: float) -> None:
        """Play on at ``pace`` from now (the people are out: the bots finish fast); moves already
        planned come due no later than that."""
        self.pace = pace
        self._hurried = True  # nobody left to keep up with
        soonest = self.clock.now() + pace
        for seat, plans in self._plans.items():
            for key, (plan, handle) in list(plans.items()):
                if plan.at > soonest:
                    handle.cancel()
                    sooner = replace(plan, at=soonest)
                    plans[key] = (sooner, self.clock.call_at(soonest, partial(self._fire, seat, key)))

    def set_stand_in(self, seat: int, bot: Bot | None) -> None:
        """From now on ``bot`` plays this person's seat (they lost their connection), or, with None,
        nobody does (they are back). The seat still counts as a person's."""
        if self.seats[seat].is_bot:
            raise ValueError("a stand-in plays a person's seat, not a bot's")
        for _, handle in self._plans.pop(seat, {}).values():
            handle.cancel()
        self._thoughts.seat_changed(seat, planned=bot is not None)
        self._fired.pop(seat, None)
        self.stand_ins.pop(seat, None)
        self._planners.pop(seat, None)
        if bot is not None:
            self.stand_ins[seat] = self._planners[seat] = bot
            self._plans[seat], self._fired[seat] = {}, set()
        self._replan()

    def _cancel_plans(self) -> None:
        for plans in self._plans.values():
            for _, handle in plans.values():
                handle.cancel()
            plans.clear()

    def close(self) -> None:
        """Stop everything: cancel bot plans, thoughts and pending claims (leaving the screen, game over)."""
        self.closed = True
        self._cancel_plans()
        self._cancel_count()
        self._thoughts.drop_all()
        self._arbiter.drop()

    # ---- input

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def stimulus_at(self, t: float) -> int:
        """The stimulus that was newest at clock time ``t``."""
        return self._stimuli.at(t)

    def stimulus_time(self, stimulus: int | None = None) -> float:
        """When the given (default: current) stimulus appeared."""
        return self._stimuli.time_of(stimulus)

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None:
        """A claim (slap, snap, a call naming ``target``...) pressed at time ``t``; resolved
        after the arbitration window."""
        if self.closed or self.paused or self.game.is_over:
            return
        self._press(seat, Action(kind, target=target), t)

    def _press(self, seat: int, action: Action, t: float | None) -> None:
        """Queue a claim pressed at ``t``, tagged with the stimulus newest then."""
        t = self.clock.now() if t is None else t
        self._arbiter.queue(Claim(seat, replace(action, value=self._stimuli.at(t)), t))

    def submit(self, seat: int, action: Action, t: float | None = None) -> list[Event]:
        """Apply a move now. Raises IllegalAction (nothing changes) if it is not allowed. A claim
        (with its cards and target) is held for arbitration instead and settled by press time."""
        if self.closed or self.paused:
            raise IllegalAction("the table is not in play")
        if action.kind in self.claim_kinds:
            if not self.game.is_over:
                self._press(seat, action, t)
            return []
        return self._apply(seat, action, t=t)

    # ---- internals

    def _settle(self, claims: list[Claim]) -> None:
        """Apply the claims of one race in press order, and report the reactions they make."""
        batch: list[Reaction] = []
        for claim in claims:
            if self.game.is_over or self.closed:
                break
            try:
                events = self._apply(claim.seat, claim.action, replan=False, t=claim.t)
            except IllegalAction:
                continue  # e.g. a player who was shut out a moment earlier
            own = next((e for e in events if e.seat == claim.seat), None)
            kind = own.kind if own is not None else "claim"
            outcome = own.outcome if own is not None and own.outcome is not None else Outcome.OK
            stim = int(claim.action.value or 0)
            beaten = self._stimuli.maker_of(own.data.get("beaten")) if own is not None else None
            by, margin = (beaten[0], claim.t - beaten[1]) if beaten is not None else (None, 0.0)
            if claim.action.kind in self.untimed_kinds:
                continue  # settled by press time like any claim, but no reaction to time or learn from
            seconds = claim.t - self._stimuli.time_of(stim)
            batch.append(Reaction(claim.seat, seconds, kind, stim, claim.action.kind, by, margin, outcome))
        self.stats.reactions.extend(batch)
        if batch:
            self._watch.observe(batch)
            if self.on_reactions is not None:
                self.on_reactions(batch)
        if not self.closed:
            self._replan()

    def adaptive_median(self) -> float | None:
        """The median reaction time (seconds) the adaptive bots are tuned to now; the next game of
        the session can start them there (``person_median``)."""
        return self._watch.median()

    def adaptive_summary(self) -> str | None:
        """How the adaptive bots tuned themselves, for the result screen (None without adaptive
        bots): ``PeopleWatch.summary`` of this game's reactions."""
        return self._watch.summary(self.stats.reactions)

    def _apply(
        self,
        seat: int,
        action: Action,
        replan: bool = True,
        t: float | None = None,
        made_by_seat: bool = True,
        together: bool = False,
    ) -> list[Event]:
        """Apply a move pressed (or planned) at ``t`` (default: now). ``made_by_seat``: False for a
        move the table made (a counted flip), which a beaten claim is not told a seat made.
        ``together``: a bot's move made with a person's (``_moves_together``)."""
        game = self.game
        before = game.stimulus
        # Who could take part in a race this move may decide: the seats in play before it.
        contenders = game.actors() if self._races_watched else ()
        events = game.apply(seat, action)
        self.stats.applied += 1
        self.moves.note(seat, action, t)  # (the one place every move passes: the replay's record)
        if self._races_watched:
            self._watch.note_race(events, contenders)
        if game.stimulus != before:
            now = self.clock.now()
            self._stimuli.record(game.stimulus, now, ((seat, now if t is None else t) if made_by_seat else None))
        if together:
            return events  # (told and followed up with the move it was made with)
        if replan and made_by_seat and self._is_person(seat):
            events = events + self._moves_together()
        self._tell(events, seat)
        if game.is_over:
            self.close()
        elif replan:
            self._replan()
        return events

    def _moves_together(self) -> list[Event]:
        """The held moves, made now if no person is left to move: their events, to be told with
        the person's move that freed them."""
        if not self._held or any(self._is_person(s) for s in self.game.actors()):
            return []
        events: list[Event] = []
        held, self._held = self._held, {}
        for seat, plan in held.items():
            if self.game.is_over:
                break
            self._note_fired(seat, plan.key)
            try:
                events += self._apply(seat, plan.action, together=True)
            except IllegalAction:
                continue
        return events

    def _tell(self, events: list[Event], seat: int | None) -> None:
        self._told += 1
        if self.listener is not None:
            self.listener(events, seat)

    def _is_person(self, seat: int) -> bool:
        """Whether a person's key makes this seat's moves (not a bot, nor a stand-in for someone gone)."""
        return not self.seats[seat].is_bot and seat not in self.stand_ins

    def _replan(self) -> None:
        if not self.started or self.closed or self.paused:
            return
        game = self.game
        people_waiting = any(self._is_person(s) for s in game.actors())
        held: dict[int, Plan] = {}
        moment = Moment(
            now=self.clock.now(),
            stimulus_time=self._stimuli.latest_time,
            pace=self.tempo(),
            think_seconds=self._thoughts.think_seconds,
        )
        thinking_before = self.thinking
        for seat, bot in self._planners.items():
            current = self._plans[seat]
            fresh: dict[object, Plan] = {}
            wanted: dict[object, Thinking] = {}
            for item in bot.plans(game.view(seat), moment):
                if isinstance(item, Thinking):
                    wanted[item.key] = item
                else:
                    fresh[item.key] = item
            for key in [k for k in current if k not in fresh]:
                if seat in self.stand_ins and self._committed(current[key][0]):
                    continue
                current.pop(key)[1].cancel()
            self._thoughts.keep_only(seat, wanted)
            thoughts = self._thoughts.of(seat)
            fired = self._fired[seat]
            for key, plan in fresh.items():
                if key not in current and key not in fired:
                    if plan.together and people_waiting and seat not in self.stand_ins:
                        held[seat] = plan  # (made with the last person's move: ``_moves_together``)
                        continue
                    handle = self.clock.call_at(plan.at, partial(self._fire, seat, key))
                    current[key] = (plan, handle)
            for key, thought in wanted.items():
                if key not in thoughts and key not in fired:
                    self._thoughts.start(seat, thought, moment.now)
        self._held = held
        if self.thinking != thinking_before:
            self._tell([], None)
        self._count_if_due()

    # ---- counted moves

    def _count_if_due(self) -> None:
        """Start counting towards the game's counted move when it offers one (and stop when it
        no longer does)."""
        due = self.game.counted_move()
        if due is None:
            self._cancel_count()
            return
        if self._count is not None:
            return
        beat = min(COUNT_BEAT, self.pace) if self._hurried else COUNT_BEAT
        self.count_ends = self.clock.now() + COUNT_BEATS * beat
        self._count = self.clock.call_at(self.count_ends, self._make_counted)
        self._tell([], None)

    def _cancel_count(self) -> None:
        if self._count is not None:
            self._count.cancel()
        self._count = None
        self.count_ends = None

    def _make_counted(self) -> None:
        self._count, self.count_ends = None, None
        due = self.game.counted_move()
        if due is None or self.closed or self.paused:
            return
        seat, action = due
        try:
            self._apply(seat, action, made_by_seat=False)
        except IllegalAction:
            self._replan()

    # ---- thinking

    @property
    def thinking(self) -> frozenset[int]:
        """The seats whose bots are working out a move."""
        return self._thoughts.seats

    def _concluded(self, seat: int, thought: Thinking, answer: object, started: float) -> None:
        if self.closed or not self._thoughts.under_way(seat, thought.key):
            return  # the situation has gone, or the table has
        before = self.thinking
        self._thoughts.finish(seat, thought.key)
        action = answer if isinstance(answer, Action) else thought.fallback
        # The thinking was the pause a person takes before moving; a quick answer waits out the pace.
        at = max(self.clock.now(), started + self.tempo())
        self._planners[seat].conclude(thought.key, action, at)
        self._replan()  # (held while paused: the answer waits in the bot until play resumes)
        if self.thinking != before:
            self._tell([], None)

    def tempo(self) -> float:
        """Seconds a bot takes over an ordinary move. With adaptive bots at the table, a card stays
        up long enough for the person they follow to react to it (``AdaptiveProfile.unhurried``)."""
        if self._hurried or self.adaptive is None:
            return self.pace
        return max(self.pace, self.adaptive.unhurried)

    def _committed(self, plan: Plan) -> bool:
        """Whether a person would still make this claim: once a hand is on its way it lands, even
        if someone else got there first, until a new card changes what it would land on."""
        return plan.action.kind in self.claim_kinds and plan.action.value == self.game.stimulus

    def _note_fired(self, seat: int, key: object) -> None:
        fired = self._fired[seat]
        if len(fired) > 64:  # keys name situations that never come back; keep only recent ones
            fired.clear()
        fired.add(key)

    def _fire(self, seat: int, key: object) -> None:
        entry = self._plans[seat].pop(key, None)
        if entry is None or self.closed:
            return
        self._note_fired(seat, key)
        plan = entry[0]
        if plan.action.kind in self.claim_kinds:
            self._arbiter.queue(Claim(seat, plan.action, plan.at))
            return
        try:
            self._apply(seat, plan.action, t=plan.at)
        except IllegalAction:
            self._replan()
