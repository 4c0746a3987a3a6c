"""Schnapsen at 80x24 (SVG snapshot; the bot never gets to move, so the frame is stable)."""

from __future__ import annotations

from cardarcade.cards import Card, cards, schnapsen_deck
from cardarcade.rules import GAMES
from cardarcade.table.setup import GameSetup

SPEC = GAMES["schnapsen"]


def deck(h0: str, h1: str, up: str, stock: str) -> list[Card]:
    a, b = cards(h0), cards(h1)
    order = a[:3] + b[:3] + cards(up) + a[3:] + b[3:] + cards(stock)
    return order + [c for c in schnapsen_deck() if c not in set(order)]


def test_schnapsen_leading_a_marriage(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=5, level="hard",
                           deck=deck("Kh Qh Ah Jc Js", "As 10s Ks Jh Qd", "Qc", "Ac 10c Kc Qs Ad 10d Kd Jd 10h"))
    assert snap_compare(app_factory(setup), press=["end", "left", "m"], terminal_size=(80, 24))
