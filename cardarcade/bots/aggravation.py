"""Aggravation bots: spot cards of the same rank in the growing grid and cover them; out of
cards, call Aggravation! at the next match.

How well they choose: easy covers the first pair it sees, and a card left over from a match
partly covered only once no match shows; medium covers any open card; hard and expert break a match still showing
before they cover a card left over, since a match showing is what a player out of cards calls on.
Timing: see ``_speedplay``. The whole grid is looked over for a match, so a crowded grid is slower
to read than a short one. A hand on its way to a card goes on while that card stays open, and a
call on its way while a match shows: a cover elsewhere does not start it again.
"""

from __future__ import annotations

from cardarcade.bots import register
from cardarcade.bots._speedplay import PLAY_MEDIANS, PLAY_RANGE, SpeedFamilyBot
from cardarcade.rules._speedplay import matched, shows_match
from cardarcade.rules.base import Action


@register("aggravation")
class AggravationBot(SpeedFamilyBot):
    LEVEL_MEDIANS, FOLLOWED_RANGE = PLAY_MEDIANS, PLAY_RANGE

    def may_play(self, view) -> bool:
        if view.turn_due:
            return False
        if view.pack_sizes[self.seat]:
            return any(view.open)
        return view.finish == "call" and view.showing and not view.barred[self.seat]

    def cards_in_view(self, view) -> int:
        return len(view.tops)

    def keeps_aim(self, view, action: Action) -> bool:
        if action.kind == "call":  # a call on its way lands while a match shows (the table judges it)
            return view.showing
        return bool(view.pack_sizes[self.seat]) and view.open[action.target]

    def cards_left(self, view) -> list[int]:
        return view.pack_sizes

    def choose(self, view) -> Action | None:
        if not view.pack_sizes[self.seat]:
            return Action("call", value=view.stimulus) if shows_match(view.tops) else None
        showing = matched(view.tops)
        # a person scans the row in front of them first (so two players tend to go for different cards)
        places = sorted(
            (p for p, is_open in enumerate(view.open) if is_open), key=lambda p: view.row_of[p] != self.seat
        )
        if self.skill == 0:
            places = showing or places  # what shows as a match, before anything left over
        elif self.skill >= 2:
            places.sort(key=lambda p: p not in showing)  # a match showing first, stably
        if not places:
            return None
        return Action("cover", target=places[0], value=view.stimulus)

    def misplay(self, view) -> Action | None:
        if not view.pack_sizes[self.seat]:
            return None  # a call is made on a match seen: no hasty call
        closed = [p for p, is_open in enumerate(view.open) if not is_open]
        if not closed:
            return None
        # a hasty hand covers a card that looked like a match: the nearest, in its own row, first
        mine = [p for p in closed if view.row_of[p] == self.seat]
        return Action("cover", target=(mine or closed)[-1], value=view.stimulus)
