"""What a table learns of the people at it: their reaction times and the races they take.

The adaptive bots follow both, and the result screen sums up where they ended. This is
bookkeeping on the outcomes of play, not the running of it, so it stands apart from the
``Table``, which hands it every batch of reactions and every move that may have decided a race.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from collections.abc import Iterable, Sequence

from cardarcade.bots import Bot
from cardarcade.bots.reaction import AdaptiveProfile
from cardarcade.rules.base import Event
from cardarcade.seating import Reaction, Seat, is_fault, is_win

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


class PeopleWatch:
    """The people's reactions and races at one table, and the adaptive bots that follow them.

    ``races``: the list the table reports its races in (``TableStats.races``), appended to here.
    ``person_median``: what was known of the person's speed before this game (see ``Table``)."""

    def __init__(
        self,
        seats: Sequence[Seat],
        bots: Iterable[Bot],
        *,
        realtime: bool,
        person_median: float | None,
        races: list[Race],
    ) -> None:
        self.people = frozenset(i for i, seat in enumerate(seats) if not seat.is_bot)
        # Races are followed where people race: realtime games with someone at the keyboard.
        self.watching_races = bool(self.people) and realtime
        self.races = races
        self._person_median = person_median  # (the summary says where the bots began)
        # The adaptive bots at a table follow the same people, so they share one profile, tuned
        # once per observation (each still draws its own times with its own random source).
        self.profile: AdaptiveProfile | None = None
        for bot in bots:
            if isinstance(getattr(bot, "profile", None), AdaptiveProfile):
                if self.profile is None:
                    self.profile = AdaptiveProfile(start_median=person_median)
                bot.profile = self.profile

    def observe(self, batch: list[Reaction]) -> None:
        """Adaptive bots follow the people's reaction times (mistakes are not reactions)."""
        if self.profile is None:
            return
        for r in batch:
            if r.seat in self.people and not is_fault(r.outcome):
                self.profile.observe_person(r.seconds)

    def note_race(self, events: list[Event], contenders: Sequence[int]) -> None:
        """Record a race these events decided; adaptive bots follow the people's share of the
        races they could take part in, against their even share of them."""
        decided = race_decided(events)
        if decided is None or len(contenders) < 2:
            return  # (a move only one seat could make raced nobody)
        seat, won = decided
        race = Race(seat, won, tuple(contenders))
        self.races.append(race)
        people = sum(1 for p in race.contenders if p in self.people)
        if self.profile is None or not people:
            return
        person = seat in self.people
        share = people / len(race.contenders)
        # A race lost by being last is a race every other seat won.
        self.profile.observe_race(person if won else not person, share if won else 1 - share)

    def median(self) -> float | None:
        """The median reaction time (seconds) the adaptive bots are tuned to now."""
        return None if self.profile is None else self.profile.median

    def summary(self, reactions: Iterable[Reaction]) -> str | None:
        """How the adaptive bots tuned themselves (None without adaptive bots): where they ended
        against the person's own presses among ``reactions``, and why they differ (an earlier
        game's speed they began from, the share of races the person took)."""
        median = self.median()
        if median is None:
            return None
        bots = _ms(median)
        mine = [r.seconds for r in reactions if r.seat in self.people and not is_fault(r.outcome)]
        races = [race for race in self.races if any(p in self.people for p in race.contenders)]
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
            taken = sum((race.seat in self.people) == race.won for race in races)
            why.append(f"follow who takes the races: you took {taken} of {len(races)}")
        return f"{said}. They {' and '.join(why)}." if why else f"{said}."
