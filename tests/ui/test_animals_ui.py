"""Animals (Menagerie) played through the keys a person would press."""

from __future__ import annotations

from cardarcade.rules import GAMES, Outcome
from cardarcade.seating import GameSetup
from cardarcade.ui.games.animals import ANIMAL_KEYS, AnimalsScreen
from ui_helpers import advance_until, deck_starting, make_clocked_app, prompt, screen_text, text_of, wait_for

ANIMALS = GAMES["animals"]


async def test_choose_an_animal_by_digit_and_call_a_match_by_the_animals_letter():
    # You turn the 7♣, Bot 1 the 7♦: the letter of Bot 1's animal makes its call first.
    setup = GameSetup.solo(ANIMALS, 3, seed=1, level="easy", deck=deck_starting("7c 7d 2h"))
    app = make_clocked_app(setup, pace=0.02)  # (the bots wait while the test looks: a busy machine's
    # bot once called the match before the test had pressed its keys)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, AnimalsScreen)
        await advance_until(pilot, lambda: screen.game.view(0).animals[1:] != [None, None])  # bots choose at once
        assert "Choose your animal" in text_of(screen.render_center())
        await pilot.press("3")  # the third animal on the keys: the cow
        await advance_until(pilot, lambda: not screen.game.view(0).choosing)
        assert screen.game.view(0).animals[0] == "cow"
        bot1 = screen.game.view(0).animals[1]
        assert "Cow Moo!" in text_of(screen.render_seat(0))
        assert f"{ANIMAL_KEYS[bot1]} {bot1.capitalize()}" in text_of(screen.legend())
        await pilot.press("enter")
        await advance_until(pilot, lambda: screen.game.view(0).tops[1] is not None)
        await pilot.press("2")  # a seat's number calls nobody any more
        await pilot.pause()
        assert screen.game.view(0).pile_sizes[0] == 1
        await pilot.press(ANIMAL_KEYS[bot1])
        await advance_until(pilot, lambda: screen.game.view(0).pile_sizes[0] == 2)
        view = screen.game.view(0)
        assert view.tops[0].code == "7c"  # the won card went under your up card

        def flips_after_the_call() -> list[str]:
            log = [line.plain for line in screen.log_lines]
            won = [i for i, line in enumerate(log) if line.startswith("You call") and "first and win" in line]
            return [line for line in log[won[-1] + 1 :] if "turns up" in line] if won else []

        await advance_until(pilot, lambda: bool(flips_after_the_call()))
        assert flips_after_the_call()[0].startswith("Bot 1")  # the loser of the call leads next


async def choose_the_dog(pilot, screen) -> None:
    """Once the bots have chosen, you choose the dog (key 1) and play begins."""
    await wait_for(pilot, lambda: None not in screen.game.view(0).animals[1:])
    await pilot.press("1")
    await wait_for(pilot, lambda: not screen.game.view(0).choosing)


async def test_the_animals_show_before_the_first_card_then_only_on_request(app_factory):
    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=1)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await choose_the_dog(pilot, screen)
        bot1 = screen.game.view(0).animals[1]
        assert bot1.capitalize() in screen_text(app).split("calls:")[0]  # learn them before the first card
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.flips == 1)
        panels = text_of(screen.render_seat(1)) + text_of(screen.render_seat(2))
        assert "which animal?" in panels and bot1.capitalize() not in panels
        assert "Dog Woof!" in text_of(screen.render_seat(0))  # your own you know
        assert bot1.capitalize() in text_of(screen.legend())  # the keys for the calls stay listed
        await pilot.press("space")
        assert bot1.capitalize() in text_of(screen.render_seat(1))
        await wait_for(pilot, lambda: "which animal?" in text_of(screen.render_seat(1)))


async def test_beginners_house_rule_keeps_the_animals_shown(app_factory):
    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=1, options={"show_animals": True})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await choose_the_dog(pilot, screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.flips == 1)
        assert screen.game.view(0).animals[1].capitalize() in text_of(screen.render_seat(1))


async def test_calling_before_the_first_card_does_nothing_and_your_own_call_costs_a_card(app_factory):
    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=1)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await choose_the_dog(pilot, screen)
        before = screen.game.to_json()
        await pilot.press("d")
        await pilot.pause(0.1)
        assert screen.game.to_json() == before and "not now" in prompt(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.flips == 1)
        await pilot.press("d")  # "Woof!" is your own call: a wrong call
        await wait_for(pilot, lambda: any("You call" in line.plain for line in screen.log_lines))
        assert "but no one else is the dog" in screen.log_lines[-2].plain + screen.log_lines[-1].plain


async def test_hotseat_both_choose_and_each_half_calls_the_animals_in_list_order(app_factory):
    # Player 1 turns 7♣, Player 2 the 7♦; Player 2 calls Player 1's cat with "7", the first in the list.
    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=2, deck=deck_starting("7c 7d 2h"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        prompt_line = prompt(screen)
        assert "Player 1: w turn · 1…6 choose" in prompt_line and "Player 2: o turn · 7…= choose" in prompt_line
        await pilot.press("2", "9")  # Player 1 the cat, Player 2 the cow
        await wait_for(pilot, lambda: not screen.game.view(None).choosing)
        animals = screen.game.view(None).animals
        assert animals[:2] == ["cat", "cow"]
        listed = screen.in_play()
        assert listed[:2] == ["cat", "cow"]  # the list's order, not the seats'
        legend = text_of(screen.legend())
        assert "1/7 Cat" in legend and "2/8 Cow" in legend
        assert "keys" not in text_of(screen.render_seat(0))  # no seat shows a key to call it
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
    from cardarcade.seating import Reaction

    setup = GameSetup.solo(ANIMALS, 3, seed=1, humans=1)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        screen.on_game_events([Event("call_win", 1, "{seat} wins", target=2)])
        screen._on_reactions([Reaction(1, 0.4, "call_win", 3, outcome=Outcome.WON)])
        assert "had not pressed yet" not in screen.log_lines[-1].plain
        screen.on_game_events([Event("call_win", 1, "{seat} wins", target=0)])
        screen._on_reactions([Reaction(1, 0.4, "call_win", 4, outcome=Outcome.WON)])
        assert "you had not pressed yet" in screen.log_lines[-1].plain  # your up card matched: your race


async def test_the_calls_line_reads_in_seat_order(app_factory):
    app = app_factory(GameSetup.solo(ANIMALS, 4, seed=1, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.game.s.animals = ["cow", "owl", "donkey", "frog"]  # (frog comes before donkey in the list)
        screen.refresh_all()
        await pilot.pause()
        calls = text_of(screen.legend())
        assert calls.index("Cow") < calls.index("Owl") < calls.index("Donkey") < calls.index("Frog"), calls
