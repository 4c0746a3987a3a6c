"""Knock Poker played by keys at 80x24: drawing, picking up, discarding with the cursor,
knocking, wrong keys, and a hot-seat game played to the showdown behind covers."""

from __future__ import annotations

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.knock_poker import DRAW
from cardarcade.seating import GameSetup
from cardarcade.ui.games.knock_poker import KnockPokerScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import CoverScreen
from ui_helpers import pass_cover, prompt, screen_text, wait_for

SPEC = GAMES["knock-poker"]
C = Card.parse


def deck(*hands: str, up: str = "2c", stock: str = "") -> list[Card]:
    dealt = [cards(h) for h in hands]
    order = [dealt[p][i] for i in range(5) for p in range(len(dealt))] + cards(up) + cards(stock)
    return order + [c for c in standard_deck() if c not in set(order)]


HANDS = ("As Ks Qs Js 9d", "2d 3d 4d 6d 7h", "8c 8d 8h 9c 9h")


def solo(humans: int = 1, **kw) -> GameSetup:
    return GameSetup.solo(
        SPEC, 3, seed=1, level="medium", humans=humans, deck=deck(*HANDS, up="10s", stock="5c Kd 4h"), **kw
    )


async def test_d_draws_then_the_cursor_and_enter_discard(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, KnockPokerScreen)
        text = screen_text(app)
        assert "Your turn — d draw from the stock · p pick up the 10♠" in text
        assert "Your hand: ace high" in text and "Nobody has knocked yet." in text
        await pilot.press("d")
        await pilot.pause()
        assert screen.game.s.hands[0][-1] == C("5c")
        text = screen_text(app)
        assert "You draw from the stock" in text and "new" in text
        assert "Best five of your six: ace high" in text
        assert "n discard the 5♣ and knock" in prompt(screen)  # the cursor starts on the new card
        await pilot.press("left")
        await pilot.pause()
        assert "n discard the 9♦ and knock" in prompt(screen)
        await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.s.discard[-1] == C("5c") and screen.game.s.turn == 1
        assert "You discard the 5♣" in screen_text(app)
        assert "Bot 1 is thinking" in prompt(screen)


async def test_p_picks_up_the_discard_which_cannot_go_straight_back_under_the_house_rule(app_factory):
    app = app_factory(solo(options={"throw_back": False}))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        assert C("10s") in screen.game.s.hands[0]
        assert "Best five of your six: royal flush" in screen_text(app)
        assert "n discard the 9♦ and knock" in prompt(screen)  # the cursor is on the lowest card held
        await pilot.press("right", "enter")  # the 10♠ just picked up
        await pilot.pause()
        assert len(screen.game.s.hands[0]) == 6
        assert "may not throw back" in prompt(screen)
        await pilot.press("left", "n")  # the 9♦, and knock
        await pilot.pause()
        game = screen.game
        assert game.s.knocker == 0 and game.s.hands[0] == cards("As Ks Qs Js 10s")
        text = screen_text(app)
        assert "You discard the 9♦ and knock: one more turn each" in text
        assert "You knocked: 2 more turns, then the hands are shown" in text
        assert "KNOCKED" in text


async def test_wrong_keys_change_nothing(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.game.to_json()
        await pilot.press("enter")
        await pilot.pause()
        assert "First draw" in prompt(screen)
        await pilot.press("n", "x", "space")
        await pilot.pause()
        assert screen.game.to_json() == before
        await pilot.press("d", "space")
        await pilot.pause()
        assert "One card at a time" in prompt(screen)
        await pilot.press("enter")  # discards the card under the cursor: the 5♣ just drawn
        await pilot.pause()
        after = screen.game.to_json()
        await pilot.press("d", "p", "enter", "n")  # not your turn any more
        await pilot.pause()
        assert screen.game.to_json() == after


async def test_bots_play_and_the_game_reaches_the_showdown(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=1, level="hard", deck=deck(*HANDS, up="10s", stock="5c Kd 4h"))
    app = app_factory(setup, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("left", "n")  # knock with the royal flush (discarding the 9♦, left of the 10♠)
        for _ in range(300):
            if screen.game.is_over:
                break
            await pilot.pause(0.02)
        assert screen.game.is_over and screen.game.result.winners == [0]
        assert "You win with a royal flush" == screen.game.result.describe(screen.names)
        for _ in range(100):
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ResultScreen)


def showdown(game) -> None:
    """Straight into the engine: you draw and knock, the bots draw and throw their first card."""
    game.apply(0, DRAW)
    game.apply(0, game.legal_actions(0)[-1])  # knock
    for seat in (1, 2):
        game.apply(seat, DRAW)
        game.apply(seat, game.legal_actions(seat)[0])


async def result_after_the_showdown(app, pilot) -> str:
    """Play to the showdown, let the result screen come up, and return its text."""
    screen = app.screen
    showdown(screen.game)
    screen._on_table([], None)  # the table's word that the game is over
    await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
    await pilot.pause()
    return screen_text(app)


async def test_the_showdown_shows_every_hand(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)):
        screen = app.screen
        game = screen.game
        showdown(game)
        assert game.is_over
        screen.refresh_all()
        text = screen_text(app)
        assert "The hands are shown:" in text
        assert "★ Bot 2          9♥ 9♣ 8♥ 8♦ 4♥  two pair, nines and eights" in text  # high to low
        assert "You            A♠ K♠ Q♠ J♠ 9♦  ace high" in text
        assert "★" in text


async def test_the_result_screen_keeps_the_showdown_on_show(app_factory):
    # The hands once flashed for the result delay and were gone.
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        text = await result_after_the_showdown(app, pilot)
        assert "★ Bot 2          9♥ 9♣ 8♥ 8♦ 4♥  two pair, nines and eights" in text
        assert "You            A♠ K♠ Q♠ J♠ 9♦  ace high" in text


async def test_the_dealer_is_marked(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)):
        text = screen_text(app)
        assert "Bot 2 dealt" in text
        assert " D Bot 2 (medium)" in text.splitlines()[2]  # the dealer's mark on its seat row


async def test_hot_seat_covers_each_hand_until_its_owner_is_ready(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=deck(*HANDS[:2], up="10s", stock="5c")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pass_cover(app, pilot, "Player 1")
        assert isinstance(screen, KnockPokerScreen) and "Your hand: ace high" in screen_text(app)
        await pilot.press("p", "left", "n")
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, CoverScreen) and cover.player == "Player 2"
        assert "Player 1 discards the 9♦ and knocks: one more turn each" in cover.since
        assert screen.view.hand == [] and screen.hand_cards() == []
        assert "A♠" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.hand == cards("2d 3d 4d 6d 7h")
        assert "your last turn" in prompt(screen)
        await pilot.press("d", "left", "enter")  # Player 2 draws the 5♣ and throws the 2♦ (sorted last)
        for _ in range(100):
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.pause(0.02)
        assert screen.game.is_over and screen.game.result.winners == [0]


async def test_each_seat_row_shows_its_last_draw_and_discard_on_one_line(app_factory):
    from cardarcade.rules.base import Action
    from cardarcade.rules.knock_poker import TAKE

    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        game.apply(0, DRAW)
        game.apply(0, Action("discard", (C("5c"),)))
        game.apply(1, TAKE)
        game.apply(1, Action("discard", (C("7h"),)))
        game.apply(2, DRAW)
        screen.refresh_all()
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert "You              drew, threw 5♣" in lines[1]
        assert "Bot 1 (medium)   took 5♣, threw 7♥" in lines[1]
        assert lines[2].startswith(" ▶ Bot 2 (medium)   drew")
        assert "Round 1 of at most 30" in lines[3]  # nothing wrapped onto a third seat line
        game.apply(2, Action("discard", (C("Kd"),)))
        game.apply(0, DRAW)
        game.apply(0, Action("discard", (C("4h"),)))
        game.apply(1, DRAW)  # a new turn: Bot 1 still holds the 5♣ it took
        screen.refresh_all()
        await pilot.pause()
        assert "Bot 1 (medium)   drew · holds 5♣" in screen_text(app).splitlines()[1]


async def test_the_result_says_what_the_score_is_and_writes_every_score_alike(app_factory):
    # Issue 26.19: "% of hands beaten" was unexplained and mixed "77.9" with "26"
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        text = await result_after_the_showdown(app, pilot)
        assert "Beats this % of all hands" in text
        assert "of all 2,598,960 five-card hands" in " ".join(text.split())
        rows = {
            line.split()[0] + line.split()[1]: line.split()[-2:]
            for line in text.splitlines()
            if line.startswith("  Bot") and "♥" not in line
        }
        assert rows["Bot2"] == ["94.0", "winner"] and rows["Bot1"][-1] == "18.3"  # not "94" beside "18.3"
