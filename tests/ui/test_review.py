"""The review after a game: the moves where the person and the strong bot chose differently, by
the bot's own figures, each opening the replay at that move; offered on the result screen only
where the game has choices."""

from __future__ import annotations

from ui_helpers import make_clocked_app, screen_text, wait_for

from cardarcade.bots.coach import advise
from cardarcade.replay import Positions
from cardarcade.table.clock import LoopClock
from cardarcade.table.coaching import REVIEWED, Review
from cardarcade.table.thinking import InlineThinker
from cardarcade.ui.screens.replay import ReplayScreen
from cardarcade.ui.screens.review import ReviewScreen
from tests.replay_helpers import AtOnce, played


def test_the_review_lists_moves_that_really_differ_costliest_first():
    replay, _ = played("dig")  # an easy bot in seat 0's place, judged by the hard bot
    found: list = []
    Review(replay, [0], AtOnce(), lambda done, total: None, lambda *args: found.append(args)).start()
    [(misses, judged, total)] = found
    assert judged == total == sum(1 for m in replay.moves if m.seat == 0)
    assert 0 < len(misses) <= REVIEWED
    positions = Positions(replay)
    for miss in misses:
        assert replay.moves[miss.at].seat == 0 and replay.moves[miss.at].action == miss.played
        game = positions.at(miss.at)
        again = advise("dig", game.view(0), 0, "hard", miss.at, tuple(game.legal_actions(0)))
        assert again.action == miss.advised != miss.played  # the bot's own choice there, not the person's
    costs = [m.cost for m in misses]
    assert all(c is not None and c >= 0 for c in costs) and costs == sorted(costs, reverse=True)


def test_a_review_stops_when_its_time_is_up_and_says_how_far_it_got():
    replay, _ = played("dig")
    found: list = []
    Review(replay, [0], AtOnce(), lambda *a: None, lambda *args: found.append(args), seconds=0.0).start()
    [(misses, judged, total)] = found
    assert judged < total


async def test_the_review_screen_opens_the_replay_at_the_move():
    replay, _ = played("dig")
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(replay, [0], InlineThinker(LoopClock()), str)
        app.push_screen(screen)
        await wait_for(pilot, lambda: screen.done, tries=1500)
        text = screen_text(app)
        first = screen.misses[0]
        assert f"Move {first.at + 1}  You: {first.played}" in text
        assert f"Hard bot: {first.advised} — " in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        shown = app.screen
        assert shown.shown == first.at  # at the choice: the person's move is the next step
        await pilot.press("right")
        await wait_for(pilot, lambda: shown.shown == first.at + 1)
        assert str(first.played.cards[0]) in shown.history[-1].plain or any(
            str(first.played.cards[0]) in line.plain for line in shown.history[-3:]
        )
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)


async def test_the_result_offers_the_review_only_where_there_is_one():
    from cardarcade.ui.screens.result import ResultScreen

    replay, _ = played("dig")
    game = Positions(replay).at(len(replay.moves))
    app = make_clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ResultScreen(replay.setup, game, {}, people=[0]))
        await wait_for(pilot, lambda: "Dig" in screen_text(app) or "win" in screen_text(app))
        assert "review" not in screen_text(app).lower()
        await pilot.press("r")
        assert isinstance(app.screen, ResultScreen)
        made = lambda: ReviewScreen(replay, [0], InlineThinker(LoopClock()), str)  # noqa: E731
        app.push_screen(ResultScreen(replay.setup, game, {}, people=[0], review=made))
        await wait_for(pilot, lambda: "r: review your moves" in screen_text(app))
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
