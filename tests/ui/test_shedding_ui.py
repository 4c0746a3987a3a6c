"""Neosho Rapids and Dig played by keys (bots at pace 1000 never move, so frames are stable)."""

from __future__ import annotations

from textual import events

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules._shedding import stacked_deck
from cardarcade.rules.neosho_rapids import DRAW
from cardarcade.seating import GameSetup
from cardarcade.ui.games.dig import DigScreen
from cardarcade.ui.games.neosho_rapids import NeoshoRapidsScreen
from cardarcade.ui.games.turn import ChoiceScreen, CoverScreen
from ui_helpers import pass_cover, prompt, screen_text, wait_for

C = Card.parse
OTHER = {"neosho-rapids": "9h 9c 10h 10c Jh Js Jc", "dig": "2d 3d 4d 5d 6d 7d Qd"}


def setup(game_id: str, hand: str, upcard: str, stock: str = "", humans: int = 1, **options) -> GameSetup:
    deck = stacked_deck([hand, OTHER[game_id]], upcard, stock)
    return GameSetup.solo(GAMES[game_id], 2, seed=1, humans=humans, deck=deck, options=options or None)


async def test_neosho_plays_a_chain_card_by_card_then_draws(app_factory):
    app = app_factory(setup("neosho-rapids", "3c 4c 9d 9s 10d 10s Jd", "5s", "Kd"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NeoshoRapidsScreen)
        assert screen.hand_cards()[:2] == cards("3c 4c")  # sorted by rank
        text = screen_text(app)
        assert "Play a 4 or 6 on 5♠" in text and "37 left" in text and "7 cards" in text
        await pilot.press("enter")  # the 3 does not follow a 5
        await pilot.pause()
        assert "cannot be played now" in screen_text(app) and screen.game.held() == [7, 7]
        await pilot.press("right", "enter")  # 4♣
        await pilot.pause()
        assert screen.game.upcard == C("4c") and screen.game.actors() == [0]
        await pilot.press("left", "enter")  # then 3♣
        await pilot.pause()
        text = screen_text(app)
        assert "This turn: 4♣ → 3♣" in text and "d draw & end turn" in text
        await pilot.press("d")
        await pilot.pause()
        assert screen.game.actors() == [1] and C("Kd") in screen.game.s.hands[0]
        text = screen_text(app)
        assert "You draw a card after playing 2 cards" in text and "Your last draw: K♦" in text


async def test_d_that_cannot_be_done_says_why(app_factory):
    # Neosho's must-play d once did nothing at all.
    app = app_factory(setup("neosho-rapids", "3c 4c 9d 9s 10d 10s Jd", "5s", "Kd"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert "d: while a card fits you must play one first — Play a 4 or 6 on 5♠" in prompt(app.screen)
        assert app.screen.game.held() == [7, 7]
    app = app_factory(setup("dig", "5h 9c 10s Jd Kh 2c 3c", "9h"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert "d: you dig only when nothing fits — Play a ♥ or a 9" in prompt(app.screen)
        assert app.screen.game.held() == [7, 7]


async def test_a_refused_key_is_left_to_read_while_nothing_else_moves(app_factory, monkeypatch):
    monkeypatch.setattr("cardarcade.ui.games._prompt.SAID_HOLD", 0.05)
    app = app_factory(setup("neosho-rapids", "3c 4c 9d 9s 10d 10s Jd", "5s", "Kd"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")  # the 3 does not follow a 5
        await wait_for(pilot, lambda: screen._said is None)  # the hold against others' moves is over
        await pilot.pause()
        assert "cannot be played now" in prompt(screen), "nobody moved: the answer stays until the next key"
        await pilot.press("right", "enter")  # the 4♣: a move of the person's own ends the message
        await wait_for(pilot, lambda: screen.game.upcard == C("4c"))
        assert "cannot be played now" not in prompt(screen)


async def test_neosho_marked_cards_play_as_a_chain_in_marking_order(app_factory):
    app = app_factory(setup("neosho-rapids", "3c 4c 9d 9s 10d 10s Jd", "5s"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("space", "right", "space")  # 3♣ first, then 4♣: wrong way round
        await pilot.pause()
        assert "Marked chain: 3♣ → 4♣" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "3♣ does not follow 5♠" in screen_text(app) and screen.game.held() == [7, 7]
        await pilot.press("space", "left", "space", "right", "space")  # unmark both, mark 4♣ then 3♣
        await pilot.press("left", "space")
        await pilot.pause()
        assert screen.marked == [1, 0]
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.s.chain == cards("4c 3c") and screen.game.held() == [5, 7]


async def test_dig_eight_opens_the_naming_dialog(app_factory):
    app = app_factory(setup("dig", "8c 5h 9c 10s Jd Kh 2c", "9h"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DigScreen)
        assert screen.hand_cards() == cards("2c 9c Jd 5h Kh 10s 8c")  # by suit, eights last
        assert "Play: a ♥ or a 9, or any eight" in screen_text(app)
        assert "d dig" not in screen_text(app)  # something fits: no digging
        await pilot.press("d")
        await pilot.pause()
        assert screen.game.held() == [7, 7]
        await pilot.press("left", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and "8♣ is wild" in dialog.title_text
        assert dialog.labels[:4] == ["Name clubs ♣", "Name diamonds ♦", "Name hearts ♥", "Name spades ♠"]
        assert "Name kings" in dialog.labels and "Name 8s" not in dialog.labels
        await pilot.press("escape")  # backing out loses nothing
        await pilot.pause()
        assert app.screen is screen and screen.game.held() == [7, 7]
        await pilot.press("enter", "4")
        await pilot.pause()
        await pilot.pause()
        assert screen.game.s.named == "s" and screen.game.actors() == [1]
        text = screen_text(app)
        assert "You play 8♣ and name spades" in text and "An eight named spades" in text


async def test_hot_seat_covers_the_hand_between_players(app_factory):
    app = app_factory(setup("dig", "5h 9c 10s Jd Kh 2c 3c", "9h", humans=2))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pass_cover(app, pilot, "Player 1")
        assert isinstance(screen, DigScreen) and screen.hand_cards()[0] == C("2c")
        screen.cursor = screen.hand_cards().index(C("9c"))
        await pilot.press("enter")
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, CoverScreen) and cover.player == "Player 2"
        assert "Player 1 plays 9♣" in cover.since
        assert screen.hand_cards() == [] and screen.view.hand == []  # nothing private under the cover
        await pilot.press("enter")
        await pilot.pause()
        assert sorted(screen.hand_cards(), key=str) == sorted(cards(OTHER["dig"]), key=str)


async def play_to_the_end_by_keys(app, pilot) -> None:
    """Whenever it is the person's turn: the first card that fits (enter, naming with 1), else d."""
    screen = app.screen
    for _ in range(3000):
        if screen.game.is_over:
            return
        if app.screen is screen and screen.actor is not None:
            legal = screen.game.legal_actions(screen.actor)
            hand = screen.hand_cards()
            fitting = [i for i, card in enumerate(hand) if any(a.card == card for a in legal)]
            if fitting and not (screen.game.s.chain if hasattr(screen.game.s, "chain") else False):
                screen.cursor = fitting[0]
                await pilot.press("enter")
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("1")
            else:
                await pilot.press("d")
        await pilot.pause(0.01)
    raise AssertionError("the game did not end")


async def test_whole_games_by_keys_reach_the_result(app_factory):
    from cardarcade.ui.screens.result import ResultScreen

    for game_id in ("dig", "neosho-rapids"):
        setup = GameSetup.solo(GAMES[game_id], 2, seed=3, level="hard", options={"max_turns": 40})
        app = app_factory(setup, pace=0.001)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await play_to_the_end_by_keys(app, pilot)
            for _ in range(100):
                if isinstance(app.screen, ResultScreen):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, ResultScreen), game_id


async def test_d_right_after_enter_draws_after_the_card_is_played(app_factory):
    """enter then d at once: the d must not be judged before the enter has played its card."""
    app = app_factory(setup("neosho-rapids", "3c 4c 9d 9s 10d 10s Jd", "5s", "Kd"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.cursor = 1  # 4♣
        app.post_message(events.Key("enter", "\r"))  # both queued before either is handled
        app.post_message(events.Key("d", "d"))
        for _ in range(20):
            await pilot.pause()
            if screen.game.actors() == [1]:
                break
        assert screen.game.s.hands[0].count(C("4c")) == 0 and screen.game.actors() == [1]


async def test_dig_one_key_digs_until_a_card_fits(app_factory):
    # The text digs on until a card can be played: a key a card was a chore.
    app = app_factory(setup("dig", "2c 3c 4c 5c 6c 7c 9c", "Jh", "Qs Kd 4h As"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "d dig until a card fits" in screen_text(app)
        await pilot.press("d")
        await wait_for(pilot, lambda: screen.game.held() == [10, 7])
        text = screen_text(app)
        assert "You dug 3 cards this turn" in text and "Your last dig: Q♠ K♦ 4♥" in text
        await pilot.press("d")  # 4♥ fits now: no more digging
        await pilot.pause()
        assert screen.game.held() == [10, 7]
        await pilot.press("enter")  # the card that fits is under the cursor
        await wait_for(pilot, lambda: screen.game.upcard == C("4h"))
        assert "You play 4♥ after digging 3" in screen_text(app)


async def test_neosho_your_last_draw_goes_with_your_next_move(app_factory):
    app = app_factory(setup("neosho-rapids", "3c 9d 9s 10d 10s Jd Qd", "5s", "4c"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.game
        await pilot.press("d")  # nothing follows the 5♠: draw the 4♣, and the turn passes
        await wait_for(pilot, lambda: game.actors() == [1])
        assert "Your last draw: 4♣" in screen_text(app)
        screen._on_table(game.apply(1, DRAW), 1)  # the bot draws too
        await pilot.pause()
        assert "Your last draw: 4♣" in screen_text(app)
        await pilot.press("home", "right", "enter")  # the 4♣ on the 5♠: the draw is answered
        await wait_for(pilot, lambda: game.upcard == C("4c"))
        assert "Your last draw" not in screen_text(app)


async def test_once_the_game_is_over_the_footer_and_board_stop_offering_moves(app_factory):
    """The last card played: while the result is on its way, no "⏎ Play" in the footer and
    no "Play: a ♥ or a 9" on the board, which says the game is over."""
    app = app_factory(setup("dig", "5h 9c 10s Jd Kh 2c 3c", "9h"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.result_delay = 1000  # (the result stays away while the board is read)
        await pilot.pause()
        screen = app.screen
        screen.game.s.hands[0] = [C("5h")]  # one card left, and it fits
        screen.refresh_all()
        await pilot.pause()
        assert "⏎ Play" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.is_over and app.screen is screen
        text = screen_text(app)
        assert "⏎ Play" not in text and "Move" not in text and "Play: " not in text, text
        assert "Game over" in text.split("\n")[-2] and text.count("Game over") == 2, text  # the status, the board


async def test_the_footer_offers_d_while_the_prompt_does(app_factory):
    def footer() -> str:
        return screen_text(app).split("\n")[-1]

    app = app_factory(setup("neosho-rapids", "3c 4c 9d 9s 10d 10s Jd", "5s", "Kd"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "d Draw" not in footer()  # a card fits: it must be played first
        await pilot.press("right", "enter")  # 4♣: now drawing ends the turn
        await pilot.pause()
        assert "d draw & end turn" in prompt(app.screen) and "d Draw" in footer(), footer()
    app = app_factory(setup("dig", "2c 3c 4c 5c 6c 7c 9c", "Jh", "Qs 4h"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "d dig" in prompt(app.screen) and "d Dig" in footer(), footer()
        await pilot.press("d")  # dug to the 4♥, which fits
        await pilot.pause()
        assert "d Dig" not in footer(), footer()


async def test_dig_on_an_eight_turned_up_names_the_eights_once(app_factory):
    app = app_factory(setup("dig", "5h 9c 10s Jd Kh 2c 3c", "8s"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Play a ♠ or an 8 (enter)" in prompt(app.screen)
        text = screen_text(app)
        assert "Play: a ♠ or an 8" in text and "or any eight" not in text, text
