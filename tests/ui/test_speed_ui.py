"""Speed played through the keys a person would press, solo and hot-seat."""

from __future__ import annotations

import re

from ui_helpers import key_event, make_clocked_app, prompt, screen_text, text_of, wait_for

from cardarcade.rules import GAMES, Outcome
from cardarcade.seating import GameSetup, Reaction
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.table.table import COUNT_BEAT
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.speed import SpeedScreen
from cardarcade.ui.games._speedplay import beaten_words
from cardarcade.ui.textual_compat import driver_of
from tests.rules.test_speed import speed_deck

SPEED = GAMES["speed"]


def hand(screen, seat: int) -> list[str]:
    return [c.code for c in screen.game.view(seat).hand]


def tops(screen) -> list[str]:
    return [c.code for c in screen.game.view(None).tops]


async def test_solo_a_digit_plays_a_card_where_it_fits_and_arrows_choose_when_it_fits_both(app_factory):
    # 8♣ fits only the 9♥; the 10♣ fits the 9♥ and the J♠; the 2♣ fits neither.
    deck = speed_deck("8c 10c 2c 3c 4c", "Kd Kh 5d 6d 7d", "9h Js", stock0="Ah Qc")
    app = app_factory(GameSetup.solo(SPEED, 2, seed=1, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SpeedScreen)
        assert "1-5 plays a card" in prompt(screen)
        await pilot.press("3")  # the 2♣: refused, nothing lost
        assert "does not go on either pile" in prompt(screen)
        await pilot.press("1")  # the 8♣ on the 9♥
        await wait_for(pilot, lambda: tops(screen) == ["8c", "Js"])
        assert hand(screen, 0)[0] == "Ah", "the stock's top card takes its place"
        await pilot.press("2")  # the 10♣ fits only the J♠ now (the 8♣ is on the left)
        # (what the table and the prompt showed, should this fail again: it did once under a heavy load)
        await wait_for(
            pilot,
            lambda: tops(screen) == ["8c", "10c"],
            what=lambda: f"{tops(screen)} {hand(screen, 0)} {prompt(screen)!r} {screen.headline!r}",
        )
        # ← first aims at the left pile, then the card goes there
        await pilot.press("left", "3")  # the 2♣ on the 8♣: refused, says which pile
        assert "does not go on the left pile" in prompt(screen)
        assert screen.game.view(0).hand_sizes[0] == 5 and screen.game.view(0).stock_sizes[0] == 13


async def test_a_refused_key_is_said_through_the_bots_moves_until_the_next_key(app_factory):
    # The full hold (1.5 s): a shorter one ran out on a busy CI machine before the first check.
    deck = speed_deck("8c 10c 2c 3c 4c", "Kd Kh 5d 6d 7d", "9h Js", stock0="Ah Qc")
    app = app_factory(GameSetup.solo(SPEED, 2, seed=1, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("3")  # the 2♣ fits neither pile
        assert "does not go on either pile" in prompt(screen)
        screen._on_table([], 1)  # the bot's card lands a moment later: the table is drawn again
        assert "does not go on either pile" in prompt(screen)
        await wait_for(pilot, lambda: "1-5 plays a card" in prompt(screen))  # back once read
        await pilot.press("3")
        assert "does not go on either pile" in prompt(screen)
        await pilot.press("left")  # the person's next key answers for itself at once
        assert "does not go on" not in prompt(screen)


async def test_solo_a_card_that_fits_both_piles_waits_for_an_arrow(app_factory, still_bots):  # (its Q♦ fits the J♠)
    deck = speed_deck("10c 2c 3c 4c 5c", "Kd Kh Qd 6d 7d", "9h Js")
    app = app_factory(GameSetup.solo(SPEED, 2, seed=1, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("1")
        assert screen.picked == {0: screen.game.view(0).hand[0]} and "← left or → right" in prompt(screen)
        await pilot.press("right")
        await wait_for(pilot, lambda: tops(screen) == ["9h", "10c"])
        assert not screen.picked


async def test_hotseat_each_player_owns_half_the_keyboard_and_the_later_press_loses_the_pile(app_factory):
    deck = speed_deck("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h 2s")
    app = app_factory(GameSetup.solo(SPEED, 2, seed=1, humans=2, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.keymap.lookup("a") == (0, "card0") and screen.keymap.lookup("h") == (1, "card0")
        assert screen.keymap.lookup("z") == (0, "pile0") and screen.keymap.lookup("full_stop") == (1, "pile1")
        line = prompt(screen)
        assert line == "Player 1: a s d f g card, z x pile · Player 2: h j k l ; card, , . pile"
        assert "a 8♣" in text_of(screen.render_seat(0)) and "h 10♦" in text_of(screen.render_seat(1))
        # Both go for the 9♥ in the same instant, player 2's key first; on a busy machine player
        # 1's key is handled only after player 2's card has landed: judged by the press, it lost
        # a race (not "does not go on either pile").
        first, second = key_event(app, "h"), key_event(app, "a")
        driver_of(app).send_message(first)
        await wait_for(pilot, lambda: screen.game.view(None).tops[0].code != "9h")
        driver_of(app).send_message(second)
        await wait_for(pilot, lambda: bool(screen.headline))
        assert tops(screen)[0] == "10d" and "8c" in hand(screen, 0)
        assert "Player 2 was" in screen.headline and "ms earlier than Player 1" in screen.headline
        assert any("Player 1 takes back the 8♣" in line.plain for line in screen.log_lines)
        # Two races lost in one moment: the log line tells both, the middle the latest on one line.
        late = Outcome.LATE
        note = screen.reaction_note(
            [
                Reaction(0, 0.3, "play_late", 4, "play", beaten_by=1, margin=0.054, outcome=late),
                Reaction(1, 0.3, "play_late", 4, "play", beaten_by=1, margin=0.016, outcome=late),
            ]
        )
        assert note.plain == (
            "⏱ Player 2 was 54 ms earlier than Player 1 · Player 2's own earlier card got there 16 ms before"
        )
        status = text_of(screen.render_center()).splitlines()[0]
        assert status.strip() == "Player 2's own earlier card got there 16 ms before"


async def test_solo_against_a_bot_to_the_end():
    # (on a clock the test moves: the expert bot gets 0.05 s of table time between the person's looks,
    # however long the machine takes to answer a key)
    app = make_clocked_app(GameSetup.solo(SPEED, 2, seed=3, level="expert"), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        # The person plays the first card that fits whenever they can; the table counts the flips.
        for _ in range(3000):
            if screen.game.is_over:
                break
            view = screen.game.view(0)
            playable = [
                i for i, card in enumerate(view.hand) if any(abs(card.rank - top.rank) in (1, 12) for top in view.tops)
            ]
            if playable and not view.blocked:
                await pilot.press(str(playable[0] + 1))
                if screen.picked:
                    await pilot.press("left")
            app.clock.advance(0.05)
        assert screen.game.is_over
        # (on the moved clock the game is the same every run: the person's keys land in time, and win)
        assert screen.game.result.describe(screen.names) == "You have played every card and win"
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause(0.1)
        assert "You have played every card and win" in screen_text(app)


async def test_when_both_are_blocked_the_screen_counts_down_and_the_talons_turn():
    deck = speed_deck("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "9h 9s", talon0="10s", talon1="7d")
    app = make_clocked_app(GameSetup.solo(SPEED, 2, seed=1, humans=2, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert "Both blocked: 3… the talons turn" in text_of(screen.render_center())
        await pilot.press("a")  # a card now: nothing to play, said so, nothing lost
        assert "nobody can play" in prompt(screen)
        assert screen.game.s.flips == 0
        for beat in ("2", "1"):
            app.clock.advance(COUNT_BEAT)  # (the screen redraws the count ten times a second)
            await wait_for(pilot, lambda: f"Both blocked: {beat}…" in screen_text(app))  # noqa: B023
        app.clock.advance(COUNT_BEAT)
        await pilot.pause()
        assert screen.game.s.flips == 1
        assert tops(screen) == ["10s", "7d"]
        assert any("3, 2, 1: the talons turn up the 10♠ and the 7♦" in line.plain for line in screen.log_lines)


def test_a_race_lost_is_told_in_words_that_read_right_for_you_and_for_others():
    names = ["You", "Bot 1"]
    lost = Reaction(0, 0.3, "play_late", 4, "play", beaten_by=1, margin=0.042)
    assert beaten_words(names, lost, loser_here=True) == "Bot 1 was 42 ms earlier"
    # your own two quick cards on one pile: the second goes back, and the line says whose card won
    own = Reaction(0, 0.3, "play_late", 4, "play", beaten_by=0, margin=0.12)
    assert beaten_words(names, own, loser_here=True) == "Your own earlier card got there 120 ms before"
    theirs = Reaction(1, 0.3, "play_late", 4, "play", beaten_by=1, margin=0.05)
    assert beaten_words(names, theirs, loser_here=False) == "Bot 1's own earlier card got there 50 ms before"
    hot_seat = Reaction(0, 0.3, "play_late", 4, "play", beaten_by=1, margin=0.04)
    assert beaten_words(["Ann", "Bob"], hot_seat, loser_here=False) == "Bob was 40 ms earlier than Ann"
    # pressed first, but the press reached the table after the other play had been settled there
    # (a busy machine, or a far-away player's press moved back for their round trip)
    arrived_late = Reaction(0, 0.3, "play_late", 4, "play", beaten_by=1, margin=-0.02)
    assert (
        beaten_words(names, arrived_late, loser_here=True)
        == "You pressed 20 ms before Bot 1, but Bot 1's play was settled before the press arrived"
    )
    assert (
        beaten_words(["Ann", "Bob"], arrived_late, loser_here=False)
        == "Ann pressed 20 ms before Bob, but Bob's play was settled before the press arrived"
    )


async def test_the_centre_piles_turn_up_on_go_not_before():
    deck = speed_deck("8c 2c 3c 4c 5c", "Kd Kh Qd 6d 7d", "9h Js")
    # (A count of 3: on a busy machine a real beat may pass before the key is answered, and
    # the beat made by hand below must still leave one before GO.)
    app = ArcadeApp(
        start=GameSetup.solo(SPEED, 2, seed=1, deck=deck),
        settings=UISettings(pace=1000.0, countdown=3, result_delay=0.05, result_guard=0.0),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        center = text_of(screen.render_center())
        assert center.count("▚▚▚▚▚") == 3 * 4, "both talons and both piles face down; the hand shows"
        await pilot.press("1")  # the 8♣ would fit the 9♥, once it shows
        assert "wait for GO" in prompt(screen) and tops(screen) == ["9h", "Js"]
        screen._tick()  # the count's next beat: the answer to the key is read first
        assert "wait for GO" in prompt(screen)
        await wait_for(pilot, lambda: prompt(screen).startswith("GO!"))
        assert text_of(screen.render_center()).count("▚▚▚▚▚") == 3 * 2, "only the talons face down"


async def test_the_centre_piles_sizes_are_said_in_words_and_their_captions_name_keys(app_factory):
    deck = speed_deck("8c 10c 2c 3c 4c", "Kd Kh 5d 6d 7d", "9h Js", stock0="Ah Qc")
    app = app_factory(GameSetup.solo(SPEED, 2, seed=1, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Left pile 1 card, right 1 card · no flip from the talons so far" in text
        assert not re.search(r"[←→] \d", text), "a bare number under a pile read as anything but its size"
        await pilot.press("1")  # the 8♣ on the 9♥
        await wait_for(pilot, lambda: "Left pile 2 cards, right 1 card" in screen_text(app))


async def test_hotseat_a_refused_card_leaves_the_key_line_after_a_moment(app_factory):
    # At a hot-seat keyboard the prompt line is the players' key line: a message gives it back.
    deck = speed_deck("8c 2c 3c 4c 5c", "10d Kd Qd 6d 7d", "9h 2s")
    app = app_factory(GameSetup.solo(SPEED, 2, seed=1, humans=2, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        keys = prompt(screen)
        await pilot.press("f")  # the 4♣ goes on neither the 9♥ nor the 2♠
        assert "does not go on either pile" in prompt(screen)
        await wait_for(pilot, lambda: prompt(screen) == keys, tries=300, what=lambda: prompt(screen))
