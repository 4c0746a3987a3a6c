"""Polignac played by keys at 80x24: playing a card with the cursor, the follow-suit rule
explained, and a hot-seat hand played to the end of the game behind covers."""

from __future__ import annotations

from ui_helpers import hot_seat_turns, play_first_playable, prompt, screen_text, wait_for

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules.polignac import deck_for
from cardarcade.seating import GameSetup
from cardarcade.ui.games.polignac import PolignacScreen

SPEC = GAMES["polignac"]
C = Card.parse
FOUR = ("Js 7s Ah 10h 9h 8h 7h Kd", "Qs 8s Jh Qh Kh Ad 10d 9d", "Ks 9s 10s As Jd Qd 8d 7d", "Jc Qc Kc Ac 10c 9c 8c 7c")


async def test_arrows_and_enter_play_a_card_and_following_suit_is_explained(app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=1, level="easy", deck=deck_for(*FOUR))
    app = app_factory(setup, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, PolignacScreen)
        # the hand is sorted by suit: spades (7 J), diamonds (K), hearts (7 8 9 10 A)
        assert screen.hand_cards() == cards("7s Js Kd 7h 8h 9h 10h Ah")
        assert "Your lead" in prompt(screen) and "Hand 1 · game to 10, lowest wins" in screen_text(app)
        await pilot.press("right", "right", "enter")  # the K♦
        await wait_for(
            pilot,
            lambda: (
                screen.game.s.last_winner is not None and screen.game.actors() == [0] or len(screen.game.s.log) >= 4
            ),
        )
        assert screen.game.s.log[0] == C("Kd")
        assert "You play the K♦" in "\n".join(line.plain for line in screen.history)


async def test_a_card_that_does_not_follow_suit_is_refused_with_the_reason(app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=1, level="easy", deck=deck_for(FOUR[1], FOUR[0], FOUR[2], FOUR[3]))
    app = app_factory(setup)  # the bots never move by themselves: the test moves for them
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert screen.hand_cards() == cards("8s Qs 9d 10d Ad Jh Qh Kh")
        await pilot.press("enter")  # the 8♠
        await pilot.pause()
        for seat, card in ((1, "7s"), (2, "Ks"), (3, "Jc"), (2, "Jd"), (3, "7c")):  # seat 2 takes, leads the J♦
            game.apply(seat, game.legal_actions(seat)[[a.cards[0] for a in game.legal_actions(seat)].index(C(card))])
        screen.refresh_all()
        await pilot.pause()
        assert game.actors() == [0] and "Your turn" in prompt(screen)
        await pilot.press("end", "enter")  # the K♥: not a diamond
        await pilot.pause()
        assert len(game.s.trick) == 2
        assert "You must follow suit: play a diamond (the bright cards)" in prompt(screen)
        await pilot.press("home", "right", "enter")  # the 9♦
        await pilot.pause()
        assert game.s.trick == cards("Jd 7c 9d")


async def test_hot_seat_three_players_play_the_game_out_behind_covers(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=3, humans=3, options={"target": 1})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, PolignacScreen))
        done = 0
        # the next person's cover comes up, unless the same person plays on (won the trick)
        async for seat in hot_seat_turns(pilot, screen, 40):
            assert screen.view.hand == screen.game.s.hands[seat]
            if done == 0:  # the places on the table name each person apart (not 'Player' three times)
                assert all(f"Player{n}" in screen_text(app) for n in (1, 2, 3))
            await play_first_playable(pilot, screen)
            done += 1
            assert len(screen.game.s.log) == done or screen.game.is_over
        assert screen.game.is_over and "lowest score" in screen.game.result.reason


async def test_hand_two_opens_without_hand_ones_last_trick_and_keeps_each_score_by_its_name(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 6, seed=2, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        while game.s.hand_no == 1:  # hand 1 played out for everyone (the bots never move at this pace)
            seat = game.actors()[0]
            game.apply(seat, game.legal_actions(seat)[0])
        screen.refresh_all()
        await pilot.pause()
        text = screen_text(app)
        assert "Last hand: Bot 1 2," in text and "took the last trick" not in text, text
        beside = [row[50:].strip() for row in text.split("\n")[4:11]]
        assert "Bot 5 3" in beside and not any(row.isdigit() for row in beside), beside
