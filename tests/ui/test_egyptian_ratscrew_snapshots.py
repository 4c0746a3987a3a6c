"""Egyptian Ratscrew at 80x24 (SVG snapshots; update with --snapshot-update after a deliberate change).

Only people sit at these tables, or bots that never get to move, so every frame is the same on every run.
"""

from __future__ import annotations

from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup

SPEC = GAMES["egyptian-ratscrew"]


def test_egyptian_ratscrew_challenge_with_a_dead_card(snap_compare, app_factory):
    # Player 1's king challenges Player 2; Player 1 then turns a card out of turn (dead).
    first = cards("Kh 5c 9d 8s 3h")
    deck = first + [c for c in standard_deck() if c not in first]
    setup = GameSetup.solo(SPEC, 2, seed=7, humans=2, deck=deck, options={"sandwiches": True})
    assert snap_compare(app_factory(setup), press=["w", "o", "w", "o"], terminal_size=(80, 24))


def test_egyptian_ratscrew_six_players_at_the_start(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 6, seed=3, level="hard")
    assert snap_compare(app_factory(setup), terminal_size=(80, 24))
