"""Frogs in the Pond played by keys at 80x24: a card played with the cursor, the frog shown to
its taker only, a revoke that needs confirming (taken back, then made and charged), and a
hot-seat game played to the end behind covers."""

from __future__ import annotations

from ui_helpers import hot_seat_turns, play_first_playable, prompt, screen_text, wait_for

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.frogs_in_the_pond import FrogsScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import ChoiceScreen
from tests.rules.test_frogs_in_the_pond import FOUR, FOUR_POND, deck

SPEC = GAMES["frogs-in-the-pond"]
C = Card.parse
CHOSEN = {"partners": "chosen"}


async def test_a_card_is_played_by_keys_and_the_frog_shows_to_its_taker(app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=1, level="easy", deck=deck(FOUR, FOUR_POND), options=CHOSEN)
    app = app_factory(setup)  # the bots never move by themselves: the test moves for them
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, FrogsScreen)
        game = screen.game
        text = screen_text(app)
        assert "Your lead" in prompt(screen) and "You & Bot 2 v Bot 1 & Bot 3 (chosen)" in text
        # sorted by suit: spades 5-10, then hearts 3 4 K A
        assert screen.hand_cards() == cards("5s 6s 7s 8s 9s 10s 3h 4h Kh Ah")
        await pilot.press("end", "left", "enter")  # the K♥
        await pilot.pause()
        assert game.s.trick == [C("Kh")]
        for seat, card in ((1, "Qh"), (2, "10h"), (3, "Ac")):
            game.apply(seat, game.legal_actions(seat)[[a.cards[0] for a in game.legal_actions(seat)].index(C(card))])
        screen.refresh_all()
        await pilot.pause()
        assert "Your frogs: 10♦" in screen_text(app) and game.s.frogs[0] == [C("10d")]


async def test_a_revoke_is_asked_first_can_be_taken_back_and_costs_ten_points(app_factory):
    setup = GameSetup.solo(
        SPEC, 4, seed=1, level="easy", deck=deck((FOUR[1], FOUR[0], FOUR[2], FOUR[3]), FOUR_POND), options=CHOSEN
    )
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert screen.hand_cards() == cards("2s 3s 4s Js Qs Ks 2h 6h Jh Qh")
        await pilot.press("home", "right", "enter")  # lead the 3♠
        await pilot.pause()
        for seat, card in ((1, "5s"), (2, "As"), (3, "5c"), (2, "7h"), (3, "6c")):  # seat 2 wins, leads a heart
            game.apply(seat, game.legal_actions(seat)[[a.cards[0] for a in game.legal_actions(seat)].index(C(card))])
        screen.refresh_all()
        await pilot.pause()
        assert game.actors() == [0] and screen.under_cursor() in cards("2h 6h Jh Qh")
        before = game.hand_points()[game.s.side[0]]
        await pilot.press("home", "enter")  # the 2♠ does not follow hearts
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "you hold hearts" in app.screen.title_text
        await pilot.press("1")  # take it back
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and game.s.trick == cards("7h 6c")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")  # backing out plays nothing either
        await pilot.pause()
        assert game.s.trick == cards("7h 6c")
        await pilot.press("enter", "2")  # revoke after all
        await wait_for(pilot, lambda: len(game.s.log) >= 7)
        assert game.s.log[-1] == C("2s") and game.s.revokes == [6]
        assert game.hand_points()[game.s.side[0]] == before - 10
        assert any("You revoke" in line.plain for line in screen.history)


async def test_hot_seat_two_players_play_a_hand_out_behind_covers(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=3, humans=2, options={"max_hands": 1})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, FrogsScreen))
        done = 0
        async for seat in hot_seat_turns(pilot, screen, 30, hidden=lambda view: view.hand == view.my_frogs == []):
            assert screen.view.hand == screen.game.s.hands[seat]
            assert screen.view.my_frogs == screen.game.s.frogs[seat]
            await play_first_playable(pilot, screen)
            done += 1
            assert len(screen.game.s.log) == done or screen.game.is_over
        assert screen.game.is_over and screen.game.s.revokes == [] and done == 20


async def test_partners_play_a_hand_to_the_end_against_bots_and_win_or_lose_together(app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=8, level="easy", options={"max_hands": 1})
    app = app_factory(setup, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, FrogsScreen)
        game = screen.game
        partner = next(p for p in range(1, 4) if game.s.side[p] == game.s.side[0])
        colour = "red" if game.s.drawn[0].is_red else "black"  # the colour the partners drew
        assert f"You & {screen.names[partner]} ({colour}) v" in screen_text(app)
        for _ in range(10):
            await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen) or screen.actor is not None)
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.press("enter")  # the cursor starts on a card that follows suit
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert game.s.revokes == [] and len(game.result.winners) == 2
        assert "win together as partners" in screen_text(app)


async def test_the_results_frogs_and_scores_stay_within_80_columns_every_frog_shown(app_factory):
    import random

    # one hand is game enough: the longest scores and frogs are set below, as the result shows them
    app = app_factory(GameSetup.solo(SPEC, 5, seed=4, options={"max_hands": 1}))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        rng = random.Random(1)
        while not screen.game.is_over:  # everyone's moves straight through the table, to the end
            seat = rng.choice(screen.game.actors())
            screen.table._apply(seat, rng.choice(screen.game.legal_actions(seat)))
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        screen.game.s.last_frogs = [
            cards("2c 3c 4c 5c 6c 7c 8c 9c 10c"),
            cards("2d 3d 4d 5d 6d 7d 8d"),
            [],
            cards("10h Jh Qh Kh"),
            cards("10s Js Qs Ks As"),
        ]  # a long last hand
        screen.game.s.scores = [-115, 104, -120, 99, 100]  # (the widest a long game's scores get)
        # (the result has taken the table screen's place, which may be torn down by now: only its view is renewed)
        screen.view = screen.game.view(screen.viewer)
        final = screen.render_final().plain.split("\n")
        assert all(len(line) <= 76 for line in final), final
        frogs = " ".join(final)
        for taken in screen.game.s.last_frogs:
            for card in taken:
                assert f"{card}" in frogs
        assert "You 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣" in frogs  # a player's frogs kept together after their name
