"""Nothing is lost: a game left is saved and comes back from the menu; a finished one is recorded."""

from __future__ import annotations

import json

import pytest
from ui_helpers import advance_until, make_clocked_app, screen_text, store_settled, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.pause import ConfirmScreen, PauseScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.screens.saves import ContinueScreen
from cardarcade.ui.textual_compat import notifications


def save_files(app) -> list:
    folder = app.store.data_dir / "saves"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


async def leave_with_q(app, pilot) -> str:
    """q, then y: the game as it stood when it was left (JSON)."""
    await pilot.press("q")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    state = app.screen_stack[-2].game.to_json()
    await pilot.press("y")
    await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen) and len(save_files(app)) == 1)
    return state


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_game_left_is_saved_and_carried_on_from_the_menu(game_id):
    spec = GAMES[game_id]
    setup = GameSetup.solo(spec, spec.default_players, humans=0, seed=5)
    app = make_clocked_app(setup, pace=0.01)  # the bots move (and a count runs) only as the test moves the clock
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await advance_until(pilot, lambda: screen.game.s.actions >= 3 or screen.game.is_over)
        assert not screen.game.is_over
        state = await leave_with_q(app, pilot)
        # (the menu says so once the save is on disk: it may come up while the writer is at it)
        await wait_for(pilot, lambda: "1 saved game: c continues" in screen_text(app))

        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await store_settled(pilot)  # (the saves are listed off the loop)
        assert spec.title in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        resumed = app.screen
        assert resumed is not screen and resumed.resumed
        assert resumed.game.to_json() == state
        assert [type(s) for s in app.screen_stack] == [MenuScreen, type(resumed)]
        if spec.realtime:  # nobody is caught cold: the table waits for a countdown
            assert "Get ready" in screen_text(app) and not resumed.table.started


async def test_a_finished_game_leaves_no_save_and_goes_into_the_statistics(slapjack, app_factory):
    setup = GameSetup.solo(slapjack, 2, seed=3)
    app = app_factory(setup, pace=1000.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.table is not None and screen.table.started)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.actions >= 1)
        await pilot.press("space")  # a person's claim, timed
        await wait_for(pilot, lambda: screen.surface.claims.pending)
        [[claim]] = screen.surface.claims.pending.values()
        await wait_for(pilot, lambda: len(save_files(app)) == 1, tries=200)  # the autosave
        screen.game.finish([1], "{seat} wins")
        screen.table.listener([], None)  # the table's word that the game is over
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await wait_for(pilot, lambda: not save_files(app) and app.store.stats.finished_games())
        [record] = app.store.stats.finished_games()
        assert record["game"] == "slapjack"
        assert [(s["name"], s["profile"], s["outcome"]) for s in record["seats"]] == [
            ("You", app.player, "lost"),
            ("Bot 1", None, "won"),
        ]
        assert [(s.played, s.won) for s in app.store.stats.game_summaries(app.player)] == [(1, 0)]
        claims = app.store.stats.db.execute("SELECT claim, outcome, profile FROM reactions").fetchall()
        assert claims == [("slap", claim.kind, app.player)]


async def test_give_up_from_the_pause_menu_removes_the_save(war, app_factory):
    setup = GameSetup.solo(war, 2, seed=4)
    app = app_factory(setup, pace=1000.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.table is not None and app.screen.table.started)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(save_files(app)) == 1, tries=200)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseScreen))
        await pilot.click("#give_up")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen) and not save_files(app))
        assert "saved game" not in screen_text(app)


async def test_save_and_leave_from_the_pause_menu_says_so(war, app_factory):
    setup = GameSetup.solo(war, 2, seed=4)
    app = app_factory(setup, pace=1000.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.table is not None and app.screen.table.started)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseScreen))
        await pilot.click("#leave")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen) and len(save_files(app)) == 1)
        await wait_for(pilot, lambda: any("Game saved" in n.message for n in notifications(app)))


async def test_a_save_that_cannot_be_opened_is_listed_with_why_and_only_set_aside(app_factory):
    app = app_factory()
    folder = app.store.data_dir / "saves"
    folder.mkdir(parents=True)
    (folder / "half written.json").write_text('{"format": "cardarcade-table", "version": 2, "game": "war", "se')
    newer = {"format": "cardarcade-table", "version": 99, "game": "war"}
    (folder / "war-from-the-future.json").write_text(json.dumps(newer))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await store_settled(pilot)  # (the saves are listed off the loop)
        text = screen_text(app)
        assert "0 saved games (2 cannot be opened)" in text
        assert "saved by a newer cardarcade (format 99" in text
        await pilot.press("enter")  # the newest first: refused with the reason, nothing opened
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen) and "cannot be opened" in screen_text(app)
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: "0 saved games (1 cannot be opened)" in screen_text(app))
    kept = sorted(p.name for p in (folder / "set-aside").iterdir())
    assert len(kept) == 1 and len(list(folder.glob("*.json"))) == 1


def _saves_folder():
    from cardarcade.store.user import UserStore

    return UserStore().data_dir / "saves"


async def test_the_menu_counts_apart_the_saves_that_cannot_be_opened(app_factory):
    from cardarcade.store.saves import SaveStore

    setup = GameSetup.solo(GAMES["war"], 2, seed=4)
    SaveStore(_saves_folder()).save("war-1", setup, setup.new_game(), 3.0)
    (_saves_folder() / "half written.json").write_text('{"format": "cardarcade-table", "version": 3, "ga')
    (_saves_folder() / "war-from-the-future.json").write_text(
        json.dumps({"format": "cardarcade-table", "version": 99, "game": "war"})
    )
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "1 saved game (2 cannot be opened): c continues" in screen_text(app))
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await store_settled(pilot)  # (the saves are listed off the loop)
        assert "1 saved game (2 cannot be opened)" in screen_text(app)


async def test_a_continued_game_shows_the_log_from_before_it_was_saved(war):
    from cardarcade.ui.screens.pause import HistoryScreen

    app = make_clocked_app(GameSetup.solo(war, 2, humans=0, seed=5), pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await advance_until(pilot, lambda: screen.game.s.actions >= 6)
        before = [line.plain for line in screen.history]
        await leave_with_q(app, pilot)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await store_settled(pilot)  # (the saves are listed off the loop)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        resumed = app.screen
        assert len(before) >= 6
        assert [line.plain for line in resumed.history] == [*before, "The game carries on from where it was saved."]
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert f"the whole log ({len(before) + 1} lines)" in screen_text(app)


async def test_a_continued_hot_seat_game_tells_each_person_what_they_missed(app_factory):
    """The cover's "since your last turn" goes on from where each person had read to."""
    from cardarcade.store.saves import decode, encode
    from cardarcade.ui.games import screen_for
    from cardarcade.ui.records import StoreRecords
    from cardarcade.ui.games.turn import CoverScreen

    setup = GameSetup.solo(GAMES["go-fish"], 3, seed=2, humans=2)
    log = ["Player 1 asks Bot 1 for sevens", "Bot 1 says: Go fish!", "Player 2 asks Player 1 for kings"]
    saved = decode(encode("go-fish-1", setup, setup.new_game(), 9.0, log=log, seen={0: 1, 1: 3}))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_for(saved.setup, saved)
        app.push_screen(screen)
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen) and app.screen.player is not None)
        cover = app.screen
        mover = setup.names.index(cover.player)
        assert cover.since == [*log[saved.seen[mover] :], "The game carries on from where it was saved."]
        assert log[0] not in cover.since
        data = json.loads(StoreRecords.encoded(screen.surface.snapshot()))  # saved again: the marks go with it
        assert data["log"][:3] == log and data["seen"]["1"] == 3


async def test_a_game_open_in_one_window_is_neither_opened_nor_deleted_in_another(app_factory):
    """Two arcades on one data folder (here two apps of one process, as a server's sessions):
    the game one window carries on is listed as open there in the other, which cannot open or
    delete it, so no autosave of a second copy can undo the first window's moves."""
    from cardarcade.store.saves import SaveStore

    setup = GameSetup.solo(GAMES["thirteen"], 2, seed=3, level="easy")
    SaveStore(_saves_folder()).save("thirteen-1", setup, setup.new_game(), 5.0)
    first, second = app_factory(), app_factory()
    async with first.run_test(size=(80, 24)) as one:
        await one.press("c")
        await wait_for(one, lambda: isinstance(first.screen, ContinueScreen))
        await store_settled(one)  # (the saves are listed off the loop)
        await one.press("enter")
        await wait_for(one, lambda: isinstance(first.screen, GameScreen))
        async with second.run_test(size=(80, 24)) as two:
            await two.press("c")
            await wait_for(two, lambda: isinstance(second.screen, ContinueScreen))
            await store_settled(two)  # (the saves are listed off the loop)
            assert "open in another window" in screen_text(second)
            await two.press("enter")
            await two.pause()
            assert isinstance(second.screen, ContinueScreen)
            assert "is open in another window: carry it on there" in screen_text(second)
            await two.press("d")
            await two.pause()
            assert isinstance(second.screen, ContinueScreen) and "not deleted from here" in screen_text(second)
        assert (_saves_folder() / "thirteen-1.json").exists()
        await leave_with_q(first, one)  # the first window lets it go once its last save is written
        await wait_for(one, lambda: not SaveStore(_saves_folder()).held_elsewhere("thirteen-1"))


async def test_a_save_continued_by_another_profile_is_credited_to_the_one_playing_now(war, app_factory):
    from dataclasses import replace

    from cardarcade.store.saves import SaveStore

    setup = GameSetup.solo(war, 2, seed=4)
    setup = replace(setup, seats=(replace(setup.seats[0], profile="ada"), setup.seats[1]))
    SaveStore(_saves_folder()).save("war-1", setup, setup.new_game(), 3.0)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await store_settled(pilot)  # (the saves are listed off the loop)
        assert "You (ada), Bot 1" in screen_text(app)  # whose game it is
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert app.player != "ada" and screen.profile_of(0) == app.player
        assert any(f"goes on as {app.player}'s" in n.message for n in notifications(app))
        screen.game.finish([0], "{seat} wins")
        screen.table.listener([], None)  # the table's word that the game is over
        await wait_for(pilot, lambda: app.store.stats.finished_games())
        [record] = app.store.stats.finished_games()
        assert record["seats"][0]["profile"] == app.player
