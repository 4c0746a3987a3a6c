"""The surfaces every game shares, as a newcomer meets them (issue 26): the result screen, the
seat panels after "play again", the hot-seat cover, the pop-ups and the log pane."""

from __future__ import annotations

import asyncio
from time import monotonic

from ui_helpers import key_event, screen_text, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.textual_compat import driver_of, notifications

WAR = GAMES["war"]


def app_with(setup: GameSetup | None = None, **settings) -> ArcadeApp:
    base = dict(pace=1000.0, countdown=0, result_delay=0.05, result_guard=0.0, hard_bot_seconds=None)
    return ArcadeApp(start=setup, settings=UISettings(**{**base, **settings}))


async def press_at(pilot, key: str, made_at: float) -> None:
    """``key`` pressed at ``made_at`` (monotonic seconds), handed over no earlier than that."""
    while monotonic() < made_at:
        await asyncio.sleep(0.01)
    event = key_event(pilot.app, key)
    event.time = made_at
    driver_of(pilot.app).send_message(event)
    await pilot.pause()


# ---- 13: the result is not swallowed by the key of the game


async def test_enter_pressed_at_play_pace_does_not_skip_the_result_but_a_fresh_press_plays_again():
    """War's last round is turned with enter pressed every 0.35 s, and the presses go on past the
    result for longer than any fixed guard: the result stays up; enter after a pause deals again."""
    app = app_with(GameSetup.solo(WAR, 2, seed=1), pace=0.01, result_guard=0.8)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen.game
        game.s.rounds = game.s.options.max_rounds - 1  # the last round of the limit
        made_at, after_result = monotonic(), 0
        while after_result < 6:  # two seconds of the rhythm once the result is up
            made_at += 0.35
            await press_at(pilot, "enter", made_at)
            after_result += isinstance(app.screen, ResultScreen)
            assert not isinstance(app.screen, GameScreen) or app.screen.game is game, "dealt again"
        assert isinstance(app.screen, ResultScreen) and "again to play again" in screen_text(app)
        await press_at(pilot, "enter", made_at + 1.0)  # a fresh press, after a pause
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.game is not game)


# ---- the set-up screen starts only what was seen


async def test_an_enter_typed_before_the_set_up_appeared_does_not_start_a_game():
    """Enter on the menu, and a second enter typed while the set-up is slow to come: the second
    does not start a game nobody saw set up; an enter once it shows does."""
    from cardarcade.ui.screens.setup import SetupScreen

    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typed_ahead = key_event(app, "enter")  # made now, read once the set-up is up
        await pilot.press("enter")  # the first game of the menu: its set-up
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        driver_of(app).send_message(typed_ahead)
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen), "a game began from a set-up nobody saw"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


# ---- 17: "play again" leaves everyone's panel where they sit


def panel_names(app, names: list[str]) -> list[str]:
    """The names on the seat panels' first row, left to right."""
    row = next(line for line in screen_text(app).splitlines() if sum(name in line for name in names) > 1)
    return sorted((name for name in names if name in row), key=row.index)


async def play_again(app, pilot) -> None:
    from cardarcade.rules.base import Result

    screen = app.screen
    screen.game.s.result = Result(winners=[0], reason="{seat} wins")
    screen._show_result()
    await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not screen)
    await pilot.pause()


async def test_after_play_again_each_panel_stays_with_its_person_and_their_keys():
    setup = GameSetup.solo(GAMES["slapjack"], 3, seed=1, humans=2)
    app = app_with(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert panel_names(app, setup.names) == ["Player 1", "Player 2", "Bot 1"]
        for _ in range(2):
            await play_again(app, pilot)
            assert panel_names(app, setup.names) == ["Player 1", "Player 2", "Bot 1"]
            prompt = str(app.screen.query_one("#prompt").render())
            assert prompt.index("Player 1: w") < prompt.index("Player 2: o")  # the left-hand keys stay left


async def test_after_play_again_you_stay_on_the_left_in_a_solo_game():
    app = app_with(GameSetup.solo(WAR, 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await play_again(app, pilot)
        assert app.screen.names == ["Bot 1", "Bot 2", "You"]  # the deal passed to the left ...
        assert panel_names(app, ["You", "Bot 1", "Bot 2"]) == ["You", "Bot 1", "Bot 2"]  # ... nobody moved


# ---- 18: the reaction summary says what happened


async def result_with_reactions(app, pilot, reactions: list[float] | dict[str, list[float]]) -> str:
    """The result screen's text, with one person's reaction times (a list) or each person's by name."""
    from cardarcade.rules.base import Result

    by_name = reactions if isinstance(reactions, dict) else {"You": reactions}
    setup = GameSetup.solo(GAMES["snap"], 2, seed=1, humans=len(by_name))
    game = setup.new_game()
    game.s.result = Result(winners=[0], reason="{seat} wins")
    app.push_screen(ResultScreen(setup, game, by_name))
    await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
    await pilot.pause()
    return screen_text(app)


async def test_one_press_is_one_press_and_draws_no_chart():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        text = await result_with_reactions(app, pilot, [0.352])
        assert "median 352 ms, best 352 ms (1 press)" in text and "1 presses" not in text
        assert not app.screen.query("#reaction-chart")
        assert "█" not in text  # (no block standing for one press)


async def test_the_chart_of_presses_has_an_axis_and_says_what_a_bar_is():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        text = await result_with_reactions(app, pilot, [0.352, 0.41, 0.905, 0.3, 0.61])
        lines = text.splitlines()
        top = next(line for line in lines if "1000 ms ┤" in line)
        bottom = lines[lines.index(top) + 1]
        assert "0 ms ┤" in bottom and bottom.index("┤") == top.index("┤")  # one axis, lined up
        assert "one bar a press, oldest first" in text
        assert len(bottom.split("┤")[1].strip()) == 5  # a bar for each press


async def test_one_very_slow_press_does_not_flatten_the_chart_and_is_said_to_be_left_out():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        text = await result_with_reactions(app, pilot, [249.0, 0.41, 0.38, 0.52])  # someone looked away once
        assert "249000 ms" not in text and "600 ms" in text
        assert "1 press over 3 s not drawn" in text


async def test_at_a_hot_seat_each_persons_reaction_times_are_said_by_name():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        text = await result_with_reactions(app, pilot, {"Player 1": [0.352, 0.41, 0.3], "Player 2": [0.6]})
        assert "Player 1's reaction times this session: median 352 ms" in text
        assert "Player 2's reaction times this session: median 600 ms, best 600 ms (1 press)" in text
        assert "Your reaction times" not in text, "'your' would not say whose"
        assert not app.screen.query("#reaction-chart"), "one chart would not say whose either"


# ---- 22: the hand-over cover


async def test_the_cover_tells_a_person_what_the_others_did_not_their_own_last_move():
    from cardarcade.cards import cards
    from cardarcade.rules._fishing import stacked_deck
    from cardarcade.ui.games.turn import CoverScreen

    deck = stacked_deck(3, {0: cards("2s 2h 2d")}, cards("2c"))
    app = app_with(GameSetup.solo(GAMES["go-fish"], 3, seed=1, humans=2, deck=deck), pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.player == "Player 1")
        await pilot.press("enter")
        screen = app.screen
        await pilot.press("2")  # Player 1 asks Player 2 for twos: "Go fish!"
        own = next(line.plain for line in screen.history if line.plain.startswith("Player 1 asks"))
        for _ in range(20):  # Player 2 asks Player 1 until the keyboard comes back to Player 1
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, CoverScreen) and app.screen.player is not None or screen.actor is not None
                ),
            )
            cover = app.screen
            if isinstance(cover, CoverScreen) and cover.player == "Player 1":
                break
            if isinstance(cover, CoverScreen):
                await pilot.press("enter")
            await pilot.press("1")
        assert cover.since and own not in cover.since
        assert cover.since[0].startswith(("Player 2", "Bot 1"))


async def test_an_enter_in_the_rhythm_of_play_does_not_lift_the_hot_seat_cover():
    """Player 1 asks and goes on pressing enter at play pace: the cover asking for Player 2 stays
    (their hand is not shown to Player 1); a fresh press after a pause lifts it."""
    from cardarcade.cards import cards
    from cardarcade.rules._fishing import stacked_deck
    from cardarcade.ui.games.turn import CoverScreen

    deck = stacked_deck(3, {0: cards("2s 2h 2d")}, cards("2c"))
    app = app_with(GameSetup.solo(GAMES["go-fish"], 3, seed=1, humans=2, deck=deck), pace=0.01, result_guard=0.8)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.player == "Player 1")
        made_at = monotonic() + 1.0
        await press_at(pilot, "enter", made_at)  # Player 1 sits down, after a pause
        await wait_for(pilot, lambda: not isinstance(app.screen, CoverScreen))
        await press_at(pilot, "2", made_at + 0.3)  # asks Player 2 for twos: "Go fish!"
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.player == "Player 2")
        await press_at(pilot, "enter", made_at + 0.6)  # Player 1's next press, in the rhythm
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen), "Player 2's hand was shown to Player 1"
        await press_at(pilot, "enter", max(monotonic(), made_at + 0.6) + 1.0)  # Player 2, after a pause
        await wait_for(pilot, lambda: not isinstance(app.screen, CoverScreen))


# ---- 21: what a move cost, said without hiding the prompt or the keys


def toasts(app) -> list:
    from textual.widgets._toast import Toast

    return list(app.screen.query(Toast))


async def test_a_cost_pops_up_once_and_never_over_the_prompt_the_log_or_the_keys():
    app = app_with(GameSetup.solo(GAMES["slapjack"], 3, seed=1))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        await pilot.press("enter")  # your card; Bot 1 is next (the bots never move here)
        for stimulus in (2, 3, 4):  # three cards out of turn, each lost
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.game.s.stimulus == stimulus)
        await wait_for(pilot, lambda: len(toasts(app)) == 1 and toasts(app)[0].region.height > 0)
        await pilot.pause(0.2)
        assert len(toasts(app)) == 1  # the latest only (they came three deep)
        shown = toasts(app)[0]
        assert "out of turn" in str(shown.render())
        for below in ("#log", "#prompt", "KeyBar"):
            assert not shown.region.overlaps(screen.query_one(below).region), below


async def test_at_a_hot_seat_keyboard_a_cost_is_said_by_name_with_no_pop_up_over_the_key_line():
    app = app_with(GameSetup.solo(GAMES["slapjack"], 3, seed=1, humans=2))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        await pilot.press("w")  # Player 1's card; Player 2 is next
        await pilot.press("w")  # Player 1 again: out of turn
        await wait_for(pilot, lambda: screen.game.s.stimulus == 2)
        await pilot.pause(0.1)
        assert not toasts(app) and not list(notifications(app))
        assert "Player 1 turns up" in screen.history[-1].plain and "out of turn" in screen.history[-1].plain
        keys = str(screen.query_one("#prompt").render())
        assert keys.startswith("Player 1: w") and keys in screen_text(app)  # the whole key line shows


async def test_toepen_at_one_keyboard_covers_the_hands_through_a_bots_turn_and_anyone_may_knock_there():
    """The last person's hand stayed up through the bot's turn, so only they could knock out of
    turn; now the cover comes up and takes n for any person here, who says who they are."""
    from cardarcade.cards import Card
    from cardarcade.rules.toepen import deck_for
    from cardarcade.ui.games.turn import ChoiceScreen, CoverScreen

    deck = deck_for("9s 8h Qh 9c", "As 9h Ad 8c", "10s 7s Ah Kd")
    setup = GameSetup.solo(GAMES["toepen"], 3, seed=3, humans=2, deck=deck, options={"redraw": False})
    app = app_with(setup)  # (the bot never moves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen_stack[1]
        for player, card in (("Player 1", "9c"), ("Player 2", "8c")):
            await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.player == player)
            other = "Player 2" if player == "Player 1" else "Player 1"
            assert f"n: {other} knocks" in screen_text(app)  # the one who may knock while the other plays
            await pilot.press("enter")
            target = screen.hand_cards().index(Card.parse(card))
            await pilot.press("home", *(["right"] * target), "enter")
        game = screen.game
        await wait_for(pilot, lambda: game.actors()[0] == 2)  # Bot 1 to play
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen))
        assert screen.hand_cards() == [] and "n: knock" in screen_text(app)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "Player 1" in screen_text(app) and "Player 2" in screen_text(app)
        await pilot.press("1")  # Player 1 knocks, out of turn
        await wait_for(pilot, lambda: game.s.knocker == 0)


# ---- 12: the log pane goes on from where it was


def log_pane(app) -> str:
    return str(app.screen.query_one("#log").render())


async def test_a_continued_save_shows_its_last_lines_in_the_log_pane():
    from cardarcade.store.saves import decode, encode
    from cardarcade.ui.games import screen_for

    setup = GameSetup.solo(WAR, 2, seed=2)
    log = ["You turn up Q♣", "Bot 1 turns up A♥", "Bot 1 takes 2 cards"]
    saved = decode(encode("war-1", setup, setup.new_game(), 9.0, log=log))
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen_for(saved.setup, saved))
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        pane = log_pane(app)
        assert all(line in pane for line in log[-2:]) and "carries on from where it was saved" in pane


async def test_a_player_back_at_a_shared_table_reads_what_went_on_in_the_log_pane():
    from cardarcade.rules.base import Action
    from cardarcade.table.clock import LoopClock
    from cardarcade.table.shared import SharedTable
    from cardarcade.ui.screens.lobby import open_game

    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        table = SharedTable(WAR, 2, 2, "easy", LoopClock(), creator="ada", pace=1000.0)
        table.sit("bob")
        table.deal()
        table.stand("bob")  # a bot plays bob's seat meanwhile
        table.submit(0, Action("flip"))
        table.submit(1, Action("flip"))
        open_game(app, table, table.sit("bob"))
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        pane = log_pane(app)
        assert "ada turns up" in pane and "bob turns up" in pane and "bob is back at the table" in pane
