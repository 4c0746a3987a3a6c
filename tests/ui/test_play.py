"""Playing through the keys a person would press."""

from __future__ import annotations

from cardarcade.seating import GameSetup
from cardarcade.ui.size_fit import TooSmallScreen
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.pause import ConfirmScreen, PauseScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.screens.rules import RulesScreen
from cardarcade.ui.screens.setup import SetupScreen
from cardarcade.ui.games.slapjack import SlapjackScreen
from cardarcade.ui.games.war import WarScreen
from ui_helpers import advance_until, deck_starting, make_clocked_app, wait_for


async def test_menu_to_setup_to_war_by_keys(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # War is the first game listed
        assert isinstance(app.screen, SetupScreen)
        await wait_for(pilot, lambda: app.screen.shown)  # (an enter before that is not taken)
        await pilot.press("enter")  # the Start button has focus
        await wait_for(pilot, lambda: isinstance(app.screen, WarScreen))
        assert app.screen.setup.seats[0].kind == "human"
        assert app.screen.setup.seats[1].kind == "bot"


async def test_setup_refuses_three_people_on_one_keyboard(slapjack, app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(slapjack))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#players").value = 3
        for seat in range(3):
            screen.query_one(f"#seat-{seat}").value = "human"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "share one keyboard" in str(screen.query_one("#setup-error").render())


async def test_setup_offers_thirteens_expert_only_heads_up(app_factory):
    # At four players Thirteen's expert played exactly as hard: it is offered at two only, and a
    # seat given it falls back to hard when the table grows.
    from cardarcade.ui.widgets.dropdown import DropDown

    from cardarcade.rules import GAMES

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(GAMES["thirteen"]))
        await pilot.pause()
        screen = app.screen
        offered = lambda: {value for _label, value in screen.query_one("#seat-1", DropDown).choices}  # noqa: E731
        assert screen.query_one("#players").value == 4 and "bot:expert" not in offered()
        screen.query_one("#players").value = 2
        await wait_for(pilot, lambda: "bot:expert" in offered())
        screen.query_one("#seat-1").value = "bot:expert"
        await pilot.pause()
        screen.query_one("#players").value = 3
        await wait_for(pilot, lambda: "bot:expert" not in offered())
        assert screen.query_one("#seat-1").value == "bot:hard"


async def test_a_new_shared_table_offers_thirteens_expert_only_heads_up():
    from cardarcade.ui.widgets.dropdown import DropDown

    from cardarcade.server.lobby import Lobby
    from cardarcade.table.clock import LoopClock
    from cardarcade.ui.app import ArcadeApp, UISettings
    from cardarcade.ui.screens.lobby import NewTableScreen

    app = ArcadeApp(settings=UISettings(countdown=0), player="ada", lobby=Lobby(LoopClock()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(NewTableScreen())
        await pilot.pause()
        screen = app.screen
        level = screen.query_one("#new-level", DropDown)
        offered = lambda: {value for _label, value in level.choices}  # noqa: E731
        screen.query_one("#new-game", DropDown).value = "thirteen"
        await wait_for(pilot, lambda: screen.query_one("#new-players", DropDown).value == 4)
        assert "expert" not in offered()
        screen.query_one("#new-players", DropDown).value = 2
        await wait_for(pilot, lambda: "expert" in offered())
        level.value = "expert"
        await pilot.pause()
        screen.query_one("#new-players", DropDown).value = 5
        await wait_for(pilot, lambda: "expert" not in offered())
        assert level.value == "hard"


async def test_war_turns_a_card_on_enter_and_the_round_resolves(war, app_factory):
    # You hold the K♠ on top, the bot the 2♥: your king takes both cards.
    setup = GameSetup.solo(war, 2, seed=1, deck=deck_starting("Ks 2h"), level="easy")
    app = app_factory(setup, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, WarScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.rounds == 1)
        assert screen.game.view(0).counts[0] == 27
        assert "You take 2 cards" in screen.headline


async def test_war_plays_to_the_end_and_offers_another_game(war, app_factory):
    setup = GameSetup.solo(war, 2, seed=4, options={"max_rounds": 20})
    app = app_factory(setup, pace=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.press("enter")
            await pilot.pause(0.01)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        result = app.screen.game.result
        assert result is not None
        await pilot.press("enter")  # play again
        await pilot.pause()
        assert isinstance(app.screen, WarScreen)
        assert app.screen.setup.seed == 5  # a new deal
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_slapjack_slapping_a_jack_you_turned_wins_it(slapjack, app_factory):
    # Two people, so no bot can beat the slap on a machine slow enough to delay the key.
    setup = GameSetup.solo(slapjack, 2, seed=1, deck=deck_starting("Js 2h"), humans=2)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SlapjackScreen)
        await pilot.press("w", "s")
        await wait_for(pilot, lambda: screen.game.view(0).pile_size == 0)
        assert screen.game.view(0).counts == [26, 26]
        assert any("J♠" in line.plain and "Player 1" in line.plain for line in screen.log_lines)
        assert app.memory.reactions("slapjack", "Player 1"), "the slap's reaction time is recorded"
        assert not app.memory.reactions("slapjack", "Player 2"), "as Player 1's: Player 2 did not slap"


async def test_slapjack_false_slap_pays_a_card(slapjack, app_factory):
    setup = GameSetup.solo(slapjack, 2, seed=1, deck=deck_starting("5s 2h"), level="easy")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")
        await pilot.pause(0.05)
        await pilot.press("space")
        # You turned the 5 yourself, so the card you pay goes under the pile.
        await wait_for(pilot, lambda: screen.game.view(0).counts[0] == 24)
        assert screen.game.view(0).pile_size == 2


async def test_hotseat_second_players_key_wins_the_race(slapjack, app_factory):
    # Player 1 turns the jack; both slap, player 2 (right hand, "l") first.
    setup = GameSetup.solo(slapjack, 2, seed=1, humans=2, deck=deck_starting("Js 2h"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.keymap.lookup("w") == (0, "flip")
        assert screen.keymap.lookup("l") == (1, "react")
        prompt = str(screen.query_one("#prompt").render())
        assert "Player 1: w turn a card" in prompt and "Player 2: o turn a card" in prompt
        await pilot.press("w")
        await pilot.press("l", "s")
        await wait_for(pilot, lambda: screen.game.view(None).pile_size == 0)
        assert screen.game.view(None).counts == [25, 27]


async def test_pause_menu_holds_play_and_resumes(slapjack):
    setup = GameSetup.solo(slapjack, 2, seed=1, level="expert")
    app = make_clocked_app(setup, pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")  # your card: the bot's turn comes next
        await pilot.press("escape")
        assert isinstance(app.screen, PauseScreen)
        assert screen.table.paused
        before = screen.game.s.actions
        assert before == 1
        app.clock.advance(5.0)  # the bot would have turned its card by now
        await pilot.pause()
        assert screen.game.s.actions == before, "nothing moves while paused"
        await pilot.press("escape")
        assert isinstance(app.screen, SlapjackScreen)
        assert not screen.table.paused
        await advance_until(pilot, lambda: screen.game.s.actions > before)  # and play goes on


async def test_rules_screen_shows_rules_and_active_house_rules(war, app_factory):
    setup = GameSetup.solo(war, 2, seed=1, options={"war_style": "three_down"})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        from cardarcade.ui.screens.rules import rules_markdown

        text = rules_markdown(war, setup.options)
        assert "House rules in force" in text and "three down, one up" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_leaving_asks_first(war, app_factory):
    app = app_factory(GameSetup.solo(war, 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, WarScreen)


async def test_wrong_keys_change_nothing(war, app_factory):
    app = app_factory(GameSetup.solo(war, 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.game.to_json()
        await pilot.press("x", "z", "7", "space", "left", "tab")
        assert screen.game.to_json() == before
        assert isinstance(app.screen, WarScreen)


async def test_small_terminal_gets_a_notice_and_holds_play(slapjack, app_factory):
    app = app_factory(GameSetup.solo(slapjack, 2, seed=1), pace=0.05)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "80x24" in str(app.screen.query_one("#too-small").render())
        game_screen = app.screen_stack[-2]
        assert game_screen.table.paused


async def test_theme_switches_at_run_time(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.theme
        await pilot.press("t")
        assert app.theme != first
        assert app.theme.startswith("cardarcade-")


async def test_the_too_small_notice_follows_each_resize_at_once(slapjack, app_factory):
    app = app_factory(GameSetup.solo(slapjack, 2, seed=1), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen = app.screen
        await pilot.resize_terminal(70, 20)
        assert isinstance(app.screen, TooSmallScreen)
        assert "70x20" in str(app.screen.query_one("#too-small").render())
        assert game_screen.table.paused
        await pilot.resize_terminal(80, 24)
        assert app.screen is game_screen
        assert not game_screen.table.paused
