"""Human-like reaction times.

A person's simple reaction times are well described by an ex-Gaussian: a normal component
(perception and motor time) plus an exponential tail (lapses of attention). We sample from it,
never go below a physiological floor (~120 ms), and add a Hick's-law term so that decisions
with more alternatives to check take longer.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

FLOOR = 0.12  # seconds: nobody reliably reacts to a card faster than this


@dataclass(frozen=True)
class ReactionProfile:
    """One difficulty level's reflexes. Times in seconds, rates in [0, 1]."""

    name: str
    mu: float  # mean of the normal component
    sigma: float  # spread of the normal component
    tau: float  # mean of the exponential tail
    miss_rate: float  # chance of not reacting at all to a card that should be claimed
    false_rate: float  # chance of claiming a card that should not be
    hick: float = 0.06  # extra seconds per bit of choice (log2 of the alternatives)
    floor: float = FLOOR

    def sample(self, rng: random.Random, alternatives: int = 1) -> float:
        """One reaction time; ``alternatives`` > 1 slows it down by Hick's law."""
        t = rng.gauss(self.mu, self.sigma) + rng.expovariate(1.0 / self.tau)
        if alternatives > 1:
            t += self.hick * math.log2(alternatives)
        return max(self.floor, t)

    def misses(self, rng: random.Random) -> bool:
        return rng.random() < self.miss_rate

    def blunders(self, rng: random.Random) -> bool:
        return rng.random() < self.false_rate

    @property
    def mean(self) -> float:
        return self.mu + self.tau


LEVELS: dict[str, ReactionProfile] = {
    p.name: p
    for p in (
        ReactionProfile("easy", mu=0.50, sigma=0.070, tau=0.160, miss_rate=0.15, false_rate=0.05),
        ReactionProfile("medium", mu=0.32, sigma=0.045, tau=0.110, miss_rate=0.05, false_rate=0.02),
        ReactionProfile("hard", mu=0.245, sigma=0.035, tau=0.080, miss_rate=0.02, false_rate=0.01),
        ReactionProfile("expert", mu=0.185, sigma=0.025, tau=0.050, miss_rate=0.005, false_rate=0.003),
    )
}
ADAPTIVE = "adaptive"
LEVEL_NAMES: tuple[str, ...] = (*LEVELS, ADAPTIVE)


def exgauss_cdf(x: float, mu: float, sigma: float, tau: float) -> float:
    """P(T <= x) for T = Normal(mu, sigma) + Exponential(mean tau)."""
    z = (x - mu) / sigma
    tail = math.exp(min(-(x - mu) / tau + sigma * sigma / (2 * tau * tau), 700.0))
    return _phi(z) - tail * _phi(z - sigma / tau)


def _phi(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def exgauss_quantile(q: float, mu: float, sigma: float, tau: float) -> float:
    """The time below which a share ``q`` of ex-Gaussian draws fall, by bisection (no closed form)."""
    lo, hi = mu - 6 * sigma, mu + 6 * sigma + 20 * tau
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if exgauss_cdf(mid, mu, sigma, tau) < q else (lo, mid)
    return (lo + hi) / 2


def median_of(profile: ReactionProfile) -> float:
    """A profile's median reaction time for one alternative (the floor aside)."""
    return exgauss_quantile(0.5, profile.mu, profile.sigma, profile.tau)


# A person's spread grows with their median: the normal part and the tail are about 11% and 28% of
# it at every fixed level, so a person of any speed is drawn with the same shape, scaled.
SIGMA_SHARE, TAU_SHARE = 0.11, 0.28
_MU_SHARE = 1 - exgauss_quantile(0.5, 0.0, SIGMA_SHARE, TAU_SHARE)
# A person with median m reacts within this many m nine times in ten.
_P90_SHARE = exgauss_quantile(0.9, _MU_SHARE, SIGMA_SHARE, TAU_SHARE)  # mu as a share of the median
# Slower people also miss more cards and jump the gun more often: the fixed levels' rates by their
# medians, and beyond easy a one-second person (a child, a first game) who misses one card in four.
SLIPS: tuple[tuple[float, float, float], ...] = (
    *sorted((median_of(p), p.miss_rate, p.false_rate) for p in LEVELS.values()),
    (1.0, 0.25, 0.08),
)


def slips_at(median: float) -> tuple[float, float]:
    """(miss rate, false-claim rate) of a person with this median: interpolated between SLIPS."""
    if median <= SLIPS[0][0]:
        return SLIPS[0][1], SLIPS[0][2]
    for (m0, miss0, false0), (m1, miss1, false1) in zip(SLIPS, SLIPS[1:]):
        if median <= m1:
            w = (median - m0) / (m1 - m0)
            return miss0 + w * (miss1 - miss0), false0 + w * (false1 - false0)
    return SLIPS[-1][1], SLIPS[-1][2]


def human_like(median: float, name: str = "person") -> ReactionProfile:
    """Reflexes of a person whose median reaction is ``median`` seconds, in the game at hand.

    No Hick's-law term: the median is already the person's in this game, however hard it is to read.
    """
    miss, false = slips_at(median)
    return ReactionProfile(
        name,
        mu=_MU_SHARE * median,
        sigma=SIGMA_SHARE * median,
        tau=TAU_SHARE * median,
        miss_rate=miss,
        false_rate=false,
        hick=0.0,
    )


class AdaptiveProfile:
    """Reflexes that follow the person at the table, so every race stays close.

    The bot is a person-like profile (``human_like``) whose median is retuned after every
    observation, from two things the table reports:

    - the person's own reaction times (``observe_person``): the bot aims at their recent median,
      which puts it where the person is after their first claim;
    - who takes each contested race (``observe_race``): a handicap, kept as a ratio to that
      median, grows while the person takes fewer races than an even share and shrinks while they
      take more. It corrects what the times alone get wrong (the person misses cards, or only
      their quick claims are seen). Its step is large for the first races, so it settles within
      about a dozen, then small, so it holds steady instead of chasing every race.

    Its misses and false claims follow its median along the same curve as a person's
    (``slips_at``), and each claim is still drawn from a full human spread, never below the floor,
    so its margins vary from race to race. It can be anywhere from faster than expert to slower
    than easy. ``start_median`` is what is known of the person's speed before this game (where
    the last game's adaptive bots ended, later the person's stored median): it counts as a few of
    their reactions until their own recent ones replace it. Without it the bot starts at medium
    and jumps to the person's first reaction.
    """

    RECENT = 15  # the person's latest reactions that make their median
    PRIOR = 5  # reactions' worth of weight for the person's median from earlier games
    FIRST_STEP = 0.5  # handicap step (log ratio) per race of surprise, at the first race
    SETTLE = 6  # races over which the step halves ...
    LAST_STEP = 0.12  # ... down to this, for the rest of the session
    MAX_HANDICAP = 1.2  # the race results move the bot at most ~3.3x off the person's times
    MEDIAN_RANGE = (0.18, 2.5)  # seconds: from quicker than expert to a very slow person

    def __init__(self, start_median: float | None = None) -> None:
        self.start_median = median_of(LEVELS["medium"]) if start_median is None else start_median
        self.median_range = self.MEDIAN_RANGE
        # The person's latest reactions, led by their earlier median if known (it slides out).
        self._person: list[float] = [] if start_median is None else [start_median] * self.PRIOR
        self._handicap = 0.0
        self.observed = 0  # the person's reactions seen
        self.races = 0  # contested races seen
        self.median = self.start_median  # seconds: the median reaction the bot is tuned to now
        self.current = human_like(self.median, ADAPTIVE)

    @property
    def unhurried(self) -> float:
        """Seconds a card should stay up for the person followed to react to it nine times in ten:
        a slow person slows the table's tempo, as friends playing with a child would."""
        return _P90_SHARE * self.median

    @property
    def mu(self) -> float:
        return self.current.mu

    def sample(self, rng: random.Random, alternatives: int = 1) -> float:
        """One reaction time. ``alternatives`` is ignored: the person's times that the bot follows
        already include how hard this game is to read."""
        return self.current.sample(rng)

    def misses(self, rng: random.Random) -> bool:
        return self.current.misses(rng)

    def blunders(self, rng: random.Random) -> bool:
        return self.current.blunders(rng)

    def observe_person(self, seconds: float) -> None:
        """A person's reaction time (not a mistake): late claims count too, they are the person's speed."""
        self._person.append(seconds)
        del self._person[: -self.RECENT]
        self.observed += 1
        self._retune()

    def observe_race(self, person_won: bool, even_share: float) -> None:
        """A contested race and whether the people took it, with their even share of it (people /
        seats in play). A race lost by being last is reported as not won."""
        if not 0 < even_share < 1:
            return  # nobody else in the race: nothing to learn
        step = max(self.LAST_STEP, self.FIRST_STEP * self.SETTLE / (self.SETTLE + self.races))
        # Winning more than their share makes the bot quicker (a smaller handicap), losing slower.
        # The surprise is scaled to a two-player race's spread: at a big table a person's share
        # is small, and a win or a loss beyond it says as much as at two.
        surprise = (float(person_won) - even_share) * math.sqrt(0.25 / (even_share * (1 - even_share)))
        self._handicap = min(max(self._handicap - step * surprise, -self.MAX_HANDICAP), self.MAX_HANDICAP)
        self.races += 1
        self._retune()

    @property
    def knows_person(self) -> bool:
        """Whether anything is known of the person: their reactions here or an earlier game's median."""
        return bool(self._person)

    def keep_within(self, median_range: tuple[float, float], start_median: float) -> None:
        """Follow the person within ``median_range`` seconds, from ``start_median`` while nothing
        is known of them, instead of a reaction's range and start: a game whose races take longer
        than a reaction (a word thought of and typed) sets its own."""
        if median_range == self.median_range:
            return
        self.median_range = median_range
        if not self._person:
            self.start_median = start_median
        self._retune()

    def _retune(self) -> None:
        base = percentile(self._person, 50) if self._person else self.start_median
        lo, hi = self.median_range
        self.median = min(max(base * math.exp(self._handicap), lo), hi)
        self.current = human_like(self.median, ADAPTIVE)


def profile_for(level: str) -> ReactionProfile | AdaptiveProfile:
    """A bot's reaction profile; an adaptive bot gets its own, since it changes during play."""
    if level == ADAPTIVE:
        return AdaptiveProfile()
    return LEVELS[level]


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)
