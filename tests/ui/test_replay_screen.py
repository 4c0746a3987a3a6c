"""The replay screen: the game's own table drawn at any move, stepped with keys, never played."""

from __future__ import annotations

import pytest
from ui_helpers import burst, make_clocked_app, screen_text, wait_for

from cardarcade.replay import Positions, state_digest
from cardarcade.rules import GAMES
from cardarcade.ui.screens.replay import ReplayScreen
from tests.replay_helpers import played


def digest_at(replay, n: int) -> str:
    return state_digest(Positions(replay).at(n))


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_the_screen_steps_back_and_forth_through_every_game(game_id):
    replay, _ = played(game_id)
    total = len(replay.moves)
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(replay, at_move=0)
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen and screen.is_mounted)
        await pilot.press("right", "right", "right")
        await wait_for(pilot, lambda: screen.shown == 3)
        assert state_digest(screen.game) == digest_at(replay, 3)
        await pilot.press("left")
        await wait_for(pilot, lambda: screen.shown == 2)
        assert state_digest(screen.game) == digest_at(replay, 2)
        await pilot.press("end")
        await wait_for(pilot, lambda: screen.shown == total)
        assert state_digest(screen.game) == replay.end
        assert screen.game.is_over
        text = screen_text(app)
        assert f"move {total}/{total}" in text
        await pilot.press("tab")
        assert screen.viewer == 1 % len(replay.setup.seats)
        await pilot.press("home")
        await wait_for(pilot, lambda: screen.shown == 0)
        assert state_digest(screen.game) == digest_at(replay, 0)
        assert app.screen is screen  # no result screen, no pause menu: the game is not played here


async def open_replay(app, pilot, replay, at_move=None) -> ReplayScreen:
    screen = ReplayScreen(replay, at_move=at_move)
    app.push_screen(screen)
    await wait_for(pilot, lambda: app.screen is screen and screen.is_mounted)
    return screen


async def settled(pilot, screen) -> None:
    """The keys sent have all been acted on (or let go by the arcade's key guard) and drawn."""
    await wait_for(pilot, lambda: not screen._draw_due and screen.shown == screen._target)
    for _ in range(5):
        await pilot.pause()
    await wait_for(pilot, lambda: not screen._draw_due and screen.shown == screen._target)


async def test_a_held_key_moves_to_where_it_stops_drawing_once_per_frame_not_per_press():
    """Autorepeat: 300 presses at once. Those acted on (a loaded machine's key guard lets a backlog
    go) move the target; the table is drawn a few times, at a move it shows whole."""
    replay, _ = played("war")
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, replay, at_move=0)
        drawn = []
        shown = screen._show
        screen._show = lambda n, rebuild_log=False: (drawn.append(n), shown(n, rebuild_log))  # type: ignore[method-assign]
        await burst(pilot, *["right"] * 300)
        await settled(pilot, screen)
        forward = screen.shown
        assert 0 < forward <= 300
        assert len(drawn) <= max(3, forward // 10), f"drawn {len(drawn)} times for {forward} steps"
        assert state_digest(screen.game) == digest_at(replay, forward)
        assert f"move {forward}/{len(replay.moves)}" in screen_text(app)
        await burst(pilot, *["left"] * 500)  # held past the start: it stops there at most
        await settled(pilot, screen)
        assert 0 <= screen.shown < forward
        assert state_digest(screen.game) == digest_at(replay, screen.shown)


async def test_play_runs_the_moves_at_the_speed_chosen_and_space_pauses():
    replay, _ = played("snap")
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, replay, at_move=0)
        await pilot.press("plus", "plus", "plus", "plus", "plus")  # 64x
        await pilot.press("space")
        assert "playing 64x" in screen_text(app)
        await wait_for(pilot, lambda: screen.shown >= 5)
        await pilot.press("space")
        stopped = screen.shown
        await pilot.pause(0.3)
        assert screen.shown == stopped
        assert "paused" in screen_text(app)
        assert state_digest(screen.game) == digest_at(replay, stopped)


async def test_end_then_space_at_once_while_playing_plays_from_the_start_and_stops_at_the_end():
    """End and space typed together while it plays: space used to start play from the move drawn
    before end's jump, whose next step then fell past the last move and stopped the arcade."""
    replay, _ = played("war")
    total = len(replay.moves)
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, replay, at_move=0)
        await pilot.press("plus", "plus", "plus", "plus", "plus")  # 64x
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.shown >= 3)
        await burst(pilot, "end", "space")  # (the jump not drawn yet when space comes)
        await wait_for(pilot, lambda: screen.playing and 2 <= screen.shown < total)  # from the start again
        await pilot.press("end")  # (stops play at the end)
        await wait_for(pilot, lambda: screen.shown == total and not screen.playing)
        await pilot.press("left", "left", "space")  # the last two moves played, then it stops there
        await wait_for(pilot, lambda: not screen.playing)
        assert screen.shown == total
        assert state_digest(screen.game) == replay.end
        assert app.screen is screen


async def test_names_full_of_markup_show_as_typed():
    replay, _ = played("go-fish", names=("[bold]Ada[/]", "[/]", "[link=x]y"))
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_replay(app, pilot, replay)
        text = screen_text(app)
        assert "[bold]Ada[/]" in text
        await pilot.press("tab")
        assert "[/]'s view" in screen_text(app)


async def test_the_menu_lists_the_replays_kept_and_opens_one():
    from cardarcade.store.replays import ReplayStore
    from cardarcade.ui.screens.replay import ReplaysScreen

    replay, _ = played("war")
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        ReplayStore.of(app.store.data_dir, app.player).add(replay)
        (ReplayStore.of(app.store.data_dir, app.player).folder / "20261129-000000-junk-abc.jsonl").write_text("garbage")
        await wait_for(pilot, lambda: app.screen.__class__.__name__ == "MenuScreen")
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplaysScreen) and len(app.screen.entries) == 2)
        text = screen_text(app)
        assert "cannot be replayed: line 1" in text
        assert "War" in text
        await pilot.press("enter")  # the newest: the war
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        # at the deal, to be watched (space plays it); end shows how it ended
        assert app.screen.shown == 0 and not app.screen.game.is_over
        await pilot.press("end")
        await wait_for(pilot, lambda: app.screen.shown == len(replay.moves) and app.screen.game.is_over)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplaysScreen))


async def test_a_game_finished_in_the_arcade_is_kept_as_its_replay_and_opens_at_its_end():
    from ui_helpers import advance_until

    from cardarcade.seating import GameSetup
    from cardarcade.store.replays import ReplayStore
    from cardarcade.ui.screens.result import ResultScreen

    setup = GameSetup.solo(GAMES["go-fish"], 3, humans=0, seed=7)
    app = make_clocked_app(setup, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen.game
        await advance_until(pilot, lambda: isinstance(app.screen, ResultScreen), most=600, step=0.2)
        store = ReplayStore.of(app.store.data_dir, app.player)
        await wait_for(pilot, lambda: app.store_writer.finish(0.0) and len(store.entries()) == 1)
        [entry] = store.entries()
        replay = store.load(entry.replay_id)
        assert replay.end == state_digest(game) and entry.moves == game.s.actions
        assert replay.setup.names == setup.names and replay.setup.seed == 7


async def test_a_turn_games_replay_shows_no_hand_cursor():
    """Nobody picks a card in a replay: the hand is drawn without the cursor's mark."""
    replay, _ = played("schnapsen")
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, replay, at_move=0)
        await pilot.press("right")
        await wait_for(pilot, lambda: screen.shown == 1)
        text = screen_text(app)
        assert "J" in text or "Q" in text or "K" in text  # the hand is there
        assert "▲" not in text and "△" not in text


async def test_each_event_of_a_move_has_its_own_line_in_the_log():
    """A move that says two things (Go Fish's "You ask… Bot 1 gives…") logs two lines, as in
    play: stepped onto, and in the log rebuilt after a jump."""
    from cardarcade.replay import move_said

    replay, _ = played("go-fish")
    positions, names = Positions(replay), replay.setup.names

    def said_at(k: int) -> list[str]:
        positions.at(k)
        return move_said(replay.moves[k - 1], positions.events, names)

    n = next(k for k in range(1, len(replay.moves)) if len(said_at(k)) > 1)
    said = said_at(n)
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, replay, at_move=n - 1)
        await pilot.press("right")
        await wait_for(pilot, lambda: screen.shown == n)
        assert [line.plain for line in screen.history[-len(said) :]] == said
        screen._show(n, rebuild_log=True)
        assert [line.plain for line in screen.history[-len(said) :]] == said
