"""The rating model, and the bot levels' fixed ratings in it: the anchors every person's rating
is measured against.

Ratings follow OpenSkill's Weng-Lin model (Plackett-Luce), which rates any number of sides of
any size from their places: partners (Cash, Frogs in the Pond) are one side and share its place;
tied seats share a place. The scale is OpenSkill's own times 60, so that a newcomer starts at
1,500, uncertain by 500.

The anchors were measured once by bot-against-bot play (``python -m cardarcade.table.anchors``,
which writes ``anchors.json`` beside this module with the command that made it), shifted so that
each game's medium bot is 1,500. A rating earned alone against bots and one earned at a shared
table are on the same scale, and a bot's rating never moves.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

from cardarcade.bots.reaction import LEVELS, median_of
from cardarcade.rules.base import Result

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

MU = 1500.0  # a newcomer's rating
SIGMA = 500.0  # how uncertain it is
BETA = 250.0  # how far apart two players are whose better one wins about three games in four
TAU = 5.0  # how much a rating may drift between games (a person's skill changes; a bot's does not)
ANCHOR_LEVEL = "medium"  # each game's medium bot is MU
ANCHORS_FILE = "anchors.json"


@dataclass(frozen=True)
class Skill:
    """A rating: ``mu`` what it is thought to be, ``sigma`` how uncertain that is."""

    mu: float = MU
    sigma: float = SIGMA


@functools.cache
def model() -> PlackettLuce:
    # (imported when first rating: ~45 ms, not on the way to a result screen, which only asks
    # whether the game is rated)
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def places(result: Result, players: int) -> tuple[list[list[int]], list[int]]:
    """The sides (lists of seats) and each side's place, 0 the best; sides sharing a place tied.

    Partners are one side. The winners share the first place (a draw, or a shared win, is a tie
    between them); the others follow in the game's ranking, those with equal scores tied, and
    those the game names as losers come last."""
    if result.sides is not None:
        by_side: dict[int, list[int]] = {}
        for seat in range(players):
            by_side.setdefault(result.sides[seat], []).append(seat)
        sides = list(by_side.values())
    else:
        sides = [[seat] for seat in range(players)]
    winners, losers = set(result.winners), set(result.losers)
    ranked = {seat: i for i, seat in enumerate(result.ranking)}
    scores = result.scores

    def key(side: list[int]) -> tuple:
        if winners & set(side):
            return (0,)
        if losers & set(side):
            return (2,)
        if not winners:
            return (0,)  # nobody won: everyone not named a loser ties
        seat = side[0]
        if scores is not None:
            return (1, scores[seat] if result.low_wins else -scores[seat])
        return (1, ranked.get(seat, players))

    keys = [key(side) for side in sides]
    order = sorted(set(keys))
    return sides, [order.index(k) for k in keys]


def rate(sides: list[list[Skill]], ranks: list[int], drift: bool = True) -> list[list[Skill]]:
    """Every seat's rating after a game: ``sides`` the ratings before, by side, ``ranks`` each
    side's place. (The caller keeps what it will of the answer: a bot's never moves.) Without
    ``drift`` nobody is thought to have changed since their last game (bots measured)."""
    m = model()
    teams = [[m.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    # (openskill reads a tau of 0 as "the model's": a tiny one is none)
    rated = m.rate(teams, ranks=[float(r) for r in ranks], tau=None if drift else 1e-9)
    return [[Skill(r.mu, r.sigma) for r in side] for side in rated]


def settled_level(median: float) -> str:
    """The fixed level whose bots react most like adaptive ones tuned to ``median`` seconds: what
    adaptive bots are rated as once a game has tuned them (they follow the person, so where they
    settled says how fast that person is)."""
    return min(LEVELS, key=lambda level: abs(median_of(LEVELS[level]) - median))


@dataclass(frozen=True)
class Anchors:
    """The measured levels: ``levels[game][level]`` is a bot's fixed rating there."""

    commands: list[str]
    levels: dict[str, dict[str, Skill]]

    def of(self, game: str, level: str) -> Skill | None:
        """A bot's rating, or None where it was never measured (its games are not rated)."""
        return self.levels.get(game, {}).get(level)


@functools.cache
def anchors() -> Anchors:
    """The anchors shipped with the package (none, if the file is missing or damaged: nothing
    against bots is rated then, and nothing fails)."""
    try:
        data = json.loads(resources.files(__package__).joinpath(ANCHORS_FILE).read_text("utf-8"))
        return anchors_from(data)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return Anchors([], {})


def anchors_from(data: dict) -> Anchors:
    return Anchors(
        [str(c) for c in data["commands"]],
        {
            game: {level: Skill(float(s["mu"]), float(s["sigma"])) for level, s in entry["levels"].items()}
            for game, entry in data["games"].items()
        },
    )
