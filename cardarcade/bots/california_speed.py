"""California Speed bots: spot cards of the same rank in the box of eight and cover them.

How well they choose: every level covers the other player's side first, since cards put there go
to the other player at the next deal; easy overlooks a card left over from a match partly
covered, medium and up cover any open card. Above medium the levels differ in speed only.
Timing: see ``_speedplay`` (the box is eight cards to look over).
"""

from __future__ import annotations

from cardarcade.bots import register
from cardarcade.bots._speedplay import PLAY_MEDIANS, PLAY_RANGE, SpeedFamilyBot
from cardarcade.rules.base import Action
from cardarcade.rules.california_speed import SIDE, matched, side_of


@register("california-speed")
class CaliforniaSpeedBot(SpeedFamilyBot):
    LEVEL_MEDIANS, FOLLOWED_RANGE = PLAY_MEDIANS, PLAY_RANGE

    def may_play(self, view) -> bool:
        return not view.stuck and view.pack_sizes[self.seat] > 0

    def cards_in_view(self, view) -> int:
        return len(view.tops)

    def keeps_aim(self, view, action: Action) -> bool:
        return view.open[action.target]

    def cards_left(self, view) -> list[int]:
        """Each pack and the stacks on its side (they come back at the next deal)."""
        sizes = view.stack_sizes
        return [pack + sum(sizes[p * SIDE : (p + 1) * SIDE]) for p, pack in enumerate(view.pack_sizes)]

    def choose(self, view) -> Action | None:
        if self.skill == 0:
            places = matched(view.tops)  # only what shows as a match now
        else:
            places = [p for p, is_open in enumerate(view.open) if is_open]
        if not places:
            return None
        places.sort(key=lambda p: side_of(p) == self.seat)  # theirs before mine, stably
        return Action("cover", target=places[0], value=view.stimulus)

    def misplay(self, view) -> Action | None:
        closed = [p for p, is_open in enumerate(view.open) if not is_open]
        if not closed:
            return None
        # a hasty hand covers a card that looked like a match: the nearest on its own side first
        mine = [p for p in closed if p // SIDE == self.seat]
        return Action("cover", target=(mine or closed)[0], value=view.stimulus)
