"""Thirteen played by keys at 80x24: stepping through the plays with n, marking by hand, a
refused play saying why, the choice of plays holding a card, knocking, a hot-seat game behind
covers, a game played to the end against bots, and the cards left fitting the result screen."""

from __future__ import annotations

from ui_helpers import pass_cover, prompt, screen_text, text_of, wait_for

from cardarcade.bots.thirteen import choose_for
from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.rules.thirteen import key
from cardarcade.seating import GameSetup
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.thirteen import ThirteenScreen
from cardarcade.ui.games.turn import ChoiceScreen

SPEC = GAMES["thirteen"]
C = Card.parse
YOU = "3s 4d 5c 6h 7s 8d 9c 9h Jc Qd Kh Ah 2s"
BOT = "3h 4s 5d 6c 7h 8c 10s 10d Js Qh Kd As 2d"


def deck(*hands: str) -> list[Card]:
    dealt = [cards(h) for h in hands]
    order = [dealt[p][i] for i in range(13) for p in range(len(dealt))]
    return order + [c for c in standard_deck() if c not in set(order)]


def play(text: str) -> Action:
    return Action("play", tuple(sorted(cards(text), key=key)))


def two(humans: int = 1, **kw) -> GameSetup:
    return GameSetup.solo(SPEC, 2, seed=1, level="medium", humans=humans, deck=deck(YOU, BOT), **kw)


async def test_n_steps_through_the_plays_and_enter_plays_the_marked_one(app_factory):
    app = app_factory(two())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ThirteenScreen)
        assert "You lead: the first play must contain the 3♠" in screen_text(app)
        assert prompt(screen).startswith("Your lead — n next play · space mark · enter play")
        await pilot.press("n")
        assert "Play 1 of 7: a single, 3♠" in prompt(screen)
        await pilot.press("n")
        assert "Play 2 of 7: a 3-card straight, 3♠ 4♦ 5♣" in prompt(screen)
        assert "Marked: 3♠ 4♦ 5♣ — a 3-card straight: enter plays it" in screen_text(app)
        await pilot.press("b", "b")  # back past the first play to the last: the longest straights
        assert "Play 7 of 7: a 7-card straight, 3♠ 4♦ 5♣ 6♥ 7♠ 8♦ 9♥" in prompt(screen)
        await pilot.press("n", "n", "enter")
        await pilot.pause()
        assert screen.game.s.table == cards("3s 4d 5c") and screen.game.actors() == [1]
        text = screen_text(app)
        assert "You play 3♠ 4♦ 5♣ (a 3-card straight)" in text
        assert "To beat: your 3-card straight" in text and "◆ on top" in text
        assert "Bot 1 is thinking" in prompt(screen)


async def test_marking_by_hand_and_a_refused_play_says_why(app_factory):
    app = app_factory(two())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        game.apply(0, play("3s 4d 5c"))
        game.apply(1, play("6c 7h 8c"))
        screen.refresh_all()
        await pilot.pause()
        assert "To beat: Bot 1's 3-card straight" in screen_text(app)
        assert "Beat a 3-card straight" in prompt(screen) and "p knock" in prompt(screen)
        before = game.to_json()
        # 6♥ 7♠ 8♦ 9♣: four cards on a three-card straight
        await pilot.press("space", "right", "space", "right", "space", "right", "space", "enter")
        await pilot.pause()
        assert "a 3-card straight must be answered by a 3-card straight" in prompt(screen)
        assert "Marked: 6♥ 7♠ 8♦ 9♣ — a 3-card straight must be answered by a 3-card straight" in screen_text(app)
        assert game.to_json() == before
        await pilot.press("space", "enter")  # unmark the 9♣: 6♥ 7♠ 8♦, topped by the 8♦ over the 8♣
        await pilot.pause()
        assert game.s.table == cards("6h 7s 8d") and game.s.owner == 0


async def test_enter_on_a_card_offers_the_plays_holding_it(app_factory):
    app = app_factory(two())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await pilot.press("end", "enter")  # the 2♠: the first play must hold the 3♠
        await pilot.pause()
        assert "2♠: the first play must contain the 3♠" in prompt(screen)
        app.settings.ascii_glyphs = True  # suit letters: the whole message in letters
        await pilot.press("enter")
        assert "2S: the first play must contain the 3S" in prompt(screen)
        app.settings.ascii_glyphs = False
        await pilot.press("home", "right", "enter")  # the 4♦: the straights from the 3♠ hold it
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and len(app.screen.labels) == 6
        await pilot.press("escape")
        await pilot.pause()
        assert game.s.table == []
        game.apply(0, play("3s 4d 5c"))
        game.apply(1, play("6c 7h 8c"))
        screen.refresh_all()
        await pilot.press("home", "right", "right", "enter")  # the 8♦
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and dialog.title_text == "Plays with the 8♦"
        assert dialog.labels == [
            "6♥ 7♠ 8♦ (a 3-card straight)",
            "7♠ 8♦ 9♣ (a 3-card straight)",
            "7♠ 8♦ 9♥ (a 3-card straight)",
        ]
        await pilot.press("2")
        await wait_for(pilot, lambda: game.s.owner == 0)
        assert game.s.table == cards("7s 8d 9c")


async def test_p_knocks_and_the_last_player_leads_anything(app_factory):
    app = app_factory(two())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await pilot.press("w")  # no four 2s or 3s were dealt
        await pilot.pause()
        assert "w show four 2s or 3s: not possible now" in prompt(screen)
        await pilot.press("p")
        await pilot.pause()
        assert "p knock: you lead, so you must play — it must contain the 3♠" in prompt(screen)
        await pilot.press("enter")  # the 3♠ alone
        await pilot.pause()
        game.apply(1, play("2d"))
        screen.refresh_all()
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(app)
        assert "You knock" in text and "Everyone else knocked: Bot 1 leads anything" in text
        assert game.actors() == [1] and game.s.table == []


async def test_n_steps_through_the_ordinary_plays_then_the_chops(app_factory):
    mine = "3s 5s 9s 9h 9d 9c Jc Qd Kh Ah 2s 6h 7s"
    app = app_factory(GameSetup.solo(SPEC, 2, seed=1, level="medium", deck=deck(mine, BOT)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await pilot.press("enter")  # the 3♠ alone
        await pilot.pause()
        game.apply(1, play("4s"))
        screen.refresh_all()
        await pilot.press("n")
        assert "Play 1 of 13: a single, 5♠" in prompt(screen)
        await pilot.press("b")  # back round from the first play to the last: the chop
        assert "Play 13 of 13: four of a kind, 9♠ 9♣ 9♦ 9♥" in prompt(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert "You chop the 4♠ with four of a kind: 9♠ 9♣ 9♦ 9♥" in screen_text(app)


async def test_four_3s_are_shown_with_w_under_the_house_rule(app_factory):
    hands = ("3c 3d 3h 3s 5h 6d 7d 8h 10s 10d Js Qh Kh", "4c 5d 6c 7h 8c 9d 10c Jh Qc Kd Ac 2h 2c")
    app = app_factory(GameSetup.solo(SPEC, 2, seed=1, deck=deck(*hands), options={"four_twos_or_threes": "win"}))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert "You were dealt four 2s or four 3s: showing them wins the deal" in screen_text(app)
        assert prompt(screen) == "Dealt four 2s or 3s: the deal is yours — w show them and win the deal"
        await pilot.press("n")
        assert "Nothing to play: w (or enter) shows your hand and wins the deal" in prompt(screen)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.game.result.winners == [0]


async def test_hot_seat_passes_the_keyboard_behind_a_cover(app_factory):
    app = app_factory(two(humans=2))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pass_cover(app, pilot, "Player 1")
        assert screen.hand_cards() == cards(YOU)
        await pilot.press("n", "enter")  # the 3♠ alone
        screen = await pass_cover(app, pilot, "Player 2")
        assert screen.hand_cards() == cards(BOT) and "To beat: Player 1's single" in screen_text(app)
        assert "3♠" not in screen_text(app).split("To beat")[0]  # Player 1's cards are off the screen
        await pilot.press("p")
        screen = await pass_cover(app, pilot, "Player 1")
        assert "Your lead" in prompt(screen) and screen.game.actors() == [0]


async def test_a_game_against_bots_is_played_to_the_end_by_keys(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 3, seed=4, level="easy"), pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(600):
            if screen.game.is_over:
                break
            if screen.actor == 0 and app.screen is screen:
                await pilot.press("n", "enter") if screen.stepped_plays() else await pilot.press("p")
            await pilot.pause(0.02)
        assert screen.game.is_over
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))


async def test_two_packs_show_red_backs_and_a_pair_of_twin_cards_plays(app_factory):
    from cardarcade.cards import double_deck
    from cardarcade.rules.thirteen import KNOCK

    mine = cards("3s 7h 7h/1 9c 9d Jd Qh Kh Ac 2c 2d 5s 5s/1")
    rest = [c for c in double_deck() if c not in set(mine) and c.code not in ("3s/1",)] + [Card.parse("3s/1")]
    hands = [mine] + [rest[i * 13 : (i + 1) * 13] for i in range(6)]
    order = [hands[p][i] for i in range(13) for p in range(7)]
    order += [c for c in double_deck() if c not in set(order)]
    app = app_factory(GameSetup.solo(SPEC, 7, seed=1, level="easy", deck=order))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert game.s.packs == 2 and game.actors() == [0]
        text = screen_text(app)
        assert "You              13 (11b 2r)" in text and "Two packs: r marks a red back" in text
        await pilot.press("enter")  # the blue 3♠ alone
        await pilot.pause()
        for seat in range(1, 7):
            game.apply(seat, KNOCK)
        screen.refresh_all()
        await pilot.pause()
        # after the 3♠: 5♠ 5♠(r) 7♥ 7♥(r) ...
        await pilot.press("home", "right", "right", "space", "right", "space", "enter")
        await pilot.pause()
        assert game.s.table == [C("7h"), C("7h/1")]
        assert "You play 7♥ 7♥(r) (a pair)" in screen_text(app)


def played_out(screen: ThirteenScreen) -> None:
    """Every seat plays as an easy bot to the end of the game; the screen shows the last view."""
    game = screen.game
    while not game.is_over:
        seat = game.actors()[0]
        game.apply(seat, choose_for(game.view(seat), "easy", seat))
    screen.view = game.view(0)


async def test_the_cards_left_fit_the_result_screen_with_many_players(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 8, seed=1, level="easy"))
    async with app.run_test(size=(80, 24)):
        screen = app.screen
        played_out(screen)
        shown = text_of(screen.render_final()).rstrip("\n").split("\n")
        # eight lines of standings leave no room for a line a player: the hands flow into two lines
        assert len(shown) == 2 and shown[0].startswith("Cards left: ")
        for seat, hand in enumerate(screen.view.shown):
            assert (f"{screen.names[seat]} " in " ".join(shown)) == bool(hand)
    app = app_factory(GameSetup.solo(SPEC, 12, seed=3, level="easy"))
    async with app.run_test(size=(80, 24)):
        screen = app.screen
        played_out(screen)
        assert screen.render_final() is None  # twelve: no room below the standings, so nothing half shown


async def test_a_single_refused_names_the_card_once(app_factory):
    app = app_factory(two())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.game.apply(0, play("3s"))
        screen.game.apply(1, play("7h"))
        screen.refresh_all()
        await pilot.pause()
        await pilot.press("home", "enter")  # the 4♦ on the 7♥
        await pilot.pause()
        assert prompt(screen).startswith("4♦: lower than the 7♥"), prompt(screen)
