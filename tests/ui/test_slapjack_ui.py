"""Slapjack played through the keys a person would press (the bots never move here)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.table.setup import GameSetup
from ui_helpers import prompt, wait_for

SLAPJACK = GAMES["slapjack"]


async def test_an_early_card_says_plainly_that_it_was_lost(app_factory):
    app = app_factory(GameSetup.solo(SLAPJACK, 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")  # your card; Bot 1 is next
        await wait_for(pilot, lambda: screen.game.s.stimulus == 1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.stimulus == 2)
        assert "out of turn: dead, worth nothing and lost to the pile" in screen.log_lines[-1].plain
        assert screen.game.s.turn == 1
        # said where it cannot be missed, not only in the log
        assert any(n.title == "That cost you" and "out of turn" in n.message for n in app._notifications)


async def test_beginners_rule_refuses_an_early_card_with_a_message(app_factory):
    app = app_factory(GameSetup.solo(SLAPJACK, 3, seed=1, options={"forgive_early_flip": True}))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.stimulus == 1)
        before = screen.game.to_json()
        await pilot.press("enter")
        await pilot.pause(0.05)
        assert screen.game.to_json() == before
        assert prompt(screen) == "You: not your turn, Bot 1 is next (early cards are refused at this table)"
