"""Knock Poker at 80x24 (SVG snapshots; the bots never get to move, so every frame is stable)."""

from __future__ import annotations

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup

SPEC = GAMES["knock-poker"]


def deck(*hands: str, up: str, stock: str) -> list[Card]:
    dealt = [cards(h) for h in hands]
    order = [dealt[p][i] for i in range(5) for p in range(len(dealt))] + cards(up) + cards(stock)
    return order + [c for c in standard_deck() if c not in set(order)]


def test_knock_poker_after_picking_up_the_discard(snap_compare, app_factory):
    hands = ("As Ks Qs Js 9d", "2d 3d 4d 6d 7h", "8c 8d 8h 9c 9h", "5s 5h Jc 3c 2h")
    setup = GameSetup.solo(SPEC, 4, seed=5, level="hard", deck=deck(*hands, up="10s", stock="5c"))
    assert snap_compare(app_factory(setup), press=["p", "left"], terminal_size=(80, 24))


def test_knock_poker_six_players_with_a_knock(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 6, seed=5, level="medium")
    assert snap_compare(app_factory(setup), press=["d", "n"], terminal_size=(80, 24))
