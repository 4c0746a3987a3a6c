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
- Counted moves: a game may offer a move nobody chooses, made after a count of three (Speed's
  flip from the talons when both players are blocked) through ``counted_move() -> (seat,
  action) | None``; the table counts and makes it, and tells the listener (an empty batch) when
  a count starts, so the screen can show it (``count_ends``).
"""

from __future__ import annotations

import bisect
import random
import statistics
from dataclasses import dataclass, field, replace
from functools import partial
from collections.abc import Callable, Sequence

from cardarcade.bots import Bot, Moment, Plan, Thinking, make_bot
from cardarcade.bots.reaction import AdaptiveProfile
from cardarcade.rules.base import Action, Event, Game, IllegalAction, Outcome
from cardarcade.seating import Reaction, Seat, is_fault, is_win
from cardarcade.table.clock import Clock, Handle
from cardarcade.table.thinking import InlineThinker, Thinker

ARBITRATION_WINDOW = 0.03  # seconds; presses closer than this are ordered by timestamp
COUNT_BEATS = 3  # a counted move comes on "3, 2, 1" ...
COUNT_BEAT = 0.6  # ... seconds a beat
DEFAULT_PACE = 0.8  # seconds a bot takes for an ordinary move in a live game
# A thought not answered within its time limit times this, plus the grace, is given up for the
# bot's fallback move (a worker may be busy with other tables' searches, or have died).
THINKING_GRACE = 2.0
MATCHED = 0.15  # adaptive bots within this share of the person's median have matched them


def how_many(n: int, one: str, many: str | None = None) -> str:
    """'1 line', '12 lines' (``many``: a plural not made with -s)."""
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"


def presses(n: int) -> str:
    """'1 press', '12 presses'."""
    return how_many(n, "press", "presses")


def _ms(seconds: float) -> str:
    """Seconds as milliseconds to the nearest ten: '350'."""
    return f"{round(seconds * 1000, -1):.0f}"


@dataclass(frozen=True, slots=True)
class Race:
    """A contested race: the seat it was decided for (``won``) or against (lost by being last),
    and the seats that could take part (players out of the game cannot)."""

    seat: int
    won: bool
    contenders: tuple[int, ...]

    @property
    def even_share(self) -> float:
        """Each contender's fair chance of it."""
        return 1 / len(self.contenders)


def race_decided(events: Sequence[Event]) -> tuple[int, bool] | None:
    """The seat a race was decided for or against, and whether it won: most races go to the first
    right claim (an event the engine judged ``Outcome.WON``) or to a move its engine marks as a race won
    (``data["race"]``: a play in the speed family, made by whoever was quicker to it); in Salute
    the King the last to answer loses and takes the pile (collect), whether their gesture or the
    next card closed the round. None when these events decide no race."""
    for e in events:
        if e.seat is None:
            continue
        if is_win(e.outcome) or e.data.get("race"):
            return e.seat, True
        if e.kind == "collect":
            return e.seat, False
    return None


@dataclass(slots=True)
class _Claim:
    seat: int
    action: Action
    t: float


Listener = Callable[[list[Event], int | None], None]
ReactionListener = Callable[[list[Reaction]], None]


class _NoHandle:
    def cancel(self) -> None:
        pass


_NO_HANDLE = _NoHandle()


@dataclass
class TableStats:
    applied: int = 0
    reactions: list[Reaction] = field(default_factory=list)
    # Races decided at a realtime table with people at it: what adaptive bots follow.
    races: list[Race] = field(default_factory=list)


class Table:
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
    ) -> None:
        """``person_median``: what is known of the person's speed (seconds) before this game, where
        adaptive bots start instead of at medium: the last game's ``adaptive_median`` in a session,
        later the person's stored median. ``stand_ins``: policies that play people's seats (a
        scripted person in tests and benchmarks), planned like bots but counted as people.
        ``thinker``: where slow decisions are worked out (default: inline, at once);
        ``think_seconds``: how long a search may take (None: a fixed amount of work).
        ``head_start``: the most a press may be stamped before it reaches the table now (a shared
        table allowing for round trips); a claim is held that much longer than ``window``, so an
        earlier press arriving later is still settled first, whoever claimed first."""
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
        self.game = game
        self.seats = list(seats)
        self.clock = clock
        self.pace = pace
        self.window = window
        self.head_start = head_start
        self.listener = listener
        self.on_reactions = on_reactions
        self.claim_kinds = game.spec.claim_kinds
        self.untimed_kinds = game.spec.untimed_claim_kinds
        self.stats = TableStats()
        self.bots: dict[int, Bot] = {
            i: make_bot(game.spec.id, i, seat.level or "medium", random.Random(f"{seed}:bot:{i}"))
            for i, seat in enumerate(self.seats)
            if seat.is_bot
        }
        # The adaptive bots at a table follow the same people, so they share one profile, tuned
        # once per observation (each still draws its own times with its own random source).
        self.adaptive: AdaptiveProfile | None = None
        self._person_median = person_median  # (the result's sentence says where the bots began)
        for bot in self.bots.values():
            if isinstance(getattr(bot, "profile", None), AdaptiveProfile):
                if self.adaptive is None:
                    self.adaptive = AdaptiveProfile(start_median=person_median)
                bot.profile = self.adaptive
        self._people = frozenset(self.human_seats)
        # Races are followed where people race: realtime games with someone at the keyboard.
        self._races_watched = bool(self._people) and game.spec.realtime
        self.stand_ins = dict(stand_ins or {})
        if any(self.seats[i].is_bot for i in self.stand_ins):
            raise ValueError("a stand-in plays a person's seat, not a bot's")
        self._planners: dict[int, Bot] = {**self.bots, **self.stand_ins}
        self._plans: dict[int, dict[object, tuple[Plan, Handle]]] = {i: {} for i in self._planners}
        self._fired: dict[int, set[object]] = {i: set() for i in self._planners}  # plans already carried out
        self.thinker: Thinker = thinker or InlineThinker(clock)
        self.think_seconds = think_seconds
        self._thoughts: dict[int, dict[object, tuple[Handle, Handle | None]]] = {i: {} for i in self._planners}
        self._claims: list[_Claim] = []
        self._claim_timer: Handle | None = None
        # Who made each recent stimulus and when they pressed, to tell a beaten claim who beat it.
        self._made_by: dict[int, tuple[int, float]] = {}
        self._count: Handle | None = None
        self.count_ends: float | None = None  # when the counted move under way lands
        # When each stimulus appeared: parallel lists for bisecting by press time.
        self._stim_times: list[float] = [clock.now()]
        self._stim_values: list[int] = [game.stimulus]
        self.started = False
        self._told = 0  # batches the listener was told (one at least says play is on)
        self._hurried = False
        self.paused = False
        self.closed = False

    # ---- lifecycle

    def start(self) -> None:
        """Begin play: bots start planning. (A countdown, if any, happens before this.)"""
        if self.started:
            return
        self.started = True
        self._stim_times[-1] = self.clock.now()
        told = self._told
        self._replan()
        if self._told == told:
            self._tell([], None)  # play is on: the screens say so

    def pause(self) -> None:
        """Hold play (a menu or notice covers the table): bots stop, their plans are dropped."""
        self.paused = True
        self._cancel_plans()
        self._cancel_count()
        if self._claim_timer is not None:  # presses in their window are kept, and settled on resume
            self._claim_timer.cancel()
            self._claim_timer = None

    def resume(self) -> None:
        if not self.paused:
            return
        self.paused = False
        # Reactions restart from now: a card seen before the pause is not a head start.
        self._stim_times[-1] = max(self._stim_times[-1], self.clock.now())
        if self._claims and self._claim_timer is None:
            self._claim_timer = self.clock.call_at(self.clock.now() + self.window, self._resolve_claims)
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
        self._drop_thoughts(self._thoughts.pop(seat, {}))
        self._fired.pop(seat, None)
        self.stand_ins.pop(seat, None)
        self._planners.pop(seat, None)
        if bot is not None:
            self.stand_ins[seat] = self._planners[seat] = bot
            self._plans[seat], self._fired[seat], self._thoughts[seat] = {}, set(), {}
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
        for thoughts in self._thoughts.values():
            self._drop_thoughts(thoughts)
            thoughts.clear()
        if self._claim_timer is not None:
            self._claim_timer.cancel()
            self._claim_timer = None
        self._claims.clear()

    # ---- input

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def stimulus_at(self, t: float) -> int:
        """The stimulus that was newest at clock time ``t``."""
        i = bisect.bisect_right(self._stim_times, t) - 1
        return self._stim_values[max(i, 0)]

    def stimulus_time(self, stimulus: int | None = None) -> float:
        """When the given (default: current) stimulus appeared."""
        if stimulus is None or stimulus == self._stim_values[-1]:
            return self._stim_times[-1]
        i = bisect.bisect_left(self._stim_values, stimulus)
        return self._stim_times[min(i, len(self._stim_times) - 1)]

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None:
        """A claim (slap, snap, a call naming ``target``...) pressed at time ``t``; resolved
        after the arbitration window."""
        if self.closed or self.paused or self.game.is_over:
            return
        self._press(seat, Action(kind, target=target), t)

    def _press(self, seat: int, action: Action, t: float | None) -> None:
        """Queue a claim pressed at ``t``, tagged with the stimulus newest then."""
        t = self.clock.now() if t is None else t
        self._queue_claim(_Claim(seat, replace(action, value=self.stimulus_at(t)), t))

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

    def _queue_claim(self, claim: _Claim) -> None:
        self._claims.append(claim)
        if self._claim_timer is None:
            hold = self.window + (self.head_start() if self.head_start is not None else 0.0)
            self._claim_timer = self.clock.call_at(self.clock.now() + hold, self._resolve_claims)

    def _resolve_claims(self) -> None:
        self._claim_timer = None
        claims = sorted(self._claims, key=lambda c: c.t)
        # One race is the presses within a window of its first. Later ones are settled next, as
        # a race of their own: a loop too busy to settle in time must not merge two races (whose
        # claimants each see the other's time) by when it got round to them.
        last = claims[0].t + self.window if claims else 0.0
        cut = next((i for i, c in enumerate(claims) if c.t > last), len(claims))
        claims, self._claims = claims[:cut], claims[cut:]
        if self._claims:
            self._claim_timer = self.clock.call_at(self.clock.now(), self._resolve_claims)
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
            beaten = self._made_by.get(own.data.get("beaten")) if own is not None else None  # type: ignore[arg-type]
            by, margin = (beaten[0], claim.t - beaten[1]) if beaten is not None else (None, 0.0)
            if claim.action.kind in self.untimed_kinds:
                continue  # settled by press time like any claim, but no reaction to time or learn from
            batch.append(
                Reaction(
                    claim.seat, claim.t - self.stimulus_time(stim), kind, stim, claim.action.kind, by, margin, outcome
                )
            )
        self.stats.reactions.extend(batch)
        if batch:
            self._tell_adaptive_bots(batch)
            if self.on_reactions is not None:
                self.on_reactions(batch)
        if not self.closed:
            self._replan()

    def _tell_adaptive_bots(self, batch: list[Reaction]) -> None:
        """Adaptive bots follow the people's reaction times (mistakes are not reactions)."""
        if self.adaptive is None:
            return
        for r in batch:
            if not self.seats[r.seat].is_bot and not is_fault(r.outcome):
                self.adaptive.observe_person(r.seconds)

    def _note_race(self, events: list[Event], contenders: Sequence[int]) -> None:
        """Record a race these events decided; adaptive bots follow the people's share of the
        races they could take part in, against their even share of them."""
        decided = race_decided(events)
        if decided is None or len(contenders) < 2:
            return  # (a move only one seat could make raced nobody)
        seat, won = decided
        race = Race(seat, won, tuple(contenders))
        self.stats.races.append(race)
        people = sum(1 for p in race.contenders if p in self._people)
        if self.adaptive is None or not people:
            return
        person = seat in self._people
        share = people / len(race.contenders)
        # A race lost by being last is a race every other seat won.
        self.adaptive.observe_race(person if won else not person, share if won else 1 - share)

    def adaptive_median(self) -> float | None:
        """The median reaction time (seconds) the adaptive bots are tuned to now; the next game of
        the session can start them there (``person_median``)."""
        return None if self.adaptive is None else self.adaptive.median

    def adaptive_summary(self) -> str | None:
        """How the adaptive bots tuned themselves, for the result screen (None without adaptive
        bots): where they ended against the person's own presses in this game, and why they
        differ (an earlier game's speed they began from, the share of races the person took)."""
        median = self.adaptive_median()
        if median is None:
            return None
        bots = _ms(median)
        mine = [r.seconds for r in self.stats.reactions if not self.seats[r.seat].is_bot and not is_fault(r.outcome)]
        races = [race for race in self.stats.races if any(p in self._people for p in race.contenders)]
        if not (mine or races):
            return f"The adaptive bots had no race of yours to follow and stayed at about {bots} ms."
        yours = statistics.median(mine) if mine else None
        if yours is not None and abs(median - yours) <= MATCHED * yours:
            return f"The adaptive bots matched you: about {bots} ms, your median here {_ms(yours)} ms."
        said = f"The adaptive bots ended at about {bots} ms"
        if yours is not None:
            said += f"; your median here was {_ms(yours)} ms over {presses(len(mine))}"
        why = []
        if self._person_median is not None and len(mine) < AdaptiveProfile.RECENT:
            why.append(f"began at your earlier {_ms(self._person_median)} ms")
        if races:
            taken = sum((race.seat in self._people) == race.won for race in races)
            why.append(f"follow who takes the races: you took {taken} of {len(races)}")
        return f"{said}. They {' and '.join(why)}." if why else f"{said}."

    def _apply(
        self, seat: int, action: Action, replan: bool = True, t: float | None = None, made_by_seat: bool = True
    ) -> list[Event]:
        """Apply a move pressed (or planned) at ``t`` (default: now). ``made_by_seat``: False for a
        move the table made (a counted flip), which a beaten claim is not told a seat made."""
        game = self.game
        before = game.stimulus
        # Who could take part in a race this move may decide: the seats in play before it.
        contenders = game.actors() if self._races_watched else ()
        events = game.apply(seat, action)
        self.stats.applied += 1
        if self._races_watched:
            self._note_race(events, contenders)
        if game.stimulus != before:
            now = self.clock.now()
            self._stim_times.append(now)
            self._stim_values.append(game.stimulus)
            if len(self._stim_times) > 512:  # only recent history is ever looked up
                del self._stim_times[:256], self._stim_values[:256]
            if made_by_seat:
                made_by = self._made_by
                made_by[game.stimulus] = (seat, now if t is None else t)
                if len(made_by) > 64:  # a claim loses to a move made a moment before it, never older
                    del made_by[next(iter(made_by))]
        self._tell(events, seat)
        if game.is_over:
            self.close()
        elif replan:
            self._replan()
        return events

    def _tell(self, events: list[Event], seat: int | None) -> None:
        self._told += 1
        if self.listener is not None:
            self.listener(events, seat)

    def _replan(self) -> None:
        if not self.started or self.closed or self.paused:
            return
        game = self.game
        moment = Moment(
            now=self.clock.now(),
            stimulus_time=self._stim_times[-1],
            pace=self.tempo(),
            think_seconds=self.think_seconds,
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
            thoughts = self._thoughts[seat]
            self._drop_thoughts({k: thoughts.pop(k) for k in [k for k in thoughts if k not in wanted]})
            fired = self._fired[seat]
            for key, plan in fresh.items():
                if key not in current and key not in fired:
                    handle = self.clock.call_at(plan.at, partial(self._fire, seat, key))
                    current[key] = (plan, handle)
            for key, thought in wanted.items():
                if key not in thoughts and key not in fired:
                    self._start_thinking(seat, thought, moment)
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
        return frozenset(seat for seat, thoughts in self._thoughts.items() if thoughts)

    def _start_thinking(self, seat: int, thought: Thinking, moment: Moment) -> None:
        started = moment.now
        limit = None
        if self.think_seconds is not None:
            limit = self.clock.call_at(
                started + self.think_seconds + THINKING_GRACE,
                lambda: self._concluded(seat, thought, TimeoutError("no answer in time"), started),
            )
        # Registered before asking: an inline thinker's answer may come before ``think`` returns.
        self._thoughts[seat][thought.key] = (_NO_HANDLE, limit)
        work = self.thinker.think(
            thought.work, thought.args, lambda answer: self._concluded(seat, thought, answer, started)
        )
        if thought.key in self._thoughts[seat]:
            self._thoughts[seat][thought.key] = (work, limit)

    def _concluded(self, seat: int, thought: Thinking, answer: object, started: float) -> None:
        thoughts = self._thoughts.get(seat)
        if self.closed or thoughts is None or thought.key not in thoughts:
            return  # the situation has gone, or the table has
        before = self.thinking
        self._drop_thoughts({thought.key: thoughts.pop(thought.key)})
        action = answer if isinstance(answer, Action) else thought.fallback
        # The thinking was the pause a person takes before moving; a quick answer waits out the pace.
        at = max(self.clock.now(), started + self.tempo())
        self._planners[seat].conclude(thought.key, action, at)
        self._replan()  # (held while paused: the answer waits in the bot until play resumes)
        if self.thinking != before:
            self._tell([], None)

    @staticmethod
    def _drop_thoughts(thoughts: dict[object, tuple[Handle, Handle | None]]) -> None:
        for work, limit in thoughts.values():
            work.cancel()
            if limit is not None:
                limit.cancel()

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

    def _fire(self, seat: int, key: object) -> None:
        entry = self._plans[seat].pop(key, None)
        if entry is None or self.closed:
            return
        fired = self._fired[seat]
        if len(fired) > 64:  # keys name situations that never come back; keep only recent ones
            fired.clear()
        fired.add(key)
        plan = entry[0]
        if plan.action.kind in self.claim_kinds:
            self._queue_claim(_Claim(seat, plan.action, plan.at))
            return
        try:
            self._apply(seat, plan.action, t=plan.at)
        except IllegalAction:
            self._replan()
