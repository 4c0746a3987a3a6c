"""Slapjack played through the keys a person would press (the bots never move here)."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.textual_compat import notifications
from ui_helpers import prompt, screen_text, wait_for

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
        assert any(n.title == "That cost you" and "out of turn" in n.message for n in notifications(app))


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


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_the_footer_offers_the_turn_key_only_on_your_turn(app_factory):
    # An early card is dead under the text's rule: the footer does not invite one.
    app = app_factory(GameSetup.solo(SLAPJACK, 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: "Turn card" in footer(app))
        await pilot.press("enter")  # your card; Bot 1 is next
        await wait_for(pilot, lambda: screen.game.s.turn == 1)
        await wait_for(pilot, lambda: "Turn card" not in footer(app))
        assert "Slap" in footer(app)


async def test_a_first_game_says_once_what_an_early_card_costs(app_factory):
    for game in range(2):
        app = app_factory(GameSetup.solo(SLAPJACK, 3, seed=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            told = "A card turned early is dead: it stays on the pile, lost to you." in text
            assert told == (game == 0), f"game {game + 1}: {text}"


async def test_the_note_is_not_given_under_the_beginners_rule(app_factory):
    app = app_factory(GameSetup.solo(SLAPJACK, 3, seed=1, options={"forgive_early_flip": True}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "turned early is dead" not in screen_text(app)
