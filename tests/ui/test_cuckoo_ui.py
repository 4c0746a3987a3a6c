"""Cuckoo played by keys at 80x24: stand, change, the dealer's swap, the choice on enter, a full
table of twenty, the last hand on ``v``, and hot-seat privacy."""

from __future__ import annotations

from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.rules.cuckoo import SWAP
from cardarcade.seating import GameSetup
from cardarcade.ui.games.cuckoo import CuckooScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import ChoiceScreen, CoverScreen
from ui_helpers import deck_starting, screen_text, unreadable_suits, wait_for

SPEC = GAMES["cuckoo"]
C = Card.parse


def solo(players: int = 6, hands: str = "4s 9h 7c Jd 5s 8d", **kw) -> GameSetup:
    return GameSetup.solo(SPEC, players, seed=1, deck=deck_starting(hands) if hands else None, level="medium", **kw)


async def test_c_changes_with_the_left_neighbour_and_you_know_where_your_card_went(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CuckooScreen)
        text = screen_text(app)
        assert "Your turn (on your left: Bot 1) — s stand · c change" in text
        await pilot.press("c")
        await pilot.pause()
        assert screen.game.view(0).card == C("9h")
        text = screen_text(app)
        assert "You change cards with Bot 1" in text
        assert "Bot 1 holds your old 4♠" in text
        assert "Bot 1 is thinking…" in text
        # Your card by your name and where your old one went, readable on the felt.
        assert unreadable_suits(app) == []


async def test_s_stands_and_keys_out_of_turn_change_nothing(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("s")
        await pilot.pause()
        assert screen.game.s.turn == 1 and screen.game.view(0).card == C("4s")
        assert "You stand" in screen_text(app)
        before = screen.game.to_json()
        await pilot.press("s", "c", "d", "x", "enter")
        await pilot.pause()
        assert screen.game.to_json() == before
        assert "Bot 1 is thinking" in str(screen.query_one("#prompt").render())


async def test_enter_offers_the_moves_by_name(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.labels == ["Stand: keep 4♠", "Change cards with Bot 1"]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.game.s.actions == 0
        await pilot.press("enter", "2")
        await pilot.pause()
        assert screen.game.view(0).card == C("9h")


async def test_the_dealer_swaps_with_the_deck_on_d(app_factory):
    # Bots move fast; hand 2 is dealt by seat 0, the player, who acts last.
    app = app_factory(solo(hands=""), pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("s")
        await wait_for(pilot, lambda: screen.game.s.hand == 2 and screen.actor == 0)
        assert screen.game.legal_actions(0) == [screen.game.legal_actions(0)[0], SWAP]
        text = screen_text(app)
        assert "Your deal, last to act — s stand · d swap with the deck" in text
        assert "You are the dealer" in text
        top = screen.game.s.stock[0]
        await pilot.press("d")
        await pilot.pause()
        assert screen.game.s.last.hand == 2 and screen.game.s.last.cards[0] == top
        assert screen.game.s.last.moves[-1].kind == "swap" and screen.game.s.last.moves[-1].seat == 0
        # the new hand is dealt at once: the card drawn is said in the log
        assert f"You swap with the deck and draw the {top}" in "\n".join(line.plain for line in screen.history)


async def test_v_shows_the_last_hand_as_it_was_turned_up(app_factory):
    app = app_factory(solo(hands=""), pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("v")
        await pilot.pause()
        assert "No hand has been shown yet" in str(screen.query_one("#prompt").render())
        await pilot.press("s")
        await wait_for(pilot, lambda: screen.game.s.hand == 2)
        await pilot.press("v")
        await pilot.pause()
        last = screen.game.s.last
        assert screen.show_last
        text = screen_text(app)
        assert "The rows show hand 1 as it was turned up" in text
        assert text.count("PAID") == len(last.payers)
        await pilot.press("v")
        await pilot.pause()
        assert "PAID" not in screen_text(app)


async def test_twenty_players_fit_on_one_screen(app_factory):
    app = app_factory(solo(20, hands=""))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for i in range(1, 20):
            assert f"Bot {i} " in text
        assert "D Bot 19" in text and "▶ You" in text
        assert "Your turn" in text.splitlines()[-2]


async def test_hot_seat_covers_each_card_until_its_owner_is_ready(app_factory):
    setup = GameSetup.solo(SPEC, 6, seed=1, humans=2, deck=deck_starting("4s 9h 7c Jd 5s 8d"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, CoverScreen) and cover.player == "Player 1"
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CuckooScreen) and "4♠" in screen_text(app)
        await pilot.press("c")  # Player 1 changes with Player 2
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, CoverScreen) and cover.player == "Player 2"
        assert "Player 1 changes cards with Player 2" in cover.since
        # under the cover nothing private is drawn on the game screen
        assert screen.view.card is None and screen.hand_cards() == [] and not any(screen.view.known)
        assert screen.what_you_know().plain == ""
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.card == C("4s")
        assert "Player 1 holds your old 9♥" in screen_text(app)


async def test_the_hand_that_ends_the_game_stays_on_the_result_screen(app_factory):
    # One chip each: the first hand puts the lowest card out; the last hand's cards are shown.
    app = app_factory(GameSetup.solo(SPEC, 6, seed=1, level="easy", options={"chips": 1}), pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(2000):
            if isinstance(app.screen, ResultScreen):
                break
            if screen.actor is not None:
                await pilot.press("s")
            await pilot.pause(0.01)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        last = screen.game.s.last
        text = screen_text(app)
        assert f"Hand {last.hand}: " in text and "Shown: " in text
        assert "(v: every card)" not in text
