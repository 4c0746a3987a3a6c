"""Salute the King at 80x24 (SVG snapshots; update with --snapshot-update after a deliberate change).

Bots never turn a card here (the test pace is glacial) and their gestures come at sampled, seeded
delays measured from the card, so each frame is the same on every run. The seed is one whose
three bots answer a quarter of a second apart, so a busy machine cannot merge their
reaction-time lines.
"""

from __future__ import annotations

from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from ui_helpers import deck_starting

SPEC = GAMES["salute-the-king"]
QUIET = ("4", "6", "8", "9", "10")


def stacked(text: str) -> list[Card]:
    """A full pack whose first cards are ``text``: with nothing collected, the cards are turned in
    this order (seat 0 first). Quiet cards follow, so no stray trigger turns up."""
    return deck_starting(text, rest_key=lambda c: c.rank.label not in QUIET)


async def _turn_and_settle(pilot) -> None:
    """Turn the king, then wait for the three bots to salute (you, doing nothing, are last)."""
    screen = pilot.app.screen
    await pilot.press("enter")
    for _ in range(200):
        if screen.game.view(0).last is not None:
            break
        await pilot.pause(0.02)
    await pilot.pause(0.1)


def test_salute_the_king_you_are_last_to_salute(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=18, deck=stacked("Kd 4c"), level="medium")
    assert snap_compare(app_factory(setup), run_before=_turn_and_settle, terminal_size=(80, 24))


def test_salute_the_king_hotseat_with_house_rules(snap_compare, app_factory):
    options = {"pip_target": 21, "prime_gesture": 2, "gesture4": "wave", "card3": "7"}
    setup = GameSetup.solo(SPEC, 3, seed=5, humans=2, options=options, deck=stacked("10c 6c 4c"))
    assert snap_compare(app_factory(setup), press=["w", "o"], terminal_size=(80, 24))
