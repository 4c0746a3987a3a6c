"""The server's leaderboard: each person's current rating per game, as every worker shows it.

The ratings themselves are the statistics' (``store/ratings.py``); the server keeps a copy of
each person's latest in its hub (``Hub.board``, in Redis for every worker with ``--redis``), so a
lobby shows the board from memory without asking the statistics file (which is per data folder:
with several machines, each has its own).

Order: settled ratings first, highest first; then the provisional ones (the first
``PROVISIONAL_GAMES`` games of a person in that game), highest first, marked. One lucky game
against a strong bot moves a newcomer's rating by hundreds, so a provisional rating never sits
above a settled one; listing them after (rather than leaving them off) keeps a new server's
board from being empty for its first evenings.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from cardarcade.store.ratings import PROVISIONAL_GAMES, Rating, shown

TOP = 10  # places the board shows


@dataclass(frozen=True)
class Standing:
    """A person's rating in a game now: ``rated`` rated games so far, the latest at ``at`` (Unix time)."""

    name: str
    game: str
    mu: float
    rated: int
    at: float = 0.0

    @property
    def provisional(self) -> bool:
        return self.rated <= PROVISIONAL_GAMES

    @property
    def shown(self) -> str:
        """The rating as the statistics show it ("1,512"), with a ? while provisional."""
        return shown(self.mu) + ("?" if self.provisional else "")

    def newer_than(self, other: Standing | None) -> bool:
        """Whether this is a later rating of the same person than ``other`` (more games rated)."""
        return other is None or (self.rated, self.at) > (other.rated, other.at)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "mu": self.mu, "rated": self.rated, "at": self.at}

    @classmethod
    def from_dict(cls, data: Any) -> Standing | None:
        """None for anything that is not a standing (a record from a newer or broken process)."""
        try:
            standing = cls(
                str(data["name"]), str(data["game"]), float(data["mu"]), int(data["rated"]), float(data["at"])
            )
        except (KeyError, TypeError, ValueError):
            return None
        return standing if standing.rated > 0 and abs(standing.mu) < 1e6 else None

    @classmethod
    def of(cls, rating: Rating) -> Standing:
        return cls(rating.profile, rating.game, rating.mu, rating.rated, rating.at)


def _order(standing: Standing) -> tuple[bool, float, str, str]:
    return (standing.provisional, -standing.mu, standing.name.casefold(), standing.name)


class Leaderboard:
    """Every person's latest standing per game, kept in board order (placing one costs a bisect)."""

    def __init__(self) -> None:
        self._by_name: dict[str, dict[str, Standing]] = {}  # game -> name -> standing
        self._ordered: dict[str, list[tuple[bool, float, str, str]]] = {}  # game -> the standings' order keys

    def __len__(self) -> int:
        return sum(len(people) for people in self._by_name.values())

    def __iter__(self) -> Iterator[Standing]:
        for people in self._by_name.values():
            yield from people.values()

    def record(self, standing: Standing) -> bool:
        """Take ``standing`` unless a later one of that person in that game is known; whether taken."""
        people = self._by_name.setdefault(standing.game, {})
        ordered = self._ordered.setdefault(standing.game, [])
        old = people.get(standing.name)
        if not standing.newer_than(old):
            return False
        if old is not None:
            del ordered[bisect_left(ordered, _order(old))]
        people[standing.name] = standing
        insort(ordered, _order(standing))
        return True

    def record_all(self, standings: Iterable[Standing]) -> bool:
        """Whether any was taken."""
        return any([self.record(s) for s in standings])

    def games(self) -> list[str]:
        """The games someone is rated in (ids)."""
        return [game for game, people in self._by_name.items() if people]

    def count(self, game: str) -> int:
        return len(self._by_name.get(game, ()))

    def top(self, game: str, n: int = TOP) -> list[Standing]:
        people = self._by_name.get(game, {})
        return [people[key[3]] for key in self._ordered.get(game, [])[:n]]

    def place(self, game: str, name: str) -> tuple[int, Standing] | None:
        """``name``'s place in ``game`` (1 is the top) and standing; None: not rated in it."""
        standing = self._by_name.get(game, {}).get(name)
        if standing is None:
            return None
        return bisect_left(self._ordered[game], _order(standing)) + 1, standing

    def latest_game(self, name: str) -> str | None:
        """The game ``name`` was last rated in."""
        mine = [people[name] for people in self._by_name.values() if name in people]
        return max(mine, key=lambda s: s.at).game if mine else None
