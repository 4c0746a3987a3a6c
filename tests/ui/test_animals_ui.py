"""Animals (Menagerie) played through the keys a person would press."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.ui.screens.animals import AnimalsScreen
from cardarcade.ui.setup import GameSetup
from ui_helpers import deck_starting, text_of, wait_for

ANIMALS = GAMES["animals"]


async def test_choose_an_animal_by_digit_and_call_a_match_by_digit(app_factory):
    # You turn the 7♣, Bot 1 the 7♦: pressing 2 (seat 2, Bot 1) makes Bot 1's call first.
    setup = GameSetup.solo(ANIMALS, 3, seed=1, level="easy", deck=deck_starting("7c 7d 2h"))
    app = app_factory(setup, pace=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, AnimalsScreen)
        await wait_for(pilot, lambda: screen.game.view(0).animals[1:] != [None, None])  # bots choose at once
        assert "Choose your animal" in text_of(screen.render_center())
        await pilot.press("3")  # the third animal on the keys: the cow
        await wait_for(pilot, lambda: not screen.game.view(0).choosing)
        assert screen.game.view(0).animals[0] == "cow"
        assert "Cow Moo!" in text_of(screen.render_seat(0))
        assert "call key: 2" in text_of(screen.render_seat(1)) and "call key: 3" in text_of(screen.render_seat(2))
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.view(0).tops[1] is not None)
        await pilot.press("2")
        await wait_for(pilot, lambda: screen.game.view(0).pile_sizes[0] == 2)
        view = screen.game.view(0)
        assert view.tops[0].code == "7c"  # the won card went under your up card

        def flips_after_the_call() -> list[str]:
            log = [line.plain for line in screen.log_lines]
            won = [i for i, line in enumerate(log) if line.startswith("You call") and "first and win" in line]
            return [line for line in log[won[-1] + 1:] if "turns up" in line] if won else []

        await wait_for(pilot, flips_after_the_call)
        assert flips_after_the_call()[0].startswith("Bot 1")  # the loser of the call leads next


async def test_calling_yourself_or_an_empty_seat_does_nothing(app_factory):
    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=1)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.game.view(0).animals[1:] != [None, None])
        await pilot.press("1")
        await wait_for(pilot, lambda: not screen.game.view(0).choosing)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.flips == 1)
        before = screen.game.to_json()
        await pilot.press("1", "5", "6")  # yourself, and seats nobody sits in
        await pilot.pause(0.1)
        assert screen.game.to_json() == before
        assert "not now" in str(screen.query_one("#prompt").render())


async def test_hotseat_both_choose_and_the_right_players_key_calls(app_factory):
    # Player 1 turns 7♣, Player 2 the 7♦; Player 2 calls Player 1's animal with "7".
    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=2, deck=deck_starting("7c 7d 2h"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        prompt = str(screen.query_one("#prompt").render())
        assert "Player 1: w turn · 1…6 choose" in prompt and "Player 2: o turn · 7…= choose" in prompt
        await pilot.press("2", "9")  # Player 1 the cat, Player 2 the cow
        await wait_for(pilot, lambda: not screen.game.view(None).choosing)
        assert screen.game.view(None).animals[:2] == ["cat", "cow"]
        assert "keys P2:7" in text_of(screen.render_seat(0)) and "keys P1:2" in text_of(screen.render_seat(1))
        assert "keys P1:3 P2:9" in text_of(screen.render_seat(2))
        await pilot.press("w", "o")
        await pilot.press("7", "2")  # both call; Player 2 first
        await wait_for(pilot, lambda: screen.game.view(None).pile_sizes[0] == 0)
        assert screen.game.view(None).pile_sizes[:2] == [0, 2]


async def test_names_variant_shows_and_calls_names(app_factory):
    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=2, options={"calls": "names"})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert "Cow!" in text_of(screen.render_center())
        await pilot.press("3")
        await wait_for(pilot, lambda: screen.game.view(None).animals[0] == "cow")
        assert "Cow Cow!" in text_of(screen.render_seat(0))


async def test_a_call_between_two_others_is_not_a_race_you_missed(app_factory):
    from cardarcade.rules.base import Event
    from cardarcade.table.table import Reaction

    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=1)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        screen.on_game_events([Event("call_win", 1, "{seat} wins", target=2)])
        screen._on_reactions([Reaction(1, 0.4, "call_win", 3)])
        assert "did not react" not in screen.log_lines[-1].plain
        screen.on_game_events([Event("call_win", 1, "{seat} wins", target=0)])
        screen._on_reactions([Reaction(1, 0.4, "call_win", 4)])
        assert "you did not react" in screen.log_lines[-1].plain  # your up card matched: your race
