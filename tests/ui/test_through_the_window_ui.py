"""Through the Window played by typing, alone against bots and two at one keyboard."""

from __future__ import annotations

from datetime import datetime

from ui_helpers import advance_until, make_clocked_app, prompt, screen_text, text_of, wait_for

from cardarcade.rules import GAMES
from cardarcade.rules.through_the_window import TURN
from cardarcade.seating import GameSetup
from cardarcade.store.saves import SavedGame
from cardarcade.ui.games import through_the_window as window_screen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.through_the_window import ThroughTheWindowScreen
from tests.rules.test_through_the_window import deck

SPEC = GAMES["through-the-window"]


def card_up(screen) -> bool:
    return screen.game.view(None).window is not None


async def test_solo_typing_a_wrong_word_costs_nothing_a_right_one_takes_the_card_and_the_game_ends():
    # One card each: the dealer's (Bot 2) queen first, then your eight, then Bot 1's king.
    setup = GameSetup.solo(SPEC, 3, seed=1, level="expert", options={"cards_each": 1}, deck=deck("8d", "Kc", "Qs"))
    app = make_clocked_app(setup)  # the cards come up, and the bot answers, as the test moves the clock
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ThroughTheWindowScreen)
        await advance_until(pilot, lambda: card_up(screen))
        await pilot.press("q", "u", "x", "?")  # q and ? type, or are kept out: no leaving, no rules
        assert app.screen is screen and screen.boxes[0] == "qux"
        await pilot.press("enter")
        assert "“qux” is not in the noun list" in prompt(screen)
        assert screen.boxes[0] == "", "a refused word leaves the box: the next one does not run on from it"
        await pilot.press(*"key", "enter")
        assert "“key” does not start with Q (Q for queen)" in prompt(screen) and screen.boxes[0] == ""
        assert screen.game.view(0).won == [[], [], []], "a wrong word loses nothing"
        await pilot.press(*"Queen", "enter")
        await advance_until(pilot, lambda: screen.game.view(0).won[0])
        assert "Used: queen" in screen_text(app)
        # Your own eight: pass, and an expert bot takes it.
        await advance_until(pilot, lambda: card_up(screen))
        await pilot.press("enter")
        await advance_until(pilot, lambda: 0 in screen.game.view(0).passed)
        assert "passed on this card" in screen_text(app)
        await advance_until(pilot, lambda: not card_up(screen))
        await advance_until(pilot, lambda: card_up(screen))
        await pilot.press(*"kit", "enter")
        await advance_until(pilot, lambda: screen.game.is_over)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await wait_for(pilot, lambda: "you win with 2 cards" in screen_text(app))
        assert screen.game.result.winners == [0]


async def test_hotseat_the_first_buzz_holds_a_wrong_word_hands_it_back_and_the_other_wins(app_factory, monkeypatch):
    # The dealer's seven first: S, which is also Player 1's buzz key.
    # The keys below come quickly, as from quick hands; a loaded machine may space them wider
    # than the real window for a late buzz, so the test widens it.
    monkeypatch.setattr(window_screen, "LATE_BUZZ", 30.0)
    setup = GameSetup.solo(SPEC, 3, seed=1, level="easy", humans=2, deck=deck("8d", "Kc", "7s"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert prompt(screen).startswith("Player 1: s buzz, d pass · Player 2: l buzz, j pass")
        await wait_for(pilot, lambda: card_up(screen))
        await pilot.press("t")  # a letter before anyone has buzzed: whose box would it go to?
        assert prompt(screen) == "Buzz first: s Player 1 · l Player 2"
        await pilot.press("s", "l")  # both buzz: Player 1 first, so Player 2's l is a buzz, not a letter
        assert screen.buzz[0] == 0 and screen.boxes[0] == ""
        assert screen.headline.startswith("Player 1 buzzed") and screen.headline.endswith("earlier than Player 2")
        await pilot.press(*"table", "enter")  # a T word for a seven: the buzz goes back
        assert screen.buzz is None and "“table” does not start with S" in prompt(screen), "l was a letter of it"
        assert "the buzz goes back" in prompt(screen)
        # Player 2 buzzes and types at once: an s just after is theirs (it may be their first letter) ...
        await pilot.press("l", *"sun")
        assert screen.boxes[1] == "sun"
        await pilot.press(*["backspace"] * 3, "enter", "l", "s", *"sock")  # ... unless they type s again
        assert screen.boxes[1] == "sock" and screen.headline.startswith("Player 2 buzzed")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.view(None).won[1])
        assert screen.game.view(None).used == ["sock"]


async def test_a_saved_game_goes_on_with_its_card_face_down_until_go(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=1, level="easy", deck=deck("8d", "Kc", "Qs"))
    game = setup.new_game()
    game.apply(2, TURN)  # saved with the dealer's queen up
    app = app_factory(None)
    app.settings.resume_countdown = 2
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ThroughTheWindowScreen(setup, saved=SavedGame("s", setup, game, 0.0, datetime.now())))
        screen = app.screen
        center = text_of(screen.render_center())
        assert "Q for queen" not in center and "queen" not in center and "▚▚▚▚▚" in center
        await pilot.press(*"quilt", "enter")  # nobody thinks of a word before the bots may
        assert "wait for GO and the card" in prompt(screen) and not screen.game.view(0).won[0]
        await wait_for(pilot, lambda: screen.table.started)
        assert "Q for queen" in text_of(screen.render_center())
        await pilot.press("enter")  # the word typed in the count is still there: it goes now
        await wait_for(pilot, lambda: screen.game.view(0).won[0])
