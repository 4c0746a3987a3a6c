"""`cardarcade stats`: the player's figures as text, JSON or CSV, from the real statistics file."""

from __future__ import annotations

import csv
import io
import json

import pytest
from records import record_war

from cardarcade.cli import main
from cardarcade.store.user import UserStore
from cardarcade.table.table import Reaction

T0 = 1_790_000_000.0  # 2026-09-21T14:13:20Z


@pytest.fixture
def recorded() -> UserStore:
    store = UserStore()
    with store.stats as stats:
        record_war(stats, "ada", "won", "easy", T0)
        record_war(stats, "ada", "lost", "hard", T0 + 60)
        stats.record_reactions("slapjack", "ada", [Reaction(0, 0.41, "slap_win", 1, "slap"),
                                                   Reaction(0, 0.2, "false_slap", 2, "slap")], at=T0)
    return store


def test_stats_prints_the_players_games_and_reaction_times(recorded, capsys) -> None:
    (recorded.config_dir).mkdir(parents=True, exist_ok=True)
    (recorded.config_dir / "settings.toml").write_text('profile = "ada"\n')
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Statistics for ada")
    war = next(line for line in out.splitlines() if line.startswith("War"))
    assert war.split() == ["War", "2", "1", "0", "1", "0", "1"]
    assert "Slapjack" in out and "0.415s" in out  # the one reaction time, the middle of its 10 ms bin
    assert max(len(line) for line in out.splitlines()) <= 80


def test_stats_json_and_csv_hold_the_same_records(recorded, capsys) -> None:
    assert main(["stats", "--profile", "ada", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert [(g["game"], g["played"], g["won"]) for g in figures["games"]] == [("war", 2, 1)]
    assert figures["reactions"]["slapjack"]["count"] == 1  # the false slap is a mistake, not a time
    assert main(["stats", "--profile", "ada", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert sorted(r["record"] for r in rows) == ["game", "game", "reaction", "reaction"]


def test_stats_for_someone_with_no_records_names_who_has_some(recorded, capsys) -> None:
    assert main(["stats", "--profile", "bea"]) == 0
    assert capsys.readouterr().out == "Nothing recorded for bea yet. Profiles with records: ada (--profile NAME).\n"


def test_stats_before_anything_was_played_creates_no_file(capsys) -> None:
    assert main(["stats", "--profile", "ada"]) == 0
    assert "No statistics yet" in capsys.readouterr().err
    assert not (UserStore().data_dir / "stats.sqlite3").exists()


def test_a_damaged_statistics_file_is_one_line_not_a_traceback(capsys) -> None:
    store = UserStore()
    store.data_dir.mkdir(parents=True)
    (store.data_dir / "stats.sqlite3").write_bytes(b"not a database at all" * 100)
    assert main(["stats"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cardarcade stats: ") and "is not a statistics file" in err and len(err.splitlines()) == 1
