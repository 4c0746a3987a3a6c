"""California Speed played through the keys a person would press, solo and hot-seat."""

from __future__ import annotations

import re

from ui_helpers import ClockedApp, key_event, prompt, screen_text, text_of, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.california_speed import CaliforniaSpeedScreen
from cardarcade.ui.textual_compat import driver_of
from tests.rules.test_california_speed import PAIR, TWO_PAIRS, packs_deck

CALIFORNIA = GAMES["california-speed"]


def tops(screen) -> list[str]:
    return [c.code for c in screen.game.tops()]


async def test_solo_one_key_covers_a_card_of_a_pair_and_a_lone_card_is_refused(app_factory, still_bots):
    app = app_factory(GameSetup.solo(CALIFORNIA, 2, seed=1, deck=packs_deck(*TWO_PAIRS)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CaliforniaSpeedScreen)
        assert "1-4 upper row, 5-8 lower row" in prompt(screen)
        assert "still open" not in prompt(screen), "no card is marked •: nothing to explain"
        assert "Your side above, Bot 1's below" in text_of(screen.render_center())
        await pilot.press("3")  # the 3♣ matches nothing
        assert "the 3♣ matches nothing in the box" in prompt(screen)
        await pilot.press("1")  # the 7♣, one of the pair of sevens (the twos still match)
        await wait_for(pilot, lambda: tops(screen)[0] == "Kc")
        assert "5 •" in text_of(screen.render_center()), "the other seven is marked as still open"
        assert "(• still open)" in prompt(screen), "the mark is explained while a card has it"
        await pilot.press("5")  # the other seven, on Bot 1's side
        await wait_for(pilot, lambda: tops(screen)[4] == "Qc")
        assert screen.game.view(0).pack_sizes == [20, 22]
        assert any("You cover the 7♦ with the Q♣" in line.plain for line in screen.log_lines)


async def test_solo_eight_different_ranks_bring_a_new_box_with_a_card_left_over(app_factory, still_bots):
    app = app_factory(GameSetup.solo(CALIFORNIA, 2, seed=1, deck=packs_deck(*PAIR)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        # The screen says what play waits for: a box of eight ranks is not left standing.
        assert "new box when all 8 ranks differ" in screen_text(app)
        await pilot.press("1")  # one seven covered: the other is left over, and every rank differs
        await wait_for(pilot, lambda: tops(screen)[0] == "Kc")
        assert "Eight different ranks" in screen_text(app), "the count is on"
        await wait_for(pilot, lambda: screen.game.view(0).deals == 1, tries=1000)
        assert screen.game.view(0).stack_sizes == [1] * 8
        assert "Your side above, Bot 1's below · new box when all 8 ranks differ · box 2" in screen_text(app)


async def test_hotseat_the_later_press_on_one_card_goes_back_onto_its_pack(app_factory):
    app = app_factory(GameSetup.solo(CALIFORNIA, 2, seed=1, humans=2, deck=packs_deck(*TWO_PAIRS)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.keymap.lookup("a") == (0, "spot0") and screen.keymap.lookup("v") == (0, "spot7")
        assert screen.keymap.lookup("j") == (1, "spot0") and screen.keymap.lookup("slash") == (1, "spot7")
        line = prompt(screen)
        assert line == "Player 1: a s d f z x c v cover · Player 2: j k l ; m , . / cover"
        # Both go for the 7♦ (box 5: z for player 1, m for player 2) at once; player 2's key first.
        # On a busy machine the later key is handled after the first cover has landed: judged
        # by its press, it lost a race.
        first, second = key_event(app, "m"), key_event(app, "z")
        driver_of(app).send_message(first)
        await wait_for(pilot, lambda: tops(screen)[4] != "7d")
        driver_of(app).send_message(second)
        await wait_for(pilot, lambda: bool(screen.headline))
        assert tops(screen)[4] == "Kd" and screen.game.view(None).pack_sizes == [22, 21]
        assert "Player 2 was" in screen.headline and "earlier than Player 1" in screen.headline


async def test_solo_against_a_bot_to_the_end(app_factory):
    # (a deal limit of 5 keeps the game short: many boxes end after a single cover)
    app = app_factory(GameSetup.solo(CALIFORNIA, 2, seed=3, level="expert", options={"deal_limit": 5}), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        # The person covers the first open card whenever there is one; the table counts new boxes.
        for _ in range(3000):
            if isinstance(app.screen, ResultScreen):
                break
            if not screen.game.is_over:
                view = screen.game.view(0)
                spots = [p for p, is_open in enumerate(view.open) if is_open]
                if spots and not view.stuck:
                    await pilot.press(str(spots[0] + 1))
            await pilot.pause(0.03)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await wait_for(pilot, lambda: screen.game.result.describe(screen.names) in screen_text(app))


async def test_a_key_answered_late_in_the_count_does_not_take_go_down(still_bots):
    # "wait for GO" held the prompt line for 1.5 s: pressed in the count's last second, it ran out
    # after GO! and put the plain prompt back, so the player never saw the signal to start.
    from cardarcade.ui.games._prompt import SAID_HOLD

    app = ArcadeApp(
        start=GameSetup.solo(CALIFORNIA, 2, seed=1, deck=packs_deck(*PAIR)),
        settings=UISettings(pace=1000.0, countdown=2, result_delay=0.05, result_guard=0.0),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: "Get ready… 1" in prompt(screen))
        await pilot.press("1")
        assert "wait for GO" in prompt(screen)
        await wait_for(pilot, lambda: prompt(screen).startswith("GO!"))
        await pilot.pause(SAID_HOLD + 0.2)
        assert prompt(screen).startswith("GO!"), prompt(screen)


async def test_the_box_turns_up_on_go_and_the_go_leaves_its_key_captions_on_screen(still_bots):
    # (on a clock the test moves: a loaded machine cannot run the count out before the key is read)
    app = ClockedApp(
        start=GameSetup.solo(CALIFORNIA, 2, seed=1, deck=packs_deck(*PAIR)),
        settings=UISettings(pace=1000.0, countdown=2, result_delay=0.05, result_guard=0.0),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        # During the count the box lies face down (nobody gets a look before the bots may move),
        # and a key is told to wait.
        assert "Get ready" in prompt(screen)
        assert text_of(screen.render_center()).count("▚▚▚▚▚") == 3 * 8, "eight backs"
        await pilot.press("1")
        assert "wait for GO" in prompt(screen) and screen.game.view(0).pack_sizes == [22, 22]
        app.clock.advance(2.5)
        # "GO!" goes before the prompt; a prompt that wrapped to two lines pushed the lower row's keys off.
        await wait_for(pilot, lambda: prompt(screen).startswith("GO!"))
        assert "▚" not in text_of(screen.render_center()), "the box is face up"
        await pilot.pause(0.1)
        text = screen_text(app)
        assert re.search(r"5\s+6\s+7\s+8", text), text
        assert "GO!  Cover each card of a pair: 1-4 upper row, 5-8 lower row" in text
