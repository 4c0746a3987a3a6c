"""Human-like reaction times.

A person's simple reaction times are well described by an ex-Gaussian: a normal component
(perception and motor time) plus an exponential tail (lapses of attention). We sample from it,
never go below a physiological floor (~120 ms), and add a Hick's-law term so that decisions
with more alternatives to check take longer.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

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


class AdaptiveProfile:
    """Reflexes that follow the person at the table, so the match stays close.

    It starts as ``medium``. The table reports each human reaction (``observe_human``) and who
    won each contested claim (``observe_outcome``). The bot aims its median at the person's
    recent median, then shifts a little slower while it is winning more than its share and a
    little faster while losing, within the expert..easy range. It plays through ``current``, an
    ordinary profile replaced whenever it retunes, so bots use it like any other.
    """

    WINDOW = 12  # recent human reactions that count
    STEP = 0.015  # seconds of handicap per claim won or lost beyond an even share
    MAX_LEAD = 6

    def __init__(self) -> None:
        self.current = replace(LEVELS["medium"], name=ADAPTIVE)
        self._human: list[float] = []
        self._lead = 0

    @property
    def mu(self) -> float:
        return self.current.mu

    def sample(self, rng: random.Random, alternatives: int = 1) -> float:
        return self.current.sample(rng, alternatives)

    def misses(self, rng: random.Random) -> bool:
        return self.current.misses(rng)

    def blunders(self, rng: random.Random) -> bool:
        return self.current.blunders(rng)

    def observe_human(self, seconds: float) -> None:
        self._human.append(seconds)
        del self._human[:-self.WINDOW]
        self._retune()

    def observe_outcome(self, bot_won: bool) -> None:
        self._lead = max(-self.MAX_LEAD, min(self.MAX_LEAD, self._lead + (1 if bot_won else -1)))
        self._retune()

    def _retune(self) -> None:
        if not self._human:
            return
        # ex-Gaussian median ~ mu + tau * ln 2 for the tails used here
        target = percentile(self._human, 50) + self.STEP * self._lead
        mu = target - self.current.tau * math.log(2)
        self.current = replace(self.current, mu=min(max(mu, LEVELS["expert"].mu), LEVELS["easy"].mu))


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
