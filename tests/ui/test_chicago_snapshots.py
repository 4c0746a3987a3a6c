"""Chicago at 80x24 (SVG snapshot; the bots never get to move, so the frame is stable)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.rules.chicago import deck_for
from cardarcade.seating import GameSetup

SPEC = GAMES["chicago"]


def test_chicago_four_players_two_cards_marked_to_discard(snap_compare, app_factory):
    deck = deck_for("7s 7h 7d Ac 3s", "Kh Qd 9s 6c 2h", "As Ks Qs Js 2s", "4h 5h 8d 9d 10c")
    setup = GameSetup.solo(SPEC, 4, seed=5, level="hard", deck=deck)
    assert snap_compare(app_factory(setup), press=["space", "end", "left", "space"], terminal_size=(80, 24))
