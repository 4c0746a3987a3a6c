"""The coach: what the strongest bot would play in a person's place, and why, in its own figures.

A hint is the move a fresh bot of the game's strongest level (expert where the game offers one
at this table, else hard) makes from the person's view, and the reason is that bot's own: the
figures its search found for the moves it weighed (``search.tallied``), or, where it plays by
rule at this moment, its rule in words (``RULES``). It runs as a bot's search does: off the event
loop (``advise`` is module-level and its arguments picklable), a fixed amount of work.

The review after a game asks the same bot at each of the person's moves (``table.coaching``):
where it would have played otherwise, its figures say how much the person's move gave up (``Miss``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardarcade.bots import Moment, Thinking, levels_for, make_bot
from cardarcade.rules.base import Action

if TYPE_CHECKING:
    from cardarcade.bots.search import Tally

# What the strongest bot of each turn-based game goes by when it does not search at a moment
# (a search's own figures say more, and are used wherever one ran).
RULES: dict[str, str] = {
    "go-fish": "asks where the table talk says the rank is",
    "authors": "asks where the table talk says the card is",
    "neosho-rapids": "the longest chain the hand allows, ending where others can least follow",
    "dig": "keeps the eights, leaves the opponent the least chance to follow",
    "concentration": "takes a set it remembers, else turns a card not yet seen",
    "cuckoo": "keeps a card known not to be the lowest",
    "old-mans-bundle": "the most cards won, less what the reply may win back",
    "knock-poker": "on the last turn, the best hand at once",
    "thirteen": "the plan that needs the fewest leads to go out",
    "machiavelli": "the most cards down that any layout allows",
    "schnapsen": "goes out with 66, or lets a played-out hand end",
    "bura": "declares 31 when it has it, else lets a played-out hand end",
    "toepen": "the rule of thumb: play low, keep the high cards for the last trick",
    "polignac": "the rule of thumb: duck under the winning card, shed the jacks",
    "chicago": "keeps pairs or better, declares what it holds",
    "frogs-in-the-pond": "the rule of thumb: win the tricks worth having, else play low",
}
# Games whose search judges a move by a share of wins (the engine's utilities): said as a share.
WIN_SHARES: dict[str, str] = {"knock-poker": "wins", "thirteen": "goes out first"}
NO_DECISIONS = frozenset({"war"})  # turn-based, yet nothing is chosen
RUNNERS_UP = 2  # other moves named beside the hint


@dataclass(frozen=True)
class Advice:
    """A hint: the move (None: nothing to advise) and why, as figures for the screen to word with
    its own names for moves: ``why`` for the move, ``others`` for the best of the rest."""

    action: Action | None
    why: str
    others: tuple[tuple[Action, str], ...] = ()
    level: str = ""
    # The bot's own value of each move it weighed, better higher (the review compares moves by
    # it), and each one's figure as the line words it
    values: tuple[tuple[Action, float], ...] = ()
    figures: tuple[tuple[Action, str], ...] = ()

    def line(self, describe: Callable[[Action], str], width: int = 0) -> str:
        """The one line a screen shows, "Hard bot: play 10♠ — wins in 62% of 400 sampled
        deals (play K♦ 48%)", in ``width`` columns at most (0: any): the runners-up go first, then
        the end of the reason."""
        if self.action is None:
            return self.why
        text = f"{self.level.capitalize()} bot: {describe(self.action)} — {self.why}"
        for named in range(len(self.others), 0, -1):
            fuller = text + " (" + ", ".join(f"{describe(a)} {figure}" for a, figure in self.others[:named]) + ")"
            if not width or len(fuller) <= width:
                return fuller
        return text if not width or len(text) <= width else text[: width - 1] + "…"


def nothing_to_advise(title: str, realtime: bool, verb: str = "advise") -> str:
    """The line for a game without decisions to advise on (or to ``verb``)."""
    if realtime:
        return f"{title} is a race: nothing to {verb} but speed."
    return f"{title} has no choices to make: nothing to {verb}."


def has_decisions(spec) -> bool:
    """Whether the coach has anything to say in this game."""
    return not spec.realtime and spec.id not in NO_DECISIONS


def strongest_level(spec, players: int) -> str:
    """The game's strongest bot at a table of ``players``."""
    return "expert" if "expert" in levels_for(spec, players) else "hard"


def advise(game_id: str, view, seat: int, level: str, seed: int, legal: Sequence[Action]) -> Advice:
    """The hint for ``seat`` from its ``view``: a fresh ``level`` bot's move and its reasons.
    ``legal``: the seat's moves now (one alone needs no search). Module-level: it runs where the
    bots' searches run."""
    from cardarcade.bots.search import tallied  # (here: a game's screen imports this module, not the searches)

    if len(legal) == 1:
        return Advice(legal[0], "the only move", level=level)
    bot = make_bot(game_id, seat, level, random.Random(seed))
    plans = bot.plans(view, Moment(now=0.0, stimulus_time=0.0, pace=0.0))
    if not plans:
        return Advice(None, "nothing to decide just now", level=level)
    chosen = plans[0]
    with tallied() as tallies:
        action = chosen.work(*chosen.args) if isinstance(chosen, Thinking) else chosen.action
    tally = next((t for t in reversed(tallies) if action in t.scores), None)
    if tally is None:
        return Advice(action, f"by rule: {RULES.get(game_id, 'its rule of thumb')}", level=level)
    return _worded(action, tally, WIN_SHARES.get(game_id), level)


def _worded(action: Action, tally: Tally, win_share: str | None, level: str) -> Advice:
    share = tally.share or win_share is not None
    measure = win_share if win_share is not None and not tally.share else tally.measure
    sign = -1.0 if tally.lower_is_better else 1.0
    values = tuple((a, sign * v) for a, v in tally.scores.items() if isinstance(a, Action))
    counts = tally.counts

    def figure(move: Hashable) -> str:
        value = tally.scores[move]
        if counts is not None:
            return f"{counts[move]}, {value:+.2f}"
        return f"{value:.0%}" if share else f"{value:.2f}" if tally.lower_is_better else f"{value:+.2f}"

    ranking = tally.ranking

    def rank(a: Action) -> tuple[float, float]:
        if ranking is not None:
            return (ranking[a], 0.0)
        return (counts[a] if counts is not None else 0, sign * tally.scores[a])

    rest = sorted((a for a in tally.scores if a != action and isinstance(a, Action)), key=rank, reverse=True)
    others = tuple((a, figure(a)) for a in rest[:RUNNERS_UP])
    value = tally.scores[action]
    if counts is not None:
        why = f"tried in {counts[action]} of {tally.rounds} {tally.unit}, worth {value:+.2f}"
    elif share:
        why = f"{measure} in {value:.0%} of {tally.rounds} {tally.unit}"
    else:
        why = f"{figure(action)} {measure} over {tally.rounds} {tally.unit}"
    figures = tuple((a, figure(a)) for a, _ in values)
    if tally.basis:
        why = f"{tally.basis}; {why}"
    return Advice(action, why, others, level, values, figures)


# ---------------------------------------------------------------- the review after a game


@dataclass(frozen=True)
class Miss:
    """A move where the person and the strong bot differed: the move's number in the replay, the
    person's move and the bot's, and how much worse the bot judged the person's (in its own units;
    None: the bot's search did not weigh the person's move)."""

    at: int
    seat: int
    played: Action
    advised: Action
    cost: float | None
    why: str
    yours: str | None = None  # the figure the bot's search gave the person's move
