"""Search bots for games with hidden cards: determinized search over the rules contract.

What a game gives a search (``determinize``, ``episode``, ``utilities``, and optionally
``rollout_move`` and ``search_moves``) is declared in ``cardarcade.rules.search_hooks``.

Two searches use them:

- ``pimc``: perfect-information Monte Carlo. Deal the hidden cards several ways; in each deal,
  try every legal move and play on with the rollout policy (to a depth, or to the end of the
  episode); take the move with the best average.
- ``ismcts``: single-observer information-set Monte Carlo tree search. One tree over the moves
  seen from the searching seat; each iteration deals the hidden cards afresh, walks the tree by
  UCB among the moves legal in that deal, adds one node, plays out, and backs up each seat's
  utility to the nodes where that seat moved.

Both are pure functions of (view, seat, seed, budget): the budget is a fixed amount of work
when ``seconds`` is None (so results repeat under a seed), else a time limit. The module-level
``decide_*`` functions are what a bot hands to ``BotBase.deliberate`` (they run in a worker
process at a live table).
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from cardarcade.rules.base import Action
from cardarcade.rules.search_hooks import RolloutMove, Searchable, SearchableGame, SearchMoves

G = TypeVar("G", bound=SearchableGame)
# A play-out policy: a move for ``seat`` in a game (an engine's ``rollout_move`` or another of
# its methods, unbound, so that it goes to a worker process by name)
Policy = Callable[[Any, int, random.Random], Action]

EXPLORATION = 0.7  # UCB's constant, for utilities about -1 to 1


# ---------------------------------------------------------------- what a search found (the coach)


@dataclass(frozen=True)
class Tally:
    """A search's own figures for the moves it weighed, as the coach words them: each move's
    ``scores`` over ``rounds`` of ``unit`` ("sampled deals"); ``share``: a score is how often
    something happened (``measure``: "won", "answered yes"), else a mean value a round
    (``measure``: what it is the mean of); ``counts``: rounds a move was tried where it differs
    from move to move (a tree search's visits)."""

    unit: str
    rounds: int
    scores: Mapping[Hashable, float]
    measure: str
    share: bool = False
    counts: Mapping[Hashable, int] | None = None
    lower_is_better: bool = False
    # How the search ranked the moves, where it weighed more than ``scores`` (the fishing bot's
    # rule of thumb beside its deals): the coach names the runners-up in this order
    ranking: Mapping[Hashable, float] | None = None
    basis: str = ""  # what else the search went by, in words ("what you hold most of")


# The tallies of the searches run in this context, while the coach listens (``tallied``); None
# (nobody listening, as in every bot's own search) costs a search one look-up at its end.
_LISTENING: contextvars.ContextVar[list[Tally] | None] = contextvars.ContextVar("search_tallies", default=None)


@contextlib.contextmanager
def tallied() -> Iterator[list[Tally]]:
    """The tallies of the searches run inside, in the order they ended (the last: the decision)."""
    tallies: list[Tally] = []
    token = _LISTENING.set(tallies)
    try:
        yield tallies
    finally:
        _LISTENING.reset(token)


def note(make: Callable[[], Tally]) -> None:
    """A search's figures, made only where the coach listens."""
    tallies = _LISTENING.get()
    if tallies is not None:
        tallies.append(make())


# ---------------------------------------------------------------- play-outs


def random_move(game: SearchableGame, seat: int, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions(seat))


def rollout_policy(game: SearchableGame) -> Policy:
    """The game's ``rollout_move`` if it has one, else random legal moves."""
    return type(game).rollout_move if isinstance(game, RolloutMove) else random_move


def play_out(
    game: SearchableGame, episode: Hashable, rng: random.Random, depth: int | None = None, policy: Policy | None = None
) -> None:
    """Play on until the episode ends (or ``depth`` moves) by ``policy`` (default: the game's
    ``rollout_policy``)."""
    move = policy or rollout_policy(game)
    moves = 0
    while not game.is_over and game.episode() == episode and (depth is None or moves < depth):
        seat = game.actors()[0]
        game.apply(seat, move(game, seat, rng))
        moves += 1


class Budget:
    """At least ``iterations``, whatever the clock says; with ``seconds`` (the thinking time a live
    table allows), more while time is left. A level's strength never depends on how busy the
    machine is: a loaded machine once cut a hard bot's search to a few play-outs, and it threw
    points away that the same search under simulate kept. Extra iterations start only while they
    would likely end in time (the mean so far as a guide: one exactly solved deal may take a good
    part of a second)."""

    def __init__(self, iterations: int, seconds: float | None) -> None:
        self.iterations = max(1, iterations)
        self.start = time.perf_counter()
        self.deadline = None if seconds is None else self.start + seconds
        self.done = 0

    def more(self) -> bool:
        if self.done < self.iterations:
            return True
        if self.deadline is None:
            return False
        now = time.perf_counter()
        return now + (now - self.start) / self.done < self.deadline


def pimc(
    game_class: Searchable[G],
    view: BaseModel,
    seat: int,
    rng: random.Random,
    samples: int,
    depth: int | None = None,
    seconds: float | None = None,
    policy: Policy | None = None,
    moves: Sequence[Action] | None = None,
) -> Action:
    """Perfect-information Monte Carlo: the move with the best average over sampled deals,
    each move judged by one play-out (``policy``, to ``depth`` moves or the episode's end);
    ``moves``: the ones the caller found worth weighing (default: ``weighed_moves``)."""

    def judge(trial: G, episode: Hashable) -> float:
        play_out(trial, episode, rng, depth, policy)
        return trial.utilities()[seat]

    return sampled_best(game_class, view, seat, rng, Budget(samples, seconds), judge, moves)


def weighed_moves(game: SearchableGame, seat: int) -> list[Action]:
    """The moves a search weighs for ``seat``: the game's ``search_moves`` if it has them, else every legal move."""
    return game.search_moves(seat) if isinstance(game, SearchMoves) else game.legal_actions(seat)


def sampled_best(
    game_class: Searchable[G],
    view: BaseModel,
    seat: int,
    rng: random.Random,
    budget: Budget,
    judge: Callable[[G, Hashable], float],
    moves: Sequence[Action] | None = None,
    margin: float = 0.0,
) -> Action:
    """Deal the hidden cards ``budget`` times; in each deal make every legal move (or each of
    ``moves``: the searching seat's own, legal in every deal) and ``judge`` the position it leaves
    (consuming it); the move with the best total. With ``margin``, the first of ``moves`` stays
    unless another beats it by that much a deal (a caller whose own judgement is better than
    the play-outs' in a close call)."""
    totals: dict[Action, float] = {}
    while budget.more():
        game = game_class.determinize(view, seat, rng)
        episode = game.episode()
        legal = weighed_moves(game, seat) if moves is None else list(moves)
        if len(legal) == 1 and not totals:
            return legal[0]
        for action in legal:
            trial = game.clone()
            trial.apply(seat, action)
            totals[action] = totals.get(action, 0.0) + judge(trial, episode)
        budget.done += 1
    done = budget.done
    note(lambda: Tally("sampled deals", done, {a: t / done for a, t in totals.items()}, "a deal"))
    best = max(totals, key=lambda a: totals[a])
    if margin and moves and totals[best] - totals[moves[0]] < margin * budget.done:
        return moves[0]
    return best


# ---------------------------------------------------------------- ISMCTS


class Node:
    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # who made the move leading here (whose utility this node sums)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0  # iterations in which this node's move was legal

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


def ismcts(
    game_class: Searchable[SearchableGame],
    view: BaseModel,
    seat: int,
    rng: random.Random,
    iterations: int,
    seconds: float | None = None,
    exploration: float = EXPLORATION,
    depth: int | None = None,
) -> Action:
    """Single-observer ISMCTS: the most visited move at the root."""
    root = Node(seat)
    budget = Budget(iterations, seconds)
    while budget.more():
        game = game_class.determinize(view, seat, rng)
        episode = game.episode()
        if budget.done == 0:
            legal = game.legal_actions(seat)
            if len(legal) == 1:
                return legal[0]
        node, path = root, [root]
        while not game.is_over and game.episode() == episode:
            mover = game.actors()[0]
            legal = game.legal_actions(mover)
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = node.children[action] = Node(mover)
                child.available = 1
                game.apply(mover, action)
                path.append(child)
                break
            action = max(legal, key=lambda a: node.children[a].ucb(exploration))
            node = node.children[action]
            game.apply(mover, action)
            path.append(node)
        play_out(game, episode, rng, depth)
        values = game.utilities()
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.mover]
        budget.done += 1
    children = root.children
    note(
        lambda: Tally(
            "play-outs",
            budget.done,
            {a: n.total / n.visits for a, n in children.items()},
            "a play-out",
            counts={a: n.visits for a, n in children.items()},
        )
    )
    return max(children, key=lambda a: (children[a].visits, children[a].total))


# ---------------------------------------------------------------- exact endgames


def alphabeta(
    game: SearchableGame, seat: int, episode: Hashable, alpha: float = -math.inf, beta: float = math.inf
) -> float:
    """The exact value for ``seat`` of a two-player zero-sum position with every card known,
    played to the end of the episode (both sides playing their best)."""
    if game.is_over or game.episode() != episode:
        return game.utilities()[seat]
    mover = game.actors()[0]
    maximising = mover == seat
    best = -math.inf if maximising else math.inf
    for action in game.legal_actions(mover):
        child = game.clone()
        child.apply(mover, action)
        value = alphabeta(child, seat, episode, alpha, beta)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def pimc_solved(
    game_class: Searchable[SearchableGame],
    view: BaseModel,
    seat: int,
    rng: random.Random,
    samples: int,
    seconds: float | None = None,
) -> Action:
    """PIMC where each sampled deal is solved exactly (for endgames small enough to solve)."""
    return sampled_best(
        game_class, view, seat, rng, Budget(samples, seconds), lambda trial, episode: alphabeta(trial, seat, episode)
    )


# ---------------------------------------------------------------- work for the table


def game_class(game_id: str) -> Searchable[SearchableGame]:
    from cardarcade.rules import GAMES

    game = GAMES[game_id].game
    if not isinstance(game, Searchable):
        raise TypeError(f"{game_id} gives no search hooks (rules/search_hooks.py)")
    return game


def decide_pimc(
    game_id: str,
    view: BaseModel,
    seat: int,
    seed: Any,
    samples: int,
    depth: int | None,
    seconds: float | None = None,
    policy: Policy | None = None,
) -> Action:
    """A PIMC decision, as a bot's ``Thinking`` work (module-level: it goes to a worker process)."""
    return pimc(game_class(game_id), view, seat, random.Random(seed), samples, depth, seconds, policy)


def decide_solved(
    game_id: str, view: BaseModel, seat: int, seed: Any, samples: int, seconds: float | None = None
) -> Action:
    """A PIMC decision with each deal solved exactly, as a bot's ``Thinking`` work."""
    return pimc_solved(game_class(game_id), view, seat, random.Random(seed), samples, seconds)


def decide_ismcts(
    game_id: str, view: BaseModel, seat: int, seed: Any, iterations: int, seconds: float | None = None
) -> Action:
    """An ISMCTS decision, as a bot's ``Thinking`` work."""
    return ismcts(game_class(game_id), view, seat, random.Random(seed), iterations, seconds)


class TreeWork:
    """A level's fixed work in a two-player game with a stock (Schnapsen, Bura): ISMCTS
    ``iterations`` while cards are drawn, ``solved`` deals solved exactly once none are; ``live``:
    it also searches on for the table's thinking time."""

    def __init__(self, iterations: int, solved: int, live: bool = False) -> None:
        self.iterations, self.solved, self.live = iterations, solved, live

    def search(
        self, game_id: str, view: BaseModel, seat: int, seed: Any, seconds: float | None, *, drawing: bool, known: bool
    ) -> tuple:
        """The search here, as (work, args) for ``deliberate``; ``known``: every card is known
        (one solve says it all)."""
        seconds = seconds if self.live else None
        if not drawing:
            return decide_solved, (game_id, view, seat, seed, 1 if known else self.solved, None if known else seconds)
        return decide_ismcts, (game_id, view, seat, seed, self.iterations, seconds)
