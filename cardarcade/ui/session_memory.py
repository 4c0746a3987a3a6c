"""What one session remembers from one game to the next, and nowhere else."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules and the seating load when a game is chosen, not before the menu
    from cardarcade.rules.base import Outcome
    from cardarcade.seating import GameSetup
    from cardarcade.store.ratings import Rating


class SessionMemory:
    """Reaction times, adaptive bots' pace and the set-ups last started, for this session only
    (nothing of it is written down). Apart from the app because games, the set-up screen and the
    result screen share it, and the app itself never reads it."""

    def __init__(self) -> None:
        self._reactions: dict[tuple[str, str], list[float]] = defaultdict(list)  # (game, person)
        # game id -> the median (seconds) adaptive bots last tuned themselves to: the next game
        # of the session starts them there, not at medium again
        self.adaptive_medians: dict[str, float] = {}
        self.last_setups: dict[str, GameSetup] = {}  # game id -> the setup last started (the setup screen's memory)
        # The game last recorded and the ratings it moved: the result screen may open before or after
        self.rated: tuple[object, list[Rating]] | None = None
        # The profiles the statistics hold, as last read (off the loop: the set-up screen offers them)
        self.stats_profiles: list[str] = []

    def record_reaction(self, game_id: str, who: str, seconds: float, outcome: Outcome) -> None:
        """One of ``who``'s reaction times (a person at this terminal, by name: at a hot-seat
        keyboard each has their own)."""
        from cardarcade.seating import is_fault

        if not is_fault(outcome):
            self._reactions[game_id, who].append(seconds)

    def reactions(self, game_id: str, who: str | None = None) -> list[float]:
        """``who``'s reaction times in ``game_id`` this session (None: everyone's here)."""
        return [
            t
            for (game, name), times in self._reactions.items()
            if game == game_id and who in (None, name)
            for t in times
        ]
