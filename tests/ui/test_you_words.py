"""Sentences a screen makes itself read right when "You" is in them (issue 26, item 11)."""

from __future__ import annotations

from cardarcade.seating import Reaction
from cardarcade.ui.games._speedplay import beaten_words


def test_a_race_you_won_says_you_were_earlier():
    names = ["You", "Bot 1", "Bot 2"]
    bot_lost = Reaction(1, 0.3, "play_late", 4, "play", beaten_by=0, margin=0.04)
    assert beaten_words(names, bot_lost, loser_here=False) == "You were 40 ms earlier than Bot 1"
    settled_first = Reaction(1, 0.3, "play_late", 4, "play", beaten_by=0, margin=-0.02)
    assert (
        beaten_words(names, settled_first, loser_here=False)
        == "Bot 1 pressed 20 ms before you, but your play was settled before the press arrived"
    )
