"""Snap played through the keys a person would press."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.screens.result import ResultScreen, standings
from cardarcade.ui.games.snap import SnapScreen
from ui_helpers import deck_starting, text_of, wait_for

SNAP = GAMES["snap"]


async def test_hotseat_second_players_key_wins_the_race(app_factory):
    # Player 1 turns the 7♣, player 2 the 7♦; both call Snap, player 2 ("l") first.
    setup = GameSetup.solo(SNAP, 2, seed=1, humans=2, deck=deck_starting("7c 7d"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SnapScreen)
        assert screen.keymap.lookup("l") == (1, "react") and screen.keymap.lookup("a") == (0, "pool")
        prompt = str(screen.query_one("#prompt").render())
        assert "Player 1: w turn · s snap · a pool" in prompt and "Player 2: o turn · l snap · k pool" in prompt
        assert "keys w s a" in text_of(screen.render_seat(0)) and "keys o l k" in text_of(screen.render_seat(1))
        await pilot.press("w", "o")
        await pilot.press("l", "s")
        await wait_for(pilot, lambda: screen.game.view(None).pile_sizes == [0, 0])
        assert screen.game.view(None).counts == [25, 27]
        assert any("Player 2 calls Snap" in line.plain for line in screen.log_lines)
        assert not any("Player 1 calls Snap wrongly" in line.plain for line in screen.log_lines)


async def test_false_snap_makes_a_snap_pool_and_the_pool_key_wins_it_back(app_factory):
    setup = GameSetup.solo(SNAP, 2, seed=1, humans=2, deck=deck_starting("5c 6d 9c 5d"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w")  # 5♣
        await pilot.press("s")  # Snap! with nothing to match: a false snap
        await wait_for(pilot, lambda: screen.game.view(None).pool_size == 1)
        assert "pool 1" in text_of(screen.render_center())
        await pilot.press("o", "w", "o")  # 6♦, 9♣, then 5♦ matches the pool's 5♣
        await pilot.press("a")  # player 1's Snap pool! key
        await wait_for(pilot, lambda: screen.game.view(None).pool_size == 0)
        view = screen.game.view(None)
        assert view.counts == [24 + 1 + 2, 24] and view.pile_sizes == [1, 0]
        assert "Snap pool" in screen.headline


async def test_solo_snap_and_snap_pool_keys(app_factory):
    # You turn the 5♣ and call a false snap; the bot turns 6♦, you the 9♣, the bot the 5♦.
    setup = GameSetup.solo(SNAP, 2, seed=2, level="expert", deck=deck_starting("5c 6d 9c 5d"))
    app = app_factory(setup, pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.keymap.lookup("space") == (0, "react") and screen.keymap.lookup("p") == (0, "pool")
        await pilot.press("enter")
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.game.view(0).pool_size == 1)
        await wait_for(pilot, lambda: screen.game.view(0).turn == 0)
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: screen.game.view(0).tops[1] is not None and screen.game.view(0).tops[1].code == "5d"
        )
        await pilot.press("p")
        await wait_for(pilot, lambda: screen.game.view(0).pool_size == 0)
        assert screen.game.view(0).counts[0] >= 24 + 1 + 2
        assert app.memory.reactions("snap"), "the calls' reaction times are recorded"


async def test_keys_that_mean_nothing_here_change_nothing(app_factory):
    app = app_factory(GameSetup.solo(SNAP, 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.game.to_json()
        await pilot.press("x", "1", "7", "left", "tab")
        assert screen.game.to_json() == before
        await pilot.press("p")  # no snap pool yet: nothing happens
        await pilot.pause(0.1)
        assert screen.game.to_json() == before


async def test_the_result_lists_every_card_the_winner_holds(app_factory):
    # Nobody calls: seat 0 runs out of stock first; seat 1 wins holding its stock and its face-up pile.
    setup = GameSetup.solo(
        SNAP,
        2,
        seed=1,
        humans=2,
        deck=deck_starting("2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad"),
    )
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(26):
            await pilot.press("w", "o")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        held = screen.game.view(None).counts[1] + screen.game.view(None).pile_sizes[1]
        assert held > screen.game.view(None).counts[1]
        rows = text_of(standings(setup, screen.game)).splitlines()
        assert rows[0].split() == ["Player", "Cards"] and rows[1].split() == ["Player", "2", str(held), "winner"]


async def test_play_again_keeps_each_pile_under_its_persons_panel(app_factory):
    app = app_factory(GameSetup.solo(SNAP, 3, seed=1).again())  # the deal passed: You now sit last
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        panels = [screen.names[seat] for seat in screen.panel_order()]
        assert panels == ["You", "Bot 1", "Bot 2"]
        captions = text_of(screen.render_center()).splitlines()[-1].split()
        assert captions == ["You", "Bot", "1", "Bot", "2", "pool"]


async def test_the_last_frame_says_game_over_not_whose_turn_nor_an_old_answer(app_factory):
    setup = GameSetup.solo(
        SNAP,
        2,
        seed=1,
        humans=2,
        deck=deck_starting("2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad"),
    )
    app = app_factory(setup)
    app.settings.result_delay = 30.0  # the last frame stays up
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(25):
            await pilot.press("w", "o")
        await pilot.press("w", "w")  # the second is not player 1's turn: "not now"
        assert "not now" in str(screen.query_one("#prompt").render())
        await pilot.press("o")
        await wait_for(pilot, lambda: screen.game.is_over)
        await pilot.pause()
        assert str(screen.query_one("#prompt").render()) == "Game over."
        assert screen.status_line().startswith("Game over")
