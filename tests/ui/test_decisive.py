"""The replay's jump to the moves that decided the game: the biggest swings in the strong bot's
figure for the followed seat, weighed off the loop the first time ``d`` is pressed."""

from __future__ import annotations

from ui_helpers import make_clocked_app, screen_text, wait_for

from cardarcade.bots.coach import advise
from cardarcade.replay import Positions
from cardarcade.table.coaching import DECISIVE, Decisive
from cardarcade.ui.screens.replay import ReplayScreen
from tests.replay_helpers import AtOnce, played


class _Held:
    """A thinker that answers only when the test says (as a worker busy elsewhere would)."""

    def __init__(self) -> None:
        self.asked: list[tuple] = []
        self.cancelled = 0

    def think(self, work, args, done):
        self.asked.append((work, args, done))
        return self

    def cancel(self) -> None:
        self.cancelled += 1

    def answer_one(self) -> None:
        work, args, done = self.asked.pop(0)
        done(work(*args))


async def opened(app, pilot, game_id: str, at_move: int, thinker: _Held) -> ReplayScreen:
    replay, _ = played(game_id)
    screen = ReplayScreen(replay, at_move=at_move, thinker=thinker)
    app.push_screen(screen)
    await wait_for(pilot, lambda: app.screen is screen and screen.is_mounted)
    return screen


def weighed(game_id: str, seat: int = 0) -> tuple[list, Decisive]:
    replay, _ = played(game_id)
    found: list = []
    decisive = Decisive(replay, [seat], AtOnce(), lambda *a: None, lambda *args: found.append(args))
    decisive.start()
    [(swings, judged, total)] = found
    assert judged == total
    return swings, decisive


def test_the_decisive_moves_are_the_biggest_swings_of_the_bots_figure_in_game_order():
    swings, decisive = weighed("dig")
    assert 0 < len(swings) <= DECISIVE and len(decisive.swings) > DECISIVE
    assert [s.at for s in swings] == sorted(s.at for s in swings)
    smallest = min(abs(s.change) for s in swings)
    assert all(abs(s.change) <= smallest for s in decisive.swings if s not in swings)
    replay = decisive.replay
    positions = Positions(replay)
    for swing in swings:
        assert replay.moves[swing.at].seat == swing.seat and replay.moves[swing.at].action == swing.action
        if swing.seat == 0:  # its own move: the bot's figure for its own choice there, then for the move made
            game = positions.at(swing.at)
            again = advise("dig", game.view(0), 0, "hard", swing.at, tuple(game.legal_actions(0)))
            values = dict(again.values)
            assert (values[again.action], values[swing.action]) == (swing.before, swing.after)


async def test_d_weighs_off_the_loop_says_so_then_jumps_from_one_decisive_move_to_the_next():
    swings, _ = weighed("dig")
    held = _Held()
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot, "dig", 0, held)
        await pilot.press("d")
        await wait_for(pilot, lambda: "Weighing your moves with the hard bot… 0 of" in screen_text(app))
        assert len(held.asked) == 1  # one move handed to the worker; nothing worked out here
        await pilot.press("right")  # the screen steps on while the bot weighs
        await wait_for(pilot, lambda: screen.shown == 1)
        await pilot.press("d")
        await wait_for(pilot, lambda: "Still weighing your moves" in screen_text(app))
        held.answer_one()
        await wait_for(pilot, lambda: "Still weighing your moves with the hard bot… 1 of" in screen_text(app))
        while held.asked:
            held.answer_one()
        first = swings[0]
        await wait_for(pilot, lambda: screen.shown == first.at + 1)
        text = screen_text(app)
        assert f"Decisive move 1 of {len(swings)}: " in text
        assert f"{first.figure(first.before)} → {first.figure(first.after)}" in text
        for k, swing in [*enumerate(swings), (0, first)][1:]:  # each press the next, then round again
            await pilot.press("d")
            await wait_for(pilot, lambda s=swing: screen.shown == s.at + 1)
            await wait_for(pilot, lambda k=k: f"Decisive move {k + 1} of {len(swings)}: " in screen_text(app))
        assert not held.asked  # weighed once: the jumps need no more work


async def test_leaving_while_the_bot_weighs_drops_its_work():
    held = _Held()
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot, "dig", 0, held)
        await pilot.press("d")
        await wait_for(pilot, lambda: len(held.asked) == 1)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is not screen)
        assert held.cancelled == 1
        held.answer_one()  # an answer already on its way is let go
        assert not held.asked


async def test_a_game_without_decisions_says_there_is_nothing_to_weigh():
    held = _Held()
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot, "war", 5, held)
        await pilot.press("d")
        await wait_for(pilot, lambda: "War has no choices to make: nothing to weigh." in screen_text(app))
        assert screen.shown == 5 and not held.asked
