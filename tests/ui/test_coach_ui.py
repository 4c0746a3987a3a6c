"""The hint key at 80x24: h shows the strong bot's move in one line, puts the cursor on its card
and marks the game hinted (not rated); in War and in reaction games it says there is nothing to
advise; at a shared table it works only where the creator allowed hints."""

from __future__ import annotations

from test_play_surfaces import app_with
from ui_helpers import prompt, screen_text, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.table.clock import LoopClock
from cardarcade.table.shared import SharedTable
from cardarcade.ui.games.game import GameScreen


async def test_h_shows_the_bots_move_moves_the_cursor_to_it_and_the_game_is_not_rated(app_factory):
    app = app_factory(GameSetup.solo(GAMES["schnapsen"], 2, seed=5, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert not screen.surface.hinted
        assert "h Hint" in screen_text(app)  # in the key bar
        await pilot.press("h")
        await wait_for(pilot, lambda: prompt(screen).startswith("Expert bot: "))
        line = prompt(screen)
        assert " — tried in " in line and " of 700 play-outs" in line, line
        assert screen.surface.hinted and screen._unrated() is not None  # the statistics say why
        card = screen.hand_cards()[screen.cursor]
        assert card.label(False) in line  # the cursor is on the card advised
        assert screen.game.s.log == []  # nothing was played: the person still chooses
        assert screen.surface.snapshot().hinted  # and the save says so


async def test_h_where_there_is_nothing_to_decide_says_so_and_hints_nothing(app_factory):
    for game_id, words in (("war", "War has no choices to make"), ("slapjack", "Slapjack is a race")):
        app = app_factory(GameSetup.solo(GAMES[game_id], 2, seed=1, level="easy"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            await pilot.pause()
            await pilot.press("h")
            await wait_for(pilot, lambda: words in prompt(screen), what=lambda: prompt(screen))
            assert not screen.surface.hinted


async def shared_hint(hints: bool) -> tuple[str, SharedTable]:
    from cardarcade.ui.screens.lobby import open_game

    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        table = SharedTable(GAMES["schnapsen"], 2, 2, "easy", LoopClock(), creator="ada", pace=1000.0, hints=hints)
        seat = table.sit("bob")
        table.deal()
        open_game(app, table, seat)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.actor is not None or table.table.game.actors() != [seat])
        if table.table.game.actors() != [seat]:  # ada leads first
            game = table.table.game
            table.submit(0, next(a for a in game.legal_actions(0) if a.kind == "play"))
            await wait_for(pilot, lambda: screen.actor is not None)
        await pilot.press("h")
        await wait_for(pilot, lambda: "bot:" in prompt(screen) or "Hints are off" in prompt(screen))
        return prompt(screen), table


async def test_hints_are_off_at_a_shared_table_unless_its_creator_allowed_them():
    said, table = await shared_hint(hints=False)
    assert said.startswith("Hints are off at this table") and not table.hinted
    said, table = await shared_hint(hints=True)
    assert said.startswith("Expert bot: ") and table.hinted == {1}


async def test_the_new_table_form_allows_hints_only_when_asked_and_the_lobby_says_so():
    from textual.widgets import Switch

    from cardarcade.server.lobby import Lobby
    from cardarcade.ui.app import ArcadeApp, UISettings
    from cardarcade.ui.screens.lobby import LobbyScreen, NewTableScreen
    from cardarcade.ui.widgets.dropdown import DropDown

    for allow in (False, True):
        lobby = Lobby(LoopClock())
        app = ArcadeApp(settings=UISettings(countdown=0), player="ada", lobby=lobby)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(NewTableScreen())
            await wait_for(
                pilot, lambda: isinstance(app.screen, NewTableScreen) and bool(app.screen.query("#new-hints"))
            )
            screen = app.screen
            screen.query_one("#new-game", DropDown).value = "schnapsen"
            await pilot.pause()
            assert not screen.query_one("#new-hints", Switch).value  # off unless the creator says
            screen.query_one("#new-hints", Switch).value = allow
            screen.action_create()
            await wait_for(pilot, lambda: bool(lobby.tables))
            [table] = lobby.tables.values()
            assert table.hints is allow
            assert ("hints allowed" in LobbyScreen._table_row(table).plain) is allow
