"""Ratings: they move as OpenSkill's Weng-Lin model says on hand-made results, against bots of
fixed ratings that never move, and they are kept in the statistics file whatever its age."""

from __future__ import annotations

import functools
import sqlite3
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from records import finished_war

from cardarcade.bots import anchors as anchors_module
from cardarcade.bots.anchors import MU, Anchors, Skill, places
from cardarcade.rules import GAMES
from cardarcade.rules.base import Game, Result
from cardarcade.seating import GameSetup, Seat
from cardarcade.store import ratings as ratings_module
from cardarcade.store import stats as stats_module
from cardarcade.store.ratings import PROVISIONAL_GAMES, change_words, unrated_because
from cardarcade.store.stats import Stats, StatsStore

# Made-up anchors, so that what is tested is the model and the storage, not a measurement.
FIXED = Anchors(
    ["test"],
    {
        game: {"easy": Skill(1200.0, 60.0), "medium": Skill(1500.0, 60.0), "hard": Skill(1800.0, 60.0)}
        for game in ("war", "cash")
    },
)


@pytest.fixture(autouse=True)
def fixed_anchors(monkeypatch: pytest.MonkeyPatch) -> Anchors:
    monkeypatch.setattr(ratings_module, "anchors", lambda: FIXED)
    return FIXED


def war_game(stats: StatsStore, profile: str, outcome: str, level: str, **kwargs) -> list:
    """A War the person (seat 0) won or lost against a bot of ``level``; the ratings it moved."""
    setup, game = person_war(outcome, level)
    game_id = stats.record_game(setup, game, 60.0, {0: profile}, **kwargs)
    return stats.ratings_of_game(game_id)


@functools.cache
def person_seed(outcome: str) -> int:
    return next(seed for seed in range(100) if finished_war(seed)[1].result.winners == [0 if outcome == "won" else 1])


def person_war(outcome: str, level: str) -> tuple[GameSetup, Game]:
    setup, game = finished_war(person_seed(outcome), level)
    assert not setup.seats[0].is_bot and setup.seats[1].level == level
    return setup, game


def test_a_win_against_a_stronger_bot_moves_more_than_one_against_a_weaker(open_stats) -> None:
    with open_stats() as stats:
        [against_hard] = war_game(stats, "ada", "won", "hard")
        [against_easy] = war_game(stats, "bea", "won", "easy")
    assert against_hard.before is None and against_hard.rated == 1  # a first game, from 1,500
    assert against_hard.mu - MU > against_easy.mu - MU > 0
    assert against_hard.sigma < 500 and against_hard.provisional


def test_a_loss_lowers_the_rating_and_it_goes_on_from_where_it_was(open_stats) -> None:
    with open_stats() as stats:
        [first] = war_game(stats, "ada", "won", "medium")
        [second] = war_game(stats, "ada", "lost", "easy")
        assert second.before == first.mu and second.mu < first.mu and second.rated == 2
        [now] = stats.current_ratings("ada")
        assert now == second
        assert [r.mu for r in stats.rating_history("ada", "war")] == [first.mu, second.mu]


def test_the_bots_ratings_never_move(open_stats, fixed_anchors: Anchors) -> None:
    with open_stats() as stats:
        for outcome in ("won", "lost", "won", "won"):
            war_game(stats, "ada", outcome, "hard")
        rows = stats.db.execute("SELECT DISTINCT profile FROM ratings").fetchall()
    assert rows == [("ada",)]  # nothing is kept for a bot
    assert fixed_anchors.of("war", "hard") == Skill(1800.0, 60.0)


def test_partners_share_a_result(open_stats) -> None:
    cash = GAMES["cash"]
    seats = (
        Seat("Ada", profile="ada"),
        Seat("Bot 1", "bot", "medium"),
        Seat("Bea", profile="bea"),
        Seat("Bot 2", "bot", "medium"),
    )
    setup = GameSetup(cash, seats, cash.Options(), 1)
    result = Result(winners=[0, 2], sides=[0, 1, 0, 1], reason="test")
    assert places(result, 4) == ([[0, 2], [1, 3]], [0, 1])
    game = SimpleNamespace(result=result, players=4)
    with open_stats() as stats:
        # bea is rated far higher than ada first: partners still both gain from their side's win
        for _ in range(3):
            war_game(stats, "bea", "won", "hard")
        stats.db.execute("SELECT 1")
        bea_before = stats.current_ratings("bea")  # (war only)
        game_id = stats.record_game(setup, game, 60.0, {0: "ada", 2: "bea"})  # type: ignore[arg-type]
        ada, bea = stats.ratings_of_game(game_id)
    assert (ada.profile, bea.profile) == ("ada", "bea")
    assert ada.mu > MU and bea.mu > MU  # (bea's cash rating is new: her war rating is another game's)
    assert bea_before[0].game == "war" and bea.rated == 1


def test_a_draw_is_a_tie_and_moves_little() -> None:
    draw = Result(winners=[0, 1], reason="test")
    sides, ranks = places(draw, 2)
    assert ranks == [0, 0]
    # a newcomer tying a bot rated as they are hardly moves; winning moves them a lot
    from cardarcade.bots.anchors import rate

    [[tied], _] = rate([[Skill()], [Skill(MU, 60.0)]], ranks)
    [[won], _] = rate([[Skill()], [Skill(MU, 60.0)]], [0, 1])
    assert abs(tied.mu - MU) < 1 < won.mu - MU


def test_the_game_ranks_the_rest_and_names_its_losers() -> None:
    # four players: one winner, the others by score (two tied), one knocked out
    result = Result(winners=[2], scores=[5, 3, 9, 3], losers=[0], reason="test")
    assert places(result, 4)[1] == [2, 1, 0, 1]


def test_a_hinted_game_is_not_rated_and_says_so(open_stats) -> None:
    with open_stats() as stats:
        assert war_game(stats, "ada", "won", "hard", hinted=True) == []
        assert stats.current_ratings("ada") == []
        assert stats.db.execute("SELECT hinted FROM games").fetchall() == [(1,)]
        assert [s.played for s in stats.game_summaries("ada")] == [1]  # counted all the same
    setup, _ = person_war("won", "hard")
    assert unrated_because(setup, {0: "ada"}, hinted=True) == "hints were used"


def test_adaptive_bots_count_as_the_level_nearest_where_they_settled() -> None:
    from cardarcade.bots.anchors import settled_level

    assert [settled_level(m) for m in (0.2, 0.3, 0.4, 0.6, 2.0)] == ["expert", "hard", "medium", "easy", "easy"]
    war = GAMES["war"]  # (war's bots have no reactions, but the test's anchors are war's)
    adaptive = GameSetup.solo(war, 2, level="adaptive", seed=1)
    assert unrated_because(adaptive, {0: "ada"}, adaptive_as="hard") is None


def test_games_with_unsettled_adaptive_or_unmeasured_bots_are_not_rated() -> None:
    slapjack = GAMES["slapjack"]
    adaptive = GameSetup.solo(slapjack, 2, level="adaptive", seed=1)
    assert "adaptive" in (unrated_because(adaptive, {0: "ada"}) or "")  # (at a shared table: not rated)
    unmeasured = GameSetup.solo(slapjack, 2, level="easy", seed=1)  # (not among the test's anchors)
    assert "no measured rating" in (unrated_because(unmeasured, {0: "ada"}) or "")
    assert unrated_because(GameSetup.solo(GAMES["war"], 2, level="easy", seed=1), {0: "ada"}) is None


def test_a_rating_is_provisional_for_its_first_games(open_stats) -> None:
    with open_stats() as stats:
        moved = [war_game(stats, "ada", "won" if i % 2 else "lost", "medium")[0] for i in range(PROVISIONAL_GAMES + 1)]
    assert [r.provisional for r in moved] == [True] * PROVISIONAL_GAMES + [False]
    assert change_words(moved[0]).startswith("1,500 → ")
    assert change_words(moved[0]).endswith(f"(provisional: game 1 of the first {PROVISIONAL_GAMES})")
    assert "provisional" not in change_words(moved[-1])


def last_release_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A statistics file as the last release wrote it: schema 1, no ratings, a game in it."""
    with monkeypatch.context() as m:
        m.setattr(stats_module, "MIGRATIONS", stats_module.MIGRATIONS[:1])
        Stats(path).close()
    db = sqlite3.connect(path)
    with db:  # (the rows as that release wrote them)
        db.execute(
            "INSERT INTO games (id, game, finished_at, duration, seed, options, winners, reason)"
            " VALUES (1, 'war', 1.0, 60.0, '3', '{}', '[0]', 'test')"
        )
        db.execute(
            "INSERT INTO seats (game_id, seat, name, kind, level, profile, outcome)"
            " VALUES (1, 0, 'You', 'human', NULL, 'ada', 'won'), (1, 1, 'Bot 1', 'bot', 'hard', NULL, 'lost')"
        )
    assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
    assert not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'ratings'").fetchall()
    db.close()


def test_a_file_from_the_last_release_is_read_as_it_is_and_brought_up_to_date_by_the_arcade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "stats.sqlite3"
    last_release_file(path, monkeypatch)
    with Stats(path, read_only=True) as stats:  # cardarcade stats: reads it, changes nothing
        assert stats.current_ratings("ada") == [] and stats.rating_history("ada", "war") == []
        assert [s.played for s in stats.game_summaries("ada")] == [1]
    with Stats(path) as stats:  # the arcade: migrates it, keeps the game, rates the next ones
        assert [s.played for s in stats.game_summaries("ada")] == [1]
        [rating] = war_game(stats, "ada", "won", "hard")
        assert rating.rated == 1 and rating.mu > MU
        assert stats.db.execute("SELECT hinted FROM games ORDER BY id").fetchall() == [(0,), (0,)]


def test_two_windows_finishing_games_at_once_both_move_the_rating(backend) -> None:
    backend.stats().close()
    windows = [backend.stats(session=f"window {i}") for i in range(2)]
    start = threading.Barrier(2)
    errors: list[BaseException] = []

    def play(stats: StatsStore) -> None:
        try:
            start.wait()
            for outcome in ("won", "lost", "won", "won", "lost"):
                war_game(stats, "ada", outcome, "medium")
        except BaseException as exc:  # (reported below, not lost in the thread)
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(w,)) for w in windows]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for w in windows:
        w.close()
    assert errors == []
    with backend.stats() as stats:
        history = stats.rating_history("ada", "war")
    assert [r.rated for r in history] == list(range(1, 11))  # all ten, none lost or counted twice
    for earlier, later in zip(history, history[1:]):
        assert later.before == earlier.mu  # each went on from the one recorded before it


def test_a_damaged_anchors_file_rates_nothing_against_bots_and_fails_nothing(monkeypatch) -> None:
    monkeypatch.setattr(anchors_module.resources, "files", lambda package: (_ for _ in ()).throw(OSError("gone")))
    anchors_module.anchors.cache_clear()
    try:
        assert anchors_module.anchors().levels == {}
    finally:
        monkeypatch.undo()
        anchors_module.anchors.cache_clear()


def test_the_leaderboard_is_each_players_rating_now_highest_first(open_stats) -> None:
    with open_stats() as stats:
        for outcome in ("lost", "won", "won"):  # ada: her latest rating counts, once
            war_game(stats, "ada", outcome, "hard")
        war_game(stats, "bea", "won", "easy")
        war_game(stats, "cy", "lost", "easy")
        setup, game = person_war("won", "hard")
        stats.record_game(setup, game, 60.0, {0: "dee"}, hinted=True)  # not rated: not on the board
        board = stats.top_ratings("war", 10)
        assert [r.profile for r in board] == ["ada", "bea", "cy"]
        assert board[0] == stats.current_ratings("ada")[0] and board[0].rated == 3 and board[0].provisional
        assert [r.profile for r in stats.top_ratings("war", 2)] == ["ada", "bea"]
        assert stats.top_ratings("cash", 10) == []
