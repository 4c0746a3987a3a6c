"""Salute the King at 80x24 (SVG snapshots; update with --snapshot-update after a deliberate change).

Bots never turn a card here (the test pace is glacial) and their gestures come at sampled, seeded
delays measured from the card, so each frame is the same on every run. The seed is one whose
three bots answer a quarter of a second apart, so a busy machine cannot merge their
reaction-time lines.
"""

from __future__ import annotations

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.ui.setup import GameSetup

SPEC = GAMES["salute-the-king"]


def deck_starting(text: str) -> list[Card]:
    first = cards(text)
    rest = [c for c in standard_deck() if c not in first]
    quiet = [c for c in rest if c.rank.label in ("4", "6", "8", "9", "10")]
    return first + quiet + [c for c in rest if c not in quiet]


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
    setup = GameSetup.solo(SPEC, 4, seed=18, deck=deck_starting("Kd 4c"), level="medium")
    assert snap_compare(app_factory(setup), run_before=_turn_and_settle, terminal_size=(80, 24))


def test_salute_the_king_hotseat_with_house_rules(snap_compare, app_factory):
    options = {"pip_target": 21, "prime_gesture": 2, "gesture4": "wave", "card3": "7"}
    setup = GameSetup.solo(SPEC, 3, seed=5, humans=2, options=options, deck=deck_starting("10c 6c 4c"))
    assert snap_compare(app_factory(setup), press=["w", "o"], terminal_size=(80, 24))
