"""Spoons played through the keys a person would press, solo and hot-seat."""

from __future__ import annotations

import time

from ui_helpers import prompt, screen_text, wait_for

from cardarcade.rules import GAMES, Outcome
from cardarcade.seating import GameSetup, Reaction
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.spoons import SpoonsScreen
from cardarcade.ui.textual_compat import notifications
from tests.rules.test_spoons import spoons_deck

SPOONS = GAMES["spoons"]
QUAD = ("7c 7d 7h 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", "2s 3s 4s 6s")


def hand(screen, seat: int) -> list[str]:
    return [c.code for c in screen.game.view(seat).hand]


async def test_solo_enter_takes_a_digit_passes_and_space_grabs_then_the_bots_follow(app_factory):
    app = app_factory(GameSetup.solo(SPOONS, 4, seed=1, level="expert", deck=spoons_deck(*QUAD, stock="7s Kc")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SpoonsScreen)
        assert "⏎ takes the next card" in prompt(screen)
        await pilot.press("1")  # four cards: nothing to pass yet, and nothing lost
        assert "take a card first" in prompt(screen) and hand(screen, 0) == ["7c", "7d", "7h", "5c"]
        await pilot.press("enter")
        assert hand(screen, 0)[-1] == "7s" and "1-5 passes that card on" in prompt(screen)
        await pilot.press("enter")  # five cards: pass one first
        assert "pass one first" in prompt(screen)
        await pilot.press("4")  # the 5♣ goes to the next player
        assert hand(screen, 0) == ["7c", "7d", "7h", "7s"] and screen.game.s.moves[0] == 2
        await pilot.press("space")  # four sevens: a spoon
        await wait_for(pilot, lambda: screen.game.view(None).grabbed[:1] == [0])
        assert any("You have four sevens and grab a spoon!" in line.plain for line in screen.history)
        # the bots see it and grab the other two spoons; one of them is left without
        await wait_for(pilot, lambda: screen.game.s.round == 2 or screen.game.view(None).over, tries=1500)
        assert screen.game.view(None).letters[0] == 0 and sum(screen.game.view(None).letters) == 1
        assert any("is left without a spoon: S" in line.plain for line in screen.history)


async def test_hotseat_each_player_owns_half_the_keyboard_and_the_slowest_takes_the_letter(app_factory):
    deck = spoons_deck("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h")
    app = app_factory(GameSetup.solo(SPOONS, 3, seed=1, humans=2, level="easy", deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.keymap.lookup("w") == (0, "take") and screen.keymap.lookup("o") == (1, "take")
        assert screen.keymap.lookup("a") == (0, "card0") and screen.keymap.lookup("semicolon") == (1, "card4")
        assert screen.keymap.lookup("x") == (0, "grab") and screen.keymap.lookup("full_stop") == (1, "grab")
        assert prompt(screen) == "Player 1: w take, a-g pass, x grab · Player 2: o take, h-; pass, . grab"
        text = screen_text(app)
        assert "Player 1: w take (40) a 7♣ s 7♦ d 7♥ f 7♠" in text and "Player 2: o take (0) h 2♦" in text
        await pilot.press("o")  # nothing has been passed to player 2 yet
        assert "no card has come to you yet" in prompt(screen)
        await pilot.press("x")  # four of a kind grabs; the other person sees the spoon go, and grabs
        await wait_for(pilot, lambda: bool(screen.game.view(None).grabbed))
        await pilot.press("full_stop")
        await wait_for(pilot, lambda: screen.game.view(None).over or screen.game.s.round == 2)
        assert screen.game.view(None).letters == [0, 0, 1], "the bot was the slowest"
        # A grab too late is told who was earlier, and by how much; a spoon taken is no race lost.
        note = screen.reaction_note(
            [
                Reaction(1, 0.5, "grab_late", 3, "grab", beaten_by=0, margin=0.04, outcome=Outcome.LATE),
                Reaction(2, 0.4, "grab_win", 3, "grab", outcome=Outcome.WON),
            ]
        )
        assert note.plain == "⏱ Player 1 was 40 ms earlier than Player 2" and screen.headline == note.plain[2:]


async def test_spoons_far_away_a_grab_lands_a_second_after_its_key(app_factory):
    deck = spoons_deck("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h")
    app = app_factory(GameSetup.solo(SPOONS, 3, seed=1, level="easy", deck=deck, options={"spoons_far": True}))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        delay = screen.game.view(0).delay
        assert delay >= 1
        before = time.monotonic()
        await pilot.press("space")
        assert screen.flash.get(0) == "RUNNING…" and screen.game.view(None).grabbed == []
        await pilot.press("enter", "1", "space")  # running: no card is taken or passed, no second grab
        assert "on your way to the spoons" in prompt(screen) and hand(screen, 0) == ["7c", "7d", "7h", "7s"]
        await wait_for(pilot, lambda: screen.game.view(None).grabbed[:1] == [0])
        # (a bound, not a pause and a look: a busy machine may take a second over the keys alone)
        assert time.monotonic() - before >= delay, "the grab landed before the run to the spoons was over"


async def test_a_wrong_grab_for_the_last_letter_puts_you_out_and_the_bots_finish_fast(app_factory):
    setup = GameSetup.solo(SPOONS, 3, seed=2, level="expert", deck=spoons_deck(*QUAD[:3]), options={"letters": 1})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("space")  # no four of a kind, and nobody has grabbed
        await wait_for(pilot, lambda: screen.game.is_out(0))
        await wait_for(pilot, lambda: "> lets the bots finish fast" in prompt(screen))
        await pilot.press("greater_than_sign")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), tries=2000)
        assert screen.game.result.winners != [0] and screen.game.result.ranking[-1] == 0


async def test_last_rounds_grabs_leave_the_log_when_the_next_round_is_dealt(app_factory):
    app = app_factory(GameSetup.solo(SPOONS, 4, seed=1, level="expert", deck=spoons_deck(*QUAD, stock="7s Kc")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter", "4", "space")  # four sevens: a spoon, and the bots grab the rest
        await wait_for(pilot, lambda: screen.game.s.round == 2, tries=1500)
        await pilot.pause()
        log = screen.query_one("#log").region
        shown = screen_text(app).split("\n")[log.y : log.bottom]
        assert shown[0].startswith(" Round 2: Bot 1 deals")  # the deal opens the log ...
        assert not [line for line in shown if "spoon" in line and "deals" not in line]  # ... no grab of round 1
        assert any("Bot 2 grabs a spoon" in line.plain for line in screen.history)  # (f2 keeps them)


async def test_a_grab_that_costs_a_letter_is_said_over_the_middle_not_in_a_pop_up_over_the_log(app_factory):
    app = app_factory(GameSetup.solo(SPOONS, 4, seed=1, level="expert", deck=spoons_deck(*QUAD, stock="7s Kc")))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        await pilot.press("space")  # no four of a kind, and nobody has grabbed: a letter
        await wait_for(pilot, lambda: screen.game.view(None).letters[0] == 1)
        await pilot.pause()
        assert not notifications(app)  # nothing drawn over the log and the prompt
        center = screen.query_one("#center").region
        middle = "\n".join(screen_text(app).split("\n")[center.y : center.bottom])
        assert "You grab a spoon without four of a kind: S" in middle
        log = screen.query_one("#log").region
        assert "You grab a spoon without four of a kind: S" in "\n".join(
            screen_text(app).split("\n")[log.y : log.bottom]
        )


async def test_a_grab_while_holding_a_spoon_in_the_count_says_so_not_too_late(app_factory):
    app = app_factory(GameSetup.solo(SPOONS, 4, seed=1, level="expert", deck=spoons_deck(*QUAD, stock="7s Kc")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter", "4", "space")  # four sevens: a spoon, and the bots grab the rest
        await wait_for(pilot, lambda: screen.game.view(None).over, tries=1500)
        await pilot.press("space")
        assert "You: you hold a spoon already" in prompt(screen)
        await pilot.pause(0.3)  # (the claim window)
        assert not any("too late" in line.plain for line in screen.history)
