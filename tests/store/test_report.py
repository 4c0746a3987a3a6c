"""The statistics as figures, text, JSON and CSV (what ``cardarcade stats`` prints and exports)."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest
from records import record_war

from cardarcade.rules import GAMES, Outcome
from cardarcade.seating import GameSetup, Reaction
from cardarcade.store import report
from cardarcade.store.stats import Stats, StatsError
from cardarcade.table.simulate import play_randomly

T0 = 1_790_000_000.0  # 2026-09-21T14:13:20Z


def slaps(*seconds: float) -> list[Reaction]:
    return [Reaction(0, s, "slap_win", 1, "slap") for s in seconds]


@pytest.fixture
def stats(tmp_path: Path):
    with Stats(tmp_path / "stats.sqlite3", session="s1") as stats:
        for t, (outcome, level) in enumerate([("won", "easy"), ("lost", "hard"), ("won", "hard"), ("won", "easy")]):
            record_war(stats, "ada", outcome, level, at=T0 + t)
        stats.record_reactions("slapjack", "ada", slaps(0.30, 0.40, 0.50, 0.60, 0.70), at=T0)
        false_slap = Reaction(0, 0.1, "false_slap", 0, "snap", outcome=Outcome.FAULT)
        stats.record_reactions("snap", "ada", [*slaps(0.25, 0.35), false_slap], at=T0)
        stats.session = "s2"
        stats.record_reactions("slapjack", "ada", slaps(0.20, 0.30, 0.40), at=T0 + 3600)
        yield stats


def test_figures_hold_the_games_and_the_reaction_times_per_game(stats: Stats) -> None:
    fig = report.figures(stats, "ada")
    [war] = fig["games"]
    assert (war["title"], war["played"], war["won"], war["drawn"], war["lost"]) == ("War", 4, 3, 0, 1)
    assert (war["streak"], war["best_streak"]) == (2, 2)
    assert war["against"] == {
        "easy": {"played": 2, "won": 2, "drawn": 0, "lost": 0},
        "hard": {"played": 2, "won": 1, "drawn": 0, "lost": 1},
    }
    reactions = fig["reactions"]
    assert list(reactions) == ["all", "slapjack", "snap"]  # menu order; the false slap is no time
    slapjack = reactions["slapjack"]
    assert (slapjack["count"], slapjack["fastest"]) == (8, 0.2)
    # 0.2 0.3 0.3 0.4 0.4 0.5 0.6 0.7: the median falls in the 0.40 bin, the p90 in the 0.70 one
    assert (slapjack["median"], slapjack["p90"]) == (0.405, 0.705)
    assert (reactions["all"]["count"], reactions["all"]["fastest"]) == (10, 0.2)
    assert [s["session"] for s in slapjack["trend"]] == ["s1", "s2"]
    assert slapjack["trend"][1] == {
        "session": "s2",
        "started": "2026-09-21T15:13:20Z",
        "count": 3,
        "median": 0.305,
        "fastest": 0.2,
    }
    assert json.loads(report.to_json(fig)) == fig


def test_no_records_give_empty_figures_and_say_so_in_text(stats: Stats) -> None:
    fig = report.figures(stats, "nobody")
    assert fig == {"profile": "nobody", "games": [], "reactions": {}}
    text = report.to_text(fig)
    assert "No games recorded yet." in text and "No reaction times recorded yet." in text


def test_text_shows_the_same_figures_within_80_columns(stats: Stats) -> None:
    text = report.to_text(report.figures(stats, "ada"))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0] == "Statistics for ada"
    assert any(line.split() == ["War", "4", "3", "0", "1", "2", "2", "0"] for line in lines)
    assert any(line.split() == ["against", "hard", "2", "1", "0", "1"] for line in lines)
    assert any(line.split() == ["Slapjack", "8", "0.405s", "0.705s", "0.200s"] for line in lines)
    assert any(line.startswith("2026-09-21 15:13") and line.split()[2:] == ["3", "0.305s", "0.200s"] for line in lines)


def test_csv_has_a_row_per_game_and_per_reaction_mistakes_marked(stats: Stats) -> None:
    rows = list(csv.DictReader(io.StringIO(report.to_csv(stats, "ada"))))
    games = [r for r in rows if r["record"] == "game"]
    reactions = [r for r in rows if r["record"] == "reaction"]
    assert len(games) == 4 and len(reactions) == 11
    assert [g["outcome"] for g in games] == ["won", "lost", "won", "won"]
    assert games[1]["bots"] == "hard" and games[1]["players"] == "2" and games[1]["seconds"] == "90.0"
    mistake = next(r for r in reactions if r["outcome"] == "false_slap")
    assert (mistake["mistake"], mistake["claim"], mistake["game"]) == ("1", "snap", "snap")
    assert [r["time"] for r in rows] == sorted(r["time"] for r in rows)
    assert rows[-1]["session"] == "s2" and rows[-1]["time"] == "2026-09-21T15:13:20Z"


def test_csv_cells_a_spreadsheet_would_run_are_quoted(tmp_path: Path) -> None:
    evil = '=HYPERLINK("http://x","a,b")'
    with Stats(tmp_path / "s.db", session="-1+1") as stats:
        record_war(stats, evil, "won", "easy", at=T0)
        stats.record_reactions("@snap", evil, slaps(0.3), at=T0)
        text = report.to_csv(stats, evil)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["profile"] for r in rows] == ["'" + evil] * 2
    assert rows[1]["game"] == "'@snap" and rows[1]["session"] == "'-1+1"
    assert rows[1]["seconds"] == "0.3"  # numbers stay numbers
    assert all(not cell.startswith(("=", "+", "-", "@")) for r in rows for cell in r.values())


def test_a_read_that_fails_is_one_stats_error(stats: Stats) -> None:
    stats.db.close()  # as good as a file that broke after it was opened
    for read in (lambda: report.figures(stats, "ada"), lambda: report.to_csv(stats, "ada")):
        with pytest.raises(StatsError, match="the statistics file cannot be read"):
            read()


def test_games_follow_the_menu_and_bot_levels_go_from_easiest(tmp_path: Path) -> None:
    with Stats(tmp_path / "s.db") as stats:
        for t, level in enumerate(["hard", "medium", "easy"]):
            record_war(stats, "ada", "won", level, at=T0 + t)
        setup = GameSetup.solo(GAMES["go-fish"], seed=1)
        game = setup.new_game()
        play_randomly(game, random.Random(1))
        stats.record_game(setup, game, 60.0, {0: "ada"}, finished_at=T0 + 10)
        games = report.figures(stats, "ada")["games"]
    assert [g["game"] for g in games] == ["war", "go-fish"]  # the menu's order, not the alphabet's
    assert list(games[0]["against"]) == ["easy", "medium", "hard"]


def test_text_csv_and_json_say_how_many_games_were_hinted(tmp_path: Path) -> None:
    with Stats(tmp_path / "stats.sqlite3", session="s1") as stats:
        for t, hinted in enumerate([False, True, True]):
            record_war(stats, "ada", "won", "easy", at=T0 + t, hinted=hinted)
        fig = report.figures(stats, "ada")
        text = report.to_text(fig)
        rows = list(csv.DictReader(io.StringIO(report.to_csv(stats, "ada"))))
    [war] = json.loads(report.to_json(fig))["games"]
    assert (war["played"], war["hinted"]) == (3, 2)
    lines = text.splitlines()
    assert lines[2].split()[-1] == "Hinted" and max(map(len, lines)) <= 80
    assert any(line.split() == ["War", "3", "3", "0", "0", "3", "3", "2"] for line in lines)
    assert any("not rated" in line for line in lines)
    assert [r["hinted"] for r in rows] == ["0", "1", "1"]


def test_text_says_nothing_of_hints_when_none_were_asked(stats: Stats) -> None:
    assert "coach" not in report.to_text(report.figures(stats, "ada"))
