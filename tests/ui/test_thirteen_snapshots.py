"""Thirteen at 80x24 (SVG snapshots; the bots never get to move, so every frame is stable)."""

from __future__ import annotations

from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup

SPEC = GAMES["thirteen"]
HANDS = (
    "3s 4d 5c 6h 7s 8d 9c 9h Jc Qd Kh Ah 2s",
    "3h 4s 5d 6c 7h 8c 10s 10d Js Qh Kd As 2d",
    "3c 4c 6d 7c 8s 9s 10c Jd Qs Qc Kc Ac 2h",
    "3d 4h 5s 5h 6s 7d 8h 9d 10h Jh Ks Ad 2c",
)


def test_thirteen_opening_lead_stepped_to_a_straight(snap_compare, app_factory):
    dealt = [cards(h) for h in HANDS]
    deck = [dealt[p][i] for i in range(13) for p in range(4)]
    assert sorted(c.code for c in deck) == sorted(c.code for c in standard_deck())
    setup = GameSetup.solo(SPEC, 4, seed=5, level="hard", deck=deck)
    assert snap_compare(app_factory(setup), press=["n", "n"], terminal_size=(80, 24))


def test_thirteen_eight_players_with_two_packs(snap_compare, app_factory):
    # red backs are captioned under the hand, and every seat shows its blue and red counts
    setup = GameSetup.solo(SPEC, 8, seed=3, level="medium")
    assert snap_compare(app_factory(setup), terminal_size=(80, 24))
