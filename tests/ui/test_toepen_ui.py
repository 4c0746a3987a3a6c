"""Toepen played by keys at 80x24: knocking on your turn and out of it, answering a knock, the
redraw, and a hot-seat hand played to the end of the game behind covers."""

from __future__ import annotations

from dataclasses import replace

from ui_helpers import hot_seat_turns, play_first_playable, prompt, screen_text, wait_for

from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.toepen import FOLD, KNOCK, STAY, deck_for
from cardarcade.seating import GameSetup
from cardarcade.ui.screens.result import ResultScreen, headline
from cardarcade.ui.games.toepen import ToepenScreen
from cardarcade.ui.games.turn import CoverScreen
from tests.rules.test_toepen import LAST_TRICK_HANDS, LAST_TRICK_PLAY

SPEC = GAMES["toepen"]
C = Card.parse
THREE = ("10s 7s Ah Kd", "9s 8h Qh Jd", "As 9h 10d 7c")


def history(screen) -> str:
    return "\n".join(line.plain for line in screen.history)


async def test_knock_on_your_turn_then_play_by_the_cursor(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=1, level="easy", deck=deck_for(*THREE), options={"redraw": False})
    app = app_factory(setup)  # the bots never move by themselves: the test moves for them
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert isinstance(screen, ToepenScreen)
        assert "Your lead" in prompt(screen) and "n knock (to 2)" in prompt(screen)
        await pilot.press("n")
        await pilot.pause()
        assert game.s.stake == 2 and "You knock: the hand is worth 2" in history(screen)
        game.apply(1, STAY)
        game.apply(2, FOLD)
        screen.refresh_all()
        await pilot.pause()
        assert "n knock" not in prompt(screen)  # not twice running
        await pilot.press("home", "enter")  # the hand is sorted spades, diamonds, clubs, hearts: the 7♠
        await pilot.pause()
        assert game.s.log == [C("7s")]


async def test_a_knock_out_of_turn_and_answering_one_by_keys(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=1, level="easy", deck=deck_for(*THREE), options={"redraw": False})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await pilot.press("enter")
        await pilot.pause()
        assert game.actors()[0] == 1  # Bot 1 to play...
        assert "Bot 1" in prompt(screen) and "n knock" in prompt(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.s.log) == 1  # ...so enter plays nothing
        await pilot.press("n")  # ...but a knock is open to you at any moment
        await pilot.pause()
        assert game.s.knocker == 0 and game.s.stake == 2
        game.apply(1, STAY)
        game.apply(2, STAY)
        game.apply(1, KNOCK)  # Bot 1 knocks back; Bot 2 stays, then you are asked
        game.apply(2, STAY)
        screen.refresh_all()
        await pilot.pause()
        assert "Bot 1 knocked: the hand is worth 3 — s stay" in prompt(screen) and "f fold (pay 2)" in prompt(screen)
        await pilot.press("f")
        await pilot.pause()
        assert game.s.folded[0] and game.s.chips[0] == 8


async def test_redraw_by_key_and_the_challenge_shown(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=1, level="easy", deck=deck_for("Ac Ks Qs Js", *THREE[1:]))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert "Throw in your hand?" in prompt(screen) and "r redraw" in prompt(screen)
        await pilot.press("r")
        await pilot.pause()
        assert game.s.discards[0] and game.s.phase == "challenge"
        game.apply(1, game.legal_actions(1)[0])  # Bot 1 challenges, and pays: only faces
        screen.refresh_all()
        await pilot.pause()
        assert game.s.chips[1] == 9 and game.view(2).discards[0]  # shown to everyone
        assert "Hand 1 · worth 1 chip" in screen_text(app) and "p keep" not in prompt(screen)


async def test_hot_seat_three_players_play_the_game_out_behind_covers(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=3, humans=3, options={"chips": 1, "redraw": False, "jack_bluff": False})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, ToepenScreen))
        async for seat in hot_seat_turns(pilot, screen, 40):
            assert screen.view.hand == screen.game.s.hands[seat] and screen.game.actors()[0] == seat
            played = len(screen.game.s.log)
            await play_first_playable(pilot, screen)
            assert len(screen.game.s.log) == played + 1 or screen.game.is_over
        assert screen.game.is_over and "chips" in screen.game.result.reason


async def test_at_eight_players_the_trick_names_who_played_each_card(app_factory):
    setup = GameSetup.solo(SPEC, 8, seed=2, level="easy", options={"redraw": False})
    app = app_factory(setup)  # the bots never move by themselves: the test moves for them
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        # the first trick and two cards of the second: the middle also says who took the first
        while game.s.tricks_played < 1 or len(game.s.trick) < 2:
            seat = game.actors()[0]
            game.apply(seat, next(a for a in game.legal_actions(seat) if a.kind == "play"))
        screen.refresh_all()
        await pilot.pause()
        text = screen_text(app)
        assert "took trick 1" in text
        names = [screen.short_name(t.seat) for t in screen.view.trick]
        captions = [line for line in text.splitlines() if "chips" not in line]  # not the seat lines
        assert any(all(n in line for n in names) for line in captions)  # the row under the trick is on screen


def solo_app(app_factory, *hands: str):
    """You against two easy bots that never move by themselves (the test moves for them), on
    these hands, without the redraw."""
    setup = GameSetup.solo(SPEC, 3, seed=1, level="easy", deck=deck_for(*hands), options={"redraw": False})
    return app_factory(setup)


async def play_by_keys(pilot, screen, card: str) -> None:
    target = screen.hand_cards().index(C(card))
    await pilot.press("home", *(["right"] * target), "enter")
    await pilot.pause()


async def test_three_tens_are_shown_before_the_first_card_and_jacks_may_bluff(app_factory):
    app = solo_app(app_factory, "10s 10h 10d 9c", "Js Jh Jd 7c", "As 9h Ad 8c")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert "You hold three tens: show it before your first card — w whistle" in prompt(screen)
        await play_by_keys(pilot, screen, "9c")
        assert game.s.log == [] and "shown before your first card" in screen_text(app)
        await pilot.press("w")
        await pilot.pause()
        assert game.s.signals[0] == 3 and "whistles" in screen_text(app)
        await play_by_keys(pilot, screen, "9c")
        assert game.s.log == [C("9c")]
    app = solo_app(app_factory, "Js Jh Jd 9c", "10s 9s 8s 7c", "As 9h Ad 8c")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert "Your lead" in prompt(screen) and "w whistle (bluff)" in prompt(screen)
        await pilot.press("w")
        await pilot.pause()
        assert game.s.signals[0] == 3 and "w whistle" not in prompt(screen)


async def test_hot_seat_nobody_sees_who_holds_the_jacks(app_factory):
    """Three people share the keyboard; the middle one holds tens, jacks or kings. The covers
    and the screens the others see go the same whether the jacks bluff the tens' whistle or the
    tens blow it, and whether the jacks keep quiet or there is nothing to show."""

    async def first_trick(holding: str, signal: bool) -> list[str]:
        deck = deck_for("9s 8h Qh 9c", holding, "As 9h Ad 8c")
        setup = GameSetup.solo(SPEC, 3, seed=3, humans=3, deck=deck, options={"redraw": False})
        app = app_factory(setup)
        seen = []
        async with app.run_test(size=(80, 24)) as pilot:
            screen = next(s for s in app.screen_stack if isinstance(s, ToepenScreen))
            game = screen.game
            cards = {0: "9c", 1: "7c", 2: "8c"}
            while game.s.tricks_played == 0:
                await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) or screen.actor is not None)
                if isinstance(app.screen, CoverScreen):
                    seen.append(screen_text(app))
                    await pilot.press("enter")
                    await pilot.pause()
                seat = screen.viewer
                if seat != 1:
                    seen.append(screen_text(app))
                elif signal:
                    await pilot.press("w")
                    await pilot.pause()
                await play_by_keys(pilot, screen, cards[seat])
        return seen

    whistled = await first_trick("10s 10h 10d 7c", True)
    assert len(whistled) == 5 and "Player 2 whistles" in whistled[-1]  # three covers and two turns
    assert whistled == await first_trick("Js Jh Jd 7c", True)
    assert await first_trick("Js Jh Jd 7c", False) == await first_trick("Ks Kh Kd 7c", False)


async def test_the_result_names_the_one_who_ran_out_as_the_loser(app_factory):
    # Issue 26.3: the result crowned the most chips; the text's game has one loser, and you have not lost
    hands = LAST_TRICK_HANDS
    setup = GameSetup.solo(SPEC, 3, seed=1, level="easy", deck=deck_for(*hands), options={"redraw": False, "chips": 2})
    setup = replace(setup, seats=setup.seats[::-1])  # you sit last and play the last card
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        game.s.chips = [1, 2, 2]
        for seat, card in LAST_TRICK_PLAY[:-1]:
            game.apply(seat, play(C(card)))
        screen.refresh_all()
        await pilot.pause()
        await pilot.press("enter")  # your 9♣, the last card
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        text = screen_text(app)
        loser = setup.names[0]
        assert f"{loser} loses — you have not lost" in text and "wins" not in text
        assert f"{loser} has run out of chips and loses" in text
        row = next(line for line in text.splitlines() if line.strip().startswith(loser))
        assert row.split()[-1] == "lost" and "winner" not in text


def test_the_result_headline_speaks_to_the_loser_and_to_a_table_of_people():
    hands = LAST_TRICK_HANDS
    setup = GameSetup.solo(SPEC, 3, seed=1, humans=3, deck=deck_for(*hands), options={"redraw": False, "chips": 2})
    game = setup.new_game()
    game.s.chips = [1, 2, 2]
    for seat, card in LAST_TRICK_PLAY:
        game.apply(seat, play(C(card)))
    assert headline(setup, game, [0]) == "You lose"
    assert headline(setup, game) == f"{setup.names[0]} loses"  # hot-seat: everyone at the screen reads it
    game.s.result = game.s.result.model_copy(update={"losers": [0, 2]})  # two out in the same hand
    assert headline(setup, game, [2]) == f"You and {setup.names[0]} lose"
