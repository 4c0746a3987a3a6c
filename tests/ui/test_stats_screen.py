"""The statistics screen: what was recorded shows up, per profile; nothing recorded and a damaged
file each get a plain message; snapshots of the charts at 80x24."""

from __future__ import annotations

import random
import time

import pytest
from records import record_war
from ui_helpers import press_settled, screen_text, store_settled

from cardarcade.seating import Reaction
from cardarcade.store.stats import Stats
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.ui.screens.menu import MenuScreen
from cardarcade.ui.screens.stats import StatsScreen

T0 = 1_790_000_000.0  # 2026-09-21T14:13:20Z


def make_app(player: str = "ada") -> ArcadeApp:
    return ArcadeApp(settings=UISettings(countdown=0), player=player)


def open_stats(app: ArcadeApp, session: str = "s1") -> Stats:
    """The app's statistics file, opened beside the app to record into (one named session)."""
    return Stats(app.store.data_dir / "stats.sqlite3", session=session)


def slaps(*seconds: float) -> list[Reaction]:
    return [Reaction(0, s, "slap_win", 1, "slap") for s in seconds]


def record_ada(app: ArcadeApp) -> None:
    """Ada: four games of War (won, lost, won, won), Slapjack and Snap over two sessions; and
    someone else's game of War."""
    with open_stats(app) as stats:
        for t, (outcome, level) in enumerate([("won", "easy"), ("lost", "hard"), ("won", "hard"), ("won", "easy")]):
            record_war(stats, "ada", outcome, level, at=T0 + t)
        rng = random.Random(5)
        stats.record_reactions("slapjack", "ada", slaps(0.30, 0.40, 0.50, 0.60, 0.70), at=T0)
        stats.record_reactions(
            "snap", "ada", slaps(*(round(rng.lognormvariate(-0.9, 0.25), 3) for _ in range(60))), at=T0
        )
        stats.session = "s2"
        stats.record_reactions("slapjack", "ada", slaps(0.20, 0.30, 0.40), at=T0 + 86400)
        stats.record_reactions(
            "snap", "ada", slaps(*(round(rng.lognormvariate(-1.0, 0.25), 3) for _ in range(60))), at=T0 + 86400
        )
        record_war(stats, "[/bob]", "lost", "easy", at=T0 + 10)  # a name that is not markup


def rows(app: ArcadeApp) -> list[list[str]]:
    return [line.split() for line in screen_text(app).splitlines()]


async def test_recorded_games_and_reaction_times_show_per_game() -> None:
    app = make_app()
    record_ada(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatsScreen())
        await store_settled(pilot)
        shown = rows(app)
        assert shown[0] == ["Statistics", "ada"]
        assert ["War", "4", "3", "0", "1", "2", "2", "0"] in shown
        assert ["against", "hard", "2", "1", "0", "1"] in shown
        await press_settled(pilot, "2")
        shown = rows(app)
        assert ["Slapjack", "8", "0.405s", "0.705s", "0.200s"] in shown
        assert ["All", "reaction", "games", "128"] == next(r for r in shown if r[:1] == ["All"])[:4]
        assert "seconds" in screen_text(app)  # the histogram's axis
        await press_settled(pilot, "r")  # the charts follow the game chosen
        assert any(r[:2] == ["Slapjack:", "reactions"] for r in rows(app))
        await pilot.click("#reaction-table", offset=(3, 3))  # a click on Snap's line
        assert any(r[:2] == ["Snap:", "reactions"] for r in rows(app))
        await press_settled(pilot, "r", "r")  # all games, then Slapjack again
        await press_settled(pilot, "3")
        assert any(r[:2] == ["Slapjack:", "seconds,"] and "2 sessions" in " ".join(r) for r in rows(app))
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_the_games_view_says_how_many_games_were_hinted() -> None:
    app = make_app()
    with open_stats(app) as stats:
        record_war(stats, "ada", "won", "easy", at=T0, hinted=True)
        record_war(stats, "ada", "lost", "easy", at=T0 + 1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatsScreen())
        await store_settled(pilot)
        shown = rows(app)
        assert shown[2][-1] == "Hinted"
        assert ["War", "2", "1", "0", "1", "0", "1", "1"] in shown
        assert "not rated." in screen_text(app)


async def test_the_profile_key_shows_another_players_records() -> None:
    app = make_app()
    record_ada(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatsScreen())
        await store_settled(pilot)
        await press_settled(pilot, "2", "p")
        shown = rows(app)
        assert shown[0] == ["Statistics", "[/bob]", "profile", "2", "of", "2"]
        assert any(r[:4] == ["No", "reaction", "times", "recorded"] for r in shown)
        await press_settled(pilot, "1")
        assert ["War", "1", "0", "0", "1", "0", "0", "0"] in rows(app)
        await press_settled(pilot, "p")
        assert rows(app)[0] == ["Statistics", "ada", "profile", "1", "of", "2"]


async def test_nothing_recorded_says_so_without_empty_charts() -> None:
    app = make_app("newcomer")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatsScreen())
        await store_settled(pilot)
        assert "No games recorded yet for newcomer." in screen_text(app)
        for key in ("2", "r", "3", "p"):
            await press_settled(pilot, key)
            text = screen_text(app)
            assert "No reaction times recorded yet for newcomer." in text
            assert "┌" not in text and "seconds" not in text  # no chart frame, no axes


async def test_a_damaged_statistics_file_shows_why_and_nothing_breaks() -> None:
    app = make_app()
    app.store.data_dir.mkdir(parents=True, exist_ok=True)
    damaged = app.store.data_dir / "stats.sqlite3"
    damaged.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatsScreen())
        await store_settled(pilot)
        text = screen_text(app)
        assert "The statistics cannot be shown." in text
        assert "is not a statistics file this program can use" in " ".join(text.split())
        await press_settled(pilot, "2", "3", "r", "p", "left")
        assert "The statistics cannot be shown." in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
    assert damaged.read_bytes().startswith(b"this is not a database")  # left as it was


@pytest.fixture
def utc(monkeypatch):
    """Dates on the trend in UTC, whatever the machine's zone (the snapshots hold them)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("key", ["2", "3"])
def test_snapshot_of_the_charts(snap_compare, utc, key: str) -> None:
    app = make_app()
    record_ada(app)

    async def open_screen(pilot) -> None:
        app.push_screen(StatsScreen())
        await store_settled(pilot)
        await press_settled(pilot, key, "r", "r")  # (the charts' figures read before the picture)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_screen)
